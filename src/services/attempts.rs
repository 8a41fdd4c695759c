//! Taking an assessment (spec §4, §8, §9): an enrolled student starts an attempt in the order
//! of spec §4, saves answers one by one as they go, and submits once; it is graded at once and
//! the instructor is told live. The student and the course's instructor read the result.

use crate::{
    auth::AuthUser,
    db::{self, Db},
    domain::{
        assessment::{parse_stored, Answer, AnswerInput, AssessmentKind, QuestionBody},
        assessment_grading::{
            cell_differences, grade_band, is_correct, passes, percent, start_blocker, AssessmentMeta, AttemptMeta,
            GradeBand, GradeBands,
        },
        UserType,
    },
    events::{
        assessments::{assessment_ref, attempt_dto},
        notify, LiveEvent, PersonRef,
    },
    realtime::Realtime,
    store::{
        self,
        assessments::{AnswerRow, AssessmentRow, AttemptRow, AttemptSummaryRow},
    },
};

use braille::Cell;

use super::{
    assessments::{found, role, Role},
    practice,
    progress::{self, StudentProgress},
    ServiceError,
};

/// An attempt with its assessment and the answers saved so far.
pub struct AttemptDetail {
    pub attempt: AttemptRow,
    pub assessment: AssessmentRow,
    pub answers: Vec<AnswerRow>,
    /// The course is stopped: answers can no longer be saved.
    pub read_only: bool,
}

/// A started attempt: a new one, or the open one resumed.
pub enum Started {
    New(AttemptDetail),
    Resumed(AttemptDetail),
}

/// The student's own attempt with its assessment and whether the course is stopped; an
/// attempt of a course they left or that is hidden is not found. The caller checked the role.
async fn own_attempt(db: &Db, student: AuthUser, id: i64) -> Result<(AttemptRow, AssessmentRow, bool), ServiceError> {
    let t = store::assessments::attempt(db, id)
        .await?
        .filter(|t| t.student_id == student.id)
        .ok_or(ServiceError::NotFound)?;
    let a = found(db, t.assessment_id).await?;
    match role(db, student, a.course_id, a.instructor_id, &a.course_status).await? {
        Role::Learner { read_only } => Ok((t, a, read_only)),
        _ => Err(ServiceError::NotFound),
    }
}

async fn with_answers(
    db: &Db,
    attempt: AttemptRow,
    assessment: AssessmentRow,
    read_only: bool,
) -> Result<AttemptDetail, ServiceError> {
    let answers = store::assessments::answers(db, attempt.id).await?;
    Ok(AttemptDetail { attempt, assessment, answers, read_only })
}

/// An enrolled student starts an attempt (the course not stopped), or resumes the open one.
/// Refused when the assessment is passed, its attempts are used up, or spec §4's order holds
/// it back.
pub async fn start(db: &Db, student: AuthUser, assessment_id: i64) -> Result<Started, ServiceError> {
    let a = found(db, assessment_id).await?;
    let Role::Learner { read_only } = role(db, student, a.course_id, a.instructor_id, &a.course_status).await? else {
        return Err(ServiceError::NotFound);
    };
    if read_only {
        return Err(ServiceError::CourseStopped);
    }
    let all: Vec<AssessmentMeta> =
        store::assessments::of_course(db, a.course_id).await?.iter().map(AssessmentRow::meta).collect();
    let course_attempts: Vec<AttemptMeta> = store::assessments::attempts_of_student(db, student.id, Some(a.course_id))
        .await?
        .iter()
        .map(AttemptSummaryRow::meta)
        .collect();
    let (mut tx, turn) = db::begin_write(db).await?;
    let mine = store::assessments::attempts(&mut *tx, a.id, student.id).await?;
    if let Some(open) = mine.iter().find(|t| t.submitted_at.is_none()).cloned() {
        drop((tx, turn));
        return Ok(Started::Resumed(with_answers(db, open, a, false).await?));
    }
    if mine.iter().any(|t| t.passed == Some(1)) {
        return Err(ServiceError::AlreadyPassed);
    }
    if let Some(blocker) = start_blocker(&a.meta(), &all, &course_attempts) {
        return Err(ServiceError::Locked(blocker));
    }
    if a.max_attempts > 0 && mine.len() as i64 >= a.max_attempts {
        return Err(ServiceError::NoAttemptsLeft);
    }
    let questions = store::assessments::questions(&mut *tx, a.id).await?;
    let inserted =
        store::assessments::insert_attempt(&mut tx, a.id, student.id, mine.len() as i64 + 1, &questions, a.pass_mark)
            .await;
    let id = match inserted {
        Ok(id) => id,
        // Another tab started it a moment ago: resume that one.
        Err(e) if store::is_unique_violation(&e) => {
            drop((tx, turn));
            let open = store::assessments::attempts(db, a.id, student.id)
                .await?
                .into_iter()
                .find(|t| t.submitted_at.is_none())
                .ok_or(ServiceError::Database(e))?;
            return Ok(Started::Resumed(with_answers(db, open, a, false).await?));
        }
        Err(e) => return Err(e.into()),
    };
    store::assessments::touch_enrolment(&mut tx, a.course_id, student.id).await?;
    tx.commit().await?;
    drop(turn);
    let t = store::assessments::attempt(db, id).await?.ok_or(ServiceError::NotFound)?;
    Ok(Started::New(with_answers(db, t, a, false).await?))
}

