//! Certificate requests and issued certificates.

use sqlx::{Any, Executor, Transaction};

use crate::{
    db::{now_ms, Db},
    domain::certificate::{CertificateCode, RequestStatus},
};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct RequestRow {
    pub id: i64,
    pub course_id: i64,
    pub course_title: String,
    pub student_id: i64,
    pub student_name: String,
    pub status: String,
    pub percent: Option<f64>,
    pub grade: Option<String>,
    pub reason: Option<String>,
    pub requested_at: i64,
    pub decided_at: Option<i64>,
    /// The certificate issued on approval.
    pub certificate_code: Option<String>,
}

const REQUEST_SELECT: &str =
    "SELECT r.id, r.course_id, c.title AS course_title, r.student_id, u.name AS student_name, \
     r.status, r.percent, r.grade, r.reason, r.requested_at, r.decided_at, \
     (SELECT z.code FROM certificates z WHERE z.request_id = r.id) AS certificate_code \
     FROM certificate_requests r JOIN courses c ON c.id = r.course_id JOIN users u ON u.id = r.student_id";

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CertificateRow {
    pub id: i64,
    pub code: String,
    pub request_id: i64,
    pub course_id: i64,
    pub student_id: i64,
    pub student_name: String,
    pub course_title: String,
    pub duration_days: i64,
    pub percent: Option<f64>,
    pub grade: Option<String>,
    pub issued_at: i64,
    pub revoked_at: Option<i64>,
    pub revoke_reason: Option<String>,
}

const CERTIFICATE_SELECT: &str = "SELECT z.id, z.code, z.request_id, z.course_id, z.student_id, z.student_name, \
     z.course_title, z.duration_days, z.percent, z.grade, z.issued_at, z.revoked_at, z.revoke_reason \
     FROM certificates z";

pub async fn request_by_id<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    id: i64,
) -> Result<Option<RequestRow>, sqlx::Error> {
    sqlx::query_as(&format!("{REQUEST_SELECT} WHERE r.id = $1")).bind(id).fetch_optional(ex).await
}

/// A supervisor's queue: one status, oldest first.
pub async fn requests(db: &Db, status: RequestStatus) -> Result<Vec<RequestRow>, sqlx::Error> {
    sqlx::query_as(&format!("{REQUEST_SELECT} WHERE r.status = $1 ORDER BY r.id"))
        .bind(status.as_str())
        .fetch_all(db)
        .await
}

/// Every request of a student, newest first.
/// How many certificate requests wait for a supervisor.
pub async fn pending_count(db: &Db) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) =
        sqlx::query_as("SELECT CAST(COUNT(*) AS BIGINT) FROM certificate_requests WHERE status = 'pending'")
            .fetch_one(db)
            .await?;
    Ok(n)
}

pub async fn requests_of_student(db: &Db, student: i64) -> Result<Vec<RequestRow>, sqlx::Error> {
    sqlx::query_as(&format!("{REQUEST_SELECT} WHERE r.student_id = $1 ORDER BY r.id DESC"))
        .bind(student)
        .fetch_all(db)
        .await
}

/// Whether the student has a request waiting for this course.
pub async fn has_pending(tx: &mut Transaction<'static, Any>, course: i64, student: i64) -> Result<bool, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT id FROM certificate_requests WHERE course_id = $1 AND student_id = $2 AND status = 'pending'",
    )
    .bind(course)
    .bind(student)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(row.is_some())
}

/// The student's valid (not revoked) certificate for this course, if any.
pub async fn valid_of<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    course: i64,
    student: i64,
) -> Result<Option<CertificateRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{CERTIFICATE_SELECT} WHERE z.course_id = $1 AND z.student_id = $2 AND z.revoked_at IS NULL"
    ))
    .bind(course)
    .bind(student)
    .fetch_optional(ex)
    .await
}

pub async fn insert_request(
    tx: &mut Transaction<'static, Any>,
    course: i64,
    student: i64,
    percent: Option<f64>,
    grade: Option<&str>,
) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO certificate_requests (course_id, student_id, status, percent, grade, requested_at) \
         VALUES ($1, $2, 'pending', $3, $4, $5) RETURNING id",
    )
    .bind(course)
    .bind(student)
    .bind(percent)
    .bind(grade)
    .bind(now_ms())
    .fetch_one(&mut **tx)
    .await?;
    Ok(id)
}

