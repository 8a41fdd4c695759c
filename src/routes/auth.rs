//! Registration, activation, sign-in, token refresh, sign-out and passwords (spec §3–§5, §7).

use std::time::Duration;

use actix_web::{http::StatusCode, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::MessageResponse;
use crate::{
    auth::{hash_password, hash_token, new_opaque_token, verify_password, AuthUser},
    domain::{Email, Gender, PasswordPair, PersonName, UserType, VisionType},
    email::LinkMail,
    error::ApiError,
    extract::ApiJson,
    i18n::{Lang, Msg},
    startup::AppState,
    store::{
        self,
        tokens::EmailPurpose,
        users::{NewUser, UserRow},
    },
};

const ACTIVATION_TTL_MS: i64 = 48 * 3600 * 1000;
const RESET_TTL_MS: i64 = 3600 * 1000;
const MINUTE: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);

/// Who may register themselves; supervisors are made with `lamsa create-user`.
#[derive(Clone, Copy, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RegisterType {
    Student,
    Instructor,
}

#[derive(Deserialize, ToSchema)]
pub struct RegisterRequest {
    pub name: String,
    pub email: String,
    pub password: String,
    pub password_confirm: String,
    #[serde(rename = "type")]
    pub user_type: RegisterType,
    pub phone: Option<String>,
    pub gender: Option<Gender>,
    pub country: Option<String>,
    pub job_title: Option<String>,
    pub vision_type: Option<VisionType>,
    /// `YYYY-MM-DD`.
    pub birth_date: Option<String>,
    pub bio: Option<String>,
    pub education_type: Option<String>,
    pub level: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct TokenRequest {
    pub token: String,
}

#[derive(Deserialize, ToSchema)]
pub struct EmailRequest {
    pub email: String,
}

#[derive(Deserialize, ToSchema)]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
}

#[derive(Serialize, ToSchema)]
pub struct SessionUser {
    pub id: i64,
    pub name: String,
    pub email: String,
    /// URL of the avatar image, or null.
    pub avatar: Option<String>,
    #[serde(rename = "type")]
    pub user_type: UserType,
}

#[derive(Serialize, ToSchema)]
pub struct LoginResponse {
    /// Short-lived JWT for `Authorization: Bearer`.
    pub access: String,
    /// Long-lived opaque token for `auth/token/refresh`; revocable.
    pub refresh: String,
    pub user: SessionUser,
}

#[derive(Deserialize, ToSchema)]
pub struct RefreshRequest {
    pub refresh: String,
}

#[derive(Serialize, ToSchema)]
pub struct RefreshResponse {
    pub access: String,
}

#[derive(Deserialize, ToSchema)]
pub struct ChangePasswordRequest {
    pub old_password: String,
    pub new_password: String,
    pub new_password_confirm: String,
}

#[derive(Serialize, ToSchema)]
pub struct ChangePasswordResponse {
    pub message: String,
    /// Every other session was signed out; these replace the caller's tokens.
    pub access: String,
    pub refresh: String,
}

#[derive(Deserialize, ToSchema)]
pub struct ResetConfirmRequest {
    pub token: String,
    pub password: String,
    pub password_confirm: String,
}

fn message(lang: Lang, msg: Msg) -> web::Json<MessageResponse> {
    web::Json(MessageResponse { message: msg.render(lang) })
}

fn client_key(req: &HttpRequest) -> String {
    req.peer_addr().map(|a| a.ip().to_string()).unwrap_or_default()
}

fn limit(state: &AppState, key: String, max: u32, window: Duration) -> Result<(), ApiError> {
    if state.limiter.allow(&key, max, window) {
        Ok(())
    } else {
        Err(ApiError::too_many_attempts())
    }
}

pub fn session_user(u: &UserRow) -> SessionUser {
    SessionUser {
        id: u.id,
        name: u.name.clone(),
        email: u.email.clone(),
        avatar: u.avatar.as_deref().map(super::profile::avatar_url),
        user_type: u.user_type(),
    }
}

