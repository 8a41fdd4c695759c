//! Courses (spec §3–§5): the instructor's builder, who may see what of a course, the
//! catalogue, and accreditation and stop requests through the supervisors' queues.

use sqlx::{Any, Transaction};

use crate::{
    auth::AuthUser,
    db::{self, Db},
    domain::{
        assessment_grading::GradeBands,
        course::{CourseAction, CourseContent, CourseInput, CourseStatus, LessonMedia},
        InvalidInput, UserType,
    },
    events::{
        courses::{request_dto, RequestDto},
        notify, notify_each, LiveEvent,
    },
    realtime::Realtime,
    store::{
        self,
        courses::{ChapterRow, CourseRow, LessonRow, RequestRow},
        media::MediaRow,
    },
};

use super::{
    progress::{self, StudentProgress},
    ServiceError,
};

/// A course as one person may see it.
pub struct CourseView {
    pub course: CourseRow,
    /// Everything (its owner, supervisors, enrolled students), or the outline only.
    pub full: bool,
    /// The viewer is a student enrolled in it.
    pub enrolled: bool,
    /// The viewer is its owner or a supervisor (who see its requests and its revision).
    pub manages: bool,
    pub chapters: Vec<ChapterRow>,
    pub lessons: Vec<LessonRow>,
    /// The uploads its lessons use (full view only).
    pub files: Vec<MediaRow>,
    /// For an enrolled student: the lessons they completed, and their progress.
    pub done: Vec<i64>,
    pub progress: Option<StudentProgress>,
    /// Accreditation and stop requests, oldest first: for the owner and supervisors only.
    pub requests: Vec<RequestRow>,
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

/// A course row and its outline read at one moment: while a revision is being approved, a
/// reader sees the course before it or after it, never a mix (issue 23).
async fn read(db: &Db, id: i64) -> Result<(CourseRow, Vec<ChapterRow>, Vec<LessonRow>), ServiceError> {
    let mut tx = db::begin_read(db).await?;
    let course = store::courses::by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?;
    let (chapters, lessons) = store::courses::outline_in(&mut tx, id).await?;
    tx.commit().await?;
    Ok((course, chapters, lessons))
}

async fn view(db: &Db, bands: &GradeBands, id: i64, user: Option<AuthUser>) -> Result<CourseView, ServiceError> {
    let (course, chapters, lessons) = read(db, id).await?;
    let enrolled = match user {
        Some(u) if u.typ == UserType::Student => store::courses::is_enrolled(db, course.id, u.id).await?,
        _ => false,
    };
    let full = access(&course, user, enrolled).ok_or(ServiceError::NotFound)?;
    let files = if full {
        let ids: Vec<i64> = lessons
            .iter()
            .flat_map(|l| serde_json::from_str::<Vec<LessonMedia>>(&l.media).unwrap_or_default())
            .filter_map(|m| m.media_id)
            .collect();
        store::media::many(db, &ids).await?
    } else {
        vec![]
    };
    let (done, progress) = match (enrolled, user) {
        (true, Some(u)) => {
            let done = store::courses::completed_lessons(db, course.id, u.id).await?;
            let progress =
                progress::after_lessons(db, bands, course.id, course.lessons_count, u.id, done.len() as i64).await?;
            (done, Some(progress))
        }
        _ => (vec![], None),
    };
    let manages = user.is_some_and(|u| u.typ == UserType::Supervisor || u.id == course.instructor_id);
    let requests = match (manages, course.revision_of) {
        (false, _) => vec![],
        (true, None) => store::courses::requests_of_course(db, course.id).await?,
        // A revision's requests are filed on its live course.
        (true, Some(live)) => store::courses::requests_of_course(db, live)
            .await?
            .into_iter()
            .filter(|r| r.revision_id == Some(course.id))
            .collect(),
    };
    Ok(CourseView { course, full, enrolled, manages, chapters, lessons, files, done, progress, requests })
}

/// A course as `viewer` (or a visitor) may see it; not found when they may see nothing.
pub async fn get(db: &Db, bands: &GradeBands, id: i64, viewer: Option<AuthUser>) -> Result<CourseView, ServiceError> {
    view(db, bands, id, viewer).await
}

/// The instructor's own course (other instructors' are not found). The caller checked the
/// role.
async fn own_course(db: &Db, instructor: AuthUser, id: i64) -> Result<CourseRow, ServiceError> {
    store::courses::by_id(db, id).await?.filter(|c| c.instructor_id == instructor.id).ok_or(ServiceError::NotFound)
}

/// Every upload a course uses must be the instructor's own and of the kind its place takes.
async fn check_media(db: &Db, instructor: AuthUser, content: &CourseContent) -> Result<(), ServiceError> {
    let uses = content.media_uses();
    let ids: Vec<i64> = uses.iter().map(|(id, ..)| *id).collect();
    let files = store::media::many(db, &ids).await?;
    for (id, kind, field) in uses {
        let ok = files.iter().any(|f| f.id == id && f.owner_id == instructor.id && f.kind() == kind);
        if !ok {
            return Err(InvalidInput::invalid(&field).into());
        }
    }
    Ok(())
}

/// An instructor creates a course, as a draft.
pub async fn create(
    db: &Db,
    bands: &GradeBands,
    instructor: AuthUser,
    input: CourseInput,
) -> Result<CourseView, ServiceError> {
    let content = input.parse()?;
    check_media(db, instructor, &content).await?;
    let (mut tx, _turn) = db::begin_write(db).await?;
    let id = store::courses::insert(&mut tx, instructor.id, &content).await?;
    tx.commit().await?;
    view(db, bands, id, Some(instructor)).await
}

/// The owner replaces a draft or rejected course's content. Chapters and lessons sent with
/// their id keep it, so students' progress stays with them.
pub async fn update(
    db: &Db,
    bands: &GradeBands,
    instructor: AuthUser,
    id: i64,
    input: CourseInput,
) -> Result<CourseView, ServiceError> {
    let course = own_course(db, instructor, id).await?;
    course.status().apply(CourseAction::Edit)?;
    let content = input.parse()?;
    check_media(db, instructor, &content).await?;
    let (mut tx, _turn) = db::begin_write(db).await?;
    let (chapter_ids, lesson_ids) = store::courses::outline_ids(&mut tx, course.id).await?;
    // An id from another course is a mistake to report, not a new chapter or lesson.
    for (ci, chapter) in content.chapters.iter().enumerate() {
        if chapter.id.is_some_and(|id| !chapter_ids.contains(&id)) {
            return Err(InvalidInput::invalid(&format!("chapters[{ci}].id")).into());
        }
        for (li, lesson) in chapter.lessons.iter().enumerate() {
            if lesson.id.is_some_and(|id| !lesson_ids.contains(&id)) {
                return Err(InvalidInput::invalid(&format!("chapters[{ci}].lessons[{li}].id")).into());
            }
        }
    }
    store::courses::replace(&mut tx, course.id, &content, &chapter_ids, &lesson_ids).await?;
    tx.commit().await?;
    view(db, bands, course.id, Some(instructor)).await
}

/// What the catalogue is searched by; `None` leaves a filter out.
#[derive(Default)]
pub struct CatalogueFilter<'a> {
    /// Words in the title or description.
    pub words: Option<&'a str>,
    pub category: Option<&'a str>,
    pub level: Option<&'a str>,
    /// `ar` or `en`.
    pub language: Option<&'a str>,
}

