//! The contact form (issue 15): a visitor's message is stored, every supervisor is told live
//! (with the unread count), and the sender gets an acknowledgement in their language.
//! Supervisors read, reply by e-mail (the reply is kept with the message) and file messages.

use serde_json::json;
use sqlx::{Any, Transaction};

use super::{audit, ServiceError};
use crate::{
    auth::AuthUser,
    db::{self, Db},
    domain::contact::{ContactForm, ContactStatus},
    email::Mailer,
    events::{
        contact::{contact_dto, ContactMessageDto},
        notify_each, LiveEvent,
    },
    i18n::Lang,
    realtime::Realtime,
    store::{self, contact::NewContact, notifications::Event, Page},
};

fn lang_code(lang: Lang) -> &'static str {
    match lang {
        Lang::Ar => "ar",
        Lang::En => "en",
    }
}

/// The unread count, to every supervisor's tabs.
async fn badge(tx: &mut Transaction<'static, Any>) -> Result<Vec<Event>, sqlx::Error> {
    let count = store::contact::unread_count(&mut **tx).await?;
    let supervisors = store::courses::supervisor_ids(&mut **tx).await?;
    notify_each(tx, supervisors, &LiveEvent::ContactBadge { count }).await
}

async fn load(tx: &mut Transaction<'static, Any>, id: i64) -> Result<ContactMessageDto, ServiceError> {
    let row = store::contact::by_id(&mut **tx, id).await?.ok_or(ServiceError::NotFound)?;
    let replies = store::contact::replies(&mut **tx, &[id]).await?;
    Ok(contact_dto(&row, &replies))
}

/// Stores a visitor's message and tells the supervisors; then acknowledges it by e-mail. The
/// message is kept even when the acknowledgement cannot be sent (that is only logged).
pub async fn submit(
    db: &Db,
    realtime: &Realtime,
    mailer: &Mailer,
    form: ContactForm,
    lang: Lang,
) -> Result<ContactMessageDto, ServiceError> {
    let (mut tx, _turn) = db::begin_write(db).await?;
    let new = NewContact {
        name: form.name.as_str(),
        email: form.email.as_str(),
        subject: &form.subject,
        message: &form.message,
        lang: lang_code(lang),
    };
    let id = store::contact::insert(&mut *tx, new).await?;
    let dto = load(&mut tx, id).await?;
    let supervisors = store::courses::supervisor_ids(&mut *tx).await?;
    let mut events = notify_each(&mut tx, supervisors, &LiveEvent::ContactReceived { contact_message: &dto }).await?;
    events.extend(badge(&mut tx).await?);
    tx.commit().await?;
    realtime.publish(&events).await;
    let society = mailer.society().await;
    let (subject, text) = acknowledgement(lang, form.name.as_str(), &form.subject, &society);
    if let Err(e) = mailer.send_text(form.email.as_str(), form.name.as_str(), &subject, &text).await {
        tracing::error!(error = %format!("{e:#}"), message = id, "contact acknowledgement not sent");
    }
    Ok(dto)
}

/// The acknowledgement: in the sender's language only, and never repeating their message (the
/// form must not turn into a way to send any text to any address), signed with the society's
/// name from the site settings (`society`: Arabic, English).
fn acknowledgement(lang: Lang, name: &str, subject: &str, (ar, en): &(String, String)) -> (String, String) {
    match lang {
        Lang::Ar => (
            format!("وصلتنا رسالتك · {ar}"),
            format!(
                "مرحبًا {name}،\n\nشكرًا لتواصلك مع {ar}. وصلتنا رسالتك بعنوان «{subject}»، وسيقرؤها أحد المشرفين ويرد عليك في أقرب وقت.\n\n— {ar}\n"
            ),
        ),
        Lang::En => (
            format!("We received your message · {en}"),
            format!(
                "Hello {name},\n\nThank you for contacting {en}. We received your message \"{subject}\"; a supervisor will read it and answer you soon.\n\n— {en}\n"
            ),
        ),
    }
}

pub struct ContactPage {
    pub page: Page<ContactMessageDto>,
    pub unread: i64,
}

