//! Contraction cards and the confusions among contractions (issue 26). The cards themselves
//! are rows of `practice_cards` with kind `contraction`; see `store::practice` for reading them.

use sqlx::{Any, Executor, Transaction};

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

/// A contraction card to create: the contraction's id, the direction and its place in the
/// lessons (new cards come in this order).
pub struct NewContractionCard<'a> {
    pub id: &'a str,
    pub direction: &'static str,
    pub teach_order: i64,
}

/// Creates the contraction cards that do not exist yet (one per contraction and direction).
pub async fn insert_cards(
    tx: &mut Transaction<'static, Any>,
    student: i64,
    code: &str,
    cards: &[NewContractionCard<'_>],
    now: i64,
) -> Result<(), sqlx::Error> {
    for c in cards {
        sqlx::query(
            "INSERT INTO practice_cards (student_id, code, symbol, direction, teach_order, due_at, created_at, kind) \
             VALUES ($1, $2, $3, $4, $5, $6, $6, 'contraction') \
             ON CONFLICT (student_id, code, symbol, direction) DO NOTHING",
        )
        .bind(student)
        .bind(code)
        .bind(c.id)
        .bind(c.direction)
        .bind(c.teach_order)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
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

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ConfusionRow {
    pub expected: String,
    pub given: String,
    pub count: i64,
    pub last_at: i64,
    pub drill_streak: i64,
    pub settled: i64,
}

/// Records that the contraction `given` was read or written for `expected`: one more time,
/// and the pair (both ways) is drilled again.
pub async fn record_confusion(
    tx: &mut Transaction<'static, Any>,
    student: i64,
    code: &str,
    expected: &str,
    given: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO practice_contraction_confusions (student_id, code, expected, given, count, last_at) \
         VALUES ($1, $2, $3, $4, 1, $5) ON CONFLICT (student_id, code, expected, given) \
         DO UPDATE SET count = practice_contraction_confusions.count + 1, last_at = $5",
    )
    .bind(student)
    .bind(code)
    .bind(expected)
    .bind(given)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "UPDATE practice_contraction_confusions SET drill_streak = 0, settled = 0 WHERE student_id = $1 \
         AND code = $2 AND ((expected = $3 AND given = $4) OR (expected = $4 AND given = $3))",
    )
    .bind(student)
    .bind(code)
    .bind(expected)
    .bind(given)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn confusions<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    code: &str,
) -> Result<Vec<ConfusionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT expected, given, count, last_at, drill_streak, settled FROM practice_contraction_confusions \
         WHERE student_id = $1 AND code = $2 ORDER BY count DESC, last_at DESC",
    )
    .bind(student)
    .bind(code)
    .fetch_all(ex)
    .await
}

/// A drill of the pair (both ways): right → one more in a row, settled at `settles`; wrong →
/// the run starts over. False when the learner never confused the pair.
#[allow(clippy::too_many_arguments)]
pub async fn drill(
    tx: &mut Transaction<'static, Any>,
    student: i64,
    code: &str,
    a: &str,
    b: &str,
    right: bool,
    settles: i64,
) -> Result<bool, sqlx::Error> {
    let sql = if right {
        "UPDATE practice_contraction_confusions SET drill_streak = drill_streak + 1, \
         settled = CASE WHEN drill_streak + 1 >= $5 THEN 1 ELSE 0 END \
         WHERE student_id = $1 AND code = $2 AND ((expected = $3 AND given = $4) OR (expected = $4 AND given = $3))"
    } else {
        "UPDATE practice_contraction_confusions SET drill_streak = 0, settled = 0 WHERE student_id = $1 \
         AND code = $2 AND ((expected = $3 AND given = $4) OR (expected = $4 AND given = $3)) AND $5 >= 0"
    };
    let r = sqlx::query(sql).bind(student).bind(code).bind(a).bind(b).bind(settles).execute(&mut **tx).await?;
    Ok(r.rows_affected() > 0)
}
