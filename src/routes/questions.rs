//! Student questions to the instructor of an enrolled course, answered live, and the
//! instructor's unanswered-question badge (spec §2, §7).

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    auth::AuthUser,
    domain::{required_text, UserType},
    error::ApiError,
    events::questions::{question_dto, QuestionDto},
    extract::ApiJson,
    i18n::{Lang, Msg},
    services::questions,
    state::AppState,
};

#[derive(Deserialize, ToSchema)]
pub struct NewQuestion {
    pub course_id: i64,
    /// Optional: the lesson the question is about (of the same course).
    pub lesson_id: Option<i64>,
    pub text: String,
}

#[derive(Deserialize, ToSchema)]
#[schema(as = QuestionAnswerInput)]
pub struct AnswerInput {
    pub text: String,
}

#[derive(Serialize, ToSchema)]
pub struct QuestionReply {
    pub message: String,
    pub question: QuestionDto,
}

#[derive(Serialize, ToSchema)]
pub struct QuestionList {
    pub questions: Vec<QuestionDto>,
}

#[derive(Serialize, ToSchema)]
pub struct BadgeCount {
    pub count: i64,
}

/// The text of a message: 1–2000 characters after trimming.
fn parse_text(raw: &str) -> Result<String, ApiError> {
    Ok(required_text(raw, "text", 2000)?)
}

/// A student asks the instructor of a course they are enrolled in ("question sent"). The
/// instructor gets `question.asked` and a new `badge.questions` count live.
#[utoipa::path(post, path = "/api/questions", tag = "questions", request_body = NewQuestion, security(("bearer" = [])),
    responses((status = 201, body = QuestionReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn ask(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    body: ApiJson<NewQuestion>,
) -> Result<HttpResponse, ApiError> {
    user.require(UserType::Student)?;
    let b = body.0;
    let text = parse_text(&b.text)?;
    let question = questions::ask(&state.db, &state.realtime, user, b.course_id, b.lesson_id, text).await?;
    Ok(HttpResponse::Created().json(QuestionReply { message: Msg::QuestionSent.render(lang), question }))
}

/// The instructor answers ("question answered"); the student gets `question.answered` and the
/// instructor's tabs a new `badge.questions` count.
#[utoipa::path(post, path = "/api/questions/{id}/answer", tag = "questions", request_body = AnswerInput,
    security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = QuestionReply), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody)))]
pub async fn answer(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
    body: ApiJson<AnswerInput>,
) -> Result<web::Json<QuestionReply>, ApiError> {
    let text = parse_text(&body.0.text)?;
    let question = questions::answer(&state.db, &state.realtime, user, path.into_inner(), text).await?;
    Ok(web::Json(QuestionReply { message: Msg::QuestionAnswered.render(lang), question }))
}

#[derive(Deserialize, IntoParams)]
pub struct ListQuery {
    /// Instructors: only unanswered questions.
    #[serde(default)]
    unanswered: bool,
}

/// A student's own questions, or the questions to an instructor.
#[utoipa::path(get, path = "/api/questions", tag = "questions", params(ListQuery), security(("bearer" = [])),
    responses((status = 200, body = QuestionList), (status = 403, body = crate::error::ErrorBody)))]
pub async fn list(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<ListQuery>,
) -> Result<web::Json<QuestionList>, ApiError> {
    let rows = questions::of_user(&state.db, user, query.unanswered).await?;
    Ok(web::Json(QuestionList { questions: rows.iter().map(question_dto).collect() }))
}

/// The instructor's count of unanswered questions (spec §7: drives the menu badge).
#[utoipa::path(get, path = "/api/question/instructor/count", tag = "questions", security(("bearer" = [])),
    responses((status = 200, body = BadgeCount), (status = 403, body = crate::error::ErrorBody)))]
pub async fn instructor_count(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<BadgeCount>, ApiError> {
    user.require(UserType::Instructor)?;
    Ok(web::Json(BadgeCount { count: questions::unanswered_count(&state.db, user).await? }))
}
