//! Settings read from the environment, each with a default so `make run` needs none.
//! Every variable is listed in the README.

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use anyhow::Context;

use crate::domain::assessment_grading::GradeBands;

#[derive(Clone, Debug)]
pub struct Settings {
    pub addr: SocketAddr,
    pub database_url: String,
    pub redis_url: Option<String>,
    /// `None`: a random secret is generated once and kept in the data directory.
    pub jwt_secret: Option<String>,
    /// `None`: e-mails are written as .eml files to `<data dir>/outbox/`.
    pub smtp_url: Option<String>,
    pub mail_from: String,
    pub public_url: String,
    pub data_dir: PathBuf,
    pub web_dir: PathBuf,
    pub access_ttl: Duration,
    pub refresh_ttl: Duration,
    /// Lowest percentages of the grade bands excellent, very good, good and average.
    pub grade_bands: GradeBands,
    /// A TrueType font with Arabic and Latin letters for certificate PDFs; `None`: the
    /// built-in Amiri (`assets/fonts/`).
    pub cert_font: Option<PathBuf>,
    /// How long an idle HTTP connection is kept open for the next request.
    pub keep_alive: Duration,
    /// SMTP timeouts and the back-off of failed e-mails.
    pub mail_timing: crate::email::MailTiming,
    /// `LAMSA_METRICS_TOKEN`: a bearer token that opens `GET /metrics` to other hosts (it is
    /// always open to loopback connections that did not come through a proxy).
    pub metrics_token: Option<String>,
    /// Load balancers whose `X-Forwarded-For` names the client (`LAMSA_TRUSTED_PROXIES`).
    pub trusted_proxies: Vec<crate::client_addr::Network>,
}

/// Longer than the 60 s a proxy commonly keeps its idle upstream connections, so the server is
/// not the side that closes them (a proxy then reuses one the server is closing). actix-web's own
/// default, 5 s, also made a busy client open new connections in bursts: see loadtest/README.md.
pub const DEFAULT_KEEP_ALIVE_SECS: u64 = 75;

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

impl Settings {
    pub fn from_env() -> anyhow::Result<Settings> {
        let addr: SocketAddr = var("LAMSA_ADDR")
            .unwrap_or_else(|| "127.0.0.1:8080".into())
            .parse()
            .context("LAMSA_ADDR must look like 127.0.0.1:8080")?;
        let data_dir = PathBuf::from(var("LAMSA_DATA_DIR").unwrap_or_else(|| "data".into()));
        let database_url = var("DATABASE_URL").unwrap_or_else(|| format!("sqlite://{}/lamsa.db", data_dir.display()));
        let public_url =
            var("LAMSA_PUBLIC_URL").unwrap_or_else(|| format!("http://{addr}")).trim_end_matches('/').to_string();
        let secs = |name: &str, default: u64| -> anyhow::Result<Duration> {
            match var(name) {
                None => Ok(Duration::from_secs(default)),
                Some(v) => {
                    Ok(Duration::from_secs(v.parse().with_context(|| format!("{name} must be a number of seconds"))?))
                }
            }
        };
        Ok(Settings {
            addr,
            database_url,
            redis_url: var("REDIS_URL"),
            jwt_secret: var("LAMSA_JWT_SECRET"),
            smtp_url: var("SMTP_URL"),
            mail_from: var("LAMSA_MAIL_FROM").unwrap_or_else(|| "Lamsa <no-reply@lamsa.local>".into()),
            public_url,
            web_dir: PathBuf::from(var("LAMSA_WEB_DIR").unwrap_or_else(|| "web/dist".into())),
            data_dir,
            access_ttl: secs("LAMSA_ACCESS_TTL_SECS", 15 * 60)?,
            refresh_ttl: secs("LAMSA_REFRESH_TTL_SECS", 30 * 24 * 3600)?,
            grade_bands: match var("LAMSA_GRADE_BANDS") {
                None => GradeBands::default(),
                Some(v) => GradeBands::parse(&v)
                    .map_err(|e| anyhow::anyhow!("LAMSA_GRADE_BANDS (e.g. \"85,75,65,50\"): {e}"))?,
            },
            cert_font: var("LAMSA_CERT_FONT").map(PathBuf::from),
            keep_alive: secs("LAMSA_KEEP_ALIVE_SECS", DEFAULT_KEEP_ALIVE_SECS)?,
            mail_timing: crate::email::MailTiming {
                timeout: secs("LAMSA_SMTP_TIMEOUT_SECS", 30)?,
                ..Default::default()
            },
            metrics_token: var("LAMSA_METRICS_TOKEN"),
            trusted_proxies: crate::client_addr::parse_list(&var("LAMSA_TRUSTED_PROXIES").unwrap_or_default())
                .map_err(|e| anyhow::anyhow!("LAMSA_TRUSTED_PROXIES (e.g. \"10.0.0.0/8,127.0.0.1\"): {e}"))?,
        })
    }

    pub fn outbox_dir(&self) -> PathBuf {
        self.data_dir.join("outbox")
    }

    pub fn uploads_dir(&self) -> PathBuf {
        self.data_dir.join("uploads")
    }
}
