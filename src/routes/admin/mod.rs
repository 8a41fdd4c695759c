//! `/api/admin/*`: the admin site's API (issue 15), for supervisors only — anyone else gets
//! 403, a request without a token 401. Users, courses, certificates, news, contact messages,
//! the audit log and the overview.

pub mod content;
pub mod dto;
pub mod settings;
pub mod site;
pub mod users;

use actix_web::{web, HttpResponse};

/// The caller adds the default service (the API's 404 and 405). `{id}` takes digits only
/// where a sibling path is a word (`/users/bulk`, `/news/preview`,
/// `/contact-messages/unread-count`): another method on those is a 405, not a failed parse.
pub fn scope() -> actix_web::Scope {
    web::scope("/admin")
        .route("/overview", web::get().to(site::overview))
        .route("/site-settings", web::get().to(settings::get))
        .route("/site-settings", web::put().to(settings::put))
        .route("/users", web::get().to(users::list))
        .route("/users.csv", web::get().to(users::csv))
        .route("/users/invite", web::post().to(users::invite))
        .route("/users/bulk", web::post().to(users::bulk))
        .route("/users/{id:\\d+}", web::get().to(users::detail))
        .route("/users/{id:\\d+}", web::patch().to(users::patch))
        .route("/users/{id}/resend-activation", web::post().to(users::resend_activation))
        .route("/users/{id}/send-reset", web::post().to(users::send_reset))
        .route("/courses", web::get().to(site::courses))
        .route("/courses/{id}/deactivate", web::post().to(site::deactivate_course))
        .route("/courses/{id}/reactivate", web::post().to(site::reactivate_course))
        .route("/certificates", web::get().to(site::certificates))
        .route("/certificates/{code}/revoke", web::post().to(site::revoke_certificate))
        .route("/audit", web::get().to(site::audit))
        .route("/audit.csv", web::get().to(site::audit_csv))
        .route("/news", web::get().to(content::news_list))
        .route("/news", web::post().to(content::news_create))
        .route("/news/preview", web::post().to(content::news_preview))
        .route("/news/{id:\\d+}", web::get().to(content::news_get))
        .route("/news/{id:\\d+}", web::put().to(content::news_update))
        .route("/news/{id:\\d+}", web::delete().to(content::news_delete))
        .route("/contact-messages", web::get().to(content::contact_list))
        .route("/contact-messages/unread-count", web::get().to(content::contact_unread))
        .route("/contact-messages/{id:\\d+}", web::get().to(content::contact_get))
        .route("/contact-messages/{id:\\d+}", web::patch().to(content::contact_patch))
        .route("/contact-messages/{id}/reply", web::post().to(content::contact_reply))
}

/// A CSV download: UTF-8 with a byte-order mark, so spreadsheet programs read Arabic names.
pub(crate) fn csv_response(name: &str, header: &[&str], rows: impl Iterator<Item = Vec<String>>) -> HttpResponse {
    let mut out = String::from("\u{feff}");
    out.push_str(&header.join(","));
    out.push_str("\r\n");
    for row in rows {
        out.push_str(&row.iter().map(|c| csv_cell(c)).collect::<Vec<_>>().join(","));
        out.push_str("\r\n");
    }
    HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(("Content-Disposition", format!("attachment; filename=\"{name}\"")))
        .body(out)
}

/// Quotes a cell when needed, and defuses a leading `=`, `+`, `-` or `@` that a spreadsheet
/// would run as a formula.
fn csv_cell(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) { format!("'{s}") } else { s.to_string() };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}
