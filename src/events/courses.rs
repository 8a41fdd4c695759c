//! What course events carry: an accreditation or stop request.

use serde::Serialize;
use utoipa::ToSchema;

use crate::{db::iso, domain::revision::Difference, store::courses::RequestRow};

#[derive(Serialize, ToSchema)]
pub struct RequestDto {
    pub id: i64,
    pub course_id: i64,
    pub course_title: String,
    pub instructor_name: String,
    /// `accreditation` or `stop`.
    #[schema(value_type = CourseRequestKind)]
    pub kind: String,
    /// `pending`, `approved` or `rejected`.
    #[schema(value_type = crate::domain::certificate::RequestStatus)]
    pub status: String,
    #[schema(required)]
    pub reason: Option<String>,
    pub requested_at: String,
    #[schema(required)]
    pub decided_at: Option<String>,
    /// The supervisor who decided.
    #[schema(required)]
    pub decided_by_name: Option<String>,
    /// A revision request (kind `accreditation`): the revision it asks to apply to the live
    /// course `course_id` (gone once approved).
    #[schema(required)]
    pub revision_id: Option<i64>,
    /// A revision request: what it changes in the live course, as sent.
    #[schema(required)]
    pub difference: Option<Difference>,
}

/// What a course request asks (`RequestDto.kind`, a stored text; only the document uses this).
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum CourseRequestKind {
    Accreditation,
    Stop,
}

pub fn request_dto(r: &RequestRow) -> RequestDto {
    RequestDto {
        id: r.id,
        course_id: r.course_id,
        course_title: r.course_title.clone(),
        instructor_name: r.instructor_name.clone(),
        kind: r.kind.clone(),
        status: r.status.clone(),
        reason: r.reason.clone(),
        requested_at: iso(r.requested_at),
        decided_at: r.decided_at.map(iso),
        decided_by_name: r.decided_by_name.clone(),
        revision_id: r.revision_id,
        difference: r.difference.as_deref().and_then(|d| serde_json::from_str(d).ok()),
    }
}