/// The catalogue: the courses open to enrolment.
/// Names in the log the courses whose category or level the migration to codes could not map
/// (issue 23), so the society can fix them; run at every start.
pub async fn report_uncoded(db: &Db) -> Result<(), ServiceError> {
    for (id, category, level) in store::courses::uncoded(db).await? {
        tracing::warn!(course = id, %category, %level,
            "this course's category or level is not one of the codes; the catalogue filters cannot find it until an instructor picks one in the course builder");
    }
    Ok(())
}

pub async fn catalogue(db: &Db, filter: CatalogueFilter<'_>) -> Result<Vec<CourseRow>, ServiceError> {
    Ok(store::courses::listed(db, filter.words, filter.category, filter.level, filter.language).await?)
}

/// The instructor's own courses, every status, each with its latest decided request (so a
/// rejection's reason is there to read even if its live notice was missed).
pub async fn of_instructor(
    db: &Db,
    instructor: AuthUser,
) -> Result<Vec<(CourseRow, Option<RequestRow>)>, ServiceError> {
    let rows = store::courses::by_instructor(db, instructor.id).await?;
    // Oldest first, so the last one seen for a course is its latest.
    let decided = store::courses::decided_requests_of_instructor(db, instructor.id).await?;
    Ok(rows
        .into_iter()
        .map(|c| {
            let last = decided.iter().rfind(|r| r.course_id == c.id).cloned();
            (c, last)
        })
        .collect())
}

