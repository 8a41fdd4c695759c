//! Assessments (spec §3, §4, §8, §9): instructors build lesson exercises, chapter assessments
//! and a final assessment for their courses; enrolled students take them in the order of
//! spec §4, answers saved as they go, submitted once and graded on the server.

use actix_web::{http::StatusCode, web, HttpResponse};
use braille::Cell;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::{braille::CellInfo, courses::PersonRef};
use crate::{
    auth::AuthUser,
    db::iso,
    domain::{
        assessment::{
            cells, letter_cell, Answer, AnswerInput, AssessmentInput, AssessmentKind, Question, QuestionBody,
        },
        assessment_grading::{
            attempts_left, best_percent, cell_differences, distractor_group, grade_band, is_correct, passes, percent,
            similar_cells as similar, start_blocker, AssessmentMeta, AttemptMeta, Blocker, GradeBand, Relation,
        },
        course::CourseStatus,
        UserType,
    },
    error::ApiError,
    extract::ApiJson,
    i18n::{Lang, Msg},
    startup::AppState,
    store::{
        self,
        assessments::{AssessmentRow, AttemptRow, AttemptSummaryRow},
        courses::CourseRow,
        notifications::notify,
    },
};

// ---------------------------------------------------------------------------------------------
// Wire types

/// A Braille cell without its meaning (which would give answers away).
#[derive(Serialize, ToSchema, Clone)]
pub struct CellDto {
    /// The cell as a Unicode Braille character.
    pub unicode: String,
    /// Raised dots, e.g. [1, 2]; empty for a blank cell.
    pub dots: Vec<u8>,
}

fn cell_dto(c: Cell) -> CellDto {
    CellDto { unicode: c.to_unicode().to_string(), dots: c.dots().collect() }
}

fn cell_dtos(bits: &[u8]) -> Vec<CellDto> {
    cells(bits).into_iter().map(cell_dto).collect()
}

/// Where one cell of a Braille answer differs from the right one.
#[derive(Serialize, ToSchema)]
pub struct CellDifferenceDto {
    /// 0-based, after blank cells at both ends are set aside.
    pub position: usize,
    /// Null where the answer is longer than the right one.
    pub expected: Option<CellDto>,
    /// Null where the answer is shorter.
    pub given: Option<CellDto>,
    pub correct: bool,
    /// Dots of the right cell not raised.
    pub missing_dots: Vec<u8>,
    /// Dots raised that the right cell does not have.
    pub extra_dots: Vec<u8>,
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
    pub kind: &'static str,
    pub points: i64,
    pub prompt: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub print: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub braille: Option<Vec<CellDto>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_letter_variants: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_without_tashkeel: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ignore_case: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub letter: Option<String>,
    /// The groups in the order shown; the learner answers with an index into them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub groups: Option<Vec<Vec<CellDto>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub correct_group: Option<usize>,
    /// The groups other than the right one, as Unicode Braille: send them back when editing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distractors: Option<Vec<String>>,
    /// The learner's saved answer (attempts and results); null when not answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<Option<AnswerInput>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saved_at: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub correct: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points_awarded: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell_differences: Option<Vec<CellDifferenceDto>>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum View {
    /// The instructor (and supervisors): everything.
    Author,
    /// A learner before submitting: nothing that gives an answer away.
    Learner,
    /// A submitted attempt: the right answers too.
    Result,
}

fn question_dto(q: &Question, view: View) -> QuestionDto {
    let reveal = view != View::Learner;
    let mut dto =
        QuestionDto { id: q.id, kind: q.body.kind(), points: q.points, prompt: q.prompt.clone(), ..Default::default() };
    match &q.body {
        QuestionBody::BrailleInput { print, cells } => {
            dto.print = Some(print.clone());
            dto.braille = reveal.then(|| cell_dtos(cells));
        }
        QuestionBody::TextInput { print, cells, letter_variants, without_tashkeel, ignore_case } => {
            dto.print = reveal.then(|| print.clone());
            dto.braille = Some(cell_dtos(cells));
            dto.allow_letter_variants = Some(*letter_variants);
            dto.allow_without_tashkeel = Some(*without_tashkeel);
            dto.ignore_case = Some(*ignore_case);
        }
        QuestionBody::SimilarCells { letter, groups, answer, .. } => {
            dto.letter = Some(letter.clone());
            dto.groups = Some(groups.iter().map(|g| cell_dtos(g)).collect());
            dto.correct_group = reveal.then_some(*answer);
            dto.distractors = (view == View::Author).then(|| {
                groups
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| i != answer)
                    .map(|(_, g)| braille::cells_to_unicode(&cells(g)))
                    .collect()
            });
        }
    }
    dto
}

#[derive(Serialize, ToSchema)]
pub struct AttemptDto {
    pub id: i64,
    pub assessment_id: i64,
    /// 1 for the first attempt, 2 for the first retry…
    pub number: i64,
    pub started_at: String,
    /// Null while open.
    pub submitted_at: Option<String>,
    pub score: Option<i64>,
    pub max_score: i64,
    /// Floored to one decimal.
    pub percent: Option<f64>,
    pub passed: Option<bool>,
    /// The pass mark (percent) in force when the attempt started.
    pub pass_mark: i64,
}

