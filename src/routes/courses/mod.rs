//! Courses: the instructor's builder, accreditation and stop requests through the supervisors'
//! queues, the catalogue, enrolment, the learning path and progress, and student tracking.

pub mod dto;

use actix_web::{web, HttpResponse};

use self::dto::*;
use crate::{
    auth::{AuthUser, MaybeUser},
    domain::{
        course::{CourseAction, CourseInput},
        required_text, UserType,
    },
    error::ApiError,
    events::courses::request_dto,
    extract::ApiJson,
    i18n::{Lang, Msg},
    routes::dto::{MessageResponse, Progress},
    services::{
        courses::{self, CatalogueFilter, CourseRequest, Decision},
        progress, revisions,
    },
    state::AppState,
};

/// Longest reason a supervisor may give for rejecting a request.
const REASON_MAX: usize = 2000;

fn reply(state: &AppState, lang: Lang, msg: Msg, view: courses::CourseView) -> CourseReply {
    CourseReply { message: msg.render(lang), course: detail(&state.media, view) }
}

/// Create a course as a draft (instructors).
#[utoipa::path(post, path = "/api/courses", tag = "courses", request_body = CourseInput,
    security(("bearer" = [])),
    responses((status = 201, body = CourseReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn create(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    body: ApiJson<CourseInput>,
) -> Result<HttpResponse, ApiError> {
    user.require(UserType::Instructor)?;
    let view = courses::create(&state.db, &state.settings.grade_bands, user, body.0).await?;
    Ok(HttpResponse::Created().json(reply(&state, lang, Msg::CourseSaved, view)))
}

/// Replace a draft or rejected course's content (its owner).
#[utoipa::path(put, path = "/api/courses/{id}", tag = "courses", request_body = CourseInput,
    security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = CourseReply), (status = 400, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn update(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
    body: ApiJson<CourseInput>,
) -> Result<web::Json<CourseReply>, ApiError> {
    user.require(UserType::Instructor)?;
    let view = courses::update(&state.db, &state.settings.grade_bands, user, path.into_inner(), body.0).await?;
    Ok(web::Json(reply(&state, lang, Msg::CourseSaved, view)))
}

/// A course: everything for its owner, supervisors and enrolled students; the outline for
/// anyone when it is active.
#[utoipa::path(get, path = "/api/courses/{id}", tag = "courses", params(("id" = i64, Path)),
    responses((status = 200, body = CourseDetail), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get(
    state: web::Data<AppState>,
    MaybeUser(user): MaybeUser,
    path: web::Path<i64>,
) -> Result<web::Json<CourseDetail>, ApiError> {
    let view = courses::get(&state.db, &state.settings.grade_bands, path.into_inner(), user).await?;
    Ok(web::Json(detail(&state.media, view)))
}

/// The catalogue: active courses, searchable and filtered.
#[utoipa::path(get, path = "/api/courses", tag = "courses", params(CatalogueQuery),
    responses((status = 200, body = CourseList), (status = 400, body = crate::error::ErrorBody)))]
pub async fn catalogue(
    state: web::Data<AppState>,
    query: web::Query<CatalogueQuery>,
) -> Result<web::Json<CourseList>, ApiError> {
    let opt = |s: &Option<String>| s.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
    // The document names the two languages; anything else is refused, not a filter matching nothing.
    if !matches!(query.language.as_deref(), None | Some("" | "ar" | "en")) {
        return Err(ApiError::field_invalid("language"));
    }
    let (words, category, level, language) =
        (opt(&query.q), opt(&query.category), opt(&query.level), opt(&query.language));
    let filter = CatalogueFilter {
        words: words.as_deref(),
        category: category.as_deref(),
        level: level.as_deref(),
        language: language.as_deref(),
    };
    let rows = courses::catalogue(&state.db, filter).await?;
    Ok(web::Json(CourseList { courses: rows.iter().map(|c| summary(&state.media, c)).collect() }))
}

/// The instructor's own courses, every status.
#[utoipa::path(get, path = "/api/instructor/courses", tag = "courses", security(("bearer" = [])), params(MineCoursesQuery),
    responses((status = 200, body = CourseList), (status = 403, body = crate::error::ErrorBody)))]
