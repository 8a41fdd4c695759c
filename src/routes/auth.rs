//! Registration, activation, sign-in, token refresh, sign-out and passwords (spec §3–§5, §7).

use std::time::Duration;

use actix_web::{http::header::USER_AGENT, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    auth::AuthUser,
    db::{iso, today},
    domain::{device::Device, Email, Gender, PasswordPair, PersonName, ProfileInput, UserType, VisionType},
    error::ApiError,
    extract::ApiJson,
    i18n::{Lang, Msg},
    routes::dto::{avatar_url, MessageResponse},
    services::{
        accounts::{self, Links, NewAccount, Tokens},
        ServiceError,
    },
    state::AppState,
    store::users::UserRow,
};

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
    #[schema(required)]
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

/// A signed-in device (a live refresh token).
#[derive(Serialize, ToSchema)]
pub struct DeviceDto {
    pub id: i64,
    /// The browser and system it signed in with, when recognised (product names).
    #[schema(required)]
    pub browser: Option<String>,
    #[schema(required)]
    pub system: Option<String>,
    /// When it signed in and last renewed its session (RFC 3339).
    pub signed_in_at: String,
    pub last_used_at: String,
    /// The device this request comes from.
    pub current: bool,
}

#[derive(Serialize, ToSchema)]
pub struct DevicesResponse {
    pub devices: Vec<DeviceDto>,
}

#[derive(Serialize, ToSchema)]
pub struct SignOutOthersResponse {
    pub message: String,
    /// This device's new access token (the old one is of the ended generation).
    pub access: String,
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
    crate::client_addr::client_ip(req)
}

fn limit(state: &AppState, key: String, max: u32, window: Duration) -> Result<(), ApiError> {
    if state.limiter.allow(&key, max, window) {
        Ok(())
    } else {
        Err(ApiError::too_many_attempts())
    }
}

fn links(state: &AppState) -> Links<'_> {
    Links { mailer: &state.mailer, public_url: &state.settings.public_url }
}

fn tokens(state: &AppState) -> Tokens<'_> {
    Tokens { jwt: &state.jwt, refresh_ttl: state.settings.refresh_ttl }
}

pub fn session_user(u: &UserRow) -> SessionUser {
    SessionUser {
        id: u.id,
        name: u.name.clone(),
        email: u.email.clone(),
        avatar: u.avatar.as_deref().map(avatar_url),
        user_type: u.user_type(),
    }
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
    let profile = ProfileInput {
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
    .parse(today())?;
    let user_type = match b.user_type {
        RegisterType::Student => UserType::Student,
        RegisterType::Instructor => UserType::Instructor,
    };
    let account = NewAccount { name, email, password, user_type, profile };
    accounts::register(&state.db, links(&state), account, lang).await?;
    Ok(HttpResponse::Created().json(MessageResponse { message: Msg::Registered.render(lang) }))
}

/// Activate an account with the token from the e-mailed link `/activate/<token>`.
#[utoipa::path(post, path = "/api/auth/activate", tag = "auth", request_body = TokenRequest,
    responses((status = 200, body = MessageResponse), (status = 400, body = crate::error::ErrorBody)))]
pub async fn activate(
    state: web::Data<AppState>,
    lang: Lang,
    body: ApiJson<TokenRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    accounts::activate(&state.db, &body.0.token).await?;
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
    accounts::resend_activation(&state.db, links(&state), &email, lang).await?;
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
    // A malformed address is the same failure as a wrong password.
    let email = Email::parse(&b.email).map_err(|_| ServiceError::LoginFailed)?;
    // Failed sign-ins slow down the (address, e-mail) pair that made them, with growing
    // delays; the owner of the account signing in from elsewhere never waits for them.
    let addr = client_key(&req);
    let wait = state.limiter.login_wait(&addr, email.as_str());
    if !wait.is_zero() {
        let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        return Err(ApiError::too_many_attempts().saying(Msg::LoginWait(secs)));
    }
    let agent = accounts::device_agent(req.headers().get(USER_AGENT).and_then(|v| v.to_str().ok()));
    let session = match accounts::sign_in(&state.db, tokens(&state), &email, b.password, agent.as_deref()).await {
        Ok(session) => {
            state.limiter.login_succeeded(&addr, email.as_str());
            session
        }
        Err(e) => {
            if matches!(e, ServiceError::LoginFailed) {
                state.limiter.login_failed(&addr, email.as_str());
            }
            return Err(e.into());
        }
    };
    Ok(web::Json(LoginResponse { access: session.access, refresh: session.refresh, user: session_user(&session.user) }))
}

