//! The notification centre's REST side: list, count unread, mark read. The same events
//! arrive live on `/api/ws`.

use actix_web::web;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{auth::AuthUser, db::iso, error::ApiError, extract::ApiJson, services::notifications, state::AppState};

#[derive(Deserialize, IntoParams)]
pub struct ListQuery {
    /// Only events after this notification id (0: the latest ones, newest first).
    #[serde(default)]
    #[param(minimum = 0)]
    after: i64,
    /// At most this many (1–200, default 50).
    #[param(minimum = 1, maximum = 200)]
    limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct NotificationItem {
    pub id: i64,
    pub kind: String,
    /// The event's fields, by kind (an open object).
    #[schema(value_type = std::collections::HashMap<String, Value>)]
    pub payload: serde_json::Value,
    pub created_at: String,
    pub read: bool,
}

#[derive(Serialize, ToSchema)]
pub struct NotificationList {
    pub items: Vec<NotificationItem>,
    pub unread: i64,
}

#[derive(Serialize, ToSchema)]
pub struct CountResponse {
    pub count: i64,
}

#[derive(Deserialize, ToSchema)]
pub struct MarkReadRequest {
    /// Marks every event up to and including this id read.
    pub up_to: i64,
}

/// The signed-in user's events.
#[utoipa::path(get, path = "/api/notifications", tag = "notifications", params(ListQuery), security(("bearer" = [])),
    responses((status = 200, body = NotificationList), (status = 401, body = crate::error::ErrorBody)))]
pub async fn list(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<ListQuery>,
) -> Result<web::Json<NotificationList>, ApiError> {
    let limit = crate::routes::dto::limit(query.limit, 50, 200)?;
    if query.after < 0 {
        return Err(ApiError::field_invalid("after"));
    }
    let (rows, unread) = notifications::list(&state.db, user, query.after, limit).await?;
    let items = rows
        .into_iter()
        .map(|r| NotificationItem {
            id: r.id,
            kind: r.kind,
            payload: serde_json::from_str(&r.payload).unwrap_or_default(),
            created_at: iso(r.created_at),
            read: r.read_at.is_some(),
        })
        .collect();
    Ok(web::Json(NotificationList { items, unread }))
}

/// How many of the signed-in user's events are unread.
#[utoipa::path(get, path = "/api/notifications/unread-count", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = CountResponse), (status = 401, body = crate::error::ErrorBody)))]
pub async fn unread_count(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<CountResponse>, ApiError> {
    Ok(web::Json(CountResponse { count: notifications::unread_count(&state.db, user).await? }))
}

/// Mark events read up to an id; answers the unread count left.
#[utoipa::path(post, path = "/api/notifications/read", tag = "notifications", request_body = MarkReadRequest,
    security(("bearer" = [])), responses((status = 200, body = CountResponse), (status = 401, body = crate::error::ErrorBody)))]
pub async fn mark_read(
    state: web::Data<AppState>,
    user: AuthUser,
    body: ApiJson<MarkReadRequest>,
) -> Result<web::Json<CountResponse>, ApiError> {
    Ok(web::Json(CountResponse { count: notifications::mark_read(&state.db, user, body.0.up_to).await? }))
}
