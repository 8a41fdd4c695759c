use sqlx::{Any, Executor, Transaction};

use crate::{
    db::{now_ms, Db},
    domain::course::{CourseContent, CourseStatus},
};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CourseRow {
    pub id: i64,
    pub instructor_id: i64,
    pub instructor_name: String,
    pub title: String,
    pub course_type: String,
    pub duration_days: i64,
    pub description: String,
    pub category: String,
    pub level: String,
    pub language: String,
    /// 1 (uncontracted) or 2 (contracted).
    pub braille_grade: i64,
    pub image_media_id: Option<i64>,
    pub status: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub lessons_count: i64,
    pub enrolled_count: i64,
    /// A revision (issue 23): the live course it is a working copy of.
    pub revision_of: Option<i64>,
    /// A live course: its revision in the works, if any, and that revision's status.
    pub revision_id: Option<i64>,
    pub revision_status: Option<String>,
}

impl CourseRow {
    pub fn status(&self) -> CourseStatus {
        CourseStatus::parse(&self.status)
    }
}

pub(crate) const COURSE_SELECT: &str = "SELECT c.id, c.instructor_id, u.name AS instructor_name, c.title, c.course_type, \
     c.duration_days, c.description, c.category, c.level, c.language, c.braille_grade, c.image_media_id, c.status, c.created_at, c.updated_at, \
     CAST((SELECT COUNT(*) FROM lessons l JOIN chapters ch ON ch.id = l.chapter_id WHERE ch.course_id = c.id) AS BIGINT) AS lessons_count, \
     CAST((SELECT COUNT(*) FROM enrolments e WHERE e.course_id = c.id) AS BIGINT) AS enrolled_count, \
     c.revision_of, (SELECT rv.id FROM courses rv WHERE rv.revision_of = c.id) AS revision_id, \
     (SELECT rv.status FROM courses rv WHERE rv.revision_of = c.id) AS revision_status \
     FROM courses c JOIN users u ON u.id = c.instructor_id";

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ChapterRow {
    pub id: i64,
    pub course_id: i64,
    pub position: i64,
    pub title: String,
    pub description: String,
    /// In a revision: the live chapter this one copies.
    pub origin_id: Option<i64>,
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LessonRow {
    pub id: i64,
    pub chapter_id: i64,
    pub position: i64,
    pub title: String,
    pub description: String,
    pub rule: String,
    pub letters: String,
    pub words: String,
    pub links: String,
    pub media: String,
    /// Contraction ids the lesson introduces (JSON array).
    pub contractions: String,
    /// In a revision: the live lesson this one copies.
    pub origin_id: Option<i64>,
}

pub async fn insert(
    tx: &mut Transaction<'static, Any>,
    instructor: i64,
    content: &CourseContent,
) -> Result<i64, sqlx::Error> {
    let now = now_ms();
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO courses (instructor_id, title, course_type, duration_days, description, category, level, language, \
         image_media_id, status, created_at, updated_at, braille_grade) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'draft', $10, $10, $11) \
         RETURNING id",
    )
    .bind(instructor)
    .bind(&content.title)
    .bind(&content.course_type)
    .bind(content.duration_days)
    .bind(&content.description)
    .bind(content.category.as_str())
    .bind(content.level.as_str())
    .bind(&content.language)
    .bind(content.image_media_id)
    .bind(now)
    .bind(i64::from(content.braille_grade.number()))
    .fetch_one(&mut **tx)
    .await?;
    // A new course has no chapters or lessons to keep: ids in the content are ignored.
    write_outline(tx, id, content, &[], &[]).await?;
    Ok(id)
}

/// Ids of a course's chapters and lessons.
pub async fn outline_ids(tx: &mut Transaction<'static, Any>, course: i64) -> Result<(Vec<i64>, Vec<i64>), sqlx::Error> {
    let chapters: Vec<(i64,)> =
        sqlx::query_as("SELECT id FROM chapters WHERE course_id = $1").bind(course).fetch_all(&mut **tx).await?;
    let lessons: Vec<(i64,)> =
        sqlx::query_as("SELECT l.id FROM lessons l JOIN chapters ch ON ch.id = l.chapter_id WHERE ch.course_id = $1")
            .bind(course)
            .fetch_all(&mut **tx)
            .await?;
    Ok((chapters.into_iter().map(|r| r.0).collect(), lessons.into_iter().map(|r| r.0).collect()))
}

