//! Learning a course (spec §4): enrolment, lessons completed, a student's progress and
//! result, and the instructor's view of their students.

use crate::{
    auth::AuthUser,
    db::Db,
    domain::{
        assessment_grading::{
            course_progress, grade_band, AssessmentMeta, AttemptMeta, CourseProgress, GradeBand, GradeBands,
            ProgressState,
        },
        course::CourseStatus,
    },
    store::{
        self,
        assessments::{AssessmentRow, AttemptSummaryRow},
        courses::{CourseRow, EnrolmentRow},
    },
};

use super::ServiceError;

/// A student's progress in a course, with the lessons it was counted from.
#[derive(Clone, Debug, PartialEq)]
pub struct StudentProgress {
    pub lessons_done: i64,
    pub lessons_total: i64,
    pub progress: CourseProgress,
}

impl StudentProgress {
    /// From the lessons done and the student's attempts at the course's assessments
    /// (`attempts` may hold other courses' too: they are ignored).
    pub fn new(
        lessons_done: i64,
        lessons_total: i64,
        assessments: &[AssessmentMeta],
        attempts: &[AttemptMeta],
        bands: &GradeBands,
    ) -> StudentProgress {
        let progress = course_progress(lessons_done, lessons_total, assessments, attempts, bands);
        StudentProgress { lessons_done, lessons_total, progress }
    }
}

/// A student's progress in one course, read from the database.
pub async fn of_student(
    db: &Db,
    bands: &GradeBands,
    course: &CourseRow,
    student: i64,
) -> Result<StudentProgress, ServiceError> {
    let done = store::courses::completed_lessons(db, course.id, student).await?.len() as i64;
    after_lessons(db, bands, course.id, course.lessons_count, student, done).await
}

/// The same, with the lessons done already counted.
pub(super) async fn after_lessons(
    db: &Db,
    bands: &GradeBands,
    course: i64,
    lessons_total: i64,
    student: i64,
    done: i64,
) -> Result<StudentProgress, ServiceError> {
    let metas: Vec<AssessmentMeta> =
        store::assessments::of_course(db, course).await?.iter().map(AssessmentRow::meta).collect();
    let attempts: Vec<AttemptMeta> =
        store::assessments::attempts_of_student(db, student, Some(course)).await?.iter().map(|a| a.meta()).collect();
    Ok(StudentProgress::new(done, lessons_total, &metas, &attempts, bands))
}

/// What a certificate needs of a student's course: whether they completed it, the percentage
/// (the final assessment's best, or without a final the points of every assessment's best
/// attempt) and its grade band (`bands`: `Settings::grade_bands`).
#[derive(Clone, Debug, PartialEq)]
pub struct CourseResult {
    pub completed: bool,
    pub percent: Option<f64>,
    pub band: Option<GradeBand>,
    pub progress: CourseProgress,
}

/// A student's result in a course; `None` when they are not enrolled in it.
pub async fn course_result(
    db: &Db,
    bands: &GradeBands,
    course: i64,
    student: i64,
) -> Result<Option<CourseResult>, ServiceError> {
    if !store::courses::is_enrolled(db, course, student).await? {
        return Ok(None);
    }
    let lessons_total = store::courses::by_id(db, course).await?.map_or(0, |c| c.lessons_count);
    let done = store::courses::completed_lessons(db, course, student).await?.len() as i64;
    let progress = after_lessons(db, bands, course, lessons_total, student, done).await?.progress;
    Ok(Some(CourseResult {
        completed: progress.state == ProgressState::Completed,
        percent: progress.percent,
        band: progress.percent.map(|p| grade_band(p, bands)),
        progress,
    }))
}

/// A student enrols in an active course; a second time is refused.
pub async fn enrol(db: &Db, student: AuthUser, course_id: i64) -> Result<(), ServiceError> {
    let course = store::courses::by_id(db, course_id)
        .await?
        .filter(|c| c.status() == CourseStatus::Active)
        .ok_or(ServiceError::NotFound)?;
    match store::courses::enrol(db, course.id, student.id).await {
        Ok(()) => Ok(()),
        Err(e) if store::is_unique_violation(&e) => Err(ServiceError::AlreadyEnrolled),
        Err(e) => Err(e.into()),
    }
}

