use sqlx::{Any, Executor, Transaction};

use crate::db::{now_ms, Db};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct QuestionRow {
    pub id: i64,
    pub course_id: i64,
    pub course_title: String,
    pub lesson_id: Option<i64>,
    pub lesson_title: Option<String>,
    pub student_id: i64,
    pub student_name: String,
    pub instructor_id: i64,
    pub text: String,
    pub answer: Option<String>,
    pub created_at: i64,
    pub answered_at: Option<i64>,
}

const SELECT: &str = "SELECT q.id, q.course_id, c.title AS course_title, q.lesson_id, l.title AS lesson_title, \
     q.student_id, u.name AS student_name, q.instructor_id, q.text, q.answer, q.created_at, q.answered_at \
     FROM questions q JOIN courses c ON c.id = q.course_id JOIN users u ON u.id = q.student_id \
     LEFT JOIN lessons l ON l.id = q.lesson_id";

pub async fn insert(
    tx: &mut Transaction<'static, Any>,
    course: i64,
    lesson: Option<i64>,
    student: i64,
    instructor: i64,
    text: &str,
) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO questions (course_id, lesson_id, student_id, instructor_id, text, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(course)
    .bind(lesson)
    .bind(student)
    .bind(instructor)
    .bind(text)
    .bind(now_ms())
    .fetch_one(&mut **tx)
    .await?;
    Ok(id)
}

pub async fn by_id<'e, E: Executor<'e, Database = Any>>(ex: E, id: i64) -> Result<Option<QuestionRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE q.id = $1")).bind(id).fetch_optional(ex).await
}

/// Records the answer if the question is still unanswered; false otherwise.
pub async fn answer(tx: &mut Transaction<'static, Any>, id: i64, text: &str) -> Result<bool, sqlx::Error> {
    let r = sqlx::query("UPDATE questions SET answer = $2, answered_at = $3 WHERE id = $1 AND answered_at IS NULL")
        .bind(id)
        .bind(text)
        .bind(now_ms())
        .execute(&mut **tx)
        .await?;
    Ok(r.rows_affected() == 1)
}

pub async fn of_student(db: &Db, student: i64) -> Result<Vec<QuestionRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE q.student_id = $1 ORDER BY q.id DESC")).bind(student).fetch_all(db).await
}

pub async fn of_instructor(db: &Db, instructor: i64, unanswered_only: bool) -> Result<Vec<QuestionRow>, sqlx::Error> {
    let filter = if unanswered_only { " AND q.answered_at IS NULL" } else { "" };
    sqlx::query_as(&format!("{SELECT} WHERE q.instructor_id = $1{filter} ORDER BY q.id DESC"))
        .bind(instructor)
        .fetch_all(db)
        .await
}

/// The instructor's unanswered questions: the menu badge.
pub async fn unanswered_count<'e, E: Executor<'e, Database = Any>>(ex: E, instructor: i64) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) = sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM questions WHERE instructor_id = $1 AND answered_at IS NULL",
    )
    .bind(instructor)
    .fetch_one(ex)
    .await?;
    Ok(n)
}
