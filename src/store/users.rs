use sqlx::{any::AnyArguments, query::Query, Any, Executor, Row};

use crate::{
    auth::Standing,
    db::{now_ms, Db},
    domain::{ProfileFields, UserType},
};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct UserRow {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub password_hash: String,
    pub user_type: String,
    pub is_active: i64,
    #[sqlx(flatten)]
    pub profile: ProfileFields,
    pub avatar: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// When a supervisor deactivated the account; such an account cannot sign in.
    pub deactivated_at: Option<i64>,
    /// Advanced by every decision that ends the account's sessions (`auth::standing`).
    pub session_gen: i64,
}

impl UserRow {
    pub fn user_type(&self) -> UserType {
        UserType::parse(&self.user_type).unwrap_or(UserType::Student)
    }

    pub fn active(&self) -> bool {
        self.is_active != 0
    }

    pub fn deactivated(&self) -> bool {
        self.deactivated_at.is_some()
    }
}

const COLUMNS: &str = "id, email, name, password_hash, user_type, is_active, phone, gender, country, job_title, \
     vision_type, birth_date, bio, education_type, level, avatar, created_at, updated_at, deactivated_at, session_gen";

pub struct NewUser<'a> {
    pub email: &'a str,
    pub name: &'a str,
    pub password_hash: &'a str,
    pub user_type: UserType,
    pub active: bool,
    pub profile: ProfileFields,
}

/// Binds the profile fields to nine placeholders in a row, in the order of [`PROFILE`].
fn bind_profile<'q>(q: Query<'q, Any, AnyArguments<'q>>, p: &'q ProfileFields) -> Query<'q, Any, AnyArguments<'q>> {
    q.bind(&p.phone)
        .bind(&p.gender)
        .bind(&p.country)
        .bind(&p.job_title)
        .bind(&p.vision_type)
        .bind(&p.birth_date)
        .bind(&p.bio)
        .bind(&p.education_type)
        .bind(&p.level)
}

/// The profile columns [`bind_profile`] binds.
const PROFILE: &str = "phone, gender, country, job_title, vision_type, birth_date, bio, education_type, level";

pub async fn insert<'e, E: Executor<'e, Database = Any>>(ex: E, u: NewUser<'_>) -> Result<i64, sqlx::Error> {
    let now = now_ms();
    let sql = format!(
        "INSERT INTO users (email, name, password_hash, user_type, is_active, {PROFILE}, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15) RETURNING id"
    );
    let q = sqlx::query(&sql).bind(u.email).bind(u.name).bind(u.password_hash).bind(u.user_type.as_str());
    let row = bind_profile(q.bind(u.active as i64), &u.profile).bind(now).fetch_one(ex).await?;
    row.try_get(0)
}

pub async fn by_email(db: &Db, email: &str) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM users WHERE email = $1")).bind(email).fetch_optional(db).await
}

/// The id of the account with this (already normalised) address, inside a transaction.
pub async fn id_by_email<'e, E: Executor<'e, Database = Any>>(ex: E, email: &str) -> Result<Option<i64>, sqlx::Error> {
    let row: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM users WHERE email = $1").bind(email).fetch_optional(ex).await?;
    Ok(row.map(|(id,)| id))
}

pub async fn by_id(db: &Db, id: i64) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM users WHERE id = $1")).bind(id).fetch_optional(db).await
}

/// Who someone is, as a message shows them.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PersonRow {
    pub id: i64,
    pub name: String,
    pub user_type: String,
    pub is_active: i64,
}

impl PersonRow {
    pub fn user_type(&self) -> UserType {
        UserType::parse(&self.user_type).unwrap_or(UserType::Student)
    }

    pub fn active(&self) -> bool {
        self.is_active != 0
    }
}

/// The users with these ids that exist, in one query (of a [`statement_size`](crate::store::statement_size)).
pub async fn people<'e, E: Executor<'e, Database = Any>>(ex: E, ids: &[i64]) -> Result<Vec<PersonRow>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(vec![]);
    }
    let size = crate::store::statement_size(ids.len());
    let sql =
        format!("SELECT id, name, user_type, is_active FROM users WHERE id IN ({})", crate::store::placeholders(size));
    crate::store::bind_ids(sqlx::query_as(&sql), ids, size).fetch_all(ex).await
}

/// What the account may do now: its type, whether it is usable, its session generation.
pub async fn standing(db: &Db, id: i64) -> Result<Option<Standing>, sqlx::Error> {
    let row: Option<(String, i64, Option<i64>, i64)> =
        sqlx::query_as("SELECT user_type, is_active, deactivated_at, session_gen FROM users WHERE id = $1")
            .bind(id)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(typ, active, deactivated_at, gen)| Standing {
        typ: UserType::parse(&typ).unwrap_or(UserType::Student),
        usable: active != 0 && deactivated_at.is_none(),
        gen,
    }))
}

