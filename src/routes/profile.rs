//! The signed-in user's profile (spec §3) and avatar.

use actix_web::{http::header::CONTENT_LENGTH, web, HttpRequest};
use futures_util::StreamExt;
use serde::{Deserialize, Deserializer, Serialize};
use tokio::io::AsyncWriteExt;
use utoipa::ToSchema;

use crate::{
    auth::AuthUser,
    db::{iso, today},
    domain::{BirthDate, Gender, PersonName, ProfileText, UserType, VisionType},
    error::ApiError,
    extract::ApiJson,
    i18n::Msg,
    startup::AppState,
    store::{
        self,
        users::{ProfileFields, UserRow},
    },
};

/// Largest upload the platform accepts (spec §9).
pub use crate::domain::media::MAX_UPLOAD_BYTES;

#[derive(Serialize, ToSchema)]
pub struct ProfileResponse {
    pub id: i64,
    pub name: String,
    pub email: String,
    #[serde(rename = "type")]
    pub user_type: UserType,
    /// URL of the avatar image, or null.
    pub avatar: Option<String>,
    pub phone: Option<String>,
    pub gender: Option<Gender>,
    pub country: Option<String>,
    pub job_title: Option<String>,
    pub vision_type: Option<VisionType>,
    /// `YYYY-MM-DD`.
    pub birth_date: Option<String>,
    /// Whole years, from the date of birth.
    pub age: Option<i64>,
    pub bio: Option<String>,
    pub education_type: Option<String>,
    pub level: Option<String>,
    /// RFC 3339.
    pub created_at: String,
}

pub fn avatar_url(file: &str) -> String {
    format!("/media/avatars/{file}")
}

fn profile_of(u: &UserRow) -> ProfileResponse {
    let birth = u.birth_date.as_deref().and_then(|d| BirthDate::parse(d, today()).ok());
    ProfileResponse {
        id: u.id,
        name: u.name.clone(),
        email: u.email.clone(),
        user_type: u.user_type(),
        avatar: u.avatar.as_deref().map(avatar_url),
        phone: u.phone.clone(),
        gender: match u.gender.as_deref() {
            Some("male") => Some(Gender::Male),
            Some("female") => Some(Gender::Female),
            _ => None,
        },
        country: u.country.clone(),
        job_title: u.job_title.clone(),
        vision_type: match u.vision_type.as_deref() {
            Some("blind") => Some(VisionType::Blind),
            Some("low_vision") => Some(VisionType::LowVision),
            Some("sighted") => Some(VisionType::Sighted),
            _ => None,
        },
        birth_date: birth.map(BirthDate::to_iso),
        age: birth.map(|b| b.age_on(today())),
        bio: u.bio.clone(),
        education_type: u.education_type.clone(),
        level: u.level.clone(),
        created_at: iso(u.created_at),
    }
}

/// The optional profile fields as sent by a client, before parsing.
#[derive(Default)]
pub struct ProfileInput {
    pub phone: Option<String>,
    pub gender: Option<Gender>,
    pub country: Option<String>,
    pub job_title: Option<String>,
    pub vision_type: Option<VisionType>,
    pub birth_date: Option<String>,
    pub bio: Option<String>,
    pub education_type: Option<String>,
    pub level: Option<String>,
}

impl ProfileInput {
    pub fn parse(self) -> Result<ProfileFields, ApiError> {
        let phone = ProfileText::parse(self.phone.as_deref(), "phone", 30)?;
        if let Some(p) = &phone {
            let ok = p.chars().all(|c| c.is_ascii_digit() || "+-() ".contains(c) || ('٠'..='٩').contains(&c))
                && p.chars().filter(|c| c.is_numeric()).count() >= 5;
            if !ok {
                return Err(ApiError::field_invalid("phone"));
            }
        }
        let birth_date = match self.birth_date.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(d) => Some(BirthDate::parse(d, today())?.to_iso()),
            None => None,
        };
        Ok(ProfileFields {
            phone,
            gender: self.gender.map(|g| g.as_str().to_string()),
            country: ProfileText::parse(self.country.as_deref(), "country", 100)?,
            job_title: ProfileText::parse(self.job_title.as_deref(), "job_title", 100)?,
            vision_type: self.vision_type.map(|v| v.as_str().to_string()),
            birth_date,
            bio: ProfileText::parse(self.bio.as_deref(), "bio", 2000)?,
            education_type: ProfileText::parse(self.education_type.as_deref(), "education_type", 100)?,
            level: ProfileText::parse(self.level.as_deref(), "level", 100)?,
        })
    }
}

