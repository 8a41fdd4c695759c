//! What contraction cards are made from (issue 26). The cards themselves are rows of
//! `practice_cards` with kind `contraction`, and the confusions among contractions have their
//! own table: see `store::practice` for both.

use sqlx::{Any, Executor};

/// The contraction ids and words (JSON lists) of the lessons the student completed in
/// contracted courses of `code`, in course and lesson order.
pub async fn completed_lessons<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    code: &str,
) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT l.contractions, l.words FROM lesson_completions lc JOIN lessons l ON l.id = lc.lesson_id \
         JOIN chapters ch ON ch.id = l.chapter_id JOIN courses c ON c.id = ch.course_id \
         WHERE lc.student_id = $1 AND c.language = $2 AND c.braille_grade = 2 \
         ORDER BY c.id, ch.position, l.position",
    )
    .bind(student)
    .bind(code)
    .fetch_all(ex)
    .await
}

/// The ids of the student's contraction cards of `code` (both directions).
pub async fn card_ids<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    code: &str,
) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT DISTINCT symbol FROM practice_cards WHERE student_id = $1 AND code = $2 AND kind = 'contraction'",
    )
    .bind(student)
    .bind(code)
    .fetch_all(ex)
    .await?;
    Ok(rows.into_iter().map(|(s,)| s).collect())
}
