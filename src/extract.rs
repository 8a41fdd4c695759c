//! `ApiJson<T>`: a JSON body extractor whose errors are localised `ApiError`s naming the
//! field at fault (missing, wrong type) instead of actix's plain-text 400.

use std::{future::Future, pin::Pin};

use actix_web::{dev::Payload, http::StatusCode, web, FromRequest, HttpRequest};
use futures_util::StreamExt;
use serde::de::DeserializeOwned;

use crate::{error::ApiError, i18n::Msg};

/// Largest JSON body accepted; larger ones are refused while streaming.
pub const JSON_LIMIT: usize = 64 * 1024;

pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for ApiJson<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(_: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let mut payload = payload.take();
        Box::pin(async move {
            let mut body = web::BytesMut::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk.map_err(|_| malformed())?;
                if body.len() + chunk.len() > JSON_LIMIT {
                    return Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "body_too_large", Msg::BodyTooLarge));
                }
                body.extend_from_slice(&chunk);
            }
            // Every body is a JSON object: serde would also read a struct from an array (`[]`
            // for one whose fields are all optional), which the document does not allow.
            if body.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
                return Err(malformed());
            }
            parse(&body).map(ApiJson)
        })
    }
}

fn malformed() -> ApiError {
    ApiError::bad_request("malformed_json", Msg::UnexpectedSending)
}

pub fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let de = &mut serde_json::Deserializer::from_slice(body);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let inner = e.inner();
        if inner.is_syntax() || inner.is_eof() {
            return malformed();
        }
        let text = inner.to_string();
        // serde reports a missing field at the parent's path, naming it in the text.
        if let Some(rest) = text.strip_prefix("missing field `") {
            let field = rest.split('`').next().unwrap_or_default();
            return ApiError::field_required(field);
        }
        let path = e.path().to_string();
        if path == "." || path.is_empty() {
            malformed()
        } else {
            ApiError::field_invalid(&path)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Login {
        email: String,
        password: String,
    }

    #[test]
    fn names_the_field() {
        assert_eq!(parse::<Login>(br#"{"email":"a@b.c"}"#).unwrap_err().field.as_deref(), Some("password"));
        assert_eq!(parse::<Login>(br#"{"email":5,"password":"x"}"#).unwrap_err().field.as_deref(), Some("email"));
        assert_eq!(parse::<Login>(b"{not json").unwrap_err().code, "malformed_json");
        assert_eq!(parse::<Login>(b"[]").unwrap_err().code, "malformed_json");
    }
}
