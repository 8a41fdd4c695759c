//! What certificate events carry: a request and an issued certificate.

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    db::iso,
    domain::{
        assessment_grading::GradeBand,
        certificate::{parse_band, CertificateStatus, RequestStatus},
    },
    store::certificates::{CertificateRow, RequestRow},
};

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
    #[schema(required)]
    pub reason: Option<String>,
    pub requested_at: String,
    #[schema(required)]
    pub decided_at: Option<String>,
    /// The student's result when asking (the queue shows it to the supervisor).
    #[schema(required)]
    pub percent: Option<f64>,
    #[schema(required)]
    pub grade: Option<GradeBand>,
    /// The certificate issued when it was approved.
    #[schema(required)]
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
    #[schema(required)]
    pub grade: Option<GradeBand>,
    #[schema(required)]
    pub percent: Option<f64>,
    pub status: CertificateStatus,
    #[schema(required)]
    pub revoked_at: Option<String>,
    #[schema(required)]
    pub revoke_reason: Option<String>,
    /// The public verification page the QR code opens.
    pub verify_url: String,
}

pub fn request_dto(r: &RequestRow) -> CertificateRequestDto {
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

/// The public verification page of a code, which the QR code opens.
pub fn verify_url(public_url: &str, code: &str) -> String {
    format!("{public_url}/certificates/verify/{code}")
}

pub fn status_of(z: &CertificateRow) -> CertificateStatus {
    if z.revoked_at.is_some() {
        CertificateStatus::Revoked
    } else {
        CertificateStatus::Valid
    }
}

/// `public_url`: the site's address (`LAMSA_PUBLIC_URL`), for the verification link.
pub fn certificate_dto(public_url: &str, z: &CertificateRow) -> CertificateDto {
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
        verify_url: verify_url(public_url, &z.code),
    }
}
