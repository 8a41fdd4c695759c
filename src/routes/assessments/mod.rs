//! Assessments (spec §3, §4, §8, §9): instructors build lesson exercises, chapter assessments
//! and a final assessment for their courses; enrolled students take them in the order of
//! spec §4, answers saved as they go, submitted once and graded on the server.

pub mod dto;
mod show;

use actix_web::{web, HttpResponse};

use self::{dto::*, show::*};
use crate::{
    auth::AuthUser,
    db::iso,
    domain::{
        assessment::{letter_cell, AnswerInput, AssessmentInput},
        assessment_grading::{distractor_group, similar_cells as similar},
        UserType,
    },
    error::ApiError,
    extract::ApiJson,
    i18n::{Lang, Msg},
    routes::dto::{cell_info, MessageResponse, Progress},
    services::{
        assessments,
        attempts::{self, Started},
    },
    state::AppState,
};

// ---------------------------------------------------------------------------------------------
// Instructors

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
    user.require(UserType::Instructor)?;
    let mut rows = assessments::of_instructor(&state.db, user, query.course_id).await?;
    if query.revisions == Some(true) && query.course_id.is_none() {
        rows.extend(assessments::of_instructor_revisions(&state.db, user).await?);
    }
    Ok(web::Json(AssessmentList {
        assessments: rows.iter().map(|a| summary(a, assessments::Role::Owner, None)).collect(),
    }))
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
    user.require(UserType::Instructor)?;
    let detail = assessments::create(&state.db, user, body.0).await?;
    let assessment = assessment_dto(lang, &detail);
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
    let detail = assessments::get(&state.db, user, path.into_inner()).await?;
    Ok(web::Json(assessment_dto(lang, &detail)))
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
    user.require(UserType::Instructor)?;
    let detail = assessments::update(&state.db, user, path.into_inner(), body.0).await?;
    let assessment = assessment_dto(lang, &detail);
    Ok(web::Json(AssessmentReply { message: Msg::AssessmentSaved.render(lang), assessment }))
}

/// Delete an assessment no student has started (its owner); otherwise 409.
#[utoipa::path(delete, path = "/api/assessments/{id}", tag = "assessments", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 403, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn delete(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    user.require(UserType::Instructor)?;
    assessments::delete(&state.db, user, path.into_inner()).await?;
    Ok(web::Json(MessageResponse { message: Msg::AssessmentDeleted.render(lang) }))
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
    user.require(UserType::Instructor)?;
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
    let (role, rows) = assessments::of_course(&state.db, user, path.into_inner()).await?;
    let assessments = rows.iter().map(|(a, s)| summary(a, role, s.as_ref().map(|s| learner_status(lang, s)))).collect();
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
    user.require(UserType::Student)?;
    Ok(match attempts::start(&state.db, user, path.into_inner()).await? {
        Started::New(d) => HttpResponse::Created().json(attempt_view(&d)),
        Started::Resumed(d) => HttpResponse::Ok().json(attempt_view(&d)),
    })
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
    user.require(UserType::Student)?;
    Ok(web::Json(attempt_view(&attempts::open(&state.db, user, path.into_inner()).await?)))
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
    user.require(UserType::Student)?;
    let (id, question_id) = path.into_inner();
    let saved = attempts::save_answer(&state.db, user, id, question_id, body.0).await?;
    Ok(web::Json(AnswerSaved {
        message: Msg::AnswerSaved.render(lang),
        question_id: saved.question_id,
        answer: saved.answer,
        saved_at: iso(saved.saved_at),
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
    user.require(UserType::Student)?;
    let bands = &state.settings.grade_bands;
    let done = attempts::submit(&state.db, &state.realtime, bands, user, path.into_inner()).await?;
    Ok(web::Json(SubmitReply {
        message: Msg::AssessmentSubmitted.render(lang),
        progress: Progress::from(&done.progress),
        result: attempt_result(done.result),
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
    let graded = attempts::result(&state.db, &state.settings.grade_bands, user, path.into_inner()).await?;
    Ok(web::Json(attempt_result(graded)))
}
