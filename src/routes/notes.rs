//! Supervisor notes to instructors and students, and their replies (spec §2, §6, §8), each
//! delivered live to the other party.

use actix_web::{http::StatusCode, web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use crate::{
    auth::AuthUser,
    db::iso,
    domain::UserType,
    error::ApiError,
    extract::ApiJson,
    i18n::{Lang, Msg},
    note_writer::{Job, WriteError},
    startup::AppState,
    store::{
        self,
        notes::{NoteRow, ReplyRow, Stored},
    },
};

/// The answer for a message the writer did not store.
fn refused(e: WriteError) -> ApiError {
    match e {
        WriteError::SenderGone => ApiError::unauthorized(),
        WriteError::NoRecipient => ApiError::not_found().on_field("recipient_id"),
        // Someone else's note is "not found", not "forbidden": its existence is not theirs to know.
        WriteError::NoNote => ApiError::not_found(),
        WriteError::Database(e) => ApiError::internal(anyhow::anyhow!(e)),
    }
}

/// The text of a message: 1–2000 characters after trimming.
fn parse_text(raw: &str) -> Result<String, ApiError> {
    crate::domain::required_text(raw, "text", 2000)
}

#[derive(Deserialize, ToSchema)]
pub struct NewNote {
    pub recipient_id: i64,
    pub text: String,
}

#[derive(Deserialize, ToSchema)]
pub struct NewReply {
    pub text: String,
}

#[derive(Serialize, ToSchema, Clone)]
pub struct ReplyDto {
    pub id: i64,
    pub note_id: i64,
    pub author_id: i64,
    pub author_name: String,
    /// `student`, `instructor` or `supervisor`.
    pub author_type: String,
    pub text: String,
    pub created_at: String,
}

#[derive(Serialize, ToSchema, Clone)]
pub struct NoteDto {
    pub id: i64,
    pub sender_id: i64,
    pub sender_name: String,
    pub recipient_id: i64,
    pub recipient_name: String,
    /// `student` or `instructor`.
    pub recipient_type: String,
    pub text: String,
    pub created_at: String,
    pub replies: Vec<ReplyDto>,
}

#[derive(Serialize, ToSchema)]
pub struct NoteCreated {
    pub message: String,
    pub note: NoteDto,
}

#[derive(Serialize, ToSchema)]
pub struct ReplyCreated {
    pub message: String,
    pub reply: ReplyDto,
}

#[derive(Serialize, ToSchema)]
pub struct NoteList {
    pub notes: Vec<NoteDto>,
}

fn note_dto(n: &NoteRow, replies: Vec<ReplyDto>) -> NoteDto {
    NoteDto {
        id: n.id,
        sender_id: n.sender_id,
        sender_name: n.sender_name.clone(),
        recipient_id: n.recipient_id,
        recipient_name: n.recipient_name.clone(),
        recipient_type: n.recipient_type.clone(),
        text: n.text.clone(),
        created_at: iso(n.created_at),
        replies,
    }
}

fn reply_dto(r: &ReplyRow) -> ReplyDto {
    ReplyDto {
        id: r.id,
        note_id: r.note_id,
        author_id: r.author_id,
        author_name: r.author_name.clone(),
        author_type: r.author_type.clone(),
        text: r.text.clone(),
        created_at: iso(r.created_at),
    }
}

/// The event a note's recipient gets.
fn received_payload(note: &NoteRow) -> serde_json::Value {
    json!({ "note": note_dto(note, vec![]) })
}

/// The event the other party of a note gets for a reply.
fn replied_payload(reply: &ReplyRow) -> serde_json::Value {
    json!({ "note_id": reply.note_id, "reply": reply_dto(reply) })
}

/// A supervisor sends a note to an instructor or a student ("note sent"); it reaches them live
/// as event `note.received`.
#[utoipa::path(post, path = "/api/notes", tag = "notes", request_body = NewNote, security(("bearer" = [])),
    responses((status = 201, body = NoteCreated), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn create(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    body: ApiJson<NewNote>,
) -> Result<HttpResponse, ApiError> {
    if user.typ != UserType::Supervisor {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "forbidden", Msg::SupervisorsOnly));
    }
    let text = parse_text(&body.0.text)?;
    let job = Job::Note { sender: user.id, recipient: body.0.recipient_id, text, payload: received_payload };
    let Stored::Note(note) = state.notes.write(job).await.map_err(refused)? else {
        return Err(ApiError::internal(anyhow::anyhow!("a note was stored as a reply")));
    };
    let dto = note_dto(&note, vec![]);
    Ok(HttpResponse::Created().json(NoteCreated { message: Msg::NoteSent.render(lang), note: dto }))
}

/// The recipient (or the supervisor who sent it) replies to a note ("note answered"); the other
/// party gets event `note.replied` live.
#[utoipa::path(post, path = "/api/notes/{id}/reply", tag = "notes", request_body = NewReply, security(("bearer" = [])),
    params(("id" = i64, Path, description = "note id")),
    responses((status = 201, body = ReplyCreated), (status = 400, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody)))]
pub async fn reply(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    path: web::Path<i64>,
    body: ApiJson<NewReply>,
) -> Result<HttpResponse, ApiError> {
    let text = parse_text(&body.0.text)?;
    let job = Job::Reply { note_id: path.into_inner(), author: user, text, payload: replied_payload };
    let Stored::Reply(reply) = state.notes.write(job).await.map_err(refused)? else {
        return Err(ApiError::internal(anyhow::anyhow!("a reply was stored as a note")));
    };
    let dto = reply_dto(&reply);
    Ok(HttpResponse::Created().json(ReplyCreated { message: Msg::NoteAnswered.render(lang), reply: dto }))
}

#[derive(Deserialize, IntoParams)]
pub struct NotesQuery {
    /// At most this many notes (1–200, default 100).
    limit: Option<i64>,
}

/// Notes the signed-in user sent or received, newest first, each with its replies.
#[utoipa::path(get, path = "/api/notes", tag = "notes", params(NotesQuery), security(("bearer" = [])),
    responses((status = 200, body = NoteList), (status = 401, body = crate::error::ErrorBody)))]
pub async fn list(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<NotesQuery>,
) -> Result<web::Json<NoteList>, ApiError> {
    let notes = store::notes::for_user(&state.db, user.id, query.limit.unwrap_or(100).clamp(1, 200)).await?;
    let ids: Vec<i64> = notes.iter().map(|n| n.id).collect();
    let replies = store::notes::replies_of(&state.db, &ids).await?;
    let notes = notes
        .iter()
        .map(|n| note_dto(n, replies.iter().filter(|r| r.note_id == n.id).map(reply_dto).collect()))
        .collect();
    Ok(web::Json(NoteList { notes }))
}