/// The student's attempt with every saved answer: what a page reloaded, reconnected or
/// reopened after a crash resumes from.
pub async fn open(db: &Db, student: AuthUser, id: i64) -> Result<AttemptDetail, ServiceError> {
    let (t, a, read_only) = own_attempt(db, student, id).await?;
    with_answers(db, t, a, read_only).await
}

/// An answer as saved.
pub struct SavedAnswer {
    pub question_id: i64,
    /// As stored and shown back (Braille as Unicode with U+2800 for blanks).
    pub answer: AnswerInput,
    pub saved_at: i64,
}

/// Saves the answer to one question of an open attempt; saving again replaces it.
pub async fn save_answer(
    db: &Db,
    student: AuthUser,
    id: i64,
    question_id: i64,
    input: AnswerInput,
) -> Result<SavedAnswer, ServiceError> {
    let (t, _, read_only) = own_attempt(db, student, id).await?;
    if read_only {
        return Err(ServiceError::CourseStopped);
    }
    if t.submitted_at.is_some() {
        return Err(ServiceError::AlreadySubmitted);
    }
    let questions = t.questions();
    let q = questions.iter().find(|q| q.id == question_id).ok_or(ServiceError::NotFound)?;
    let answer = input.parse(&q.body)?.to_input();
    let stored = serde_json::to_string(&answer).map_err(anyhow::Error::from)?;
    let (mut tx, _turn) = db::begin_write(db).await?;
    let Some(saved_at) = store::assessments::save_answer(&mut tx, t.id, q.id, &stored).await? else {
        return Err(ServiceError::AlreadySubmitted);
    };
    tx.commit().await?;
    Ok(SavedAnswer { question_id: q.id, answer, saved_at })
}

/// A submitted attempt with what its result shows.
pub struct Graded {
    pub attempt: AttemptRow,
    pub assessment: AssessmentRow,
    pub answers: Vec<AnswerRow>,
    pub student: PersonRef,
    /// The grade band of the attempt's percentage (spec §9), for a final assessment.
    pub grade: Option<GradeBand>,
}

async fn graded(
    db: &Db,
    bands: &GradeBands,
    attempt: AttemptRow,
    assessment: AssessmentRow,
) -> Result<Graded, ServiceError> {
    let answers = store::assessments::answers(db, attempt.id).await?;
    let student = store::users::by_id(db, attempt.student_id).await?.ok_or(ServiceError::NotFound)?;
    let grade = match (assessment.kind(), attempt.score) {
        (AssessmentKind::FinalAssessment, Some(score)) => Some(grade_band(percent(score, attempt.max_score), bands)),
        _ => None,
    };
    Ok(Graded { attempt, assessment, answers, student: PersonRef { id: student.id, name: student.name }, grade })
}

