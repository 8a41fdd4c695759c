//! News items in two languages.

use sqlx::{any::AnyArguments, query::Query, Any, Executor, Row};

use super::Page;
use crate::{
    db::{now_ms, Db},
    domain::news::NewsContent,
};

#[derive(Clone, Debug, sqlx::FromRow, serde::Serialize)]
pub struct NewsRow {
    pub id: i64,
    pub slug: String,
    pub title_ar: String,
    pub title_en: String,
    pub body_md_ar: String,
    pub body_md_en: String,
    pub image_media_id: Option<i64>,
    pub image_alt_ar: Option<String>,
    pub image_alt_en: Option<String>,
    pub link: Option<String>,
    pub state: String,
    pub publish_at: Option<i64>,
    pub author_id: Option<i64>,
    pub author_name: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

const SELECT: &str = "SELECT n.id, n.slug, n.title_ar, n.title_en, n.body_md_ar, n.body_md_en, n.image_media_id, \
     n.image_alt_ar, n.image_alt_en, n.link, n.state, n.publish_at, n.author_id, u.name AS author_name, \
     n.created_at, n.updated_at FROM news n LEFT JOIN users u ON u.id = n.author_id";

/// Public: published, or scheduled with its time passed.
const PUBLIC: &str = "n.state <> 'draft' AND n.publish_at <= $1";

/// Binds an item's content to `$1`…`$10`: slug, titles, bodies, image and its alt texts, link
/// and state, in the order of [`CONTENT`].
fn bind_content<'q>(q: Query<'q, Any, AnyArguments<'q>>, c: &'q NewsContent) -> Query<'q, Any, AnyArguments<'q>> {
    q.bind(&c.slug)
        .bind(&c.title_ar)
        .bind(&c.title_en)
        .bind(&c.body_md_ar)
        .bind(&c.body_md_en)
        .bind(c.image.as_ref().map(|i| i.media_id))
        .bind(c.image.as_ref().map(|i| i.alt_ar.as_str()))
        .bind(c.image.as_ref().map(|i| i.alt_en.as_str()))
        .bind(&c.link)
        .bind(c.state.as_str())
}

/// The content columns [`bind_content`] binds.
const CONTENT: &str =
    "slug, title_ar, title_en, body_md_ar, body_md_en, image_media_id, image_alt_ar, image_alt_en, link, state";

pub async fn insert<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    author: i64,
    c: &NewsContent,
) -> Result<i64, sqlx::Error> {
    let now = now_ms();
    let sql = format!(
        "INSERT INTO news ({CONTENT}, publish_at, author_id, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING id"
    );
    let row = bind_content(sqlx::query(&sql), c).bind(c.publish_at(now)).bind(author).bind(now).fetch_one(ex).await?;
    row.try_get(0)
}

/// Keeps the first publication time of an item published again after an edit.
pub async fn update<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    id: i64,
    c: &NewsContent,
    publish_at: Option<i64>,
) -> Result<bool, sqlx::Error> {
    let done = bind_content(
        sqlx::query(
            "UPDATE news SET slug = $1, title_ar = $2, title_en = $3, body_md_ar = $4, body_md_en = $5, \
             image_media_id = $6, image_alt_ar = $7, image_alt_en = $8, link = $9, state = $10, publish_at = $11, \
             updated_at = $12 WHERE id = $13",
        ),
        c,
    )
    .bind(publish_at)
    .bind(now_ms())
    .bind(id)
    .execute(ex)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn delete<'e, E: Executor<'e, Database = Any>>(ex: E, id: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM news WHERE id = $1").bind(id).execute(ex).await?.rows_affected() == 1)
}

pub async fn by_id<'e, E: Executor<'e, Database = Any>>(ex: E, id: i64) -> Result<Option<NewsRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE n.id = $1")).bind(id).fetch_optional(ex).await
}

pub async fn public_by_slug(db: &Db, slug: &str) -> Result<Option<NewsRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE {PUBLIC} AND n.slug = $2"))
        .bind(now_ms())
        .bind(slug)
        .fetch_optional(db)
        .await
}

/// Public items, newest first.
pub async fn public_page(db: &Db, limit: i64, offset: i64) -> Result<Page<NewsRow>, sqlx::Error> {
    let now = now_ms();
    let (total,): (i64,) =
        sqlx::query_as(&format!("SELECT COUNT(*) FROM news n WHERE {PUBLIC}")).bind(now).fetch_one(db).await?;
    let items =
        sqlx::query_as(&format!("{SELECT} WHERE {PUBLIC} ORDER BY n.publish_at DESC, n.id DESC LIMIT $2 OFFSET $3"))
            .bind(now)
            .bind(limit)
            .bind(offset)
            .fetch_all(db)
            .await?;
    Ok(Page { items, total })
}

/// Every item (of one state), the latest edited first.
pub async fn admin_page(db: &Db, state: Option<&str>, limit: i64, offset: i64) -> Result<Page<NewsRow>, sqlx::Error> {
    let (total,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM news WHERE ($1 IS NULL OR state = $1)").bind(state).fetch_one(db).await?;
    let items = sqlx::query_as(&format!(
        "{SELECT} WHERE ($1 IS NULL OR n.state = $1) ORDER BY n.updated_at DESC, n.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(state)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok(Page { items, total })
}
