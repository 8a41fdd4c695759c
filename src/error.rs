//! One error type for the whole API. It becomes JSON `{code, message, field?}`; the message
//! is rendered in the request's language by [`localize_errors`], which sees the request that
//! `ResponseError::error_response` cannot.
//!
//! This is the HTTP edge of every error: the domain's and the services' own error enums know
//! nothing of statuses or codes, and are given theirs here, in the `From` impls below.

use actix_web::{
    body::{BoxBody, EitherBody, MessageBody},
    dev::{ServiceRequest, ServiceResponse},
    http::{header, Method, StatusCode},
    HttpResponse, ResponseError,
};
use serde::Serialize;

use crate::{
    domain::{assessment_grading::Blocker, InvalidInput, InvalidTransition},
    i18n::{Lang, Msg},
    services::ServiceError,
};

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub msg: Msg,
    pub field: Option<String>,
    /// What went wrong inside, for the log only; never shown to the user.
    pub source: Option<anyhow::Error>,
}

/// The part of an error response that is rendered per language.
#[derive(Clone, Debug)]
struct LocalizableError {
    code: &'static str,
    msg: Msg,
    field: Option<String>,
    internal: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Stable, machine-readable reason, e.g. `password_policy`.
    pub code: String,
    /// Human-readable, in the request's language (Accept-Language: ar default, en).
    pub message: String,
    /// The request field the error is about, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub field: Option<String>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, msg: Msg) -> ApiError {
        ApiError { status, code, msg, field: None, source: None }
    }

    pub fn on_field(mut self, field: impl Into<String>) -> ApiError {
        self.field = Some(field.into());
        self
    }

    pub fn bad_request(code: &'static str, msg: Msg) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, msg)
    }

    pub fn field_required(field: &str) -> ApiError {
        InvalidInput::required(field).into()
    }

    pub fn field_invalid(field: &str) -> ApiError {
        InvalidInput::invalid(field).into()
    }

    pub fn unauthorized() -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "unauthorized", Msg::SignInRequired)
    }

    /// A token that verifies but no longer opens anything (issue 21). Both refusals are 401 with
    /// a code of their own: the web client signs out with the message instead of refreshing.
    pub fn refused(why: crate::auth::Refusal) -> ApiError {
        use crate::auth::Refusal;
        match why {
            Refusal::Gone => ApiError::unauthorized(),
            Refusal::Deactivated => {
                ApiError::new(StatusCode::UNAUTHORIZED, "account_deactivated", Msg::AccountDeactivated)
            }
            Refusal::Ended => ApiError::new(StatusCode::UNAUTHORIZED, "session_ended", Msg::SessionEnded),
        }
    }

    pub fn forbidden() -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "forbidden", Msg::UnableToAccessData)
    }

    /// The same error with another message (e.g. a 403 that says who may do it).
    pub fn saying(self, msg: Msg) -> ApiError {
        ApiError { msg, ..self }
    }

    pub fn not_found() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", Msg::NotFound)
    }

    /// A method the path does not take (`Allow` is added by the fallback that knows the path's
    /// methods: see `routes::fallback`).
    pub fn method_not_allowed() -> ApiError {
        ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed", Msg::MethodNotAllowed)
    }

    pub fn too_many_attempts() -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", Msg::TooManyAttempts)
    }

    pub fn file_too_large(field: &str) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "file_too_large", Msg::FileTooLarge).on_field(field)
    }

    pub fn internal(source: impl Into<anyhow::Error>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            code: "internal",
            msg: Msg::ErrorOccured,
            field: None,
            source: Some(source.into()),
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.code, self.status)?;
        if let Some(source) = &self.source {
            write!(f, ": {source:#}")?;
        }
        Ok(())
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        ApiError::internal(e)
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(e: anyhow::Error) -> Self {
        ApiError::internal(e)
    }
}

