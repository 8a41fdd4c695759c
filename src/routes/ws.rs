//! `GET /api/ws`: the WebSocket of a user's live events. This handler only upgrades and checks
//! the token; the session actor (`realtime::session`) does the rest.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::{
    auth::{AuthUser, Refusal},
    error::ApiError,
    i18n::Msg,
    realtime::{session, socket},
    state::AppState,
};

#[derive(Deserialize)]
pub struct WsQuery {
    token: Option<String>,
}

/// `GET /api/ws?token=<access token>`: the user's live events. A bad or expired token gets
/// the socket closed with code 4401 (browsers cannot read an HTTP status of a failed upgrade).
#[utoipa::path(get, path = "/api/ws", tag = "notifications",
    params(("token" = String, Query, description = "access token (JWT)")),
    description = "WebSocket upgrade. Server → client: `{\"type\":\"event\",\"id\":<notification id>,\"kind\":\"…\",\"payload\":{…},\"created_at\":\"RFC 3339\"}`, \
`{\"type\":\"resumed\",\"last_id\":<id>}` after a resume, `{\"type\":\"pong\"}`, `{\"type\":\"error\",\"code\":\"bad_message\",…}`. \
Client → server: `{\"type\":\"resume\",\"after\":<last id seen>}` (replays every missed event in order, then live ones), `{\"type\":\"ping\"}`. \
Close codes: 4401 bad or expired token (refresh and reconnect), 4403 account deactivated and 4410 session ended by a password change or reset, a type change or a sign-out everywhere else (sign out), 4008 too slow (reconnect and resume), 1009 frame over 4 KiB. \
The server pings every 25 s and drops a peer silent for 70 s.",
    responses((status = 101, description = "Switching Protocols"),
        (status = 400, description = "not a WebSocket handshake (`websocket_expected`)", body = crate::error::ErrorBody)))]
pub async fn connect(
    req: HttpRequest,
    body: web::Payload,
    state: web::Data<AppState>,
    query: web::Query<WsQuery>,
) -> actix_web::Result<HttpResponse> {
    // A request that is no WebSocket handshake gets the API's JSON error, not actix's text.
    let (response, ws, stream) =
        actix_ws::handle(&req, body).map_err(|_| ApiError::bad_request("websocket_expected", Msg::WebSocketOnly))?;
    let metrics = state.realtime.metrics.clone();
    let (response, held) = socket::hold(response, req.conn_data::<socket::ConnFd>().copied(), metrics.clone());
    // Judged like a request (the account as it is now); the session reads the account once more,
    // fresh, before it sends anything.
    let user = match query.token.as_deref() {
        Some(token) => match AuthUser::from_token(&state, token).await {
            Ok(judged) => judged.map_err(Some),
            Err(e) => {
                tracing::error!(error = %e, "socket's account not read");
                Err(None)
            }
        },
        None => Err(Some(Refusal::Gone)),
    };
    match user {
        Ok(user) => session::start(user, state.realtime.hub.clone(), state.db.clone(), ws, stream, held, metrics),
        Err(Some(why)) => session::refuse(ws, held, why),
        // The account could not be read: the client reconnects later.
        Err(None) => session::refuse_for_now(ws, held),
    }
    Ok(response)
}
