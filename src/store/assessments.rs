//! Assessments, their questions, students' attempts (each with a copy of the questions it was
//! started with) and the answers saved as they go.

use sqlx::{Any, Executor, Transaction};

use crate::{
    db::{now_ms, Db},
    domain::{
        assessment::{AssessmentContent, AssessmentKind, Question, QuestionBody},
        assessment_grading::{AssessmentMeta, AttemptMeta},
    },
};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct AssessmentRow {
    pub id: i64,
    pub course_id: i64,
    pub kind: String,
    pub lesson_id: Option<i64>,
    /// A chapter assessment's chapter, or a lesson exercise's lesson's chapter.
    pub chapter_id: Option<i64>,
    pub title: String,
    pub pass_mark: i64,
    pub max_attempts: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub course_title: String,
    pub course_language: String,
    pub course_status: String,
    pub instructor_id: i64,
    pub lesson_title: Option<String>,
    pub chapter_title: Option<String>,
    pub chapter_position: Option<i64>,
    pub lesson_position: Option<i64>,
    pub questions_count: i64,
    pub total_points: i64,
    pub attempts_count: i64,
    /// In a revision: the live assessment this one copies.
    pub origin_id: Option<i64>,
    /// The course is a revision (of this live course).
    pub revision_of: Option<i64>,
}

impl AssessmentRow {
    pub fn kind(&self) -> AssessmentKind {
        AssessmentKind::parse(&self.kind).unwrap_or(AssessmentKind::LessonExercise)
    }

    pub fn meta(&self) -> AssessmentMeta {
        AssessmentMeta {
            id: self.id,
            course_id: self.course_id,
            kind: self.kind(),
            chapter_id: self.chapter_id,
            max_attempts: self.max_attempts,
        }
    }

    /// The course's order: chapter by chapter, each lesson's exercises then the chapter's
    /// assessment; the final last.
    pub fn order_key(&self) -> (i64, i64, i64, i64, i64) {
        let kind = match self.kind() {
            AssessmentKind::LessonExercise => 0,
            AssessmentKind::ChapterAssessment => 1,
            AssessmentKind::FinalAssessment => 2,
        };
        let last = i64::MAX;
        (
            self.course_id,
            if kind == 2 { last } else { self.chapter_position.unwrap_or(last) },
            if kind == 0 { self.lesson_position.unwrap_or(last) } else { last },
            kind,
            self.id,
        )
    }
}

const SELECT: &str =
    "SELECT a.id, a.course_id, a.kind, a.lesson_id, COALESCE(a.chapter_id, l.chapter_id) AS chapter_id, \
     a.title, a.pass_mark, a.max_attempts, a.created_at, a.updated_at, c.title AS course_title, \
     c.language AS course_language, c.status AS course_status, c.instructor_id, l.title AS lesson_title, \
     ch.title AS chapter_title, ch.position AS chapter_position, l.position AS lesson_position, \
     CAST((SELECT COUNT(*) FROM assessment_questions q WHERE q.assessment_id = a.id) AS BIGINT) AS questions_count, \
     CAST((SELECT COALESCE(SUM(q.points), 0) FROM assessment_questions q WHERE q.assessment_id = a.id) AS BIGINT) \
       AS total_points, \
     CAST((SELECT COUNT(*) FROM assessment_attempts t WHERE t.assessment_id = a.id) AS BIGINT) AS attempts_count, \
     a.origin_id, c.revision_of \
     FROM assessments a JOIN courses c ON c.id = a.course_id \
     LEFT JOIN lessons l ON l.id = a.lesson_id \
     LEFT JOIN chapters ch ON ch.id = COALESCE(a.chapter_id, l.chapter_id)";

fn sorted(mut rows: Vec<AssessmentRow>) -> Vec<AssessmentRow> {
    rows.sort_by_key(AssessmentRow::order_key);
    rows
}

pub async fn by_id<'e, E: Executor<'e, Database = Any>>(ex: E, id: i64) -> Result<Option<AssessmentRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE a.id = $1")).bind(id).fetch_optional(ex).await
}

/// A course's assessments in the course's order.
pub async fn of_course<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    course: i64,
) -> Result<Vec<AssessmentRow>, sqlx::Error> {
    Ok(sorted(sqlx::query_as(&format!("{SELECT} WHERE a.course_id = $1")).bind(course).fetch_all(ex).await?))
}