pub async fn mine(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<MineCoursesQuery>,
) -> Result<web::Json<CourseList>, ApiError> {
    user.require(UserType::Instructor)?;
    let rows = courses::of_instructor(&state.db, user).await?;
    let mut courses: Vec<CourseSummary> = rows
        .iter()
        .map(|(c, last)| CourseSummary {
            last_decision: last.as_ref().map(request_dto),
            revision: revision_ref(c),
            ..summary(&state.media, c)
        })
        .collect();
    if query.revisions == Some(true) {
        let revisions = courses::revisions_of_instructor(&state.db, user).await?;
        courses.extend(revisions.iter().map(|c| summary(&state.media, c)));
    }
    Ok(web::Json(CourseList { courses }))
}

/// Send a draft (or rejected) course for accreditation ("accreditation request sent").
#[utoipa::path(post, path = "/api/courses/{id}/accreditation", tag = "courses", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = CourseReply), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody)))]
pub async fn request_accreditation(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<web::Json<CourseReply>, ApiError> {
    file_request(&state, lang, user, path.into_inner(), CourseRequest::Accreditation).await
}

/// Open a revision of an active course (its owner), or get the one already open: a working
/// copy, edited with `PUT /api/courses/{revision id}` and the assessment endpoints like a
/// draft, that students do not see. `POST /api/courses/{revision id}/accreditation` sends it
/// for a supervisor's approval with the difference against the live course (issue 23).
#[utoipa::path(post, path = "/api/courses/{id}/revision", tag = "courses", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 201, body = CourseReply), (status = 200, body = CourseReply),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn open_revision(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    user.require(UserType::Instructor)?;
    let (view, opened) = revisions::open(&state.db, &state.settings.grade_bands, user, path.into_inner()).await?;
    let body = reply(&state, lang, Msg::RevisionOpened, view);
    Ok(if opened { HttpResponse::Created().json(body) } else { HttpResponse::Ok().json(body) })
}

/// Discard the revision of a live course that is not waiting for a decision (its owner).
#[utoipa::path(delete, path = "/api/courses/{id}/revision", tag = "courses", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = MessageResponse), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody)))]
pub async fn discard_revision(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    user.require(UserType::Instructor)?;
    revisions::discard(&state.db, user, path.into_inner()).await?;
    Ok(web::Json(MessageResponse { message: Msg::RevisionDiscarded.render(lang) }))
}

/// Ask to stop an active course ("stop-course request sent").
#[utoipa::path(post, path = "/api/courses/{id}/stop-request", tag = "courses", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = CourseReply), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody)))]
pub async fn request_stop(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<web::Json<CourseReply>, ApiError> {
    file_request(&state, lang, user, path.into_inner(), CourseRequest::Stop).await
}

async fn file_request(
    state: &AppState,
    lang: Lang,
    user: AuthUser,
    id: i64,
    asked: CourseRequest,
) -> Result<web::Json<CourseReply>, ApiError> {
    user.require(UserType::Instructor)?;
    let view = courses::file_request(&state.db, &state.realtime, &state.settings.grade_bands, user, id, asked).await?;
    let sent = match asked {
        CourseRequest::Accreditation if view.course.revision_of.is_some() => Msg::RevisionSent,
        CourseRequest::Accreditation => Msg::AccreditationSent,
        CourseRequest::Stop => Msg::StopRequestSent,
    };
    Ok(web::Json(reply(state, lang, sent, view)))
}

/// A supervisor's queue.
#[utoipa::path(get, path = "/api/supervisor/requests", tag = "courses", params(QueueQuery), security(("bearer" = [])),
    responses((status = 200, body = RequestList), (status = 403, body = crate::error::ErrorBody)))]
pub async fn queue(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<QueueQuery>,
) -> Result<web::Json<RequestList>, ApiError> {
    user.require(UserType::Supervisor)?;
    let kind = match query.kind.as_str() {
        k @ ("accreditation" | "stop") => k,
        _ => return Err(ApiError::field_invalid("kind")),
    };
    let status = match query.status.as_deref().unwrap_or("pending") {
        s @ ("pending" | "approved" | "rejected") => s,
        _ => return Err(ApiError::field_invalid("status")),
    };
    let rows = courses::requests(&state.db, kind, status).await?;
    Ok(web::Json(RequestList { requests: rows.iter().map(request_dto).collect() }))
}

/// How many requests wait in each queue.
#[utoipa::path(get, path = "/api/supervisor/queue-counts", tag = "courses", security(("bearer" = [])),
    responses((status = 200, body = QueueCounts), (status = 403, body = crate::error::ErrorBody)))]
