//! `GET /metrics`: this instance's counters in the Prometheus text format, for the operator's
//! scraper. Open to loopback connections that did not come through a proxy, and to anyone
//! with the bearer token `LAMSA_METRICS_TOKEN`; everyone else gets 403.

use actix_web::{http::header, web, HttpRequest, HttpResponse};

use crate::{error::ApiError, metrics::PoolUse, state::AppState};

pub async fn metrics(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    if !allowed(&req, state.settings.metrics_token.as_deref()) {
        return Err(ApiError::forbidden());
    }
    let pool =
        PoolUse { size: state.db.size(), idle: state.db.num_idle(), max: state.db.options().get_max_connections() };
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(state.metrics.render(pool)))
}

/// A loopback peer, unless a proxy on this host forwarded the request (nginx in front of the
/// instance connects from loopback too, and says whom for); or the configured bearer token.
fn allowed(req: &HttpRequest, token: Option<&str>) -> bool {
    if let Some(token) = token {
        let given = req
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "));
        if given.is_some_and(|g| same(g.as_bytes(), token.as_bytes())) {
            return true;
        }
    }
    let proxied = ["x-forwarded-for", "x-real-ip", "forwarded"].iter().any(|h| req.headers().contains_key(*h));
    let loopback = req.peer_addr().is_some_and(|a| a.ip().is_loopback());
    loopback && !proxied
}

/// Compares in time that does not depend on where the first difference is.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
