//! E-mail waiting to be sent through SMTP (`mail_outbox`): stored by the request that wrote it,
//! claimed, sent and marked by `email::deliver` on any instance.

use crate::db::{self, now_ms, Db};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct OutboxRow {
    pub id: i64,
    pub sender: String,
    pub recipient: String,
    pub message: String,
    pub attempts: i64,
    pub next_attempt_at: i64,
}

/// Stores a message, due at once. Returns its id. One statement on the pool, outside the
/// SQLite writers' turn: the caller may still hold its own turn (`contact::submit` does until
/// it returns), and a turn is not taken twice.
pub async fn insert(db: &Db, sender: &str, recipient: &str, message: &str) -> Result<i64, sqlx::Error> {
    let now = now_ms();
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO mail_outbox (sender, recipient, message, attempts, next_attempt_at, created_at) \
         VALUES ($1, $2, $3, 0, $4, $4) RETURNING id",
    )
    .bind(sender)
    .bind(recipient)
    .bind(message)
    .bind(now)
    .fetch_one(db)
    .await?;
    Ok(id)
}

/// Messages due by `now`, oldest first.
pub async fn due(db: &Db, now: i64, limit: i64) -> Result<Vec<OutboxRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, sender, recipient, message, attempts, next_attempt_at FROM mail_outbox \
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1 ORDER BY next_attempt_at, id LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// When the next unsent message is due, if there is one.
pub async fn next_due(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    let (next,): (Option<i64>,) =
        sqlx::query_as("SELECT MIN(next_attempt_at) FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL")
            .fetch_one(db)
            .await?;
    Ok(next)
}

/// Takes a message for `until` (ms): true when this caller has it, false when another
/// instance took it first.
pub async fn claim(db: &Db, row: &OutboxRow, until: i64) -> Result<bool, sqlx::Error> {
    let (mut tx, _turn) = db::begin_write(db).await?;
    let done = sqlx::query(
        "UPDATE mail_outbox SET next_attempt_at = $1 WHERE id = $2 AND next_attempt_at = $3 \
         AND sent_at IS NULL AND failed_at IS NULL",
    )
    .bind(until)
    .bind(row.id)
    .bind(row.next_attempt_at)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(done.rows_affected() == 1)
}

pub async fn mark_sent(db: &Db, id: i64, attempts: i64) -> Result<(), sqlx::Error> {
    let (mut tx, _turn) = db::begin_write(db).await?;
    sqlx::query("UPDATE mail_outbox SET sent_at = $1, attempts = $2, last_error = NULL WHERE id = $3")
        .bind(now_ms())
        .bind(attempts)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

/// A failed attempt: tried again at `next`, or given up when `next` is `None`.
pub async fn mark_failed(db: &Db, id: i64, attempts: i64, next: Option<i64>, error: &str) -> Result<(), sqlx::Error> {
    let (mut tx, _turn) = db::begin_write(db).await?;
    let now = now_ms();
    sqlx::query(
        "UPDATE mail_outbox SET attempts = $1, last_error = $2, next_attempt_at = $3, failed_at = $4 WHERE id = $5",
    )
    .bind(attempts)
    .bind(error)
    .bind(next.unwrap_or(now))
    .bind(if next.is_none() { Some(now) } else { None })
    .bind(id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// Forgets sent messages older than `before`.
pub async fn purge_sent(db: &Db, before: i64) -> Result<u64, sqlx::Error> {
    let (mut tx, _turn) = db::begin_write(db).await?;
    let done = sqlx::query("DELETE FROM mail_outbox WHERE sent_at IS NOT NULL AND sent_at < $1")
        .bind(before)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(done.rows_affected())
}

/// (waiting, sent, given up) counts, for the operator.
pub async fn counts(db: &Db) -> Result<(i64, i64, i64), sqlx::Error> {
    sqlx::query_as(
        "SELECT \
           COALESCE(SUM(CASE WHEN sent_at IS NULL AND failed_at IS NULL THEN 1 ELSE 0 END), 0), \
           COALESCE(SUM(CASE WHEN sent_at IS NOT NULL THEN 1 ELSE 0 END), 0), \
           COALESCE(SUM(CASE WHEN failed_at IS NOT NULL THEN 1 ELSE 0 END), 0) \
         FROM mail_outbox",
    )
    .fetch_one(db)
    .await
}
