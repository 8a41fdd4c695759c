//! Accounts (spec §3–§5, §7): registration (by a visitor, or active from the command line),
//! activation, sign-in and its tokens, sign-out, and passwords changed or reset by e-mail.

use std::time::Duration;

use crate::{
    auth::{hash_password, hash_token, new_opaque_token, verify_password, AuthUser, JwtKeys, TokenSubject},
    db::{self, Db},
    domain::{Email, NewPassword, PasswordPair, PersonName, ProfileFields, UserType},
    email::{LinkMail, Mailer},
    i18n::Lang,
    realtime::{AccountChanged, Realtime},
    store::{
        self,
        tokens::{DeviceRow, EmailPurpose},
        users::{NewUser, UserRow},
    },
};

use super::ServiceError;

const ACTIVATION_TTL_MS: i64 = 48 * 3600 * 1000;
const RESET_TTL_MS: i64 = 3600 * 1000;

/// A new account, every field parsed.
pub struct NewAccount {
    pub name: PersonName,
    pub email: Email,
    pub password: NewPassword,
    pub user_type: UserType,
    pub profile: ProfileFields,
}

/// Where e-mailed links come from: the mailer and the site's public address.
#[derive(Clone, Copy)]
pub struct Links<'a> {
    pub mailer: &'a Mailer,
    /// `LAMSA_PUBLIC_URL`, e.g. `https://lamsa.example.org`.
    pub public_url: &'a str,
}

/// What signing in gives: an access token, a refresh token and the account.
pub struct Session {
    pub access: String,
    pub refresh: String,
    pub user: UserRow,
}

/// How sessions are issued: the JWT keys of access tokens and the life of refresh tokens.
#[derive(Clone, Copy)]
pub struct Tokens<'a> {
    pub jwt: &'a JwtKeys,
    pub refresh_ttl: Duration,
}

/// The browser a device signs in with (its `User-Agent`, shortened), for the device list.
pub fn device_agent(user_agent: Option<&str>) -> Option<String> {
    let ua = user_agent?.trim();
    (!ua.is_empty()).then(|| ua.chars().filter(|c| !c.is_control()).take(300).collect())
}

/// A visitor registers a student or instructor account: it stays inactive until the link
/// e-mailed (in `lang`) is opened. Returns the new account's id.
pub async fn register(db: &Db, links: Links<'_>, account: NewAccount, lang: Lang) -> Result<i64, ServiceError> {
    let (email, name) = (account.email.as_str().to_string(), account.name.as_str().to_string());
    let id = create(db, account, false).await?;
    send_activation(db, links, id, &email, &name, lang).await?;
    Ok(id)
}

/// An active account of any type, for the command line (`create-user`, `seed-demo`): the
/// only way to make a supervisor.
pub async fn create_active(db: &Db, account: NewAccount) -> Result<i64, ServiceError> {
    create(db, account, true).await
}

/// The one place an account is created: one account per address, whatever its case.
async fn create(db: &Db, a: NewAccount, active: bool) -> Result<i64, ServiceError> {
    if store::users::by_email(db, a.email.as_str()).await?.is_some() {
        return Err(ServiceError::EmailExists);
    }
    let hash = hash_password(a.password.expose().to_string()).await?;
    let new_user = NewUser {
        email: a.email.as_str(),
        name: a.name.as_str(),
        password_hash: &hash,
        user_type: a.user_type,
        active,
        profile: a.profile,
    };
    match store::users::insert(db, new_user).await {
        Ok(id) => Ok(id),
        // Two registrations racing for one address: the database decides.
        Err(e) if store::is_unique_violation(&e) => Err(ServiceError::EmailExists),
        Err(e) => Err(e.into()),
    }
}

pub(crate) async fn send_activation(
    db: &Db,
    links: Links<'_>,
    user_id: i64,
    email: &str,
    name: &str,
    lang: Lang,
) -> Result<(), ServiceError> {
    let (token, hash) = new_opaque_token();
    store::tokens::insert_email_token(db, user_id, EmailPurpose::Activate, &hash, ACTIVATION_TTL_MS).await?;
    let mail = LinkMail {
        subject_ar: "فعّل حسابك في لمسة",
        subject_en: "Activate your Lamsa account",
        intro_ar: "شكرًا لتسجيلك في لمسة. افتح الرابط التالي لتفعيل حسابك (صالح لمدة 48 ساعة):",
        intro_en: "Thank you for registering with Lamsa. Open this link to activate your account (valid for 48 hours):",
        link: format!("{}/activate/{token}", links.public_url),
        lang,
    };
    send_mail(links.mailer, email, name, mail).await
}

