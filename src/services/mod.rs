//! The business flows, one module per area. A service function takes what it needs — the
//! database, the realtime publisher, settings, the acting user — and never an HTTP type. It
//! reads, applies the domain rules, writes the change and its notification rows in one
//! transaction, and publishes the events after commit (`events`, `realtime`). Handlers
//! (`routes`) parse a request, check the role, call one service function and map its answer;
//! the command line (`accounts.rs`) calls the same functions, and so do the tests.
//!
//! Supervisor decisions (`courses::decide`, `certificates::{approve, reject, revoke}`,
//! `notes::send`) take the supervisor explicitly and write in one transaction, so an audit row
//! can join that transaction.

pub mod accounts;
pub mod admin;
pub mod assessments;
pub mod attempts;
pub mod audit;
pub mod certificates;
pub mod contact;
pub mod courses;
mod error;
pub mod media;
pub mod news;
pub mod notes;
pub mod notifications;
pub mod practice;
pub mod practice_contractions;
pub mod profiles;
pub mod progress;
pub mod questions;
pub mod revisions;
pub mod site;

pub use error::ServiceError;
