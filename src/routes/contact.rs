//! `POST /api/contact`: the public contact form (issue 15).

use std::time::Duration;

use actix_web::{web, HttpRequest, HttpResponse};

use crate::{
    domain::contact::ContactInput,
    error::ApiError,
    extract::ApiJson,
    i18n::{Lang, Msg},
    routes::dto::MessageResponse,
    services::contact,
    state::AppState,
};

const PER_ADDRESS: u32 = 5;
const PER_EMAIL: u32 = 3;
const WINDOW: Duration = Duration::from_secs(3600);

/// Send a message to the society's supervisors ("message sent"). Every field is checked
/// (`name` 1–100, `email`, `subject` 1–150, `message` 1–5000 characters). At most 5 messages an
/// hour from one address and 3 for one e-mail (429). `website` must stay empty: a message with
/// it filled is answered as sent and dropped. The sender gets an acknowledgement e-mail in the
/// request's language; every supervisor is told live (`contact.received`, `badge.contact`).
#[utoipa::path(post, path = "/api/contact", tag = "contact", request_body = ContactInput,
    responses((status = 201, body = MessageResponse), (status = 400, body = crate::error::ErrorBody),
        (status = 429, body = crate::error::ErrorBody)))]
pub async fn submit(
    state: web::Data<AppState>,
    req: HttpRequest,
    lang: Lang,
    body: ApiJson<ContactInput>,
) -> Result<HttpResponse, ApiError> {
    let sent = || HttpResponse::Created().json(MessageResponse { message: Msg::MessageSent.render(lang) });
    let input = body.0;
    let who = crate::client_addr::client_ip(&req);
    let address_allowed = || state.limiter.allow(&format!("contact:{who}"), PER_ADDRESS, WINDOW);
    if input.is_spam() {
        return if address_allowed() { Ok(sent()) } else { Err(ApiError::too_many_attempts()) };
    }
    // A message with mistakes is refused before it counts: someone correcting a field is not
    // flooding (and nothing is stored or sent until it is right).
    let form = input.parse()?;
    if !address_allowed() {
        return Err(ApiError::too_many_attempts());
    }
    if !state.limiter.allow(&format!("contact-email:{}", form.email.as_str()), PER_EMAIL, WINDOW) {
        return Err(ApiError::too_many_attempts());
    }
    contact::submit(&state.db, &state.realtime, &state.mailer, form, lang).await?;
    Ok(sent())
}
