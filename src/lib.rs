//! Lamsa (لمسة): the server of a bilingual Braille-learning platform.

pub mod accounts;
pub mod auth;
pub mod backup;
pub mod bus;
pub mod certificate_pdf;
pub mod client_addr;
pub mod clock;
pub mod configuration;
pub mod db;
pub mod domain;
pub mod email;
pub mod error;
pub mod events;
pub mod extract;
pub mod i18n;
pub mod metrics;
pub mod note_writer;
pub mod rate_limit;
pub mod realtime;
pub mod routes;
pub mod services;
pub mod startup;
pub mod state;
pub mod store;
pub mod web_app;
