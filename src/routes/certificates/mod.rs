//! Certificates (spec §3, §4): a student who completed a course requests one; supervisors
//! approve (issuing it with a random code) or reject with a reason, and may revoke it later.
//! Anyone can check a code on the public verification page; the owner and supervisors can
//! download the PDF. Every decision reaches the people concerned live.

pub mod dto;

use std::time::Duration;

use actix_web::{web, HttpRequest, HttpResponse};

use self::dto::*;
use crate::{
    auth::AuthUser,
    certificate_pdf::qr,
    domain::{certificate::RequestStatus, UserType},
    error::ApiError,
    events::certificates::{certificate_dto, request_dto, verify_url, CertificateDto},
    extract::ApiJson,
    i18n::{Lang, Msg},
    services::certificates,
    state::AppState,
    store::certificates::CertificateRow,
};

// ---------------------------------------------------------------------------------------------
// Students

/// Every course the student is enrolled in, with their result, latest request and certificate.
#[utoipa::path(get, path = "/api/student/certificates", tag = "certificates", security(("bearer" = [])),
    responses((status = 200, body = StudentCertificates), (status = 403, body = crate::error::ErrorBody)))]
pub async fn mine(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<StudentCertificates>, ApiError> {
    user.require(UserType::Student)?;
    let courses = certificates::of_student(&state.db, &state.settings.grade_bands, user).await?;
    let public_url = &state.settings.public_url;
    Ok(web::Json(StudentCertificates { courses: courses.iter().map(|c| course_certificate(public_url, c)).collect() }))
}

/// Request a certificate for a completed course ("certificate request sent"; supervisors
/// decide within 24 hours). Every supervisor is told live (`certificate_request.created`).
#[utoipa::path(post, path = "/api/certificates/requests", tag = "certificates", request_body = CertificateRequestInput,
    security(("bearer" = [])),
    responses((status = 201, body = CertificateRequestReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, description = "not enrolled or no such course",
        body = crate::error::ErrorBody),
        (status = 409, description = "`course_not_completed`, `certificate_request_pending` or \
            `certificate_already_issued`", body = crate::error::ErrorBody)))]
pub async fn request(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    body: ApiJson<CertificateRequestInput>,
) -> Result<HttpResponse, ApiError> {
    user.require(UserType::Student)?;
    let bands = &state.settings.grade_bands;
    let request = certificates::request(&state.db, &state.realtime, bands, user, body.0.course_id).await?;
    Ok(HttpResponse::Created()
        .json(CertificateRequestReply { message: Msg::CertificateRequestSent.render(lang), request }))
}

// ---------------------------------------------------------------------------------------------
// Supervisors

/// The certificate requests of one status, oldest first.
#[utoipa::path(get, path = "/api/supervisor/certificate-requests", tag = "certificates", params(QueueQuery),
    security(("bearer" = [])),
    responses((status = 200, body = CertificateRequestList), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn queue(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<QueueQuery>,
) -> Result<web::Json<CertificateRequestList>, ApiError> {
    user.require(UserType::Supervisor)?;
    let status = RequestStatus::parse(query.status.as_deref().unwrap_or("pending"))
        .ok_or_else(|| ApiError::field_invalid("status"))?;
    let rows = certificates::requests(&state.db, status).await?;
    Ok(web::Json(CertificateRequestList { requests: rows.iter().map(request_dto).collect() }))
}

/// Approve a request: the certificate is issued with a new random code. The student and every
/// supervisor are told live (`certificate_request.decided` with `{request, certificate}`).
#[utoipa::path(post, path = "/api/certificate-requests/{id}/approve", tag = "certificates", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = ApproveReply), (status = 403, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody),
        (status = 409, description = "`already_decided`, or the course is no longer completed (`course_not_completed`)",
            body = crate::error::ErrorBody)))]
pub async fn approve(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<web::Json<ApproveReply>, ApiError> {
    user.require(UserType::Supervisor)?;
    let (bands, public_url) = (&state.settings.grade_bands, &state.settings.public_url);
    let certificate =
        certificates::approve(&state.db, &state.realtime, bands, public_url, user, path.into_inner()).await?;
    Ok(web::Json(ApproveReply { message: Msg::CertificateIssued.render(lang), certificate }))
}

/// Reject a request with a reason; the student may ask again. Told live as for an approval,
/// with `certificate` null.
#[utoipa::path(post, path = "/api/certificate-requests/{id}/reject", tag = "certificates", security(("bearer" = [])),
    params(("id" = i64, Path)), request_body = ReasonInput,
    responses((status = 200, body = RejectReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
        (status = 409, description = "`already_decided`", body = crate::error::ErrorBody)))]
pub async fn reject(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
    body: ApiJson<ReasonInput>,
) -> Result<web::Json<RejectReply>, ApiError> {
    user.require(UserType::Supervisor)?;
    let reason = body.0.reason.unwrap_or_default();
    let request = certificates::reject(&state.db, &state.realtime, user, path.into_inner(), &reason).await?;
    Ok(web::Json(RejectReply { message: Msg::CertificateRequestRejected.render(lang), request }))
}

/// Issued certificates (valid and revoked), newest first, optionally searched.
#[utoipa::path(get, path = "/api/supervisor/issued-certificates", tag = "certificates", params(IssuedQuery),
    security(("bearer" = [])),
    responses((status = 200, body = CertificateList), (status = 403, body = crate::error::ErrorBody)))]
