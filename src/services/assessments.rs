//! Assessments (spec §3, §4, §8): instructors build lesson exercises, chapter assessments and
//! a final assessment for their courses; who may see one, and a student's standing in each.
//! Taking them is in [`super::attempts`].

use crate::{
    auth::AuthUser,
    db::{self, Db},
    domain::{
        assessment::{AssessmentContent, AssessmentInput, AssessmentKind, Question},
        assessment_grading::{attempts_left, best_percent, start_blocker, AssessmentMeta, AttemptMeta, Blocker},
        course::{braille_code, braille_options, stored_grade, taught_contractions, CourseStatus},
        InvalidInput, UserType,
    },
    store::{
        self,
        assessments::{AssessmentRow, AttemptSummaryRow},
        courses::CourseRow,
    },
};

use super::ServiceError;

/// How a user stands to an assessment. Anyone else is told it does not exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The course's instructor.
    Owner,
    Supervisor,
    /// An enrolled student; `read_only` when the course is stopped.
    Learner {
        read_only: bool,
    },
}

impl Role {
    /// The owner and supervisors see the right answers and every student's attempts.
    pub fn authors(self) -> bool {
        matches!(self, Role::Owner | Role::Supervisor)
    }
}

/// A student's standing in one assessment.
pub struct Standing {
    /// Their attempts at it, oldest first, the open one included.
    pub attempts: Vec<AttemptSummaryRow>,
    /// `None`: unlimited.
    pub attempts_left: Option<i64>,
    pub best_percent: Option<f64>,
    /// The order rule of spec §4 that holds it back.
    pub locked: Option<Blocker>,
    /// The course is stopped: results can be read, nothing can be taken.
    pub read_only: bool,
}

impl Standing {
    pub fn passed(&self) -> bool {
        self.attempts.iter().any(|t| t.passed == Some(1))
    }

    /// The attempt started and not submitted, if any.
    pub fn open_attempt(&self) -> Option<i64> {
        self.attempts.iter().find(|t| t.submitted_at.is_none()).map(|t| t.id)
    }

    /// Starting (or resuming) an attempt would succeed now.
    pub fn can_start(&self) -> bool {
        !self.read_only
            && self.locked.is_none()
            && (self.open_attempt().is_some() || (!self.passed() && self.attempts_left != Some(0)))
    }
}

/// An assessment with its questions, as `role` may see it.
pub struct Detail {
    pub assessment: AssessmentRow,
    pub role: Role,
    pub questions: Vec<Question>,
    /// For a student: their standing.
    pub learner: Option<Standing>,
}

/// Who `user` is to a course's assessments; not found for anyone with no part in it.
pub(super) async fn role(
    db: &Db,
    user: AuthUser,
    course_id: i64,
    instructor_id: i64,
    status: &str,
) -> Result<Role, ServiceError> {
    match user.typ {
        UserType::Instructor if instructor_id == user.id => Ok(Role::Owner),
        UserType::Supervisor => Ok(Role::Supervisor),
        UserType::Student if store::courses::is_enrolled(db, course_id, user.id).await? => {
            match CourseStatus::parse(status) {
                s if s.is_listed() => Ok(Role::Learner { read_only: false }),
                CourseStatus::Inactive => Ok(Role::Learner { read_only: true }),
                _ => Err(ServiceError::NotFound),
            }
        }
        _ => Err(ServiceError::NotFound),
    }
}

pub(super) async fn found(db: &Db, id: i64) -> Result<AssessmentRow, ServiceError> {
    store::assessments::by_id(db, id).await?.ok_or(ServiceError::NotFound)
}

/// The instructor's own assessment (other instructors' are not found). The caller checked the
/// role.
async fn owned(db: &Db, instructor: AuthUser, id: i64) -> Result<AssessmentRow, ServiceError> {
    store::assessments::by_id(db, id).await?.filter(|a| a.instructor_id == instructor.id).ok_or(ServiceError::NotFound)
}

/// A student's standing in `a`; `all`: the course's assessments, `attempts`: the student's
/// attempts in the course.
fn standing(a: &AssessmentRow, all: &[AssessmentMeta], attempts: &[AttemptSummaryRow], read_only: bool) -> Standing {
    let metas: Vec<AttemptMeta> = attempts.iter().map(AttemptSummaryRow::meta).collect();
    Standing {
        attempts: attempts.iter().filter(|t| t.assessment_id == a.id).cloned().collect(),
        attempts_left: attempts_left(&a.meta(), &metas),
        best_percent: best_percent(a.id, &metas),
        locked: start_blocker(&a.meta(), all, &metas),
        read_only,
    }
}

