//! Certificates (spec §3, §4): a student who completed a course requests one; supervisors
//! approve (issuing it under a random code) or reject with a reason, and may revoke it later.
//! Everyone concerned is told live. The owner and supervisors read it and download its PDF;
//! anyone may verify a code.

use std::sync::Arc;

use crate::{
    auth::AuthUser,
    certificate_pdf::pdf::{self, FontCache},
    db::{self, Db},
    domain::{
        assessment_grading::{GradeBand, GradeBands},
        certificate::{parse_band, CertificateCode, RequestStatus},
        required_text, UserType,
    },
    events::{
        certificates::{certificate_dto, request_dto, verify_url, CertificateDto, CertificateRequestDto},
        notify, notify_each, LiveEvent,
    },
    realtime::Realtime,
    store::{
        self,
        certificates::{CertificateRow, NewCertificate, RequestRow},
        notifications::Event,
    },
};

use super::{
    progress::{self, Enrolled},
    ServiceError,
};

/// Longest reason a supervisor may give for a rejection or a revocation.
const REASON_MAX: usize = 500;

/// A student requests the certificate of a course they completed; every supervisor is told.
pub async fn request(
    db: &Db,
    realtime: &Realtime,
    bands: &GradeBands,
    student: AuthUser,
    course: i64,
) -> Result<CertificateRequestDto, ServiceError> {
    // None: not enrolled (or no such course).
    let result = progress::course_result(db, bands, course, student.id).await?.ok_or(ServiceError::NotFound)?;
    let (mut tx, _turn) = db::begin_write(db).await?;
    if store::certificates::valid_of(&mut *tx, course, student.id).await?.is_some() {
        return Err(ServiceError::CertificateAlreadyIssued);
    }
    if store::certificates::has_pending(&mut tx, course, student.id).await? {
        return Err(ServiceError::CertificateRequestPending);
    }
    if !result.completed {
        return Err(ServiceError::CourseNotCompleted);
    }
    let grade = result.band.map(GradeBand::as_str);
    let id = match store::certificates::insert_request(&mut tx, course, student.id, result.percent, grade).await {
        Ok(id) => id,
        // Two requests at once on PostgreSQL: the partial unique index stops the second.
        Err(e) if store::is_unique_violation(&e) => return Err(ServiceError::CertificateRequestPending),
        Err(e) => return Err(e.into()),
    };
    let row = request_dto(&store::certificates::request_by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?);
    let supervisors = store::courses::supervisor_ids(&mut *tx).await?;
    let events = notify_each(&mut tx, supervisors, &LiveEvent::CertificateRequestCreated { request: &row }).await?;
    tx.commit().await?;
    realtime.publish(&events).await;
    Ok(row)
}

/// A supervisor approves a pending request: the certificate is issued with a new random code,
/// with the student's name, the course and the result as they are now (`public_url`: the
/// site's address, for the verification link). The student and every supervisor are told live.
pub async fn approve(
    db: &Db,
    realtime: &Realtime,
    bands: &GradeBands,
    public_url: &str,
    supervisor: AuthUser,
    id: i64,
) -> Result<CertificateDto, ServiceError> {
    let request = store::certificates::request_by_id(db, id).await?.ok_or(ServiceError::NotFound)?;
    if request.status != RequestStatus::Pending.as_str() {
        return Err(ServiceError::CertificateRequestDecided);
    }
    // The result as it is now (the course may have changed since the request), read before
    // the write transaction so the writer's turn stays short.
    let result = progress::course_result(db, bands, request.course_id, request.student_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if !result.completed {
        return Err(ServiceError::CourseNotCompleted);
    }
    let course = store::courses::by_id(db, request.course_id).await?.ok_or(ServiceError::NotFound)?;
    let code = CertificateCode::generate();

    let (mut tx, _turn) = db::begin_write(db).await?;
    if !store::certificates::decide(&mut tx, id, RequestStatus::Approved, supervisor.id, None).await? {
        return Err(ServiceError::CertificateRequestDecided);
    }
    if store::certificates::valid_of(&mut *tx, request.course_id, request.student_id).await?.is_some() {
        return Err(ServiceError::CertificateAlreadyIssued);
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
            issued_by: supervisor.id,
        },
    )
    .await?;
    let decided = request_dto(&store::certificates::request_by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?);
    let issued = store::certificates::by_code(&mut *tx, &code).await?.ok_or(ServiceError::NotFound)?;
    let certificate = certificate_dto(public_url, &issued);
    let after = serde_json::json!({ "status": "approved", "certificate_code": certificate.code });
    super::audit::record(
        &mut tx,
        supervisor,
        "certificate.approve",
        "certificate_request",
        id,
        Some(serde_json::json!({ "status": "pending" })),
        Some(after),
    )
    .await?;
    let event = LiveEvent::CertificateRequestDecided { request: &decided, certificate: Some(&certificate) };
    let events = tell_decision(&mut tx, request.student_id, &event).await?;
    tx.commit().await?;
    realtime.publish(&events).await;
    Ok(certificate)
}