/// Replaces a course's fields and outline. Chapters and lessons sent with their id keep it
/// (and with it students' progress, questions and answers); the ones left out are deleted.
/// The caller has checked that every id given belongs to this course (`outline_ids`).
pub async fn replace(
    tx: &mut Transaction<'static, Any>,
    id: i64,
    content: &CourseContent,
    chapter_ids: &[i64],
    lesson_ids: &[i64],
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE courses SET title = $2, course_type = $3, duration_days = $4, description = $5, category = $6, \
         level = $7, language = $8, image_media_id = $9, updated_at = $10, braille_grade = $11 WHERE id = $1",
    )
    .bind(id)
    .bind(&content.title)
    .bind(&content.course_type)
    .bind(content.duration_days)
    .bind(&content.description)
    .bind(content.category.as_str())
    .bind(content.level.as_str())
    .bind(&content.language)
    .bind(content.image_media_id)
    .bind(now_ms())
    .bind(i64::from(content.braille_grade.number()))
    .execute(&mut **tx)
    .await?;
    let (kept_chapters, kept_lessons) = write_outline(tx, id, content, chapter_ids, lesson_ids).await?;
    for lesson in lesson_ids.iter().filter(|l| !kept_lessons.contains(l)) {
        sqlx::query("DELETE FROM lessons WHERE id = $1").bind(lesson).execute(&mut **tx).await?;
    }
    for chapter in chapter_ids.iter().filter(|c| !kept_chapters.contains(c)) {
        sqlx::query("DELETE FROM chapters WHERE id = $1").bind(chapter).execute(&mut **tx).await?;
    }
    Ok(())
}

/// Writes the outline in order, updating the chapters and lessons whose id is among the
/// existing ones and inserting the rest. Returns the ids kept.
async fn write_outline(
    tx: &mut Transaction<'static, Any>,
    course: i64,
    content: &CourseContent,
    chapter_ids: &[i64],
    lesson_ids: &[i64],
) -> Result<(Vec<i64>, Vec<i64>), sqlx::Error> {
    let mut kept_chapters = Vec::new();
    let mut kept_lessons = Vec::new();
    for (ci, chapter) in content.chapters.iter().enumerate() {
        let chapter_id = match chapter.id.filter(|id| chapter_ids.contains(id) && !kept_chapters.contains(id)) {
            Some(existing) => {
                sqlx::query("UPDATE chapters SET position = $2, title = $3, description = $4 WHERE id = $1")
                    .bind(existing)
                    .bind(ci as i64)
                    .bind(&chapter.title)
                    .bind(&chapter.description)
                    .execute(&mut **tx)
                    .await?;
                kept_chapters.push(existing);
                existing
            }
            None => {
                let (new,): (i64,) = sqlx::query_as(
                    "INSERT INTO chapters (course_id, position, title, description) VALUES ($1, $2, $3, $4) RETURNING id",
                )
                .bind(course)
                .bind(ci as i64)
                .bind(&chapter.title)
                .bind(&chapter.description)
                .fetch_one(&mut **tx)
                .await?;
                new
            }
        };
        for (li, lesson) in chapter.lessons.iter().enumerate() {
            let links: Vec<serde_json::Value> =
                lesson.links.iter().map(|(t, u)| serde_json::json!({"title": t, "url": u})).collect();
            let letters = serde_json::to_string(&lesson.letters).unwrap_or_else(|_| "[]".into());
            let words = serde_json::to_string(&lesson.words).unwrap_or_else(|_| "[]".into());
            let media = serde_json::to_string(&lesson.media).unwrap_or_else(|_| "[]".into());
            let contractions = serde_json::to_string(&lesson.contractions).unwrap_or_else(|_| "[]".into());
            let existing = lesson.id.filter(|id| lesson_ids.contains(id) && !kept_lessons.contains(id));
            let sql = if existing.is_some() {
                "UPDATE lessons SET chapter_id = $1, position = $2, title = $3, description = $4, rule = $5, \
                 letters = $6, words = $7, links = $8, media = $9, contractions = $10 WHERE id = $11"
            } else {
                "INSERT INTO lessons (chapter_id, position, title, description, rule, letters, words, links, media, \
                 contractions) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
            };
            let mut query = sqlx::query(sql)
                .bind(chapter_id)
                .bind(li as i64)
                .bind(&lesson.title)
                .bind(&lesson.description)
                .bind(&lesson.rule)
                .bind(letters)
                .bind(words)
                .bind(serde_json::Value::Array(links).to_string())
                .bind(media)
                .bind(contractions);
            if let Some(id) = existing {
                query = query.bind(id);
                kept_lessons.push(id);
            }
            query.execute(&mut **tx).await?;
        }
    }
    Ok((kept_chapters, kept_lessons))
}