async fn detail(db: &Db, user: AuthUser, assessment: AssessmentRow, role: Role) -> Result<Detail, ServiceError> {
    let questions = store::assessments::questions(db, assessment.id).await?;
    let learner = match role {
        Role::Learner { read_only } => {
            let all: Vec<AssessmentMeta> = store::assessments::of_course(db, assessment.course_id)
                .await?
                .iter()
                .map(AssessmentRow::meta)
                .collect();
            let attempts = store::assessments::attempts_of_student(db, user.id, Some(assessment.course_id)).await?;
            Some(standing(&assessment, &all, &attempts, read_only))
        }
        _ => None,
    };
    Ok(Detail { assessment, role, questions, learner })
}

/// One assessment: the owner and supervisors see the right answers, an enrolled student the
/// questions and their standing. Anyone else: not found.
pub async fn get(db: &Db, user: AuthUser, id: i64) -> Result<Detail, ServiceError> {
    let a = found(db, id).await?;
    let role = role(db, user, a.course_id, a.instructor_id, &a.course_status).await?;
    detail(db, user, a, role).await
}

/// A course's assessments in order, each with the student's standing for an enrolled
/// student. Anyone with no part in the course: not found.
pub async fn of_course(
    db: &Db,
    user: AuthUser,
    course_id: i64,
) -> Result<(Role, Vec<(AssessmentRow, Option<Standing>)>), ServiceError> {
    let course = store::courses::by_id(db, course_id).await?.ok_or(ServiceError::NotFound)?;
    let role = role(db, user, course.id, course.instructor_id, course.status().as_str()).await?;
    let rows = store::assessments::of_course(db, course.id).await?;
    let listed = match role {
        Role::Learner { read_only } => {
            let all: Vec<AssessmentMeta> = rows.iter().map(AssessmentRow::meta).collect();
            let attempts = store::assessments::attempts_of_student(db, user.id, Some(course.id)).await?;
            rows.into_iter()
                .map(|a| {
                    let standing = standing(&a, &all, &attempts, read_only);
                    (a, Some(standing))
                })
                .collect()
        }
        _ => rows.into_iter().map(|a| (a, None)).collect(),
    };
    Ok((role, listed))
}

/// The instructor's assessments (of one course if asked), course by course in the course's
/// order.
pub async fn of_instructor(
    db: &Db,
    instructor: AuthUser,
    course_id: Option<i64>,
) -> Result<Vec<AssessmentRow>, ServiceError> {
    Ok(store::assessments::of_instructor(db, instructor.id, course_id).await?)
}

/// The assessments of the instructor's revisions in the works.
pub async fn of_instructor_revisions(db: &Db, instructor: AuthUser) -> Result<Vec<AssessmentRow>, ServiceError> {
    Ok(store::assessments::of_instructor_revisions(db, instructor.id).await?)
}

/// The instructor's course an assessment is for; not found on `course_id` otherwise.
async fn own_course(db: &Db, instructor: AuthUser, id: i64) -> Result<CourseRow, ServiceError> {
    store::courses::by_id(db, id)
        .await?
        .filter(|c| c.instructor_id == instructor.id)
        .ok_or(ServiceError::NotFoundIn("course_id"))
}

/// Spec §8: a failure inside the server while saving an assessment says "Something went
/// wrong"; refusals keep their own answer.
fn save_failed(e: ServiceError) -> ServiceError {
    match e {
        ServiceError::Database(e) => ServiceError::AssessmentSaveFailed(e.into()),
        ServiceError::Internal(e) => ServiceError::AssessmentSaveFailed(e),
        other => other,
    }
}

/// The course's input parsed against its Braille code and grade (a grade 2 course whose
/// lessons introduce contractions expects only those); a stopped course takes nothing.
async fn parse_for(db: &Db, course: &CourseRow, input: AssessmentInput) -> Result<AssessmentContent, ServiceError> {
    if course.status() == CourseStatus::Inactive {
        return Err(ServiceError::CourseStopped);
    }
    let code = braille_code(&course.language);
    let opts = match stored_grade(course.braille_grade) {
        braille::Grade::One => braille::Options::grade1(),
        grade => {
            let (_, lessons) = store::courses::outline(db, course.id).await?;
            braille_options(grade, taught_contractions(code, lessons.iter().map(|l| l.contractions.as_str())))
        }
    };
    Ok(input.parse_with(code, &opts, &mut rand::thread_rng())?)
}