impl From<InvalidInput> for ApiError {
    fn from(e: InvalidInput) -> Self {
        let field = e.field().to_string();
        let (code, msg) = match e {
            InvalidInput::Required(f) => ("field_required", Msg::FieldRequired(f)),
            InvalidInput::Invalid(f) => ("field_invalid", Msg::FieldInvalid(f)),
            InvalidInput::ControlCharacters(f) => ("control_characters", Msg::FieldControlCharacters(f)),
            InvalidInput::TooLong { field, max } => ("field_too_long", Msg::FieldTooLong(field, max)),
            InvalidInput::Email | InvalidInput::EmailAt(_) => ("invalid_email", Msg::InvalidEmail),
            InvalidInput::HttpsUrl(_) => ("https_required", Msg::HttpsRequired),
            InvalidInput::Phone(_) => ("invalid_phone", Msg::InvalidPhone),
            InvalidInput::TooMany { field, max } => ("too_many", Msg::TooMany(field, max)),
            InvalidInput::Name => ("invalid_name", Msg::InvalidName),
            InvalidInput::PasswordPolicy { .. } => ("password_policy", Msg::PasswordPolicy),
            InvalidInput::PasswordMismatch { .. } => ("password_mismatch", Msg::PasswordMismatch),
            InvalidInput::CourseStructure(_) => ("course_structure", Msg::CourseStructure),
        };
        ApiError::bad_request(code, msg).on_field(field)
    }
}

impl From<InvalidTransition> for ApiError {
    fn from(e: InvalidTransition) -> Self {
        ApiError::new(StatusCode::CONFLICT, "invalid_transition", Msg::InvalidTransition(e.from.as_str()))
    }
}

