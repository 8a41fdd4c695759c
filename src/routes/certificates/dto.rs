//! The certificates area's request and response types.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    db::iso,
    domain::{
        assessment_grading::{GradeBand, ProgressState},
        certificate::{parse_band, CertificateStatus},
    },
    events::certificates::{certificate_dto, request_dto, status_of, CertificateDto, CertificateRequestDto},
    services::certificates::CourseCertificate as Held,
    store::certificates::CertificateRow,
};

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
    #[schema(required)]
    pub grade: Option<GradeBand>,
    #[schema(required)]
    pub percent: Option<f64>,
    #[schema(required)]
    pub revoked_at: Option<String>,
}

pub fn verify_dto(z: CertificateRow) -> VerifyDto {
    VerifyDto {
        status: status_of(&z),
        code: z.code,
        student_name: z.student_name,
        course_title: z.course_title,
        issued_at: iso(z.issued_at),
        duration_days: z.duration_days,
        grade: z.grade.as_deref().and_then(parse_band),
        percent: z.percent,
        revoked_at: z.revoked_at.map(iso),
    }
}

#[derive(Serialize, ToSchema)]
pub struct CourseCertificate {
    pub course_id: i64,
    pub course_title: String,
    pub progress_state: ProgressState,
    #[schema(required)]
    pub percent: Option<f64>,
    /// Set once the course is completed.
    #[schema(required)]
    pub grade: Option<GradeBand>,
    /// The latest request.
    #[schema(required)]
    pub request: Option<CertificateRequestDto>,
    /// The valid certificate, or else the latest revoked one.
    #[schema(required)]
    pub certificate: Option<CertificateDto>,
}

#[derive(Serialize, ToSchema)]
pub struct StudentCertificates {
    pub courses: Vec<CourseCertificate>,
}

pub fn course_certificate(public_url: &str, c: &Held) -> CourseCertificate {
    let p = &c.enrolled.progress.progress;
    CourseCertificate {
        course_id: c.enrolled.course.id,
        course_title: c.enrolled.course.title.clone(),
        progress_state: p.state,
        percent: p.percent,
        grade: p.grade,
        request: c.request.as_ref().map(request_dto),
        certificate: c.certificate.as_ref().map(|z| certificate_dto(public_url, z)),
    }
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

#[derive(Deserialize, IntoParams)]
pub struct QueueQuery {
    /// `pending` (default), `approved` or `rejected`.
    #[param(pattern = "^(pending|approved|rejected)$")]
    pub status: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct CertificateRequestList {
    pub requests: Vec<CertificateRequestDto>,
}

#[derive(Serialize, ToSchema)]
pub struct ApproveReply {
    pub message: String,
    pub certificate: CertificateDto,
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

#[derive(Deserialize, IntoParams)]
pub struct IssuedQuery {
    /// Part of the student's name or e-mail, the course title or the code; any case.
    pub q: Option<String>,
    /// At most this many (default 50, at most 200).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct CertificateList {
    pub certificates: Vec<CertificateDto>,
}

#[derive(Serialize, ToSchema)]
pub struct RevokeReply {
    pub message: String,
    pub certificate: CertificateDto,
}
