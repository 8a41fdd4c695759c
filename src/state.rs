//! The application's shared state: the database, settings, keys, mailer, event bus, realtime
//! hub, note writer and rate limiter, built once at start and handed to every request.
//! `startup` builds it; routes read it; nothing here knows about binding or the `App`.

use std::sync::Arc;

use anyhow::Context;

use crate::{
    auth::{load_or_create_secret, JwtKeys, MediaSigner},
    bus::Bus,
    certificate_pdf::pdf::FontCache,
    clock::Clock,
    configuration::Settings,
    db::{self, Db},
    email::Mailer,
    metrics::Metrics,
    note_writer::NoteWriter,
    rate_limit::RateLimiter,
    realtime::{self, Realtime},
    store::site::SiteCache,
};

/// Everything a request handler may use, shared by every worker thread.
pub struct AppState {
    pub db: Db,
    pub settings: Settings,
    pub jwt: JwtKeys,
    pub media: MediaSigner,
    pub mailer: Mailer,
    pub bus: Bus,
    pub limiter: RateLimiter,
    pub realtime: Realtime,
    pub notes: NoteWriter,
    /// The certificate PDFs' font, loaded on first use.
    pub cert_font: Arc<FontCache>,
    /// Owns the pool handle the realtime hub reaches weakly (see `Hub::db`).
    pub shared_db: Arc<Db>,
    /// This instance's counters, served at `GET /metrics`.
    pub metrics: Arc<Metrics>,
    /// The society's site settings, kept in memory (`store::site::SiteCache`).
    pub site: Arc<SiteCache>,
    /// The time tokens, waits and links are judged by (a manual one in tests).
    pub clock: Clock,
}

impl AppState {
    pub async fn new(settings: Settings, clock: Clock) -> anyhow::Result<AppState> {
        std::fs::create_dir_all(&settings.data_dir)
            .with_context(|| format!("cannot create the data directory {}", settings.data_dir.display()))?;
        let db = db::connect(&settings.database_url).await?;
        db::migrate(&db, &settings.database_url).await?;
        crate::services::courses::report_uncoded(&db).await?;
        let secret = load_or_create_secret(settings.jwt_secret.as_deref(), &settings.data_dir)?;
        let jwt = JwtKeys::new(&secret, settings.access_ttl.as_secs() as i64, clock.clone());
        let media = MediaSigner::new(&secret, clock.clone());
        let site = Arc::new(SiteCache::new(db.clone(), clock.clone()));
        let mailer = Mailer::new(
            settings.smtp_url.as_deref(),
            settings.outbox_dir(),
            &settings.mail_from,
            &db,
            settings.mail_timing,
            site.clone(),
        )?;
        mailer.start_delivery();
        let bus = match &settings.redis_url {
            Some(url) => Bus::redis(url).await.context("cannot connect to Redis (REDIS_URL)")?,
            None => Bus::in_process(),
        };
        let shared_db = Arc::new(db.clone());
        db::start_checkpoints(&shared_db);
        let metrics = Arc::new(Metrics::default());
        let realtime = Realtime::start(
            bus.clone(),
            realtime::namespace_for(&settings.database_url),
            Arc::downgrade(&shared_db),
            metrics.clone(),
            Arc::default(),
        );
        let notes = NoteWriter::start(db.clone(), realtime.clone(), metrics.clone());
        let cert_font = Arc::new(FontCache::new(settings.cert_font.clone()));
        if let Some(path) = settings.cert_font.as_ref().filter(|p| !p.is_file()) {
            // Not fatal: everything but certificate PDFs works without it.
            tracing::error!(path = %path.display(),
                "the certificate font (LAMSA_CERT_FONT) is missing: certificate PDFs will fail until it is there \
                 (unset LAMSA_CERT_FONT to use the built-in Amiri)");
        }
        Ok(AppState {
            db,
            settings,
            jwt,
            media,
            mailer,
            bus,
            limiter: RateLimiter::new(clock.clone()),
            realtime,
            notes,
            cert_font,
            shared_db,
            metrics,
            site,
            clock,
        })
    }
}
