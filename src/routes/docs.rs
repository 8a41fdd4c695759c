//! The OpenAPI document, generated from the handlers' annotations, and a page that renders it.

use actix_web::HttpResponse;
use utoipa::{
    openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
    Modify, OpenApi,
};

use super::{
    admin, assessments, auth, braille, certificates, contact, courses, health, media, news, notes, notifications,
    practice, profile, questions, site, users, ws,
};

#[derive(OpenApi)]
#[openapi(
    info(title = "Lamsa API", description = "The REST API of Lamsa (لمسة), the bilingual Braille-learning platform. \
        Errors are JSON `{code, message, field?}` with `message` in the request's Accept-Language (ar default, en). \
        A method a path does not take is answered 405 `method_not_allowed` with the path's methods in `Allow`."),
    paths(
        health::health,
        auth::register, auth::activate, auth::resend_activation, auth::login, auth::refresh, auth::logout,
        auth::change_password, auth::request_reset, auth::confirm_reset, auth::devices, auth::sign_out_others,
        profile::get_profile, profile::update_profile, profile::upload_avatar, profile::remove_avatar,
        notifications::list, notifications::unread_count, notifications::mark_read,
        notes::list, notes::create, notes::reply, users::search,
        braille::translate, braille::table, braille::contractions, ws::connect,
        courses::catalogue, courses::create, courses::get, courses::update, courses::request_accreditation,
        courses::request_stop, courses::open_revision, courses::discard_revision, courses::enrol, courses::complete_lesson, courses::mine, courses::track,
        courses::enrolled, courses::queue, courses::queue_counts, courses::approve, courses::reject,
        questions::list, questions::ask, questions::answer, questions::instructor_count,
        media::upload, media::serve,
        assessments::mine, assessments::create, assessments::get, assessments::update, assessments::delete,
        assessments::similar_cells, assessments::of_course, assessments::start, assessments::attempt,
        assessments::save_answer, assessments::submit, assessments::result,
        certificates::mine, certificates::request, certificates::queue, certificates::approve, certificates::reject,
        certificates::issued, certificates::revoke, certificates::get, certificates::download, certificates::verify,
        certificates::qr_svg,
        news::list, news::get, news::feed, contact::submit, site::get,
        practice::session, practice::review, practice::drill, practice::stats, practice::confusions,
        practice::course_confusions, practice::contraction_drill, practice::contraction_mastery,
        admin::users::list, admin::users::csv, admin::users::detail, admin::users::patch, admin::users::bulk,
        admin::users::invite, admin::users::resend_activation, admin::users::send_reset,
        admin::site::courses, admin::site::deactivate_course, admin::site::reactivate_course,
        admin::site::certificates, admin::site::revoke_certificate, admin::site::audit, admin::site::audit_csv,
        admin::site::overview, admin::settings::get, admin::settings::put,
        admin::content::news_list, admin::content::news_create, admin::content::news_get, admin::content::news_update,
        admin::content::news_delete, admin::content::news_preview, admin::content::contact_list,
        admin::content::contact_unread, admin::content::contact_get, admin::content::contact_patch,
        admin::content::contact_reply,
        openapi_json, docs_page,
    ),
    modifiers(&BearerAuth, &ErrorResponses),
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
        (name = "site", description = "The society's name, contact details, social links, logos and credit line"),
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

/// The errors every operation can answer, added to each where they apply (issue 16: a client
/// generated from this document must know every status the server sends), all with the one
/// error body `{code, message, field?}`. An operation's own annotation, when it describes one
/// of these statuses, is kept. Methods a path does not take answer 405 with `Allow` (see
/// [`allowed_methods`]); that is said once, in the document's description, since it is no
/// operation's.
struct ErrorResponses;

