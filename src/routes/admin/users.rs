//! Accounts in the admin site.

use actix_web::{web, HttpResponse};

use super::dto::*;
use crate::{
    auth::Supervisor,
    domain::{Email, InvalidInput, PersonName, UserType},
    error::ApiError,
    events::certificates::certificate_dto,
    extract::ApiJson,
    i18n::{Lang, Msg},
    routes::dto::{MessageResponse, Paging},
    services::{
        accounts::Links,
        admin::{self, UserChange},
        ServiceError,
    },
    state::AppState,
    store::admin::{UserFilter, UserSort},
};

fn links(state: &AppState) -> Links<'_> {
    Links { mailer: &state.mailer, public_url: &state.settings.public_url }
}

fn parse_bool(raw: Option<&str>, field: &str) -> Result<Option<bool>, ApiError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some("true") | Some("1") => Ok(Some(true)),
        Some("false") | Some("0") => Ok(Some(false)),
        Some(_) => Err(ApiError::field_invalid(field)),
    }
}

fn parse_type(raw: Option<&str>, field: &str) -> Result<Option<UserType>, ApiError> {
    match raw.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => UserType::parse(t).map(Some).ok_or_else(|| ApiError::field_invalid(field)),
    }
}

fn filter_and_sort(q: &UserQuery) -> Result<(UserFilter, (UserSort, bool)), ApiError> {
    let ids = match q.ids.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(list) => Some(
            list.split(',')
                .map(|i| i.trim().parse::<i64>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| ApiError::field_invalid("ids"))?,
        ),
    };
    let filter = UserFilter {
        q: q.q.clone(),
        user_type: parse_type(q.user_type.as_deref(), "type")?,
        active: parse_bool(q.active.as_deref(), "active")?,
        activated: parse_bool(q.activated.as_deref(), "activated")?,
        ids,
    };
    let raw = q.sort.as_deref().unwrap_or("-created_at");
    let (desc, column) = match raw.strip_prefix('-') {
        Some(c) => (true, c),
        None => (false, raw),
    };
    let column = match column {
        "name" => UserSort::Name,
        "email" => UserSort::Email,
        "created_at" => UserSort::CreatedAt,
        "type" => UserSort::Type,
        _ => return Err(ApiError::field_invalid("sort")),
    };
    Ok((filter, (column, desc)))
}

/// Accounts with search, filters, sorting and pages.
#[utoipa::path(get, path = "/api/admin/users", tag = "admin", params(UserQuery), security(("bearer" = [])),
    responses((status = 200, body = AdminUserList), (status = 400, body = crate::error::ErrorBody),
        (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn list(
    state: web::Data<AppState>,
    _: Supervisor,
    query: web::Query<UserQuery>,
) -> Result<web::Json<AdminUserList>, ApiError> {
    let (page, per_page, offset) = Paging { page: query.page, per_page: query.per_page }.parse()?;
    let (filter, sort) = filter_and_sort(&query)?;
    let rows = admin::users(&state.db, &filter, sort, Some(per_page), offset).await?;
    Ok(web::Json(AdminUserList {
        items: rows.items.iter().map(admin_user).collect(),
        page,
        per_page,
        total: rows.total,
    }))
}

/// The same accounts as CSV (every page; `ids=` for a selection).
#[utoipa::path(get, path = "/api/admin/users.csv", tag = "admin", params(UserQuery), security(("bearer" = [])),
    responses((status = 200, description = "CSV", content_type = "text/csv"), (status = 403, body = crate::error::ErrorBody)))]
pub async fn csv(
    state: web::Data<AppState>,
    _: Supervisor,
    query: web::Query<UserQuery>,
) -> Result<HttpResponse, ApiError> {
    // Every page goes out, but the page parameters it shares with the list are checked alike.
    Paging { page: query.page, per_page: query.per_page }.parse()?;
    let (filter, sort) = filter_and_sort(&query)?;
    let rows = admin::users(&state.db, &filter, sort, None, 0).await?;
    let lines = rows.items.iter().map(|u| {
        let u = admin_user(u);
        vec![
            u.id.to_string(),
            u.name,
            u.email,
            u.user_type,
            u.active.to_string(),
            u.activated.to_string(),
            u.created_at,
        ]
    });
    Ok(super::csv_response("users.csv", &["id", "name", "email", "type", "active", "activated", "created_at"], lines))
}

/// One account: profile, courses, certificates and the latest audit rows about it or by it.
#[utoipa::path(get, path = "/api/admin/users/{id}", tag = "admin", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = UserDetailDto), (status = 403, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody)))]
pub async fn detail(
    state: web::Data<AppState>,
    _: Supervisor,
    id: web::Path<i64>,
) -> Result<web::Json<UserDetailDto>, ApiError> {
    let d = admin::user(&state.db, *id).await?;
    let p = d.profile.profile;
    Ok(web::Json(UserDetailDto {
        user: admin_user(&d.user),
        profile: UserProfile {
            phone: p.phone,
            gender: p.gender,
            country: p.country,
            job_title: p.job_title,
            vision_type: p.vision_type,
            birth_date: p.birth_date,
            bio: p.bio,
            education_type: p.education_type,
            level: p.level,
        },
        courses: d
            .courses
            .into_iter()
            .map(|c| UserCourse {
                id: c.id,
                title: c.title,
                status: c.status,
                role: c.role,
                enrolled_count: c.enrolled_count,
            })
            .collect(),
        certificates: d.certificates.iter().map(|z| certificate_dto(&state.settings.public_url, z)).collect(),
        recent_actions: d.recent_actions.iter().map(audit_entry).collect(),
    }))
}

