//! The OpenAPI document, generated from the handlers' annotations, and a page that renders it.

use actix_web::HttpResponse;
use utoipa::{
    openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
    Modify, OpenApi,
};

use super::{
    admin, assessments, auth, braille, certificates, contact, courses, health, media, news, notes, notifications,
    practice, profile, questions, users, ws,
};

#[derive(OpenApi)]
#[openapi(
    info(title = "Lamsa API", description = "The REST API of Lamsa (لمسة), the bilingual Braille-learning platform. \
        Errors are JSON `{code, message, field?}` with `message` in the request's Accept-Language (ar default, en)."),
    paths(
        health::health,
        auth::register, auth::activate, auth::resend_activation, auth::login, auth::refresh, auth::logout,
        auth::change_password, auth::request_reset, auth::confirm_reset,
        profile::get_profile, profile::update_profile, profile::upload_avatar, profile::remove_avatar,
        notifications::list, notifications::unread_count, notifications::mark_read,
        notes::list, notes::create, notes::reply, users::search,
        braille::translate, braille::table, braille::contractions, ws::connect,
        courses::catalogue, courses::create, courses::get, courses::update, courses::request_accreditation,
        courses::request_stop, courses::enrol, courses::complete_lesson, courses::mine, courses::track,
        courses::enrolled, courses::queue, courses::queue_counts, courses::approve, courses::reject,
        questions::list, questions::ask, questions::answer, questions::instructor_count,
        media::upload, media::serve,
        assessments::mine, assessments::create, assessments::get, assessments::update, assessments::delete,
        assessments::similar_cells, assessments::of_course, assessments::start, assessments::attempt,
        assessments::save_answer, assessments::submit, assessments::result,
        certificates::mine, certificates::request, certificates::queue, certificates::approve, certificates::reject,
        certificates::issued, certificates::revoke, certificates::get, certificates::download, certificates::verify,
        certificates::qr_svg,
        news::list, news::get, news::feed, contact::submit,
        practice::session, practice::review, practice::drill, practice::stats, practice::confusions,
        practice::course_confusions,
        admin::users::list, admin::users::csv, admin::users::detail, admin::users::patch, admin::users::bulk,
        admin::users::invite, admin::users::resend_activation, admin::users::send_reset,
        admin::site::courses, admin::site::deactivate_course, admin::site::reactivate_course,
        admin::site::certificates, admin::site::revoke_certificate, admin::site::audit, admin::site::audit_csv,
        admin::site::overview,
        admin::content::news_list, admin::content::news_create, admin::content::news_get, admin::content::news_update,
        admin::content::news_delete, admin::content::news_preview, admin::content::contact_list,
        admin::content::contact_unread, admin::content::contact_get, admin::content::contact_patch,
        admin::content::contact_reply,
        openapi_json, docs_page,
    ),
    modifiers(&BearerAuth),
    tags((name = "auth", description = "Accounts and sessions"), (name = "profile"), (name = "health"), (name = "docs"),
        (name = "notifications", description = "Durable events; the same arrive live on GET /api/ws?token=<access>"),
        (name = "notes", description = "Supervisor notes and replies"),
        (name = "courses", description = "Courses, accreditation and stop requests, enrolment and progress"),
        (name = "questions", description = "Student questions and the instructor's badge"),
        (name = "assessments", description = "Lesson exercises, chapter and final assessments: building, order rules, \
            attempts saved as they go, grading and results"),
        (name = "certificates", description = "Certificate requests, decisions, issued certificates (PDF with QR code \
            and the name in Braille) and public verification"),
        (name = "media", description = "Course files, audio and video: uploads and signed, seekable downloads"),
        (name = "news", description = "Public news in Arabic and English, and their Atom feeds"),
        (name = "contact", description = "The public contact form"),
        (name = "practice", description = "Spaced-repetition practice of every Braille symbol (FSRS-6), drills of \
            confused cells, retention and streaks; the confusion matrix of an instructor's course"),
        (name = "admin", description = "The admin site (supervisors only): accounts, courses, certificates, news, \
            contact messages, the audit log and the overview"),
        (name = "braille", description = "Translation between print and Braille (Arabic, English UEB grade 1)"))
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

