//! Thin HTTP handlers, one module per area, all under `/api`.

pub mod assessments;
pub mod auth;
pub mod braille;
pub mod certificates;
pub mod courses;
pub mod docs;
pub mod health;
pub mod media;
pub mod notes;
pub mod notifications;
pub mod profile;
pub mod questions;
pub mod users;

use actix_web::web;
use serde::Serialize;

use crate::error::ApiError;

/// A plain acknowledgement, in the request's language.
#[derive(Serialize, utoipa::ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api")
            .route("/health", web::get().to(health::health))
            .route("/auth/register", web::post().to(auth::register))
            .route("/auth/activate", web::post().to(auth::activate))
            .route("/auth/activation/resend", web::post().to(auth::resend_activation))
            .route("/auth/login", web::post().to(auth::login))
            .route("/auth/token/refresh", web::post().to(auth::refresh))
            .route("/auth/logout", web::post().to(auth::logout))
            .route("/auth/password/change", web::post().to(auth::change_password))
            .route("/auth/password/reset", web::post().to(auth::request_reset))
            .route("/auth/password/reset/confirm", web::post().to(auth::confirm_reset))
            .route("/profile", web::get().to(profile::get_profile))
            .route("/profile", web::patch().to(profile::update_profile))
            .route("/profile/avatar", web::post().to(profile::upload_avatar))
            .route("/profile/avatar", web::delete().to(profile::remove_avatar))
            .route("/braille/translate", web::post().to(braille::translate))
            .route("/braille/table", web::get().to(braille::table))
            .route("/courses", web::get().to(courses::catalogue))
            .route("/courses", web::post().to(courses::create))
            .route("/courses/{id}", web::get().to(courses::get))
            .route("/courses/{id}", web::put().to(courses::update))
            .route("/courses/{id}/accreditation", web::post().to(courses::request_accreditation))
            .route("/courses/{id}/stop-request", web::post().to(courses::request_stop))
            .route("/courses/{id}/enrol", web::post().to(courses::enrol))
            .route("/lessons/{id}/complete", web::post().to(courses::complete_lesson))
            .route("/courses/{id}/assessments", web::get().to(assessments::of_course))
            .route("/instructor/assessments", web::get().to(assessments::mine))
            .route("/instructor/assessments", web::post().to(assessments::create))
            // Before /assessments/{id}, which would take "similar-cells" for an id.
            .route("/assessments/similar-cells", web::get().to(assessments::similar_cells))
            .route("/assessments/{id}", web::get().to(assessments::get))
            .route("/assessments/{id}", web::put().to(assessments::update))
            .route("/assessments/{id}", web::delete().to(assessments::delete))
            .route("/assessments/{id}/attempts", web::post().to(assessments::start))
            .route("/attempts/{id}", web::get().to(assessments::attempt))
            .route("/attempts/{id}/answers/{question_id}", web::put().to(assessments::save_answer))
            .route("/attempts/{id}/submit", web::post().to(assessments::submit))
            .route("/attempts/{id}/result", web::get().to(assessments::result))
            .route("/instructor/courses", web::get().to(courses::mine))
            .route("/instructor/track-students", web::get().to(courses::track))
            .route("/student/courses", web::get().to(courses::enrolled))
            .route("/supervisor/requests", web::get().to(courses::queue))
            .route("/supervisor/queue-counts", web::get().to(courses::queue_counts))
            .route("/requests/{id}/approve", web::post().to(courses::approve))
            .route("/requests/{id}/reject", web::post().to(courses::reject))
            .route("/student/certificates", web::get().to(certificates::mine))
            .route("/certificates/requests", web::post().to(certificates::request))
            .route("/supervisor/certificate-requests", web::get().to(certificates::queue))
            .route("/certificate-requests/{id}/approve", web::post().to(certificates::approve))
            .route("/certificate-requests/{id}/reject", web::post().to(certificates::reject))
            .route("/supervisor/issued-certificates", web::get().to(certificates::issued))
            // The public routes before /certificates/{code}/…, which would take "verify" for a code.
            .route("/certificates/verify/{code}", web::get().to(certificates::verify))
            .route("/certificates/verify/{code}/qr.svg", web::get().to(certificates::qr_svg))
            .route("/certificates/{code}", web::get().to(certificates::get))
            .route("/certificates/{code}/pdf", web::get().to(certificates::download))
            .route("/certificates/{code}/revoke", web::post().to(certificates::revoke))
            .route("/questions", web::get().to(questions::list))
            .route("/questions", web::post().to(questions::ask))
            .route("/questions/{id}/answer", web::post().to(questions::answer))
            .route("/question/instructor/count", web::get().to(questions::instructor_count))
            .route("/media", web::post().to(media::upload))
            .route("/media/{id}", web::get().to(media::serve))
            .route("/ws", web::get().to(crate::realtime::session::connect))
            .route("/notifications", web::get().to(notifications::list))
            .route("/notifications/unread-count", web::get().to(notifications::unread_count))
            .route("/notifications/read", web::post().to(notifications::mark_read))
            .route("/notes", web::get().to(notes::list))
            .route("/notes", web::post().to(notes::create))
            .route("/notes/{id}/reply", web::post().to(notes::reply))
            .route("/users/search", web::get().to(users::search))
            .route("/openapi.json", web::get().to(docs::openapi_json))
            .route("/docs", web::get().to(docs::docs_page))
            .default_service(web::to(|| async { Err::<web::Json<()>, _>(ApiError::not_found()) })),
    );
}
