//! The assessments area's request and response types.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    domain::{
        assessment::{AnswerInput, AssessmentKind},
        assessment_grading::{GradeBand, Relation},
    },
    events::{
        assessments::{AssessmentRef, AttemptDto},
        PersonRef,
    },
    routes::dto::{CellInfo, Progress},
};

/// A Braille cell without its meaning (which would give answers away).
#[derive(Serialize, ToSchema, Clone)]
pub struct CellDto {
    /// The cell as a Unicode Braille character.
    pub unicode: String,
    /// Raised dots, e.g. [1, 2]; empty for a blank cell.
    pub dots: Vec<u8>,
}

/// Where one cell of a Braille answer differs from the right one.
#[derive(Serialize, ToSchema)]
pub struct CellDifferenceDto {
    /// 0-based, after blank cells at both ends are set aside.
    pub position: usize,
    /// Null where the answer is longer than the right one.
    #[schema(required)]
    pub expected: Option<CellDto>,
    /// Null where the answer is shorter.
    #[schema(required)]
    pub given: Option<CellDto>,
    pub correct: bool,
    /// Dots of the right cell not raised.
    pub missing_dots: Vec<u8>,
    /// Dots raised that the right cell does not have.
    pub extra_dots: Vec<u8>,
}

/// What a question asks for (`QuestionDto.type`; only the document uses this).
#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
pub enum QuestionKind {
    BrailleInput,
    TextInput,
    SimilarCells,
}

/// A question. Which fields appear depends on the type and on who looks:
///
/// | field | braille_input | text_input | similar_cells |
/// |---|---|---|---|
/// | `print` | to write (all) | right reading (author, result) | — |
/// | `braille` | right cells (author, result) | cells to read (all) | — |
/// | `allow_letter_variants`, `allow_without_tashkeel`, `ignore_case` | — | all | — |
/// | `letter`, `groups` | — | — | all |
/// | `correct_group` | — | — | author, result |
/// | `distractors` | — | — | author |
///
/// In an attempt the learner's saved `answer` and `saved_at` are added; in a result also
/// `correct`, `points_awarded` and, for Braille input, `cell_differences`.
#[derive(Serialize, ToSchema, Default)]
pub struct QuestionDto {
    pub id: i64,
    /// `braille_input`, `text_input` or `similar_cells`.
    #[serde(rename = "type")]
    #[schema(value_type = QuestionKind)]
    pub kind: &'static str,
    pub points: i64,
    pub prompt: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub print: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub braille: Option<Vec<CellDto>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub allow_letter_variants: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub allow_without_tashkeel: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub ignore_case: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub letter: Option<String>,
    /// The groups in the order shown; the learner answers with an index into them.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub groups: Option<Vec<Vec<CellDto>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub correct_group: Option<usize>,
    /// The groups other than the right one, as Unicode Braille: send them back when editing.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub distractors: Option<Vec<String>>,
    /// The learner's saved answer (attempts and results); null when not answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<Option<AnswerInput>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saved_at: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub correct: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub points_awarded: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub cell_differences: Option<Vec<CellDifferenceDto>>,
}

/// Why an assessment cannot start now.
#[derive(Serialize, ToSchema)]
pub struct LockDto {
    /// `chapter_assessment_locked` or `final_assessment_locked`.
    pub code: &'static str,
    pub message: String,
}

/// A student's standing in one assessment.
#[derive(Serialize, ToSchema)]
pub struct LearnerStatus {
    pub passed: bool,
    /// Attempts started, the open one included.
    pub attempts_used: i64,
    /// Null: unlimited.
    #[schema(required)]
    pub attempts_left: Option<i64>,
    /// An attempt started and not submitted: resume it with `GET /api/attempts/{id}`.
    #[schema(required)]
    pub open_attempt_id: Option<i64>,
    #[schema(required)]
    pub best_percent: Option<f64>,
    /// `POST /api/assessments/{id}/attempts` would start (or resume) an attempt now.
    pub can_start: bool,
    /// The order rule of spec §4 that holds it back, if any.
    #[schema(required)]
    pub locked: Option<LockDto>,
    /// The course is stopped: results can be read, nothing can be taken.
    pub read_only: bool,
    pub attempts: Vec<AttemptDto>,
}

