//! What contact-message events carry: a visitor's message with its replies.

use serde::Serialize;
use utoipa::ToSchema;

use super::PersonRef;
use crate::{
    db::iso,
    store::contact::{ContactRow, ReplyRow},
};

/// A reply a supervisor sent to a contact message (plain text).
#[derive(Serialize, ToSchema, Clone)]
pub struct ContactReplyDto {
    pub id: i64,
    pub text: String,
    #[schema(required)]
    pub author: Option<PersonRef>,
    pub created_at: String,
}

/// A message sent through the contact form. `message` is plain text: show it as text.
#[derive(Serialize, ToSchema, Clone)]
pub struct ContactMessageDto {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub subject: String,
    pub message: String,
    /// The sender's language: `ar` or `en`.
    #[schema(value_type = crate::i18n::Lang)]
    pub lang: String,
    /// `new`, `handled` or `archived`.
    #[schema(value_type = crate::domain::contact::ContactStatus)]
    pub status: String,
    pub read: bool,
    pub created_at: String,
    pub replies: Vec<ContactReplyDto>,
}

pub fn contact_dto(m: &ContactRow, replies: &[ReplyRow]) -> ContactMessageDto {
    ContactMessageDto {
        id: m.id,
        name: m.name.clone(),
        email: m.email.clone(),
        subject: m.subject.clone(),
        message: m.message.clone(),
        lang: m.lang.clone(),
        status: m.status.clone(),
        read: m.read_at.is_some(),
        created_at: iso(m.created_at),
        replies: replies
            .iter()
            .filter(|r| r.message_id == m.id)
            .map(|r| ContactReplyDto {
                id: r.id,
                text: r.text.clone(),
                author: r.author_id.map(|id| PersonRef { id, name: r.author_name.clone().unwrap_or_default() }),
                created_at: iso(r.created_at),
            })
            .collect(),
    }
}
