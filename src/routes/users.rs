//! Finding an instructor or a student to contact (supervisors only). The query must start
//! with "@" (spec §5).

use actix_web::web;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    auth::AuthUser, domain::UserType, error::ApiError, i18n::Msg, routes::dto::avatar_url, services::profiles,
    state::AppState,
};

#[derive(Deserialize, IntoParams)]
pub struct SearchQuery {
    /// `instructor` or `student`.
    #[serde(rename = "type")]
    #[param(pattern = "^(instructor|student)$")]
    user_type: String,
    /// `@` followed by part of the name or e-mail.
    #[param(pattern = "^@[ \\t]*[^\\s\\x00-\\x1f\\x7f-\\x9f][^\\x00-\\x08\\x0a-\\x1f\\x7f-\\x9f]*$")]
    q: String,
}

#[derive(Serialize, ToSchema)]
pub struct UserHit {
    pub id: i64,
    pub name: String,
    pub email: String,
    #[serde(rename = "type")]
    pub user_type: UserType,
    #[schema(required)]
    pub avatar: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct SearchResult {
    pub users: Vec<UserHit>,
}

#[utoipa::path(get, path = "/api/users/search", tag = "notes", params(SearchQuery), security(("bearer" = [])),
    responses((status = 200, body = SearchResult), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn search(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<SearchQuery>,
) -> Result<web::Json<SearchResult>, ApiError> {
    user.require(UserType::Supervisor).map_err(|e| e.saying(Msg::SupervisorsOnly))?;
    let user_type = match query.user_type.as_str() {
        "instructor" => UserType::Instructor,
        "student" => UserType::Student,
        _ => return Err(ApiError::field_invalid("type")),
    };
    let needle = query.q.trim().strip_prefix('@').map(str::trim).filter(|n| !n.is_empty());
    let Some(needle) = needle else {
        return Err(ApiError::bad_request("search_needs_at", Msg::SearchNeedsAt).on_field("q"));
    };
    let hits = profiles::search_people(&state.db, user_type, needle).await?;
    Ok(web::Json(SearchResult {
        users: hits
            .into_iter()
            .map(|h| UserHit {
                id: h.id,
                name: h.name,
                email: h.email,
                user_type,
                avatar: h.avatar.as_deref().map(avatar_url),
            })
            .collect(),
    }))
}