pub async fn issued(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<IssuedQuery>,
) -> Result<web::Json<CertificateList>, ApiError> {
    user.require(UserType::Supervisor)?;
    let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    let limit = crate::routes::dto::limit(query.limit, 50, 200)?;
    let rows = certificates::issued(&state.db, q, limit).await?;
    Ok(web::Json(CertificateList { certificates: rows.iter().map(|z| dto(&state, z)).collect() }))
}

/// Revoke a certificate with a reason. Its verification page then says it is revoked; the
/// student is told live (`certificate.revoked`) and may request a new one.
#[utoipa::path(post, path = "/api/certificates/{code}/revoke", tag = "certificates", security(("bearer" = [])),
    params(("code" = String, Path)), request_body = ReasonInput,
    responses((status = 200, body = RevokeReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
        (status = 409, description = "`already_revoked`", body = crate::error::ErrorBody)))]
pub async fn revoke(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<String>,
    body: ApiJson<ReasonInput>,
) -> Result<web::Json<RevokeReply>, ApiError> {
    user.require(UserType::Supervisor)?;
    let reason = body.0.reason.unwrap_or_default();
    let public_url = &state.settings.public_url;
    let certificate =
        certificates::revoke(&state.db, &state.realtime, public_url, user, &path.into_inner(), &reason).await?;
    Ok(web::Json(RevokeReply { message: Msg::CertificateRevoked.render(lang), certificate }))
}

// ---------------------------------------------------------------------------------------------
// The owner or a supervisor

fn dto(state: &AppState, z: &CertificateRow) -> CertificateDto {
    certificate_dto(&state.settings.public_url, z)
}

/// A certificate (its owner or a supervisor; 404 for anyone else).
#[utoipa::path(get, path = "/api/certificates/{code}", tag = "certificates", security(("bearer" = [])),
    params(("code" = String, Path)),
    responses((status = 200, body = CertificateDto), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<String>,
) -> Result<web::Json<CertificateDto>, ApiError> {
    let z = certificates::visible(&state.db, user, &path.into_inner()).await?;
    Ok(web::Json(dto(&state, &z)))
}

/// The certificate as a one-page A4 PDF in Arabic and English, with the QR code and the
/// student's name in Braille (its owner or a supervisor; 404 for anyone else).
#[utoipa::path(get, path = "/api/certificates/{code}/pdf", tag = "certificates", security(("bearer" = [])),
    params(("code" = String, Path)),
    responses((status = 200, description = "the PDF", content_type = "application/pdf"),
        (status = 404, body = crate::error::ErrorBody),
        (status = 500, description = "the certificate font is missing (logged)", body = crate::error::ErrorBody)))]
pub async fn download(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let public_url = &state.settings.public_url;
    let site = state.site.get_or_default().await;
    let (ar, en) = site.society_names();
    let society = (ar.to_string(), en.to_string());
    let (z, bytes) =
        certificates::pdf(&state.db, &state.cert_font, public_url, user, &path.into_inner(), society).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header(("Content-Disposition", format!("attachment; filename=\"lamsa-certificate-{}.pdf\"", z.code)))
        .insert_header(("Cache-Control", "private, no-store"))
        .body(bytes))
}

// ---------------------------------------------------------------------------------------------
// Public

/// Codes are unguessable, but a visitor trying many is still slowed down.
fn limit_verification(state: &AppState, req: &HttpRequest) -> Result<(), ApiError> {
    let who = crate::client_addr::client_ip(req);
    if state.limiter.allow(&format!("verify:{who}"), 120, Duration::from_secs(60)) {
        Ok(())
    } else {
        Err(ApiError::too_many_attempts())
    }
}

async fn public(state: &AppState, req: &HttpRequest, raw: &str) -> Result<CertificateRow, ApiError> {
    limit_verification(state, req)?;
    Ok(certificates::by_code(&state.db, raw).await?)
}

/// Whether a certificate is genuine and what it certifies (no sign-in). Unknown and malformed
/// codes are 404 "certificate not found".
#[utoipa::path(get, path = "/api/certificates/verify/{code}", tag = "certificates", params(("code" = String, Path)),
    responses((status = 200, body = VerifyDto), (status = 404, body = crate::error::ErrorBody),
        (status = 429, body = crate::error::ErrorBody)))]
pub async fn verify(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> Result<web::Json<VerifyDto>, ApiError> {
    Ok(web::Json(verify_dto(public(&state, &req, &path.into_inner()).await?)))
}

/// The QR code of the certificate's verification address, as SVG (no sign-in).
#[utoipa::path(get, path = "/api/certificates/verify/{code}/qr.svg", tag = "certificates",
    params(("code" = String, Path)),
    responses((status = 200, description = "SVG image", content_type = "image/svg+xml"),
        (status = 404, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn qr_svg(
    state: web::Data<AppState>,
    req: HttpRequest,
    lang: Lang,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let z = public(&state, &req, &path.into_inner()).await?;
    let title = match lang {
        Lang::Ar => format!("رمز QR للتحقق من الشهادة {}", z.code),
        Lang::En => format!("QR code to verify certificate {}", z.code),
    };
    let svg = qr::svg(&verify_url(&state.settings.public_url, &z.code), &title)
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("verification address too long for a QR code")))?;
    Ok(HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header(("X-Content-Type-Options", "nosniff"))
        // The address a code points to never changes.
        .insert_header(("Cache-Control", "public, max-age=86400"))
        .insert_header(("Vary", "Accept-Language"))
        .body(svg))
}