/// The instructor's revisions in the works (for the assessment builder, which edits their
/// assessments like a draft's).
pub async fn revisions_of_instructor(db: &Db, instructor: AuthUser) -> Result<Vec<CourseRow>, ServiceError> {
    Ok(store::courses::revisions_of_instructor(db, instructor.id).await?)
}

/// What an instructor asks the supervisors about their course.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CourseRequest {
    /// Accredit a draft (or rejected) course, which activates it.
    Accreditation,
    /// Stop an active course.
    Stop,
}

impl CourseRequest {
    fn action(self) -> CourseAction {
        match self {
            CourseRequest::Accreditation => CourseAction::SendForAccreditation,
            CourseRequest::Stop => CourseAction::RequestStop,
        }
    }

    fn kind(self) -> &'static str {
        match self {
            CourseRequest::Accreditation => "accreditation",
            CourseRequest::Stop => "stop",
        }
    }
}

/// The owner asks the supervisors to accredit or to stop their course: the course moves on
/// (to pending, or stop pending), a request is filed and every supervisor is told.
pub async fn file_request(
    db: &Db,
    realtime: &Realtime,
    bands: &GradeBands,
    instructor: AuthUser,
    id: i64,
    asked: CourseRequest,
) -> Result<CourseView, ServiceError> {
    let action = asked.action();
    let course = own_course(db, instructor, id).await?;
    if course.revision_of.is_some() && asked == CourseRequest::Accreditation {
        return super::revisions::send(db, realtime, bands, instructor, &course).await;
    }
    let next = course.status().apply(action)?;
    let (mut tx, _turn) = db::begin_write(db).await?;
    // Re-read inside the transaction so two clicks cannot both pass the check.
    let fresh = store::courses::by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?;
    fresh.status().apply(action)?;
    store::courses::set_status(&mut tx, id, next).await?;
    let request_id = store::courses::insert_request(&mut tx, id, asked.kind(), instructor.id).await?;
    let request = store::courses::request_by_id(&mut *tx, request_id).await?.ok_or(ServiceError::NotFound)?;
    let supervisors = store::courses::supervisor_ids(&mut *tx).await?;
    let event = LiveEvent::RequestCreated { request: &request_dto(&request) };
    let events = notify_each(&mut tx, supervisors, &event).await?;
    tx.commit().await?;
    realtime.publish(&events).await;
    view(db, bands, id, Some(instructor)).await
}

/// The requests of one kind (`accreditation` or `stop`) and status, for a supervisor's queue.
pub async fn requests(db: &Db, kind: &str, status: &str) -> Result<Vec<RequestRow>, ServiceError> {
    Ok(store::courses::requests(db, kind, status).await?)
}

/// How many requests wait in each of the supervisors' queues.
pub struct PendingCounts {
    pub accreditation: i64,
    pub stop: i64,
    pub certificates: i64,
}

