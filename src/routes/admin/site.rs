//! Courses, certificates, the audit log and the overview in the admin site.

use actix_web::{web, HttpResponse};

use super::dto::*;
use crate::{
    auth::{AuthUser, Supervisor},
    db::iso,
    domain::course::CourseStatus,
    error::ApiError,
    events::certificates::certificate_dto,
    extract::ApiJson,
    i18n::{Lang, Msg},
    routes::dto::Paging,
    services::{admin, audit, certificates},
    state::AppState,
    store::{admin::CourseFilter, audit::AuditFilter},
};

/// Every course with its status, instructor and enrolments.
#[utoipa::path(get, path = "/api/admin/courses", tag = "admin", params(CourseQuery), security(("bearer" = [])),
    responses((status = 200, body = AdminCourseList), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn courses(
    state: web::Data<AppState>,
    _: Supervisor,
    query: web::Query<CourseQuery>,
) -> Result<web::Json<AdminCourseList>, ApiError> {
    let (page, per_page, offset) = Paging { page: query.page, per_page: query.per_page }.parse()?;
    let status = match query.status.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some(s) => {
            let parsed = CourseStatus::parse(s);
            if parsed.as_str() != s {
                return Err(ApiError::field_invalid("status"));
            }
            Some(s.to_string())
        }
    };
    let filter = CourseFilter { q: query.q.clone(), status, instructor_id: query.instructor_id };
    let rows = admin::courses(&state.db, &filter, per_page, offset).await?;
    Ok(web::Json(AdminCourseList {
        items: rows.items.iter().map(admin_course).collect(),
        page,
        per_page,
        total: rows.total,
    }))
}

async fn set_course(
    state: &AppState,
    user: AuthUser,
    lang: Lang,
    id: i64,
    active: bool,
) -> Result<web::Json<CourseReply>, ApiError> {
    let row = admin::set_course_active(&state.db, user, id, active).await?;
    let msg = if active { Msg::CourseReactivated } else { Msg::CourseDeactivated };
    Ok(web::Json(CourseReply { message: msg.render(lang), course: admin_course(&row) }))
}

/// Stop an active course (409 `invalid_transition` otherwise). Enrolled students keep their progress.
#[utoipa::path(post, path = "/api/admin/courses/{id}/deactivate", tag = "admin", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = CourseReply), (status = 403, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn deactivate_course(
    state: web::Data<AppState>,
    user: AuthUser,
    lang: Lang,
    id: web::Path<i64>,
) -> Result<web::Json<CourseReply>, ApiError> {
    set_course(&state, user, lang, *id, false).await
}

/// Open a stopped course again (409 `invalid_transition` otherwise).
#[utoipa::path(post, path = "/api/admin/courses/{id}/reactivate", tag = "admin", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = CourseReply), (status = 403, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn reactivate_course(
    state: web::Data<AppState>,
    user: AuthUser,
    lang: Lang,
    id: web::Path<i64>,
) -> Result<web::Json<CourseReply>, ApiError> {
    set_course(&state, user, lang, *id, true).await
}

/// Issued certificates, newest first; `q` searches the student, the course and the code.
#[utoipa::path(get, path = "/api/admin/certificates", tag = "admin", params(CertificateQuery), security(("bearer" = [])),
    responses((status = 200, body = AdminCertificateList), (status = 403, body = crate::error::ErrorBody)))]
pub async fn certificates(
    state: web::Data<AppState>,
    _: Supervisor,
    query: web::Query<CertificateQuery>,
) -> Result<web::Json<AdminCertificateList>, ApiError> {
    let (page, per_page, offset) = Paging { page: query.page, per_page: query.per_page }.parse()?;
    let rows = admin::certificates(&state.db, query.q.as_deref(), per_page, offset).await?;
    let url = &state.settings.public_url;
    Ok(web::Json(AdminCertificateList {
        items: rows.items.iter().map(|z| certificate_dto(url, z)).collect(),
        page,
        per_page,
        total: rows.total,
    }))
}

/// Revoke a certificate with a reason (1–500 characters); 409 `already_revoked`.
#[utoipa::path(post, path = "/api/admin/certificates/{code}/revoke", tag = "admin", params(("code" = String, Path)),
    request_body = RevokeInput, security(("bearer" = [])),
    responses((status = 200, body = CertificateReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody)))]
pub async fn revoke_certificate(
    state: web::Data<AppState>,
    Supervisor(user): Supervisor,
    lang: Lang,
    code: web::Path<String>,
    body: ApiJson<RevokeInput>,
) -> Result<web::Json<CertificateReply>, ApiError> {
    let certificate =
        certificates::revoke(&state.db, &state.realtime, &state.settings.public_url, user, &code, &body.0.reason)
            .await?;
    Ok(web::Json(CertificateReply { message: Msg::CertificateRevoked.render(lang), certificate }))
}

