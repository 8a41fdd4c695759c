//! `GET /api/site`: the society's site settings for visitors (issue 23). Prerendered pages
//! carry the same in their `lamsa-data` (src/web_app.rs); the app asks here elsewhere.

use actix_web::web;

use crate::{
    error::ApiError,
    routes::dto::{site_settings, SiteSettingsDto},
    services::site,
    state::AppState,
};

/// The society's name, contact details, social links, logos and credit line (`null` where unset).
#[utoipa::path(get, path = "/api/site", tag = "site", responses((status = 200, body = SiteSettingsDto)))]
pub async fn get(state: web::Data<AppState>) -> Result<web::Json<SiteSettingsDto>, ApiError> {
    let s = site::get(&state.site).await?;
    Ok(web::Json(site_settings(&state.media, &s)))
}
