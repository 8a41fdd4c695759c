use sqlx::{Any, Executor};

use crate::{
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
    pub phone: Option<String>,
    pub gender: Option<String>,
    pub country: Option<String>,
    pub job_title: Option<String>,
    pub vision_type: Option<String>,
    pub birth_date: Option<String>,
    pub bio: Option<String>,
    pub education_type: Option<String>,
    pub level: Option<String>,
    pub avatar: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// When a supervisor deactivated the account; such an account cannot sign in.
    pub deactivated_at: Option<i64>,
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
     vision_type, birth_date, bio, education_type, level, avatar, created_at, updated_at, deactivated_at";

pub struct NewUser<'a> {
    pub email: &'a str,
    pub name: &'a str,
    pub password_hash: &'a str,
    pub user_type: UserType,
    pub active: bool,
    pub profile: ProfileFields,
}

pub async fn insert<'e, E: Executor<'e, Database = Any>>(ex: E, u: NewUser<'_>) -> Result<i64, sqlx::Error> {
    let now = now_ms();
    let p = u.profile;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO users (email, name, password_hash, user_type, is_active, phone, gender, country, job_title, \
         vision_type, birth_date, bio, education_type, level, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15) RETURNING id",
    )
    .bind(u.email)
    .bind(u.name)
    .bind(u.password_hash)
    .bind(u.user_type.as_str())
    .bind(u.active as i64)
    .bind(p.phone)
    .bind(p.gender)
    .bind(p.country)
    .bind(p.job_title)
    .bind(p.vision_type)
    .bind(p.birth_date)
    .bind(p.bio)
    .bind(p.education_type)
    .bind(p.level)
    .bind(now)
    .fetch_one(ex)
    .await?;
    Ok(id)
}

pub async fn by_email(db: &Db, email: &str) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM users WHERE email = $1")).bind(email).fetch_optional(db).await
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
    sqlx::query(
        "UPDATE users SET name = $2, phone = $3, gender = $4, country = $5, job_title = $6, vision_type = $7, \
         birth_date = $8, bio = $9, education_type = $10, level = $11, updated_at = $12 WHERE id = $1",
    )
    .bind(id)
    .bind(name)
    .bind(&p.phone)
    .bind(&p.gender)
    .bind(&p.country)
    .bind(&p.job_title)
    .bind(&p.vision_type)
    .bind(&p.birth_date)
    .bind(&p.bio)
    .bind(&p.education_type)
    .bind(&p.level)
    .bind(now_ms())
    .execute(db)
    .await?;
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