fn attempt_dto(t: &AttemptRow) -> AttemptDto {
    AttemptDto {
        id: t.id,
        assessment_id: t.assessment_id,
        number: t.number,
        started_at: iso(t.started_at),
        submitted_at: t.submitted_at.map(iso),
        score: t.score,
        max_score: t.max_score,
        percent: t.score.map(|s| percent(s, t.max_score)),
        passed: t.passed.map(|p| p != 0),
        pass_mark: t.pass_mark,
    }
}

fn summary_attempt_dto(t: &AttemptSummaryRow) -> AttemptDto {
    AttemptDto {
        id: t.id,
        assessment_id: t.assessment_id,
        number: t.number,
        started_at: iso(t.started_at),
        submitted_at: t.submitted_at.map(iso),
        score: t.score,
        max_score: t.max_score,
        percent: t.score.map(|s| percent(s, t.max_score)),
        passed: t.passed.map(|p| p != 0),
        pass_mark: t.pass_mark,
    }
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
    pub attempts_left: Option<i64>,
    /// An attempt started and not submitted: resume it with `GET /api/attempts/{id}`.
    pub open_attempt_id: Option<i64>,
    pub best_percent: Option<f64>,
    /// `POST /api/assessments/{id}/attempts` would start (or resume) an attempt now.
    pub can_start: bool,
    /// The order rule of spec §4 that holds it back, if any.
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
    pub lesson_id: Option<i64>,
    pub lesson_title: Option<String>,
    /// A chapter assessment's chapter, or the chapter of a lesson exercise's lesson.
    pub chapter_id: Option<i64>,
    pub chapter_title: Option<String>,
    pub title: String,
    pub pass_mark: i64,
    /// 0 = unlimited.
    pub max_attempts: i64,
    pub questions_count: i64,
    pub total_points: i64,
    pub updated_at: String,
    /// The owner and supervisors: attempts by every student.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attempts_count: Option<i64>,
    /// Enrolled students: their own standing.
    #[serde(skip_serializing_if = "Option::is_none")]
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

#[derive(Serialize, ToSchema)]
pub struct AssessmentRef {
    pub id: i64,
    pub title: String,
    #[serde(rename = "type")]
    pub kind: AssessmentKind,
    pub course_id: i64,
    pub course_title: String,
}

fn assessment_ref(a: &AssessmentRow) -> AssessmentRef {
    AssessmentRef {
        id: a.id,
        title: a.title.clone(),
        kind: a.kind(),
        course_id: a.course_id,
        course_title: a.course_title.clone(),
    }
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
    pub grade: Option<GradeBand>,
    pub questions: Vec<QuestionDto>,
}

#[derive(Serialize, ToSchema)]
pub struct SubmitReply {
    pub message: String,
    pub result: AttemptResult,
    /// The student's progress in the course after this submission.
    pub progress: super::courses::Progress,
}

#[derive(Serialize, ToSchema)]
pub struct AnswerSaved {
    pub message: String,
    pub question_id: i64,
    pub answer: AnswerInput,
    pub saved_at: String,
}

// ---------------------------------------------------------------------------------------------
// Who may do what

fn require(user: AuthUser, typ: UserType) -> Result<(), ApiError> {
    if user.typ == typ {
        Ok(())
    } else {
        Err(ApiError::forbidden())
    }
}

fn code(language: &str) -> braille::Lang {
    if language == "en" {
        braille::Lang::English
    } else {
        braille::Lang::Arabic
    }
}

fn conflict(code: &'static str, msg: Msg) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, code, msg)
}

/// A stopped course's assessments are archived with it: nothing is built or taken there.
fn stopped() -> ApiError {
    conflict("course_stopped", Msg::InvalidTransition("inactive"))
}

/// Spec §8: a failure while saving an assessment says "Something went wrong".
fn save_failed(e: ApiError) -> ApiError {
    if e.status == StatusCode::INTERNAL_SERVER_ERROR {
        ApiError { code: "assessment_save_failed", msg: Msg::SomethingWentWrong, ..e }
    } else {
        e
    }
}

enum Role {
    /// The course's instructor.
    Owner,
    Supervisor,
    /// An enrolled student; `read_only` when the course is stopped.
    Learner {
        read_only: bool,
    },
}

/// Anyone else gets a 404, so an assessment's existence is not revealed.
async fn role(
    state: &AppState,
    user: AuthUser,
    course_id: i64,
    instructor_id: i64,
    status: &str,
) -> Result<Role, ApiError> {
    match user.typ {
        UserType::Instructor if instructor_id == user.id => Ok(Role::Owner),
        UserType::Supervisor => Ok(Role::Supervisor),
        UserType::Student if store::courses::is_enrolled(&state.db, course_id, user.id).await? => {
            match CourseStatus::parse(status) {
                s if s.is_listed() => Ok(Role::Learner { read_only: false }),
                CourseStatus::Inactive => Ok(Role::Learner { read_only: true }),
                _ => Err(ApiError::not_found()),
            }
        }
        _ => Err(ApiError::not_found()),
    }
}

async fn found(state: &AppState, id: i64) -> Result<AssessmentRow, ApiError> {
    store::assessments::by_id(&state.db, id).await?.ok_or_else(ApiError::not_found)
}

/// The instructor's own assessment (403 for other roles, 404 for other instructors).
async fn owned(state: &AppState, user: AuthUser, id: i64) -> Result<AssessmentRow, ApiError> {
    require(user, UserType::Instructor)?;
    store::assessments::by_id(&state.db, id)
        .await?
        .filter(|a| a.instructor_id == user.id)
        .ok_or_else(ApiError::not_found)
}

/// The student's own attempt with its assessment; a course they left or that is hidden is 404.
async fn own_attempt(state: &AppState, user: AuthUser, id: i64) -> Result<(AttemptRow, AssessmentRow, bool), ApiError> {
    require(user, UserType::Student)?;
    let t = store::assessments::attempt(&state.db, id)
        .await?
        .filter(|t| t.student_id == user.id)
        .ok_or_else(ApiError::not_found)?;
    let a = found(state, t.assessment_id).await?;
    match role(state, user, a.course_id, a.instructor_id, &a.course_status).await? {
        Role::Learner { read_only } => Ok((t, a, read_only)),
        _ => Err(ApiError::not_found()),
    }
}

// ---------------------------------------------------------------------------------------------
// Building the answers

fn summary(a: &AssessmentRow, role: &Role, learner: Option<LearnerStatus>) -> AssessmentSummary {
    AssessmentSummary {
        id: a.id,
        course_id: a.course_id,
        course_title: a.course_title.clone(),
        kind: a.kind(),
        lesson_id: a.lesson_id,
        lesson_title: a.lesson_title.clone(),
        chapter_id: a.chapter_id,
        chapter_title: a.chapter_title.clone(),
        title: a.title.clone(),
        pass_mark: a.pass_mark,
        max_attempts: a.max_attempts,
        questions_count: a.questions_count,
        total_points: a.total_points,
        updated_at: iso(a.updated_at),
        attempts_count: matches!(role, Role::Owner | Role::Supervisor).then_some(a.attempts_count),
        learner,
    }
}

fn lock(lang: Lang, blocker: Blocker) -> LockDto {
    match blocker {
        Blocker::LessonExercises => {
            LockDto { code: "chapter_assessment_locked", message: Msg::ChapterAssessmentLocked.render(lang) }
        }
        Blocker::ChapterAssessments => {
            LockDto { code: "final_assessment_locked", message: Msg::FinalAssessmentLocked.render(lang) }
        }
    }
}

fn blocker_error(blocker: Blocker) -> ApiError {
    match blocker {
        Blocker::LessonExercises => conflict("chapter_assessment_locked", Msg::ChapterAssessmentLocked),
        Blocker::ChapterAssessments => conflict("final_assessment_locked", Msg::FinalAssessmentLocked),
    }
}

/// `all`: the course's assessments; `attempts`: the student's attempts in the course.
fn learner_status(
    lang: Lang,
    a: &AssessmentRow,
    all: &[AssessmentMeta],
    attempts: &[AttemptSummaryRow],
    read_only: bool,
) -> LearnerStatus {
    let metas: Vec<AttemptMeta> = attempts.iter().map(AttemptSummaryRow::meta).collect();
    let mine: Vec<&AttemptSummaryRow> = attempts.iter().filter(|t| t.assessment_id == a.id).collect();
    let passed = mine.iter().any(|t| t.passed == Some(1));
    let open = mine.iter().find(|t| t.submitted_at.is_none()).map(|t| t.id);
    let left = attempts_left(&a.meta(), &metas);
    let locked = start_blocker(&a.meta(), all, &metas).map(|b| lock(lang, b));
    LearnerStatus {
        passed,
        attempts_used: mine.len() as i64,
        attempts_left: left,
        open_attempt_id: open,
        best_percent: best_percent(a.id, &metas),
        can_start: !read_only && locked.is_none() && (open.is_some() || (!passed && left != Some(0))),
        locked,
        read_only,
        attempts: mine.iter().map(|t| summary_attempt_dto(t)).collect(),
    }
}

async fn dto(
    state: &AppState,
    lang: Lang,
    user: AuthUser,
    a: &AssessmentRow,
    role: &Role,
) -> Result<AssessmentDto, ApiError> {
    let questions = store::assessments::questions(&state.db, a.id).await?;
    let (view, learner) = match role {
        Role::Learner { read_only } => {
            let all: Vec<AssessmentMeta> =
                store::assessments::of_course(&state.db, a.course_id).await?.iter().map(AssessmentRow::meta).collect();
            let attempts = store::assessments::attempts_of_student(&state.db, user.id, Some(a.course_id)).await?;
            (View::Learner, Some(learner_status(lang, a, &all, &attempts, *read_only)))
        }
        _ => (View::Author, None),
    };
    Ok(AssessmentDto {
        summary: summary(a, role, learner),
        questions: questions.iter().map(|q| question_dto(q, view)).collect(),
    })
}

fn stored_answer(raw: &str, q: &Question) -> Option<(AnswerInput, Option<Answer>)> {
    let input: AnswerInput = serde_json::from_str(raw).ok()?;
    let parsed = input.parse(&q.body).ok();
    Some((input, parsed))
}

async fn attempt_view(
    state: &AppState,
    t: &AttemptRow,
    a: &AssessmentRow,
    read_only: bool,
) -> Result<AttemptView, ApiError> {
    let answers = store::assessments::answers(&state.db, t.id).await?;
    let questions = t
        .questions()
        .iter()
        .map(|q| {
            let saved = answers.iter().find(|r| r.question_id == q.id);
            let mut dto = question_dto(q, View::Learner);
            dto.answer = Some(saved.and_then(|r| stored_answer(&r.answer, q)).map(|(input, _)| input));
            dto.saved_at = Some(saved.map(|r| iso(r.saved_at)));
            dto
        })
        .collect();
    Ok(AttemptView {
        attempt: attempt_dto(t),
        assessment: assessment_ref(a),
        read_only: read_only || t.submitted_at.is_some(),
        questions,
    })
}

async fn attempt_result(state: &AppState, t: &AttemptRow, a: &AssessmentRow) -> Result<AttemptResult, ApiError> {
    let answers = store::assessments::answers(&state.db, t.id).await?;
    let student = store::users::by_id(&state.db, t.student_id).await?.ok_or_else(ApiError::not_found)?;
    let questions = t
        .questions()
        .iter()
        .map(|q| {
            let saved = answers.iter().find(|r| r.question_id == q.id);
            let (input, parsed) = match saved.and_then(|r| stored_answer(&r.answer, q)) {
                Some((input, parsed)) => (Some(input), parsed),
                None => (None, None),
            };
            let correct = is_correct(&q.body, parsed.as_ref());
            let mut dto = question_dto(q, View::Result);
            if let QuestionBody::BrailleInput { cells: expected, .. } = &q.body {
                let given = match &parsed {
                    Some(Answer::Braille(given)) => given.clone(),
                    _ => vec![],
                };
                let diffs = cell_differences(&cells(expected), &given);
                dto.cell_differences = Some(
                    diffs
                        .into_iter()
                        .enumerate()
                        .map(|(position, d)| CellDifferenceDto {
                            position,
                            correct: d.correct(),
                            expected: d.expected.map(cell_dto),
                            given: d.given.map(cell_dto),
                            missing_dots: d.missing,
                            extra_dots: d.extra,
                        })
                        .collect(),
                );
            }
            dto.answer = Some(input);
            dto.saved_at = Some(saved.map(|r| iso(r.saved_at)));
            dto.correct = Some(correct);
            dto.points_awarded = Some(if correct { q.points } else { 0 });
            dto
        })
        .collect();
    let grade = match (a.kind(), t.score) {
        (AssessmentKind::FinalAssessment, Some(score)) => {
            Some(grade_band(percent(score, t.max_score), &state.settings.grade_bands))
        }
        _ => None,
    };
    Ok(AttemptResult {
        attempt: attempt_dto(t),
        assessment: assessment_ref(a),
        student: PersonRef { id: student.id, name: student.name },
        grade,
        questions,
    })
}

// ---------------------------------------------------------------------------------------------
// Instructors

async fn own_course(state: &AppState, user: AuthUser, id: i64) -> Result<CourseRow, ApiError> {
    store::courses::by_id(&state.db, id)
        .await?
        .filter(|c| c.instructor_id == user.id)
        .ok_or_else(|| ApiError::not_found().on_field("course_id"))
}

/// Checks the assessment's lesson or chapter against the course, then writes it.
async fn save(
    state: &AppState,
    course: &CourseRow,
    content: &crate::domain::assessment::AssessmentContent,
    existing: Option<i64>,
) -> Result<i64, ApiError> {
    let (chapters, lessons) = store::courses::outline(&state.db, course.id).await?;
    if content.lesson_id.is_some_and(|id| !lessons.iter().any(|l| l.id == id)) {
        return Err(ApiError::field_invalid("lesson_id"));
    }
    if content.chapter_id.is_some_and(|id| !chapters.iter().any(|c| c.id == id)) {
        return Err(ApiError::field_invalid("chapter_id"));
    }
    let taken = || match content.kind {
        AssessmentKind::FinalAssessment => conflict("final_assessment_exists", Msg::FinalAssessmentExists),
        _ => conflict("chapter_assessment_exists", Msg::ChapterAssessmentExists).on_field("chapter_id"),
    };
    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    if store::assessments::tie_taken(&mut tx, content, existing).await? {
        return Err(taken());
    }
    let written = match existing {
        None => store::assessments::insert(&mut tx, content).await,
        Some(id) => {
            let ids = store::assessments::question_ids(&mut tx, id).await?;
            for (i, q) in content.questions.iter().enumerate() {
                if q.id.is_some_and(|qid| !ids.contains(&qid)) {
                    return Err(ApiError::field_invalid(&format!("questions[{i}].id")));
                }
            }
            store::assessments::replace(&mut tx, id, content).await.map(|()| id)
        }
    };
    let id = match written {
        Ok(id) => id,
        // Two saves at once: the database's unique index has the last word.
        Err(e) if store::is_unique_violation(&e) => return Err(taken()),
        Err(e) => return Err(e.into()),
    };
    tx.commit().await?;
    Ok(id)
}

#[derive(Deserialize, IntoParams)]
pub struct MineQuery {
    /// Only this course's assessments.
    course_id: Option<i64>,
}

/// The instructor's assessments, course by course in the course's order (each chapter's
/// lesson exercises, then its assessment; the final last).
#[utoipa::path(get, path = "/api/instructor/assessments", tag = "assessments", params(MineQuery),
    security(("bearer" = [])),
    responses((status = 200, body = AssessmentList), (status = 403, body = crate::error::ErrorBody)))]
