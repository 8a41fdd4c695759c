//! Group commit for supervisor notes and replies, the platform's busiest writes.
//!
//! Each note or reply is a row plus its notification. Written one transaction per request, the
//! cost is four or five statements inside the single writer's turn (SQLite has one writer;
//! every statement is a round trip to sqlx's worker thread). Here one task writes: it takes every
//! message that arrived while the previous batch was being written and stores them together, one
//! multi-row statement per table, so a batch of fifty costs about what one did. A message that
//! arrives alone is written at once, as a batch of one, so nothing waits for company; only
//! after a full batch (under load) does the writer wait up to [`LINGER`] for more to join.
//!
//! It writes on a connection of its own ([`OwnConnection`]), never waiting for a pooled one.
//!
//! The writer also reads who takes part, in the same transaction: one query for the people of
//! a whole batch and one for the notes replied to, instead of one read per request on the
//! shared pool (measured: at a few thousand requests a second those reads queued for the pool,
//! and their round trips to SQLite's threads were a large share of the CPU).
//!
//! A request is answered only after its batch committed and its events were published, exactly
//! as before. If a batch fails (a row it refers to vanished meanwhile), each of its messages is
//! retried alone, so one bad message never fails the others.

use tokio::sync::{mpsc, oneshot};

use std::{collections::HashMap, sync::Arc};

use crate::{
    auth::AuthUser,
    db::{Db, OwnConnection},
    domain::UserType,
    events::{NOTE_RECEIVED, NOTE_REPLIED},
    metrics::{inc, Metrics},
    realtime::Realtime,
    store::{
        notes::{self, NewMessage, NoteRow, Person, ReplyRow, Stored},
        notifications::{self, Event, NewEvent},
        users,
    },
};

/// How many messages one transaction takes at most. SQLite looks each bound parameter up by
/// name in a list, so binding grows with the square of a statement's parameters (six per event):
/// past a few dozen rows a bigger batch costs more per row, not less (measured with perf).
const MAX_BATCH_SQLITE: usize = 48;
/// PostgreSQL has no such cost. With 48, each instance's writer ran full batches back to back
/// and was the limit at 5,000 notes/s (pg_stat_statements: 38–39 notes in every batch).
const MAX_BATCH_POSTGRES: usize = 256;

/// A message to store, as the request gave it, with the event its recipient gets (built from
/// the stored row, which carries the id the database gave it).
pub enum Job {
    /// From supervisor `sender` to `recipient`, who must be an active student or instructor.
    Note { sender: i64, recipient: i64, text: String, payload: fn(&NoteRow) -> serde_json::Value },
    /// By `author`, who must be the note's sender or recipient.
    Reply { note_id: i64, author: AuthUser, text: String, payload: fn(&ReplyRow) -> serde_json::Value },
}

/// Why a message was not stored.
#[derive(Debug)]
pub enum WriteError {
    /// The sender's account is gone.
    SenderGone,
    /// No such recipient (or not one a note can go to).
    NoRecipient,
    /// No such note, or not the author's.
    NoNote,
    Database(String),
}

impl From<sqlx::Error> for WriteError {
    fn from(e: sqlx::Error) -> WriteError {
        WriteError::Database(e.to_string())
    }
}

type Reply = oneshot::Sender<Result<Stored, WriteError>>;

#[derive(Clone)]
pub struct NoteWriter {
    queue: mpsc::UnboundedSender<(Job, Reply)>,
}

impl NoteWriter {
    /// Starts the writing task on the current actix arbiter (publishing to Redis spawns local
    /// tasks, which need one).
    pub fn start(db: Db, realtime: Realtime, metrics: Arc<Metrics>) -> NoteWriter {
        let (queue, rx) = mpsc::unbounded_channel();
        actix_web::rt::spawn(run(db, realtime, rx, metrics));
        NoteWriter { queue }
    }

    /// Stores the message and publishes its event; answers once both are done.
    pub async fn write(&self, job: Job) -> Result<Stored, WriteError> {
        let (tx, rx) = oneshot::channel();
        let closed = || WriteError::Database("the note writer has stopped".into());
        self.queue.send((job, tx)).map_err(|_| closed())?;
        rx.await.unwrap_or_else(|_| Err(closed()))
    }
}

