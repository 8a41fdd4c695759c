//! Outgoing e-mail: through SMTP when `SMTP_URL` is set, otherwise written as .eml files to
//! `<data dir>/outbox/` with the link logged, so a local installation needs no mail server.

use std::path::PathBuf;

use anyhow::Context;
use lettre::{
    message::{
        header::{ContentTransferEncoding, ContentType},
        Body, Mailbox, SinglePart,
    },
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
};

use crate::i18n::Lang;

#[derive(Clone)]
pub enum Mailer {
    Outbox { dir: PathBuf, from: Mailbox },
    Smtp { transport: AsyncSmtpTransport<Tokio1Executor>, from: Mailbox },
}

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
    pub fn new(smtp_url: Option<&str>, outbox: PathBuf, from: &str) -> anyhow::Result<Mailer> {
        let from: Mailbox = from.parse().context("LAMSA_MAIL_FROM is not a valid mailbox")?;
        Ok(match smtp_url {
            Some(url) => Mailer::Smtp {
                transport: AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .context("SMTP_URL is not valid")?
                    .build(),
                from,
            },
            None => Mailer::Outbox { dir: outbox, from },
        })
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
        let text = format!("{first}\n— — —\n\n{second}\n— لمسة · Lamsa\n");
        let from = match self {
            Mailer::Outbox { from, .. } | Mailer::Smtp { from, .. } => from.clone(),
        };
        // Short lines let lettre send the UTF-8 text as 8bit, so the raw message (and an
        // outbox file) shows the link as it is; long lines would make it quoted-printable.
        let body =
            Body::new_with_encoding(wrap(&text, 72), ContentTransferEncoding::EightBit).unwrap_or_else(Body::new);
        let message = Message::builder()
            .from(from)
            .to(Mailbox::new(Some(name.to_string()), to.parse().context("bad recipient address")?))
            .subject(format!("{first_subject} · {second_subject}"))
            .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(body))
            .context("cannot build the e-mail")?;
        match self {
            Mailer::Smtp { transport, .. } => {
                transport.send(message).await.context("SMTP delivery failed")?;
            }
            Mailer::Outbox { dir, .. } => {
                tokio::fs::create_dir_all(dir).await.with_context(|| format!("cannot create {}", dir.display()))?;
                let name = format!("{}-{}.eml", crate::db::now_ms(), uuid::Uuid::new_v4().simple());
                tokio::fs::write(dir.join(&name), message.formatted()).await.context("cannot write to the outbox")?;
                // Development mode only: with no SMTP server, the log is how a person finds the link.
                tracing::info!(file = %name, link = %mail.link, "e-mail written to the outbox");
            }
        }
        Ok(())
    }
}

impl Mailer {
    /// A plain-text message the caller wrote (the contact form's acknowledgement, a supervisor's
    /// reply to it). Beside [`Mailer::send_link`] rather than inside it, so link mails stay as
    /// they are.
    pub async fn send_text(&self, to: &str, name: &str, subject: &str, text: &str) -> anyhow::Result<()> {
        let from = match self {
            Mailer::Outbox { from, .. } | Mailer::Smtp { from, .. } => from.clone(),
        };
        let body = Body::new_with_encoding(wrap(text, 72), ContentTransferEncoding::EightBit).unwrap_or_else(Body::new);
        let message = Message::builder()
            .from(from)
            .to(Mailbox::new(Some(name.to_string()), to.parse().context("bad recipient address")?))
            .subject(subject)
            .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(body))
            .context("cannot build the e-mail")?;
        match self {
            Mailer::Smtp { transport, .. } => {
                transport.send(message).await.context("SMTP delivery failed")?;
            }
            Mailer::Outbox { dir, .. } => {
                tokio::fs::create_dir_all(dir).await.with_context(|| format!("cannot create {}", dir.display()))?;
                let name = format!("{}-{}.eml", crate::db::now_ms(), uuid::Uuid::new_v4().simple());
                tokio::fs::write(dir.join(&name), message.formatted()).await.context("cannot write to the outbox")?;
                tracing::info!(file = %name, "e-mail written to the outbox");
            }
        }
        Ok(())
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
    fn wraps_by_bytes() {
        let text = "كلمة ".repeat(40);
        for line in super::wrap(&text, 72).lines() {
            assert!(line.len() <= 72, "{line}");
        }
    }
}
