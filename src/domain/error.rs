//! Why a domain value does not parse, or a state machine refuses a step. These know nothing of
//! HTTP: `error.rs` (the HTTP edge) gives each a status, a code and a localised message, and
//! the command line prints their text.

use super::course::CourseStatus;

/// Input that does not parse, naming the field at fault (`chapters[0].lessons[1].title`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidInput {
    #[error("{0} is required")]
    Required(String),
    #[error("{0} is not valid")]
    Invalid(String),
    /// Text holding a control character other than a tab or a line break (NUL, ESC…).
    #[error("{0} holds control characters")]
    ControlCharacters(String),
    #[error("{field} is longer than {max} characters")]
    TooLong { field: String, max: usize },
    #[error("not a valid e-mail address")]
    Email,
    /// An e-mail address in another field than `email`.
    #[error("{0} is not a valid e-mail address")]
    EmailAt(String),
    /// An address that must start with `https://`.
    #[error("{0} must be an https:// address")]
    HttpsUrl(String),
    #[error("{0} is not a phone number")]
    Phone(String),
    /// A list longer than it may be.
    #[error("{field} has more than {max} items")]
    TooMany { field: String, max: usize },
    #[error("the name must be 1 to 100 characters")]
    Name,
    #[error("the password needs at least 8 characters, an upper-case letter, a digit and a special character")]
    PasswordPolicy { field: String },
    #[error("the two passwords differ")]
    PasswordMismatch { field: String },
    /// Spec §5: a course needs a chapter and a lesson, each with a title and a description.
    #[error("{0}: a course needs at least one chapter and one lesson, each with a title and a description")]
    CourseStructure(String),
}

impl InvalidInput {
    pub fn required(field: &str) -> InvalidInput {
        InvalidInput::Required(field.to_string())
    }

    pub fn invalid(field: &str) -> InvalidInput {
        InvalidInput::Invalid(field.to_string())
    }

    pub fn control_characters(field: &str) -> InvalidInput {
        InvalidInput::ControlCharacters(field.to_string())
    }

    pub fn too_long(field: &str, max: usize) -> InvalidInput {
        InvalidInput::TooLong { field: field.to_string(), max }
    }

    /// The request field at fault.
    pub fn field(&self) -> &str {
        match self {
            InvalidInput::Required(f)
            | InvalidInput::Invalid(f)
            | InvalidInput::ControlCharacters(f)
            | InvalidInput::CourseStructure(f)
            | InvalidInput::EmailAt(f)
            | InvalidInput::HttpsUrl(f)
            | InvalidInput::Phone(f) => f,
            InvalidInput::TooLong { field, .. }
            | InvalidInput::TooMany { field, .. }
            | InvalidInput::PasswordPolicy { field }
            | InvalidInput::PasswordMismatch { field } => field,
            InvalidInput::Email => "email",
            InvalidInput::Name => "name",
        }
    }
}

/// A course status change that its state machine does not allow from `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a course that is {} cannot do that", from.as_str())]
pub struct InvalidTransition {
    pub from: CourseStatus,
}
