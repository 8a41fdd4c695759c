//! Practice cards, their reviews and the confusions (issue 17): grade 1 symbol cards and
//! contraction cards (issue 26) alike, and what the cards are made from (the lessons a student
//! completed).

use sqlx::{Any, Decode, Encode, Executor, Transaction, Type};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CardRow {
    pub id: i64,
    pub student_id: i64,
    pub code: String,
    pub symbol: String,
    pub direction: String,
    pub teach_order: i64,
    pub stability: Option<f64>,
    pub difficulty: Option<f64>,
    pub due_at: i64,
    pub last_review_at: Option<i64>,
    pub first_review_at: Option<i64>,
    pub reps: i64,
    pub lapses: i64,
    /// `symbol` (a grade 1 symbol, by its print) or `contraction` (by its id, e.g. `en:the`).
    pub kind: String,
}

const CARD: &str = "SELECT id, student_id, code, symbol, direction, teach_order, stability, difficulty, due_at, \
     last_review_at, first_review_at, reps, lapses, kind FROM practice_cards";

/// The `kind` of a grade 1 symbol's card.
pub const SYMBOL: &str = "symbol";
/// The `kind` of a contraction's card (issue 26).
pub const CONTRACTION: &str = "contraction";

/// A card to create: what it shows (a symbol's print, or a contraction's id), the direction,
/// and its place in the teaching order (new cards come in this order).
pub struct NewCard<'a> {
    pub symbol: &'a str,
    pub direction: &'static str,
    pub teach_order: i64,
}

pub async fn count_cards<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    code: &str,
) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) = sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM practice_cards WHERE student_id = $1 AND code = $2 \
             AND kind = 'symbol'",
    )
    .bind(student)
    .bind(code)
    .fetch_one(ex)
    .await?;
    Ok(n)
}

/// Creates the cards of a `kind` ([`SYMBOL`] or [`CONTRACTION`]) that do not exist yet (a card
/// exists once per symbol and direction).
pub async fn insert_cards(
    tx: &mut Transaction<'static, Any>,
    student: i64,
    code: &str,
    kind: &str,
    cards: &[NewCard<'_>],
    now: i64,
) -> Result<(), sqlx::Error> {
    for chunk in cards.chunks(64) {
        let rows: Vec<String> = (0..chunk.len())
            .map(|i| {
                let b = 4 + i * 3;
                format!("($1, $2, ${}, ${}, ${}, $3, $3, $4)", b + 1, b + 2, b + 3)
            })
            .collect();
        let sql = format!(
            "INSERT INTO practice_cards (student_id, code, symbol, direction, teach_order, due_at, created_at, kind) \
             VALUES {} ON CONFLICT (student_id, code, symbol, direction) DO NOTHING",
            rows.join(", ")
        );
        let mut q = sqlx::query(&sql).bind(student).bind(code).bind(now).bind(kind);
        for c in chunk {
            q = q.bind(c.symbol).bind(c.direction).bind(c.teach_order);
        }
        q.execute(&mut **tx).await?;
    }
    Ok(())
}

/// The reviewed cards due by `until`, the most overdue first.
pub async fn due_cards<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    code: &str,
    until: i64,
    limit: i64,
) -> Result<Vec<CardRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{CARD} WHERE student_id = $1 AND code = $2 AND reps > 0 AND due_at <= $3 ORDER BY due_at, id LIMIT $4"
    ))
    .bind(student)
    .bind(code)
    .bind(until)
    .bind(limit)
    .fetch_all(ex)
    .await
}

/// The cards never reviewed, in teaching order.
pub async fn new_cards<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    code: &str,
) -> Result<Vec<CardRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{CARD} WHERE student_id = $1 AND code = $2 AND reps = 0 ORDER BY teach_order, direction, id"
    ))
    .bind(student)
    .bind(code)
    .fetch_all(ex)
    .await
}

pub async fn all_cards<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    code: &str,
) -> Result<Vec<CardRow>, sqlx::Error> {
    sqlx::query_as(&format!("{CARD} WHERE student_id = $1 AND code = $2 ORDER BY teach_order, direction"))
        .bind(student)
        .bind(code)
        .fetch_all(ex)
        .await
}