/// Deactivate or reactivate an account, or change its type. Deactivating revokes its refresh
/// tokens and closes its open sockets at once (close code 4403); its sign-in is then refused
/// with 403 `account_deactivated`. 409 `cannot_change_self`, `last_supervisor`.
#[utoipa::path(patch, path = "/api/admin/users/{id}", tag = "admin", params(("id" = i64, Path)), request_body = UserPatch,
    security(("bearer" = [])),
    responses((status = 200, body = UserReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody)))]
pub async fn patch(
    state: web::Data<AppState>,
    Supervisor(user): Supervisor,
    lang: Lang,
    id: web::Path<i64>,
    body: ApiJson<UserPatch>,
) -> Result<web::Json<UserReply>, ApiError> {
    let change = UserChange { active: body.0.active, user_type: parse_type(body.0.user_type.as_deref(), "type")? };
    let row = admin::change_user(&state.db, &state.realtime, user, *id, change).await?;
    Ok(web::Json(UserReply { message: Msg::UserUpdated.render(lang), user: admin_user(&row) }))
}

/// Deactivate or reactivate several accounts; each follows the rules of `PATCH`, and the ones
/// refused say why.
#[utoipa::path(post, path = "/api/admin/users/bulk", tag = "admin", request_body = BulkInput, security(("bearer" = [])),
    responses((status = 200, body = BulkReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn bulk(
    state: web::Data<AppState>,
    Supervisor(user): Supervisor,
    lang: Lang,
    body: ApiJson<BulkInput>,
) -> Result<web::Json<BulkReply>, ApiError> {
    let active = body.0.active.ok_or_else(|| ApiError::field_required("active"))?;
    if body.0.ids.is_empty() || body.0.ids.len() > 500 {
        return Err(ApiError::field_invalid("ids"));
    }
    let outcome = admin::bulk_set_active(&state.db, &state.realtime, user, &body.0.ids, active).await?;
    let refused = outcome
        .refused
        .into_iter()
        .map(|(id, why)| {
            let e = ApiError::from(why);
            Refused { id, code: e.code.to_string(), message: e.msg.render(lang) }
        })
        .collect();
    let updated = outcome.updated.iter().map(admin_user).collect();
    Ok(web::Json(BulkReply { message: Msg::UserUpdated.render(lang), updated, refused }))
}

/// Create an account by invitation: the person gets an e-mail with a link to choose a
/// password (valid 7 days), which also activates the account.
#[utoipa::path(post, path = "/api/admin/users/invite", tag = "admin", request_body = InviteInput, security(("bearer" = [])),
    responses((status = 201, body = UserReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody),
        (status = 502, body = crate::error::ErrorBody)))]
pub async fn invite(
    state: web::Data<AppState>,
    Supervisor(user): Supervisor,
    lang: Lang,
    body: ApiJson<InviteInput>,
) -> Result<HttpResponse, ApiError> {
    let input = body.0;
    let user_type = parse_type(Some(&input.user_type), "type")?.ok_or_else(|| ApiError::field_required("type"))?;
    if input.name.trim().is_empty() {
        return Err(InvalidInput::required("name").into());
    }
    let name = PersonName::parse(&input.name)?;
    if input.email.trim().is_empty() {
        return Err(InvalidInput::required("email").into());
    }
    let email = Email::parse(&input.email)?;
    let row = admin::invite(&state.db, links(&state), user, &name, &email, user_type, lang).await?;
    Ok(HttpResponse::Created().json(UserReply { message: Msg::UserInvited.render(lang), user: admin_user(&row) }))
}

/// E-mail a new activation link to an account not activated yet (409 `already_activated`).
#[utoipa::path(post, path = "/api/admin/users/{id}/resend-activation", tag = "admin", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 403, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn resend_activation(
    state: web::Data<AppState>,
    Supervisor(user): Supervisor,
    lang: Lang,
    id: web::Path<i64>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    admin::resend_activation(&state.db, links(&state), user, *id, lang).await?;
    Ok(web::Json(MessageResponse { message: Msg::ActivationResent.render(lang) }))
}

/// E-mail a password-reset link to an account.
#[utoipa::path(post, path = "/api/admin/users/{id}/send-reset", tag = "admin", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 403, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody)))]
pub async fn send_reset(
    state: web::Data<AppState>,
    Supervisor(user): Supervisor,
    lang: Lang,
    id: web::Path<i64>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    admin::send_reset(&state.db, links(&state), user, *id, lang).await.map_err(|e: ServiceError| ApiError::from(e))?;
    Ok(web::Json(MessageResponse { message: Msg::ResetLinkSent.render(lang) }))
}
