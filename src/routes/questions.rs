//! Student questions to the instructor of an enrolled course, answered live, and the
//! instructor's unanswered-question badge (spec §2, §7).

use actix_web::{http::StatusCode, web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use crate::{
    auth::AuthUser,
    db::iso,
    domain::UserType,
    error::ApiError,
    extract::ApiJson,
    i18n::{Lang, Msg},
    startup::AppState,
    store::{self, notifications::notify, questions::QuestionRow},
};

#[derive(Deserialize, ToSchema)]
pub struct NewQuestion {
    pub course_id: i64,
    /// Optional: the lesson the question is about (of the same course).
    pub lesson_id: Option<i64>,
    pub text: String,
}

#[derive(Deserialize, ToSchema)]
pub struct AnswerInput {
    pub text: String,
}

#[derive(Serialize, ToSchema, Clone)]
pub struct QuestionDto {
    pub id: i64,
    pub course_id: i64,
    pub course_title: String,
    pub lesson_id: Option<i64>,
    pub lesson_title: Option<String>,
    pub student_id: i64,
    pub student_name: String,
    pub text: String,
    pub answered: bool,
    pub answer: Option<String>,
    pub created_at: String,
    pub answered_at: Option<String>,
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

fn dto(q: &QuestionRow) -> QuestionDto {
    QuestionDto {
        id: q.id,
        course_id: q.course_id,
        course_title: q.course_title.clone(),
        lesson_id: q.lesson_id,
        lesson_title: q.lesson_title.clone(),
        student_id: q.student_id,
        student_name: q.student_name.clone(),
        text: q.text.clone(),
        answered: q.answered_at.is_some(),
        answer: q.answer.clone(),
        created_at: iso(q.created_at),
        answered_at: q.answered_at.map(iso),
    }
}

/// The text of a message: 1–2000 characters after trimming.
fn parse_text(raw: &str) -> Result<String, ApiError> {
    crate::domain::required_text(raw, "text", 2000)
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
    if user.typ != UserType::Student {
        return Err(ApiError::forbidden());
    }
    let b = body.0;
    let text = parse_text(&b.text)?;
    let course = store::courses::by_id(&state.db, b.course_id)
        .await?
        .filter(|c| c.status().is_listed())
        .ok_or_else(|| ApiError::not_found().on_field("course_id"))?;
    if !store::courses::is_enrolled(&state.db, course.id, user.id).await? {
        return Err(ApiError::not_found().on_field("course_id"));
    }
    if let Some(lesson) = b.lesson_id {
        if store::courses::course_of_lesson(&state.db, lesson).await? != Some(course.id) {
            return Err(ApiError::field_invalid("lesson_id"));
        }
    }
    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    let id = store::questions::insert(&mut tx, course.id, b.lesson_id, user.id, course.instructor_id, &text).await?;
    let question = dto(&store::questions::by_id(&mut *tx, id).await?.ok_or_else(ApiError::not_found)?);
    let count = store::questions::unanswered_count(&mut *tx, course.instructor_id).await?;
    let events = vec![
        notify(&mut tx, course.instructor_id, "question.asked", &json!({ "question": question })).await?,
        notify(&mut tx, course.instructor_id, "badge.questions", &json!({ "count": count })).await?,
    ];
    tx.commit().await?;
    state.realtime.publish(&events).await;
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
    let id = path.into_inner();
    let q = store::questions::by_id(&state.db, id)
        .await?
        .filter(|q| q.instructor_id == user.id)
        .ok_or_else(ApiError::not_found)?;
    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    if !store::questions::answer(&mut tx, q.id, &text).await? {
        return Err(ApiError::new(StatusCode::CONFLICT, "already_answered", Msg::AlreadyAnswered));
    }
    let question = dto(&store::questions::by_id(&mut *tx, id).await?.ok_or_else(ApiError::not_found)?);
    let count = store::questions::unanswered_count(&mut *tx, user.id).await?;
    let events = vec![
        notify(&mut tx, q.student_id, "question.answered", &json!({ "question": question })).await?,
        notify(&mut tx, user.id, "badge.questions", &json!({ "count": count })).await?,
    ];
    tx.commit().await?;
    state.realtime.publish(&events).await;
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
    let rows = match user.typ {
        UserType::Student => store::questions::of_student(&state.db, user.id).await?,
        UserType::Instructor => store::questions::of_instructor(&state.db, user.id, query.unanswered).await?,
        UserType::Supervisor => return Err(ApiError::forbidden()),
    };
    Ok(web::Json(QuestionList { questions: rows.iter().map(dto).collect() }))
}

/// The instructor's count of unanswered questions (spec §7: drives the menu badge).
#[utoipa::path(get, path = "/api/question/instructor/count", tag = "questions", security(("bearer" = [])),
    responses((status = 200, body = BadgeCount), (status = 403, body = crate::error::ErrorBody)))]
pub async fn instructor_count(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<BadgeCount>, ApiError> {
    if user.typ != UserType::Instructor {
        return Err(ApiError::forbidden());
    }
    Ok(web::Json(BadgeCount { count: store::questions::unanswered_count(&state.db, user.id).await? }))
}