/// Sends a link by e-mail; a failure is logged and answered "There was a problem sending
/// your data".
async fn send_mail(mailer: &Mailer, to: &str, name: &str, mail: LinkMail<'_>) -> Result<(), ServiceError> {
    mailer.send_link(to, name, mail).await.map_err(|e| {
        tracing::error!(error = %format!("{e:#}"), "e-mail not sent");
        ServiceError::MailNotSent
    })
}

/// Activates an account with the token of its e-mailed link.
pub async fn activate(db: &Db, token: &str) -> Result<(), ServiceError> {
    let (mut tx, _turn) = db::begin_write(db).await?;
    let Some(user_id) =
        store::tokens::consume_email_token(&mut *tx, EmailPurpose::Activate, &hash_token(token.trim())).await?
    else {
        return Err(ServiceError::InvalidActivationLink);
    };
    store::users::activate(&mut *tx, user_id).await?;
    tx.commit().await?;
    Ok(())
}

/// Sends a new activation link when the address has an account that is not active yet; says
/// nothing either way.
pub async fn resend_activation(db: &Db, links: Links<'_>, email: &Email, lang: Lang) -> Result<(), ServiceError> {
    if let Some(user) = store::users::by_email(db, email.as_str()).await? {
        if !user.active() {
            send_activation(db, links, user.id, &user.email, &user.name, lang).await?;
        }
    }
    Ok(())
}

/// Signs in with an e-mail and a password; an unknown address and a wrong password are the
/// same failure (and take the same time).
pub async fn sign_in(
    db: &Db,
    tokens: Tokens<'_>,
    email: &Email,
    password: String,
    user_agent: Option<&str>,
) -> Result<Session, ServiceError> {
    let user = store::users::by_email(db, email.as_str()).await?;
    let ok = verify_password(password, user.as_ref().map(|u| u.password_hash.clone())).await?;
    let user = match user {
        Some(u) if ok => u,
        _ => return Err(ServiceError::LoginFailed),
    };
    if user.deactivated() {
        return Err(ServiceError::AccountDeactivated);
    }
    if !user.active() {
        return Err(ServiceError::AccountInactive);
    }
    let (refresh, hash) = new_opaque_token();
    let ttl = tokens.refresh_ttl.as_millis() as i64;
    let sid = store::tokens::insert_refresh(db, user.id, &hash, ttl, user_agent).await?;
    let access = tokens.jwt.issue(subject(&user, sid))?;
    Ok(Session { access, refresh, user })
}

fn subject(user: &UserRow, sid: i64) -> TokenSubject {
    TokenSubject { user_id: user.id, typ: user.user_type(), gen: user.session_gen, sid }
}

/// A new access token for a refresh token that is still valid (spec §7), of the account's type
/// and session generation now.
pub async fn refresh(db: &Db, jwt: &JwtKeys, refresh_token: &str) -> Result<String, ServiceError> {
    let owner = store::tokens::refresh_owner(db, &hash_token(refresh_token.trim()))
        .await?
        .filter(|o| o.is_active != 0 && o.deactivated_at.is_none())
        .ok_or(ServiceError::SessionExpired)?;
    store::tokens::touch_refresh(db, owner.sid).await?;
    let typ = UserType::parse(&owner.user_type).unwrap_or(UserType::Student);
    Ok(jwt.issue(TokenSubject { user_id: owner.user_id, typ, gen: owner.session_gen, sid: owner.sid })?)
}

/// Signs out: the refresh token stops working.
pub async fn sign_out(db: &Db, refresh_token: &str) -> Result<(), ServiceError> {
    store::tokens::revoke_refresh(db, &hash_token(refresh_token.trim())).await?;
    Ok(())
}