/// Cards first reviewed since `since`: the new cards taken today.
pub async fn first_reviewed_since<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    code: &str,
    since: i64,
) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) = sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM practice_cards WHERE student_id = $1 AND code = $2 \
         AND first_review_at >= $3",
    )
    .bind(student)
    .bind(code)
    .bind(since)
    .fetch_one(ex)
    .await?;
    Ok(n)
}

/// Reviewed cards due before `until`.
pub async fn due_before<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    code: &str,
    until: i64,
) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) = sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM practice_cards WHERE student_id = $1 AND code = $2 AND reps > 0 \
         AND due_at < $3",
    )
    .bind(student)
    .bind(code)
    .bind(until)
    .fetch_one(ex)
    .await?;
    Ok(n)
}

pub async fn card<'e, E: Executor<'e, Database = Any>>(ex: E, id: i64) -> Result<Option<CardRow>, sqlx::Error> {
    sqlx::query_as(&format!("{CARD} WHERE id = $1")).bind(id).fetch_optional(ex).await
}

/// A review's outcome written to its card; false when the card changed since it was read (a
/// review answered twice at once counts once).
#[allow(clippy::too_many_arguments)]
pub async fn update_card(
    tx: &mut Transaction<'static, Any>,
    card: &CardRow,
    stability: f64,
    difficulty: f64,
    due_at: i64,
    lapse: bool,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query(
        "UPDATE practice_cards SET stability = $2, difficulty = $3, due_at = $4, last_review_at = $5, \
         first_review_at = COALESCE(first_review_at, $5), reps = reps + 1, lapses = lapses + $6 \
         WHERE id = $1 AND reps = $7",
    )
    .bind(card.id)
    .bind(stability)
    .bind(difficulty)
    .bind(due_at)
    .bind(now)
    .bind(i64::from(lapse))
    .bind(card.reps)
    .execute(&mut **tx)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// One day's reviews of a code: (reviews, right answers, first review time).
pub async fn day_tally<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    code: &str,
    day: i64,
) -> Result<(i64, i64, Option<i64>), sqlx::Error> {
    sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT), CAST(COALESCE(SUM(correct), 0) AS BIGINT), MIN(reviewed_at) \
         FROM practice_reviews WHERE student_id = $1 AND code = $2 AND day = $3",
    )
    .bind(student)
    .bind(code)
    .bind(day)
    .fetch_one(ex)
    .await
}

/// The days with reviews (any code), newest first, at most `limit`.
pub async fn review_days<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    limit: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> =
        sqlx::query_as("SELECT DISTINCT day FROM practice_reviews WHERE student_id = $1 ORDER BY day DESC LIMIT $2")
            .bind(student)
            .bind(limit)
            .fetch_all(ex)
            .await?;
    Ok(rows.into_iter().map(|(d,)| d).collect())
}

/// (day, reviews, right) per day since `from_day`, oldest first.
pub async fn reviews_per_day<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    code: &str,
    from_day: i64,
) -> Result<Vec<(i64, i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT day, CAST(COUNT(*) AS BIGINT), CAST(COALESCE(SUM(correct), 0) AS BIGINT) FROM practice_reviews \
         WHERE student_id = $1 AND code = $2 AND day >= $3 GROUP BY day ORDER BY day",
    )
    .bind(student)
    .bind(code)
    .bind(from_day)
    .fetch_all(ex)
    .await
}

/// Reviews per card of a code: (card id, reviews).
pub async fn reviews_per_card<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    code: &str,
) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT card_id, CAST(COUNT(*) AS BIGINT) FROM practice_reviews WHERE student_id = $1 AND code = $2 \
         GROUP BY card_id",
    )
    .bind(student)
    .bind(code)
    .fetch_all(ex)
    .await
}

/// What a confusion is between, and so its table: cells of a code by their dots as a number
/// (`practice_confusions`), or contractions by their id, e.g. `en:the`
/// (`practice_contraction_confusions`, issue 26). Both tables have the same columns.
pub trait ConfusionKey:
    for<'q> Encode<'q, Any> + for<'r> Decode<'r, Any> + Type<Any> + Clone + Send + Sync + Unpin + 'static
{
    const TABLE: &'static str;
}

