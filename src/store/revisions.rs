//! Course revisions (issue 23): the working copy of a live course, the two versions read for
//! their difference, and approval writing the copy onto the live rows.

use std::collections::HashMap;

use sqlx::{Any, AnyConnection, Transaction};

use crate::{
    db::now_ms,
    domain::{
        assessment::QuestionBody,
        course::LessonMedia,
        revision::{Item, Version},
    },
};

use super::courses::{self, ChapterRow, LessonRow};

/// Copies the live course `live` into a new revision (status draft) with copies of its
/// chapters, lessons, assessments and questions, each naming its live row; returns its id.
pub async fn open(tx: &mut Transaction<'static, Any>, live: i64) -> Result<i64, sqlx::Error> {
    let now = now_ms();
    let (revision,): (i64,) = sqlx::query_as(
        "INSERT INTO courses (instructor_id, title, course_type, duration_days, description, category, level, language, \
         image_media_id, status, created_at, updated_at, braille_grade, revision_of) \
         SELECT instructor_id, title, course_type, duration_days, description, category, level, language, image_media_id, \
         'draft', $2, $2, braille_grade, id FROM courses WHERE id = $1 RETURNING id",
    )
    .bind(live)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    let mut chapters = HashMap::new();
    let mut lessons = HashMap::new();
    let (live_chapters, live_lessons) = courses::outline_in(tx, live).await?;
    for ch in &live_chapters {
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO chapters (course_id, position, title, description, origin_id) \
             SELECT $1, position, title, description, id FROM chapters WHERE id = $2 RETURNING id",
        )
        .bind(revision)
        .bind(ch.id)
        .fetch_one(&mut **tx)
        .await?;
        chapters.insert(ch.id, id);
    }
    for l in &live_lessons {
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO lessons (chapter_id, position, title, description, rule, letters, words, links, media, \
             contractions, origin_id) SELECT $1, position, title, description, rule, letters, words, links, media, \
             contractions, id FROM lessons WHERE id = $2 RETURNING id",
        )
        .bind(chapters.get(&l.chapter_id).copied())
        .bind(l.id)
        .fetch_one(&mut **tx)
        .await?;
        lessons.insert(l.id, id);
    }
    let assessments: Vec<(i64, Option<i64>, Option<i64>)> =
        sqlx::query_as("SELECT id, lesson_id, chapter_id FROM assessments WHERE course_id = $1 ORDER BY id")
            .bind(live)
            .fetch_all(&mut **tx)
            .await?;
    for (a, lesson, chapter) in assessments {
        let (copy,): (i64,) = sqlx::query_as(
            "INSERT INTO assessments (course_id, kind, lesson_id, chapter_id, title, pass_mark, max_attempts, created_at, \
             updated_at, origin_id) SELECT $1, kind, $2, $3, title, pass_mark, max_attempts, $4, $4, id \
             FROM assessments WHERE id = $5 RETURNING id",
        )
        .bind(revision)
        .bind(lesson.and_then(|l| lessons.get(&l).copied()))
        .bind(chapter.and_then(|c| chapters.get(&c).copied()))
        .bind(now)
        .bind(a)
        .fetch_one(&mut **tx)
        .await?;
        sqlx::query(
            "INSERT INTO assessment_questions (assessment_id, position, points, prompt, body, origin_id) \
             SELECT $1, position, points, prompt, body, id FROM assessment_questions WHERE assessment_id = $2",
        )
        .bind(copy)
        .bind(a)
        .execute(&mut **tx)
        .await?;
    }
    Ok(revision)
}

#[derive(sqlx::FromRow)]
struct QuestionRow {
    id: i64,
    assessment_id: i64,
    origin_id: Option<i64>,
    position: i64,
    points: i64,
    prompt: String,
    body: String,
}

async fn question_rows(conn: &mut AnyConnection, course: i64) -> Result<Vec<QuestionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT q.id, q.assessment_id, q.origin_id, q.position, q.points, q.prompt, q.body FROM assessment_questions q \
         JOIN assessments a ON a.id = q.assessment_id WHERE a.course_id = $1 ORDER BY q.assessment_id, q.position, q.id",
    )
    .bind(course)
    .fetch_all(conn)
    .await
}

fn json_list(json: &str) -> String {
    serde_json::from_str::<Vec<String>>(json).unwrap_or_default().join("، ")
}

fn links(json: &str) -> String {
    let links: Vec<serde_json::Value> = serde_json::from_str(json).unwrap_or_default();
    links
        .iter()
        .map(|l| format!("{} <{}>", l["title"].as_str().unwrap_or(""), l["url"].as_str().unwrap_or("")))
        .collect::<Vec<_>>()
        .join("\n")
}

