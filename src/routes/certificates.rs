//! Certificates (spec §3, §4): a student who completed a course requests one; supervisors
//! approve (issuing it with a random code) or reject with a reason, and may revoke it later.
//! Anyone can check a code on the public verification page; the owner and supervisors can
//! download the PDF. Every decision reaches the people concerned live.

use std::time::Duration;

use actix_web::{http::StatusCode, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use crate::{
    auth::AuthUser,
    certificates::{pdf, qr},
    db::iso,
    domain::{
        assessment_grading::{GradeBand, ProgressState},
        certificate::{parse_band, CertificateCode, CertificateStatus, RequestStatus},
        required_text, UserType,
    },
    error::ApiError,
    extract::ApiJson,
    i18n::{Lang, Msg},
    startup::AppState,
    store::{
        self,
        assessments::AttemptSummaryRow,
        certificates::{CertificateRow, NewCertificate, RequestRow},
        notifications::notify,
    },
};

/// Longest reason a supervisor may give for a rejection or a revocation.
const REASON_MAX: usize = 500;

/// A certificate request.
#[derive(Serialize, ToSchema, Clone)]
pub struct CertificateRequestDto {
    pub id: i64,
    pub course_id: i64,
    pub course_title: String,
    pub student_id: i64,
    pub student_name: String,
    pub status: RequestStatus,
    /// Why it was rejected.
    pub reason: Option<String>,
    pub requested_at: String,
    pub decided_at: Option<String>,
    /// The student's result when asking (the queue shows it to the supervisor).
    pub percent: Option<f64>,
    pub grade: Option<GradeBand>,
    /// The certificate issued when it was approved.
    pub certificate_code: Option<String>,
}

/// An issued certificate. Name, title, duration and result are as they were on the day it
/// was issued. `percent` and `grade` are null only for a course completed without any
/// assessment (nothing was graded).
#[derive(Serialize, ToSchema, Clone)]
pub struct CertificateDto {
    /// `XXXX-XXXX-XXXX-XXXX`.
    pub code: String,
    pub student_id: i64,
    pub student_name: String,
    pub course_id: i64,
    pub course_title: String,
    pub issued_at: String,
    /// The course's duration in days.
    pub duration_days: i64,
    pub grade: Option<GradeBand>,
    pub percent: Option<f64>,
    pub status: CertificateStatus,
    pub revoked_at: Option<String>,
    pub revoke_reason: Option<String>,
    /// The public verification page the QR code opens.
    pub verify_url: String,
}

/// What the public verification page may say: whether the certificate is genuine and what it
/// certifies, nothing more about the student.
#[derive(Serialize, ToSchema)]
pub struct VerifyDto {
    pub code: String,
    pub status: CertificateStatus,
    pub student_name: String,
    pub course_title: String,
    pub issued_at: String,
    pub duration_days: i64,
    pub grade: Option<GradeBand>,
    pub percent: Option<f64>,
    pub revoked_at: Option<String>,
}

fn request_dto(r: &RequestRow) -> CertificateRequestDto {
    CertificateRequestDto {
        id: r.id,
        course_id: r.course_id,
        course_title: r.course_title.clone(),
        student_id: r.student_id,
        student_name: r.student_name.clone(),
        status: RequestStatus::parse(&r.status).unwrap_or(RequestStatus::Pending),
        reason: r.reason.clone(),
        requested_at: iso(r.requested_at),
        decided_at: r.decided_at.map(iso),
        percent: r.percent,
        grade: r.grade.as_deref().and_then(parse_band),
        certificate_code: r.certificate_code.clone(),
    }
}

fn verify_url(state: &AppState, code: &str) -> String {
    format!("{}/certificates/verify/{code}", state.settings.public_url)
}

fn status_of(z: &CertificateRow) -> CertificateStatus {
    if z.revoked_at.is_some() {
        CertificateStatus::Revoked
    } else {
        CertificateStatus::Valid
    }
}

fn certificate_dto(state: &AppState, z: &CertificateRow) -> CertificateDto {
    CertificateDto {
        code: z.code.clone(),
        student_id: z.student_id,
        student_name: z.student_name.clone(),
        course_id: z.course_id,
        course_title: z.course_title.clone(),
        issued_at: iso(z.issued_at),
        duration_days: z.duration_days,
        grade: z.grade.as_deref().and_then(parse_band),
        percent: z.percent,
        status: status_of(z),
        revoked_at: z.revoked_at.map(iso),
        revoke_reason: z.revoke_reason.clone(),
        verify_url: verify_url(state, &z.code),
    }
}

fn require(user: AuthUser, typ: UserType) -> Result<(), ApiError> {
    if user.typ == typ {
        Ok(())
    } else {
        Err(ApiError::forbidden())
    }
}

fn certificate_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", Msg::CertificateNotFound)
}

