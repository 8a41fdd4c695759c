//! Black-box API tests: each test starts the real server on a free port with a fresh
//! database — SQLite, or PostgreSQL + Redis when `LAMSA_TEST_DATABASE_URL` and
//! `LAMSA_TEST_REDIS_URL` are set — and talks to it over HTTP. `services` calls the business
//! flows directly on such a database, without HTTP.

mod accounts;
mod admin;
mod assessments;
mod backup;
mod braille;
mod certificates;
mod contact;
mod contract;
mod contracted;
mod courses;
mod errors;
mod faults;
mod helpers;
mod input;
mod mail;
mod media;
mod news;
mod platform;
mod practice;
mod practice_contractions;
mod practice_offline;
mod profile;
mod proxy;
mod realtime;
mod revisions;
mod services;
mod sessions;
mod shards;
mod site_settings;
mod web_delivery;
