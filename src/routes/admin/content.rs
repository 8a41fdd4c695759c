//! News and contact messages in the admin site.

use actix_web::{web, HttpResponse};

use super::dto::*;
use crate::{
    auth::Supervisor,
    domain::{
        contact::{ContactStatus, REPLY_MAX},
        news::{render_markdown, NewsInput, NewsState, BODY_MAX},
        required_text,
    },
    error::ApiError,
    extract::ApiJson,
    i18n::{Lang, Msg},
    routes::dto::{news_admin, MessageResponse, NewsAdminDto, Paging},
    services::{contact, news},
    state::AppState,
};

// ---------------------------------------------------------------------------------------------
// News

/// Every news item (optionally of one `state`), the latest edited first.
#[utoipa::path(get, path = "/api/admin/news", tag = "admin", params(NewsQuery), security(("bearer" = [])),
    responses((status = 200, body = AdminNewsList), (status = 403, body = crate::error::ErrorBody)))]
pub async fn news_list(
    state: web::Data<AppState>,
    _: Supervisor,
    query: web::Query<NewsQuery>,
) -> Result<web::Json<AdminNewsList>, ApiError> {
    let (page, per_page, offset) = Paging { page: query.page, per_page: query.per_page }.parse()?;
    let filter = match query.state.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some(s) => Some(NewsState::parse(s).ok_or_else(|| ApiError::field_invalid("state"))?.as_str()),
    };
    let rows = news::admin_page(&state.db, filter, per_page, offset).await?;
    let items = rows.items.iter().map(|n| news_admin(&state.media, n)).collect();
    Ok(web::Json(AdminNewsList { items, page, per_page, total: rows.total }))
}

/// Write a news item (draft, scheduled with `publish_at`, or published now).
#[utoipa::path(post, path = "/api/admin/news", tag = "admin", request_body = NewsInput, security(("bearer" = [])),
    responses((status = 201, body = NewsReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 409, description = "`slug_taken`",
        body = crate::error::ErrorBody)))]
pub async fn news_create(
    state: web::Data<AppState>,
    Supervisor(user): Supervisor,
    lang: Lang,
    body: ApiJson<NewsInput>,
) -> Result<HttpResponse, ApiError> {
    let content = body.0.parse()?;
    let row = news::create(&state.db, user, content).await?;
    Ok(HttpResponse::Created()
        .json(NewsReply { message: Msg::NewsSaved.render(lang), news: news_admin(&state.media, &row) }))
}

#[utoipa::path(get, path = "/api/admin/news/{id}", tag = "admin", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = NewsAdminDto), (status = 403, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody)))]
pub async fn news_get(
    state: web::Data<AppState>,
    _: Supervisor,
    id: web::Path<i64>,
) -> Result<web::Json<NewsAdminDto>, ApiError> {
    Ok(web::Json(news_admin(&state.media, &news::get(&state.db, *id).await?)))
}

/// Replace a news item. An item already published keeps its publication date.
#[utoipa::path(put, path = "/api/admin/news/{id}", tag = "admin", params(("id" = i64, Path)), request_body = NewsInput,
    security(("bearer" = [])),
    responses((status = 200, body = NewsReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody)))]
pub async fn news_update(
    state: web::Data<AppState>,
    Supervisor(user): Supervisor,
    lang: Lang,
    id: web::Path<i64>,
    body: ApiJson<NewsInput>,
) -> Result<web::Json<NewsReply>, ApiError> {
    let content = body.0.parse()?;
    let row = news::update(&state.db, user, *id, content).await?;
    Ok(web::Json(NewsReply { message: Msg::NewsSaved.render(lang), news: news_admin(&state.media, &row) }))
}

#[utoipa::path(delete, path = "/api/admin/news/{id}", tag = "admin", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 403, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody)))]
pub async fn news_delete(
    state: web::Data<AppState>,
    Supervisor(user): Supervisor,
    lang: Lang,
    id: web::Path<i64>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    news::delete(&state.db, user, *id).await?;
    Ok(web::Json(MessageResponse { message: Msg::NewsDeleted.render(lang) }))
}

