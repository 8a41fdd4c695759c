use sqlx::Any;

use crate::db::{now_ms, Db};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct NoteRow {
    pub id: i64,
    pub sender_id: i64,
    pub recipient_id: i64,
    pub text: String,
    pub created_at: i64,
    pub sender_name: String,
    pub recipient_name: String,
    /// `student` or `instructor`: which of the supervisor's contact pages the note belongs to.
    pub recipient_type: String,
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ReplyRow {
    pub id: i64,
    pub note_id: i64,
    pub author_id: i64,
    pub text: String,
    pub created_at: i64,
    pub author_name: String,
    pub author_type: String,
}

const NOTE_SELECT: &str = "SELECT n.id, n.sender_id, n.recipient_id, n.text, n.created_at, \
     s.name AS sender_name, r.name AS recipient_name, r.user_type AS recipient_type \
     FROM notes n JOIN users s ON s.id = n.sender_id JOIN users r ON r.id = n.recipient_id";

/// Someone taking part in a note, as its rows show them.
#[derive(Clone, Debug)]
pub struct Person {
    pub id: i64,
    pub name: String,
    pub kind: crate::domain::UserType,
}

/// A note or reply to store.
#[derive(Clone, Debug)]
pub enum NewMessage {
    Note { sender: Person, recipient: Person, text: String },
    Reply { note_id: i64, author: Person, text: String },
}

/// What [`insert_many`] stored for one [`NewMessage`].
#[derive(Clone, Debug)]
pub enum Stored {
    Note(NoteRow),
    Reply(ReplyRow),
}

/// Stores many notes and replies with one multi-row insert per table (of a
/// [`statement_size`](crate::store::statement_size)), and returns them in the
/// order given. A returned row is matched to its message by its content, not by position;
/// messages with the same content are interchangeable, so any match is right.
pub async fn insert_many(tx: &mut sqlx::AnyConnection, messages: &[NewMessage]) -> Result<Vec<Stored>, sqlx::Error> {
    let created_at = now_ms();
    let mut out: Vec<Option<Stored>> = vec![None; messages.len()];

    let notes: Vec<(usize, i64, i64, &str)> = messages
        .iter()
        .enumerate()
        .filter_map(|(i, m)| match m {
            NewMessage::Note { sender, recipient, text } => Some((i, sender.id, recipient.id, text.as_str())),
            NewMessage::Reply { .. } => None,
        })
        .collect();
    if !notes.is_empty() {
        let size = crate::store::statement_size(notes.len());
        let sql = crate::store::for_connection(
            tx,
            batch_insert(
                "notes (sender_id, recipient_id, text, created_at)",
                size,
                "id, sender_id, recipient_id, text",
            ),
        );
        let mut q = sqlx::query_as::<_, (i64, i64, i64, String)>(&sql);
        for (_, sender, recipient, text) in &notes {
            q = q.bind(Some(*sender)).bind(*recipient).bind(*text).bind(created_at);
        }
        for _ in notes.len()..size {
            q = q.bind(None::<i64>).bind(None::<i64>).bind(None::<String>).bind(None::<i64>);
        }
        for (id, sender, recipient, text) in q.fetch_all(&mut *tx).await? {
            let slot = notes
                .iter()
                .find(|(i, s, r, t)| out[*i].is_none() && *s == sender && *r == recipient && *t == text)
                .map(|(i, ..)| *i)
                .ok_or(sqlx::Error::RowNotFound)?;
            let NewMessage::Note { sender, recipient, text } = &messages[slot] else { unreachable!() };
            out[slot] = Some(Stored::Note(NoteRow {
                id,
                sender_id: sender.id,
                recipient_id: recipient.id,
                text: text.clone(),
                created_at,
                sender_name: sender.name.clone(),
                recipient_name: recipient.name.clone(),
                recipient_type: recipient.kind.as_str().to_string(),
            }));
        }
    }

    let replies: Vec<(usize, i64, i64, &str)> = messages
        .iter()
        .enumerate()
        .filter_map(|(i, m)| match m {
            NewMessage::Reply { note_id, author, text } => Some((i, *note_id, author.id, text.as_str())),
            NewMessage::Note { .. } => None,
        })
        .collect();
    if !replies.is_empty() {
        let size = crate::store::statement_size(replies.len());
        let sql = crate::store::for_connection(
            tx,
            batch_insert("note_replies (note_id, author_id, text, created_at)", size, "id, note_id, author_id, text"),
        );
        let mut q = sqlx::query_as::<_, (i64, i64, i64, String)>(&sql);
        for (_, note, author, text) in &replies {
            q = q.bind(Some(*note)).bind(*author).bind(*text).bind(created_at);
        }
        for _ in replies.len()..size {
            q = q.bind(None::<i64>).bind(None::<i64>).bind(None::<String>).bind(None::<i64>);
        }
        for (id, note, author, text) in q.fetch_all(&mut *tx).await? {
            let slot = replies
                .iter()
                .find(|(i, n, a, t)| out[*i].is_none() && *n == note && *a == author && *t == text)
                .map(|(i, ..)| *i)
                .ok_or(sqlx::Error::RowNotFound)?;
            let NewMessage::Reply { note_id, author, text } = &messages[slot] else { unreachable!() };
            out[slot] = Some(Stored::Reply(ReplyRow {
                id,
                note_id: *note_id,
                author_id: author.id,
                text: text.clone(),
                created_at,
                author_name: author.name.clone(),
                author_type: author.kind.as_str().to_string(),
            }));
        }
    }
    out.into_iter().map(|s| s.ok_or(sqlx::Error::RowNotFound)).collect()
}

/// `INSERT INTO <target> SELECT … FROM (VALUES ($1, $2, $3, $4), …) … RETURNING <returning>`
/// for `rows` rows of four values; rows whose first value is NULL are padding and skipped.
fn batch_insert(target: &str, rows: usize, returning: &str) -> String {
    format!(
        "INSERT INTO {target} SELECT column1, column2, column3, column4 FROM {} WHERE column1 IS NOT NULL \
         RETURNING {returning}",
        crate::store::values_table(rows, 4)
    )
}

/// The notes with these ids that exist, in one query.
pub async fn by_ids<'e, E: sqlx::Executor<'e, Database = Any>>(
    ex: E,
    ids: &[i64],
) -> Result<Vec<NoteRow>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(vec![]);
    }
    let size = crate::store::statement_size(ids.len());
    let sql = format!("{NOTE_SELECT} WHERE n.id IN ({})", crate::store::placeholders(size));
    crate::store::bind_ids(sqlx::query_as(&sql), ids, size).fetch_all(ex).await
}

/// Notes the user sent or received, newest first.
pub async fn for_user(db: &Db, user: i64, limit: i64) -> Result<Vec<NoteRow>, sqlx::Error> {
    sqlx::query_as(&format!("{NOTE_SELECT} WHERE n.sender_id = $1 OR n.recipient_id = $1 ORDER BY n.id DESC LIMIT $2"))
        .bind(user)
        .bind(limit)
        .fetch_all(db)
        .await
}

/// The replies of the given notes, oldest first.
pub async fn replies_of(db: &Db, note_ids: &[i64]) -> Result<Vec<ReplyRow>, sqlx::Error> {
    if note_ids.is_empty() {
        return Ok(vec![]);
    }
    let sql = format!(
        "SELECT r.id, r.note_id, r.author_id, r.text, r.created_at, u.name AS author_name, u.user_type AS author_type \
         FROM note_replies r JOIN users u ON u.id = r.author_id WHERE r.note_id IN ({}) ORDER BY r.id",
        crate::store::placeholders(note_ids.len())
    );
    note_ids.iter().fold(sqlx::query_as(&sql), |q, id| q.bind(*id)).fetch_all(db).await
}