/// (status, name in `components.responses`, description)
const SHARED_ERRORS: &[(&str, &str, &str)] = &[
    (
        "400",
        "BadRequest",
        "The request is malformed or a field is invalid (`field` names it): a path or query \
        parameter of the wrong type, a body that is not the documented JSON, a value out of range.",
    ),
    ("401", "Unauthorized", "No valid access token (`unauthorized`), or the account is gone."),
    ("403", "Forbidden", "The signed-in account may not do this (`forbidden`), or it is inactive or deactivated."),
    ("404", "NotFound", "No such item, or not one this account may see (`not_found`)."),
    ("409", "Conflict", "The item's state does not allow this now (e.g. `invalid_transition`, `already_decided`)."),
    ("413", "PayloadTooLarge", "The body is larger than this operation accepts (`body_too_large`, `file_too_large`)."),
    ("429", "TooManyRequests", "Too many attempts from this address or for this account (`rate_limited`)."),
    ("500", "InternalError", "Something failed inside the server (`internal`); nothing was changed."),
    ("502", "MailFailed", "The e-mail could not be handed to the mail server (`mail_failed`)."),
];

/// Operations that count attempts (per address, account or e-mail) and answer 429 past a limit.
fn rate_limited(path: &str) -> bool {
    path.starts_with("/api/auth/")
        || path == "/api/contact"
        || path == "/api/braille/translate"
        || path.starts_with("/api/certificates/verify/")
}

/// Operations that send an e-mail while the request waits.
fn sends_mail(path: &str) -> bool {
    matches!(
        path,
        "/api/auth/register"
            | "/api/auth/activation/resend"
            | "/api/auth/password/reset"
            | "/api/admin/users/invite"
            | "/api/admin/users/{id}/resend-activation"
            | "/api/admin/users/{id}/send-reset"
            | "/api/admin/contact-messages/{id}/reply"
    )
}

impl Modify for ErrorResponses {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{path::ParameterIn, ContentBuilder, Ref, RefOr, ResponseBuilder};
        let components = openapi.components.get_or_insert_with(Default::default);
        for (_, name, description) in SHARED_ERRORS {
            let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
            components.responses.insert(
                name.to_string(),
                RefOr::T(ResponseBuilder::new().description(*description).content("application/json", content).build()),
            );
        }
        for (path, item) in openapi.paths.paths.iter_mut() {
            let operations = [
                (false, &mut item.get),
                (true, &mut item.put),
                (true, &mut item.post),
                (true, &mut item.delete),
                (true, &mut item.patch),
            ];
            for (writes, op) in operations {
                let Some(op) = op else { continue };
                let has_path_params = path.contains('{');
                let has_query = op.parameters.iter().flatten().any(|p| matches!(p.parameter_in, ParameterIn::Query));
                let has_body = op.request_body.is_some();
                let secured = op.security.as_ref().is_some_and(|s| !s.is_empty());
                for (status, name, _) in SHARED_ERRORS {
                    let applies = match *status {
                        "400" => has_path_params || has_query || has_body,
                        "401" | "403" => secured,
                        "404" => has_path_params,
                        "409" => writes,
                        "413" => has_body,
                        "429" => rate_limited(path),
                        "500" => true,
                        "502" => sends_mail(path),
                        _ => false,
                    };
                    if applies {
                        op.responses
                            .responses
                            .entry(status.to_string())
                            .or_insert_with(|| RefOr::Ref(Ref::from_response_name(*name)));
                    }
                }
            }
        }
    }
}