/// The HTML a Markdown body becomes, exactly as visitors will get it; nothing is stored.
#[utoipa::path(post, path = "/api/admin/news/preview", tag = "admin", request_body = PreviewInput,
    security(("bearer" = [])),
    responses((status = 200, body = PreviewReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn news_preview(_: Supervisor, body: ApiJson<PreviewInput>) -> Result<web::Json<PreviewReply>, ApiError> {
    if body.0.body_md.chars().count() > BODY_MAX {
        return Err(crate::domain::InvalidInput::too_long("body_md", BODY_MAX).into());
    }
    Ok(web::Json(PreviewReply { html: render_markdown(&body.0.body_md) }))
}

// ---------------------------------------------------------------------------------------------
// Contact messages

fn parse_status(raw: Option<&str>) -> Result<Option<ContactStatus>, ApiError> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => ContactStatus::parse(s).map(Some).ok_or_else(|| ApiError::field_invalid("status")),
    }
}

/// Contact messages (of one `status`), newest first, with the unread count.
#[utoipa::path(get, path = "/api/admin/contact-messages", tag = "admin", params(ContactQuery), security(("bearer" = [])),
    responses((status = 200, body = ContactList), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn contact_list(
    state: web::Data<AppState>,
    _: Supervisor,
    query: web::Query<ContactQuery>,
) -> Result<web::Json<ContactList>, ApiError> {
    let (page, per_page, offset) = Paging { page: query.page, per_page: query.per_page }.parse()?;
    let status = parse_status(query.status.as_deref())?;
    let list = contact::list(&state.db, status, per_page, offset).await?;
    Ok(web::Json(ContactList { items: list.page.items, page, per_page, total: list.page.total, unread: list.unread }))
}

/// How many contact messages are unread (the badge of the admin site and the dashboard).
#[utoipa::path(get, path = "/api/admin/contact-messages/unread-count", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = CountDto), (status = 403, body = crate::error::ErrorBody)))]
pub async fn contact_unread(state: web::Data<AppState>, _: Supervisor) -> Result<web::Json<CountDto>, ApiError> {
    Ok(web::Json(CountDto { count: contact::unread_count(&state.db).await? }))
}

/// One message with its replies; opening it marks it read.
#[utoipa::path(get, path = "/api/admin/contact-messages/{id}", tag = "admin", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = crate::events::contact::ContactMessageDto), (status = 403, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody)))]
pub async fn contact_get(
    state: web::Data<AppState>,
    _: Supervisor,
    id: web::Path<i64>,
) -> Result<web::Json<crate::events::contact::ContactMessageDto>, ApiError> {
    Ok(web::Json(contact::open(&state.db, &state.realtime, *id).await?))
}

/// Mark a message `new`, `handled` or `archived`, read or unread.
#[utoipa::path(patch, path = "/api/admin/contact-messages/{id}", tag = "admin", params(("id" = i64, Path)),
    request_body = ContactPatch, security(("bearer" = [])),
    responses((status = 200, body = ContactReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn contact_patch(
    state: web::Data<AppState>,
    Supervisor(user): Supervisor,
    lang: Lang,
    id: web::Path<i64>,
    body: ApiJson<ContactPatch>,
) -> Result<web::Json<ContactReply>, ApiError> {
    let status = parse_status(body.0.status.as_deref())?;
    let dto = contact::update(&state.db, &state.realtime, user, *id, status, body.0.read).await?;
    Ok(web::Json(ContactReply { message: Msg::ContactUpdated.render(lang), contact_message: dto }))
}

/// Reply by e-mail (in the sender's language); the reply is kept with the message, which
/// becomes handled. 502 `mail_failed` when the e-mail cannot be sent (nothing is stored).
#[utoipa::path(post, path = "/api/admin/contact-messages/{id}/reply", tag = "admin", params(("id" = i64, Path)),
    request_body = ReplyInput, security(("bearer" = [])),
    responses((status = 201, body = ContactReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
        (status = 502, body = crate::error::ErrorBody)))]
pub async fn contact_reply(
    state: web::Data<AppState>,
    Supervisor(user): Supervisor,
    lang: Lang,
    id: web::Path<i64>,
    body: ApiJson<ReplyInput>,
) -> Result<HttpResponse, ApiError> {
    let text = required_text(&body.0.text, "text", REPLY_MAX)?;
    let dto = contact::reply(&state.db, &state.realtime, &state.mailer, user, *id, text).await?;
    Ok(HttpResponse::Created().json(ContactReply { message: Msg::ReplySent.render(lang), contact_message: dto }))
}
