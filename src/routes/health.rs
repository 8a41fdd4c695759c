use actix_web::{http::StatusCode, web, HttpResponse};
use serde::Serialize;

use crate::state::AppState;

#[derive(Serialize, utoipa::ToSchema)]
pub struct HealthResponse {
    /// `ok` when the database and the bus both answer, `unavailable` otherwise.
    pub status: &'static str,
    pub database: &'static str,
    pub bus: &'static str,
    /// `in-process` or `redis`.
    pub bus_kind: &'static str,
}

/// Whether this instance can serve: the database and the event bus both answer.
#[utoipa::path(get, path = "/api/health", tag = "health",
    responses((status = 200, body = HealthResponse), (status = 503, body = HealthResponse)))]
pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    let db_ok = tokio::time::timeout(std::time::Duration::from_secs(2), sqlx::query("SELECT 1").execute(&state.db))
        .await
        .is_ok_and(|r| r.is_ok());
    let bus_ok = state.bus.healthy().await;
    let word = |ok: bool| if ok { "ok" } else { "down" };
    let body = HealthResponse {
        status: if db_ok && bus_ok { "ok" } else { "unavailable" },
        database: word(db_ok),
        bus: word(bus_ok),
        bus_kind: state.bus.kind(),
    };
    let status = if db_ok && bus_ok { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    HttpResponse::build(status).json(body)
}