fn media(json: &str) -> String {
    let media: Vec<LessonMedia> = serde_json::from_str(json).unwrap_or_default();
    media
        .iter()
        .map(|m| {
            let kind =
                serde_json::to_value(m.kind).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
            let source = m.media_id.map(|id| format!("#{id}")).or(m.url.clone()).unwrap_or_default();
            format!("{kind}: {} ({source})", m.title)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// What a question asks, as the supervisor compares it (not its drawn distractors, which a
/// save may draw again).
fn question_text(body: &str) -> String {
    match serde_json::from_str::<QuestionBody>(body) {
        Ok(QuestionBody::BrailleInput { print, .. }) => format!("braille_input: {print}"),
        Ok(QuestionBody::TextInput { print, letter_variants, without_tashkeel, ignore_case, .. }) => {
            let mut s = format!("text_input: {print}");
            for (on, name) in [
                (letter_variants, "letter_variants"),
                (without_tashkeel, "without_tashkeel"),
                (ignore_case, "ignore_case"),
            ] {
                if on {
                    s.push_str(&format!(", {name}"));
                }
            }
            s
        }
        Ok(QuestionBody::SimilarCells { letter, .. }) => format!("similar_cells: {letter}"),
        Err(_) => body.to_string(),
    }
}

/// A course read as one version for the difference, on the caller's connection (inside one
/// transaction, so both versions are read at one moment). `live`: the rows are the live ones
/// (their own ids pair them); otherwise a revision's (their `origin_id`s do).
pub async fn version(conn: &mut AnyConnection, course: i64, live: bool) -> Result<Version, sqlx::Error> {
    let c = courses::by_id(&mut *conn, course).await?.ok_or(sqlx::Error::RowNotFound)?;
    let (chapters, lessons) = courses::outline_in(conn, course).await?;
    let assessments = super::assessments::of_course(&mut *conn, course).await?;
    let questions = question_rows(conn, course).await?;
    let key = |id: i64, origin: Option<i64>| if live { Some(id) } else { origin };
    let chapter_title = |id: Option<i64>| {
        id.and_then(|id| chapters.iter().find(|c| c.id == id)).map(|c| c.title.clone()).unwrap_or_default()
    };
    let lesson_title = |id: Option<i64>| {
        id.and_then(|id| lessons.iter().find(|l| l.id == id)).map(|l| l.title.clone()).unwrap_or_default()
    };
    Ok(Version {
        title: c.title.clone(),
        fields: vec![
            ("type", c.course_type.clone()),
            ("description", c.description.clone()),
            ("duration_days", c.duration_days.to_string()),
            ("category", c.category.clone()),
            ("level", c.level.clone()),
            ("language", c.language.clone()),
            ("braille_grade", c.braille_grade.to_string()),
            ("image", c.image_media_id.map(|id| format!("#{id}")).unwrap_or_default()),
        ],
        chapters: chapters
            .iter()
            .map(|ch| Item {
                key: key(ch.id, ch.origin_id),
                id: ch.id,
                parent: None,
                title: ch.title.clone(),
                fields: vec![("description", ch.description.clone())],
            })
            .collect(),
        lessons: lessons
            .iter()
            .map(|l| Item {
                key: key(l.id, l.origin_id),
                id: l.id,
                parent: Some(l.chapter_id),
                title: l.title.clone(),
                fields: vec![
                    ("description", l.description.clone()),
                    ("rule", l.rule.clone()),
                    ("letters", json_list(&l.letters)),
                    ("words", json_list(&l.words)),
                    ("links", links(&l.links)),
                    ("media", media(&l.media)),
                    ("contractions", json_list(&l.contractions)),
                ],
            })
            .collect(),
        assessments: assessments
            .iter()
            .map(|a| Item {
                key: key(a.id, a.origin_id),
                id: a.id,
                parent: None,
                title: a.title.clone(),
                fields: vec![
                    ("kind", a.kind.clone()),
                    (
                        "placement",
                        match (a.lesson_id, a.chapter_id) {
                            (Some(l), _) => lesson_title(Some(l)),
                            (None, Some(ch)) => chapter_title(Some(ch)),
                            _ => String::new(),
                        },
                    ),
                    ("pass_mark", a.pass_mark.to_string()),
                    ("max_attempts", a.max_attempts.to_string()),
                ],
            })
            .collect(),
        questions: questions
            .iter()
            .map(|q| {
                let text = question_text(&q.body);
                Item {
                    key: key(q.id, q.origin_id),
                    id: q.id,
                    parent: Some(q.assessment_id),
                    title: if q.prompt.trim().is_empty() { text.clone() } else { q.prompt.clone() },
                    fields: vec![("prompt", q.prompt.clone()), ("points", q.points.to_string()), ("body", text)],
                }
            })
            .collect(),
    })
}

/// Live assessments that students have attempted and that the revision removes: approval
/// would lose their attempts, so it is refused.
pub async fn attempted_removals(
    conn: &mut AnyConnection,
    revision: i64,
    live: i64,
) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT a.title FROM assessments a WHERE a.course_id = $1 \
         AND EXISTS (SELECT 1 FROM assessment_attempts t WHERE t.assessment_id = a.id) \
         AND NOT EXISTS (SELECT 1 FROM assessments r WHERE r.course_id = $2 AND r.origin_id = a.id) ORDER BY a.id",
    )
    .bind(live)
    .bind(revision)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.0).collect())
}

