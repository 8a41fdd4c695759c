//! Courses: the instructor's builder, accreditation and stop requests through the supervisors'
//! queues, the catalogue, enrolment, the learning path and progress, and student tracking.

use actix_web::{http::StatusCode, web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::braille::CellInfo;
use crate::{
    auth::{AuthUser, MaybeUser, MediaSigner},
    db::iso,
    domain::{
        assessment::AssessmentKind,
        assessment_grading::{
            course_progress, percent, AssessmentMeta, AttemptMeta, GradeBand, GradeBands, ProgressState,
        },
        course::{CourseAction, CourseContent, CourseInput, CourseStatus, LessonMedia, LessonMediaKind},
        UserType,
    },
    error::ApiError,
    extract::ApiJson,
    i18n::{Lang, Msg},
    startup::AppState,
    store::{
        self,
        assessments::AttemptSummaryRow,
        courses::{CourseRow, EnrolmentRow, LessonRow, RequestRow},
        media::MediaRow,
        notifications::{notify, Event},
    },
};

#[derive(Serialize, ToSchema)]
pub struct PersonRef {
    pub id: i64,
    pub name: String,
}

#[derive(Serialize, ToSchema)]
pub struct CourseSummary {
    pub id: i64,
    pub title: String,
    #[serde(rename = "type")]
    pub course_type: String,
    pub duration_days: i64,
    pub description: String,
    pub category: String,
    pub level: String,
    /// The Braille code taught: `ar` or `en`.
    pub language: String,
    /// The course image's signed URL.
    pub image: Option<String>,
    pub image_media_id: Option<i64>,
    pub status: CourseStatus,
    pub instructor: PersonRef,
    pub lessons_count: i64,
    pub enrolled_count: i64,
    pub updated_at: String,
    /// On the instructor's own list: the course's latest decided request, so a rejection's
    /// reason is there to read even if its live notice was missed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_decision: Option<RequestDto>,
}

#[derive(Serialize, ToSchema)]
pub struct LetterDto {
    pub print: String,
    pub cells: Vec<CellInfo>,
}

#[derive(Serialize, ToSchema)]
pub struct WordDto {
    pub print: String,
    /// Unicode Braille.
    pub braille: String,
}

#[derive(Serialize, ToSchema)]
pub struct LinkDto {
    pub title: String,
    pub url: String,
}

#[derive(Serialize, ToSchema)]
pub struct LessonMediaDto {
    pub kind: LessonMediaKind,
    pub title: String,
    /// Signed for the viewer (uploads) or the video's web address.
    pub url: String,
    pub media_id: Option<i64>,
    pub content_type: Option<String>,
    pub size: Option<i64>,
    /// The uploader's file name.
    pub name: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct LessonDto {
    pub id: i64,
    pub title: String,
    /// The lesson's content; absent in the public outline.
    pub description: Option<String>,
    pub rule: Option<String>,
    pub letters: Vec<LetterDto>,
    pub words: Vec<WordDto>,
    pub links: Vec<LinkDto>,
    pub media: Vec<LessonMediaDto>,
    /// For an enrolled student: whether they completed it.
    pub completed: Option<bool>,
}

#[derive(Serialize, ToSchema)]
pub struct ChapterDto {
    pub id: i64,
    pub title: String,
    pub description: String,
    pub lessons: Vec<LessonDto>,
}

#[derive(Serialize, ToSchema)]
pub struct CourseDetail {
    #[serde(flatten)]
    pub summary: CourseSummary,
    /// `full` (owner, supervisors, enrolled students) or `outline` (titles only).
    pub access: &'static str,
    pub enrolled: bool,
    pub progress: Option<Progress>,
    pub chapters: Vec<ChapterDto>,
    /// Accreditation and stop requests with who decided and when, oldest first: for the owner
    /// and supervisors only (empty for everyone else).
    pub requests: Vec<RequestDto>,
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

#[derive(Serialize, ToSchema)]
pub struct CourseReply {
    pub message: String,
    pub course: CourseDetail,
}

#[derive(Serialize, ToSchema)]
pub struct CourseList {
    pub courses: Vec<CourseSummary>,
}

pub fn summary(signer: &MediaSigner, c: &CourseRow) -> CourseSummary {
    CourseSummary {
        id: c.id,
        title: c.title.clone(),
        course_type: c.course_type.clone(),
        duration_days: c.duration_days,
        description: c.description.clone(),
        category: c.category.clone(),
        level: c.level.clone(),
        language: c.language.clone(),
        image: c.image_media_id.map(|id| signer.url(id)),
        image_media_id: c.image_media_id,
        status: c.status(),
        instructor: PersonRef { id: c.instructor_id, name: c.instructor_name.clone() },
        lessons_count: c.lessons_count,
        enrolled_count: c.enrolled_count,
        updated_at: iso(c.updated_at),
        last_decision: None,
    }
}

/// Progress from the lessons done and the student's attempts at the course's assessments.
pub fn progress(
    lessons_done: i64,
    lessons_total: i64,
    assessments: &[AssessmentMeta],
    attempts: &[AttemptMeta],
    bands: &GradeBands,
) -> Progress {
    let p = course_progress(lessons_done, lessons_total, assessments, attempts, bands);
    Progress {
        state: p.state,
        lessons_done,
        lessons_total,
        assessments_passed: p.assessments_passed,
        assessments_total: p.assessments_total,
        percent: p.percent,
        grade: p.grade,
        can_retry_final: p.can_retry_final,
    }
}

/// A student's progress in one course, read from the database.
pub async fn student_progress(state: &AppState, course: &CourseRow, student: i64) -> Result<Progress, ApiError> {
    let done = store::courses::completed_lessons(&state.db, course.id, student).await?.len() as i64;
    progress_after(state, course, student, done).await
}

/// The same, with the lessons done already counted.
async fn progress_after(state: &AppState, course: &CourseRow, student: i64, done: i64) -> Result<Progress, ApiError> {
    let metas: Vec<AssessmentMeta> =
        store::assessments::of_course(&state.db, course.id).await?.iter().map(|a| a.meta()).collect();
    let attempts: Vec<AttemptMeta> = store::assessments::attempts_of_student(&state.db, student, Some(course.id))
        .await?
        .iter()
        .map(|a| a.meta())
        .collect();
    Ok(progress(done, course.lessons_count, &metas, &attempts, &state.settings.grade_bands))
}

fn code(language: &str) -> braille::Lang {
    if language == "en" {
        braille::Lang::English
    } else {
        braille::Lang::Arabic
    }
}

fn lesson_media_dto(signer: &MediaSigner, files: &[MediaRow], m: LessonMedia) -> Option<LessonMediaDto> {
    let file = m.media_id.and_then(|id| files.iter().find(|f| f.id == id));
    let url = match (m.media_id, m.url) {
        (Some(id), _) => signer.url(id),
        (None, Some(url)) => url,
        (None, None) => return None,
    };
    Some(LessonMediaDto {
        kind: m.kind,
        title: m.title,
        url,
        media_id: m.media_id,
        content_type: file.map(|f| f.content_type.clone()),
        size: file.map(|f| f.size),
        name: file.map(|f| f.name.clone()),
    })
}

fn lesson_dto(
    signer: &MediaSigner,
    files: &[MediaRow],
    l: &LessonRow,
    language: &str,
    full: bool,
    completed: Option<bool>,
) -> LessonDto {
    if !full {
        return LessonDto {
            id: l.id,
            title: l.title.clone(),
            description: None,
            rule: None,
            letters: vec![],
            words: vec![],
            links: vec![],
            media: vec![],
            completed,
        };
    }
    let code = code(language);
    let letters: Vec<String> = serde_json::from_str(&l.letters).unwrap_or_default();
    let words: Vec<String> = serde_json::from_str(&l.words).unwrap_or_default();
    let links: Vec<serde_json::Value> = serde_json::from_str(&l.links).unwrap_or_default();
    let media: Vec<LessonMedia> = serde_json::from_str(&l.media).unwrap_or_default();
    LessonDto {
        id: l.id,
        title: l.title.clone(),
        description: Some(l.description.clone()),
        rule: Some(l.rule.clone()),
        letters: letters
            .into_iter()
            .map(|p| {
                let cells = braille::to_braille(&p, code)
                    .cells
                    .into_iter()
                    .map(|c| CellInfo {
                        unicode: c.to_unicode().to_string(),
                        dots: c.dots().collect(),
                        meaning: braille::describe_cell(c, code).map(str::to_string),
                    })
                    .collect();
                LetterDto { print: p, cells }
            })
            .collect(),
        words: words
            .into_iter()
            .map(|w| WordDto { braille: braille::to_braille(&w, code).to_unicode(), print: w })
            .collect(),
        links: links
            .into_iter()
            .map(|v| LinkDto {
                title: v["title"].as_str().unwrap_or_default().to_string(),
                url: v["url"].as_str().unwrap_or_default().to_string(),
            })
            .collect(),
        media: media.into_iter().filter_map(|m| lesson_media_dto(signer, files, m)).collect(),
        completed,
    }
}

/// What a user may see of a course: `Some(true)` everything, `Some(false)` the outline,
/// `None` nothing (answered 404, so its existence is not revealed).
fn access(course: &CourseRow, user: Option<AuthUser>, enrolled: bool) -> Option<bool> {
    let status = course.status();
    match user {
        Some(u) if u.typ == UserType::Supervisor => Some(true),
        Some(u) if u.id == course.instructor_id => Some(true),
        // A stopped course keeps its enrolled students' access to what they learned.
        _ if enrolled && (status.is_listed() || status == CourseStatus::Inactive) => Some(true),
        _ if status.is_listed() => Some(false),
        _ => None,
    }
}

async fn detail(state: &AppState, course: CourseRow, user: Option<AuthUser>) -> Result<CourseDetail, ApiError> {
    let enrolled = match user {
        Some(u) if u.typ == UserType::Student => store::courses::is_enrolled(&state.db, course.id, u.id).await?,
        _ => false,
    };
    let full = access(&course, user, enrolled).ok_or_else(ApiError::not_found)?;
    let (chapters, lessons) = store::courses::outline(&state.db, course.id).await?;
    let files = if full {
        let ids: Vec<i64> = lessons
            .iter()
            .flat_map(|l| serde_json::from_str::<Vec<LessonMedia>>(&l.media).unwrap_or_default())
            .filter_map(|m| m.media_id)
            .collect();
        store::media::many(&state.db, &ids).await?
    } else {
        vec![]
    };
    let (done, progress) = match (enrolled, user) {
        (true, Some(u)) => {
            let done = store::courses::completed_lessons(&state.db, course.id, u.id).await?;
            let progress = progress_after(state, &course, u.id, done.len() as i64).await?;
            (done, Some(progress))
        }
        _ => (vec![], None),
    };
    let chapters = chapters
        .iter()
        .map(|ch| ChapterDto {
            id: ch.id,
            title: ch.title.clone(),
            description: ch.description.clone(),
            lessons: lessons
                .iter()
                .filter(|l| l.chapter_id == ch.id)
                .map(|l| {
                    let completed = enrolled.then(|| done.contains(&l.id));
                    lesson_dto(&state.media, &files, l, &course.language, full, completed)
                })
                .collect(),
        })
        .collect();
    let manages = user.is_some_and(|u| u.typ == UserType::Supervisor || u.id == course.instructor_id);
    let requests = if manages {
        store::courses::requests_of_course(&state.db, course.id).await?.iter().map(request_dto).collect()
    } else {
        vec![]
    };
    Ok(CourseDetail {
        access: if full { "full" } else { "outline" },
        enrolled,
        progress,
        summary: summary(&state.media, &course),
        chapters,
        requests,
    })
}

fn require(user: AuthUser, typ: UserType) -> Result<(), ApiError> {
    if user.typ == typ {
        Ok(())
    } else {
        Err(ApiError::forbidden())
    }
}

async fn own_course(state: &AppState, user: AuthUser, id: i64) -> Result<CourseRow, ApiError> {
    require(user, UserType::Instructor)?;
    store::courses::by_id(&state.db, id).await?.filter(|c| c.instructor_id == user.id).ok_or_else(ApiError::not_found)
}

/// Every upload a course uses must be the instructor's own and of the kind its place takes.
async fn check_media(state: &AppState, user: AuthUser, content: &CourseContent) -> Result<(), ApiError> {
    let uses = content.media_uses();
    let ids: Vec<i64> = uses.iter().map(|(id, ..)| *id).collect();
    let files = store::media::many(&state.db, &ids).await?;
    for (id, kind, field) in uses {
        let ok = files.iter().any(|f| f.id == id && f.owner_id == user.id && f.kind() == kind);
        if !ok {
            return Err(ApiError::field_invalid(&field));
        }
    }
    Ok(())
}

/// Create a course as a draft (instructors).
#[utoipa::path(post, path = "/api/courses", tag = "courses", request_body = CourseInput, security(("bearer" = [])),
    responses((status = 201, body = CourseReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn create(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    body: ApiJson<CourseInput>,
) -> Result<HttpResponse, ApiError> {
    require(user, UserType::Instructor)?;
    let content = body.0.parse()?;
    check_media(&state, user, &content).await?;
    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    let id = store::courses::insert(&mut tx, user.id, &content).await?;
    tx.commit().await?;
    let course = store::courses::by_id(&state.db, id).await?.ok_or_else(ApiError::not_found)?;
    let course = detail(&state, course, Some(user)).await?;
    Ok(HttpResponse::Created().json(CourseReply { message: Msg::CourseSaved.render(lang), course }))
}

/// Replace a draft or rejected course's content (its owner).
#[utoipa::path(put, path = "/api/courses/{id}", tag = "courses", request_body = CourseInput, security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = CourseReply), (status = 400, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn update(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
    body: ApiJson<CourseInput>,
) -> Result<web::Json<CourseReply>, ApiError> {
    let course = own_course(&state, user, path.into_inner()).await?;
    course.status().apply(CourseAction::Edit)?;
    let content = body.0.parse()?;
    check_media(&state, user, &content).await?;
    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    let (chapter_ids, lesson_ids) = store::courses::outline_ids(&mut tx, course.id).await?;
    // An id from another course is a mistake to report, not a new chapter or lesson.
    for (ci, chapter) in content.chapters.iter().enumerate() {
        if chapter.id.is_some_and(|id| !chapter_ids.contains(&id)) {
            return Err(ApiError::field_invalid(&format!("chapters[{ci}].id")));
        }
        for (li, lesson) in chapter.lessons.iter().enumerate() {
            if lesson.id.is_some_and(|id| !lesson_ids.contains(&id)) {
                return Err(ApiError::field_invalid(&format!("chapters[{ci}].lessons[{li}].id")));
            }
        }
    }
    store::courses::replace(&mut tx, course.id, &content, &chapter_ids, &lesson_ids).await?;
    tx.commit().await?;
    let course = store::courses::by_id(&state.db, course.id).await?.ok_or_else(ApiError::not_found)?;
    Ok(web::Json(CourseReply {
        message: Msg::CourseSaved.render(lang),
        course: detail(&state, course, Some(user)).await?,
    }))
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
    let course = store::courses::by_id(&state.db, path.into_inner()).await?.ok_or_else(ApiError::not_found)?;
    Ok(web::Json(detail(&state, course, user).await?))
}

#[derive(Deserialize, IntoParams)]
pub struct CatalogueQuery {
    /// Words in the title or description.
    q: Option<String>,
    category: Option<String>,
    level: Option<String>,
    /// `ar` or `en`.
    language: Option<String>,
}

/// The catalogue: active courses, searchable and filtered.
#[utoipa::path(get, path = "/api/courses", tag = "courses", params(CatalogueQuery),
    responses((status = 200, body = CourseList)))]
pub async fn catalogue(
    state: web::Data<AppState>,
    query: web::Query<CatalogueQuery>,
) -> Result<web::Json<CourseList>, ApiError> {
    let opt = |s: &Option<String>| s.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
    let rows = store::courses::listed(
        &state.db,
        opt(&query.q).as_deref(),
        opt(&query.category).as_deref(),
        opt(&query.level).as_deref(),
        opt(&query.language).as_deref(),
    )
    .await?;
    Ok(web::Json(CourseList { courses: rows.iter().map(|c| summary(&state.media, c)).collect() }))
}

/// The instructor's own courses, every status.
#[utoipa::path(get, path = "/api/instructor/courses", tag = "courses", security(("bearer" = [])),
    responses((status = 200, body = CourseList), (status = 403, body = crate::error::ErrorBody)))]
