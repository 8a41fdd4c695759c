//! SQL, one module per aggregate. Handlers never hold SQL; these functions never see HTTP.

pub mod assessments;
pub mod certificates;
pub mod courses;
pub mod media;
pub mod notes;
pub mod notifications;
pub mod questions;
pub mod tokens;
pub mod users;

/// True when a database error is a unique-constraint violation (same on both backends).
pub fn is_unique_violation(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(db) => {
            db.code().is_some_and(|c| c == "23505" || c == "2067" || c == "1555")
                || db.message().contains("UNIQUE constraint failed")
        }
        _ => false,
    }
}

/// A LIKE pattern matching `text` anywhere, lower-cased, with LIKE's wildcards in it taken
/// literally (use with `ESCAPE '\'`).
pub fn contains_pattern(text: &str) -> String {
    format!("%{}%", text.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"))
}

/// `$1, $2, … $n`: the placeholders of an `IN (…)` list of `n` bound values.
pub fn placeholders(n: usize) -> String {
    (1..=n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}