/// Every assessment of an instructor's courses (optionally one course's), in order; a
/// revision's copies only when that revision is asked for.
pub async fn of_instructor(db: &Db, instructor: i64, course: Option<i64>) -> Result<Vec<AssessmentRow>, sqlx::Error> {
    let rows = sqlx::query_as(&format!(
        "{SELECT} WHERE c.instructor_id = $1 AND (($2 IS NULL AND c.revision_of IS NULL) OR a.course_id = $2)"
    ))
    .bind(instructor)
    .bind(course)
    .fetch_all(db)
    .await?;
    Ok(sorted(rows))
}

/// The assessments of the instructor's revisions in the works (issue 23), in order.
pub async fn of_instructor_revisions(db: &Db, instructor: i64) -> Result<Vec<AssessmentRow>, sqlx::Error> {
    let rows = sqlx::query_as(&format!("{SELECT} WHERE c.instructor_id = $1 AND c.revision_of IS NOT NULL"))
        .bind(instructor)
        .fetch_all(db)
        .await?;
    Ok(sorted(rows))
}

/// Every assessment of the courses a student is enrolled in.
pub async fn of_student_courses(db: &Db, student: i64) -> Result<Vec<AssessmentRow>, sqlx::Error> {
    let rows = sqlx::query_as(&format!(
        "{SELECT} WHERE a.course_id IN (SELECT e.course_id FROM enrolments e WHERE e.student_id = $1)"
    ))
    .bind(student)
    .fetch_all(db)
    .await?;
    Ok(sorted(rows))
}

#[derive(Clone, Debug, sqlx::FromRow)]
struct QuestionRow {
    id: i64,
    points: i64,
    prompt: String,
    body: String,
}

fn question(r: QuestionRow) -> Result<Question, sqlx::Error> {
    let body: QuestionBody = serde_json::from_str(&r.body).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
    Ok(Question { id: r.id, points: r.points, prompt: r.prompt, body })
}

/// An assessment's questions in order.
pub async fn questions<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    assessment: i64,
) -> Result<Vec<Question>, sqlx::Error> {
    let rows: Vec<QuestionRow> = sqlx::query_as(
        "SELECT id, points, prompt, body FROM assessment_questions WHERE assessment_id = $1 ORDER BY position, id",
    )
    .bind(assessment)
    .fetch_all(ex)
    .await?;
    rows.into_iter().map(question).collect()
}

/// Whether the course already has a final assessment, or the chapter a chapter assessment
/// (other than `except`).
pub async fn tie_taken(
    tx: &mut Transaction<'static, Any>,
    content: &AssessmentContent,
    except: Option<i64>,
) -> Result<bool, sqlx::Error> {
    let row: Option<(i64,)> = match content.kind {
        AssessmentKind::FinalAssessment => {
            sqlx::query_as("SELECT id FROM assessments WHERE course_id = $1 AND kind = 'final_assessment' AND id <> $2")
                .bind(content.course_id)
                .bind(except.unwrap_or(0))
                .fetch_optional(&mut **tx)
                .await?
        }
        AssessmentKind::ChapterAssessment => {
            sqlx::query_as(
                "SELECT id FROM assessments WHERE chapter_id = $1 AND kind = 'chapter_assessment' AND id <> $2",
            )
            .bind(content.chapter_id)
            .bind(except.unwrap_or(0))
            .fetch_optional(&mut **tx)
            .await?
        }
        AssessmentKind::LessonExercise => None,
    };
    Ok(row.is_some())
}

pub async fn insert(tx: &mut Transaction<'static, Any>, content: &AssessmentContent) -> Result<i64, sqlx::Error> {
    let now = now_ms();
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO assessments (course_id, kind, lesson_id, chapter_id, title, pass_mark, max_attempts, created_at, \
         updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
    )
    .bind(content.course_id)
    .bind(content.kind.as_str())
    .bind(content.lesson_id)
    .bind(content.chapter_id)
    .bind(&content.title)
    .bind(content.pass_mark)
    .bind(content.max_attempts)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    write_questions(tx, id, content).await?;
    Ok(id)
}

/// Ids of an assessment's questions.
pub async fn question_ids(tx: &mut Transaction<'static, Any>, assessment: i64) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> = sqlx::query_as("SELECT id FROM assessment_questions WHERE assessment_id = $1")
        .bind(assessment)
        .fetch_all(&mut **tx)
        .await?;
    Ok(rows.into_iter().map(|r| r.0).collect())
}

