//! What note events carry: a supervisor's note and a reply to it.

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    db::iso,
    store::notes::{NoteRow, ReplyRow},
};

#[derive(Serialize, ToSchema, Clone)]
pub struct ReplyDto {
    pub id: i64,
    pub note_id: i64,
    pub author_id: i64,
    pub author_name: String,
    /// `student`, `instructor` or `supervisor`.
    #[schema(value_type = crate::domain::UserType)]
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
    #[schema(value_type = crate::domain::UserType)]
    pub recipient_type: String,
    pub text: String,
    pub created_at: String,
    pub replies: Vec<ReplyDto>,
}

pub fn note_dto(n: &NoteRow, replies: Vec<ReplyDto>) -> NoteDto {
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

pub fn reply_dto(r: &ReplyRow) -> ReplyDto {
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
