//! The society's site settings in the admin site (issue 23).

use actix_web::web;
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    auth::Supervisor,
    domain::site::SiteSettingsInput,
    error::ApiError,
    extract::ApiJson,
    i18n::{Lang, Msg},
    routes::dto::{site_settings, SiteSettingsDto},
    services::site,
    state::AppState,
};

#[derive(Serialize, ToSchema)]
pub struct SiteSettingsReply {
    pub message: String,
    pub settings: SiteSettingsDto,
}

/// The settings as they are.
#[utoipa::path(get, path = "/api/admin/site-settings", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = SiteSettingsDto), (status = 403, body = crate::error::ErrorBody)))]
pub async fn get(state: web::Data<AppState>, _: Supervisor) -> Result<web::Json<SiteSettingsDto>, ApiError> {
    // Straight from the database: the form must show what is stored, not an instance's copy.
    let s = crate::store::site::get(&state.db).await?;
    Ok(web::Json(site_settings(&state.media, &s)))
}

/// Replace every setting (an empty or missing text unsets it). A bad field is a 400 naming it,
/// and nothing changes; the change is audited (`site.update`).
#[utoipa::path(put, path = "/api/admin/site-settings", tag = "admin", request_body = SiteSettingsInput,
    security(("bearer" = [])),
    responses((status = 200, body = SiteSettingsReply), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn put(
    state: web::Data<AppState>,
    Supervisor(user): Supervisor,
    lang: Lang,
    body: ApiJson<SiteSettingsInput>,
) -> Result<web::Json<SiteSettingsReply>, ApiError> {
    let s = site::update(&state.db, &state.site, user, body.0).await?;
    Ok(web::Json(SiteSettingsReply {
        message: Msg::SiteSettingsSaved.render(lang),
        settings: site_settings(&state.media, &s),
    }))
}
