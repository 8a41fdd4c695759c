//! What course events carry: an accreditation or stop request.

use serde::Serialize;
use utoipa::ToSchema;

use crate::{db::iso, store::courses::RequestRow};

#[derive(Serialize, ToSchema)]
pub struct RequestDto {
    pub id: i64,
    pub course_id: i64,
    pub course_title: String,
    pub instructor_name: String,
    /// `accreditation` or `stop`.
    pub kind: String,
    /// `pending`, `approved` or `rejected`.
    pub status: String,
    pub reason: Option<String>,
    pub requested_at: String,
    pub decided_at: Option<String>,
    /// The supervisor who decided.
    pub decided_by_name: Option<String>,
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
    }
}