pub async fn by_id<'e, E: Executor<'e, Database = Any>>(ex: E, id: i64) -> Result<Option<CourseRow>, sqlx::Error> {
    sqlx::query_as(&format!("{COURSE_SELECT} WHERE c.id = $1")).bind(id).fetch_optional(ex).await
}

/// The instructor's courses; a revision shows on its live course, not as a course of its own.
pub async fn by_instructor(db: &Db, instructor: i64) -> Result<Vec<CourseRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{COURSE_SELECT} WHERE c.instructor_id = $1 AND c.revision_of IS NULL ORDER BY c.updated_at DESC"
    ))
    .bind(instructor)
    .fetch_all(db)
    .await
}

/// The instructor's revisions in the works (issue 23).
pub async fn revisions_of_instructor(db: &Db, instructor: i64) -> Result<Vec<CourseRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{COURSE_SELECT} WHERE c.instructor_id = $1 AND c.revision_of IS NOT NULL ORDER BY c.updated_at DESC"
    ))
    .bind(instructor)
    .fetch_all(db)
    .await
}

/// Active courses for the catalogue, filtered; `q` matches title or description.
pub async fn listed(
    db: &Db,
    q: Option<&str>,
    category: Option<&str>,
    level: Option<&str>,
    language: Option<&str>,
) -> Result<Vec<CourseRow>, sqlx::Error> {
    let pattern = q.map(super::contains_pattern);
    sqlx::query_as(&format!(
        "{COURSE_SELECT} WHERE c.status IN ('active', 'stop_pending') \
         AND ($1 IS NULL OR LOWER(c.title) LIKE $1 ESCAPE '\\' OR LOWER(c.description) LIKE $1 ESCAPE '\\') \
         AND ($2 IS NULL OR c.category = $2) AND ($3 IS NULL OR c.level = $3) AND ($4 IS NULL OR c.language = $4) \
         ORDER BY c.title"
    ))
    .bind(pattern)
    .bind(category)
    .bind(level)
    .bind(language)
    .fetch_all(db)
    .await
}

pub async fn outline(db: &Db, course: i64) -> Result<(Vec<ChapterRow>, Vec<LessonRow>), sqlx::Error> {
    let mut conn = db.acquire().await?;
    outline_in(&mut conn, course).await
}

/// [`outline`] on the caller's connection or transaction (one snapshot with the course row).
pub async fn outline_in(
    conn: &mut sqlx::AnyConnection,
    course: i64,
) -> Result<(Vec<ChapterRow>, Vec<LessonRow>), sqlx::Error> {
    let chapters: Vec<ChapterRow> = sqlx::query_as(
        "SELECT id, course_id, position, title, description, origin_id FROM chapters WHERE course_id = $1 ORDER BY position",
    )
    .bind(course)
    .fetch_all(&mut *conn)
    .await?;
    let lessons: Vec<LessonRow> = sqlx::query_as(
        "SELECT l.id, l.chapter_id, l.position, l.title, l.description, l.rule, l.letters, l.words, l.links, l.media, l.contractions, \
         l.origin_id FROM lessons l JOIN chapters ch ON ch.id = l.chapter_id WHERE ch.course_id = $1 ORDER BY ch.position, l.position",
    )
    .bind(course)
    .fetch_all(&mut *conn)
    .await?;
    Ok((chapters, lessons))
}

/// The course a lesson belongs to.
pub async fn course_of_lesson(db: &Db, lesson: i64) -> Result<Option<i64>, sqlx::Error> {
    let row: Option<(i64,)> =
        sqlx::query_as("SELECT ch.course_id FROM lessons l JOIN chapters ch ON ch.id = l.chapter_id WHERE l.id = $1")
            .bind(lesson)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|r| r.0))
}