/// Changes the password of the signed-in account. Every other session ends (their refresh
/// tokens, access tokens and sockets, on every instance); this device stays signed in with new
/// tokens, which the answer carries.
pub async fn change_password(
    db: &Db,
    realtime: &Realtime,
    tokens: Tokens<'_>,
    user: AuthUser,
    old: String,
    new: &str,
    new_confirm: &str,
) -> Result<(String, String), ServiceError> {
    let row = store::users::by_id(db, user.id).await?.ok_or(ServiceError::AccountGone)?;
    if row.deactivated() {
        return Err(ServiceError::AccountDeactivated);
    }
    if !verify_password(old, Some(row.password_hash.clone())).await? {
        return Err(ServiceError::WrongCurrentPassword);
    }
    let new = PasswordPair::parse(new, new_confirm, "new_password", "new_password_confirm")?;
    let hash = hash_password(new.expose().to_string()).await?;
    let (refresh, refresh_hash) = new_opaque_token();
    let (mut tx, _turn) = db::begin_write(db).await?;
    store::users::set_password(&mut *tx, user.id, &hash).await?;
    let gen = store::users::advance_session_gen(&mut *tx, user.id).await?;
    store::tokens::revoke_all_refresh(&mut *tx, user.id, Some(user.sid)).await?;
    // This device keeps its place in the device list with a new refresh token; one signed out
    // meanwhile (or a token older than devices) gets a new device.
    let sid = if store::tokens::rotate_refresh(&mut *tx, user.id, user.sid, &refresh_hash).await? {
        user.sid
    } else {
        let ttl = tokens.refresh_ttl.as_millis() as i64;
        store::tokens::insert_refresh(&mut *tx, user.id, &refresh_hash, ttl, None).await?
    };
    tx.commit().await?;
    realtime.account_changed(AccountChanged { user_id: user.id, gen, usable: true, keep_sid: Some(sid) }).await;
    let access = tokens.jwt.issue(TokenSubject { user_id: user.id, typ: row.user_type(), gen, sid })?;
    Ok((access, refresh))
}

/// Signs the account out everywhere but this device: every other refresh token, access token
/// and socket stops working. Answers this device's new access token.
pub async fn sign_out_others(
    db: &Db,
    realtime: &Realtime,
    jwt: &JwtKeys,
    user: AuthUser,
) -> Result<String, ServiceError> {
    let (mut tx, _turn) = db::begin_write(db).await?;
    let gen = store::users::advance_session_gen(&mut *tx, user.id).await?;
    store::tokens::revoke_all_refresh(&mut *tx, user.id, Some(user.sid)).await?;
    tx.commit().await?;
    realtime.account_changed(AccountChanged { user_id: user.id, gen, usable: true, keep_sid: Some(user.sid) }).await;
    Ok(jwt.issue(TokenSubject { user_id: user.id, typ: user.typ, gen, sid: user.sid })?)
}

/// The account's signed-in devices (live refresh tokens), the most recently used first.
pub async fn devices(db: &Db, user: AuthUser) -> Result<Vec<DeviceRow>, ServiceError> {
    Ok(store::tokens::devices(db, user.id).await?)
}

/// E-mails a password-reset link when an account uses the address; says nothing either way.
pub async fn request_reset(db: &Db, links: Links<'_>, email: &Email, lang: Lang) -> Result<(), ServiceError> {
    // A deactivated account gets no link: its password cannot be reset.
    if let Some(user) = store::users::by_email(db, email.as_str()).await?.filter(|u| !u.deactivated()) {
        let (token, hash) = new_opaque_token();
        store::tokens::insert_email_token(db, user.id, EmailPurpose::Reset, &hash, RESET_TTL_MS).await?;
        let mail = LinkMail {
            subject_ar: "إعادة تعيين كلمة المرور في لمسة",
            subject_en: "Reset your Lamsa password",
            intro_ar: "طلبتَ إعادة تعيين كلمة المرور. افتح الرابط التالي لاختيار كلمة مرور جديدة (صالح لمدة ساعة). إن لم تطلب ذلك فتجاهل هذه الرسالة:",
            intro_en: "You asked to reset your password. Open this link to choose a new one (valid for one hour). If you did not ask, ignore this message:",
            link: format!("{}/reset-password/{token}", links.public_url),
            lang,
        };
        send_mail(links.mailer, &user.email, &user.name, mail).await?;
    }
    Ok(())
}

/// The life of an invitation's set-password link.
const INVITE_TTL_MS: i64 = 7 * 24 * 3600 * 1000;