/// A supervisor rejects a pending request with a reason (1–500 characters); the student may
/// ask again. Told live as an approval is, without a certificate.
pub async fn reject(
    db: &Db,
    realtime: &Realtime,
    supervisor: AuthUser,
    id: i64,
    reason: &str,
) -> Result<CertificateRequestDto, ServiceError> {
    let reason = required_text(reason, "reason", REASON_MAX)?;
    let request = store::certificates::request_by_id(db, id).await?.ok_or(ServiceError::NotFound)?;
    let (mut tx, _turn) = db::begin_write(db).await?;
    if !store::certificates::decide(&mut tx, id, RequestStatus::Rejected, supervisor.id, Some(&reason)).await? {
        return Err(ServiceError::CertificateRequestDecided);
    }
    let decided = request_dto(&store::certificates::request_by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?);
    let after = serde_json::json!({ "status": "rejected", "reason": reason });
    super::audit::record(
        &mut tx,
        supervisor,
        "certificate.reject",
        "certificate_request",
        id,
        Some(serde_json::json!({ "status": "pending" })),
        Some(after),
    )
    .await?;
    let event = LiveEvent::CertificateRequestDecided { request: &decided, certificate: None };
    let events = tell_decision(&mut tx, request.student_id, &event).await?;
    tx.commit().await?;
    realtime.publish(&events).await;
    Ok(decided)
}

/// A decision goes to the student and to every supervisor, whose queues then drop the request
/// without a reload.
async fn tell_decision(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    student: i64,
    event: &LiveEvent<'_>,
) -> Result<Vec<Event>, ServiceError> {
    let mut events = vec![notify(tx, student, event).await?];
    let supervisors = store::courses::supervisor_ids(&mut **tx).await?;
    events.extend(notify_each(tx, supervisors, event).await?);
    Ok(events)
}

/// A supervisor revokes a certificate with a reason (1–500 characters). Its verification page
/// then says it is revoked; the student is told live and may request a new one.
pub async fn revoke(
    db: &Db,
    realtime: &Realtime,
    public_url: &str,
    supervisor: AuthUser,
    code: &str,
    reason: &str,
) -> Result<CertificateDto, ServiceError> {
    let z = visible(db, supervisor, code).await?;
    let reason = required_text(reason, "reason", REASON_MAX)?;
    let (mut tx, _turn) = db::begin_write(db).await?;
    if !store::certificates::revoke(&mut tx, z.id, supervisor.id, &reason).await? {
        return Err(ServiceError::CertificateAlreadyRevoked);
    }
    let code = CertificateCode::parse(&z.code).ok_or(ServiceError::CertificateNotFound)?;
    let revoked = store::certificates::by_code(&mut *tx, &code).await?.ok_or(ServiceError::CertificateNotFound)?;
    let certificate = certificate_dto(public_url, &revoked);
    let after = serde_json::json!({ "status": "revoked", "reason": reason });
    super::audit::record(
        &mut tx,
        supervisor,
        "certificate.revoke",
        "certificate",
        &z.code,
        Some(serde_json::json!({ "status": "valid" })),
        Some(after),
    )
    .await?;
    let events =
        vec![notify(&mut tx, z.student_id, &LiveEvent::CertificateRevoked { certificate: &certificate }).await?];
    tx.commit().await?;
    realtime.publish(&events).await;
    Ok(certificate)
}

