//! `lamsa backup --to DIR` and `lamsa restore --from DIR` (issue 16).
//!
//! A backup is a folder: `lamsa.db` (SQLite only: a consistent copy made with `VACUUM INTO`
//! while the server goes on writing), `uploads/` (media, avatars), `jwt-secret` when the server
//! generated one, and `lamsa-backup.json`, which says what is there. The database is copied
//! first and the files after it, so every file the copied rows name is in the backup (stored
//! files are never changed in place; a file added meanwhile is only extra). On PostgreSQL the
//! database is `pg_dump`'s job (README); `lamsa backup` copies the files beside it.
//!
//! A restore goes into an empty data directory only, and never over a database that exists.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};

use crate::{
    configuration::Settings,
    db::{self, Backend},
};

const MANIFEST: &str = "lamsa-backup.json";
const DATABASE_FILE: &str = "lamsa.db";
const SECRET_FILE: &str = "jwt-secret";

#[derive(Debug, Serialize, Deserialize)]
pub struct Manifest {
    pub format: u32,
    /// RFC 3339.
    pub created_at: String,
    /// `sqlite` or `postgres`.
    pub backend: String,
    /// The SQLite copy's file name in the backup; `None` on PostgreSQL (use pg_dump).
    pub database: Option<String>,
    /// The newest migration the copied database has.
    pub migration: Option<i64>,
    /// Files copied from `uploads/`, and their bytes.
    pub files: u64,
    pub bytes: u64,
    /// True when the generated JWT secret was copied (when `LAMSA_JWT_SECRET` is set it lives in
    /// the environment, not in the data directory, and is not copied).
    pub jwt_secret: bool,
}

