//! Outgoing e-mail: through SMTP when `SMTP_URL` is set, otherwise written as .eml files to
//! `<data dir>/outbox/` with the link logged, so a local installation needs no mail server.
//!
//! With SMTP, a request never waits on the mail server: it stores the finished message in the
//! database (`mail_outbox`) and returns; [`Mailer::start_delivery`] runs a task per instance
//! that sends what is due, each attempt bounded by `LAMSA_SMTP_TIMEOUT_SECS`, and tries a
//! failed one again with growing back-off, so a slow or unreachable server delays mail and
//! loses none. Every message carries a `Message-ID` on the sender's domain and a `Date`.

use std::{path::PathBuf, sync::Arc, time::Duration};

use anyhow::Context;
use lettre::{
    address::Envelope,
    message::{
        header::{ContentTransferEncoding, ContentType},
        Body, Mailbox, SinglePart,
    },
    Address, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
};
use tokio::sync::Notify;

use crate::{
    db::{now_ms, Db},
    i18n::Lang,
    store::{mail_outbox, site::SiteCache},
};

#[derive(Clone)]
pub enum Mailer {
    Outbox {
        dir: PathBuf,
        from: Mailbox,
        site: Arc<SiteCache>,
    },
    Smtp {
        transport: AsyncSmtpTransport<Tokio1Executor>,
        from: Mailbox,
        db: Db,
        wake: Arc<Notify>,
        timing: MailTiming,
        site: Arc<SiteCache>,
    },
}

/// How long one SMTP exchange may take, and how long to wait before trying a failed one again.
#[derive(Clone, Copy, Debug)]
pub struct MailTiming {
    /// Connecting, and then the whole conversation of one message (greeting, EHLO, TLS, AUTH,
    /// MAIL, RCPT, DATA, the end of data): a server that accepts and never answers cannot
    /// hold the sender longer.
    pub timeout: Duration,
    /// The wait after the first failure; it doubles after each further one, up to `max_retry`.
    pub first_retry: Duration,
    pub max_retry: Duration,
}

impl Default for MailTiming {
    fn default() -> MailTiming {
        MailTiming {
            timeout: Duration::from_secs(30),
            first_retry: Duration::from_secs(5),
            max_retry: Duration::from_secs(15 * 60),
        }
    }
}

/// A message that failed this many times (about two days at the default back-off) is given up.
const MAX_ATTEMPTS: i64 = 200;
/// Sent messages stay in the table this long, for the operator to look at.
const KEEP_SENT_MS: i64 = 7 * 24 * 3600 * 1000;

/// A message with a link, written in both languages; the reader's language comes first.
pub struct LinkMail<'a> {
    pub subject_ar: &'a str,
    pub subject_en: &'a str,
    pub intro_ar: &'a str,
    pub intro_en: &'a str,
    pub link: String,
    pub lang: Lang,
}

impl Mailer {
    pub fn new(
        smtp_url: Option<&str>,
        outbox: PathBuf,
        from: &str,
        db: &Db,
        timing: MailTiming,
        site: Arc<SiteCache>,
    ) -> anyhow::Result<Mailer> {
        let from: Mailbox = from.parse().context("LAMSA_MAIL_FROM is not a valid mailbox")?;
        Ok(match smtp_url {
            Some(url) => Mailer::Smtp {
                transport: AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .context("SMTP_URL is not valid")?
                    .timeout(Some(timing.timeout))
                    .build(),
                from,
                db: db.clone(),
                wake: Arc::new(Notify::new()),
                timing,
                site,
            },
            None => Mailer::Outbox { dir: outbox, from, site },
        })
    }

    /// The society's name in Arabic and English, as its e-mails are signed (site settings;
    /// "لمسة" and "Lamsa" while unset).
    pub async fn society(&self) -> (String, String) {
        let site = match self {
            Mailer::Outbox { site, .. } | Mailer::Smtp { site, .. } => site,
        };
        let settings = site.get_or_default().await;
        let (ar, en) = settings.society_names();
        (ar.to_string(), en.to_string())
    }

    fn from(&self) -> Mailbox {
        match self {
            Mailer::Outbox { from, .. } | Mailer::Smtp { from, .. } => from.clone(),
        }
    }

    /// A new `Message-ID` on the sender's own domain, as large mail providers expect.
    fn message_id(&self) -> String {
        format!("<{}@{}>", uuid::Uuid::new_v4().simple(), self.from().email.domain())
    }