pub async fn mine(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<MineQuery>,
) -> Result<web::Json<AssessmentList>, ApiError> {
    require(user, UserType::Instructor)?;
    let rows = store::assessments::of_instructor(&state.db, user.id, query.course_id).await?;
    Ok(web::Json(AssessmentList { assessments: rows.iter().map(|a| summary(a, &Role::Owner, None)).collect() }))
}

/// Create an assessment for one of the instructor's courses ("assessment created"). The
/// expected Braille of every question is computed with the course's code and returned for
/// review. A failure while saving answers 500 "Something went wrong".
#[utoipa::path(post, path = "/api/instructor/assessments", tag = "assessments", request_body = AssessmentInput,
    security(("bearer" = [])),
    responses((status = 201, body = AssessmentReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody), (status = 500, body = crate::error::ErrorBody)))]
pub async fn create(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    body: ApiJson<AssessmentInput>,
) -> Result<HttpResponse, ApiError> {
    require(user, UserType::Instructor)?;
    let course = own_course(&state, user, body.0.course_id).await?;
    if course.status() == CourseStatus::Inactive {
        return Err(stopped());
    }
    let content = body.0.parse(code(&course.language), &mut rand::thread_rng())?;
    let id = save(&state, &course, &content, None).await.map_err(save_failed)?;
    let a = found(&state, id).await?;
    let assessment = dto(&state, lang, user, &a, &Role::Owner).await?;
    Ok(HttpResponse::Created().json(AssessmentReply { message: Msg::AssessmentCreated.render(lang), assessment }))
}

