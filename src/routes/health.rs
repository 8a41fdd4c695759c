use actix_web::{http::StatusCode, web, HttpResponse};
use serde::Serialize;

use crate::state::AppState;

#[derive(Serialize, utoipa::ToSchema)]
pub struct HealthResponse {
    /// `ok` when the database and the bus both answer, `unavailable` otherwise.
    pub status: &'static str,
    pub database: &'static str,
    /// `ok`, `down`, or, with several Redis shards of which some answer, `degraded`.
    pub bus: &'static str,
    /// `in-process` or `redis`.
    pub bus_kind: &'static str,
    /// How many Redis servers carry the bus (1 in process).
    pub bus_shards: usize,
    /// How many of them answered now.
    pub bus_shards_up: usize,
}

/// Whether this instance can serve: the database and the event bus both answer. With a sharded
/// bus, some shards answering is enough: every instance shares the same shards, so one shard
/// down would otherwise take every instance out of the load balancer, while the API and the
/// other shards' live events still work (that shard's users catch up when it returns).
#[utoipa::path(get, path = "/api/health", tag = "health",
    responses((status = 200, body = HealthResponse), (status = 503, body = HealthResponse)))]
pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    let db_ok = tokio::time::timeout(std::time::Duration::from_secs(2), sqlx::query("SELECT 1").execute(&state.db))
        .await
        .is_ok_and(|r| r.is_ok());
    let (shards_up, shards) = state.bus.shards_up().await;
    let bus_ok = shards_up > 0;
    let word = |ok: bool| if ok { "ok" } else { "down" };
    let body = HealthResponse {
        status: if db_ok && bus_ok { "ok" } else { "unavailable" },
        database: word(db_ok),
        bus: if bus_ok && shards_up < shards { "degraded" } else { word(bus_ok) },
        bus_kind: state.bus.kind(),
        bus_shards: shards,
        bus_shards_up: shards_up,
    };
    let status = if db_ok && bus_ok { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    HttpResponse::build(status).json(body)
}