async fn send_activation(state: &AppState, user_id: i64, email: &str, name: &str, lang: Lang) -> Result<(), ApiError> {
    let (token, hash) = new_opaque_token();
    store::tokens::insert_email_token(&state.db, user_id, EmailPurpose::Activate, &hash, ACTIVATION_TTL_MS).await?;
    let mail = LinkMail {
        subject_ar: "فعّل حسابك في لمسة",
        subject_en: "Activate your Lamsa account",
        intro_ar: "شكرًا لتسجيلك في لمسة. افتح الرابط التالي لتفعيل حسابك (صالح لمدة 48 ساعة):",
        intro_en: "Thank you for registering with Lamsa. Open this link to activate your account (valid for 48 hours):",
        link: format!("{}/activate/{token}", state.settings.public_url),
        lang,
    };
    send_mail(state, email, name, mail).await
}

/// Sends a link by e-mail; a failure is "There was a problem sending your data".
async fn send_mail(state: &AppState, to: &str, name: &str, mail: LinkMail<'_>) -> Result<(), ApiError> {
    state.mailer.send_link(to, name, mail).await.map_err(|e| {
        tracing::error!(error = %format!("{e:#}"), "e-mail not sent");
        ApiError::new(StatusCode::BAD_GATEWAY, "mail_failed", Msg::ProblemSending)
    })
}

/// Register a student or instructor account; an activation link is e-mailed.
#[utoipa::path(post, path = "/api/auth/register", tag = "auth", request_body = RegisterRequest,
    responses((status = 201, body = MessageResponse), (status = 400, body = crate::error::ErrorBody),
        (status = 409, description = "e-mail already registered", body = crate::error::ErrorBody)))]
pub async fn register(
    state: web::Data<AppState>,
    lang: Lang,
    req: HttpRequest,
    body: ApiJson<RegisterRequest>,
) -> Result<HttpResponse, ApiError> {
    let b = body.0;
    limit(&state, format!("register:{}", client_key(&req)), 30, HOUR)?;
    let name = PersonName::parse(&b.name)?;
    let email = Email::parse(&b.email)?;
    let password = PasswordPair::parse(&b.password, &b.password_confirm, "password", "password_confirm")?;
    let profile = super::profile::ProfileInput {
        phone: b.phone,
        gender: b.gender,
        country: b.country,
        job_title: b.job_title,
        vision_type: b.vision_type,
        birth_date: b.birth_date,
        bio: b.bio,
        education_type: b.education_type,
        level: b.level,
    }
    .parse()?;
    if store::users::by_email(&state.db, email.as_str()).await?.is_some() {
        return Err(email_exists());
    }
    let hash = hash_password(password.expose().to_string()).await?;
    let user_type = match b.user_type {
        RegisterType::Student => UserType::Student,
        RegisterType::Instructor => UserType::Instructor,
    };
    let new_user =
        NewUser { email: email.as_str(), name: name.as_str(), password_hash: &hash, user_type, active: false, profile };
    let id = match store::users::insert(&state.db, new_user).await {
        Ok(id) => id,
        // Two registrations racing for one address: the database decides.
        Err(e) if store::is_unique_violation(&e) => return Err(email_exists()),
        Err(e) => return Err(e.into()),
    };
    send_activation(&state, id, email.as_str(), name.as_str(), lang).await?;
    Ok(HttpResponse::Created().json(MessageResponse { message: Msg::Registered.render(lang) }))
}

fn email_exists() -> ApiError {
    ApiError::new(StatusCode::CONFLICT, "email_exists", Msg::EmailExists).on_field("email")
}

/// Activate an account with the token from the e-mailed link `/activate/<token>`.
#[utoipa::path(post, path = "/api/auth/activate", tag = "auth", request_body = TokenRequest,
    responses((status = 200, body = MessageResponse), (status = 400, body = crate::error::ErrorBody)))]
pub async fn activate(
    state: web::Data<AppState>,
    lang: Lang,
    body: ApiJson<TokenRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    let Some(user_id) =
        store::tokens::consume_email_token(&mut *tx, EmailPurpose::Activate, &hash_token(body.0.token.trim())).await?
    else {
        return Err(ApiError::bad_request("invalid_token", Msg::InvalidActivationLink).on_field("token"));
    };
    store::users::activate(&mut *tx, user_id).await?;
    tx.commit().await?;
    Ok(message(lang, Msg::AccountActivated))
}

/// Send a new activation link to an account that is not active yet. The answer is the same
/// whether or not such an account exists.
#[utoipa::path(post, path = "/api/auth/activation/resend", tag = "auth", request_body = EmailRequest,
    responses((status = 200, body = MessageResponse), (status = 429, body = crate::error::ErrorBody)))]