/// Replaces an assessment's fields and questions. Questions sent with one of its ids keep
/// it; the others are deleted. (Attempts keep their own copy of the questions.)
pub async fn replace(
    tx: &mut Transaction<'static, Any>,
    id: i64,
    content: &AssessmentContent,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE assessments SET kind = $2, lesson_id = $3, chapter_id = $4, title = $5, pass_mark = $6, \
         max_attempts = $7, updated_at = $8 WHERE id = $1",
    )
    .bind(id)
    .bind(content.kind.as_str())
    .bind(content.lesson_id)
    .bind(content.chapter_id)
    .bind(&content.title)
    .bind(content.pass_mark)
    .bind(content.max_attempts)
    .bind(now_ms())
    .execute(&mut **tx)
    .await?;
    let kept = write_questions(tx, id, content).await?;
    for old in question_ids(tx, id).await?.into_iter().filter(|q| !kept.contains(q)) {
        sqlx::query("DELETE FROM assessment_questions WHERE id = $1").bind(old).execute(&mut **tx).await?;
    }
    Ok(())
}

/// Writes the questions in order, updating those whose id is already the assessment's;
/// returns the ids written.
async fn write_questions(
    tx: &mut Transaction<'static, Any>,
    assessment: i64,
    content: &AssessmentContent,
) -> Result<Vec<i64>, sqlx::Error> {
    let existing = question_ids(tx, assessment).await?;
    let mut written = Vec::with_capacity(content.questions.len());
    for (i, q) in content.questions.iter().enumerate() {
        let body = serde_json::to_string(&q.body).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
        match q.id.filter(|id| existing.contains(id)) {
            Some(id) => {
                sqlx::query(
                    "UPDATE assessment_questions SET position = $2, points = $3, prompt = $4, body = $5 WHERE id = $1",
                )
                .bind(id)
                .bind(i as i64)
                .bind(q.points)
                .bind(&q.prompt)
                .bind(body)
                .execute(&mut **tx)
                .await?;
                written.push(id);
            }
            None => {
                let (id,): (i64,) = sqlx::query_as(
                    "INSERT INTO assessment_questions (assessment_id, position, points, prompt, body) \
                     VALUES ($1, $2, $3, $4, $5) RETURNING id",
                )
                .bind(assessment)
                .bind(i as i64)
                .bind(q.points)
                .bind(&q.prompt)
                .bind(body)
                .fetch_one(&mut **tx)
                .await?;
                written.push(id);
            }
        }
    }
    Ok(written)
}

/// Deletes an assessment that no student has started; false when one has (or it is gone).
pub async fn delete_unattempted(tx: &mut Transaction<'static, Any>, id: i64) -> Result<bool, sqlx::Error> {
    let r = sqlx::query(
        "DELETE FROM assessments WHERE id = $1 \
         AND NOT EXISTS (SELECT 1 FROM assessment_attempts t WHERE t.assessment_id = $1)",
    )
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(r.rows_affected() == 1)
}

// Attempts.

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct AttemptRow {
    pub id: i64,
    pub assessment_id: i64,
    pub student_id: i64,
    pub number: i64,
    pub questions: String,
    pub pass_mark: i64,
    pub max_score: i64,
    pub started_at: i64,
    pub updated_at: i64,
    pub submitted_at: Option<i64>,
    pub score: Option<i64>,
    pub passed: Option<i64>,
}

impl AttemptRow {
    /// The questions the attempt was started with.
    pub fn questions(&self) -> Vec<Question> {
        serde_json::from_str(&self.questions).unwrap_or_default()
    }
}

const ATTEMPT_COLUMNS: &str = "id, assessment_id, student_id, number, questions, pass_mark, max_score, started_at, \
     updated_at, submitted_at, score, passed";

pub async fn attempt<'e, E: Executor<'e, Database = Any>>(ex: E, id: i64) -> Result<Option<AttemptRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {ATTEMPT_COLUMNS} FROM assessment_attempts WHERE id = $1"))
        .bind(id)
        .fetch_optional(ex)
        .await
}

/// A student's attempts at one assessment, oldest first.
pub async fn attempts<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    assessment: i64,
    student: i64,
) -> Result<Vec<AttemptRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ATTEMPT_COLUMNS} FROM assessment_attempts WHERE assessment_id = $1 AND student_id = $2 ORDER BY number"
    ))
    .bind(assessment)
    .bind(student)
    .fetch_all(ex)
    .await
}