pub async fn mine(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<CourseList>, ApiError> {
    require(user, UserType::Instructor)?;
    let rows = store::courses::by_instructor(&state.db, user.id).await?;
    // Oldest first, so the last one seen for a course is its latest.
    let decided = store::courses::decided_requests_of_instructor(&state.db, user.id).await?;
    let courses = rows
        .iter()
        .map(|c| CourseSummary {
            last_decision: decided.iter().rfind(|r| r.course_id == c.id).map(request_dto),
            ..summary(&state.media, c)
        })
        .collect();
    Ok(web::Json(CourseList { courses }))
}

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

fn request_dto(r: &RequestRow) -> RequestDto {
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

/// Moves the instructor's course by `action`, files a request and tells every supervisor.
async fn file_request(
    state: &AppState,
    user: AuthUser,
    id: i64,
    action: CourseAction,
    kind: &str,
) -> Result<CourseRow, ApiError> {
    let course = own_course(state, user, id).await?;
    let next = course.status().apply(action)?;
    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    // Re-read inside the transaction so two clicks cannot both pass the check.
    let fresh = store::courses::by_id(&mut *tx, id).await?.ok_or_else(ApiError::not_found)?;
    fresh.status().apply(action)?;
    store::courses::set_status(&mut tx, id, next).await?;
    let request_id = store::courses::insert_request(&mut tx, id, kind, user.id).await?;
    let request = store::courses::request_by_id(&mut *tx, request_id).await?.ok_or_else(ApiError::not_found)?;
    let payload = json!({ "request": request_dto(&request) });
    let mut events: Vec<Event> = Vec::new();
    for sup in store::courses::supervisor_ids(&mut *tx).await? {
        events.push(notify(&mut tx, sup, "request.created", &payload).await?);
    }
    tx.commit().await?;
    state.realtime.publish(&events).await;
    store::courses::by_id(&state.db, id).await?.ok_or_else(ApiError::not_found)
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
    let course =
        file_request(&state, user, path.into_inner(), CourseAction::SendForAccreditation, "accreditation").await?;
    Ok(web::Json(CourseReply {
        message: Msg::AccreditationSent.render(lang),
        course: detail(&state, course, Some(user)).await?,
    }))
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
    let course = file_request(&state, user, path.into_inner(), CourseAction::RequestStop, "stop").await?;
    Ok(web::Json(CourseReply {
        message: Msg::StopRequestSent.render(lang),
        course: detail(&state, course, Some(user)).await?,
    }))
}

#[derive(Deserialize, IntoParams)]
pub struct QueueQuery {
    /// `accreditation` or `stop`.
    kind: String,
    /// `pending` (default), `approved` or `rejected`.
    status: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct RequestList {
    pub requests: Vec<RequestDto>,
}

/// A supervisor's queue.
#[utoipa::path(get, path = "/api/supervisor/requests", tag = "courses", params(QueueQuery), security(("bearer" = [])),
    responses((status = 200, body = RequestList), (status = 403, body = crate::error::ErrorBody)))]
pub async fn queue(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<QueueQuery>,
) -> Result<web::Json<RequestList>, ApiError> {
    require(user, UserType::Supervisor)?;
    let kind = match query.kind.as_str() {
        k @ ("accreditation" | "stop") => k,
        _ => return Err(ApiError::field_invalid("kind")),
    };
    let status = match query.status.as_deref().unwrap_or("pending") {
        s @ ("pending" | "approved" | "rejected") => s,
        _ => return Err(ApiError::field_invalid("status")),
    };
    let rows = store::courses::requests(&state.db, kind, status).await?;
    Ok(web::Json(RequestList { requests: rows.iter().map(request_dto).collect() }))
}

#[derive(Serialize, ToSchema)]
pub struct QueueCounts {
    pub accreditation: i64,
    pub stop: i64,
    pub certificates: i64,
}

/// How many requests wait in each queue.
#[utoipa::path(get, path = "/api/supervisor/queue-counts", tag = "courses", security(("bearer" = [])),
    responses((status = 200, body = QueueCounts), (status = 403, body = crate::error::ErrorBody)))]
