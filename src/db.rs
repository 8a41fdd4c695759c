//! One connection pool for SQLite or PostgreSQL through sqlx's `Any` driver, so the same
//! SQL (`$1` placeholders, INTEGER times and flags) serves both.

use std::{str::FromStr, sync::Once, time::Duration};

use anyhow::Context;
use sqlx::{any::AnyPoolOptions, AnyPool};

pub type Db = AnyPool;

static SQLITE: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn of(url: &str) -> anyhow::Result<Backend> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Ok(Backend::Postgres)
        } else {
            anyhow::bail!("DATABASE_URL must start with sqlite: or postgres:")
        }
    }
}

/// Connects, creating the SQLite file (and its folder) when missing.
pub async fn connect(url: &str) -> anyhow::Result<Db> {
    static DRIVERS: Once = Once::new();
    DRIVERS.call_once(sqlx::any::install_default_drivers);

    let backend = Backend::of(url)?;
    let url = match backend {
        Backend::Sqlite => {
            let opts =
                sqlx::sqlite::SqliteConnectOptions::from_str(url).context("DATABASE_URL is not a valid SQLite URL")?;
            if let Some(dir) = opts.get_filename().parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
            }
            if url.contains('?') {
                url.to_string()
            } else {
                format!("{url}?mode=rwc")
            }
        }
        Backend::Postgres => url.to_string(),
    };
    let sqlite = backend == Backend::Sqlite;
    let pool = AnyPoolOptions::new()
        .max_connections(if sqlite { 8 } else { 16 })
        .acquire_timeout(Duration::from_secs(10))
        // A SQLite connection is a local file that cannot drop; pinging it before every use
        // only cost a round trip to its worker thread. A PostgreSQL one can (a restart).
        .test_before_acquire(!sqlite)
        .after_connect(move |conn, _| {
            Box::pin(async move {
                if sqlite {
                    // With WAL, NORMAL stays consistent after a crash and only risks the last
                    // moments before a power loss; FULL costs an fsync per commit.
                    sqlx::query("PRAGMA synchronous=NORMAL").execute(&mut *conn).await?;
                    sqlx::query("PRAGMA busy_timeout=10000").execute(&mut *conn).await?;
                }
                Ok(())
            })
        })
        .connect(&url)
        .await
        .context("cannot connect to the database")?;
    if backend == Backend::Sqlite {
        // WAL lets readers go on while one connection writes; it is stored in the file.
        sqlx::query("PRAGMA journal_mode=WAL").execute(&pool).await?;
    }
    Ok(pool)
}

/// The right to write to SQLite, held until dropped (after commit or rollback).
pub struct WriteTurn(#[allow(dead_code)] Option<tokio::sync::MutexGuard<'static, ()>>);

/// SQLite has one writer at a time. Writers queue here, in order and without sleeping, rather
/// than in SQLite's busy handler, which polls with growing sleeps and, under load, spent more
/// time waiting than writing. (One lock for every SQLite database in the process: a server
/// has one; tests with several only write a little slower.)
static SQLITE_WRITER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Begins a transaction that will write. Keep the turn alive until the transaction ends:
/// `let (mut tx, _turn) = begin_write(db).await?;`. On SQLite it also takes the write lock at
/// once (`BEGIN IMMEDIATE`), so it never fails half-way with "database is locked".
pub async fn begin_write(db: &Db) -> Result<(sqlx::Transaction<'static, sqlx::Any>, WriteTurn), sqlx::Error> {
    if db.connect_options().database_url.scheme().starts_with("sqlite") {
        let turn = SQLITE_WRITER.lock().await;
        Ok((db.begin_with("BEGIN IMMEDIATE").await?, WriteTurn(Some(turn))))
    } else {
        Ok((db.begin().await?, WriteTurn(None)))
    }
}

pub async fn migrate(db: &Db, url: &str) -> anyhow::Result<()> {
    let migrator = match Backend::of(url)? {
        Backend::Sqlite => &SQLITE,
        Backend::Postgres => &POSTGRES,
    };
    migrator.run(db).await.context("database migration failed")?;
    Ok(())
}

/// Milliseconds since the Unix epoch: how every time is stored.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// Today's date in UTC as (year, month, day).
pub fn today() -> (i32, u8, u8) {
    let now = time::OffsetDateTime::now_utc();
    (now.year(), now.month() as u8, now.day())
}

/// RFC 3339 text of an epoch-millisecond time, for API responses.
pub fn iso(ms: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp_nanos(ms as i128 * 1_000_000)
        .ok()
        .and_then(|t| t.format(&time::format_description::well_known::Rfc3339).ok())
        .unwrap_or_default()
}