/// A cell, by its dots.
impl ConfusionKey for i64 {
    const TABLE: &'static str = "practice_confusions";
}

/// A contraction, by its id.
impl ConfusionKey for String {
    const TABLE: &'static str = "practice_contraction_confusions";
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ConfusionRow<K = i64> {
    pub expected: K,
    pub given: K,
    pub count: i64,
    pub last_at: i64,
    pub drill_streak: i64,
    pub settled: i64,
}

/// Records that `given` was written or read for `expected`: one more time, and the pair (both
/// ways) is drilled again.
pub async fn record_confusion<K: ConfusionKey>(
    tx: &mut Transaction<'static, Any>,
    student: i64,
    code: &str,
    expected: K,
    given: K,
    now: i64,
) -> Result<(), sqlx::Error> {
    let table = K::TABLE;
    sqlx::query(&format!(
        "INSERT INTO {table} (student_id, code, expected, given, count, last_at) \
         VALUES ($1, $2, $3, $4, 1, $5) ON CONFLICT (student_id, code, expected, given) \
         DO UPDATE SET count = {table}.count + 1, last_at = $5"
    ))
    .bind(student)
    .bind(code)
    .bind(expected.clone())
    .bind(given.clone())
    .bind(now)
    .execute(&mut **tx)
    .await?;
    sqlx::query(&format!(
        "UPDATE {table} SET drill_streak = 0, settled = 0 WHERE student_id = $1 AND code = $2 \
         AND ((expected = $3 AND given = $4) OR (expected = $4 AND given = $3))"
    ))
    .bind(student)
    .bind(code)
    .bind(expected)
    .bind(given)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn confusions<'e, K: ConfusionKey, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    code: &str,
) -> Result<Vec<ConfusionRow<K>>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT expected, given, count, last_at, drill_streak, settled FROM {} \
         WHERE student_id = $1 AND code = $2 ORDER BY count DESC, last_at DESC",
        K::TABLE
    ))
    .bind(student)
    .bind(code)
    .fetch_all(ex)
    .await
}

/// A drill of the pair (both ways): right → one more in a row, settled at `settles`; wrong →
/// the run starts over. False when the learner never confused the pair.
pub async fn drill<K: ConfusionKey>(
    tx: &mut Transaction<'static, Any>,
    student: i64,
    code: &str,
    a: K,
    b: K,
    right: bool,
    settles: i64,
) -> Result<bool, sqlx::Error> {
    let table = K::TABLE;
    let sql = if right {
        format!(
            "UPDATE {table} SET drill_streak = drill_streak + 1, \
             settled = CASE WHEN drill_streak + 1 >= $5 THEN 1 ELSE 0 END \
             WHERE student_id = $1 AND code = $2 AND ((expected = $3 AND given = $4) OR (expected = $4 AND given = $3))"
        )
    } else {
        format!(
            "UPDATE {table} SET drill_streak = 0, settled = 0 WHERE student_id = $1 AND code = $2 \
             AND ((expected = $3 AND given = $4) OR (expected = $4 AND given = $3)) AND $5 >= 0"
        )
    };
    let r = sqlx::query(&sql).bind(student).bind(code).bind(a).bind(b).bind(settles).execute(&mut **tx).await?;
    Ok(r.rows_affected() > 0)
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CourseConfusionRow {
    pub expected: i64,
    pub given: i64,
    pub count: i64,
    pub students: i64,
}

/// The confusions of a course's enrolled students in `code`, the most frequent first.
pub async fn course_confusions<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    course: i64,
    code: &str,
) -> Result<Vec<CourseConfusionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT p.expected, p.given, CAST(SUM(p.count) AS BIGINT) AS count, \
         CAST(COUNT(DISTINCT p.student_id) AS BIGINT) AS students \
         FROM practice_confusions p JOIN enrolments e ON e.student_id = p.student_id AND e.course_id = $1 \
         WHERE p.code = $2 GROUP BY p.expected, p.given ORDER BY 3 DESC, p.expected, p.given",
    )
    .bind(course)
    .bind(code)
    .fetch_all(ex)
    .await
}