fn conflict(code: &'static str, msg: Msg) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, code, msg)
}

/// A certificate its owner or a supervisor may see; anyone else is told it does not exist,
/// so a code's existence does not leak.
async fn visible(state: &AppState, user: AuthUser, raw: &str) -> Result<CertificateRow, ApiError> {
    let code = CertificateCode::parse(raw).ok_or_else(certificate_not_found)?;
    let z = store::certificates::by_code(&state.db, &code).await?.ok_or_else(certificate_not_found)?;
    if user.typ == UserType::Supervisor || (user.typ == UserType::Student && z.student_id == user.id) {
        Ok(z)
    } else {
        Err(certificate_not_found())
    }
}

// ---------------------------------------------------------------------------------------------
// Students

#[derive(Serialize, ToSchema)]
pub struct CourseCertificate {
    pub course_id: i64,
    pub course_title: String,
    pub progress_state: ProgressState,
    pub percent: Option<f64>,
    /// Set once the course is completed.
    pub grade: Option<GradeBand>,
    /// The latest request.
    pub request: Option<CertificateRequestDto>,
    /// The valid certificate, or else the latest revoked one.
    pub certificate: Option<CertificateDto>,
}

#[derive(Serialize, ToSchema)]
pub struct StudentCertificates {
    pub courses: Vec<CourseCertificate>,
}

/// Every course the student is enrolled in, with their result, latest request and certificate.
#[utoipa::path(get, path = "/api/student/certificates", tag = "certificates", security(("bearer" = [])),
    responses((status = 200, body = StudentCertificates), (status = 403, body = crate::error::ErrorBody)))]