/// Starts attempt `number` with a copy of `questions`.
pub async fn insert_attempt(
    tx: &mut Transaction<'static, Any>,
    assessment: i64,
    student: i64,
    number: i64,
    questions: &[Question],
    pass_mark: i64,
) -> Result<i64, sqlx::Error> {
    let now = now_ms();
    let copy = serde_json::to_string(questions).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    let max_score: i64 = questions.iter().map(|q| q.points).sum();
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO assessment_attempts (assessment_id, student_id, number, questions, pass_mark, max_score, \
         started_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id",
    )
    .bind(assessment)
    .bind(student)
    .bind(number)
    .bind(copy)
    .bind(pass_mark)
    .bind(max_score)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    Ok(id)
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct AnswerRow {
    pub question_id: i64,
    pub answer: String,
    pub saved_at: i64,
}

pub async fn answers<'e, E: Executor<'e, Database = Any>>(ex: E, attempt: i64) -> Result<Vec<AnswerRow>, sqlx::Error> {
    sqlx::query_as("SELECT question_id, answer, saved_at FROM attempt_answers WHERE attempt_id = $1")
        .bind(attempt)
        .fetch_all(ex)
        .await
}

/// Saves (or replaces) the answer to one question while the attempt is open; returns the
/// time saved, or `None` when the attempt has been submitted meanwhile. Touching the attempt
/// first takes its row lock, so a save and a submit of the same attempt happen one after the
/// other and a submitted attempt never changes.
pub async fn save_answer(
    tx: &mut Transaction<'static, Any>,
    attempt: i64,
    question: i64,
    answer: &str,
) -> Result<Option<i64>, sqlx::Error> {
    let now = now_ms();
    let open = sqlx::query("UPDATE assessment_attempts SET updated_at = $2 WHERE id = $1 AND submitted_at IS NULL")
        .bind(attempt)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    if open.rows_affected() != 1 {
        return Ok(None);
    }
    sqlx::query(
        "INSERT INTO attempt_answers (attempt_id, question_id, answer, saved_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (attempt_id, question_id) DO UPDATE SET answer = excluded.answer, saved_at = excluded.saved_at",
    )
    .bind(attempt)
    .bind(question)
    .bind(answer)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(Some(now))
}

/// Marks the attempt submitted, once: false when it already was.
pub async fn close_attempt(tx: &mut Transaction<'static, Any>, attempt: i64) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let r = sqlx::query(
        "UPDATE assessment_attempts SET submitted_at = $2, updated_at = $2 WHERE id = $1 AND submitted_at IS NULL",
    )
    .bind(attempt)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(r.rows_affected() == 1)
}

pub async fn record_score(
    tx: &mut Transaction<'static, Any>,
    attempt: i64,
    score: i64,
    passed: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE assessment_attempts SET score = $2, passed = $3 WHERE id = $1")
        .bind(attempt)
        .bind(score)
        .bind(passed as i64)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Records the student's activity in the course (for the instructor's tracking).
pub async fn touch_enrolment(tx: &mut Transaction<'static, Any>, course: i64, student: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE enrolments SET last_activity_at = $3 WHERE course_id = $1 AND student_id = $2")
        .bind(course)
        .bind(student)
        .bind(now_ms())
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// An attempt with what tracking shows of its assessment.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct AttemptSummaryRow {
    pub id: i64,
    pub assessment_id: i64,
    pub course_id: i64,
    pub student_id: i64,
    pub kind: String,
    pub title: String,
    pub number: i64,
    pub pass_mark: i64,
    pub max_score: i64,
    pub started_at: i64,
    pub submitted_at: Option<i64>,
    pub score: Option<i64>,
    pub passed: Option<i64>,
}

impl AttemptSummaryRow {
    pub fn meta(&self) -> AttemptMeta {
        AttemptMeta {
            assessment_id: self.assessment_id,
            submitted: self.submitted_at.is_some(),
            passed: self.passed == Some(1),
            score: self.score.unwrap_or(0),
            max_score: self.max_score,
        }
    }
}

const SUMMARY_SELECT: &str = "SELECT t.id, t.assessment_id, a.course_id, t.student_id, a.kind, a.title, t.number, \
     t.pass_mark, t.max_score, t.started_at, t.submitted_at, t.score, t.passed \
     FROM assessment_attempts t JOIN assessments a ON a.id = t.assessment_id";

/// A student's attempts in one course, or in every course (`course` = `None`).
pub async fn attempts_of_student(
    db: &Db,
    student: i64,
    course: Option<i64>,
) -> Result<Vec<AttemptSummaryRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SUMMARY_SELECT} WHERE t.student_id = $1 AND ($2 IS NULL OR a.course_id = $2) ORDER BY t.id"
    ))
    .bind(student)
    .bind(course)
    .fetch_all(db)
    .await
}

/// Every attempt at the assessments of an instructor's courses.
pub async fn attempts_of_instructor(db: &Db, instructor: i64) -> Result<Vec<AttemptSummaryRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SUMMARY_SELECT} JOIN courses c ON c.id = a.course_id WHERE c.instructor_id = $1 ORDER BY t.id"
    ))
    .bind(instructor)
    .fetch_all(db)
    .await
}