static DOC_JSON: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| ApiDoc::openapi().to_pretty_json().unwrap_or_else(|_| "{}".into()));

/// This document.
#[utoipa::path(get, path = "/api/openapi.json", tag = "docs", responses((status = 200, description = "OpenAPI 3.1 document")))]
pub async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(DOC_JSON.as_str())
}

/// A readable page of every route, rendered on the server from the same document.
#[utoipa::path(get, path = "/api/docs", tag = "docs", responses((status = 200, description = "HTML page", content_type = "text/html")))]
pub async fn docs_page() -> HttpResponse {
    HttpResponse::Ok().content_type("text/html; charset=utf-8").body(DOC_PAGE.as_str())
}

static DOC_PAGE: std::sync::LazyLock<String> = std::sync::LazyLock::new(render_page);

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn render_page() -> String {
    let doc: serde_json::Value = serde_json::from_str(&DOC_JSON).unwrap_or_default();
    let mut body = String::new();
    if let Some(paths) = doc["paths"].as_object() {
        for (path, ops) in paths {
            for (method, op) in ops.as_object().into_iter().flatten() {
                body.push_str(&format!("<section><h2><code>{} {}</code></h2>", esc(&method.to_uppercase()), esc(path)));
                if let Some(s) = op["summary"].as_str() {
                    body.push_str(&format!("<p>{}</p>", esc(s)));
                }
                if let Some(d) = op["description"].as_str() {
                    body.push_str(&format!("<p>{}</p>", esc(d)));
                }
                if let Some(req) = op.get("requestBody") {
                    body.push_str(&format!(
                        "<h3>Request body</h3><pre>{}</pre>",
                        esc(&serde_json::to_string_pretty(&req["content"]).unwrap_or_default())
                    ));
                }
                body.push_str("<h3>Responses</h3><ul>");
                for (status, resp) in op["responses"].as_object().into_iter().flatten() {
                    let schema = resp["content"]["application/json"]["schema"]["$ref"]
                        .as_str()
                        .map(|r| r.rsplit('/').next().unwrap_or(r).to_string())
                        .unwrap_or_default();
                    body.push_str(&format!(
                        "<li><strong>{}</strong> {} <code>{}</code></li>",
                        esc(status),
                        esc(resp["description"].as_str().unwrap_or("")),
                        esc(&schema)
                    ));
                }
                body.push_str("</ul></section>");
            }
        }
    }
    body.push_str("<section><h2>Schemas</h2>");
    for (name, schema) in doc["components"]["schemas"].as_object().into_iter().flatten() {
        body.push_str(&format!(
            "<h3 id=\"{0}\">{0}</h3><pre>{1}</pre>",
            esc(name),
            esc(&serde_json::to_string_pretty(schema).unwrap_or_default())
        ));
    }
    body.push_str("</section>");
    format!(
        "<!doctype html><html lang=\"en\" dir=\"ltr\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Lamsa API</title>\
         <style>body{{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:auto;padding:1rem;color:#111;background:#fff}}\
         pre{{background:#f4f4f4;padding:.5rem;overflow:auto}}a{{color:#0645ad}}:focus{{outline:3px solid #0645ad}}</style></head>\
         <body><a href=\"#main\">Skip to the routes</a><header><h1>Lamsa API <span lang=\"ar\" dir=\"rtl\">· واجهة برمجة لمسة</span></h1>\
         <p>Generated from the code; the same document as <a href=\"/api/openapi.json\">/api/openapi.json</a>.</p></header>\
         <main id=\"main\">{body}</main></body></html>"
    )
}
