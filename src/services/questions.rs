//! Students' questions to the instructor of a course they are enrolled in, the answers, and
//! the instructor's unanswered-question badge (spec §2, §7), all told live.

use crate::{
    auth::AuthUser,
    db::{self, Db},
    domain::{InvalidInput, UserType},
    events::{
        notify,
        questions::{question_dto, QuestionDto},
        LiveEvent,
    },
    realtime::Realtime,
    store::{self, questions::QuestionRow},
};

use super::ServiceError;

/// A student asks about a course they are enrolled in (optionally about one of its lessons),
/// also after the course was stopped. The instructor gets `question.asked` and a new badge count.
pub async fn ask(
    db: &Db,
    realtime: &Realtime,
    student: AuthUser,
    course_id: i64,
    lesson_id: Option<i64>,
    text: String,
) -> Result<QuestionDto, ServiceError> {
    let course = store::courses::by_id(db, course_id)
        .await?
        .filter(|c| c.status().is_open_to_enrolled())
        .ok_or(ServiceError::NotFoundIn("course_id"))?;
    if !store::courses::is_enrolled(db, course.id, student.id).await? {
        return Err(ServiceError::NotFoundIn("course_id"));
    }
    if let Some(lesson) = lesson_id {
        if store::courses::course_of_lesson(db, lesson).await? != Some(course.id) {
            return Err(InvalidInput::invalid("lesson_id").into());
        }
    }
    let (mut tx, _turn) = db::begin_write(db).await?;
    let id = store::questions::insert(&mut tx, course.id, lesson_id, student.id, course.instructor_id, &text).await?;
    let question = question_dto(&store::questions::by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?);
    let count = store::questions::unanswered_count(&mut *tx, course.instructor_id).await?;
    let events = vec![
        notify(&mut tx, course.instructor_id, &LiveEvent::QuestionAsked { question: &question }).await?,
        notify(&mut tx, course.instructor_id, &LiveEvent::QuestionsBadge { count }).await?,
    ];
    tx.commit().await?;
    realtime.publish(&events).await;
    Ok(question)
}

/// The course's instructor answers, once; the student gets `question.answered` and the
/// instructor's tabs a new badge count. Another instructor's question is not found.
pub async fn answer(
    db: &Db,
    realtime: &Realtime,
    instructor: AuthUser,
    id: i64,
    text: String,
) -> Result<QuestionDto, ServiceError> {
    let q = store::questions::by_id(db, id)
        .await?
        .filter(|q| q.instructor_id == instructor.id)
        .ok_or(ServiceError::NotFound)?;
    let (mut tx, _turn) = db::begin_write(db).await?;
    if !store::questions::answer(&mut tx, q.id, &text).await? {
        return Err(ServiceError::AlreadyAnswered);
    }
    let question = question_dto(&store::questions::by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?);
    let count = store::questions::unanswered_count(&mut *tx, instructor.id).await?;
    let events = vec![
        notify(&mut tx, q.student_id, &LiveEvent::QuestionAnswered { question: &question }).await?,
        notify(&mut tx, instructor.id, &LiveEvent::QuestionsBadge { count }).await?,
    ];
    tx.commit().await?;
    realtime.publish(&events).await;
    Ok(question)
}

/// A student's own questions, or the questions to an instructor (only the unanswered ones if
/// asked). Supervisors have none.
pub async fn of_user(db: &Db, user: AuthUser, unanswered_only: bool) -> Result<Vec<QuestionRow>, ServiceError> {
    Ok(match user.typ {
        UserType::Student => store::questions::of_student(db, user.id).await?,
        UserType::Instructor => store::questions::of_instructor(db, user.id, unanswered_only).await?,
        UserType::Supervisor => return Err(ServiceError::Forbidden),
    })
}

/// How many questions to the instructor wait for an answer (the menu badge).
pub async fn unanswered_count(db: &Db, instructor: AuthUser) -> Result<i64, ServiceError> {
    Ok(store::questions::unanswered_count(db, instructor.id).await?)
}