/// Absent: keep the stored value. `null`: clear it. A value: replace it.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

#[derive(Deserialize, ToSchema, Default)]
pub struct ProfilePatch {
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub name: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub phone: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<Gender>)]
    pub gender: Option<Option<Gender>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub country: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub job_title: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<VisionType>)]
    pub vision_type: Option<Option<VisionType>>,
    /// `YYYY-MM-DD`.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub birth_date: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub bio: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub education_type: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub level: Option<Option<String>>,
}

async fn current(state: &AppState, user: AuthUser) -> Result<UserRow, ApiError> {
    store::users::by_id(&state.db, user.id).await?.ok_or_else(ApiError::unauthorized)
}

/// The signed-in user's profile.
#[utoipa::path(get, path = "/api/profile", tag = "profile", security(("bearer" = [])),
    responses((status = 200, body = ProfileResponse), (status = 401, body = crate::error::ErrorBody)))]
pub async fn get_profile(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<ProfileResponse>, ApiError> {
    Ok(web::Json(profile_of(&current(&state, user).await?)))
}

/// Change some profile fields: absent fields keep their value, `null` clears one.
#[utoipa::path(patch, path = "/api/profile", tag = "profile", security(("bearer" = [])), request_body = ProfilePatch,
    responses((status = 200, body = ProfileResponse), (status = 400, body = crate::error::ErrorBody),
        (status = 401, body = crate::error::ErrorBody)))]
pub async fn update_profile(
    state: web::Data<AppState>,
    user: AuthUser,
    body: ApiJson<ProfilePatch>,
) -> Result<web::Json<ProfileResponse>, ApiError> {
    let p = body.0;
    let row = current(&state, user).await?;
    let name = match &p.name {
        Some(Some(n)) => PersonName::parse(n)?.as_str().to_string(),
        Some(None) => return Err(ApiError::field_required("name")),
        None => row.name.clone(),
    };
    let pick = |patch: Option<Option<String>>, stored: &Option<String>| patch.unwrap_or_else(|| stored.clone());
    let fields = ProfileInput {
        phone: pick(p.phone, &row.phone),
        gender: p.gender.unwrap_or_else(|| profile_of(&row).gender),
        country: pick(p.country, &row.country),
        job_title: pick(p.job_title, &row.job_title),
        vision_type: p.vision_type.unwrap_or_else(|| profile_of(&row).vision_type),
        birth_date: pick(p.birth_date, &row.birth_date),
        bio: pick(p.bio, &row.bio),
        education_type: pick(p.education_type, &row.education_type),
        level: pick(p.level, &row.level),
    }
    .parse()?;
    store::users::update_profile(&state.db, user.id, &name, &fields).await?;
    Ok(web::Json(profile_of(&current(&state, user).await?)))
}

/// Upload an avatar image (PNG, JPEG, GIF or WebP, at most 50 MB) as multipart field `avatar`.
/// A larger file is refused while it streams in, before it is stored whole.
#[utoipa::path(post, path = "/api/profile/avatar", tag = "profile", security(("bearer" = [])),
    request_body(content_type = "multipart/form-data", description = "field `avatar`: the image file"),
    responses((status = 200, body = ProfileResponse), (status = 413, body = crate::error::ErrorBody),
        (status = 415, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody)))]