async fn run(db: Db, realtime: Realtime, mut rx: mpsc::UnboundedReceiver<(Job, Reply)>, metrics: Arc<Metrics>) {
    let max_batch = if crate::db::is_sqlite(&db) { MAX_BATCH_SQLITE } else { MAX_BATCH_POSTGRES };
    let mut conn = Writer { conn: OwnConnection::new(&db, WRITER_NAME), metrics };
    drop(db);
    let mut batch = Vec::with_capacity(max_batch);
    let mut busy = false;
    while rx.recv_many(&mut batch, max_batch).await > 0 {
        if busy {
            gather(&mut rx, &mut batch, max_batch).await;
        }
        busy = batch.len() >= BUSY_BATCH;
        let jobs: Vec<(Job, Reply)> = std::mem::take(&mut batch);
        match write_batch(&mut conn, &jobs).await {
            Ok((results, events)) => {
                realtime.publish(&events).await;
                for ((_, reply), result) in jobs.into_iter().zip(results) {
                    let _ = reply.send(result);
                }
            }
            Err(e) if jobs.len() == 1 => {
                if let Some((_, reply)) = jobs.into_iter().next() {
                    let _ = reply.send(Err(e.into()));
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, size = jobs.len(), "a batch of notes failed; writing each alone");
                for job in jobs {
                    let alone = [job];
                    let result = write_batch(&mut conn, &alone).await;
                    let [(_, reply)] = alone;
                    match result {
                        Ok((mut results, events)) => {
                            realtime.publish(&events).await;
                            let _ = reply.send(
                                results.pop().unwrap_or_else(|| Err(WriteError::Database("nothing stored".into()))),
                            );
                        }
                        Err(e) => {
                            let _ = reply.send(Err(e.into()));
                        }
                    }
                }
            }
        }
    }
}

/// Under load, how long the writer waits for more messages to join a batch it has started.
/// Most of a batch's cost is per transaction (its round trips to the database, each costing
/// both sides a few tens of microseconds here), so fuller batches cost less per message: at
/// 5,000 notes a second over two instances, this wait took the processes from 169 % to 150 %
/// of the machine's two cores, and lowered the latency with it (loadtest/README.md).
const LINGER: std::time::Duration = std::time::Duration::from_millis(2);
/// The writer waits only after a batch at least this full: under light load a message is
/// written at once.
const BUSY_BATCH: usize = 4;

/// Adds to `batch` what arrives within [`LINGER`], up to `max` messages.
async fn gather(rx: &mut mpsc::UnboundedReceiver<(Job, Reply)>, batch: &mut Vec<(Job, Reply)>, max: usize) {
    let deadline = tokio::time::Instant::now() + LINGER;
    while batch.len() < max {
        let room = max - batch.len();
        match tokio::time::timeout_at(deadline, rx.recv_many(batch, room)).await {
            Ok(n) if n > 0 => continue,
            _ => break,
        }
    }
}

/// What a job becomes once its people and note are known.
struct Accepted<'a> {
    message: NewMessage,
    event: (&'a Job, i64),
}

/// The writer's connection (shown as `application_name` `lamsa-note-writer` on PostgreSQL) and
/// where it reports its batches.
struct Writer {
    conn: OwnConnection,
    metrics: Arc<Metrics>,
}

/// The note writer's name in `pg_stat_activity`.
pub const WRITER_NAME: &str = "lamsa-note-writer";

type BatchResult = Result<(Vec<Result<Stored, WriteError>>, Vec<Event>), sqlx::Error>;

/// One transaction: who takes part, the rows, then their events. A job refused (no such
/// recipient or note) gets its reason; the others are stored.
///
/// If the connection itself failed (the server ended the session, as on a PostgreSQL restart
/// or failover, or the socket broke), it is dropped and the batch is written once more on a new
/// one: the failed transaction was rolled back with its connection. (Only a connection lost
/// during the COMMIT itself leaves it unknown whether the batch was stored; then the retry may
/// store it twice, which is rarer and kinder than failing every request of the batch.)
async fn write_batch(w: &mut Writer, jobs: &[(Job, Reply)]) -> BatchResult {
    let started = std::time::Instant::now();
    let mut result = write_on(&mut w.conn, jobs).await;
    if let Err(e) = &result {
        if crate::db::is_connection_error(e) {
            tracing::warn!(error = %e, size = jobs.len(), "the note writer's connection failed; writing the batch again on a new one");
            inc(&w.metrics.note_writer_reconnects, 1);
            w.conn.check(e);
            result = write_on(&mut w.conn, jobs).await;
        }
    }
    match &result {
        Ok(_) => {
            w.metrics.note_batch_size.observe(jobs.len() as f64);
            w.metrics.note_commit_seconds.observe(started.elapsed().as_secs_f64());
        }
        Err(e) => w.conn.check(e),
    }
    result
}

async fn write_on(conn: &mut OwnConnection, jobs: &[(Job, Reply)]) -> BatchResult {
    match conn.get().await {
        Ok(c) => write_batch_on(c, jobs).await,
        Err(e) => Err(e),
    }
}

