//! A message sent through the public contact form (issue 15), parsed field by field.

use serde::Deserialize;
use utoipa::ToSchema;

use super::{required_text, Email, InvalidInput, PersonName};

pub const SUBJECT_MAX: usize = 150;
pub const MESSAGE_MAX: usize = 5000;
pub const REPLY_MAX: usize = 5000;

#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ContactInput {
    /// 1–100 characters.
    pub name: String,
    /// At most 254 characters.
    pub email: String,
    /// 1–150 characters.
    pub subject: String,
    /// 1–5000 characters.
    pub message: String,
    /// Leave empty: a field people never see, which only robots fill in.
    pub website: Option<String>,
}

pub struct ContactForm {
    pub name: PersonName,
    pub email: Email,
    pub subject: String,
    pub message: String,
}

impl ContactInput {
    /// True when the hidden field was filled in: a robot.
    pub fn is_spam(&self) -> bool {
        self.website.as_deref().is_some_and(|w| !w.trim().is_empty())
    }

    pub fn parse(self) -> Result<ContactForm, InvalidInput> {
        if self.name.trim().is_empty() {
            return Err(InvalidInput::required("name"));
        }
        let name = PersonName::parse(&self.name)?;
        if self.email.trim().is_empty() {
            return Err(InvalidInput::required("email"));
        }
        let email = Email::parse(&self.email)?;
        let subject = required_text(&self.subject, "subject", SUBJECT_MAX)?;
        // One line: a subject never carries a header break into a reply's subject.
        if subject.chars().any(char::is_control) {
            return Err(InvalidInput::invalid("subject"));
        }
        let message = required_text(&self.message, "message", MESSAGE_MAX)?;
        Ok(ContactForm { name, email, subject, message })
    }
}

/// The status a supervisor gives a contact message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, utoipa::ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum ContactStatus {
    New,
    Handled,
    Archived,
}

impl ContactStatus {
    pub fn parse(raw: &str) -> Option<ContactStatus> {
        match raw {
            "new" => Some(ContactStatus::New),
            "handled" => Some(ContactStatus::Handled),
            "archived" => Some(ContactStatus::Archived),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ContactStatus::New => "new",
            ContactStatus::Handled => "handled",
            ContactStatus::Archived => "archived",
        }
    }
}