/// A certificate its owner or a supervisor may see; anyone else is told it does not exist,
/// so a code's existence does not leak.
pub async fn visible(db: &Db, user: AuthUser, raw: &str) -> Result<CertificateRow, ServiceError> {
    let code = CertificateCode::parse(raw).ok_or(ServiceError::CertificateNotFound)?;
    let z = store::certificates::by_code(db, &code).await?.ok_or(ServiceError::CertificateNotFound)?;
    if user.typ == UserType::Supervisor || (user.typ == UserType::Student && z.student_id == user.id) {
        Ok(z)
    } else {
        Err(ServiceError::CertificateNotFound)
    }
}

/// Any certificate by its code, for the public verification page; unknown and malformed
/// codes are not found.
pub async fn by_code(db: &Db, raw: &str) -> Result<CertificateRow, ServiceError> {
    let code = CertificateCode::parse(raw).ok_or(ServiceError::CertificateNotFound)?;
    store::certificates::by_code(db, &code).await?.ok_or(ServiceError::CertificateNotFound)
}

/// A certificate as a one-page A4 PDF, for its owner or a supervisor. Drawing it is CPU
/// work: it runs on the blocking pool.
pub async fn pdf(
    db: &Db,
    fonts: &Arc<FontCache>,
    public_url: &str,
    user: AuthUser,
    code: &str,
    society: (String, String),
) -> Result<(CertificateRow, Vec<u8>), ServiceError> {
    let z = visible(db, user, code).await?;
    let url = verify_url(public_url, &z.code);
    let fonts = fonts.clone();
    let row = z.clone();
    // Parsing the font and compressing the page are CPU work: off the async workers.
    let bytes = tokio::task::spawn_blocking(move || {
        let font = fonts.get()?;
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
                society_ar: &society.0,
                society_en: &society.1,
            },
        )
    })
    .await
    .map_err(anyhow::Error::from)?
    .map_err(ServiceError::CertificatePdf)?;
    Ok((z, bytes))
}

/// One of a student's courses, with their latest certificate request and certificate.
pub struct CourseCertificate {
    pub enrolled: Enrolled,
    /// The latest request.
    pub request: Option<RequestRow>,
    /// The valid certificate, or else the latest revoked one.
    pub certificate: Option<CertificateRow>,
}

/// Every course the student is enrolled in, with their result, latest request and certificate.
pub async fn of_student(
    db: &Db,
    bands: &GradeBands,
    student: AuthUser,
) -> Result<Vec<CourseCertificate>, ServiceError> {
    let courses = progress::enrolled(db, bands, student).await?;
    let requests = store::certificates::requests_of_student(db, student.id).await?;
    let certificates = store::certificates::of_student(db, student.id).await?;
    Ok(courses
        .into_iter()
        .map(|enrolled| {
            let id = enrolled.course.id;
            let mine: Vec<&CertificateRow> = certificates.iter().filter(|z| z.course_id == id).collect();
            let certificate = mine.iter().find(|z| z.revoked_at.is_none()).or(mine.first()).map(|z| (*z).clone());
            let request = requests.iter().find(|r| r.course_id == id).cloned();
            CourseCertificate { enrolled, request, certificate }
        })
        .collect())
}

/// The certificate requests of one status, oldest first (a supervisor's queue).
pub async fn requests(db: &Db, status: RequestStatus) -> Result<Vec<RequestRow>, ServiceError> {
    Ok(store::certificates::requests(db, status).await?)
}

/// Issued certificates (valid and revoked), newest first; `q` searches the student's name or
/// e-mail, the course title and the code.
pub async fn issued(db: &Db, q: Option<&str>, limit: i64) -> Result<Vec<CertificateRow>, ServiceError> {
    let exact = q.and_then(CertificateCode::parse);
    Ok(store::certificates::issued(db, q, exact.as_ref(), limit).await?)
}
