//! Supervisor notes to instructors and students, and their replies (spec §2, §6, §8). Notes
//! and replies are the busiest writes: they go through the group-commit writer
//! (`note_writer`), which stores them and their events in batches and publishes after commit.

use crate::{
    auth::AuthUser,
    db::Db,
    events::{
        notes::{note_dto, reply_dto, NoteDto, ReplyDto},
        LiveEvent,
    },
    note_writer::{Job, NoteWriter, WriteError},
    store::{self, notes::Stored},
};

use super::ServiceError;

impl From<WriteError> for ServiceError {
    fn from(e: WriteError) -> ServiceError {
        match e {
            WriteError::SenderGone => ServiceError::AccountGone,
            WriteError::NoRecipient => ServiceError::NotFoundIn("recipient_id"),
            // Someone else's note is "not found", not "forbidden": its existence is not theirs to know.
            WriteError::NoNote => ServiceError::NotFound,
            WriteError::Database(e) => ServiceError::Internal(anyhow::anyhow!(e)),
        }
    }
}

/// A supervisor's note to an instructor or a student, who gets it live. The caller checked
/// that `supervisor` is one; `text` is parsed.
pub async fn send(
    writer: &NoteWriter,
    supervisor: AuthUser,
    recipient: i64,
    text: String,
) -> Result<NoteDto, ServiceError> {
    let job = Job::Note {
        sender: supervisor.id,
        recipient,
        text,
        payload: |note| LiveEvent::NoteReceived { note: &note_dto(note, vec![]) }.payload(),
    };
    let Stored::Note(note) = writer.write(job).await? else {
        return Err(anyhow::anyhow!("a note was stored as a reply").into());
    };
    Ok(note_dto(&note, vec![]))
}

/// The recipient of a note, or the supervisor who sent it, replies; the other party gets it
/// live. Anyone else's note is not found.
pub async fn reply(
    writer: &NoteWriter,
    author: AuthUser,
    note_id: i64,
    text: String,
) -> Result<ReplyDto, ServiceError> {
    let job = Job::Reply {
        note_id,
        author,
        text,
        payload: |reply| LiveEvent::NoteReplied { note_id: reply.note_id, reply: &reply_dto(reply) }.payload(),
    };
    let Stored::Reply(reply) = writer.write(job).await? else {
        return Err(anyhow::anyhow!("a reply was stored as a note").into());
    };
    Ok(reply_dto(&reply))
}

/// The notes `user` sent or received, newest first (at most `limit`), each with its replies.
pub async fn of_user(db: &Db, user: AuthUser, limit: i64) -> Result<Vec<NoteDto>, ServiceError> {
    let notes = store::notes::for_user(db, user.id, limit).await?;
    let ids: Vec<i64> = notes.iter().map(|n| n.id).collect();
    let replies = store::notes::replies_of(db, &ids).await?;
    Ok(notes
        .iter()
        .map(|n| note_dto(n, replies.iter().filter(|r| r.note_id == n.id).map(reply_dto).collect()))
        .collect())
}
