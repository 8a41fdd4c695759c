//! The signed-in user's profile (spec §3) and avatar.

use actix_web::{web, HttpRequest};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    auth::AuthUser,
    db::{iso, today},
    domain::{BirthDate, Gender, ProfilePatch, UserType, VisionType},
    error::ApiError,
    extract::{upload_field, ApiJson},
    i18n::Msg,
    routes::dto::avatar_url,
    services::profiles,
    state::AppState,
    store::users::UserRow,
};

#[derive(Serialize, ToSchema)]
pub struct ProfileResponse {
    pub id: i64,
    pub name: String,
    pub email: String,
    #[serde(rename = "type")]
    pub user_type: UserType,
    /// URL of the avatar image, or null.
    #[schema(required)]
    pub avatar: Option<String>,
    #[schema(required)]
    pub phone: Option<String>,
    #[schema(required)]
    pub gender: Option<Gender>,
    #[schema(required)]
    pub country: Option<String>,
    #[schema(required)]
    pub job_title: Option<String>,
    #[schema(required)]
    pub vision_type: Option<VisionType>,
    /// `YYYY-MM-DD`.
    #[schema(required)]
    pub birth_date: Option<String>,
    /// Whole years, from the date of birth.
    #[schema(required)]
    pub age: Option<i64>,
    #[schema(required)]
    pub bio: Option<String>,
    #[schema(required)]
    pub education_type: Option<String>,
    #[schema(required)]
    pub level: Option<String>,
    /// RFC 3339.
    pub created_at: String,
}

fn profile_of(u: &UserRow) -> ProfileResponse {
    let p = &u.profile;
    let birth = p.birth_date.as_deref().and_then(|d| BirthDate::parse(d, today()).ok());
    ProfileResponse {
        id: u.id,
        name: u.name.clone(),
        email: u.email.clone(),
        user_type: u.user_type(),
        avatar: u.avatar.as_deref().map(avatar_url),
        phone: p.phone.clone(),
        gender: p.gender.as_deref().and_then(Gender::parse),
        country: p.country.clone(),
        job_title: p.job_title.clone(),
        vision_type: p.vision_type.as_deref().and_then(VisionType::parse),
        birth_date: birth.map(BirthDate::to_iso),
        age: birth.map(|b| b.age_on(today())),
        bio: p.bio.clone(),
        education_type: p.education_type.clone(),
        level: p.level.clone(),
        created_at: iso(u.created_at),
    }
}

fn avatars_dir(state: &AppState) -> std::path::PathBuf {
    state.settings.uploads_dir().join("avatars")
}

/// The signed-in user's profile.
#[utoipa::path(get, path = "/api/profile", tag = "profile", security(("bearer" = [])),
    responses((status = 200, body = ProfileResponse), (status = 401, body = crate::error::ErrorBody)))]
pub async fn get_profile(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<ProfileResponse>, ApiError> {
    Ok(web::Json(profile_of(&profiles::current(&state.db, user).await?)))
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
    Ok(web::Json(profile_of(&profiles::update(&state.db, user, body.0, today()).await?)))
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
    // The account must be there before its upload is taken in.
    profiles::current(&state.db, user).await?;
    let dir = avatars_dir(&state);
    let judge = |head: &[u8], _: &str| crate::domain::media::sniff_image(head);
    let (received, _) = upload_field(&req, payload, "avatar", &dir, judge, unsupported).await?;
    let name = received.file;
    Ok(web::Json(profile_of(&profiles::replace_avatar(&state.db, &dir, user, Some(name)).await?)))
}

fn unsupported() -> ApiError {
    ApiError::new(actix_web::http::StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_type", Msg::ImageOnly)
        .on_field("avatar")
}

/// Remove the avatar.
#[utoipa::path(delete, path = "/api/profile/avatar", tag = "profile", security(("bearer" = [])),
    responses((status = 200, body = ProfileResponse), (status = 401, body = crate::error::ErrorBody)))]
pub async fn remove_avatar(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<ProfileResponse>, ApiError> {
    Ok(web::Json(profile_of(&profiles::replace_avatar(&state.db, &avatars_dir(&state), user, None).await?)))
}
