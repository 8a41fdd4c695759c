//! What assessment events carry: a submitted attempt and the assessment it answers.

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    db::iso,
    domain::{assessment::AssessmentKind, assessment_grading::percent},
    store::assessments::{AssessmentRow, AttemptRow, AttemptSummaryRow},
};

#[derive(Serialize, ToSchema)]
pub struct AttemptDto {
    pub id: i64,
    pub assessment_id: i64,
    /// 1 for the first attempt, 2 for the first retry…
    pub number: i64,
    pub started_at: String,
    /// Null while open.
    #[schema(required)]
    pub submitted_at: Option<String>,
    #[schema(required)]
    pub score: Option<i64>,
    pub max_score: i64,
    /// Floored to one decimal.
    #[schema(required)]
    pub percent: Option<f64>,
    #[schema(required)]
    pub passed: Option<bool>,
    /// The pass mark (percent) in force when the attempt started.
    pub pass_mark: i64,
}

/// Both attempt rows carry these columns: one field list serves both.
macro_rules! attempt_columns {
    ($t:expr) => {
        AttemptDto {
            id: $t.id,
            assessment_id: $t.assessment_id,
            number: $t.number,
            started_at: iso($t.started_at),
            submitted_at: $t.submitted_at.map(iso),
            score: $t.score,
            max_score: $t.max_score,
            percent: $t.score.map(|s| percent(s, $t.max_score)),
            passed: $t.passed.map(|p| p != 0),
            pass_mark: $t.pass_mark,
        }
    };
}

pub fn attempt_dto(t: &AttemptRow) -> AttemptDto {
    attempt_columns!(t)
}

pub fn summary_attempt_dto(t: &AttemptSummaryRow) -> AttemptDto {
    attempt_columns!(t)
}

#[derive(Serialize, ToSchema)]
pub struct AssessmentRef {
    pub id: i64,
    pub title: String,
    #[serde(rename = "type")]
    pub kind: AssessmentKind,
    pub course_id: i64,
    pub course_title: String,
}

pub fn assessment_ref(a: &AssessmentRow) -> AssessmentRef {
    AssessmentRef {
        id: a.id,
        title: a.title.clone(),
        kind: a.kind(),
        course_id: a.course_id,
        course_title: a.course_title.clone(),
    }
}
