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
                    sqlite_pragmas(conn).await?;
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

/// Settings every SQLite connection needs (they are per connection).
async fn sqlite_pragmas(conn: &mut sqlx::AnyConnection) -> Result<(), sqlx::Error> {
    // With WAL, NORMAL stays consistent after a crash and only risks the last moments before a
    // power loss; FULL costs an fsync per commit.
    sqlx::query("PRAGMA synchronous=NORMAL").execute(&mut *conn).await?;
    sqlx::query("PRAGMA busy_timeout=10000").execute(&mut *conn).await?;
    // A server checkpoints in its own task (`start_checkpoints`); this is only a backstop.
    sqlx::query("PRAGMA wal_autocheckpoint=10000").execute(&mut *conn).await?;
    Ok(())
}

/// SQLite checkpoints, off the commit path.
///
/// WAL mode appends each commit to the `-wal` file; a checkpoint copies those pages back into
/// the database and syncs both files. SQLite runs one inside the commit that crosses 1,000
/// pages, so every few hundred milliseconds under load one commit (and every request waiting
/// for it) took 16–33 ms longer (measured in the server, and in a bare SQLite test on this
/// disk: commit p99 21 ms). Here a task on a connection of its own copies the pages while
/// writers go on, and only the last few pages are copied while holding the writers' turn, so
/// the next writer starts the WAL over from its beginning and it stays small (bare test: commit
/// p99 2.3 ms, locked phase 3–5 ms, WAL 9 MB at most).
///
/// Connections keep a backstop of 10,000 pages for processes without this task (the CLI).
pub fn start_checkpoints(db: &std::sync::Arc<Db>) {
    if !is_sqlite(db) {
        return;
    }
    let app_db = std::sync::Arc::downgrade(db);
    let mut own = OwnConnection::new(db, "lamsa-checkpoints");
    actix_web::rt::spawn(async move {
        let mut pause = CHECKPOINT_EVERY;
        let mut last_wal_pages = -1;
        // Ends with the app: tests start many apps in one process.
        while app_db.strong_count() > 0 {
            tokio::time::sleep(pause).await;
            let wal_pages = match checkpoint(&mut own).await {
                Ok(pages) => pages,
                Err(e) => {
                    tracing::warn!(error = %e, "checkpoint failed");
                    continue;
                }
            };
            pause = next_pause(pause, wal_pages != last_wal_pages);
            last_wal_pages = wal_pages;
            if wal_pages >= RESTART_WAL_AT {
                // Whatever was appended since the copy above; then the WAL starts over.
                let _turn = SQLITE_WRITER.lock().await;
                if let Err(e) = checkpoint(&mut own).await {
                    tracing::warn!(error = %e, "checkpoint failed");
                }
            }
        }
        own.close().await;
    });
}

const CHECKPOINT_EVERY: Duration = Duration::from_millis(20);
/// The longest pause while nothing is written. A burst after it has appended at most a few
/// thousand pages by the next look, which the first copy takes without holding the writers.
const CHECKPOINT_IDLE_EVERY: Duration = Duration::from_millis(320);

/// Every 20 ms while the WAL changes; while it does not, twice as long each time up to 320 ms,
/// so an idle server (or one of the many test apps) is not woken 50 times a second.
fn next_pause(pause: Duration, wal_changed: bool) -> Duration {
    if wal_changed {
        CHECKPOINT_EVERY
    } else {
        (pause * 2).min(CHECKPOINT_IDLE_EVERY)
    }
}
/// WAL pages after which the writers pause for the end of a checkpoint (about 8 MB).
const RESTART_WAL_AT: i64 = 2_000;

/// Copies what the WAL holds into the database; answers the pages in the WAL.
async fn checkpoint(own: &mut OwnConnection) -> Result<i64, sqlx::Error> {
    let result = match own.get().await {
        Ok(conn) => sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)").fetch_one(conn).await,
        Err(e) => Err(e),
    };
    if let Err(e) = &result {
        own.check(e);
    }
    let (_busy, wal_pages, _copied): (i64, i64, i64) = result?;
    Ok(wal_pages)
}

/// A connection a busy task keeps for itself (the note writer, SQLite's checkpoints), opened
/// again after it fails.
///
/// It never waits for a pooled connection behind the reads of the very requests it is about to
/// answer (on SQLite that wait was 10–35 ms per batch in a burst), its statement cache stays
/// warm with the writer's statements, and it skips the pool's checks: sqlx pings a pooled
/// connection when it is taken (`test_before_acquire`) and again when it is given back, two
/// round trips per batch that cost the database as much CPU as a small statement (perf).
pub struct OwnConnection {
    options: sqlx::any::AnyConnectOptions,
    conn: Option<sqlx::AnyConnection>,
}

/// Prepared statements the writer's PostgreSQL connection keeps. It uses each of its six
/// statements in up to 16 sizes ([`crate::store::statement_size`]), about sqlx's default of
/// 100: with that default, a batch of a new size could push out one still in use.
const WRITER_STATEMENT_CACHE: usize = 1000;