pub async fn mine(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<StudentCertificates>, ApiError> {
    require(user, UserType::Student)?;
    let assessments = store::assessments::of_student_courses(&state.db, user.id).await?;
    let attempts: Vec<_> = store::assessments::attempts_of_student(&state.db, user.id, None)
        .await?
        .iter()
        .map(AttemptSummaryRow::meta)
        .collect();
    let requests = store::certificates::requests_of_student(&state.db, user.id).await?;
    let certificates = store::certificates::of_student(&state.db, user.id).await?;
    let mut courses = Vec::new();
    for e in store::courses::enrolments_of_student(&state.db, user.id).await? {
        let Some(c) = store::courses::by_id(&state.db, e.course_id).await? else { continue };
        let metas: Vec<_> = assessments.iter().filter(|a| a.course_id == c.id).map(|a| a.meta()).collect();
        let p =
            super::courses::progress(e.lessons_done, c.lessons_count, &metas, &attempts, &state.settings.grade_bands);
        let mine: Vec<&CertificateRow> = certificates.iter().filter(|z| z.course_id == c.id).collect();
        let certificate = mine.iter().find(|z| z.revoked_at.is_none()).or(mine.first());
        courses.push(CourseCertificate {
            course_id: c.id,
            course_title: c.title.clone(),
            progress_state: p.state,
            percent: p.percent,
            grade: p.grade,
            request: requests.iter().find(|r| r.course_id == c.id).map(request_dto),
            certificate: certificate.map(|z| certificate_dto(&state, z)),
        });
    }
    Ok(web::Json(StudentCertificates { courses }))
}

#[derive(Deserialize, ToSchema)]
pub struct CertificateRequestInput {
    pub course_id: i64,
}

#[derive(Serialize, ToSchema)]
pub struct CertificateRequestReply {
    /// "certificate request sent", localised.
    pub message: String,
    pub request: CertificateRequestDto,
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
    require(user, UserType::Student)?;
    let course = body.0.course_id;
    // None: not enrolled (or no such course).
    let result = store::assessments::course_result(&state.db, course, user.id, &state.settings.grade_bands)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    if store::certificates::valid_of(&mut *tx, course, user.id).await?.is_some() {
        return Err(conflict("certificate_already_issued", Msg::CertificateAlreadyIssued));
    }
    if store::certificates::has_pending(&mut tx, course, user.id).await? {
        return Err(conflict("certificate_request_pending", Msg::CertificateRequestPending));
    }
    if !result.completed {
        return Err(conflict("course_not_completed", Msg::CourseNotCompleted));
    }
    let grade = result.band.map(GradeBand::as_str);
    let id = match store::certificates::insert_request(&mut tx, course, user.id, result.percent, grade).await {
        Ok(id) => id,
        // Two requests at once on PostgreSQL: the partial unique index stops the second.
        Err(e) if store::is_unique_violation(&e) => {
            return Err(conflict("certificate_request_pending", Msg::CertificateRequestPending))
        }
        Err(e) => return Err(e.into()),
    };
    let row = store::certificates::request_by_id(&mut *tx, id).await?.ok_or_else(ApiError::not_found)?;
    let payload = json!({ "request": request_dto(&row) });
    let mut events = Vec::new();
    for sup in store::courses::supervisor_ids(&mut *tx).await? {
        events.push(notify(&mut tx, sup, "certificate_request.created", &payload).await?);
    }
    tx.commit().await?;
    state.realtime.publish(&events).await;
    Ok(HttpResponse::Created().json(CertificateRequestReply {
        message: Msg::CertificateRequestSent.render(lang),
        request: request_dto(&row),
    }))
}

// ---------------------------------------------------------------------------------------------
// Supervisors

#[derive(Deserialize, IntoParams)]
pub struct QueueQuery {
    /// `pending` (default), `approved` or `rejected`.
    status: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct CertificateRequestList {
    pub requests: Vec<CertificateRequestDto>,
}

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
    require(user, UserType::Supervisor)?;
    let status = RequestStatus::parse(query.status.as_deref().unwrap_or("pending"))
        .ok_or_else(|| ApiError::field_invalid("status"))?;
    let rows = store::certificates::requests(&state.db, status).await?;
    Ok(web::Json(CertificateRequestList { requests: rows.iter().map(request_dto).collect() }))
}

#[derive(Serialize, ToSchema)]
pub struct ApproveReply {
    pub message: String,
    pub certificate: CertificateDto,
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
    require(user, UserType::Supervisor)?;
    let id = path.into_inner();
    let request = store::certificates::request_by_id(&state.db, id).await?.ok_or_else(ApiError::not_found)?;
    if request.status != RequestStatus::Pending.as_str() {
        return Err(conflict("already_decided", Msg::RequestAlreadyDecided));
    }
    // The result as it is now (the course may have changed since the request), read before
    // the write transaction so the writer's turn stays short.
    let result = store::assessments::course_result(
        &state.db,
        request.course_id,
        request.student_id,
        &state.settings.grade_bands,
    )
    .await?
    .ok_or_else(ApiError::not_found)?;
    if !result.completed {
        return Err(conflict("course_not_completed", Msg::CourseNotCompleted));
    }
    let course = store::courses::by_id(&state.db, request.course_id).await?.ok_or_else(ApiError::not_found)?;
    let code = CertificateCode::generate();

    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    if !store::certificates::decide(&mut tx, id, RequestStatus::Approved, user.id, None).await? {
        return Err(conflict("already_decided", Msg::RequestAlreadyDecided));
    }
    if store::certificates::valid_of(&mut *tx, request.course_id, request.student_id).await?.is_some() {
        return Err(conflict("certificate_already_issued", Msg::CertificateAlreadyIssued));
    }
    store::certificates::insert_certificate(
        &mut tx,
        &NewCertificate {
            code: &code,
            request_id: id,
            course_id: course.id,
            student_id: request.student_id,
            student_name: &request.student_name,
            course_title: &course.title,
            duration_days: course.duration_days,
            percent: result.percent,
            grade: result.band.map(GradeBand::as_str),
            issued_by: user.id,
        },
    )
    .await?;
    let decided = store::certificates::request_by_id(&mut *tx, id).await?.ok_or_else(ApiError::not_found)?;
    let issued = store::certificates::by_code(&mut *tx, &code).await?.ok_or_else(ApiError::not_found)?;
    let certificate = certificate_dto(&state, &issued);
    let payload = json!({ "request": request_dto(&decided), "certificate": certificate });
    let events = tell_decision(&mut tx, request.student_id, &payload).await?;
    tx.commit().await?;
    state.realtime.publish(&events).await;
    Ok(web::Json(ApproveReply { message: Msg::CertificateIssued.render(lang), certificate }))
}

/// `certificate_request.decided` to the student and to every supervisor, whose queues then
/// drop the request without a reload.
async fn tell_decision(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    student: i64,
    payload: &serde_json::Value,
) -> Result<Vec<store::notifications::Event>, ApiError> {
    let mut events = vec![notify(tx, student, "certificate_request.decided", payload).await?];
    for sup in store::courses::supervisor_ids(&mut **tx).await? {
        events.push(notify(tx, sup, "certificate_request.decided", payload).await?);
    }
    Ok(events)
}

#[derive(Deserialize, ToSchema, Default)]
pub struct ReasonInput {
    /// Required: 1 to 500 characters.
    #[serde(default)]
    pub reason: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct RejectReply {
    pub message: String,
    pub request: CertificateRequestDto,
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
    require(user, UserType::Supervisor)?;
    let reason = required_text(body.0.reason.as_deref().unwrap_or(""), "reason", REASON_MAX)?;
    let id = path.into_inner();
    let request = store::certificates::request_by_id(&state.db, id).await?.ok_or_else(ApiError::not_found)?;
    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    if !store::certificates::decide(&mut tx, id, RequestStatus::Rejected, user.id, Some(&reason)).await? {
        return Err(conflict("already_decided", Msg::RequestAlreadyDecided));
    }
    let decided = store::certificates::request_by_id(&mut *tx, id).await?.ok_or_else(ApiError::not_found)?;
    let payload = json!({ "request": request_dto(&decided), "certificate": null });
    let events = tell_decision(&mut tx, request.student_id, &payload).await?;
    tx.commit().await?;
    state.realtime.publish(&events).await;
    Ok(web::Json(RejectReply { message: Msg::CertificateRequestRejected.render(lang), request: request_dto(&decided) }))
}

#[derive(Deserialize, IntoParams)]
pub struct IssuedQuery {
    /// Part of the student's name or e-mail, the course title or the code; any case.
    q: Option<String>,
    /// At most this many (default 50, at most 200).
    limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct CertificateList {
    pub certificates: Vec<CertificateDto>,
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
    require(user, UserType::Supervisor)?;
    let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    let exact = q.and_then(CertificateCode::parse);
    let limit = query.limit.unwrap_or(50).clamp(1, 200);
    let rows = store::certificates::issued(&state.db, q, exact.as_ref(), limit).await?;
    Ok(web::Json(CertificateList { certificates: rows.iter().map(|z| certificate_dto(&state, z)).collect() }))
}

#[derive(Serialize, ToSchema)]
pub struct RevokeReply {
    pub message: String,
    pub certificate: CertificateDto,
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
    require(user, UserType::Supervisor)?;
    let z = visible(&state, user, &path.into_inner()).await?;
    let reason = required_text(body.0.reason.as_deref().unwrap_or(""), "reason", REASON_MAX)?;
    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    if !store::certificates::revoke(&mut tx, z.id, user.id, &reason).await? {
        return Err(conflict("already_revoked", Msg::CertificateAlreadyRevoked));
    }
    let code = CertificateCode::parse(&z.code).ok_or_else(certificate_not_found)?;
    let revoked = store::certificates::by_code(&mut *tx, &code).await?.ok_or_else(certificate_not_found)?;
    let certificate = certificate_dto(&state, &revoked);
    let events =
        vec![notify(&mut tx, z.student_id, "certificate.revoked", &json!({ "certificate": certificate })).await?];
    tx.commit().await?;
    state.realtime.publish(&events).await;
    Ok(web::Json(RevokeReply { message: Msg::CertificateRevoked.render(lang), certificate }))
}

// ---------------------------------------------------------------------------------------------
// The owner or a supervisor

/// A certificate (its owner or a supervisor; 404 for anyone else).
#[utoipa::path(get, path = "/api/certificates/{code}", tag = "certificates", security(("bearer" = [])),
    params(("code" = String, Path)),
    responses((status = 200, body = CertificateDto), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<String>,
) -> Result<web::Json<CertificateDto>, ApiError> {
    let z = visible(&state, user, &path.into_inner()).await?;
    Ok(web::Json(certificate_dto(&state, &z)))
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
    let z = visible(&state, user, &path.into_inner()).await?;
    let url = verify_url(&state, &z.code);
    let shared = state.clone();
    let row = z.clone();
    // Parsing the font and compressing the page are CPU work: off the async workers.
    let bytes = web::block(move || {
        let font = shared.cert_font.get()?;
        pdf::render(
            &font,
            &pdf::CertificatePage {
                code: &row.code,
                student_name: &row.student_name,
                course_title: &row.course_title,
                issued_at_ms: row.issued_at,
                duration_days: row.duration_days,
                percent: row.percent,
                grade: row.grade.as_deref().and_then(parse_band),
                verify_url: &url,
                revoked: row.revoked_at.is_some(),
            },
        )
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(|e| ApiError {
        source: Some(e.into()),
        ..ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "certificate_pdf_unavailable",
            Msg::CertificatePdfUnavailable,
        )
    })?;
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
    let who = req.peer_addr().map(|a| a.ip().to_string()).unwrap_or_default();
    if state.limiter.allow(&format!("verify:{who}"), 120, Duration::from_secs(60)) {
        Ok(())
    } else {
        Err(ApiError::too_many_attempts())
    }
}

async fn public(state: &AppState, req: &HttpRequest, raw: &str) -> Result<CertificateRow, ApiError> {
    limit_verification(state, req)?;
    let code = CertificateCode::parse(raw).ok_or_else(certificate_not_found)?;
    store::certificates::by_code(&state.db, &code).await?.ok_or_else(certificate_not_found)
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
    let z = public(&state, &req, &path.into_inner()).await?;
    Ok(web::Json(VerifyDto {
        status: status_of(&z),
        code: z.code,
        student_name: z.student_name,
        course_title: z.course_title,
        issued_at: iso(z.issued_at),
        duration_days: z.duration_days,
        grade: z.grade.as_deref().and_then(parse_band),
        percent: z.percent,
        revoked_at: z.revoked_at.map(iso),
    }))
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
    let svg = qr::svg(&verify_url(&state, &z.code), &title)
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("verification address too long for a QR code")))?;
    Ok(HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header(("X-Content-Type-Options", "nosniff"))
        // The address a code points to never changes.
        .insert_header(("Cache-Control", "public, max-age=86400"))
        .insert_header(("Vary", "Accept-Language"))
        .body(svg))
}