#[derive(Serialize, ToSchema)]
pub struct AssessmentSummary {
    pub id: i64,
    pub course_id: i64,
    pub course_title: String,
    #[serde(rename = "type")]
    pub kind: AssessmentKind,
    #[schema(required)]
    pub lesson_id: Option<i64>,
    #[schema(required)]
    pub lesson_title: Option<String>,
    /// A chapter assessment's chapter, or the chapter of a lesson exercise's lesson.
    #[schema(required)]
    pub chapter_id: Option<i64>,
    #[schema(required)]
    pub chapter_title: Option<String>,
    pub title: String,
    pub pass_mark: i64,
    /// 0 = unlimited.
    pub max_attempts: i64,
    pub questions_count: i64,
    pub total_points: i64,
    pub updated_at: String,
    /// In a revision (issue 23): the live assessment this one is the working copy of.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub origin_id: Option<i64>,
    /// Its course is a revision of this live course.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub course_revision_of: Option<i64>,
    /// The owner and supervisors: attempts by every student.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub attempts_count: Option<i64>,
    /// Enrolled students: their own standing.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub learner: Option<LearnerStatus>,
}

#[derive(Serialize, ToSchema)]
pub struct AssessmentDto {
    #[serde(flatten)]
    pub summary: AssessmentSummary,
    pub questions: Vec<QuestionDto>,
}

#[derive(Serialize, ToSchema)]
pub struct AssessmentReply {
    pub message: String,
    pub assessment: AssessmentDto,
}

#[derive(Serialize, ToSchema)]
pub struct AssessmentList {
    pub assessments: Vec<AssessmentSummary>,
}

/// An attempt to answer: the questions it was started with (no answers given away) and the
/// learner's saved answers.
#[derive(Serialize, ToSchema)]
pub struct AttemptView {
    pub attempt: AttemptDto,
    pub assessment: AssessmentRef,
    /// Submitted, or the course is stopped: answers can no longer be saved.
    pub read_only: bool,
    pub questions: Vec<QuestionDto>,
}

/// A submitted attempt: every question with the learner's answer next to the right one.
#[derive(Serialize, ToSchema)]
pub struct AttemptResult {
    pub attempt: AttemptDto,
    pub assessment: AssessmentRef,
    pub student: PersonRef,
    /// The grade band of this attempt's percentage (spec §9), for a final assessment.
    #[schema(required)]
    pub grade: Option<GradeBand>,
    pub questions: Vec<QuestionDto>,
}

#[derive(Serialize, ToSchema)]
pub struct SubmitReply {
    pub message: String,
    pub result: AttemptResult,
    /// The student's progress in the course after this submission.
    pub progress: Progress,
}

#[derive(Serialize, ToSchema)]
pub struct AnswerSaved {
    pub message: String,
    pub question_id: i64,
    pub answer: AnswerInput,
    pub saved_at: String,
}

#[derive(Deserialize, IntoParams)]
pub struct MineQuery {
    /// Only this course's assessments.
    pub course_id: Option<i64>,
    /// Also those of the instructor's revisions of live courses (issue 23), after the others.
    pub revisions: Option<bool>,
}

#[derive(Deserialize, IntoParams)]
pub struct SimilarQuery {
    /// The letter (one Braille cell in the code), e.g. `ب` or `e`.
    pub letter: Option<String>,
    /// `ar` or `en`.
    #[param(required = true, pattern = "^(ar|en)$")]
    pub lang: Option<String>,
    /// Cells per group, 2–8 (default 4).
    #[param(pattern = "^[2-8]$")]
    pub size: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct DistractorProposal {
    /// The cell that stands in for the letter once in the group.
    pub cell: CellInfo,
    pub relation: Relation,
    /// The proposed group as Unicode Braille: put it in `distractors` to use it.
    pub group: String,
    pub group_cells: Vec<CellInfo>,
}

#[derive(Serialize, ToSchema)]
pub struct SimilarCellsReply {
    pub letter: String,
    pub lang: &'static str,
    pub cell: CellInfo,
    /// The right group (the letter repeated), as Unicode Braille.
    pub correct_group: String,
    /// Closest first: mirrored, flipped, rotated, shifted, then one dot more or less.
    pub proposals: Vec<DistractorProposal>,
}