pub async fn pending_counts(db: &Db) -> Result<PendingCounts, ServiceError> {
    let (accreditation, stop) = store::courses::pending_counts(db).await?;
    let certificates = store::certificates::pending_count(db).await?;
    Ok(PendingCounts { accreditation, stop, certificates })
}

/// A supervisor's decision on a request.
pub enum Decision {
    Approve,
    /// With the reason the instructor reads.
    Reject {
        reason: String,
    },
}

impl Decision {
    /// Whether it approves, and the reason of a rejection.
    pub(super) fn split(self) -> (bool, Option<String>) {
        match self {
            Decision::Approve => (true, None),
            Decision::Reject { reason } => (false, Some(reason)),
        }
    }
}

/// The end of every request decision: reads the decided request back, tells the course's
/// instructor and the other supervisors, commits and publishes.
pub(super) async fn announce_decided(
    mut tx: Transaction<'static, Any>,
    realtime: &Realtime,
    supervisor: AuthUser,
    id: i64,
    instructor: i64,
    course_status: CourseStatus,
) -> Result<RequestDto, ServiceError> {
    let decided = request_dto(&store::courses::request_by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?);
    let event = LiveEvent::RequestDecided { request: &decided, course_status };
    let mut events = vec![notify(&mut tx, instructor, &event).await?];
    let others = store::courses::supervisor_ids(&mut *tx).await?.into_iter().filter(|s| *s != supervisor.id);
    events.extend(notify_each(&mut tx, others, &event).await?);
    tx.commit().await?;
    realtime.publish(&events).await;
    Ok(decided)
}

/// A decided request and what the decision did to its course.
pub struct Decided {
    pub action: CourseAction,
    pub request: RequestDto,
    /// The request was a revision's: approval updated the live course.
    pub revision: bool,
}

/// A supervisor decides an accreditation or stop request: approving accredits (activates) or
/// stops the course, rejecting leaves it as it was. The instructor and the other supervisors
/// are told live.
pub async fn decide(
    db: &Db,
    realtime: &Realtime,
    supervisor: AuthUser,
    id: i64,
    decision: Decision,
) -> Result<Decided, ServiceError> {
    let asked = store::courses::request_by_id(db, id).await?.ok_or(ServiceError::NotFound)?;
    if asked.revision_id.is_some() {
        return super::revisions::decide(db, realtime, supervisor, id, decision).await;
    }
    let (approve, reason) = decision.split();
    let (mut tx, _turn) = db::begin_write(db).await?;
    let request = store::courses::request_by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?;
    let course = store::courses::by_id(&mut *tx, request.course_id).await?.ok_or(ServiceError::NotFound)?;
    let action = match (request.kind.as_str(), approve) {
        ("accreditation", true) => CourseAction::Accredit,
        ("accreditation", false) => CourseAction::RejectAccreditation,
        (_, true) => CourseAction::ApproveStop,
        (_, false) => CourseAction::RejectStop,
    };
    let next = course.status().apply(action)?;
    if !store::courses::decide(&mut tx, id, approve, supervisor.id, reason.as_deref()).await? {
        return Err(ServiceError::CourseRequestDecided { status: course.status() });
    }
    store::courses::set_status(&mut tx, course.id, next).await?;
    let audit_action = match action {
        CourseAction::Accredit => "course.approve_accreditation",
        CourseAction::RejectAccreditation => "course.reject_accreditation",
        CourseAction::ApproveStop => "course.approve_stop",
        _ => "course.reject_stop",
    };
    let before = serde_json::json!({ "status": course.status().as_str(), "request_id": id });
    let after = serde_json::json!({ "status": next.as_str(), "request_id": id, "reason": reason });
    super::audit::record(&mut tx, supervisor, audit_action, "course", course.id, Some(before), Some(after)).await?;
    let decided = announce_decided(tx, realtime, supervisor, id, course.instructor_id, next).await?;
    Ok(Decided { action, request: decided, revision: false })
}