impl OwnConnection {
    /// For the database `db` connects to; the connection opens on first use. On PostgreSQL it
    /// shows as `application_name` `name` (in `pg_stat_activity`).
    pub fn new(db: &Db, name: &str) -> OwnConnection {
        let mut options = (*db.connect_options()).clone();
        if !is_sqlite(db) {
            options
                .database_url
                .query_pairs_mut()
                .append_pair("statement-cache-capacity", &WRITER_STATEMENT_CACHE.to_string())
                .append_pair("application_name", name);
        }
        OwnConnection { options, conn: None }
    }

    pub async fn get(&mut self) -> Result<&mut sqlx::AnyConnection, sqlx::Error> {
        use sqlx::Connection;
        if self.conn.is_none() {
            let mut conn = sqlx::AnyConnection::connect_with(&self.options).await?;
            if is_sqlite_connection(&conn) {
                sqlite_pragmas(&mut conn).await?;
            }
            self.conn = Some(conn);
        }
        Ok(self.conn.as_mut().expect("connected just above"))
    }

    /// Closes the connection, if open.
    pub async fn close(self) {
        if let Some(conn) = self.conn {
            use sqlx::Connection;
            let _ = conn.close().await;
        }
    }

    /// After a failure that may have broken the connection (anything but an error the database
    /// reported about a statement): the next use opens a new one.
    pub fn check(&mut self, error: &sqlx::Error) {
        if is_connection_error(error) || !matches!(error, sqlx::Error::Database(_) | sqlx::Error::RowNotFound) {
            self.conn = None;
        }
    }
}

/// Whether the connection itself failed, rather than a statement: the socket broke, or the
/// server ended the session (PostgreSQL's SQLSTATE classes 08, connection exception, and 57P,
/// operator intervention: `pg_terminate_backend`, a shutdown or restart, a failover). Such a
/// connection is of no further use, and work that failed on it can be tried on a new one.
pub fn is_connection_error(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(e) => e.code().is_some_and(|c| c.starts_with("08") || c.starts_with("57P")),
        sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::Protocol(_) | sqlx::Error::WorkerCrashed => true,
        _ => false,
    }
}

pub fn is_sqlite(db: &Db) -> bool {
    db.connect_options().database_url.scheme().starts_with("sqlite")
}

/// The same for one connection.
pub fn is_sqlite_connection(conn: &sqlx::AnyConnection) -> bool {
    conn.backend_name() == "SQLite"
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
    if is_sqlite(db) {
        let turn = SQLITE_WRITER.lock().await;
        Ok((db.begin_with("BEGIN IMMEDIATE").await?, WriteTurn(Some(turn))))
    } else {
        Ok((db.begin().await?, WriteTurn(None)))
    }
}

/// Begins a transaction that only reads, at one snapshot of the database: every query in it
/// sees the same committed state (SQLite in WAL mode from the first read; PostgreSQL at
/// REPEATABLE READ, since its default gives each statement its own snapshot).
pub async fn begin_read(db: &Db) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
    if is_sqlite(db) {
        db.begin().await
    } else {
        db.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY").await
    }
}

/// [`begin_write`] on a connection of the caller's own.
pub async fn begin_write_on(
    conn: &mut sqlx::AnyConnection,
) -> Result<(sqlx::Transaction<'_, sqlx::Any>, WriteTurn), sqlx::Error> {
    use sqlx::Connection;
    if is_sqlite_connection(conn) {
        let turn = SQLITE_WRITER.lock().await;
        Ok((conn.begin_with("BEGIN IMMEDIATE").await?, WriteTurn(Some(turn))))
    } else {
        Ok((conn.begin().await?, WriteTurn(None)))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoints_back_off_while_nothing_is_written_and_return_at_once() {
        let mut pause = CHECKPOINT_EVERY;
        let mut idle = Vec::new();
        for _ in 0..6 {
            pause = next_pause(pause, false);
            idle.push(pause.as_millis());
        }
        assert_eq!(idle, [40, 80, 160, 320, 320, 320]);
        assert_eq!(next_pause(pause, true), CHECKPOINT_EVERY);
    }

    /// Without the checkpoint task the WAL would hold all 19 MB written here (the commit-time
    /// backstop is 10,000 pages, 40 MB); with it, it starts over at about 8 MB.
    #[actix_web::test]
    async fn checkpoints_keep_the_wal_small_without_stopping_writers() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        let db = std::sync::Arc::new(connect(&format!("sqlite://{}", path.display())).await.unwrap());
        sqlx::query("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)").execute(&*db).await.unwrap();
        start_checkpoints(&db);
        let text = "x".repeat(3000);
        for _ in 0..64 {
            let (mut tx, _turn) = begin_write(&db).await.unwrap();
            for _ in 0..100 {
                sqlx::query("INSERT INTO t (v) VALUES ($1)").bind(&text).execute(&mut *tx).await.unwrap();
            }
            tx.commit().await.unwrap();
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let (rows,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM t").fetch_one(&*db).await.unwrap();
        assert_eq!(rows, 6400);
        let wal = std::fs::metadata(dir.path().join("t.db-wal")).unwrap().len();
        assert!(wal < 12_000_000, "the WAL grew to {wal} bytes");
    }
}