pub async fn resend_activation(
    state: web::Data<AppState>,
    lang: Lang,
    req: HttpRequest,
    body: ApiJson<EmailRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    let email = Email::parse(&body.0.email)?;
    limit(&state, format!("resend-ip:{}", client_key(&req)), 20, HOUR)?;
    limit(&state, format!("resend-email:{}", email.as_str()), 5, HOUR)?;
    if let Some(user) = store::users::by_email(&state.db, email.as_str()).await? {
        if !user.active() {
            send_activation(&state, user.id, &user.email, &user.name, lang).await?;
        }
    }
    Ok(message(lang, Msg::ActivationResent))
}

/// Sign in with e-mail and password.
#[utoipa::path(post, path = "/api/auth/login", tag = "auth", request_body = LoginRequest,
    responses((status = 200, body = LoginResponse),
        (status = 401, description = "email or Password is incorrect", body = crate::error::ErrorBody),
        (status = 403, description = "account not activated", body = crate::error::ErrorBody),
        (status = 429, body = crate::error::ErrorBody)))]
pub async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: ApiJson<LoginRequest>,
) -> Result<web::Json<LoginResponse>, ApiError> {
    let b = body.0;
    limit(&state, format!("login-ip:{}", client_key(&req)), 60, MINUTE)?;
    let failed = || ApiError::new(StatusCode::UNAUTHORIZED, "invalid_credentials", Msg::LoginFailed);
    let Ok(email) = Email::parse(&b.email) else { return Err(failed()) };
    limit(&state, format!("login-email:{}", email.as_str()), 20, 15 * MINUTE)?;
    let user = store::users::by_email(&state.db, email.as_str()).await?;
    let ok = verify_password(b.password, user.as_ref().map(|u| u.password_hash.clone())).await?;
    let user = match user {
        Some(u) if ok => u,
        _ => return Err(failed()),
    };
    if !user.active() {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "account_inactive", Msg::AccountInactive));
    }
    let (access, refresh) = issue_tokens(&state, &user).await?;
    Ok(web::Json(LoginResponse { access, refresh, user: session_user(&user) }))
}

async fn issue_tokens(state: &AppState, user: &UserRow) -> Result<(String, String), ApiError> {
    let access = state.jwt.issue(user.id, user.user_type())?;
    let (refresh, hash) = new_opaque_token();
    store::tokens::insert_refresh(&state.db, user.id, &hash, state.settings.refresh_ttl.as_millis() as i64).await?;
    Ok((access, refresh))
}

/// Exchange a refresh token for a new access token (spec §7).
#[utoipa::path(post, path = "/api/auth/token/refresh", tag = "auth", request_body = RefreshRequest,
    responses((status = 200, body = RefreshResponse), (status = 401, body = crate::error::ErrorBody)))]
pub async fn refresh(
    state: web::Data<AppState>,
    body: ApiJson<RefreshRequest>,
) -> Result<web::Json<RefreshResponse>, ApiError> {
    let expired = || ApiError::new(StatusCode::UNAUTHORIZED, "invalid_refresh", Msg::SessionExpired);
    let Some(user_id) = store::tokens::refresh_owner(&state.db, &hash_token(body.0.refresh.trim())).await? else {
        return Err(expired());
    };
    let user = store::users::by_id(&state.db, user_id).await?.filter(UserRow::active).ok_or_else(expired)?;
    Ok(web::Json(RefreshResponse { access: state.jwt.issue(user.id, user.user_type())? }))
}

/// Sign out: the refresh token stops working.
#[utoipa::path(post, path = "/api/auth/logout", tag = "auth", request_body = RefreshRequest,
    responses((status = 200, body = MessageResponse)))]
pub async fn logout(
    state: web::Data<AppState>,
    lang: Lang,
    body: ApiJson<RefreshRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    store::tokens::revoke_refresh(&state.db, &hash_token(body.0.refresh.trim())).await?;
    Ok(message(lang, Msg::SignedOut))
}

/// Change the password of the signed-in account; every other session is signed out.
#[utoipa::path(post, path = "/api/auth/password/change", tag = "auth", request_body = ChangePasswordRequest,
    security(("bearer" = [])),
    responses((status = 200, body = ChangePasswordResponse), (status = 400, body = crate::error::ErrorBody),
        (status = 401, body = crate::error::ErrorBody)))]