/// The methods the document gives for the path a request names (`{param}` segments match any
/// one segment), or `None` when no documented path matches: a method a known path does not
/// take is answered 405 with these in `Allow`.
pub fn allowed_methods(request_path: &str) -> Option<String> {
    type Table = Vec<(Vec<String>, Vec<&'static str>)>;
    static TABLE: std::sync::LazyLock<Table> = std::sync::LazyLock::new(|| {
        ApiDoc::openapi()
            .paths
            .paths
            .iter()
            .map(|(path, item)| {
                let methods = [
                    ("GET", item.get.is_some()),
                    ("PUT", item.put.is_some()),
                    ("POST", item.post.is_some()),
                    ("DELETE", item.delete.is_some()),
                    ("PATCH", item.patch.is_some()),
                ];
                (path.split('/').map(str::to_string).collect(), methods.iter().filter(|m| m.1).map(|m| m.0).collect())
            })
            .collect()
    });
    let segments: Vec<&str> = request_path.split('/').collect();
    // The most specific paths that match: `/api/assessments/similar-cells` is that path, not
    // `/api/assessments/{id}` (the router tries it first, and `{id}` takes digits only there).
    let mut best: Option<(usize, Vec<&str>)> = None;
    for (template, methods) in TABLE.iter() {
        let matches = template.len() == segments.len()
            && template.iter().zip(&segments).all(|(t, s)| if t.starts_with('{') { !s.is_empty() } else { t == s });
        if !matches {
            continue;
        }
        let params = template.iter().filter(|t| t.starts_with('{')).count();
        match &mut best {
            Some((fewest, allowed)) if *fewest == params => {
                allowed.extend(methods.iter().filter(|m| !allowed.contains(m)).collect::<Vec<_>>())
            }
            Some((fewest, _)) if *fewest < params => {}
            _ => best = Some((params, methods.clone())),
        }
    }
    best.map(|(_, mut allowed)| {
        let order = ["GET", "PUT", "POST", "DELETE", "PATCH"];
        allowed.sort_by_key(|m| order.iter().position(|o| o == m));
        allowed.join(", ")
    })
}

static DOC_JSON: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let mut doc = serde_json::to_value(ApiDoc::openapi()).unwrap_or_default();
    plain_text_in_requests(&mut doc);
    serde_json::to_string_pretty(&doc).unwrap_or_else(|_| "{}".into())
});

/// What every string a request sends may hold: no control character but a tab or a line break
/// (the extractors refuse the rest, naming the field or parameter).
pub const PLAIN_TEXT: &str = r"^([^\x00-\x1f\x7f-\x9f]|[\t\n]|\r\n)*$";

/// Gives every string of every parameter and request body that has no pattern, format or
/// choices of its own the [`PLAIN_TEXT`] pattern, following `$ref`s into the components.
fn plain_text_in_requests(doc: &mut serde_json::Value) {
    use serde_json::Value;
    fn refs(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(map) => {
                if let Some(r) = map.get("$ref").and_then(Value::as_str) {
                    out.push(r.rsplit('/').next().unwrap_or(r).to_string());
                }
                map.values().for_each(|v| refs(v, out));
            }
            Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }
    fn mark(v: &mut Value) {
        match v {
            Value::Object(map) => {
                let is_string = match map.get("type") {
                    Some(Value::String(t)) => t == "string",
                    Some(Value::Array(ts)) => ts.iter().any(|t| t == "string"),
                    _ => false,
                };
                let constrained = ["pattern", "format", "enum", "const"].iter().any(|k| map.contains_key(*k));
                if is_string && !constrained {
                    map.insert("pattern".into(), Value::String(PLAIN_TEXT.into()));
                }
                map.values_mut().for_each(mark);
            }
            Value::Array(items) => items.iter_mut().for_each(mark),
            _ => {}
        }
    }
    let mut pending = Vec::new();
    for item in doc["paths"].as_object_mut().into_iter().flat_map(|p| p.values_mut()) {
        for op in item.as_object_mut().into_iter().flat_map(|o| o.values_mut()) {
            for param in op.get_mut("parameters").and_then(Value::as_array_mut).into_iter().flatten() {
                if let Some(schema) = param.get_mut("schema") {
                    refs(schema, &mut pending);
                    mark(schema);
                }
            }
            if let Some(content) = op.pointer_mut("/requestBody/content") {
                if let Some(json) = content.get_mut("application/json") {
                    refs(json, &mut pending);
                    mark(json);
                }
            }
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    while let Some(name) = pending.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        if let Some(schema) = doc["components"]["schemas"].get_mut(&name) {
            refs(schema, &mut pending);
            mark(schema);
        }
    }
}

/// The OpenAPI document `GET /api/openapi.json` answers with, for `lamsa openapi` (the web app
/// generates its API types from it without a server running).
pub fn document() -> &'static str {
    DOC_JSON.as_str()
}

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
