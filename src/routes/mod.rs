//! Thin HTTP handlers, one module per area, all under `/api`. A handler parses the request,
//! checks the role (`AuthUser::require`), calls one function of `crate::services` and maps
//! its answer to a response. Route modules never import each other: wire types several areas
//! share are in [`dto`], the shapes live events carry in `crate::events`.

pub mod admin;
pub mod assessments;
pub mod auth;
pub mod braille;
pub mod certificates;
pub mod contact;
pub mod courses;
pub mod docs;
pub mod dto;
pub mod health;
pub mod media;
pub mod metrics;
pub mod news;
pub mod notes;
pub mod notifications;
pub mod practice;
pub mod profile;
pub mod questions;
pub mod site;
pub mod users;
pub mod ws;

use actix_web::{
    http::header::{self, HeaderValue},
    web, HttpRequest, HttpResponse, ResponseError,
};

use crate::error::ApiError;

pub fn configure(cfg: &mut web::ServiceConfig) {
    // One scope per first path segment, the busiest first: a request is compared with a few
    // prefixes and then with its own area's routes, not with every route in turn. Each route
    // with a `{param}` is a regular expression, and trying them all until `/notes` was 7 % of
    // the server's CPU under load (perf).
    cfg.service(
        web::scope("/api")
            .service(
                area("/notes")
                    .route("", web::get().to(notes::list))
                    .route("", web::post().to(notes::create))
                    .route("/{id}/reply", web::post().to(notes::reply)),
            )
            .service(area("/ws").route("", web::get().to(ws::connect)))
            .service(
                area("/notifications")
                    .route("", web::get().to(notifications::list))
                    .route("/unread-count", web::get().to(notifications::unread_count))
                    .route("/read", web::post().to(notifications::mark_read)),
            )
            .service(
                area("/questions")
                    .route("", web::get().to(questions::list))
                    .route("", web::post().to(questions::ask))
                    .route("/{id}/answer", web::post().to(questions::answer)),
            )
            .service(area("/question").route("/instructor/count", web::get().to(questions::instructor_count)))
            .service(area("/health").route("", web::get().to(health::health)))
            .service(
                area("/auth")
                    .route("/register", web::post().to(auth::register))
                    .route("/activate", web::post().to(auth::activate))
                    .route("/activation/resend", web::post().to(auth::resend_activation))
                    .route("/login", web::post().to(auth::login))
                    .route("/token/refresh", web::post().to(auth::refresh))
                    .route("/logout", web::post().to(auth::logout))
                    .route("/password/change", web::post().to(auth::change_password))
                    .route("/password/reset", web::post().to(auth::request_reset))
                    .route("/password/reset/confirm", web::post().to(auth::confirm_reset))
                    .route("/sessions", web::get().to(auth::devices))
                    .route("/sessions/sign-out-others", web::post().to(auth::sign_out_others)),
            )
            .service(
                area("/profile")
                    .route("", web::get().to(profile::get_profile))
                    .route("", web::patch().to(profile::update_profile))
                    .route("/avatar", web::post().to(profile::upload_avatar))
                    .route("/avatar", web::delete().to(profile::remove_avatar)),
            )
            .service(
                area("/braille")
                    .route("/translate", web::post().to(braille::translate))
                    .route("/table", web::get().to(braille::table))
                    .route("/contractions", web::get().to(braille::contractions)),
            )
            .service(
                area("/courses")
                    .route("", web::get().to(courses::catalogue))
                    .route("", web::post().to(courses::create))
                    .route("/{id}", web::get().to(courses::get))
                    .route("/{id}", web::put().to(courses::update))
                    .route("/{id}/accreditation", web::post().to(courses::request_accreditation))
                    .route("/{id}/stop-request", web::post().to(courses::request_stop))
                    .route("/{id}/revision", web::post().to(courses::open_revision))
                    .route("/{id}/revision", web::delete().to(courses::discard_revision))
                    .route("/{id}/enrol", web::post().to(courses::enrol))
                    .route("/{id}/assessments", web::get().to(assessments::of_course)),
            )
            .service(area("/lessons").route("/{id}/complete", web::post().to(courses::complete_lesson)))
            .service(
                area("/instructor")
                    .route("/assessments", web::get().to(assessments::mine))
                    .route("/assessments", web::post().to(assessments::create))
                    .route("/courses", web::get().to(courses::mine))
                    .route("/track-students", web::get().to(courses::track))
                    .route("/confusions", web::get().to(practice::course_confusions)),
            )
            .service(
                area("/assessments")
                    // `{id}` takes digits only: "similar-cells" is no id, and a PUT to it is
                    // a 405 (the path's methods are GET), not a failed parse.
                    .route("/similar-cells", web::get().to(assessments::similar_cells))
                    .route("/{id:\\d+}", web::get().to(assessments::get))
                    .route("/{id:\\d+}", web::put().to(assessments::update))
                    .route("/{id:\\d+}", web::delete().to(assessments::delete))
                    .route("/{id}/attempts", web::post().to(assessments::start)),
            )
            .service(
                area("/attempts")
                    .route("/{id}", web::get().to(assessments::attempt))
                    .route("/{id}/answers/{question_id}", web::put().to(assessments::save_answer))
                    .route("/{id}/submit", web::post().to(assessments::submit))
                    .route("/{id}/result", web::get().to(assessments::result)),
            )
            .service(
                area("/student")
                    .route("/courses", web::get().to(courses::enrolled))
                    .route("/certificates", web::get().to(certificates::mine)),
            )
            .service(
                area("/supervisor")
                    .route("/requests", web::get().to(courses::queue))
                    .route("/queue-counts", web::get().to(courses::queue_counts))
                    .route("/certificate-requests", web::get().to(certificates::queue))
                    .route("/issued-certificates", web::get().to(certificates::issued)),
            )
            .service(
                area("/requests")
                    .route("/{id}/approve", web::post().to(courses::approve))
                    .route("/{id}/reject", web::post().to(courses::reject)),
            )
            .service(
                area("/certificates")
                    .route("/requests", web::post().to(certificates::request))
                    // The public routes before /{code}/…, which would take "verify" for a code.
                    .route("/verify/{code}", web::get().to(certificates::verify))
                    .route("/verify/{code}/qr.svg", web::get().to(certificates::qr_svg))
                    .route("/{code}", web::get().to(certificates::get))
                    .route("/{code}/pdf", web::get().to(certificates::download))
                    .route("/{code}/revoke", web::post().to(certificates::revoke)),
            )
            .service(
                area("/certificate-requests")
                    .route("/{id}/approve", web::post().to(certificates::approve))
                    .route("/{id}/reject", web::post().to(certificates::reject)),
            )
            .service(
                area("/media").route("", web::post().to(media::upload)).route("/{id}", web::get().to(media::serve)),
            )
            .service(
                area("/practice")
                    .route("/session", web::get().to(practice::session))
                    .route("/reviews", web::post().to(practice::review))
                    .route("/drills", web::post().to(practice::drill))
                    .route("/contraction-drills", web::post().to(practice::contraction_drill))
                    .route("/contractions", web::get().to(practice::contraction_mastery))
                    .route("/stats", web::get().to(practice::stats))
                    .route("/confusions", web::get().to(practice::confusions)),
            )
            .service(area("/users").route("/search", web::get().to(users::search)))
            .service(admin::scope().default_service(web::to(fallback)))
            .service(
                area("/news")
                    .route("", web::get().to(news::list))
                    // Before /{slug}, which would take "feed.atom" for a slug.
                    .route("/feed.atom", web::get().to(news::feed))
                    .route("/{slug}", web::get().to(news::get)),
            )
            .service(area("/contact").route("", web::post().to(contact::submit)))
            .route("/site", web::get().to(site::get))
            .route("/openapi.json", web::get().to(docs::openapi_json))
            .route("/docs", web::get().to(docs::docs_page))
            .default_service(web::to(fallback)),
    );
}

/// The routes under one prefix of `/api`. Anything under it that no route takes is a JSON
/// error, like the rest of the API (a scope's default would otherwise be the app's).
fn area(prefix: &str) -> actix_web::Scope {
    web::scope(prefix).default_service(web::to(fallback))
}

/// What no route took: a method the path does not take is 405 with the path's methods in
/// `Allow` (from the OpenAPI document, so the two cannot differ); anything else is 404. Both
/// with the JSON error body.
async fn fallback(req: HttpRequest) -> HttpResponse {
    match docs::allowed_methods(req.path()) {
        // The method is the path's, but no route took the request (`/api/courses/abc`).
        Some(allow) if allow.split(", ").any(|m| m == req.method().as_str()) => ApiError::not_found().error_response(),
        Some(allow) => {
            let mut resp = ApiError::method_not_allowed().error_response();
            if let Ok(value) = HeaderValue::from_str(&allow) {
                resp.headers_mut().insert(header::ALLOW, value);
            }
            resp
        }
        None => ApiError::not_found().error_response(),
    }
}