/// Makes a backup of the running (or stopped) installation in `to`, which must be empty or
/// not exist.
pub async fn backup(settings: &Settings, to: &Path) -> anyhow::Result<Manifest> {
    if to.exists() && !is_empty_dir(to)? {
        bail!("{} is not empty: a backup goes into a new or empty folder", to.display());
    }
    std::fs::create_dir_all(to).with_context(|| format!("cannot create {}", to.display()))?;
    let backend = Backend::of(&settings.database_url)?;
    let pool = db::connect(&settings.database_url).await?;
    let migration = latest_migration(&pool).await;
    let database = match backend {
        Backend::Sqlite => {
            let target = to.join(DATABASE_FILE);
            let target = target.to_str().context("the backup folder's path is not UTF-8")?.to_string();
            // One read transaction of the live database: writers go on, the copy is the
            // database as of its start, already compacted and without a WAL.
            sqlx::query("VACUUM INTO $1")
                .bind(&target)
                .execute(&pool)
                .await
                .context("cannot copy the SQLite database (VACUUM INTO)")?;
            Some(DATABASE_FILE.to_string())
        }
        Backend::Postgres => None,
    };
    pool.close().await;
    let (files, bytes) = copy_tree(&settings.uploads_dir(), &to.join("uploads"))?;
    let secret = settings.data_dir.join(SECRET_FILE);
    let jwt_secret = settings.jwt_secret.is_none() && secret.is_file();
    if jwt_secret {
        copy_private(&secret, &to.join(SECRET_FILE))?;
    }
    let manifest = Manifest {
        format: 1,
        created_at: db::iso(db::now_ms()),
        backend: match backend {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
        .to_string(),
        database,
        migration,
        files,
        bytes,
        jwt_secret,
    };
    std::fs::write(to.join(MANIFEST), serde_json::to_vec_pretty(&manifest)?)
        .with_context(|| format!("cannot write {}", to.join(MANIFEST).display()))?;
    Ok(manifest)
}

/// Restores a backup into the configured data directory, which must be empty (or not exist),
/// and, on SQLite, into the configured database file, which must not exist.
pub async fn restore(settings: &Settings, from: &Path) -> anyhow::Result<Manifest> {
    let manifest: Manifest = serde_json::from_slice(
        &std::fs::read(from.join(MANIFEST))
            .with_context(|| format!("{} is not a Lamsa backup (no {MANIFEST})", from.display()))?,
    )
    .with_context(|| format!("{MANIFEST} cannot be read"))?;
    if manifest.format != 1 {
        bail!("this backup's format ({}) is newer than this lamsa understands", manifest.format);
    }
    let data = &settings.data_dir;
    if data.exists() && !is_empty_dir(data)? {
        bail!(
            "the data directory {} is not empty: restore into an empty one (LAMSA_DATA_DIR), never over a live installation",
            data.display()
        );
    }
    let backend = Backend::of(&settings.database_url)?;
    let db_file = match backend {
        Backend::Sqlite => Some(sqlite_file(&settings.database_url)?),
        Backend::Postgres => None,
    };
    match (&manifest.database, &db_file) {
        (Some(_), None) => bail!("this is a SQLite backup, but DATABASE_URL names PostgreSQL"),
        (None, Some(_)) => bail!(
            "this backup holds no database (it was made on PostgreSQL: restore the database with pg_restore, \
             see the README); DATABASE_URL names SQLite"
        ),
        (Some(_), Some(file)) if file.exists() => {
            bail!("the database file {} exists: restore never writes over a database", file.display())
        }
        _ => {}
    }
    std::fs::create_dir_all(data).with_context(|| format!("cannot create {}", data.display()))?;
    if let (Some(name), Some(file)) = (&manifest.database, &db_file) {
        if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::copy(from.join(name), file)
            .with_context(|| format!("cannot copy the database to {}", file.display()))?;
        let pool = db::connect(&settings.database_url).await?;
        let (check,): (String,) = sqlx::query_as("PRAGMA integrity_check").fetch_one(&pool).await?;
        pool.close().await;
        if check != "ok" {
            bail!("the restored database fails SQLite's integrity check: {check}");
        }
    }
    copy_tree(&from.join("uploads"), &settings.uploads_dir())?;
    if manifest.jwt_secret {
        copy_private(&from.join(SECRET_FILE), &data.join(SECRET_FILE))?;
    }
    Ok(manifest)
}

/// The file a `sqlite:` URL names.
fn sqlite_file(url: &str) -> anyhow::Result<PathBuf> {
    use std::str::FromStr;
    let opts = sqlx::sqlite::SqliteConnectOptions::from_str(url).context("DATABASE_URL is not a valid SQLite URL")?;
    Ok(opts.get_filename().to_path_buf())
}

async fn latest_migration(pool: &db::Db) -> Option<i64> {
    sqlx::query_as::<_, (i64,)>("SELECT MAX(version) FROM _sqlx_migrations WHERE success = TRUE")
        .fetch_one(pool)
        .await
        .ok()
        .map(|(v,)| v)
}

fn is_empty_dir(dir: &Path) -> anyhow::Result<bool> {
    Ok(std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?.next().is_none())
}

/// Copies a folder's files (recursively), leaving out uploads still arriving (`.upload-*`).
/// Returns the number of files and bytes. A missing source is an empty folder.
fn copy_tree(from: &Path, to: &Path) -> anyhow::Result<(u64, u64)> {
    let (mut files, mut bytes) = (0, 0);
    if !from.is_dir() {
        return Ok((0, 0));
    }
    std::fs::create_dir_all(to).with_context(|| format!("cannot create {}", to.display()))?;
    for entry in std::fs::read_dir(from).with_context(|| format!("cannot read {}", from.display()))? {
        let entry = entry?;
        let name = entry.file_name();
        if name.to_string_lossy().starts_with(".upload-") {
            continue;
        }
        let kind = entry.file_type()?;
        if kind.is_dir() {
            let (f, b) = copy_tree(&entry.path(), &to.join(&name))?;
            files += f;
            bytes += b;
        } else if kind.is_file() {
            match std::fs::copy(entry.path(), to.join(&name)) {
                Ok(n) => {
                    files += 1;
                    bytes += n;
                }
                // Removed since the folder was listed (a replaced avatar): nothing to copy.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e).with_context(|| format!("cannot copy {}", entry.path().display())),
            }
        }
    }
    Ok((files, bytes))
}

/// Copies a secret, readable by its owner only.
fn copy_private(from: &Path, to: &Path) -> anyhow::Result<()> {
    std::fs::copy(from, to).with_context(|| format!("cannot copy {}", from.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o600))?;
    }
    Ok(())
}
