use sqlx::{Any, Executor};

use crate::{
    db::{now_ms, Db},
    domain::media::MediaKind,
};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct MediaRow {
    pub id: i64,
    pub owner_id: i64,
    pub kind: String,
    pub name: String,
    pub stored: String,
    pub content_type: String,
    pub size: i64,
}

impl MediaRow {
    pub fn kind(&self) -> MediaKind {
        MediaKind::parse(&self.kind).unwrap_or(MediaKind::Document)
    }
}

pub struct NewMedia<'a> {
    pub owner: i64,
    pub kind: MediaKind,
    pub name: &'a str,
    pub stored: &'a str,
    pub content_type: &'a str,
    pub size: i64,
}

pub async fn insert(db: &Db, m: &NewMedia<'_>) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO media (owner_id, kind, name, stored, content_type, size, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(m.owner)
    .bind(m.kind.as_str())
    .bind(m.name)
    .bind(m.stored)
    .bind(m.content_type)
    .bind(m.size)
    .bind(now_ms())
    .fetch_one(db)
    .await?;
    Ok(id)
}

const COLS: &str = "id, owner_id, kind, name, stored, content_type, size";

pub async fn by_id<'e, E: Executor<'e, Database = Any>>(ex: E, id: i64) -> Result<Option<MediaRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLS} FROM media WHERE id = $1")).bind(id).fetch_optional(ex).await
}

/// The files among `ids` (one query), for checking that a course only uses its instructor's
/// own uploads and for describing a lesson's files.
pub async fn many(db: &Db, ids: &[i64]) -> Result<Vec<MediaRow>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(vec![]);
    }
    let sql = format!("SELECT {COLS} FROM media WHERE id IN ({})", crate::store::placeholders(ids.len()));
    let mut query = sqlx::query_as(&sql);
    for id in ids {
        query = query.bind(*id);
    }
    query.fetch_all(db).await
}
