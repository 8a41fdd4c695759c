//! Refresh tokens and single-use e-mail tokens. Only SHA-256 hashes are stored, so a copy of
//! the database does not hand out sessions or reset links.

use sqlx::{Any, Executor};

use crate::db::{now_ms, Db};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmailPurpose {
    Activate,
    Reset,
}

impl EmailPurpose {
    fn as_str(self) -> &'static str {
        match self {
            EmailPurpose::Activate => "activate",
            EmailPurpose::Reset => "reset",
        }
    }
}

/// A new signed-in device: stores the refresh token's hash and returns the device's id (the
/// `sid` its access tokens carry).
pub async fn insert_refresh<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    user_id: i64,
    hash: &str,
    ttl_ms: i64,
    user_agent: Option<&str>,
) -> Result<i64, sqlx::Error> {
    let now = now_ms();
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO refresh_tokens (user_id, token_hash, created_at, expires_at, last_used_at, user_agent) \
         VALUES ($1, $2, $3, $4, $3, $5) RETURNING id",
    )
    .bind(user_id)
    .bind(hash)
    .bind(now)
    .bind(now + ttl_ms)
    .bind(user_agent)
    .fetch_one(ex)
    .await?;
    Ok(id)
}

/// The device and account of a live (unexpired, unrevoked) refresh token, read with the
/// account in one statement, so a token revoked by a commit cannot be paired with the
/// generation that commit made.
#[derive(Debug, sqlx::FromRow)]
pub struct RefreshOwner {
    pub sid: i64,
    pub user_id: i64,
    pub user_type: String,
    pub is_active: i64,
    pub deactivated_at: Option<i64>,
    pub session_gen: i64,
}

pub async fn refresh_owner(db: &Db, hash: &str) -> Result<Option<RefreshOwner>, sqlx::Error> {
    sqlx::query_as(
        "SELECT r.id AS sid, u.id AS user_id, u.user_type, u.is_active, u.deactivated_at, u.session_gen \
         FROM refresh_tokens r JOIN users u ON u.id = r.user_id \
         WHERE r.token_hash = $1 AND r.revoked_at IS NULL AND r.expires_at > $2",
    )
    .bind(hash)
    .bind(now_ms())
    .fetch_optional(db)
    .await
}

/// Notes that a device used its refresh token (the device list shows it).
pub async fn touch_refresh(db: &Db, sid: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE refresh_tokens SET last_used_at = $2 WHERE id = $1")
        .bind(sid)
        .bind(now_ms())
        .execute(db)
        .await?;
    Ok(())
}

pub async fn revoke_refresh(db: &Db, hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE refresh_tokens SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL")
        .bind(hash)
        .bind(now_ms())
        .execute(db)
        .await?;
    Ok(())
}

/// Signs out every device of the account, but `keep` when given.
pub async fn revoke_all_refresh<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    user_id: i64,
    keep: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND id <> $3")
        .bind(user_id)
        .bind(now_ms())
        .bind(keep.unwrap_or(0))
        .execute(ex)
        .await?;
    Ok(())
}

/// Gives a live device of the account a new refresh token (after a password change the old
/// one must not work anywhere); false when the device is signed out or not the account's.
pub async fn rotate_refresh<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    user_id: i64,
    sid: i64,
    hash: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE refresh_tokens SET token_hash = $3, last_used_at = $4 \
         WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > $4",
    )
    .bind(sid)
    .bind(user_id)
    .bind(hash)
    .bind(now_ms())
    .execute(ex)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A signed-in device of an account.
#[derive(Debug, sqlx::FromRow)]
pub struct DeviceRow {
    pub id: i64,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
    pub user_agent: Option<String>,
}

/// The account's signed-in devices, the most recently used first.
pub async fn devices(db: &Db, user_id: i64) -> Result<Vec<DeviceRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, created_at, last_used_at, user_agent FROM refresh_tokens \
         WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 \
         ORDER BY COALESCE(last_used_at, created_at) DESC, id DESC LIMIT 100",
    )
    .bind(user_id)
    .bind(now_ms())
    .fetch_all(db)
    .await
}

pub async fn insert_email_token(
    db: &Db,
    user_id: i64,
    purpose: EmailPurpose,
    hash: &str,
    ttl_ms: i64,
) -> Result<(), sqlx::Error> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO email_tokens (user_id, purpose, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(user_id)
    .bind(purpose.as_str())
    .bind(hash)
    .bind(now)
    .bind(now + ttl_ms)
    .execute(db)
    .await?;
    Ok(())
}

/// Marks a live e-mail token used and returns its user; `None` when it is unknown, expired,
/// already used or meant for something else. The update is the check, so two concurrent
/// uses cannot both succeed.
pub async fn consume_email_token<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    purpose: EmailPurpose,
    hash: &str,
) -> Result<Option<i64>, sqlx::Error> {
    let now = now_ms();
    let row: Option<(i64,)> = sqlx::query_as(
        "UPDATE email_tokens SET used_at = $3 WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL \
         AND expires_at > $3 RETURNING user_id",
    )
    .bind(hash)
    .bind(purpose.as_str())
    .bind(now)
    .fetch_optional(ex)
    .await?;
    Ok(row.map(|r| r.0))
}