pub async fn change_password(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    body: ApiJson<ChangePasswordRequest>,
) -> Result<web::Json<ChangePasswordResponse>, ApiError> {
    let b = body.0;
    let row = store::users::by_id(&state.db, user.id).await?.ok_or_else(ApiError::unauthorized)?;
    limit(&state, format!("change-password:{}", user.id), 10, 15 * MINUTE)?;
    if !verify_password(b.old_password, Some(row.password_hash.clone())).await? {
        return Err(ApiError::bad_request("wrong_password", Msg::WrongCurrentPassword).on_field("old_password"));
    }
    let new = PasswordPair::parse(&b.new_password, &b.new_password_confirm, "new_password", "new_password_confirm")?;
    let hash = hash_password(new.expose().to_string()).await?;
    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    store::users::set_password(&mut *tx, user.id, &hash).await?;
    store::tokens::revoke_all_refresh(&mut *tx, user.id).await?;
    tx.commit().await?;
    let (access, refresh) = issue_tokens(&state, &row).await?;
    Ok(web::Json(ChangePasswordResponse { message: Msg::PasswordChanged.render(lang), access, refresh }))
}

/// E-mail a password-reset link `/reset-password/<token>`. The answer is the same whether or
/// not an account uses the address.
#[utoipa::path(post, path = "/api/auth/password/reset", tag = "auth", request_body = EmailRequest,
    responses((status = 200, body = MessageResponse), (status = 429, body = crate::error::ErrorBody)))]
pub async fn request_reset(
    state: web::Data<AppState>,
    lang: Lang,
    req: HttpRequest,
    body: ApiJson<EmailRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    let email = Email::parse(&body.0.email)?;
    limit(&state, format!("reset-ip:{}", client_key(&req)), 20, HOUR)?;
    limit(&state, format!("reset-email:{}", email.as_str()), 5, HOUR)?;
    if let Some(user) = store::users::by_email(&state.db, email.as_str()).await? {
        let (token, hash) = new_opaque_token();
        store::tokens::insert_email_token(&state.db, user.id, EmailPurpose::Reset, &hash, RESET_TTL_MS).await?;
        let mail = LinkMail {
            subject_ar: "إعادة تعيين كلمة المرور في لمسة",
            subject_en: "Reset your Lamsa password",
            intro_ar: "طلبتَ إعادة تعيين كلمة المرور. افتح الرابط التالي لاختيار كلمة مرور جديدة (صالح لمدة ساعة). إن لم تطلب ذلك فتجاهل هذه الرسالة:",
            intro_en: "You asked to reset your password. Open this link to choose a new one (valid for one hour). If you did not ask, ignore this message:",
            link: format!("{}/reset-password/{token}", state.settings.public_url),
            lang,
        };
        send_mail(&state, &user.email, &user.name, mail).await?;
    }
    Ok(message(lang, Msg::ResetLinkSent))
}

/// Choose a new password with the token from the e-mailed link. It also activates the account
/// (the link proves the address) and signs out every session.
#[utoipa::path(post, path = "/api/auth/password/reset/confirm", tag = "auth", request_body = ResetConfirmRequest,
    responses((status = 200, body = MessageResponse),
        (status = 400, description = "Password Reset Failed, or a password message", body = crate::error::ErrorBody)))]
pub async fn confirm_reset(
    state: web::Data<AppState>,
    lang: Lang,
    body: ApiJson<ResetConfirmRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    let b = body.0;
    let password = PasswordPair::parse(&b.password, &b.password_confirm, "password", "password_confirm")?;
    let hash = hash_password(password.expose().to_string()).await?;
    let (mut tx, _turn) = crate::db::begin_write(&state.db).await?;
    let Some(user_id) =
        store::tokens::consume_email_token(&mut *tx, EmailPurpose::Reset, &hash_token(b.token.trim())).await?
    else {
        return Err(ApiError::bad_request("reset_failed", Msg::PasswordResetFailed).on_field("token"));
    };
    store::users::set_password(&mut *tx, user_id, &hash).await?;
    store::users::activate(&mut *tx, user_id).await?;
    store::tokens::revoke_all_refresh(&mut *tx, user_id).await?;
    tx.commit().await?;
    Ok(message(lang, Msg::PasswordResetDone))
}