/// The instructor creates an assessment for one of their courses; the expected Braille of
/// every question is computed with the course's code.
pub async fn create(db: &Db, instructor: AuthUser, input: AssessmentInput) -> Result<Detail, ServiceError> {
    let course = own_course(db, instructor, input.course_id).await?;
    let content = parse_for(db, &course, input).await?;
    let id = save(db, &course, &content, None).await.map_err(save_failed)?;
    detail(db, instructor, found(db, id).await?, Role::Owner).await
}

/// The owner replaces an assessment (its course cannot change). Questions sent with their id
/// keep it; attempts already started keep the questions they started with.
pub async fn update(db: &Db, instructor: AuthUser, id: i64, input: AssessmentInput) -> Result<Detail, ServiceError> {
    let a = owned(db, instructor, id).await?;
    if input.course_id != a.course_id {
        return Err(InvalidInput::invalid("course_id").into());
    }
    let course = own_course(db, instructor, a.course_id).await?;
    let content = parse_for(db, &course, input).await?;
    save(db, &course, &content, Some(a.id)).await.map_err(save_failed)?;
    detail(db, instructor, found(db, a.id).await?, Role::Owner).await
}

/// Checks the assessment's lesson or chapter against the course, then writes it.
async fn save(
    db: &Db,
    course: &CourseRow,
    content: &AssessmentContent,
    existing: Option<i64>,
) -> Result<i64, ServiceError> {
    let (chapters, lessons) = store::courses::outline(db, course.id).await?;
    if content.lesson_id.is_some_and(|id| !lessons.iter().any(|l| l.id == id)) {
        return Err(InvalidInput::invalid("lesson_id").into());
    }
    if content.chapter_id.is_some_and(|id| !chapters.iter().any(|c| c.id == id)) {
        return Err(InvalidInput::invalid("chapter_id").into());
    }
    let taken = || match content.kind {
        AssessmentKind::FinalAssessment => ServiceError::FinalAssessmentExists,
        _ => ServiceError::ChapterAssessmentExists,
    };
    let (mut tx, _turn) = db::begin_write(db).await?;
    if store::assessments::tie_taken(&mut tx, content, existing).await? {
        return Err(taken());
    }
    // What students take changes only through a revision a supervisor approves (issue 23).
    // Checked last, so a request that is wrong anyway hears what is wrong with it.
    let status = store::courses::by_id(&mut *tx, course.id).await?.ok_or(ServiceError::NotFound)?.status();
    if status.is_listed() {
        return Err(ServiceError::CourseLive);
    }
    let written = match existing {
        None => store::assessments::insert(&mut tx, content).await,
        Some(id) => {
            let ids = store::assessments::question_ids(&mut tx, id).await?;
            for (i, q) in content.questions.iter().enumerate() {
                if q.id.is_some_and(|qid| !ids.contains(&qid)) {
                    return Err(InvalidInput::invalid(&format!("questions[{i}].id")).into());
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

/// The owner deletes an assessment no student has started: of a draft course, or of a
/// revision (not the copy of a live assessment students have attempted). A live course's
/// assessments go only through a revision.
pub async fn delete(db: &Db, instructor: AuthUser, id: i64) -> Result<(), ServiceError> {
    let a = owned(db, instructor, id).await?;
    // The most specific refusal first: attempts are why it can never go, a live course why
    // not directly.
    match CourseStatus::parse(&a.course_status) {
        CourseStatus::Inactive => return Err(ServiceError::CourseStopped),
        _ if a.attempts_count > 0 => return Err(ServiceError::AssessmentHasAttempts),
        s if s.is_listed() => return Err(ServiceError::CourseLive),
        _ => {}
    }
    if let Some(origin) = a.origin_id {
        if store::assessments::by_id(db, origin).await?.is_some_and(|o| o.attempts_count > 0) {
            return Err(ServiceError::AssessmentHasAttempts);
        }
    }
    let (mut tx, _turn) = db::begin_write(db).await?;
    if !store::assessments::delete_unattempted(&mut tx, a.id).await? {
        return Err(ServiceError::AssessmentHasAttempts);
    }
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use actix_web::http::StatusCode;

    use super::*;
    use crate::{error::ApiError, i18n::Lang};

    #[test]
    fn a_failed_save_says_something_went_wrong() {
        let e = ApiError::from(save_failed(ServiceError::Internal(anyhow::anyhow!("disk full"))));
        assert_eq!((e.status, e.code), (StatusCode::INTERNAL_SERVER_ERROR, "assessment_save_failed"));
        assert_eq!(e.msg.render(Lang::En), "Something went wrong");
        assert!(e.source.is_some(), "the cause stays in the log");
        let invalid = ApiError::from(save_failed(InvalidInput::invalid("title").into()));
        assert_eq!(invalid.code, "field_invalid");
    }
}
