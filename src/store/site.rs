//! The society's site settings (issue 23): one row, and each instance's copy of it in memory.

use std::{
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, RwLock,
    },
    time::{Duration, Instant},
};

use sqlx::{Any, Executor};

use crate::{
    db::{now_ms, Db},
    domain::site::{Logo, SiteSettings},
};

#[derive(sqlx::FromRow)]
struct SiteRow {
    society_name_ar: Option<String>,
    society_name_en: Option<String>,
    contact_email: Option<String>,
    contact_phone: Option<String>,
    address_ar: Option<String>,
    address_en: Option<String>,
    social_x: Option<String>,
    social_facebook: Option<String>,
    social_youtube: Option<String>,
    social_instagram: Option<String>,
    logos: String,
    credit_ar: Option<String>,
    credit_en: Option<String>,
}

pub async fn get<'e, E: Executor<'e, Database = Any>>(ex: E) -> Result<SiteSettings, sqlx::Error> {
    let row: Option<SiteRow> = sqlx::query_as(
        "SELECT society_name_ar, society_name_en, contact_email, contact_phone, address_ar, address_en, social_x, \
         social_facebook, social_youtube, social_instagram, logos, credit_ar, credit_en FROM site_settings WHERE id = 1",
    )
    .fetch_optional(ex)
    .await?;
    let Some(r) = row else { return Ok(SiteSettings::default()) };
    Ok(SiteSettings {
        society_name_ar: r.society_name_ar,
        society_name_en: r.society_name_en,
        contact_email: r.contact_email,
        contact_phone: r.contact_phone,
        address_ar: r.address_ar,
        address_en: r.address_en,
        social_x: r.social_x,
        social_facebook: r.social_facebook,
        social_youtube: r.social_youtube,
        social_instagram: r.social_instagram,
        logos: serde_json::from_str::<Vec<Logo>>(&r.logos).unwrap_or_default(),
        credit_ar: r.credit_ar,
        credit_en: r.credit_en,
    })
}

pub async fn put<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    s: &SiteSettings,
    by: Option<i64>,
) -> Result<(), sqlx::Error> {
    let logos = serde_json::to_string(&s.logos).unwrap_or_else(|_| "[]".to_string());
    sqlx::query(
        "UPDATE site_settings SET society_name_ar = $1, society_name_en = $2, contact_email = $3, contact_phone = $4, \
         address_ar = $5, address_en = $6, social_x = $7, social_facebook = $8, social_youtube = $9, \
         social_instagram = $10, logos = $11, credit_ar = $12, credit_en = $13, updated_at = $14, updated_by = $15 \
         WHERE id = 1",
    )
    .bind(&s.society_name_ar)
    .bind(&s.society_name_en)
    .bind(&s.contact_email)
    .bind(&s.contact_phone)
    .bind(&s.address_ar)
    .bind(&s.address_en)
    .bind(&s.social_x)
    .bind(&s.social_facebook)
    .bind(&s.social_youtube)
    .bind(&s.social_instagram)
    .bind(logos)
    .bind(&s.credit_ar)
    .bind(&s.credit_en)
    .bind(now_ms())
    .bind(by)
    .execute(ex)
    .await?;
    Ok(())
}

/// How long an instance trusts its copy of the settings.
///
/// Every prerendered page, e-mail and certificate reads the settings, so each instance keeps
/// them in memory. The instance that saves a change forgets its copy at once
/// ([`SiteCache::invalidate`]); the others (several instances behind PostgreSQL + Redis) read
/// the row again when their copy is older than this. A short time-to-live rather than a bus
/// message: the settings change a few times a year, a visitor seeing the old footer for ten
/// more seconds harms no one, and a TTL needs no subscriber, so it also holds while Redis is
/// down or reconnecting (a missed bus message would leave an instance stale until restart).
/// The cost is one small query per instance every ten seconds while pages are being served.
pub const TTL: Duration = Duration::from_secs(10);

/// This instance's copy of the settings (see [`TTL`]).
pub struct SiteCache {
    db: Db,
    clock: crate::clock::Clock,
    copy: RwLock<Option<(Instant, Arc<SiteSettings>)>>,
    /// Advanced by every invalidation: a read that began before one does not store what it read.
    generation: AtomicU64,
}

impl SiteCache {
    pub fn new(db: Db, clock: crate::clock::Clock) -> SiteCache {
        SiteCache { db, clock, copy: RwLock::new(None), generation: AtomicU64::new(0) }
    }

    /// The settings: the copy while it is fresh, else read again from the database.
    pub async fn get(&self) -> Result<Arc<SiteSettings>, sqlx::Error> {
        if let Some((at, s)) = self.copy.read().unwrap_or_else(|e| e.into_inner()).as_ref() {
            if self.clock.instant().saturating_duration_since(*at) < TTL {
                return Ok(s.clone());
            }
        }
        let generation = self.generation.load(Ordering::Acquire);
        let fresh = Arc::new(get(&self.db).await?);
        let mut copy = self.copy.write().unwrap_or_else(|e| e.into_inner());
        if self.generation.load(Ordering::Acquire) == generation {
            *copy = Some((self.clock.instant(), fresh.clone()));
        }
        Ok(fresh)
    }

    /// The settings, or the defaults (everything unset) when the database cannot be read: for
    /// pages and e-mails, which are better sent with the default name than not at all.
    pub async fn get_or_default(&self) -> Arc<SiteSettings> {
        match self.get().await {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!(error = %e, "site settings unreadable; using the defaults");
                Arc::default()
            }
        }
    }

    /// Forgets the copy (after a change, once it has committed).
    pub fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        *self.copy.write().unwrap_or_else(|e| e.into_inner()) = None;
    }
}