pub async fn queue_counts(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<QueueCounts>, ApiError> {
    require(user, UserType::Supervisor)?;
    let (accreditation, stop) = store::courses::pending_counts(&state.db).await?;
    let certificates = store::certificates::pending_count(&state.db).await?;
    Ok(web::Json(QueueCounts { accreditation, stop, certificates }))
}

#[derive(Deserialize, ToSchema, Default)]
pub struct DecisionInput {
    /// Required when rejecting.
    #[serde(default)]
    pub reason: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct DecisionReply {
    pub message: String,
    pub request: RequestDto,
}

async fn decide(
    state: &AppState,
    lang: Lang,
    user: AuthUser,
    id: i64,
    approve: bool,
    reason: Option<String>,
) -> Result<DecisionReply, ApiError> {
    require(user, UserType::Supervisor)?;
    let reason = reason.map(|r| r.trim().to_string()).filter(|r| !r.is_empty());
    if !approve && reason.is_none() {
        return Err(ApiError::field_required("reason"));
    }
    if reason.as_ref().is_some_and(|r| r.chars().count() > 2000) {
        return Err(
            ApiError::bad_request("field_too_long", Msg::FieldTooLong("reason".into(), 2000)).on_field("reason")
        );
    }
    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    let request = store::courses::request_by_id(&mut *tx, id).await?.ok_or_else(ApiError::not_found)?;
    let course = store::courses::by_id(&mut *tx, request.course_id).await?.ok_or_else(ApiError::not_found)?;
    let action = match (request.kind.as_str(), approve) {
        ("accreditation", true) => CourseAction::Accredit,
        ("accreditation", false) => CourseAction::RejectAccreditation,
        (_, true) => CourseAction::ApproveStop,
        (_, false) => CourseAction::RejectStop,
    };
    let next = course.status().apply(action)?;
    if !store::courses::decide(&mut tx, id, approve, user.id, reason.as_deref()).await? {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "already_decided",
            Msg::InvalidTransition(course.status().as_str()),
        ));
    }
    store::courses::set_status(&mut tx, course.id, next).await?;
    let decided = store::courses::request_by_id(&mut *tx, id).await?.ok_or_else(ApiError::not_found)?;
    let payload = json!({ "request": request_dto(&decided), "course_status": next });
    let mut events = vec![notify(&mut tx, course.instructor_id, "request.decided", &payload).await?];
    for sup in store::courses::supervisor_ids(&mut *tx).await? {
        if sup != user.id {
            events.push(notify(&mut tx, sup, "request.decided", &payload).await?);
        }
    }
    tx.commit().await?;
    state.realtime.publish(&events).await;
    let message = match action {
        CourseAction::Accredit => Msg::CourseActivated,
        CourseAction::ApproveStop => Msg::CourseStopped,
        _ => Msg::RequestRejected,
    };
    Ok(DecisionReply { message: message.render(lang), request: request_dto(&decided) })
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
    Ok(web::Json(decide(&state, lang, user, path.into_inner(), true, None).await?))
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
    Ok(web::Json(decide(&state, lang, user, path.into_inner(), false, body.0.reason).await?))
}