/// One assessment. The owner and supervisors see the right answers; an enrolled student
/// (active course, or stopped: read only) sees the questions without them and their own
/// standing (`learner`). Anyone else: 404.
#[utoipa::path(get, path = "/api/assessments/{id}", tag = "assessments", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = AssessmentDto), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<web::Json<AssessmentDto>, ApiError> {
    let a = found(&state, path.into_inner()).await?;
    let role = role(&state, user, a.course_id, a.instructor_id, &a.course_status).await?;
    Ok(web::Json(dto(&state, lang, user, &a, &role).await?))
}

/// Replace an assessment (its owner; the course cannot change). Questions sent with their id
/// keep it. Attempts already started keep the questions they started with.
#[utoipa::path(put, path = "/api/assessments/{id}", tag = "assessments", request_body = AssessmentInput,
    params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = AssessmentReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody), (status = 500, body = crate::error::ErrorBody)))]
pub async fn update(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
    body: ApiJson<AssessmentInput>,
) -> Result<web::Json<AssessmentReply>, ApiError> {
    let a = owned(&state, user, path.into_inner()).await?;
    if body.0.course_id != a.course_id {
        return Err(ApiError::field_invalid("course_id"));
    }
    let course = own_course(&state, user, a.course_id).await?;
    if course.status() == CourseStatus::Inactive {
        return Err(stopped());
    }
    let content = body.0.parse(code(&course.language), &mut rand::thread_rng())?;
    save(&state, &course, &content, Some(a.id)).await.map_err(save_failed)?;
    let a = found(&state, a.id).await?;
    let assessment = dto(&state, lang, user, &a, &Role::Owner).await?;
    Ok(web::Json(AssessmentReply { message: Msg::AssessmentSaved.render(lang), assessment }))
}