/// The letters (JSON arrays) of the lessons the student completed in courses of `code`.
pub async fn completed_lesson_letters<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    code: &str,
) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT l.letters FROM lesson_completions lc JOIN lessons l ON l.id = lc.lesson_id \
         JOIN chapters ch ON ch.id = l.chapter_id JOIN courses c ON c.id = ch.course_id \
         WHERE lc.student_id = $1 AND c.language = $2 ORDER BY ch.position, l.position",
    )
    .bind(student)
    .bind(code)
    .fetch_all(ex)
    .await?;
    Ok(rows.into_iter().map(|(l,)| l).collect())
}

/// The contraction ids and words (JSON lists) of the lessons the student completed in
/// contracted courses of `code`, in course and lesson order.
pub async fn completed_contraction_lessons<'e, E: Executor<'e, Database = Any>>(
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

/// A review sent with a device's answer id (issue 26), as needed to answer a resend alike.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ClientReviewRow {
    pub card_id: i64,
    pub answer: Option<String>,
    pub rating: i64,
    pub due_at: Option<i64>,
    pub reviewed_at: i64,
}

/// The student's review sent with the answer id `client_id`, if it arrived before.
pub async fn review_by_client_id<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    student: i64,
    client_id: &str,
) -> Result<Option<ClientReviewRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT card_id, answer, rating, due_at, reviewed_at FROM practice_reviews WHERE student_id = $1 AND client_id = $2",
    )
    .bind(student)
    .bind(client_id)
    .fetch_optional(ex)
    .await
}

/// A card's reviews as (reviewed at, rating), in the order they were given.
pub async fn card_reviews<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    card_id: i64,
) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT reviewed_at, rating FROM practice_reviews WHERE card_id = $1 ORDER BY reviewed_at, id")
        .bind(card_id)
        .fetch_all(ex)
        .await
}

/// A review with the answer as given, its answer id (if the device sent one) and the due time
/// it produced.
pub struct AnsweredReview<'a> {
    pub day: i64,
    pub correct: bool,
    pub rating: i64,
    pub elapsed_ms: i64,
    pub answered_at: i64,
    pub client_id: Option<&'a str>,
    pub answer: &'a str,
    pub due_at: i64,
}

pub async fn insert_answered_review(
    tx: &mut Transaction<'static, Any>,
    card: &CardRow,
    r: &AnsweredReview<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO practice_reviews (card_id, student_id, code, day, correct, rating, elapsed_ms, reviewed_at, \
         client_id, answer, due_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(card.id)
    .bind(card.student_id)
    .bind(&card.code)
    .bind(r.day)
    .bind(i64::from(r.correct))
    .bind(r.rating)
    .bind(r.elapsed_ms)
    .bind(r.answered_at)
    .bind(r.client_id)
    .bind(r.answer)
    .bind(r.due_at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A card's whole schedule, replayed from its reviews; false when the card changed since it
/// was read.
pub struct CardSchedule {
    pub stability: f64,
    pub difficulty: f64,
    pub due_at: i64,
    pub last_review_at: i64,
    pub first_review_at: i64,
    pub reps: i64,
    pub lapses: i64,
}

pub async fn set_card_schedule(
    tx: &mut Transaction<'static, Any>,
    card: &CardRow,
    s: &CardSchedule,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query(
        "UPDATE practice_cards SET stability = $2, difficulty = $3, due_at = $4, last_review_at = $5, \
         first_review_at = $6, reps = $7, lapses = $8 WHERE id = $1 AND reps = $9",
    )
    .bind(card.id)
    .bind(s.stability)
    .bind(s.difficulty)
    .bind(s.due_at)
    .bind(s.last_review_at)
    .bind(s.first_review_at)
    .bind(s.reps)
    .bind(s.lapses)
    .bind(card.reps)
    .execute(&mut **tx)
    .await?;
    Ok(r.rows_affected() == 1)
}