pub async fn set_status(tx: &mut Transaction<'static, Any>, id: i64, status: CourseStatus) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE courses SET status = $2, updated_at = $3 WHERE id = $1")
        .bind(id)
        .bind(status.as_str())
        .bind(now_ms())
        .execute(&mut **tx)
        .await?;
    Ok(())
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct RequestRow {
    pub id: i64,
    pub course_id: i64,
    pub kind: String,
    pub status: String,
    pub reason: Option<String>,
    pub requested_by: i64,
    pub requested_at: i64,
    pub decided_by: Option<i64>,
    pub decided_at: Option<i64>,
    pub course_title: String,
    pub instructor_name: String,
    pub decided_by_name: Option<String>,
    /// A revision request: the revision it asks to apply (gone once approved).
    pub revision_id: Option<i64>,
    /// A revision request: the difference against the live course when sent (JSON).
    pub difference: Option<String>,
}

const REQUEST_SELECT: &str = "SELECT r.id, r.course_id, r.kind, r.status, r.reason, r.requested_by, r.requested_at, \
     r.decided_by, r.decided_at, c.title AS course_title, u.name AS instructor_name, d.name AS decided_by_name, \
     r.revision_id, r.difference \
     FROM course_requests r JOIN courses c ON c.id = r.course_id JOIN users u ON u.id = c.instructor_id \
     LEFT JOIN users d ON d.id = r.decided_by";

pub async fn insert_request(
    tx: &mut Transaction<'static, Any>,
    course: i64,
    kind: &str,
    by: i64,
) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO course_requests (course_id, kind, status, requested_by, requested_at) \
         VALUES ($1, $2, 'pending', $3, $4) RETURNING id",
    )
    .bind(course)
    .bind(kind)
    .bind(by)
    .bind(now_ms())
    .fetch_one(&mut **tx)
    .await?;
    Ok(id)
}

/// A revision request: an accreditation request on the live course naming the revision and
/// the difference (JSON) it was sent with.
pub async fn insert_revision_request(
    tx: &mut Transaction<'static, Any>,
    live: i64,
    revision: i64,
    by: i64,
    difference: &str,
) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO course_requests (course_id, kind, status, requested_by, requested_at, revision_id, difference) \
         VALUES ($1, 'accreditation', 'pending', $2, $3, $4, $5) RETURNING id",
    )
    .bind(live)
    .bind(by)
    .bind(now_ms())
    .bind(revision)
    .bind(difference)
    .fetch_one(&mut **tx)
    .await?;
    Ok(id)
}

pub async fn request_by_id<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    id: i64,
) -> Result<Option<RequestRow>, sqlx::Error> {
    sqlx::query_as(&format!("{REQUEST_SELECT} WHERE r.id = $1")).bind(id).fetch_optional(ex).await
}

pub async fn requests(db: &Db, kind: &str, status: &str) -> Result<Vec<RequestRow>, sqlx::Error> {
    sqlx::query_as(&format!("{REQUEST_SELECT} WHERE r.kind = $1 AND r.status = $2 ORDER BY r.id"))
        .bind(kind)
        .bind(status)
        .fetch_all(db)
        .await
}

/// Every decided request on the instructor's courses, oldest first.
pub async fn decided_requests_of_instructor(db: &Db, instructor: i64) -> Result<Vec<RequestRow>, sqlx::Error> {
    sqlx::query_as(&format!("{REQUEST_SELECT} WHERE c.instructor_id = $1 AND r.status <> 'pending' ORDER BY r.id"))
        .bind(instructor)
        .fetch_all(db)
        .await
}

pub async fn requests_of_course(db: &Db, course: i64) -> Result<Vec<RequestRow>, sqlx::Error> {
    sqlx::query_as(&format!("{REQUEST_SELECT} WHERE r.course_id = $1 ORDER BY r.id")).bind(course).fetch_all(db).await
}

/// Decides a pending request; false when it was no longer pending (another supervisor was
/// first), so a request is decided once.
pub async fn decide(
    tx: &mut Transaction<'static, Any>,
    id: i64,
    approved: bool,
    by: i64,
    reason: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query(
        "UPDATE course_requests SET status = $2, decided_by = $3, decided_at = $4, reason = $5 \
         WHERE id = $1 AND status = 'pending'",
    )
    .bind(id)
    .bind(if approved { "approved" } else { "rejected" })
    .bind(by)
    .bind(now_ms())
    .bind(reason)
    .execute(&mut **tx)
    .await?;
    Ok(r.rows_affected() == 1)
}

pub async fn pending_counts(db: &Db) -> Result<(i64, i64), sqlx::Error> {
    let (a, s): (i64, i64) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(CASE WHEN kind = 'accreditation' THEN 1 ELSE 0 END), 0) AS BIGINT), \
         CAST(COALESCE(SUM(CASE WHEN kind = 'stop' THEN 1 ELSE 0 END), 0) AS BIGINT) \
         FROM course_requests WHERE status = 'pending'",
    )
    .fetch_one(db)
    .await?;
    Ok((a, s))
}