/// Delete an assessment no student has started (its owner); otherwise 409.
#[utoipa::path(delete, path = "/api/assessments/{id}", tag = "assessments", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = super::MessageResponse), (status = 403, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn delete(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<web::Json<super::MessageResponse>, ApiError> {
    let a = owned(&state, user, path.into_inner()).await?;
    if CourseStatus::parse(&a.course_status) == CourseStatus::Inactive {
        return Err(stopped());
    }
    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    if !store::assessments::delete_unattempted(&mut tx, a.id).await? {
        return Err(conflict("assessment_has_attempts", Msg::AssessmentHasAttempts));
    }
    tx.commit().await?;
    Ok(web::Json(super::MessageResponse { message: Msg::AssessmentDeleted.render(lang) }))
}

#[derive(Deserialize, IntoParams)]
pub struct SimilarQuery {
    /// The letter (one Braille cell in the code), e.g. `ب` or `e`.
    letter: Option<String>,
    /// `ar` or `en`.
    lang: Option<String>,
    /// Cells per group, 2–8 (default 4).
    size: Option<String>,
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

fn cell_info(c: Cell, code: braille::Lang) -> CellInfo {
    CellInfo {
        unicode: c.to_unicode().to_string(),
        dots: c.dots().collect(),
        meaning: braille::describe_cell(c, code).map(str::to_string),
    }
}

/// Distractor groups for a "similar cells" question: cells close to the letter's in dots or
/// mirrored, each set once among the letter's cells. The instructor picks the ones to use.
#[utoipa::path(get, path = "/api/assessments/similar-cells", tag = "assessments", params(SimilarQuery),
    security(("bearer" = [])),
    responses((status = 200, body = SimilarCellsReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn similar_cells(
    user: AuthUser,
    query: web::Query<SimilarQuery>,
) -> Result<web::Json<SimilarCellsReply>, ApiError> {
    require(user, UserType::Instructor)?;
    let lang = match query.lang.as_deref().map(str::trim) {
        Some("ar") => braille::Lang::Arabic,
        Some("en") => braille::Lang::English,
        None | Some("") => return Err(ApiError::field_required("lang")),
        Some(_) => return Err(ApiError::field_invalid("lang")),
    };
    let letter = query
        .letter
        .as_deref()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .ok_or_else(|| ApiError::field_required("letter"))?;
    let cell = letter_cell(letter, lang).ok_or_else(|| ApiError::field_invalid("letter"))?;
    let size = match query.size.as_deref() {
        None => 4,
        Some(s) => s
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (2..=8).contains(n))
            .ok_or_else(|| ApiError::field_invalid("size"))?,
    };
    let proposals = similar(cell)
        .into_iter()
        .enumerate()
        .map(|(i, (odd, relation))| {
            let group = distractor_group(cell, odd, size, i);
            DistractorProposal {
                cell: cell_info(odd, lang),
                relation,
                group: braille::cells_to_unicode(&group),
                group_cells: group.into_iter().map(|c| cell_info(c, lang)).collect(),
            }
        })
        .collect();
    Ok(web::Json(SimilarCellsReply {
        letter: letter.to_string(),
        lang: lang.code(),
        cell: cell_info(cell, lang),
        correct_group: braille::cells_to_unicode(&vec![cell; size]),
        proposals,
    }))
}

/// A course's assessments in order: the owner and supervisors with attempt counts, an
/// enrolled student with their standing in each (what is locked, passed, open). Others: 404.
#[utoipa::path(get, path = "/api/courses/{id}/assessments", tag = "assessments", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = AssessmentList), (status = 404, body = crate::error::ErrorBody)))]
pub async fn of_course(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<web::Json<AssessmentList>, ApiError> {
    let course = store::courses::by_id(&state.db, path.into_inner()).await?.ok_or_else(ApiError::not_found)?;
    let role = role(&state, user, course.id, course.instructor_id, course.status().as_str()).await?;
    let rows = store::assessments::of_course(&state.db, course.id).await?;
    let assessments = match role {
        Role::Learner { read_only } => {
            let all: Vec<AssessmentMeta> = rows.iter().map(AssessmentRow::meta).collect();
            let attempts = store::assessments::attempts_of_student(&state.db, user.id, Some(course.id)).await?;
            rows.iter().map(|a| summary(a, &role, Some(learner_status(lang, a, &all, &attempts, read_only)))).collect()
        }
        _ => rows.iter().map(|a| summary(a, &role, None)).collect(),
    };
    Ok(web::Json(AssessmentList { assessments }))
}

// ---------------------------------------------------------------------------------------------
// Students

/// Start an attempt (enrolled students, course not stopped), or resume the open one (200).
/// The order rules of spec §4 answer 409 `chapter_assessment_locked` / `final_assessment_locked`;
/// also 409 `already_passed`, `no_attempts_left`.
#[utoipa::path(post, path = "/api/assessments/{id}/attempts", tag = "assessments", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 201, body = AttemptView, description = "A new attempt"),
        (status = 200, body = AttemptView, description = "The open attempt, resumed"),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody)))]