    /// Sends a finished message: stores it for the delivery task (SMTP), or writes it to the
    /// outbox folder (no SMTP). Returns once it is stored, never waiting on a mail server.
    async fn dispatch(&self, message: Message, link: Option<&str>) -> anyhow::Result<()> {
        match self {
            Mailer::Smtp { db, wake, .. } => {
                let envelope = message.envelope();
                let sender = envelope.from().map(|a| a.to_string()).unwrap_or_default();
                let recipient = envelope.to().first().map(|a| a.to_string()).context("no recipient")?;
                let text = String::from_utf8(message.formatted()).context("the message is not UTF-8")?;
                let id =
                    mail_outbox::insert(db, &sender, &recipient, &text).await.context("cannot queue the e-mail")?;
                tracing::debug!(id, "e-mail queued");
                wake.notify_one();
            }
            Mailer::Outbox { dir, .. } => {
                tokio::fs::create_dir_all(dir).await.with_context(|| format!("cannot create {}", dir.display()))?;
                let name = format!("{}-{}.eml", crate::db::now_ms(), uuid::Uuid::new_v4().simple());
                tokio::fs::write(dir.join(&name), message.formatted()).await.context("cannot write to the outbox")?;
                // Development mode only: with no SMTP server, the log is how a person finds the link.
                match link {
                    Some(link) => tracing::info!(file = %name, link = %link, "e-mail written to the outbox"),
                    None => tracing::info!(file = %name, "e-mail written to the outbox"),
                }
            }
        }
        Ok(())
    }

    /// Starts this instance's delivery task (SMTP only): it sends every message that is due,
    /// oldest first, and sleeps until the next one is due or a request queues one.
    pub fn start_delivery(&self) {
        let Mailer::Smtp { transport, db, wake, timing, .. } = self else { return };
        let (transport, db, wake, timing) = (transport.clone(), db.clone(), wake.clone(), *timing);
        tokio::spawn(async move {
            let mut last_purge = 0;
            loop {
                if let Err(e) = deliver_due(&transport, &db, timing).await {
                    tracing::warn!(error = %e, "mail delivery: cannot read the outbox; trying again shortly");
                }
                let now = now_ms();
                if now - last_purge > 3600 * 1000 {
                    last_purge = now;
                    let _ = mail_outbox::purge_sent(&db, now - KEEP_SENT_MS).await;
                }
                // Other instances' messages and retries are found by the next look; a request
                // on this one wakes it at once.
                let wait = match mail_outbox::next_due(&db).await {
                    Ok(Some(at)) => (at - now_ms()).clamp(0, 5000),
                    _ => 5000,
                };
                tokio::select! {
                    _ = wake.notified() => {}
                    _ = tokio::time::sleep(Duration::from_millis(wait as u64)) => {}
                }
            }
        });
    }

    pub async fn send_link(&self, to: &str, name: &str, mail: LinkMail<'_>) -> anyhow::Result<()> {
        let (first_subject, second_subject) = match mail.lang {
            Lang::Ar => (mail.subject_ar, mail.subject_en),
            Lang::En => (mail.subject_en, mail.subject_ar),
        };
        let arabic = format!("مرحبًا {name}،\n\n{}\n\n{}\n", mail.intro_ar, mail.link);
        let english = format!("Hello {name},\n\n{}\n\n{}\n", mail.intro_en, mail.link);
        let (first, second) = match mail.lang {
            Lang::Ar => (arabic, english),
            Lang::En => (english, arabic),
        };
        let (society_ar, society_en) = self.society().await;
        let text = format!("{first}\n— — —\n\n{second}\n— {society_ar} · {society_en}\n");
        let from = self.from();
        // Short lines let lettre send the UTF-8 text as 8bit, so the raw message (and an
        // outbox file) shows the link as it is; long lines would make it quoted-printable.
        let body =
            Body::new_with_encoding(wrap(&text, 72), ContentTransferEncoding::EightBit).unwrap_or_else(Body::new);
        let message = Message::builder()
            .from(from)
            .to(Mailbox::new(Some(name.to_string()), to.parse().context("bad recipient address")?))
            .subject(format!("{first_subject} · {second_subject}"))
            .message_id(Some(self.message_id()))
            .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(body))
            .context("cannot build the e-mail")?;
        self.dispatch(message, Some(&mail.link)).await
    }
}

