//! Wire types that several route areas answer with. Each area's own request and response
//! types are in its module (`courses/dto.rs`, `assessments/dto.rs`…); the shapes live events
//! carry too are in `crate::events`.

use braille::{Cell, Lang as Code};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    domain::assessment_grading::{GradeBand, ProgressState},
    services::progress::StudentProgress,
};

/// A plain acknowledgement, in the request's language.
#[derive(Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

/// Where an avatar file is served (`startup` mounts the folder).
pub fn avatar_url(file: &str) -> String {
    format!("/media/avatars/{file}")
}

#[derive(Serialize, ToSchema)]
pub struct CellInfo {
    /// The cell as a Unicode Braille character.
    pub unicode: String,
    /// Raised dots, e.g. [1, 2, 5]; empty for a blank cell.
    pub dots: Vec<u8>,
    /// What the cell means on its own in the code, e.g. "h" (for screen-reader names).
    pub meaning: Option<String>,
}

pub fn cell_info(cell: Cell, code: Code) -> CellInfo {
    CellInfo {
        unicode: cell.to_unicode().to_string(),
        dots: cell.dots().collect(),
        meaning: braille::describe_cell(cell, code).map(str::to_string),
    }
}

/// A student's progress in a course (spec §4). With assessments: `completed` once every
/// assessment of the course is passed; `not_finished` once the final assessment has been
/// submitted and not passed (`can_retry_final` says whether it may be tried again);
/// `in_progress` once a lesson is done or an attempt started; else `not_started`. Without
/// assessments, the lessons decide: `completed` when every lesson is done.
#[derive(Serialize, ToSchema, Clone)]
pub struct Progress {
    pub state: ProgressState,
    pub lessons_done: i64,
    pub lessons_total: i64,
    pub assessments_passed: i64,
    pub assessments_total: i64,
    /// The final assessment's best percentage (floored to one decimal); without a final, the
    /// points of every assessment's best attempt over their maximum. Null before any submission.
    pub percent: Option<f64>,
    /// The grade band of `percent` once the course is completed (spec §9).
    pub grade: Option<GradeBand>,
    /// `not_finished` and the final assessment may be tried again.
    pub can_retry_final: bool,
}

impl From<&StudentProgress> for Progress {
    fn from(s: &StudentProgress) -> Progress {
        let p = &s.progress;
        Progress {
            state: p.state,
            lessons_done: s.lessons_done,
            lessons_total: s.lessons_total,
            assessments_passed: p.assessments_passed,
            assessments_total: p.assessments_total,
            percent: p.percent,
            grade: p.grade,
            can_retry_final: p.can_retry_final,
        }
    }
}
