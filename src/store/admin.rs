//! The admin site's reads and account changes: users and courses with filters, sorting and
//! pages, and the overview's counts.

use sqlx::{Any, Executor};

use super::{contains_pattern, Arg, Filter, Page};
use crate::{
    db::{now_ms, Db},
    domain::UserType,
    store::courses::{CourseRow, COURSE_SELECT},
};

#[derive(Clone, Debug, sqlx::FromRow, serde::Serialize)]
pub struct AdminUserRow {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub user_type: String,
    pub is_active: i64,
    pub deactivated_at: Option<i64>,
    pub avatar: Option<String>,
    pub created_at: i64,
}

const USER_SELECT: &str = "SELECT id, name, email, user_type, is_active, deactivated_at, avatar, created_at FROM users";

#[derive(Clone, Debug, Default)]
pub struct UserFilter {
    pub q: Option<String>,
    pub user_type: Option<UserType>,
    /// Not deactivated by a supervisor.
    pub active: Option<bool>,
    /// E-mail confirmed.
    pub activated: Option<bool>,
    pub ids: Option<Vec<i64>>,
}

/// A sortable column and its direction; `ORDER BY` text from a closed list, never from input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UserSort {
    Name,
    Email,
    CreatedAt,
    Type,
}

fn user_filter(f: &UserFilter) -> Filter {
    let mut w = Filter::default();
    if let Some(q) = f.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        let p = contains_pattern(q);
        w.and(
            "(LOWER(name) LIKE ? ESCAPE '\\' OR LOWER(email) LIKE ? ESCAPE '\\')",
            [Arg::Text(p.clone()), Arg::Text(p)],
        );
    }
    if let Some(t) = f.user_type {
        w.and("user_type = ?", [Arg::Text(t.as_str().into())]);
    }
    match f.active {
        Some(true) => {
            w.and("deactivated_at IS NULL", []);
        }
        Some(false) => {
            w.and("deactivated_at IS NOT NULL", []);
        }
        None => {}
    }
    if let Some(a) = f.activated {
        w.and("is_active = ?", [Arg::Int(a as i64)]);
    }
    if let Some(ids) = &f.ids {
        // Integers parsed from the request: safe inline.
        let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        w.and(&format!("id IN ({})", if list.is_empty() { "NULL".into() } else { list }), []);
    }
    w
}

pub async fn users(
    db: &Db,
    f: &UserFilter,
    sort: (UserSort, bool),
    limit: Option<i64>,
    offset: i64,
) -> Result<Page<AdminUserRow>, sqlx::Error> {
    let w = user_filter(f);
    let (total,): (i64,) =
        w.bind(sqlx::query_as(&format!("SELECT COUNT(*) FROM users{}", w.sql()))).fetch_one(db).await?;
    let column = match sort.0 {
        UserSort::Name => "LOWER(name)",
        UserSort::Email => "email",
        UserSort::CreatedAt => "created_at",
        UserSort::Type => "user_type",
    };
    let dir = if sort.1 { "DESC" } else { "ASC" };
    let n = w.next();
    let sql = format!("{USER_SELECT}{} ORDER BY {column} {dir}, id {dir} LIMIT ${n} OFFSET ${}", w.sql(), n + 1);
    let items = w.bind(sqlx::query_as(&sql)).bind(limit.unwrap_or(i64::MAX)).bind(offset).fetch_all(db).await?;
    Ok(Page { items, total })
}

pub async fn user<'e, E: Executor<'e, Database = Any>>(ex: E, id: i64) -> Result<Option<AdminUserRow>, sqlx::Error> {
    sqlx::query_as(&format!("{USER_SELECT} WHERE id = $1")).bind(id).fetch_optional(ex).await
}

pub async fn set_deactivated<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    id: i64,
    deactivated: bool,
) -> Result<(), sqlx::Error> {
    let now = now_ms();
    sqlx::query("UPDATE users SET deactivated_at = $2, updated_at = $3 WHERE id = $1")
        .bind(id)
        .bind(deactivated.then_some(now))
        .bind(now)
        .execute(ex)
        .await?;
    Ok(())
}