/// Exchange a refresh token for a new access token (spec §7).
#[utoipa::path(post, path = "/api/auth/token/refresh", tag = "auth", request_body = RefreshRequest,
    responses((status = 200, body = RefreshResponse), (status = 401, body = crate::error::ErrorBody)))]
pub async fn refresh(
    state: web::Data<AppState>,
    body: ApiJson<RefreshRequest>,
) -> Result<web::Json<RefreshResponse>, ApiError> {
    Ok(web::Json(RefreshResponse { access: accounts::refresh(&state.db, &state.jwt, &body.0.refresh).await? }))
}

/// Sign out: the refresh token stops working.
#[utoipa::path(post, path = "/api/auth/logout", tag = "auth", request_body = RefreshRequest,
    responses((status = 200, body = MessageResponse)))]
pub async fn logout(
    state: web::Data<AppState>,
    lang: Lang,
    body: ApiJson<RefreshRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    accounts::sign_out(&state.db, &body.0.refresh).await?;
    Ok(message(lang, Msg::SignedOut))
}

/// Change the password of the signed-in account. Every other session ends at once (refresh
/// tokens, access tokens, sockets); this device gets new tokens in the answer.
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
    limit(&state, format!("change-password:{}", user.id), 10, 15 * MINUTE)?;
    let (access, refresh) = accounts::change_password(
        &state.db,
        &state.realtime,
        tokens(&state),
        user,
        b.old_password,
        &b.new_password,
        &b.new_password_confirm,
    )
    .await?;
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
    accounts::request_reset(&state.db, links(&state), &email, lang).await?;
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
    accounts::confirm_reset(&state.db, &state.realtime, &b.token, password).await?;
    Ok(message(lang, Msg::PasswordResetDone))
}

/// The account's signed-in devices, the most recently used first.
#[utoipa::path(get, path = "/api/auth/sessions", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = DevicesResponse), (status = 401, body = crate::error::ErrorBody)))]
pub async fn devices(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<DevicesResponse>, ApiError> {
    let rows = accounts::devices(&state.db, user).await?;
    let devices = rows
        .into_iter()
        .map(|d| {
            let seen = Device::from_user_agent(d.user_agent.as_deref().unwrap_or_default());
            DeviceDto {
                id: d.id,
                browser: seen.browser.map(str::to_string),
                system: seen.system.map(str::to_string),
                signed_in_at: iso(d.created_at),
                last_used_at: iso(d.last_used_at.unwrap_or(d.created_at)),
                current: d.id == user.sid,
            }
        })
        .collect();
    Ok(web::Json(DevicesResponse { devices }))
}

/// Sign out everywhere else: every other device's refresh token, access tokens and sockets stop
/// working at once, on every instance; this device stays signed in with the new access token.
#[utoipa::path(post, path = "/api/auth/sessions/sign-out-others", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = SignOutOthersResponse), (status = 401, body = crate::error::ErrorBody)))]
pub async fn sign_out_others(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
) -> Result<web::Json<SignOutOthersResponse>, ApiError> {
    let access = accounts::sign_out_others(&state.db, &state.realtime, &state.jwt, user).await?;
    Ok(web::Json(SignOutOthersResponse { message: Msg::OtherSessionsEnded.render(lang), access }))
}