pub async fn upload_avatar(
    state: web::Data<AppState>,
    user: AuthUser,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<web::Json<ProfileResponse>, ApiError> {
    let declared = req.headers().get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_UPLOAD_BYTES + 64 * 1024) {
        return Err(ApiError::file_too_large("avatar"));
    }
    let row = current(&state, user).await?;
    let dir = state.settings.uploads_dir().join("avatars");
    tokio::fs::create_dir_all(&dir).await.map_err(ApiError::internal)?;
    let mut multipart = actix_multipart::Multipart::new(req.headers(), payload);
    let malformed = || ApiError::bad_request("malformed_upload", Msg::UnexpectedSending).on_field("avatar");
    let mut stored: Option<String> = None;
    while let Some(field) = multipart.next().await {
        let mut field = field.map_err(|_| malformed())?;
        if field.name() != Some("avatar") || stored.is_some() {
            // Other fields are read and ignored.
            while let Some(chunk) = field.next().await {
                chunk.map_err(|_| malformed())?;
            }
            continue;
        }
        let tmp = dir.join(format!(".upload-{}", uuid::Uuid::new_v4().simple()));
        match receive_image(&mut field, &tmp).await {
            Ok(ext) => {
                let name = format!("{}.{ext}", uuid::Uuid::new_v4().simple());
                tokio::fs::rename(&tmp, dir.join(&name)).await.map_err(ApiError::internal)?;
                stored = Some(name);
            }
            Err(e) => {
                let _ = tokio::fs::remove_file(&tmp).await;
                return Err(e);
            }
        }
    }
    let name = stored.ok_or_else(|| ApiError::field_required("avatar"))?;
    if let Err(e) = store::users::set_avatar(&state.db, user.id, Some(&name)).await {
        let _ = tokio::fs::remove_file(dir.join(&name)).await;
        return Err(e.into());
    }
    remove_avatar_file(&state, row.avatar.as_deref()).await;
    Ok(web::Json(profile_of(&current(&state, user).await?)))
}

/// Streams one field into `tmp`, checking its kind from the first bytes and its size as it goes.
async fn receive_image(field: &mut actix_multipart::Field, tmp: &std::path::Path) -> Result<&'static str, ApiError> {
    let mut file = tokio::fs::File::create(tmp).await.map_err(ApiError::internal)?;
    let mut head: Vec<u8> = Vec::with_capacity(16);
    let mut ext = None;
    let mut size: u64 = 0;
    while let Some(chunk) = field.next().await {
        let chunk =
            chunk.map_err(|_| ApiError::bad_request("malformed_upload", Msg::UnexpectedSending).on_field("avatar"))?;
        size += chunk.len() as u64;
        if size > MAX_UPLOAD_BYTES {
            return Err(ApiError::file_too_large("avatar"));
        }
        if ext.is_none() {
            head.extend_from_slice(&chunk[..chunk.len().min(16 - head.len().min(16))]);
            if head.len() >= 12 {
                ext = Some(crate::domain::media::sniff_image(&head).map(|s| s.ext).ok_or_else(unsupported)?);
            }
        }
        file.write_all(&chunk).await.map_err(ApiError::internal)?;
    }
    file.flush().await.map_err(ApiError::internal)?;
    match ext {
        Some(ext) => Ok(ext),
        None => crate::domain::media::sniff_image(&head).map(|s| s.ext).ok_or_else(unsupported),
    }
}

fn unsupported() -> ApiError {
    ApiError::new(actix_web::http::StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_type", Msg::ImageOnly)
        .on_field("avatar")
}

async fn remove_avatar_file(state: &AppState, name: Option<&str>) {
    // Stored names are ours (uuid.ext); never follow anything else.
    if let Some(name) = name.filter(|n| !n.contains('/') && !n.contains("..")) {
        let _ = tokio::fs::remove_file(state.settings.uploads_dir().join("avatars").join(name)).await;
    }
}

/// Remove the avatar.
#[utoipa::path(delete, path = "/api/profile/avatar", tag = "profile", security(("bearer" = [])),
    responses((status = 200, body = ProfileResponse), (status = 401, body = crate::error::ErrorBody)))]
pub async fn remove_avatar(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<ProfileResponse>, ApiError> {
    let row = current(&state, user).await?;
    store::users::set_avatar(&state.db, user.id, None).await?;
    remove_avatar_file(&state, row.avatar.as_deref()).await;
    Ok(web::Json(profile_of(&current(&state, user).await?)))
}