pub async fn queue_counts(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<QueueCounts>, ApiError> {
    user.require(UserType::Supervisor)?;
    let c = courses::pending_counts(&state.db).await?;
    Ok(web::Json(QueueCounts { accreditation: c.accreditation, stop: c.stop, certificates: c.certificates }))
}

async fn decide(
    state: &AppState,
    lang: Lang,
    user: AuthUser,
    id: i64,
    decision: Decision,
) -> Result<DecisionReply, ApiError> {
    let decided = courses::decide(&state.db, &state.realtime, user, id, decision).await?;
    let message = match decided.action {
        CourseAction::Accredit if decided.revision => Msg::RevisionApproved,
        CourseAction::Accredit => Msg::CourseActivated,
        CourseAction::ApproveStop => Msg::CourseStopped,
        _ => Msg::RequestRejected,
    };
    Ok(DecisionReply { message: message.render(lang), request: decided.request })
}

/// Approve a request: accreditation activates the course ("course activated"); a stop
/// request stops and archives it.
#[utoipa::path(post, path = "/api/requests/{id}/approve", tag = "courses", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = DecisionReply), (status = 403, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody)))]
pub async fn approve(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<web::Json<DecisionReply>, ApiError> {
    user.require(UserType::Supervisor)?;
    Ok(web::Json(decide(&state, lang, user, path.into_inner(), Decision::Approve).await?))
}

/// Reject a request with a reason.
#[utoipa::path(post, path = "/api/requests/{id}/reject", tag = "courses", security(("bearer" = [])),
    params(("id" = i64, Path)), request_body = DecisionInput,
    responses((status = 200, body = DecisionReply), (status = 400, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody)))]
pub async fn reject(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
    body: ApiJson<DecisionInput>,
) -> Result<web::Json<DecisionReply>, ApiError> {
    user.require(UserType::Supervisor)?;
    let reason = required_text(body.0.reason.as_deref().unwrap_or(""), "reason", REASON_MAX)?;
    Ok(web::Json(decide(&state, lang, user, path.into_inner(), Decision::Reject { reason }).await?))
}

/// Enrol in an active course (students).
#[utoipa::path(post, path = "/api/courses/{id}/enrol", tag = "courses", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 201, body = MessageResponse), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody)))]
pub async fn enrol(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    user.require(UserType::Student)?;
    progress::enrol(&state.db, user, path.into_inner()).await?;
    Ok(HttpResponse::Created().json(MessageResponse { message: Msg::Enrolled.render(lang) }))
}

/// The student's courses with progress.
#[utoipa::path(get, path = "/api/student/courses", tag = "courses", security(("bearer" = [])),
    responses((status = 200, body = EnrolledList), (status = 403, body = crate::error::ErrorBody)))]
pub async fn enrolled(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<EnrolledList>, ApiError> {
    user.require(UserType::Student)?;
    let rows = progress::enrolled(&state.db, &state.settings.grade_bands, user).await?;
    Ok(web::Json(EnrolledList { courses: rows.iter().map(|e| enrolled_course(&state.media, e)).collect() }))
}

/// Mark a lesson of an enrolled course complete.
#[utoipa::path(post, path = "/api/lessons/{id}/complete", tag = "courses", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = CompletionReply), (status = 404, body = crate::error::ErrorBody)))]
pub async fn complete_lesson(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<web::Json<CompletionReply>, ApiError> {
    user.require(UserType::Student)?;
    let p = progress::complete_lesson(&state.db, &state.settings.grade_bands, user, path.into_inner()).await?;
    Ok(web::Json(CompletionReply { message: Msg::LessonCompleted.render(lang), progress: Progress::from(&p) }))
}

/// Each of the instructor's courses with its students' progress.
#[utoipa::path(get, path = "/api/instructor/track-students", tag = "courses", security(("bearer" = [])),
    responses((status = 200, body = TrackList), (status = 403, body = crate::error::ErrorBody)))]
pub async fn track(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<TrackList>, ApiError> {
    user.require(UserType::Instructor)?;
    let courses = progress::tracking(&state.db, &state.settings.grade_bands, user).await?;
    Ok(web::Json(TrackList {
        courses: courses
            .iter()
            .map(|(c, students)| TrackedCourse {
                course: summary(&state.media, c),
                students: students.iter().map(tracked_student).collect(),
            })
            .collect(),
    }))
}