pub async fn supervisor_ids<'e, E: Executor<'e, Database = Any>>(ex: E) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT id FROM users WHERE user_type = 'supervisor' AND is_active = 1 AND deactivated_at IS NULL",
    )
    .fetch_all(ex)
    .await?;
    Ok(rows.into_iter().map(|r| r.0).collect())
}

// Enrolment and progress.

pub async fn enrol(db: &Db, course: i64, student: i64) -> Result<(), sqlx::Error> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO enrolments (course_id, student_id, enrolled_at, last_activity_at) VALUES ($1, $2, $3, $3)",
    )
    .bind(course)
    .bind(student)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn is_enrolled(db: &Db, course: i64, student: i64) -> Result<bool, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT id FROM enrolments WHERE course_id = $1 AND student_id = $2")
        .bind(course)
        .bind(student)
        .fetch_optional(db)
        .await?;
    Ok(row.is_some())
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct EnrolmentRow {
    pub course_id: i64,
    pub student_id: i64,
    pub student_name: String,
    pub student_email: String,
    pub enrolled_at: i64,
    pub last_activity_at: i64,
    pub lessons_done: i64,
}

const ENROLMENT_SELECT: &str = "SELECT e.course_id, e.student_id, u.name AS student_name, u.email AS student_email, \
     e.enrolled_at, e.last_activity_at, \
     CAST((SELECT COUNT(*) FROM lesson_completions lc JOIN lessons l ON l.id = lc.lesson_id \
           JOIN chapters ch ON ch.id = l.chapter_id WHERE ch.course_id = e.course_id AND lc.student_id = e.student_id) AS BIGINT) \
       AS lessons_done \
     FROM enrolments e JOIN users u ON u.id = e.student_id";

pub async fn enrolments_of_student(db: &Db, student: i64) -> Result<Vec<EnrolmentRow>, sqlx::Error> {
    sqlx::query_as(&format!("{ENROLMENT_SELECT} WHERE e.student_id = $1 ORDER BY e.last_activity_at DESC"))
        .bind(student)
        .fetch_all(db)
        .await
}

pub async fn enrolments_of_instructor(db: &Db, instructor: i64) -> Result<Vec<EnrolmentRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{ENROLMENT_SELECT} JOIN courses c ON c.id = e.course_id WHERE c.instructor_id = $1 ORDER BY e.course_id, u.name"
    ))
    .bind(instructor)
    .fetch_all(db)
    .await
}

pub async fn completed_lessons(db: &Db, course: i64, student: i64) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT lc.lesson_id FROM lesson_completions lc JOIN lessons l ON l.id = lc.lesson_id \
         JOIN chapters ch ON ch.id = l.chapter_id WHERE ch.course_id = $1 AND lc.student_id = $2",
    )
    .bind(course)
    .bind(student)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|r| r.0).collect())
}

/// Records a completed lesson (once) and the student's activity in the course.
pub async fn complete_lesson(db: &Db, course: i64, lesson: i64, student: i64) -> Result<(), sqlx::Error> {
    let now = now_ms();
    let (mut tx, _turn) = crate::db::begin_write(db).await?;
    let done: Option<(i64,)> =
        sqlx::query_as("SELECT lesson_id FROM lesson_completions WHERE lesson_id = $1 AND student_id = $2")
            .bind(lesson)
            .bind(student)
            .fetch_optional(&mut *tx)
            .await?;
    if done.is_none() {
        sqlx::query("INSERT INTO lesson_completions (lesson_id, student_id, completed_at) VALUES ($1, $2, $3)")
            .bind(lesson)
            .bind(student)
            .bind(now)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("UPDATE enrolments SET last_activity_at = $3 WHERE course_id = $1 AND student_id = $2")
        .bind(course)
        .bind(student)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

/// Courses whose category or level is not one of the codes (free text an older version stored
/// that the migration to codes could not map): id, category, level.
pub async fn uncoded(db: &Db) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
    use crate::domain::course::{CourseCategory, CourseLevel};
    let list = |codes: Vec<&str>| codes.iter().map(|c| format!("'{c}'")).collect::<Vec<_>>().join(", ");
    // The codes are the program's own constants, safe inline.
    let categories = list(CourseCategory::ALL.iter().map(|c| c.as_str()).collect());
    let levels = list(CourseLevel::ALL.iter().map(|c| c.as_str()).collect());
    sqlx::query_as(&format!(
        "SELECT id, category, level FROM courses WHERE category NOT IN ({categories}) OR level NOT IN ({levels}) ORDER BY id"
    ))
    .fetch_all(db)
    .await
}