/// Enrol in an active course (students).
#[utoipa::path(post, path = "/api/courses/{id}/enrol", tag = "courses", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 201, body = super::MessageResponse), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody)))]
pub async fn enrol(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    require(user, UserType::Student)?;
    let course = store::courses::by_id(&state.db, path.into_inner())
        .await?
        .filter(|c| c.status() == CourseStatus::Active)
        .ok_or_else(ApiError::not_found)?;
    match store::courses::enrol(&state.db, course.id, user.id).await {
        Ok(()) => Ok(HttpResponse::Created().json(super::MessageResponse { message: Msg::Enrolled.render(lang) })),
        Err(e) if store::is_unique_violation(&e) => {
            Err(ApiError::new(StatusCode::CONFLICT, "already_enrolled", Msg::AlreadyEnrolled))
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Serialize, ToSchema)]
pub struct EnrolledCourse {
    pub course: CourseSummary,
    pub progress: Progress,
    pub enrolled_at: String,
    pub last_activity_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct EnrolledList {
    pub courses: Vec<EnrolledCourse>,
}

/// The student's courses with progress.
#[utoipa::path(get, path = "/api/student/courses", tag = "courses", security(("bearer" = [])),
    responses((status = 200, body = EnrolledList), (status = 403, body = crate::error::ErrorBody)))]
