//! The courses area's request and response types, and how a course is shown: lessons with
//! their letters and words in Braille, media behind signed URLs.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    auth::MediaSigner,
    db::iso,
    domain::{
        assessment::AssessmentKind,
        assessment_grading::percent,
        course::{braille_code, braille_options, stored_grade, CourseStatus, LessonMedia, LessonMediaKind},
    },
    events::{courses::RequestDto, PersonRef},
    routes::dto::{cell_info, CellInfo, Progress},
    services::{
        courses::CourseView,
        progress::{Enrolled, TrackedStudent as Tracked},
    },
    store::{
        courses::{CourseRow, LessonRow},
        media::MediaRow,
    },
};

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
    #[schema(value_type = crate::i18n::Lang)]
    pub language: String,
    /// 1 (uncontracted) or 2 (contracted Braille).
    pub braille_grade: u8,
    /// The course image's signed URL.
    #[schema(required)]
    pub image: Option<String>,
    #[schema(required)]
    pub image_media_id: Option<i64>,
    pub status: CourseStatus,
    pub instructor: PersonRef,
    pub lessons_count: i64,
    pub enrolled_count: i64,
    pub updated_at: String,
    /// A revision (issue 23): the live course it is the working copy of. Students never see
    /// a revision.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub revision_of: Option<i64>,
    /// A live course with a revision in the works: the revision and its status (`draft` while
    /// edited, `pending` once sent, `rejected` when returned).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub revision: Option<RevisionRef>,
    /// On the instructor's own list: the course's latest decided request, so a rejection's
    /// reason is there to read even if its live notice was missed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub last_decision: Option<RequestDto>,
}

/// `GET /api/instructor/courses`.
#[derive(Deserialize, IntoParams)]
pub struct MineCoursesQuery {
    /// Also the instructor's revisions of live courses (each with `revision_of`), after the
    /// courses: the assessment builder edits their assessments.
    pub revisions: Option<bool>,
}