/// A student marks a lesson of a course they follow done; answers their progress after it.
pub async fn complete_lesson(
    db: &Db,
    bands: &GradeBands,
    student: AuthUser,
    lesson: i64,
) -> Result<StudentProgress, ServiceError> {
    let course_id = store::courses::course_of_lesson(db, lesson).await?.ok_or(ServiceError::NotFound)?;
    let course = store::courses::by_id(db, course_id).await?.ok_or(ServiceError::NotFound)?;
    if !store::courses::is_enrolled(db, course_id, student.id).await? || !course.status().is_listed() {
        return Err(ServiceError::NotFound);
    }
    store::courses::complete_lesson(db, course_id, lesson, student.id).await?;
    of_student(db, bands, &course, student.id).await
}

/// One of a student's courses.
pub struct Enrolled {
    pub enrolment: EnrolmentRow,
    pub course: CourseRow,
    pub progress: StudentProgress,
}

/// Every course the student is enrolled in, latest activity first, with their progress.
pub async fn enrolled(db: &Db, bands: &GradeBands, student: AuthUser) -> Result<Vec<Enrolled>, ServiceError> {
    let assessments = store::assessments::of_student_courses(db, student.id).await?;
    let attempts: Vec<AttemptMeta> =
        store::assessments::attempts_of_student(db, student.id, None).await?.iter().map(|a| a.meta()).collect();
    let mut out = Vec::new();
    for enrolment in store::courses::enrolments_of_student(db, student.id).await? {
        if let Some(course) = store::courses::by_id(db, enrolment.course_id).await? {
            let metas: Vec<AssessmentMeta> =
                assessments.iter().filter(|a| a.course_id == course.id).map(|a| a.meta()).collect();
            let progress = StudentProgress::new(enrolment.lessons_done, course.lessons_count, &metas, &attempts, bands);
            out.push(Enrolled { enrolment, course, progress });
        }
    }
    Ok(out)
}

/// A student of one of the instructor's courses, with every attempt at its assessments.
pub struct TrackedStudent {
    pub enrolment: EnrolmentRow,
    pub progress: StudentProgress,
    /// Oldest first.
    pub attempts: Vec<AttemptSummaryRow>,
}

/// Each of the instructor's courses with its students.
pub async fn tracking(
    db: &Db,
    bands: &GradeBands,
    instructor: AuthUser,
) -> Result<Vec<(CourseRow, Vec<TrackedStudent>)>, ServiceError> {
    let courses = store::courses::by_instructor(db, instructor.id).await?;
    let enrolments = store::courses::enrolments_of_instructor(db, instructor.id).await?;
    let assessments = store::assessments::of_instructor(db, instructor.id, None).await?;
    let attempts = store::assessments::attempts_of_instructor(db, instructor.id).await?;
    Ok(courses
        .into_iter()
        .map(|c| {
            let metas: Vec<AssessmentMeta> =
                assessments.iter().filter(|a| a.course_id == c.id).map(|a| a.meta()).collect();
            let students = enrolments
                .iter()
                .filter(|e| e.course_id == c.id)
                .map(|e| {
                    let mine: Vec<AttemptSummaryRow> = attempts
                        .iter()
                        .filter(|t| t.course_id == c.id && t.student_id == e.student_id)
                        .cloned()
                        .collect();
                    let metas_of_attempts: Vec<AttemptMeta> = mine.iter().map(|t| t.meta()).collect();
                    TrackedStudent {
                        progress: StudentProgress::new(
                            e.lessons_done,
                            c.lessons_count,
                            &metas,
                            &metas_of_attempts,
                            bands,
                        ),
                        enrolment: e.clone(),
                        attempts: mine,
                    }
                })
                .collect();
            (c, students)
        })
        .collect())
}