pub async fn start(state: web::Data<AppState>, user: AuthUser, path: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    require(user, UserType::Student)?;
    let a = found(&state, path.into_inner()).await?;
    let Role::Learner { read_only } = role(&state, user, a.course_id, a.instructor_id, &a.course_status).await? else {
        return Err(ApiError::not_found());
    };
    if read_only {
        return Err(stopped());
    }
    let all: Vec<AssessmentMeta> =
        store::assessments::of_course(&state.db, a.course_id).await?.iter().map(AssessmentRow::meta).collect();
    let course_attempts: Vec<AttemptMeta> =
        store::assessments::attempts_of_student(&state.db, user.id, Some(a.course_id))
            .await?
            .iter()
            .map(AttemptSummaryRow::meta)
            .collect();
    let (mut tx, turn) = crate::db::begin_write(&state.db).await?;
    let mine = store::assessments::attempts(&mut *tx, a.id, user.id).await?;
    if let Some(open) = mine.iter().find(|t| t.submitted_at.is_none()).cloned() {
        drop((tx, turn));
        return Ok(HttpResponse::Ok().json(attempt_view(&state, &open, &a, false).await?));
    }
    if mine.iter().any(|t| t.passed == Some(1)) {
        return Err(conflict("already_passed", Msg::AlreadyPassed));
    }
    if let Some(blocker) = start_blocker(&a.meta(), &all, &course_attempts) {
        return Err(blocker_error(blocker));
    }
    if a.max_attempts > 0 && mine.len() as i64 >= a.max_attempts {
        return Err(conflict("no_attempts_left", Msg::NoAttemptsLeft));
    }
    let questions = store::assessments::questions(&mut *tx, a.id).await?;
    let inserted =
        store::assessments::insert_attempt(&mut tx, a.id, user.id, mine.len() as i64 + 1, &questions, a.pass_mark)
            .await;
    let id = match inserted {
        Ok(id) => id,
        // Another tab started it a moment ago: resume that one.
        Err(e) if store::is_unique_violation(&e) => {
            drop((tx, turn));
            let open = store::assessments::attempts(&state.db, a.id, user.id)
                .await?
                .into_iter()
                .find(|t| t.submitted_at.is_none())
                .ok_or_else(|| ApiError::internal(e))?;
            return Ok(HttpResponse::Ok().json(attempt_view(&state, &open, &a, false).await?));
        }
        Err(e) => return Err(e.into()),
    };
    store::assessments::touch_enrolment(&mut tx, a.course_id, user.id).await?;
    tx.commit().await?;
    drop(turn);
    let t = store::assessments::attempt(&state.db, id).await?.ok_or_else(ApiError::not_found)?;
    Ok(HttpResponse::Created().json(attempt_view(&state, &t, &a, false).await?))
}