/// Decides a pending request; false when it was no longer pending (another supervisor was
/// first), so a request is decided once.
pub async fn decide(
    tx: &mut Transaction<'static, Any>,
    id: i64,
    status: RequestStatus,
    by: i64,
    reason: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query(
        "UPDATE certificate_requests SET status = $2, decided_by = $3, decided_at = $4, reason = $5 \
         WHERE id = $1 AND status = 'pending'",
    )
    .bind(id)
    .bind(status.as_str())
    .bind(by)
    .bind(now_ms())
    .bind(reason)
    .execute(&mut **tx)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// What an issued certificate records, as it was on the day.
pub struct NewCertificate<'a> {
    pub code: &'a CertificateCode,
    pub request_id: i64,
    pub course_id: i64,
    pub student_id: i64,
    pub student_name: &'a str,
    pub course_title: &'a str,
    pub duration_days: i64,
    pub percent: Option<f64>,
    pub grade: Option<&'a str>,
    pub issued_by: i64,
}

pub async fn insert_certificate(tx: &mut Transaction<'static, Any>, c: &NewCertificate<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO certificates (code, request_id, course_id, student_id, student_name, course_title, \
         duration_days, percent, grade, issued_by, issued_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(c.code.as_str())
    .bind(c.request_id)
    .bind(c.course_id)
    .bind(c.student_id)
    .bind(c.student_name)
    .bind(c.course_title)
    .bind(c.duration_days)
    .bind(c.percent)
    .bind(c.grade)
    .bind(c.issued_by)
    .bind(now_ms())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn by_code<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    code: &CertificateCode,
) -> Result<Option<CertificateRow>, sqlx::Error> {
    sqlx::query_as(&format!("{CERTIFICATE_SELECT} WHERE z.code = $1")).bind(code.as_str()).fetch_optional(ex).await
}

/// Every certificate of a student, newest first.
pub async fn of_student(db: &Db, student: i64) -> Result<Vec<CertificateRow>, sqlx::Error> {
    sqlx::query_as(&format!("{CERTIFICATE_SELECT} WHERE z.student_id = $1 ORDER BY z.id DESC"))
        .bind(student)
        .fetch_all(db)
        .await
}

/// Issued certificates, newest first. `q` matches the student's name (on the certificate or
/// the account) or e-mail, the course title or the code, ignoring case; `exact` is `q` read
/// as a code, so a code typed without hyphens is found too.
pub async fn issued(
    db: &Db,
    q: Option<&str>,
    exact: Option<&CertificateCode>,
    limit: i64,
) -> Result<Vec<CertificateRow>, sqlx::Error> {
    issued_page(db, q, exact, limit, 0).await
}

const ISSUED_WHERE: &str = "JOIN users u ON u.id = z.student_id \
     WHERE $1 IS NULL OR z.code = $2 OR LOWER(z.student_name) LIKE $1 ESCAPE '\\' \
     OR LOWER(u.name) LIKE $1 ESCAPE '\\' OR LOWER(u.email) LIKE $1 ESCAPE '\\' \
     OR LOWER(z.course_title) LIKE $1 ESCAPE '\\' OR LOWER(z.code) LIKE $1 ESCAPE '\\'";

/// [`issued`] from the `offset`-th on (the admin site's pages).
pub async fn issued_page(
    db: &Db,
    q: Option<&str>,
    exact: Option<&CertificateCode>,
    limit: i64,
    offset: i64,
) -> Result<Vec<CertificateRow>, sqlx::Error> {
    // LIKE's wildcards in what the supervisor typed are literal characters.
    let pattern = q.map(super::contains_pattern);
    sqlx::query_as(&format!(
        "{CERTIFICATE_SELECT} {ISSUED_WHERE} ORDER BY z.issued_at DESC, z.id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(pattern)
    .bind(exact.map(|c| c.as_str().to_string()))
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

pub async fn issued_count(db: &Db, q: Option<&str>, exact: Option<&CertificateCode>) -> Result<i64, sqlx::Error> {
    let pattern = q.map(super::contains_pattern);
    let (n,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM certificates z {ISSUED_WHERE}"))
        .bind(pattern)
        .bind(exact.map(|c| c.as_str().to_string()))
        .fetch_one(db)
        .await?;
    Ok(n)
}

/// Revokes a valid certificate; false when it was already revoked.
pub async fn revoke(tx: &mut Transaction<'static, Any>, id: i64, by: i64, reason: &str) -> Result<bool, sqlx::Error> {
    let r = sqlx::query(
        "UPDATE certificates SET revoked_at = $2, revoked_by = $3, revoke_reason = $4 \
         WHERE id = $1 AND revoked_at IS NULL",
    )
    .bind(id)
    .bind(now_ms())
    .bind(by)
    .bind(reason)
    .execute(&mut **tx)
    .await?;
    Ok(r.rows_affected() == 1)
}