async fn write_batch_on(
    conn: &mut sqlx::AnyConnection,
    jobs: &[(Job, Reply)],
) -> Result<(Vec<Result<Stored, WriteError>>, Vec<Event>), sqlx::Error> {
    let (mut tx, _turn) = crate::db::begin_write_on(conn).await?;

    let mut people_ids: Vec<i64> = Vec::new();
    let mut note_ids: Vec<i64> = Vec::new();
    for (job, _) in jobs {
        match job {
            Job::Note { sender, recipient, .. } => people_ids.extend([*sender, *recipient]),
            Job::Reply { note_id, .. } => note_ids.push(*note_id),
        }
    }
    people_ids.sort_unstable();
    people_ids.dedup();
    note_ids.sort_unstable();
    note_ids.dedup();
    let people: HashMap<i64, users::PersonRow> =
        users::people(&mut *tx, &people_ids).await?.into_iter().map(|p| (p.id, p)).collect();
    let notes_by_id: HashMap<i64, NoteRow> =
        notes::by_ids(&mut *tx, &note_ids).await?.into_iter().map(|n| (n.id, n)).collect();

    let plan: Vec<Result<Accepted, WriteError>> =
        jobs.iter().map(|(job, _)| accept(job, &people, &notes_by_id)).collect();
    let messages: Vec<NewMessage> = plan.iter().flatten().map(|a| a.message.clone()).collect();
    let mut stored = notes::insert_many(&mut tx, &messages).await?.into_iter();
    let mut results = Vec::with_capacity(jobs.len());
    let mut wanted = Vec::with_capacity(messages.len());
    for accepted in plan {
        let (job, other) = match accepted {
            Ok(Accepted { event, .. }) => event,
            Err(refused) => {
                results.push(Err(refused));
                continue;
            }
        };
        let s = stored.next().ok_or(sqlx::Error::RowNotFound)?;
        wanted.push(match (job, &s) {
            (Job::Note { payload, .. }, Stored::Note(n)) => {
                NewEvent { recipient: other, kind: NOTE_RECEIVED, payload: payload(n) }
            }
            (Job::Reply { payload, .. }, Stored::Reply(r)) => {
                NewEvent { recipient: other, kind: NOTE_REPLIED, payload: payload(r) }
            }
            _ => return Err(sqlx::Error::RowNotFound),
        });
        results.push(Ok(s));
    }
    let events = notifications::notify_many(&mut tx, &wanted).await?;
    // A supervisor's note is one of their decisions: audited in the same transaction.
    let audited: Vec<crate::store::audit::NewAudit> = results
        .iter()
        .filter_map(|r| match r {
            Ok(Stored::Note(n)) => Some(crate::store::audit::NewAudit {
                actor_id: n.sender_id,
                action: "note.send",
                record_kind: "note",
                record_id: n.id.to_string(),
                before: None,
                after: Some(serde_json::json!({ "recipient_id": n.recipient_id, "text": n.text })),
            }),
            _ => None,
        })
        .collect();
    crate::store::audit::insert_many(&mut tx, &audited).await?;
    tx.commit().await?;
    Ok((results, events))
}

/// Checks a job against the rows read for its batch; answers the message to store and who
/// gets its event.
fn accept<'a>(
    job: &'a Job,
    people: &HashMap<i64, users::PersonRow>,
    notes_by_id: &HashMap<i64, NoteRow>,
) -> Result<Accepted<'a>, WriteError> {
    match job {
        Job::Note { sender, recipient, text, .. } => {
            let sender = people.get(sender).ok_or(WriteError::SenderGone)?;
            let recipient = people
                .get(recipient)
                .filter(|u| u.active() && u.user_type() != UserType::Supervisor)
                .ok_or(WriteError::NoRecipient)?;
            let person = |p: &users::PersonRow| Person { id: p.id, kind: p.user_type(), name: p.name.clone() };
            let message = NewMessage::Note { sender: person(sender), recipient: person(recipient), text: text.clone() };
            Ok(Accepted { message, event: (job, recipient.id) })
        }
        Job::Reply { note_id, author, text, .. } => {
            // Someone else's note is "not found": its existence is not theirs to know.
            let note = notes_by_id
                .get(note_id)
                .filter(|n| n.sender_id == author.id || n.recipient_id == author.id)
                .ok_or(WriteError::NoNote)?;
            let (other, name) = if note.sender_id == author.id {
                (note.recipient_id, &note.sender_name)
            } else {
                (note.sender_id, &note.recipient_name)
            };
            let author = Person { id: author.id, name: name.clone(), kind: author.typ };
            Ok(Accepted {
                message: NewMessage::Reply { note_id: note.id, author, text: text.clone() },
                event: (job, other),
            })
        }
    }
}