pub async fn list(
    db: &Db,
    status: Option<ContactStatus>,
    limit: i64,
    offset: i64,
) -> Result<ContactPage, ServiceError> {
    let rows = store::contact::page(db, status.map(ContactStatus::as_str), limit, offset).await?;
    let ids: Vec<i64> = rows.items.iter().map(|m| m.id).collect();
    let replies = store::contact::replies(db, &ids).await?;
    let items = rows.items.iter().map(|m| contact_dto(m, &replies)).collect();
    let unread = store::contact::unread_count(db).await?;
    Ok(ContactPage { page: Page { items, total: rows.total }, unread })
}

pub async fn unread_count(db: &Db) -> Result<i64, ServiceError> {
    Ok(store::contact::unread_count(db).await?)
}

/// A supervisor opens a message: it counts as read.
pub async fn open(db: &Db, realtime: &Realtime, id: i64) -> Result<ContactMessageDto, ServiceError> {
    let (mut tx, _turn) = db::begin_write(db).await?;
    let row = store::contact::by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?;
    let mut events = vec![];
    if row.read_at.is_none() {
        store::contact::set_state(&mut *tx, id, &row.status, true).await?;
        events = badge(&mut tx).await?;
    }
    let dto = load(&mut tx, id).await?;
    tx.commit().await?;
    realtime.publish(&events).await;
    Ok(dto)
}

/// A supervisor changes a message's status and/or read flag.
pub async fn update(
    db: &Db,
    realtime: &Realtime,
    supervisor: AuthUser,
    id: i64,
    status: Option<ContactStatus>,
    read: Option<bool>,
) -> Result<ContactMessageDto, ServiceError> {
    let (mut tx, _turn) = db::begin_write(db).await?;
    let row = store::contact::by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?;
    let status = status.map(ContactStatus::as_str).unwrap_or(&row.status).to_string();
    let read = read.unwrap_or(row.read_at.is_some());
    store::contact::set_state(&mut *tx, id, &status, read).await?;
    let before = json!({ "status": row.status, "read": row.read_at.is_some() });
    let after = json!({ "status": status, "read": read });
    audit::record(&mut tx, supervisor, "contact.update", "contact_message", id, Some(before), Some(after)).await?;
    let events = badge(&mut tx).await?;
    let dto = load(&mut tx, id).await?;
    tx.commit().await?;
    realtime.publish(&events).await;
    Ok(dto)
}

/// A supervisor replies: the reply is queued for the sender by e-mail first (with SMTP, the
/// outbox task sends it, retrying while the server is down); only once it is queued is it
/// stored with the message (which becomes read, and handled if it was new).
pub async fn reply(
    db: &Db,
    realtime: &Realtime,
    mailer: &Mailer,
    supervisor: AuthUser,
    id: i64,
    text: String,
) -> Result<ContactMessageDto, ServiceError> {
    let row = store::contact::by_id(db, id).await?.ok_or(ServiceError::NotFound)?;
    let (society_ar, society_en) = mailer.society().await;
    let subject = match row.lang.as_str() {
        "en" => format!("Re: {} · {society_en}", row.subject),
        _ => format!("رد: {} · {society_ar}", row.subject),
    };
    let body = match row.lang.as_str() {
        "en" => format!("Hello {},\n\n{text}\n\n— {society_en}\n", row.name),
        _ => format!("مرحبًا {}،\n\n{text}\n\n— {society_ar}\n", row.name),
    };
    mailer.send_text(&row.email, &row.name, &subject, &body).await.map_err(|e| {
        tracing::error!(error = %format!("{e:#}"), "contact reply not sent");
        ServiceError::MailNotSent
    })?;
    let (mut tx, _turn) = db::begin_write(db).await?;
    let reply_id = store::contact::insert_reply(&mut *tx, id, supervisor.id, &text).await?;
    let status = if row.status == "new" { "handled" } else { row.status.as_str() };
    store::contact::set_state(&mut *tx, id, status, true).await?;
    let before = json!({ "status": row.status, "read": row.read_at.is_some() });
    let after = json!({ "status": status, "read": true, "reply_id": reply_id, "text": text });
    audit::record(&mut tx, supervisor, "contact.reply", "contact_message", id, Some(before), Some(after)).await?;
    let events = badge(&mut tx).await?;
    let dto = load(&mut tx, id).await?;
    tx.commit().await?;
    realtime.publish(&events).await;
    Ok(dto)
}
