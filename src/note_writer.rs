//! Group commit for supervisor notes and replies, the platform's busiest writes.
//!
//! Each note or reply is a row plus its notification. Written one transaction per request, the
//! cost is four or five statements inside the single writer's turn (SQLite has one writer;
//! every statement is a round trip to sqlx's worker thread). Here one task writes: it takes every
//! message that arrived while the previous batch was being written and stores them together, one
//! multi-row statement per table, so a batch of fifty costs about what one did. A message that
//! arrives alone is written at once, as a batch of one, so nothing waits for company.
//!
//! A request is answered only after its batch committed and its events were published, exactly
//! as before. If a batch fails (a row it refers to vanished meanwhile), each of its messages is
//! retried alone, so one bad message never fails the others.

use tokio::sync::{mpsc, oneshot};

use crate::{
    db::Db,
    realtime::Realtime,
    store::{
        notes::{self, NewMessage, NoteRow, ReplyRow, Stored},
        notifications::{self, Event, NewEvent},
    },
};

/// How many messages one transaction takes at most. SQLite looks each bound parameter up by
/// name in a list, so binding grows with the square of a statement's parameters (six per event):
/// past a few dozen rows a bigger batch costs more per row, not less (measured with perf).
const MAX_BATCH: usize = 48;

/// A message to store, with the event its recipient gets (built from the stored row, which
/// carries the id the database gave it).
pub enum Job {
    Note { message: NewMessage, payload: fn(&NoteRow) -> serde_json::Value },
    Reply { message: NewMessage, other: i64, payload: fn(&ReplyRow) -> serde_json::Value },
}

impl Job {
    fn message(&self) -> &NewMessage {
        match self {
            Job::Note { message, .. } | Job::Reply { message, .. } => message,
        }
    }
}

type Reply = oneshot::Sender<Result<Stored, String>>;

#[derive(Clone)]
pub struct NoteWriter {
    queue: mpsc::UnboundedSender<(Job, Reply)>,
}

impl NoteWriter {
    /// Starts the writing task on the current actix arbiter (publishing to Redis spawns local
    /// tasks, which need one).
    pub fn start(db: Db, realtime: Realtime) -> NoteWriter {
        let (queue, rx) = mpsc::unbounded_channel();
        actix_web::rt::spawn(run(db, realtime, rx));
        NoteWriter { queue }
    }

    /// Stores the message and publishes its event; answers once both are done.
    pub async fn write(&self, job: Job) -> Result<Stored, sqlx::Error> {
        let (tx, rx) = oneshot::channel();
        self.queue.send((job, tx)).map_err(|_| sqlx::Error::PoolClosed)?;
        match rx.await {
            Ok(Ok(stored)) => Ok(stored),
            Ok(Err(e)) => Err(sqlx::Error::Protocol(e)),
            Err(_) => Err(sqlx::Error::PoolClosed),
        }
    }
}

async fn run(db: Db, realtime: Realtime, mut rx: mpsc::UnboundedReceiver<(Job, Reply)>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let jobs: Vec<(Job, Reply)> = std::mem::take(&mut batch);
        match write_batch(&db, &jobs).await {
            Ok((stored, events)) => {
                realtime.publish(&events).await;
                for ((_, reply), s) in jobs.into_iter().zip(stored) {
                    let _ = reply.send(Ok(s));
                }
            }
            Err(e) if jobs.len() == 1 => {
                if let Some((_, reply)) = jobs.into_iter().next() {
                    let _ = reply.send(Err(e.to_string()));
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, size = jobs.len(), "a batch of notes failed; writing each alone");
                for job in jobs {
                    let alone = [job];
                    let result = write_batch(&db, &alone).await;
                    let [(_, reply)] = alone;
                    match result {
                        Ok((mut stored, events)) => {
                            realtime.publish(&events).await;
                            let _ = reply.send(stored.pop().ok_or_else(|| "nothing stored".to_string()));
                        }
                        Err(e) => {
                            let _ = reply.send(Err(e.to_string()));
                        }
                    }
                }
            }
        }
    }
}

/// One transaction: the rows, then their events.
async fn write_batch(db: &Db, jobs: &[(Job, Reply)]) -> Result<(Vec<Stored>, Vec<Event>), sqlx::Error> {
    let messages: Vec<NewMessage> = jobs.iter().map(|(j, _)| j.message().clone()).collect();
    let (mut tx, _turn) = crate::db::begin_write(db).await?;
    let stored = notes::insert_many(&mut tx, &messages).await?;
    let wanted: Vec<NewEvent> = jobs
        .iter()
        .zip(&stored)
        .map(|((job, _), s)| match (job, s) {
            (Job::Note { payload, .. }, Stored::Note(n)) => {
                Ok(NewEvent { recipient: n.recipient_id, kind: "note.received", payload: payload(n) })
            }
            (Job::Reply { payload, other, .. }, Stored::Reply(r)) => {
                Ok(NewEvent { recipient: *other, kind: "note.replied", payload: payload(r) })
            }
            _ => Err(sqlx::Error::RowNotFound),
        })
        .collect::<Result<_, _>>()?;
    let events = notifications::notify_many(&mut tx, &wanted).await?;
    tx.commit().await?;
    Ok((stored, events))
}
