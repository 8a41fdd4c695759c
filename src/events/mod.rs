//! Live events: every kind the server sends a person, who gets it and what it carries.
//!
//! An event is first a `notifications` row, written by a service in the transaction of the
//! change it reports ([`notify`]), then published after commit (`Realtime::publish`); a tab's
//! socket sends it as `{"type":"event","kind":…,"payload":…}` and the web client
//! (`web/src/lib/realtime.ts`, `web/src/features/live`) updates its pages by kind.
//!
//! The shapes an event carries are the ones the REST API answers with, so the client has one
//! type per thing. They are defined here, in one module per area, because the services that
//! write events sit below the routes; routes answer with the same types.
//!
//! To add a kind: a variant of [`LiveEvent`] (its name in [`LiveEvent::kind`]), the service
//! that writes it, and its handler in the web client.

pub mod assessments;
pub mod certificates;
pub mod contact;
pub mod courses;
pub mod notes;
pub mod questions;

use serde::Serialize;
use sqlx::{Any, Transaction};
use utoipa::ToSchema;

use crate::{
    domain::course::CourseStatus,
    store::{self, notifications::Event},
};
use assessments::{AssessmentRef, AttemptDto};
use certificates::{CertificateDto, CertificateRequestDto};
use contact::ContactMessageDto;
use courses::RequestDto;
use notes::{NoteDto, ReplyDto};
use questions::QuestionDto;

/// A person as others see them: an instructor on a course, a student on a result.
#[derive(Serialize, ToSchema, Clone)]
pub struct PersonRef {
    pub id: i64,
    pub name: String,
}

/// The kind of a supervisor's note to its recipient. The note writer (`note_writer`) writes
/// these two kinds itself, in batches.
pub const NOTE_RECEIVED: &str = "note.received";
/// The kind of a reply to a note, sent to the note's other party.
pub const NOTE_REPLIED: &str = "note.replied";
/// The kind that ends a user's sessions: the hub closes their sockets when it passes.
pub const ACCOUNT_DEACTIVATED: &str = "account.deactivated";

/// One live event; its fields are its payload.
#[derive(Serialize)]
#[serde(untagged)]
pub enum LiveEvent<'a> {
    /// To every supervisor: an instructor sent a course for accreditation or asked to stop it.
    RequestCreated { request: &'a RequestDto },
    /// To the course's instructor and the other supervisors: a supervisor decided a request.
    RequestDecided { request: &'a RequestDto, course_status: CourseStatus },
    /// To every supervisor: a student asked for a certificate.
    CertificateRequestCreated { request: &'a CertificateRequestDto },
    /// To the student and every supervisor: a certificate request was approved (with the
    /// certificate issued) or rejected (`certificate` null).
    CertificateRequestDecided { request: &'a CertificateRequestDto, certificate: Option<&'a CertificateDto> },
    /// To the student: a supervisor revoked their certificate.
    CertificateRevoked { certificate: &'a CertificateDto },
    /// To the course's instructor: a student submitted a chapter or final assessment.
    AssessmentSubmitted { attempt: &'a AttemptDto, assessment: &'a AssessmentRef, student: &'a PersonRef },
    /// To the recipient of a supervisor's note.
    NoteReceived { note: &'a NoteDto },
    /// To the other party of a note: a reply to it.
    NoteReplied { note_id: i64, reply: &'a ReplyDto },
    /// To the course's instructor: a student's question.
    QuestionAsked { question: &'a QuestionDto },
    /// To the student: the instructor's answer.
    QuestionAnswered { question: &'a QuestionDto },
    /// To the instructor's tabs, a state update: how many questions wait for an answer.
    QuestionsBadge { count: i64 },
    /// To every supervisor: a visitor's message through the contact form.
    ContactReceived { contact_message: &'a ContactMessageDto },
    /// To every supervisor's tabs, a state update: how many contact messages are unread.
    ContactBadge { count: i64 },
    /// To the user a supervisor deactivated: their sockets close once it is delivered.
    AccountDeactivated { message_ar: &'a str, message_en: &'a str },
}

impl LiveEvent<'_> {
    /// The name the web client knows the event by.
    pub fn kind(&self) -> &'static str {
        match self {
            LiveEvent::RequestCreated { .. } => "request.created",
            LiveEvent::RequestDecided { .. } => "request.decided",
            LiveEvent::CertificateRequestCreated { .. } => "certificate_request.created",
            LiveEvent::CertificateRequestDecided { .. } => "certificate_request.decided",
            LiveEvent::CertificateRevoked { .. } => "certificate.revoked",
            LiveEvent::AssessmentSubmitted { .. } => "assessment.submitted",
            LiveEvent::NoteReceived { .. } => NOTE_RECEIVED,
            LiveEvent::NoteReplied { .. } => NOTE_REPLIED,
            LiveEvent::QuestionAsked { .. } => "question.asked",
            LiveEvent::QuestionAnswered { .. } => "question.answered",
            LiveEvent::QuestionsBadge { .. } => "badge.questions",
            LiveEvent::ContactReceived { .. } => "contact.received",
            LiveEvent::ContactBadge { .. } => "badge.contact",
            LiveEvent::AccountDeactivated { .. } => ACCOUNT_DEACTIVATED,
        }
    }

    /// The payload as JSON. Plain structs of strings and numbers always serialise (`json!`
    /// relies on the same).
    pub fn payload(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("an event payload is plain JSON")
    }
}

/// Records `event` for `recipient` in the caller's transaction; publish the returned event
/// after commit.
pub async fn notify(
    tx: &mut Transaction<'static, Any>,
    recipient: i64,
    event: &LiveEvent<'_>,
) -> Result<Event, sqlx::Error> {
    store::notifications::notify(tx, recipient, event.kind(), &event.payload()).await
}

/// The same event for each of `recipients`, in order.
pub async fn notify_each(
    tx: &mut Transaction<'static, Any>,
    recipients: impl IntoIterator<Item = i64>,
    event: &LiveEvent<'_>,
) -> Result<Vec<Event>, sqlx::Error> {
    let (kind, payload) = (event.kind(), event.payload());
    let mut events = Vec::new();
    for recipient in recipients {
        events.push(store::notifications::notify(tx, recipient, kind, &payload).await?);
    }
    Ok(events)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_are_the_fields_and_a_missing_certificate_is_null() {
        let request = CertificateRequestDto {
            id: 1,
            course_id: 2,
            course_title: "Braille".into(),
            student_id: 3,
            student_name: "Sara".into(),
            status: crate::domain::certificate::RequestStatus::Rejected,
            reason: Some("not yet".into()),
            requested_at: "2026-01-01T00:00:00Z".into(),
            decided_at: None,
            percent: None,
            grade: None,
            certificate_code: None,
        };
        let event = LiveEvent::CertificateRequestDecided { request: &request, certificate: None };
        assert_eq!(event.kind(), "certificate_request.decided");
        let payload = event.payload();
        assert_eq!(payload["certificate"], serde_json::Value::Null);
        assert_eq!(payload["request"]["status"], "rejected");
        assert_eq!(payload.as_object().map(|o| o.len()), Some(2));
        assert_eq!(LiveEvent::QuestionsBadge { count: 4 }.payload(), serde_json::json!({ "count": 4 }));
    }
}