pub async fn enrolled(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<EnrolledList>, ApiError> {
    require(user, UserType::Student)?;
    let assessments = store::assessments::of_student_courses(&state.db, user.id).await?;
    let attempts: Vec<AttemptMeta> =
        store::assessments::attempts_of_student(&state.db, user.id, None).await?.iter().map(|a| a.meta()).collect();
    let mut out = Vec::new();
    for e in store::courses::enrolments_of_student(&state.db, user.id).await? {
        if let Some(c) = store::courses::by_id(&state.db, e.course_id).await? {
            let metas: Vec<AssessmentMeta> =
                assessments.iter().filter(|a| a.course_id == c.id).map(|a| a.meta()).collect();
            out.push(EnrolledCourse {
                progress: progress(e.lessons_done, c.lessons_count, &metas, &attempts, &state.settings.grade_bands),
                course: summary(&state.media, &c),
                enrolled_at: iso(e.enrolled_at),
                last_activity_at: iso(e.last_activity_at),
            });
        }
    }
    Ok(web::Json(EnrolledList { courses: out }))
}

#[derive(Serialize, ToSchema)]
pub struct CompletionReply {
    pub message: String,
    pub progress: Progress,
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
    require(user, UserType::Student)?;
    let lesson = path.into_inner();
    let course_id = store::courses::course_of_lesson(&state.db, lesson).await?.ok_or_else(ApiError::not_found)?;
    let course = store::courses::by_id(&state.db, course_id).await?.ok_or_else(ApiError::not_found)?;
    if !store::courses::is_enrolled(&state.db, course_id, user.id).await? || !course.status().is_listed() {
        return Err(ApiError::not_found());
    }
    store::courses::complete_lesson(&state.db, course_id, lesson, user.id).await?;
    Ok(web::Json(CompletionReply {
        message: Msg::LessonCompleted.render(lang),
        progress: student_progress(&state, &course, user.id).await?,
    }))
}

#[derive(Serialize, ToSchema)]
pub struct TrackedStudent {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub progress: Progress,
    pub enrolled_at: String,
    pub last_activity_at: String,
    /// Every attempt at the course's assessments, oldest first.
    pub attempts: Vec<TrackedAttempt>,
}

/// One attempt at an assessment, as the instructor tracks it.
#[derive(Serialize, ToSchema)]
pub struct TrackedAttempt {
    /// The attempt's id: its result is `GET /api/attempts/{id}/result`.
    pub id: i64,
    pub assessment_id: i64,
    pub assessment_title: String,
    #[serde(rename = "type")]
    pub kind: AssessmentKind,
    pub number: i64,
    pub started_at: String,
    /// Null while the student is still answering.
    pub submitted_at: Option<String>,
    pub score: Option<i64>,
    pub max_score: i64,
    pub percent: Option<f64>,
    pub passed: Option<bool>,
}

#[derive(Serialize, ToSchema)]
pub struct TrackedCourse {
    pub course: CourseSummary,
    pub students: Vec<TrackedStudent>,
}

#[derive(Serialize, ToSchema)]
pub struct TrackList {
    pub courses: Vec<TrackedCourse>,
}

/// Each of the instructor's courses with its students' progress.
#[utoipa::path(get, path = "/api/instructor/track-students", tag = "courses", security(("bearer" = [])),
    responses((status = 200, body = TrackList), (status = 403, body = crate::error::ErrorBody)))]
