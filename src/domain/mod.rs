//! Domain types that parse instead of validate: a value of one of these types is known good.

pub mod assessment;
pub mod assessment_grading;
pub mod certificate;
pub mod contact;
pub mod contraction_cards;
pub mod course;
pub mod device;
mod email;
mod error;
pub mod media;
pub mod news;
mod password;
pub mod practice;
pub mod revision;
pub mod site;
mod user;

pub use email::Email;
pub use error::{InvalidInput, InvalidTransition};
pub use password::{NewPassword, PasswordPair};
pub use user::{
    first_control_character, optional_text, refuse_control_characters, required_text, BirthDate, Gender, PersonName,
    ProfileFields, ProfileInput, ProfilePatch, ProfileText, UserType, VisionType,
};
