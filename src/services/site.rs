//! The society's site settings (issue 23): supervisors change them in the admin site (audited);
//! the public pages, e-mails and certificates read them through each instance's copy
//! (`store::site::SiteCache`).

use std::sync::Arc;

use super::{audit, ServiceError};
use crate::{
    auth::AuthUser,
    db::{self, Db},
    domain::{
        media::MediaKind,
        site::{Logo, SiteSettings, SiteSettingsInput},
        InvalidInput,
    },
    store::{self, site::SiteCache},
};

pub async fn get(cache: &SiteCache) -> Result<Arc<SiteSettings>, ServiceError> {
    Ok(cache.get().await?)
}

/// Replaces the settings with `input`, after checking every field and that each logo is an
/// uploaded image; nothing changes when anything is wrong. One audit row with the values
/// before and after.
pub async fn update(
    db: &Db,
    cache: &SiteCache,
    supervisor: AuthUser,
    input: SiteSettingsInput,
) -> Result<SiteSettings, ServiceError> {
    let settings = input.parse()?;
    for (i, logo) in settings.logos.iter().enumerate() {
        let row = store::media::by_id(db, logo.media_id).await?;
        if !row.is_some_and(|m| MediaKind::parse(&m.kind) == Some(MediaKind::Image)) {
            return Err(InvalidInput::invalid(&format!("logos[{i}].media_id")).into());
        }
    }
    let (mut tx, _turn) = db::begin_write(db).await?;
    let before = store::site::get(&mut *tx).await?;
    store::site::put(&mut *tx, &settings, Some(supervisor.id)).await?;
    let json = |s: &SiteSettings| serde_json::to_value(s).ok();
    audit::record(&mut tx, supervisor, "site.update", "site_settings", 1, json(&before), json(&settings)).await?;
    tx.commit().await?;
    cache.invalidate();
    Ok(settings)
}

/// The demo data's settings: obviously examples, so nobody takes them for a real society's.
/// Written only while every setting is unset (a society's own are never overwritten); `logo`
/// is an uploaded image for the one demo logo, if there is one. Returns whether it wrote.
pub async fn seed_demo(db: &Db, logo: Option<i64>) -> Result<bool, ServiceError> {
    let (mut tx, _turn) = db::begin_write(db).await?;
    if store::site::get(&mut *tx).await? != SiteSettings::default() {
        return Ok(false);
    }
    let some = |s: &str| Some(s.to_string());
    let example = SiteSettings {
        society_name_ar: some("جمعية المثال للمكفوفين (بيانات تجريبية)"),
        society_name_en: some("Example Society for the Blind (demo data)"),
        contact_email: some("contact@example.org"),
        contact_phone: some("+000 00 000 0000"),
        address_ar: some("١ شارع المثال، مدينة المثال (عنوان تجريبي)"),
        address_en: some("1 Example Street, Example City (demo address)"),
        social_x: some("https://x.com/example"),
        social_facebook: some("https://www.facebook.com/example"),
        social_youtube: some("https://www.youtube.com/@example"),
        social_instagram: some("https://www.instagram.com/example"),
        logos: logo
            .map(|media_id| Logo {
                media_id,
                alt_ar: "شعار جمعية المثال (تجريبي)".to_string(),
                alt_en: "Example Society logo (demo)".to_string(),
            })
            .into_iter()
            .collect(),
        credit_ar: some("تطوير: فريق المثال (بيانات تجريبية)"),
        credit_en: some("Developed by the Example team (demo data)"),
    };
    store::site::put(&mut *tx, &example, None).await?;
    tx.commit().await?;
    Ok(true)
}