/// Approval: writes the revision onto the live course in the caller's transaction, then
/// deletes the revision. Rows the revision kept keep their live ids (and so students'
/// completions, attempts and questions); rows it added are inserted; rows it removed are
/// deleted (the caller has checked [`attempted_removals`]).
pub async fn apply(tx: &mut Transaction<'static, Any>, revision: i64, live: i64) -> Result<(), sqlx::Error> {
    let now = now_ms();
    let rev = courses::by_id(&mut **tx, revision).await?.ok_or(sqlx::Error::RowNotFound)?;
    let (rev_chapters, rev_lessons): (Vec<ChapterRow>, Vec<LessonRow>) = courses::outline_in(tx, revision).await?;
    let (live_chapters, live_lessons) = courses::outline_in(tx, live).await?;
    let rev_assessments = super::assessments::of_course(&mut **tx, revision).await?;
    let live_assessments: Vec<(i64,)> =
        sqlx::query_as("SELECT id FROM assessments WHERE course_id = $1").bind(live).fetch_all(&mut **tx).await?;

    // Removed assessments first, so a new final or chapter assessment finds its place free.
    for (a,) in &live_assessments {
        if !rev_assessments.iter().any(|r| r.origin_id == Some(*a)) {
            sqlx::query("DELETE FROM assessments WHERE id = $1").bind(a).execute(&mut **tx).await?;
        }
    }
    sqlx::query(
        "UPDATE courses SET title = $2, course_type = $3, duration_days = $4, description = $5, category = $6, \
         level = $7, language = $8, image_media_id = $9, braille_grade = $10, updated_at = $11 WHERE id = $1",
    )
    .bind(live)
    .bind(&rev.title)
    .bind(&rev.course_type)
    .bind(rev.duration_days)
    .bind(&rev.description)
    .bind(&rev.category)
    .bind(&rev.level)
    .bind(&rev.language)
    .bind(rev.image_media_id)
    .bind(rev.braille_grade)
    .bind(now)
    .execute(&mut **tx)
    .await?;

    let mut chapter_map: HashMap<i64, i64> = HashMap::new();
    for ch in &rev_chapters {
        let id = match ch.origin_id.filter(|o| live_chapters.iter().any(|l| l.id == *o)) {
            Some(origin) => {
                sqlx::query("UPDATE chapters SET position = $2, title = $3, description = $4 WHERE id = $1")
                    .bind(origin)
                    .bind(ch.position)
                    .bind(&ch.title)
                    .bind(&ch.description)
                    .execute(&mut **tx)
                    .await?;
                origin
            }
            None => {
                let (id,): (i64,) = sqlx::query_as(
                    "INSERT INTO chapters (course_id, position, title, description) VALUES ($1, $2, $3, $4) RETURNING id",
                )
                .bind(live)
                .bind(ch.position)
                .bind(&ch.title)
                .bind(&ch.description)
                .fetch_one(&mut **tx)
                .await?;
                id
            }
        };
        chapter_map.insert(ch.id, id);
    }
    let mut lesson_map: HashMap<i64, i64> = HashMap::new();
    for l in &rev_lessons {
        let chapter = chapter_map.get(&l.chapter_id).copied();
        let origin = l.origin_id.filter(|o| live_lessons.iter().any(|x| x.id == *o));
        let sql = if origin.is_some() {
            "UPDATE lessons SET chapter_id = $1, position = $2, title = $3, description = $4, rule = $5, letters = $6, \
             words = $7, links = $8, media = $9, contractions = $10 WHERE id = $11 RETURNING id"
        } else {
            "INSERT INTO lessons (chapter_id, position, title, description, rule, letters, words, links, media, \
             contractions) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id"
        };
        let mut q = sqlx::query_as::<_, (i64,)>(sql)
            .bind(chapter)
            .bind(l.position)
            .bind(&l.title)
            .bind(&l.description)
            .bind(&l.rule)
            .bind(&l.letters)
            .bind(&l.words)
            .bind(&l.links)
            .bind(&l.media)
            .bind(&l.contractions);
        if let Some(o) = origin {
            q = q.bind(o);
        }
        let (id,) = q.fetch_one(&mut **tx).await?;
        lesson_map.insert(l.id, id);
    }

    // Assessments before removed lessons and chapters, so a kept one that moves away from a
    // removed lesson is not deleted with it.
    let rev_questions = question_rows(tx, revision).await?;
    // Kept chapter assessments let go of their chapters first: one moving into a chapter that
    // another kept one is leaving would otherwise meet it on the one-per-chapter index halfway.
    for a in rev_assessments.iter().filter(|a| a.kind == "chapter_assessment") {
        if let Some(o) = a.origin_id.filter(|o| live_assessments.iter().any(|(x,)| x == o)) {
            sqlx::query("UPDATE assessments SET chapter_id = NULL WHERE id = $1").bind(o).execute(&mut **tx).await?;
        }
    }
    for a in &rev_assessments {
        let lesson = a.lesson_id.and_then(|l| lesson_map.get(&l).copied());
        // `chapter_id` of the row is its lesson's chapter for an exercise; only a chapter
        // assessment stores one.
        let stored_chapter: Option<(Option<i64>,)> = sqlx::query_as("SELECT chapter_id FROM assessments WHERE id = $1")
            .bind(a.id)
            .fetch_optional(&mut **tx)
            .await?;
        let chapter = stored_chapter.and_then(|c| c.0).and_then(|c| chapter_map.get(&c).copied());
        let origin = a.origin_id.filter(|o| live_assessments.iter().any(|(x,)| x == o));
        let target = match origin {
            Some(o) => {
                sqlx::query(
                    "UPDATE assessments SET kind = $2, lesson_id = $3, chapter_id = $4, title = $5, pass_mark = $6, \
                     max_attempts = $7, updated_at = $8 WHERE id = $1",
                )
                .bind(o)
                .bind(&a.kind)
                .bind(lesson)
                .bind(chapter)
                .bind(&a.title)
                .bind(a.pass_mark)
                .bind(a.max_attempts)
                .bind(now)
                .execute(&mut **tx)
                .await?;
                o
            }
            None => {
                let (id,): (i64,) = sqlx::query_as(
                    "INSERT INTO assessments (course_id, kind, lesson_id, chapter_id, title, pass_mark, max_attempts, \
                     created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
                )
                .bind(live)
                .bind(&a.kind)
                .bind(lesson)
                .bind(chapter)
                .bind(&a.title)
                .bind(a.pass_mark)
                .bind(a.max_attempts)
                .bind(now)
                .fetch_one(&mut **tx)
                .await?;
                id
            }
        };
        let live_questions: Vec<(i64,)> =
            sqlx::query_as("SELECT id FROM assessment_questions WHERE assessment_id = $1")
                .bind(target)
                .fetch_all(&mut **tx)
                .await?;
        let mut kept = Vec::new();
        for q in rev_questions.iter().filter(|q| q.assessment_id == a.id) {
            match q.origin_id.filter(|o| live_questions.iter().any(|(x,)| x == o)) {
                Some(o) => {
                    sqlx::query(
                        "UPDATE assessment_questions SET position = $2, points = $3, prompt = $4, body = $5 WHERE id = $1",
                    )
                    .bind(o)
                    .bind(q.position)
                    .bind(q.points)
                    .bind(&q.prompt)
                    .bind(&q.body)
                    .execute(&mut **tx)
                    .await?;
                    kept.push(o);
                }
                None => {
                    sqlx::query(
                        "INSERT INTO assessment_questions (assessment_id, position, points, prompt, body) \
                         VALUES ($1, $2, $3, $4, $5)",
                    )
                    .bind(target)
                    .bind(q.position)
                    .bind(q.points)
                    .bind(&q.prompt)
                    .bind(&q.body)
                    .execute(&mut **tx)
                    .await?;
                }
            }
        }
        for (old,) in live_questions.iter().filter(|(x,)| !kept.contains(x)) {
            sqlx::query("DELETE FROM assessment_questions WHERE id = $1").bind(old).execute(&mut **tx).await?;
        }
    }

    for l in live_lessons.iter().filter(|l| !lesson_map.values().any(|v| *v == l.id)) {
        sqlx::query("DELETE FROM lessons WHERE id = $1").bind(l.id).execute(&mut **tx).await?;
    }
    for ch in live_chapters.iter().filter(|c| !chapter_map.values().any(|v| *v == c.id)) {
        sqlx::query("DELETE FROM chapters WHERE id = $1").bind(ch.id).execute(&mut **tx).await?;
    }
    sqlx::query("DELETE FROM courses WHERE id = $1").bind(revision).execute(&mut **tx).await?;
    Ok(())
}

/// Deletes a revision (with its copies).
pub async fn discard(tx: &mut Transaction<'static, Any>, revision: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM courses WHERE id = $1 AND revision_of IS NOT NULL")
        .bind(revision)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