/// What a socket needs to know of its account: the latest event seq, and whether tokens of a
/// generation still hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SocketStanding {
    pub user_id: i64,
    pub notif_seq: i64,
    pub gen: i64,
    pub usable: bool,
}

impl SocketStanding {
    /// Could not be read: the session checks for events and keeps what it believes.
    pub fn unknown(user_id: i64) -> SocketStanding {
        SocketStanding { user_id, notif_seq: i64::MAX, gen: 0, usable: true }
    }
}

type SocketStandingRow = (i64, i64, i64, i64, Option<i64>);

fn socket_standing_of((user_id, notif_seq, gen, active, deactivated_at): SocketStandingRow) -> SocketStanding {
    SocketStanding { user_id, notif_seq, gen, usable: active != 0 && deactivated_at.is_none() }
}

const SOCKET_STANDING: &str = "SELECT id, notif_seq, session_gen, is_active, deactivated_at FROM users";

/// A socket's account, read fresh (never from an instance's memory) when the socket opens.
pub async fn socket_standing(db: &Db, id: i64) -> Result<Option<SocketStanding>, sqlx::Error> {
    let row: Option<SocketStandingRow> =
        sqlx::query_as(&format!("{SOCKET_STANDING} WHERE id = $1")).bind(id).fetch_optional(db).await?;
    Ok(row.map(socket_standing_of))
}

/// The sockets' accounts of these users, after the bus was away (one query for up to 500).
pub async fn socket_standings(db: &Db, ids: &[i64]) -> Result<Vec<SocketStanding>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(vec![]);
    }
    let size = crate::store::statement_size(ids.len());
    let sql = format!("{SOCKET_STANDING} WHERE id IN ({})", crate::store::placeholders(size));
    let rows: Vec<SocketStandingRow> = crate::store::bind_ids(sqlx::query_as(&sql), ids, size).fetch_all(db).await?;
    Ok(rows.into_iter().map(socket_standing_of).collect())
}

/// Whether a supervisor deactivated the account.
pub async fn is_deactivated<'e, E: Executor<'e, Database = Any>>(ex: E, id: i64) -> Result<bool, sqlx::Error> {
    let row: Option<(Option<i64>,)> =
        sqlx::query_as("SELECT deactivated_at FROM users WHERE id = $1").bind(id).fetch_optional(ex).await?;
    Ok(row.is_some_and(|(at,)| at.is_some()))
}

/// Ends every session of the account (issue 21): advances its session generation, so tokens
/// issued before are refused; returns the new generation.
pub async fn advance_session_gen<'e, E: Executor<'e, Database = Any>>(ex: E, id: i64) -> Result<i64, sqlx::Error> {
    let (gen,): (i64,) = sqlx::query_as(
        "UPDATE users SET session_gen = session_gen + 1, updated_at = $2 WHERE id = $1 RETURNING session_gen",
    )
    .bind(id)
    .bind(now_ms())
    .fetch_one(ex)
    .await?;
    Ok(gen)
}

pub async fn activate<'e, E: Executor<'e, Database = Any>>(ex: E, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET is_active = 1, updated_at = $2 WHERE id = $1")
        .bind(id)
        .bind(now_ms())
        .execute(ex)
        .await?;
    Ok(())
}

pub async fn set_password<'e, E: Executor<'e, Database = Any>>(ex: E, id: i64, hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1")
        .bind(id)
        .bind(hash)
        .bind(now_ms())
        .execute(ex)
        .await?;
    Ok(())
}

pub async fn update_profile(db: &Db, id: i64, name: &str, p: &ProfileFields) -> Result<(), sqlx::Error> {
    let q = sqlx::query(
        "UPDATE users SET name = $2, phone = $3, gender = $4, country = $5, job_title = $6, vision_type = $7, \
         birth_date = $8, bio = $9, education_type = $10, level = $11, updated_at = $12 WHERE id = $1",
    );
    bind_profile(q.bind(id).bind(name), p).bind(now_ms()).execute(db).await?;
    Ok(())
}

pub async fn set_avatar(db: &Db, id: i64, avatar: Option<&str>) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET avatar = $2, updated_at = $3 WHERE id = $1")
        .bind(id)
        .bind(avatar)
        .bind(now_ms())
        .execute(db)
        .await?;
    Ok(())
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct UserSummary {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub user_type: String,
    pub avatar: Option<String>,
}

/// Active accounts of one type whose name or e-mail contains `needle` (case-insensitive).
pub async fn search(db: &Db, user_type: UserType, needle: &str, limit: i64) -> Result<Vec<UserSummary>, sqlx::Error> {
    let pattern = super::contains_pattern(needle);
    sqlx::query_as(
        "SELECT id, name, email, user_type, avatar FROM users WHERE user_type = $1 AND is_active = 1 \
         AND (LOWER(name) LIKE $2 ESCAPE '\\' OR email LIKE $2 ESCAPE '\\') ORDER BY name LIMIT $3",
    )
    .bind(user_type.as_str())
    .bind(pattern)
    .bind(limit)
    .fetch_all(db)
    .await
}