pub async fn track(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<TrackList>, ApiError> {
    require(user, UserType::Instructor)?;
    let courses = store::courses::by_instructor(&state.db, user.id).await?;
    let enrolments: Vec<EnrolmentRow> = store::courses::enrolments_of_instructor(&state.db, user.id).await?;
    let assessments = store::assessments::of_instructor(&state.db, user.id, None).await?;
    let attempts = store::assessments::attempts_of_instructor(&state.db, user.id).await?;
    let bands = &state.settings.grade_bands;
    Ok(web::Json(TrackList {
        courses: courses
            .iter()
            .map(|c| TrackedCourse {
                course: summary(&state.media, c),
                students: enrolments
                    .iter()
                    .filter(|e| e.course_id == c.id)
                    .map(|e| {
                        let metas: Vec<AssessmentMeta> =
                            assessments.iter().filter(|a| a.course_id == c.id).map(|a| a.meta()).collect();
                        let mine: Vec<&AttemptSummaryRow> =
                            attempts.iter().filter(|t| t.course_id == c.id && t.student_id == e.student_id).collect();
                        let metas_of_attempts: Vec<AttemptMeta> = mine.iter().map(|t| t.meta()).collect();
                        TrackedStudent {
                            id: e.student_id,
                            name: e.student_name.clone(),
                            email: e.student_email.clone(),
                            progress: progress(e.lessons_done, c.lessons_count, &metas, &metas_of_attempts, bands),
                            enrolled_at: iso(e.enrolled_at),
                            last_activity_at: iso(e.last_activity_at),
                            attempts: mine
                                .iter()
                                .map(|t| TrackedAttempt {
                                    id: t.id,
                                    assessment_id: t.assessment_id,
                                    assessment_title: t.title.clone(),
                                    kind: AssessmentKind::parse(&t.kind).unwrap_or(AssessmentKind::LessonExercise),
                                    number: t.number,
                                    started_at: iso(t.started_at),
                                    submitted_at: t.submitted_at.map(iso),
                                    score: t.score,
                                    max_score: t.max_score,
                                    percent: t.score.map(|s| percent(s, t.max_score)),
                                    passed: t.passed.map(|p| p != 0),
                                })
                                .collect(),
                        }
                    })
                    .collect(),
            })
            .collect(),
    }))
}