/// `YYYY-MM-DD` (a whole day) or an RFC 3339 time, as epoch milliseconds; `end` gives the end
/// of the day (exclusive) for a date.
fn parse_when(raw: Option<&str>, field: &str, end: bool) -> Result<Option<i64>, ApiError> {
    let Some(raw) = raw.map(str::trim).filter(|s| !s.is_empty()) else { return Ok(None) };
    if let Some(t) = crate::domain::news::parse_time(raw) {
        return Ok(Some(t));
    }
    let format = time::macros::format_description!("[year]-[month]-[day]");
    let date = time::Date::parse(raw, &format).map_err(|_| ApiError::field_invalid(field))?;
    let start = date.midnight().assume_utc().unix_timestamp() * 1000;
    Ok(Some(if end { start + 24 * 3600 * 1000 } else { start }))
}

fn audit_filter(q: &AuditQuery) -> Result<AuditFilter, ApiError> {
    Ok(AuditFilter {
        actor: q.actor,
        action: q.action.clone().filter(|a| !a.trim().is_empty()),
        from: parse_when(q.from.as_deref(), "from", false)?,
        to: parse_when(q.to.as_deref(), "to", true)?,
    })
}

/// The audit log, newest first, filtered by actor, action and dates.
#[utoipa::path(get, path = "/api/admin/audit", tag = "admin", params(AuditQuery), security(("bearer" = [])),
    responses((status = 200, body = AuditList), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn audit(
    state: web::Data<AppState>,
    _: Supervisor,
    query: web::Query<AuditQuery>,
) -> Result<web::Json<AuditList>, ApiError> {
    let (page, per_page, offset) = Paging { page: query.page, per_page: query.per_page }.parse()?;
    let rows = audit::list(&state.db, &audit_filter(&query)?, Some(per_page), offset).await?;
    Ok(web::Json(AuditList { items: rows.items.iter().map(audit_entry).collect(), page, per_page, total: rows.total }))
}

/// The same rows as CSV.
#[utoipa::path(get, path = "/api/admin/audit.csv", tag = "admin", params(AuditQuery), security(("bearer" = [])),
    responses((status = 200, description = "CSV", content_type = "text/csv"), (status = 403, body = crate::error::ErrorBody)))]
pub async fn audit_csv(
    state: web::Data<AppState>,
    _: Supervisor,
    query: web::Query<AuditQuery>,
) -> Result<HttpResponse, ApiError> {
    // Every page goes out, but the page parameters it shares with the list are checked alike.
    Paging { page: query.page, per_page: query.per_page }.parse()?;
    let rows = audit::list(&state.db, &audit_filter(&query)?, None, 0).await?;
    let lines = rows.items.into_iter().map(|a| {
        vec![
            a.id.to_string(),
            iso(a.at),
            a.actor_id.map(|i| i.to_string()).unwrap_or_default(),
            a.actor_name.unwrap_or_default(),
            a.action,
            a.record_kind,
            a.record_id,
            a.before_json.unwrap_or_default(),
            a.after_json.unwrap_or_default(),
        ]
    });
    let header = ["id", "at", "actor_id", "actor_name", "action", "record_kind", "record_id", "before", "after"];
    Ok(super::csv_response("audit.csv", &header, lines))
}

/// Counts and the sign-ups and enrolments of each of the last 26 weeks.
#[utoipa::path(get, path = "/api/admin/overview", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = OverviewDto), (status = 403, body = crate::error::ErrorBody)))]
pub async fn overview(state: web::Data<AppState>, _: Supervisor) -> Result<web::Json<OverviewDto>, ApiError> {
    let o = admin::overview(&state.db).await?;
    let mut users = UserCounts::default();
    for (t, s, n) in o.users {
        let of_type = match t.as_str() {
            "student" => &mut users.student,
            "instructor" => &mut users.instructor,
            _ => &mut users.supervisor,
        };
        match s.as_str() {
            "active" => of_type.active = n,
            "inactive" => of_type.inactive = n,
            _ => of_type.not_activated = n,
        }
    }
    let mut courses = CourseCounts::default();
    for (s, n) in o.courses {
        match s.as_str() {
            "draft" => courses.draft = n,
            "pending" => courses.pending = n,
            "active" => courses.active = n,
            "rejected" => courses.rejected = n,
            "stop_pending" => courses.stop_pending = n,
            _ => courses.inactive += n,
        }
    }
    Ok(web::Json(OverviewDto {
        users,
        courses,
        pending: PendingDto {
            accreditation: o.pending_accreditation,
            stop: o.pending_stop,
            certificates: o.pending_certificates,
        },
        contact_unread: o.contact_unread,
        weeks: o.weeks.into_iter().map(|(w, s, e)| WeekDto { week_start: w, signups: s, enrolments: e }).collect(),
        unset_settings: crate::store::site::get(&state.db).await?.unset().into_iter().map(str::to_string).collect(),
    }))
}