impl Mailer {
    /// A plain-text message the caller wrote (the contact form's acknowledgement, a supervisor's
    /// reply to it). Beside [`Mailer::send_link`] rather than inside it, so link mails stay as
    /// they are.
    pub async fn send_text(&self, to: &str, name: &str, subject: &str, text: &str) -> anyhow::Result<()> {
        let body = Body::new_with_encoding(wrap(text, 72), ContentTransferEncoding::EightBit).unwrap_or_else(Body::new);
        let message = Message::builder()
            .from(self.from())
            .to(Mailbox::new(Some(name.to_string()), to.parse().context("bad recipient address")?))
            .subject(subject)
            .message_id(Some(self.message_id()))
            .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(body))
            .context("cannot build the e-mail")?;
        self.dispatch(message, None).await
    }
}

/// Sends every message due now, one after another.
async fn deliver_due(
    transport: &AsyncSmtpTransport<Tokio1Executor>,
    db: &Db,
    timing: MailTiming,
) -> Result<(), sqlx::Error> {
    loop {
        let rows = mail_outbox::due(db, now_ms(), 16).await?;
        if rows.is_empty() {
            return Ok(());
        }
        for row in rows {
            // Held for twice the timeout: another instance takes it only if this one died.
            let lease = now_ms() + 2 * timing.timeout.as_millis() as i64 + 1000;
            if !mail_outbox::claim(db, &row, lease).await? {
                continue;
            }
            let attempts = row.attempts + 1;
            match send_one(transport, &row, timing.timeout).await {
                Ok(()) => {
                    tracing::info!(id = row.id, attempts, "e-mail sent");
                    mail_outbox::mark_sent(db, row.id, attempts).await?;
                }
                Err((error, permanent)) => {
                    let next = (!permanent && attempts < MAX_ATTEMPTS).then(|| now_ms() + backoff(timing, attempts));
                    match next {
                        Some(at) => tracing::warn!(id = row.id, attempts, error = %error,
                            retry_in_ms = at - now_ms(), "e-mail not sent; it will be tried again"),
                        None => tracing::error!(id = row.id, attempts, error = %error, "e-mail given up"),
                    }
                    mail_outbox::mark_failed(db, row.id, attempts, next, &error).await?;
                }
            }
        }
    }
}

/// The wait before attempt `attempts + 1`: the first retry, doubled per failure, capped.
fn backoff(timing: MailTiming, attempts: i64) -> i64 {
    let first = timing.first_retry.as_millis() as i64;
    let doubled = first.saturating_mul(1i64 << (attempts - 1).clamp(0, 30));
    doubled.min(timing.max_retry.as_millis() as i64).max(first)
}

/// One SMTP exchange, bounded by `timeout`. The error says whether the server refused the
/// message for good (a 5xx answer), which no retry would change.
async fn send_one(
    transport: &AsyncSmtpTransport<Tokio1Executor>,
    row: &mail_outbox::OutboxRow,
    timeout: Duration,
) -> Result<(), (String, bool)> {
    let parse = |a: &str| a.parse::<Address>().map_err(|e| (format!("bad address {a}: {e}"), true));
    let from = if row.sender.is_empty() { None } else { Some(parse(&row.sender)?) };
    let envelope = Envelope::new(from, vec![parse(&row.recipient)?]).map_err(|e| (e.to_string(), true))?;
    match tokio::time::timeout(timeout, transport.send_raw(&envelope, row.message.as_bytes())).await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(e)) => Err((format!("{e}"), e.is_permanent())),
        Err(_) => Err((format!("the SMTP server did not finish within {} s", timeout.as_secs_f32()), false)),
    }
}

/// Breaks lines at spaces so that each stays within `max` bytes where it can.
fn wrap(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for line in text.lines() {
        let mut len = 0;
        for (i, word) in line.split(' ').enumerate() {
            if i > 0 {
                if len + 1 + word.len() > max {
                    out.push('\n');
                    len = 0;
                } else {
                    out.push(' ');
                    len += 1;
                }
            }
            out.push_str(word);
            len += word.len();
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let t = super::MailTiming::default();
        let waits: Vec<i64> = (1..=10).map(|n| super::backoff(t, n)).collect();
        assert_eq!(&waits[..4], &[5_000, 10_000, 20_000, 40_000]);
        assert_eq!(waits[9], 15 * 60 * 1000);
        assert_eq!(super::backoff(t, 500), 15 * 60 * 1000);
    }

    #[test]
    fn wraps_by_bytes() {
        let text = "كلمة ".repeat(40);
        for line in super::wrap(&text, 72).lines() {
            assert!(line.len() <= 72, "{line}");
        }
    }
}
