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

pub async fn insert_refresh(db: &Db, user_id: i64, hash: &str, ttl_ms: i64) -> Result<(), sqlx::Error> {
    let now = now_ms();
    sqlx::query("INSERT INTO refresh_tokens (user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(user_id)
        .bind(hash)
        .bind(now)
        .bind(now + ttl_ms)
        .execute(db)
        .await?;
    Ok(())
}

/// The user a live (unexpired, unrevoked) refresh token belongs to.
pub async fn refresh_owner(db: &Db, hash: &str) -> Result<Option<i64>, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT user_id FROM refresh_tokens WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2",
    )
    .bind(hash)
    .bind(now_ms())
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| r.0))
}

pub async fn revoke_refresh(db: &Db, hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE refresh_tokens SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL")
        .bind(hash)
        .bind(now_ms())
        .execute(db)
        .await?;
    Ok(())
}

pub async fn revoke_all_refresh<'e, E: Executor<'e, Database = Any>>(ex: E, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL")
        .bind(user_id)
        .bind(now_ms())
        .execute(ex)
        .await?;
    Ok(())
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
