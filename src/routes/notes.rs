//! Supervisor notes to instructors and students, and their replies (spec §2, §6, §8), each
//! delivered live to the other party.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    auth::AuthUser,
    domain::{required_text, UserType},
    error::ApiError,
    events::notes::{NoteDto, ReplyDto},
    extract::ApiJson,
    i18n::{Lang, Msg},
    services::notes,
    state::AppState,
};

/// The text of a message: 1–2000 characters after trimming.
fn parse_text(raw: &str) -> Result<String, ApiError> {
    Ok(required_text(raw, "text", 2000)?)
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
    user.require(UserType::Supervisor).map_err(|e| e.saying(Msg::SupervisorsOnly))?;
    let text = parse_text(&body.0.text)?;
    let note = notes::send(&state.notes, user, body.0.recipient_id, text).await?;
    Ok(HttpResponse::Created().json(NoteCreated { message: Msg::NoteSent.render(lang), note }))
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
    let reply = notes::reply(&state.notes, user, path.into_inner(), text).await?;
    Ok(HttpResponse::Created().json(ReplyCreated { message: Msg::NoteAnswered.render(lang), reply }))
}

#[derive(Deserialize, IntoParams)]
pub struct NotesQuery {
    /// At most this many notes (1–200, default 100).
    #[param(minimum = 1, maximum = 200)]
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
    let notes = notes::of_user(&state.db, user, crate::routes::dto::limit(query.limit, 100, 200)?).await?;
    Ok(web::Json(NoteList { notes }))
}