impl From<ServiceError> for ApiError {
    fn from(e: ServiceError) -> Self {
        use ServiceError as E;
        use StatusCode as S;
        let conflict = |code, msg| ApiError::new(S::CONFLICT, code, msg);
        match e {
            E::Invalid(e) => e.into(),
            E::Transition(e) => e.into(),
            E::NotFound => ApiError::not_found(),
            E::NotFoundIn(field) => ApiError::not_found().on_field(field),
            E::Forbidden => ApiError::forbidden(),
            E::AccountGone => ApiError::unauthorized(),
            E::EmailExists => ApiError::new(S::CONFLICT, "email_exists", Msg::EmailExists).on_field("email"),
            E::InvalidActivationLink => {
                ApiError::bad_request("invalid_token", Msg::InvalidActivationLink).on_field("token")
            }
            E::LoginFailed => ApiError::new(S::UNAUTHORIZED, "invalid_credentials", Msg::LoginFailed),
            E::AccountInactive => ApiError::new(S::FORBIDDEN, "account_inactive", Msg::AccountInactive),
            E::SessionExpired => ApiError::new(S::UNAUTHORIZED, "invalid_refresh", Msg::SessionExpired),
            E::WrongCurrentPassword => {
                ApiError::bad_request("wrong_password", Msg::WrongCurrentPassword).on_field("old_password")
            }
            E::PasswordResetFailed => ApiError::bad_request("reset_failed", Msg::PasswordResetFailed).on_field("token"),
            E::MailNotSent => ApiError::new(S::BAD_GATEWAY, "mail_failed", Msg::ProblemSending),
            E::AlreadyEnrolled => conflict("already_enrolled", Msg::AlreadyEnrolled),
            E::CourseRequestDecided { status } => conflict("already_decided", Msg::InvalidTransition(status.as_str())),
            E::CourseStopped => conflict("course_stopped", Msg::InvalidTransition("inactive")),
            E::CourseLive => conflict("course_live", Msg::CourseLive),
            E::RevisionUnchanged => conflict("revision_unchanged", Msg::RevisionUnchanged),
            E::FinalAssessmentExists => conflict("final_assessment_exists", Msg::FinalAssessmentExists),
            E::ChapterAssessmentExists => {
                conflict("chapter_assessment_exists", Msg::ChapterAssessmentExists).on_field("chapter_id")
            }
            E::AssessmentHasAttempts => conflict("assessment_has_attempts", Msg::AssessmentHasAttempts),
            E::AssessmentSaveFailed(source) => ApiError {
                source: Some(source),
                ..ApiError::new(S::INTERNAL_SERVER_ERROR, "assessment_save_failed", Msg::SomethingWentWrong)
            },
            E::AlreadyPassed => conflict("already_passed", Msg::AlreadyPassed),
            E::NoAttemptsLeft => conflict("no_attempts_left", Msg::NoAttemptsLeft),
            E::Locked(Blocker::LessonExercises) => conflict("chapter_assessment_locked", Msg::ChapterAssessmentLocked),
            E::Locked(Blocker::ChapterAssessments) => conflict("final_assessment_locked", Msg::FinalAssessmentLocked),
            E::AlreadySubmitted => conflict("already_submitted", Msg::AlreadySubmitted),
            E::NotSubmitted => conflict("not_submitted", Msg::NotSubmitted),
            E::CertificateNotFound => ApiError::new(S::NOT_FOUND, "not_found", Msg::CertificateNotFound),
            E::CertificateAlreadyIssued => conflict("certificate_already_issued", Msg::CertificateAlreadyIssued),
            E::CertificateRequestPending => conflict("certificate_request_pending", Msg::CertificateRequestPending),
            E::CourseNotCompleted => conflict("course_not_completed", Msg::CourseNotCompleted),
            E::CertificateRequestDecided => conflict("already_decided", Msg::RequestAlreadyDecided),
            E::CertificateAlreadyRevoked => conflict("already_revoked", Msg::CertificateAlreadyRevoked),
            E::CertificatePdf(source) => ApiError {
                source: Some(source.into()),
                ..ApiError::new(S::INTERNAL_SERVER_ERROR, "certificate_pdf_unavailable", Msg::CertificatePdfUnavailable)
            },
            E::AccountDeactivated => ApiError::new(S::FORBIDDEN, "account_deactivated", Msg::AccountDeactivated),
            E::CannotChangeSelf => conflict("cannot_change_self", Msg::CannotChangeSelf),
            E::LastSupervisor => conflict("last_supervisor", Msg::LastSupervisor),
            E::AlreadyActivated => conflict("already_activated", Msg::AlreadyActivated),
            E::SlugTaken => conflict("slug_taken", Msg::SlugTaken).on_field("slug"),
            E::AlreadyAnswered => conflict("already_answered", Msg::AlreadyAnswered),
            E::Database(e) => ApiError::internal(e),
            E::Internal(e) => ApiError::internal(e),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse<BoxBody> {
        if let Some(source) = &self.source {
            tracing::error!(error = %format!("{source:#}"), code = self.code, "request failed");
        }
        let localizable = LocalizableError {
            code: self.code,
            msg: self.msg.clone(),
            field: self.field.clone(),
            // A failure inside the server says what the user was doing, unless the handler
            // named a message for it (e.g. "Something went wrong" when an assessment is saved).
            internal: self.status == StatusCode::INTERNAL_SERVER_ERROR && self.msg == Msg::ErrorOccured,
        };
        let mut resp = render(self.status, &localizable, Lang::Ar, &Method::GET);
        resp.extensions_mut().insert(localizable);
        resp
    }
}

fn render(status: StatusCode, e: &LocalizableError, lang: Lang, method: &Method) -> HttpResponse {
    // A failure inside the server is described by what the user was doing (spec §8).
    let msg = if e.internal {
        if method == Method::GET || method == Method::HEAD {
            Msg::UnexpectedRetrieving
        } else {
            Msg::UnexpectedSending
        }
    } else {
        e.msg.clone()
    };
    HttpResponse::build(status).json(ErrorBody {
        code: e.code.to_string(),
        message: msg.render(lang),
        field: e.field.clone(),
    })
}

/// Middleware body: re-render an [`ApiError`] response in the request's language.
pub async fn localize_errors<B: MessageBody + 'static>(
    lang: Lang,
    method: Method,
    res: ServiceResponse<B>,
) -> ServiceResponse<EitherBody<B>> {
    let Some(e) = res.response().extensions().get::<LocalizableError>().cloned() else {
        return res.map_into_left_body();
    };
    let status = res.status();
    let (req, original) = res.into_parts();
    let mut localized = render(status, &e, lang, &method);
    // Headers the error was sent with (`Allow` on a 405, `Retry-After`) stay; the body's own are
    // the new body's.
    for (name, value) in original.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH && name != header::CONTENT_ENCODING {
            localized.headers_mut().append(name.clone(), value.clone());
        }
    }
    ServiceResponse::new(req, localized).map_into_right_body()
}

pub fn request_lang_and_method(req: &ServiceRequest) -> (Lang, Method) {
    (Lang::of(req.request()), req.method().clone())
}