pub async fn set_type<'e, E: Executor<'e, Database = Any>>(ex: E, id: i64, t: UserType) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET user_type = $2, updated_at = $3 WHERE id = $1")
        .bind(id)
        .bind(t.as_str())
        .bind(now_ms())
        .execute(ex)
        .await?;
    Ok(())
}

/// Supervisors who can sign in (activated, not deactivated). On PostgreSQL it locks their
/// rows, so two supervisors removing each other at once cannot both succeed.
pub async fn active_supervisor_ids<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    lock: bool,
) -> Result<Vec<i64>, sqlx::Error> {
    let sql = format!(
        "SELECT id FROM users WHERE user_type = 'supervisor' AND is_active = 1 AND deactivated_at IS NULL ORDER BY id{}",
        if lock { " FOR UPDATE" } else { "" }
    );
    let rows: Vec<(i64,)> = sqlx::query_as(&sql).fetch_all(ex).await?;
    Ok(rows.into_iter().map(|r| r.0).collect())
}

/// A course as a user's page lists it: taught or followed.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct UserCourseRow {
    pub id: i64,
    pub title: String,
    pub status: String,
    pub role: String,
    pub enrolled_count: i64,
}

pub async fn courses_of(db: &Db, user_id: i64) -> Result<Vec<UserCourseRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.id, c.title, c.status, 'instructor' AS role, \
         CAST((SELECT COUNT(*) FROM enrolments e WHERE e.course_id = c.id) AS BIGINT) AS enrolled_count \
         FROM courses c WHERE c.instructor_id = $1 AND c.revision_of IS NULL \
         UNION ALL \
         SELECT c.id, c.title, c.status, 'student' AS role, \
         CAST((SELECT COUNT(*) FROM enrolments e2 WHERE e2.course_id = c.id) AS BIGINT) AS enrolled_count \
         FROM courses c JOIN enrolments e ON e.course_id = c.id WHERE e.student_id = $1 \
         ORDER BY 2",
    )
    .bind(user_id)
    .fetch_all(db)
    .await
}

#[derive(Clone, Debug, Default)]
pub struct CourseFilter {
    pub q: Option<String>,
    pub status: Option<String>,
    pub instructor_id: Option<i64>,
}

pub async fn courses(db: &Db, f: &CourseFilter, limit: i64, offset: i64) -> Result<Page<CourseRow>, sqlx::Error> {
    let mut w = Filter::default();
    // A revision is a working copy, shown on its live course (issue 23).
    w.and("c.revision_of IS NULL", []);
    if let Some(q) = f.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        w.and("LOWER(c.title) LIKE ? ESCAPE '\\'", [Arg::Text(contains_pattern(q))]);
    }
    if let Some(s) = &f.status {
        w.and("c.status = ?", [Arg::Text(s.clone())]);
    }
    if let Some(i) = f.instructor_id {
        w.and("c.instructor_id = ?", [Arg::Int(i)]);
    }
    let (total,): (i64,) =
        w.bind(sqlx::query_as(&format!("SELECT COUNT(*) FROM courses c{}", w.sql()))).fetch_one(db).await?;
    let n = w.next();
    let sql = format!("{COURSE_SELECT}{} ORDER BY c.updated_at DESC, c.id DESC LIMIT ${n} OFFSET ${}", w.sql(), n + 1);
    let items = w.bind(sqlx::query_as(&sql)).bind(limit).bind(offset).fetch_all(db).await?;
    Ok(Page { items, total })
}

/// `(key, count)` rows of a `GROUP BY`.
pub async fn counts(db: &Db, sql: &str) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as(sql).fetch_all(db).await
}

/// Epoch-millisecond times of rows since `since` (sign-ups or enrolments), to bucket by week.
pub async fn times_since(db: &Db, sql: &str, since: i64) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> = sqlx::query_as(sql).bind(since).fetch_all(db).await?;
    Ok(rows.into_iter().map(|r| r.0).collect())
}