/// A supervisor creates an account by invitation: it has no usable password until the person
/// opens the e-mailed link, which is a password-reset link ([`confirm_reset`] sets the
/// password and activates the account). Returns the new account's id; the audit row is
/// written with the account.
pub async fn invite(
    db: &Db,
    links: Links<'_>,
    supervisor: AuthUser,
    name: &PersonName,
    email: &Email,
    user_type: UserType,
    lang: Lang,
) -> Result<i64, ServiceError> {
    if store::users::by_email(db, email.as_str()).await?.is_some() {
        return Err(ServiceError::EmailExists);
    }
    // A password nobody knows: the account opens only through the link.
    let (unusable, _) = new_opaque_token();
    let hash = hash_password(unusable).await?;
    let (mut tx, _turn) = db::begin_write(db).await?;
    let new_user = NewUser {
        email: email.as_str(),
        name: name.as_str(),
        password_hash: &hash,
        user_type,
        active: false,
        profile: ProfileFields::default(),
    };
    let id = match store::users::insert(&mut *tx, new_user).await {
        Ok(id) => id,
        Err(e) if store::is_unique_violation(&e) => return Err(ServiceError::EmailExists),
        Err(e) => return Err(e.into()),
    };
    let after = serde_json::json!({ "email": email.as_str(), "name": name.as_str(), "type": user_type.as_str() });
    super::audit::record(&mut tx, supervisor, "user.invite", "user", id, None, Some(after)).await?;
    tx.commit().await?;
    send_set_password(db, links, id, email.as_str(), name.as_str(), lang, true).await?;
    Ok(id)
}

/// E-mails a set-password link (an invitation) or a password-reset link to an account.
pub(crate) async fn send_set_password(
    db: &Db,
    links: Links<'_>,
    user_id: i64,
    email: &str,
    name: &str,
    lang: Lang,
    invitation: bool,
) -> Result<(), ServiceError> {
    let (token, hash) = new_opaque_token();
    let ttl = if invitation { INVITE_TTL_MS } else { RESET_TTL_MS };
    store::tokens::insert_email_token(db, user_id, EmailPurpose::Reset, &hash, ttl).await?;
    let link = format!("{}/reset-password/{token}", links.public_url);
    let mail = if invitation {
        LinkMail {
            subject_ar: "دعوة إلى لمسة",
            subject_en: "Your invitation to Lamsa",
            intro_ar: "أنشأ لك مشرفو لمسة حسابًا. افتح الرابط التالي لاختيار كلمة المرور وتفعيل حسابك (صالح لمدة 7 أيام):",
            intro_en: "The supervisors of Lamsa created an account for you. Open this link to choose your password and activate your account (valid for 7 days):",
            link,
            lang,
        }
    } else {
        LinkMail {
            subject_ar: "إعادة تعيين كلمة المرور في لمسة",
            subject_en: "Reset your Lamsa password",
            intro_ar: "أرسل لك أحد مشرفي لمسة رابطًا لاختيار كلمة مرور جديدة (صالح لمدة ساعة). إن لم تكن تتوقع ذلك فتجاهل هذه الرسالة:",
            intro_en: "A Lamsa supervisor sent you a link to choose a new password (valid for one hour). If you did not expect it, ignore this message:",
            link,
            lang,
        }
    };
    send_mail(links.mailer, email, name, mail).await
}

/// Sets a new password with the token of an e-mailed reset link. It also activates the
/// account (the link proves the address) and ends every session, on every instance. A
/// deactivated account is refused and its link stays unused.
pub async fn confirm_reset(
    db: &Db,
    realtime: &Realtime,
    token: &str,
    password: NewPassword,
) -> Result<(), ServiceError> {
    let hash = hash_password(password.expose().to_string()).await?;
    let (mut tx, _turn) = db::begin_write(db).await?;
    let Some(user_id) =
        store::tokens::consume_email_token(&mut *tx, EmailPurpose::Reset, &hash_token(token.trim())).await?
    else {
        return Err(ServiceError::PasswordResetFailed);
    };
    if store::users::is_deactivated(&mut *tx, user_id).await? {
        // Dropping the transaction undoes the token's use.
        return Err(ServiceError::AccountDeactivated);
    }
    store::users::set_password(&mut *tx, user_id, &hash).await?;
    store::users::activate(&mut *tx, user_id).await?;
    let gen = store::users::advance_session_gen(&mut *tx, user_id).await?;
    store::tokens::revoke_all_refresh(&mut *tx, user_id, None).await?;
    tx.commit().await?;
    realtime.account_changed(AccountChanged { user_id, gen, usable: true, keep_sid: None }).await;
    Ok(())
}
