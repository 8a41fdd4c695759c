//! Messages visitors send through the contact form, and the supervisors' replies.

use sqlx::{Any, Executor};

use super::Page;
use crate::db::{now_ms, Db};

#[derive(Clone, Debug, sqlx::FromRow, serde::Serialize)]
pub struct ContactRow {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub subject: String,
    pub message: String,
    pub lang: String,
    pub status: String,
    pub read_at: Option<i64>,
    pub created_at: i64,
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ReplyRow {
    pub id: i64,
    pub message_id: i64,
    pub author_id: Option<i64>,
    pub author_name: Option<String>,
    pub text: String,
    pub created_at: i64,
}

const SELECT: &str =
    "SELECT id, name, email, subject, message, lang, status, read_at, created_at FROM contact_messages";

pub struct NewContact<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub subject: &'a str,
    pub message: &'a str,
    pub lang: &'a str,
}

pub async fn insert<'e, E: Executor<'e, Database = Any>>(ex: E, c: NewContact<'_>) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO contact_messages (name, email, subject, message, lang, status, created_at) \
         VALUES ($1, $2, $3, $4, $5, 'new', $6) RETURNING id",
    )
    .bind(c.name)
    .bind(c.email)
    .bind(c.subject)
    .bind(c.message)
    .bind(c.lang)
    .bind(now_ms())
    .fetch_one(ex)
    .await?;
    Ok(id)
}

pub async fn by_id<'e, E: Executor<'e, Database = Any>>(ex: E, id: i64) -> Result<Option<ContactRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE id = $1")).bind(id).fetch_optional(ex).await
}

pub async fn replies<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    message_ids: &[i64],
) -> Result<Vec<ReplyRow>, sqlx::Error> {
    if message_ids.is_empty() {
        return Ok(vec![]);
    }
    // Ids from our own rows: integers, safe inline.
    let list = message_ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    sqlx::query_as(&format!(
        "SELECT r.id, r.message_id, r.author_id, u.name AS author_name, r.text, r.created_at FROM contact_replies r \
         LEFT JOIN users u ON u.id = r.author_id WHERE r.message_id IN ({list}) ORDER BY r.created_at, r.id"
    ))
    .fetch_all(ex)
    .await
}

pub async fn page(db: &Db, status: Option<&str>, limit: i64, offset: i64) -> Result<Page<ContactRow>, sqlx::Error> {
    let mut w = super::Filter::default();
    if let Some(s) = status {
        w.and("status = ?", [super::Arg::Text(s.to_string())]);
    }
    let (total,): (i64,) =
        w.bind(sqlx::query_as(&format!("SELECT COUNT(*) FROM contact_messages{}", w.sql()))).fetch_one(db).await?;
    let n = w.next();
    let items = w
        .bind(sqlx::query_as(&format!(
            "{SELECT}{} ORDER BY created_at DESC, id DESC LIMIT ${n} OFFSET ${}",
            w.sql(),
            n + 1
        )))
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?;
    Ok(Page { items, total })
}

/// Unread messages that are not archived.
pub async fn unread_count<'e, E: Executor<'e, Database = Any>>(ex: E) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM contact_messages WHERE read_at IS NULL AND status <> 'archived'")
            .fetch_one(ex)
            .await?;
    Ok(n)
}

pub async fn set_state<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    id: i64,
    status: &str,
    read: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE contact_messages SET status = $2, \
         read_at = CASE WHEN $3 = 0 THEN NULL ELSE COALESCE(read_at, $4) END WHERE id = $1",
    )
    .bind(id)
    .bind(status)
    .bind(read as i64)
    .bind(now_ms())
    .execute(ex)
    .await?;
    Ok(())
}

pub async fn insert_reply<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    message_id: i64,
    author: i64,
    text: &str,
) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO contact_replies (message_id, author_id, text, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(message_id)
    .bind(author)
    .bind(text)
    .bind(now_ms())
    .fetch_one(ex)
    .await?;
    Ok(id)
}