#[derive(Serialize, ToSchema)]
pub struct RevisionRef {
    pub id: i64,
    pub status: CourseStatus,
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

/// A contraction a lesson introduces.
#[derive(Serialize, ToSchema)]
pub struct ContractionDto {
    /// e.g. `en:the`, `ar:ال`.
    pub id: String,
    /// The print it stands for.
    pub print: String,
    /// Unicode Braille, standing alone.
    pub braille: String,
    /// wordsign, groupsign, shortform, …
    pub kind: String,
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
    #[schema(required)]
    pub media_id: Option<i64>,
    #[schema(required)]
    pub content_type: Option<String>,
    #[schema(required)]
    pub size: Option<i64>,
    /// The uploader's file name.
    #[schema(required)]
    pub name: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct LessonDto {
    pub id: i64,
    /// In a revision: the live lesson this one copies (absent for a lesson the revision adds).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub origin_id: Option<i64>,
    pub title: String,
    /// The lesson's content; absent in the public outline.
    #[schema(required)]
    pub description: Option<String>,
    #[schema(required)]
    pub rule: Option<String>,
    pub letters: Vec<LetterDto>,
    pub words: Vec<WordDto>,
    pub links: Vec<LinkDto>,
    pub media: Vec<LessonMediaDto>,
    /// Grade 2 courses: the contractions this lesson introduces. Its words are written with
    /// these and those of the lessons before it.
    pub contractions: Vec<ContractionDto>,
    /// For an enrolled student: whether they completed it.
    #[schema(required)]
    pub completed: Option<bool>,
}

#[derive(Serialize, ToSchema)]
pub struct ChapterDto {
    pub id: i64,
    /// In a revision: the live chapter this one copies.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub origin_id: Option<i64>,
    pub title: String,
    pub description: String,
    pub lessons: Vec<LessonDto>,
}

/// How much of a course the viewer sees (`CourseDetail.access`; only the document uses this).
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum CourseAccess {
    /// The owner, supervisors and enrolled students.
    Full,
    /// Titles only.
    Outline,
}

#[derive(Serialize, ToSchema)]
pub struct CourseDetail {
    #[serde(flatten)]
    pub summary: CourseSummary,
    /// `full` (owner, supervisors, enrolled students) or `outline` (titles only).
    #[schema(value_type = CourseAccess)]
    pub access: &'static str,
    pub enrolled: bool,
    #[schema(required)]
    pub progress: Option<Progress>,
    pub chapters: Vec<ChapterDto>,
    /// Accreditation and stop requests with who decided and when, oldest first: for the owner
    /// and supervisors only (empty for everyone else).
    pub requests: Vec<RequestDto>,
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

/// A live course's revision in the works, for its owner and supervisors.
pub fn revision_ref(c: &CourseRow) -> Option<RevisionRef> {
    c.revision_id
        .map(|id| RevisionRef { id, status: CourseStatus::parse(c.revision_status.as_deref().unwrap_or("draft")) })
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
        braille_grade: stored_grade(c.braille_grade).number(),
        image: c.image_media_id.map(|id| signer.url(id)),
        image_media_id: c.image_media_id,
        status: c.status(),
        instructor: PersonRef { id: c.instructor_id, name: c.instructor_name.clone() },
        lessons_count: c.lessons_count,
        enrolled_count: c.enrolled_count,
        updated_at: iso(c.updated_at),
        revision_of: c.revision_of,
        // Only its owner and supervisors hear of a revision: see `revision_ref`.
        revision: None,
        last_decision: None,
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
    opts: &braille::Options,
    full: bool,
    completed: Option<bool>,
) -> LessonDto {
    if !full {
        return LessonDto {
            id: l.id,
            origin_id: None,
            title: l.title.clone(),
            description: None,
            rule: None,
            letters: vec![],
            words: vec![],
            links: vec![],
            media: vec![],
            contractions: vec![],
            completed,
        };
    }
    let code = braille_code(language);
    let letters: Vec<String> = serde_json::from_str(&l.letters).unwrap_or_default();
    let words: Vec<String> = serde_json::from_str(&l.words).unwrap_or_default();
    let links: Vec<serde_json::Value> = serde_json::from_str(&l.links).unwrap_or_default();
    let media: Vec<LessonMedia> = serde_json::from_str(&l.media).unwrap_or_default();
    LessonDto {
        id: l.id,
        origin_id: l.origin_id,
        title: l.title.clone(),
        description: Some(l.description.clone()),
        rule: Some(l.rule.clone()),
        letters: letters
            .into_iter()
            .map(|p| {
                let cells = braille::to_braille(&p, code).cells.into_iter().map(|c| cell_info(c, code)).collect();
                LetterDto { print: p, cells }
            })
            .collect(),
        words: words
            .into_iter()
            .map(|w| WordDto { braille: braille::to_braille_with(&w, code, opts).to_unicode(), print: w })
            .collect(),
        links: links
            .into_iter()
            .map(|v| LinkDto {
                title: v["title"].as_str().unwrap_or_default().to_string(),
                url: v["url"].as_str().unwrap_or_default().to_string(),
            })
            .collect(),
        media: media.into_iter().filter_map(|m| lesson_media_dto(signer, files, m)).collect(),
        contractions: serde_json::from_str::<Vec<String>>(&l.contractions)
            .unwrap_or_default()
            .iter()
            .filter_map(|id| braille::contraction(code, id))
            .map(|c| ContractionDto {
                id: c.id.clone(),
                print: c.print.clone(),
                braille: braille::cells_to_unicode(&c.cells),
                kind: c.kind.name().to_string(),
            })
            .collect(),
        completed,
    }
}

/// How each lesson (in course order) writes its words: grade 1, full grade 2, or, when the
/// lessons introduce contractions, the ones taught up to and including that lesson.
fn lesson_options(course: &CourseRow, lessons: &[LessonRow]) -> Vec<braille::Options> {
    let code = braille_code(&course.language);
    let grade = stored_grade(course.braille_grade);
    let staged = crate::domain::course::taught_contractions(code, lessons.iter().map(|l| l.contractions.as_str()));
    lessons
        .iter()
        .enumerate()
        .map(|(i, _)| {
            let so_far = staged.as_ref().map(|_| {
                crate::domain::course::taught_contractions(code, lessons[..=i].iter().map(|l| l.contractions.as_str()))
                    .unwrap_or_default()
            });
            braille_options(grade, so_far)
        })
        .collect()
}

/// The course as `view` lets its viewer see it.
pub fn detail(signer: &MediaSigner, view: CourseView) -> CourseDetail {
    let CourseView { course, full, enrolled, manages, chapters, lessons, files, done, progress, requests } = view;
    let options = lesson_options(&course, &lessons);
    let chapters = chapters
        .iter()
        .map(|ch| ChapterDto {
            id: ch.id,
            origin_id: ch.origin_id,
            title: ch.title.clone(),
            description: ch.description.clone(),
            lessons: lessons
                .iter()
                .zip(&options)
                .filter(|(l, _)| l.chapter_id == ch.id)
                .map(|(l, opts)| {
                    let completed = enrolled.then(|| done.contains(&l.id));
                    lesson_dto(signer, &files, l, &course.language, opts, full, completed)
                })
                .collect(),
        })
        .collect();
    CourseDetail {
        access: if full { "full" } else { "outline" },
        enrolled,
        progress: progress.as_ref().map(Progress::from),
        summary: CourseSummary {
            revision: if manages { revision_ref(&course) } else { None },
            ..summary(signer, &course)
        },
        chapters,
        requests: requests.iter().map(crate::events::courses::request_dto).collect(),
    }
}

pub fn enrolled_course(signer: &MediaSigner, e: &Enrolled) -> EnrolledCourse {
    EnrolledCourse {
        progress: Progress::from(&e.progress),
        course: summary(signer, &e.course),
        enrolled_at: iso(e.enrolment.enrolled_at),
        last_activity_at: iso(e.enrolment.last_activity_at),
    }
}

pub fn tracked_student(t: &Tracked) -> TrackedStudent {
    let e = &t.enrolment;
    TrackedStudent {
        id: e.student_id,
        name: e.student_name.clone(),
        email: e.student_email.clone(),
        progress: Progress::from(&t.progress),
        enrolled_at: iso(e.enrolled_at),
        last_activity_at: iso(e.last_activity_at),
        attempts: t
            .attempts
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
}

#[derive(Deserialize, IntoParams)]
pub struct CatalogueQuery {
    /// Words in the title or description.
    pub q: Option<String>,
    pub category: Option<String>,
    pub level: Option<String>,
    /// `ar` or `en`.
    #[param(pattern = "^(ar|en)?$")]
    pub language: Option<String>,
}

#[derive(Deserialize, IntoParams)]
pub struct QueueQuery {
    /// `accreditation` or `stop`.
    #[param(pattern = "^(accreditation|stop)$")]
    pub kind: String,
    /// `pending` (default), `approved` or `rejected`.
    #[param(pattern = "^(pending|approved|rejected)$")]
    pub status: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct RequestList {
    pub requests: Vec<RequestDto>,
}

#[derive(Serialize, ToSchema)]
pub struct QueueCounts {
    pub accreditation: i64,
    pub stop: i64,
    pub certificates: i64,
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

#[derive(Serialize, ToSchema)]
pub struct CompletionReply {
    pub message: String,
    pub progress: Progress,
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
    #[schema(required)]
    pub submitted_at: Option<String>,
    #[schema(required)]
    pub score: Option<i64>,
    pub max_score: i64,
    #[schema(required)]
    pub percent: Option<f64>,
    #[schema(required)]
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
