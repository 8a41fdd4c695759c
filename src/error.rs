//! One error type for the whole API. It becomes JSON `{code, message, field?}`; the message
//! is rendered in the request's language by [`localize_errors`], which sees the request that
//! `ResponseError::error_response` cannot.

use actix_web::{
    body::{BoxBody, EitherBody, MessageBody},
    dev::{ServiceRequest, ServiceResponse},
    http::{Method, StatusCode},
    HttpResponse, ResponseError,
};
use serde::Serialize;

use crate::i18n::{Lang, Msg};

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
        ApiError::bad_request("field_required", Msg::FieldRequired(field.into())).on_field(field)
    }

    pub fn field_invalid(field: &str) -> ApiError {
        ApiError::bad_request("field_invalid", Msg::FieldInvalid(field.into())).on_field(field)
    }

    pub fn unauthorized() -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "unauthorized", Msg::SignInRequired)
    }

    pub fn forbidden() -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "forbidden", Msg::UnableToAccessData)
    }

    pub fn not_found() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", Msg::NotFound)
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
    let (req, _) = res.into_parts();
    ServiceResponse::new(req, render(status, &e, lang, &method)).map_into_right_body()
}

pub fn request_lang_and_method(req: &ServiceRequest) -> (Lang, Method) {
    (Lang::of(req.request()), req.method().clone())
}