/// The student's attempt with its questions (no answers given away) and every saved answer:
/// what a page reloaded, reconnected or reopened after a crash resumes from.
#[utoipa::path(get, path = "/api/attempts/{id}", tag = "assessments", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = AttemptView), (status = 403, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody)))]
pub async fn attempt(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<web::Json<AttemptView>, ApiError> {
    let (t, a, read_only) = own_attempt(&state, user, path.into_inner()).await?;
    Ok(web::Json(attempt_view(&state, &t, &a, read_only).await?))
}

/// Save the answer to one question of an open attempt; saving again replaces it (idempotent).
/// The body carries exactly the field of the question's type: `{"braille": "⠃⠁⠃"}` (Unicode
/// Braille; U+2800 or a space is a blank cell), `{"text": "باب"}` or `{"choice": 2}`.
/// 409 `already_submitted` once the attempt is submitted.
#[utoipa::path(put, path = "/api/attempts/{id}/answers/{question_id}", tag = "assessments",
    params(("id" = i64, Path), ("question_id" = i64, Path)), request_body = AnswerInput, security(("bearer" = [])),
    responses((status = 200, body = AnswerSaved), (status = 400, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn save_answer(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<(i64, i64)>,
    body: ApiJson<AnswerInput>,
) -> Result<web::Json<AnswerSaved>, ApiError> {
    let (id, question_id) = path.into_inner();
    let (t, _, read_only) = own_attempt(&state, user, id).await?;
    if read_only {
        return Err(stopped());
    }
    if t.submitted_at.is_some() {
        return Err(conflict("already_submitted", Msg::AlreadySubmitted));
    }
    let questions = t.questions();
    let q = questions.iter().find(|q| q.id == question_id).ok_or_else(ApiError::not_found)?;
    let answer = body.0.parse(&q.body)?.to_input();
    let stored = serde_json::to_string(&answer).map_err(ApiError::internal)?;
    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    let Some(saved_at) = store::assessments::save_answer(&mut tx, t.id, q.id, &stored).await? else {
        return Err(conflict("already_submitted", Msg::AlreadySubmitted));
    };
    tx.commit().await?;
    Ok(web::Json(AnswerSaved {
        message: Msg::AnswerSaved.render(lang),
        question_id: q.id,
        answer,
        saved_at: iso(saved_at),
    }))
}

/// Submit an attempt, once (409 `already_submitted` after that): it is graded at once —
/// Braille input exactly, cell by cell (blank cells at both ends aside); text input after
/// normalising (spacing, both digit forms, and Arabic letter variants, tashkeel and case as the
/// question allows); similar cells by the chosen group. For a chapter or final assessment the
/// instructor is told live (`assessment.submitted`, payload `{attempt, assessment, student}`).
#[utoipa::path(post, path = "/api/attempts/{id}/submit", tag = "assessments", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = SubmitReply), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody)))]
pub async fn submit(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<web::Json<SubmitReply>, ApiError> {
    let (t, a, read_only) = own_attempt(&state, user, path.into_inner()).await?;
    if read_only {
        return Err(stopped());
    }
    let questions = t.questions();
    let (mut tx, turn) = crate::db::begin_write(&state.db).await?;
    if !store::assessments::close_attempt(&mut tx, t.id).await? {
        return Err(conflict("already_submitted", Msg::AlreadySubmitted));
    }
    let answers = store::assessments::answers(&mut *tx, t.id).await?;
    let score: i64 = questions
        .iter()
        .filter(|q| {
            let parsed = answers
                .iter()
                .find(|r| r.question_id == q.id)
                .and_then(|r| stored_answer(&r.answer, q))
                .and_then(|(_, parsed)| parsed);
            is_correct(&q.body, parsed.as_ref())
        })
        .map(|q| q.points)
        .sum();
    let passed = passes(score, t.max_score, t.pass_mark);
    store::assessments::record_score(&mut tx, t.id, score, passed).await?;
    store::assessments::touch_enrolment(&mut tx, a.course_id, user.id).await?;
    let student = store::users::by_id(&state.db, user.id).await?.ok_or_else(ApiError::not_found)?;
    let graded = store::assessments::attempt(&mut *tx, t.id).await?.ok_or_else(ApiError::not_found)?;
    let payload = json!({
        "attempt": attempt_dto(&graded),
        "assessment": assessment_ref(&a),
        "student": PersonRef { id: student.id, name: student.name.clone() },
    });
    // Lesson exercises are practice, tried again and again: only chapter and final
    // assessments are worth a live message to the instructor.
    let events = match a.kind() {
        AssessmentKind::LessonExercise => vec![],
        _ => vec![notify(&mut tx, a.instructor_id, "assessment.submitted", &payload).await?],
    };
    tx.commit().await?;
    drop(turn);
    state.realtime.publish(&events).await;
    let course = store::courses::by_id(&state.db, a.course_id).await?.ok_or_else(ApiError::not_found)?;
    Ok(web::Json(SubmitReply {
        message: Msg::AssessmentSubmitted.render(lang),
        result: attempt_result(&state, &graded, &a).await?,
        progress: super::courses::student_progress(&state, &course, user.id).await?,
    }))
}

/// A submitted attempt's result (the student, or the course's instructor): each question with
/// the learner's answer next to the right one, and for Braille input which dots differ in each
/// cell. 409 `not_submitted` while the attempt is open.
#[utoipa::path(get, path = "/api/attempts/{id}/result", tag = "assessments", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = AttemptResult), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody)))]
pub async fn result(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<web::Json<AttemptResult>, ApiError> {
    let id = path.into_inner();
    let (t, a) = if user.typ == UserType::Student {
        let (t, a, _) = own_attempt(&state, user, id).await?;
        (t, a)
    } else {
        let t = store::assessments::attempt(&state.db, id).await?.ok_or_else(ApiError::not_found)?;
        let a = found(&state, t.assessment_id).await?;
        if !(user.typ == UserType::Instructor && a.instructor_id == user.id) {
            return Err(ApiError::not_found());
        }
        (t, a)
    };
    if t.submitted_at.is_none() {
        return Err(conflict("not_submitted", Msg::NotSubmitted));
    }
    Ok(web::Json(attempt_result(&state, &t, &a).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_save_says_something_went_wrong() {
        let e = save_failed(ApiError::internal(anyhow::anyhow!("disk full")));
        assert_eq!((e.status, e.code), (StatusCode::INTERNAL_SERVER_ERROR, "assessment_save_failed"));
        assert_eq!(e.msg.render(Lang::En), "Something went wrong");
        assert!(e.source.is_some(), "the cause stays in the log");
        let invalid = save_failed(ApiError::field_invalid("title"));
        assert_eq!(invalid.code, "field_invalid");
    }

    #[test]
    fn learners_never_see_the_answers() {
        let q = |body| Question { id: 1, points: 1, prompt: String::new(), body };
        let braille = q(QuestionBody::BrailleInput { print: "ب".into(), cells: vec![3] });
        let text = q(QuestionBody::TextInput {
            print: "ب".into(),
            cells: vec![3],
            letter_variants: true,
            without_tashkeel: true,
            ignore_case: true,
        });
        let similar = q(QuestionBody::SimilarCells {
            letter: "ب".into(),
            cell: 3,
            groups: vec![vec![3, 24], vec![3, 3]],
            answer: 1,
        });
        let learner = |q: &Question| serde_json::to_value(question_dto(q, View::Learner)).unwrap();
        assert_eq!(learner(&braille)["print"], "ب");
        assert!(learner(&braille).get("braille").is_none());
        assert!(learner(&text).get("print").is_none());
        assert_eq!(learner(&text)["braille"][0]["dots"], json!([1, 2]));
        assert!(learner(&text)["braille"][0].get("meaning").is_none());
        assert!(learner(&similar).get("correct_group").is_none() && learner(&similar).get("distractors").is_none());
        let author = serde_json::to_value(question_dto(&similar, View::Author)).unwrap();
        assert_eq!((author["correct_group"].as_u64(), author["distractors"].clone()), (Some(1), json!(["⠃⠘"])));
    }
}
