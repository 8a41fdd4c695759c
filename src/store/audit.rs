//! The audit log: one row per admin action or supervisor decision, written by the service in
//! the transaction of the change it records.

use sqlx::{Any, Executor};

use super::{Arg, Filter, Page};
use crate::db::{now_ms, Db};

/// What one audit row says.
pub struct NewAudit<'a> {
    pub actor_id: i64,
    pub action: &'a str,
    pub record_kind: &'a str,
    pub record_id: String,
    pub before: Option<serde_json::Value>,
    pub after: Option<serde_json::Value>,
}

pub async fn insert<'e, E: Executor<'e, Database = Any>>(ex: E, a: NewAudit<'_>) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO audit_log (actor_id, at, action, record_kind, record_id, before_json, after_json) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(a.actor_id)
    .bind(now_ms())
    .bind(a.action)
    .bind(a.record_kind)
    .bind(a.record_id)
    .bind(a.before.map(|v| v.to_string()))
    .bind(a.after.map(|v| v.to_string()))
    .fetch_one(ex)
    .await?;
    Ok(id)
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct AuditRow {
    pub id: i64,
    pub at: i64,
    pub actor_id: Option<i64>,
    pub actor_name: Option<String>,
    pub action: String,
    pub record_kind: String,
    pub record_id: String,
    pub before_json: Option<String>,
    pub after_json: Option<String>,
}

const SELECT: &str = "SELECT a.id, a.at, a.actor_id, u.name AS actor_name, a.action, a.record_kind, a.record_id, \
     a.before_json, a.after_json FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id";

/// Filters of the audit list; times are epoch milliseconds, `to` exclusive.
#[derive(Default, Clone, Debug)]
pub struct AuditFilter {
    pub actor: Option<i64>,
    pub action: Option<String>,
    pub from: Option<i64>,
    pub to: Option<i64>,
}

fn filter(f: &AuditFilter) -> Filter {
    let mut w = Filter::default();
    if let Some(a) = f.actor {
        w.and("a.actor_id = ?", [Arg::Int(a)]);
    }
    if let Some(a) = &f.action {
        w.and("a.action = ?", [Arg::Text(a.clone())]);
    }
    if let Some(t) = f.from {
        w.and("a.at >= ?", [Arg::Int(t)]);
    }
    if let Some(t) = f.to {
        w.and("a.at < ?", [Arg::Int(t)]);
    }
    w
}

/// Newest first; `limit` None means every row (the CSV export).
pub async fn list(db: &Db, f: &AuditFilter, limit: Option<i64>, offset: i64) -> Result<Page<AuditRow>, sqlx::Error> {
    let w = filter(f);
    let (total,): (i64,) =
        w.bind(sqlx::query_as(&format!("SELECT COUNT(*) FROM audit_log a{}", w.sql()))).fetch_one(db).await?;
    let n = w.next();
    let sql = format!("{SELECT}{} ORDER BY a.at DESC, a.id DESC LIMIT ${n} OFFSET ${}", w.sql(), n + 1);
    let items = w.bind(sqlx::query_as(&sql)).bind(limit.unwrap_or(i64::MAX)).bind(offset).fetch_all(db).await?;
    Ok(Page { items, total })
}

/// The latest rows a user took part in: as the actor, or as the record.
pub async fn about_user(db: &Db, user_id: i64, limit: i64) -> Result<Vec<AuditRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SELECT} WHERE a.actor_id = $1 OR (a.record_kind = 'user' AND a.record_id = $2) \
         ORDER BY a.at DESC, a.id DESC LIMIT $3"
    ))
    .bind(user_id)
    .bind(user_id.to_string())
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Several rows in one statement (the note writer's batches), padded to a
/// [`statement_size`](crate::store::statement_size) with rows that are skipped.
pub async fn insert_many(conn: &mut sqlx::AnyConnection, rows: &[NewAudit<'_>]) -> Result<(), sqlx::Error> {
    if rows.is_empty() {
        return Ok(());
    }
    let size = crate::store::statement_size(rows.len());
    let sql = format!(
        "INSERT INTO audit_log (actor_id, at, action, record_kind, record_id, after_json) \
         SELECT column1, column2, column3, column4, column5, column6 FROM {} WHERE column1 IS NOT NULL",
        crate::store::values_table(size, 6)
    );
    let at = now_ms();
    let mut q = sqlx::query(&sql);
    for r in rows {
        q = q
            .bind(Some(r.actor_id))
            .bind(at)
            .bind(r.action)
            .bind(r.record_kind)
            .bind(r.record_id.clone())
            .bind(r.after.as_ref().map(|v| v.to_string()));
    }
    for _ in rows.len()..size {
        q = q
            .bind(None::<i64>)
            .bind(None::<i64>)
            .bind(None::<String>)
            .bind(None::<String>)
            .bind(None::<String>)
            .bind(None::<String>);
    }
    q.execute(conn).await?;
    Ok(())
}