/// A submission: its result and the student's progress in the course after it.
pub struct Submitted {
    pub result: Graded,
    pub progress: StudentProgress,
}

/// Submits an attempt, once, and grades it at once: Braille input exactly, cell by cell;
/// text input after normalising as the question allows; similar cells by the chosen group.
/// For a chapter or final assessment the instructor is told live.
pub async fn submit(
    db: &Db,
    realtime: &Realtime,
    bands: &GradeBands,
    student: AuthUser,
    id: i64,
) -> Result<Submitted, ServiceError> {
    let (t, a, read_only) = own_attempt(db, student, id).await?;
    if read_only {
        return Err(ServiceError::CourseStopped);
    }
    let questions = t.questions();
    let (mut tx, turn) = db::begin_write(db).await?;
    if !store::assessments::close_attempt(&mut tx, t.id).await? {
        return Err(ServiceError::AlreadySubmitted);
    }
    let answers = store::assessments::answers(&mut *tx, t.id).await?;
    let score: i64 = questions
        .iter()
        .filter(|q| {
            let parsed = answers
                .iter()
                .find(|r| r.question_id == q.id)
                .and_then(|r| parse_stored(&r.answer, q))
                .and_then(|(_, parsed)| parsed);
            is_correct(&q.body, parsed.as_ref())
        })
        .map(|q| q.points)
        .sum();
    let passed = passes(score, t.max_score, t.pass_mark);
    store::assessments::record_score(&mut tx, t.id, score, passed).await?;
    // The cells written for others in Braille answers feed practice's confusable pairs.
    let now = db::now_ms();
    for q in &questions {
        let QuestionBody::BrailleInput { cells: expected, .. } = &q.body else { continue };
        let given = answers.iter().find(|r| r.question_id == q.id).and_then(|r| parse_stored(&r.answer, q));
        if let Some((_, Some(Answer::Braille(given)))) = given {
            let expected: Vec<Cell> = expected.iter().filter_map(|b| Cell::from_bits(*b)).collect();
            let differences = cell_differences(&expected, &given);
            practice::record_assessment_confusions(&mut tx, student.id, &a.course_language, &differences, now).await?;
        }
    }
    store::assessments::touch_enrolment(&mut tx, a.course_id, student.id).await?;
    let name = store::users::by_id(db, student.id).await?.ok_or(ServiceError::NotFound)?.name;
    let done = store::assessments::attempt(&mut *tx, t.id).await?.ok_or(ServiceError::NotFound)?;
    // Lesson exercises are practice, tried again and again: only chapter and final
    // assessments are worth a live message to the instructor.
    let events = match a.kind() {
        AssessmentKind::LessonExercise => vec![],
        _ => {
            let event = LiveEvent::AssessmentSubmitted {
                attempt: &attempt_dto(&done),
                assessment: &assessment_ref(&a),
                student: &PersonRef { id: student.id, name },
            };
            vec![notify(&mut tx, a.instructor_id, &event).await?]
        }
    };
    tx.commit().await?;
    drop(turn);
    realtime.publish(&events).await;
    let course = store::courses::by_id(db, a.course_id).await?.ok_or(ServiceError::NotFound)?;
    let result = graded(db, bands, done, a).await?;
    let progress = progress::of_student(db, bands, &course, student.id).await?;
    Ok(Submitted { result, progress })
}

/// A submitted attempt's result, for its student or the course's instructor (anyone else:
/// not found); refused while the attempt is open.
pub async fn result(db: &Db, bands: &GradeBands, user: AuthUser, id: i64) -> Result<Graded, ServiceError> {
    let (t, a) = if user.typ == UserType::Student {
        let (t, a, _) = own_attempt(db, user, id).await?;
        (t, a)
    } else {
        let t = store::assessments::attempt(db, id).await?.ok_or(ServiceError::NotFound)?;
        let a = found(db, t.assessment_id).await?;
        if !(user.typ == UserType::Instructor && a.instructor_id == user.id) {
            return Err(ServiceError::NotFound);
        }
        (t, a)
    };
    if t.submitted_at.is_none() {
        return Err(ServiceError::NotSubmitted);
    }
    graded(db, bands, t, a).await
}
