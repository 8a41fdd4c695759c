//! `ApiJson<T>`: a JSON body extractor whose errors are localised `ApiError`s naming the
//! field at fault (missing, wrong type, control characters) instead of actix's plain-text 400;
//! and the error handlers that give actix's own extractors (`web::Query`, `web::Path`,
//! `web::Json`) the same JSON `{code, message, field?}` errors.

use std::{future::Future, pin::Pin};

use actix_web::{dev::Payload, http::StatusCode, web, FromRequest, HttpRequest};
use futures_util::StreamExt;
use serde::de::DeserializeOwned;

use crate::{
    domain::{first_control_character, InvalidInput},
    error::ApiError,
    i18n::Msg,
};

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
    let value = serde_path_to_error::deserialize(de).map_err(|e| {
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
    })?;
    // Every string of every body, whichever type reads it, is text a person could see: the
    // domain types refuse control characters in the fields they parse, and this refuses them
    // in the rest (search words, answers, passwords…), so none reaches the database.
    if let Some(field) = control_character_path(body) {
        return Err(InvalidInput::control_characters(&field).into());
    }
    Ok(value)
}

/// The path (`chapters[0].lessons[1].title`) of the first string or key in a JSON body that
/// holds a control character other than a tab or a line break.
fn control_character_path(body: &[u8]) -> Option<String> {
    // JSON carries a control character only as a `\u` escape (a raw one is a syntax error) or
    // as DEL and the C1 range, which it may leave raw; a body with none of those is clean.
    let maybe = body.windows(2).any(|w| {
        (w[0] == b'\\' && matches!(w[1], b'u' | b'r' | b'b' | b'f')) || (w[0] == 0xC2 && (0x80..=0x9F).contains(&w[1]))
    }) || body.contains(&0x7F);
    if !maybe {
        return None;
    }
    let value: serde_json::Value = serde_json::from_slice(body).ok()?;
    fn walk(v: &serde_json::Value, path: &mut String) -> bool {
        match v {
            serde_json::Value::String(s) => first_control_character(s).is_some(),
            serde_json::Value::Array(items) => items.iter().enumerate().any(|(i, item)| {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                let found = walk(item, path);
                if !found {
                    path.truncate(len);
                }
                found
            }),
            serde_json::Value::Object(map) => map.iter().any(|(key, item)| {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                let found = first_control_character(key).is_some() || walk(item, path);
                if !found {
                    path.truncate(len);
                }
                found
            }),
            _ => false,
        }
    }
    let mut path = String::new();
    walk(&value, &mut path).then(|| if path.is_empty() { "body".to_string() } else { path })
}

/// `web::Query` errors: a missing parameter is `field_required`, a value that does not parse
/// `field_invalid` naming the parameter where it can be told, else `invalid_query`.
pub fn query_error(err: actix_web::error::QueryPayloadError, req: &HttpRequest) -> actix_web::Error {
    let text = err.to_string();
    if let Some(field) = missing_field(&text) {
        return ApiError::field_required(&field).into();
    }
    let pairs: Vec<(String, String)> = form_urlencoded::parse(req.query_string().as_bytes()).into_owned().collect();
    // serde names an unknown choice (`unknown variant `x``), so its parameter can be found;
    // a number that does not parse is the only non-number among the parameters.
    let named = pairs.iter().find(|(_, v)| !v.is_empty() && text.contains(&format!("`{v}`"))).map(|(k, _)| k.clone());
    let not_numbers: Vec<&String> = pairs.iter().filter(|(_, v)| v.parse::<f64>().is_err()).map(|(k, _)| k).collect();
    let single = (pairs.len() == 1).then(|| pairs[0].0.clone());
    let field = named.or(single).or_else(|| {
        let numeric = text.contains("digit") || text.contains("number") || text.contains("integer");
        (numeric && not_numbers.len() == 1).then(|| not_numbers[0].clone())
    });
    match field {
        Some(f) => ApiError::field_invalid(&f).into(),
        None => ApiError::bad_request("invalid_query", Msg::InvalidQuery).into(),
    }
}

/// `web::Path` errors: a path segment that does not parse (`/api/courses/abc`) names nothing
/// that exists, so it is a 404 naming the segment.
pub fn path_error(err: actix_web::error::PathError, req: &HttpRequest) -> actix_web::Error {
    let text = err.to_string();
    let field = req
        .match_info()
        .iter()
        .find(|(_, v)| text.contains(&format!("\"{v}\"")))
        .or_else(|| req.match_info().iter().next())
        .map(|(k, _)| k.to_string());
    let e = ApiError::not_found();
    match field {
        Some(f) => e.on_field(f).into(),
        None => e.into(),
    }
}

/// `web::Json` errors, for any handler that uses actix's own JSON extractor.
pub fn json_error(err: actix_web::error::JsonPayloadError, _: &HttpRequest) -> actix_web::Error {
    use actix_web::error::JsonPayloadError as E;
    match err {
        E::Overflow { .. } | E::OverflowKnownLength { .. } => {
            ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "body_too_large", Msg::BodyTooLarge).into()
        }
        E::ContentType => {
            ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type", Msg::JsonOnly).into()
        }
        E::Deserialize(e) if e.is_data() => match missing_field(&e.to_string()) {
            Some(field) => ApiError::field_required(&field).into(),
            None => malformed().into(),
        },
        _ => malformed().into(),
    }
}

/// The parameter (or `path`) of a request address that holds a control character other than a
/// tab or a line break once decoded: `/api/users/search?q=%40a%00` names `q`. Checked for every
/// API request before routing, so no query or path parameter reaches the database with one.
pub fn control_character_in_url(path: &str, query: &str) -> Option<String> {
    if let Some((k, _)) = form_urlencoded::parse(query.as_bytes())
        .find(|(k, v)| first_control_character(k).is_some() || first_control_character(v).is_some())
    {
        return Some(k.into_owned());
    }
    let decoded = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
    first_control_character(&decoded).map(|_| "path".to_string())
}

fn missing_field(text: &str) -> Option<String> {
    let rest = &text[text.find("missing field `")? + "missing field `".len()..];
    Some(rest.split('`').next().unwrap_or_default().to_string())
}

/// The one file of an upload: multipart field `field`, received by
/// [`crate::services::media::receive`] into `dir` (judged by `judge`, refused with `wrong_type`
/// when it is not of a kind taken). Other fields are read and ignored; a second file in the
/// same field too. A body declared larger than the limit is refused before it is read. Answers
/// the file and the sender's name for it, made safe to show (`display_name`), which `judge` is
/// given beside the file's first bytes.
pub async fn upload_field(
    req: &HttpRequest,
    payload: web::Payload,
    field: &'static str,
    dir: &std::path::Path,
    judge: impl Fn(&[u8], &str) -> Option<crate::domain::media::Sniffed>,
    wrong_type: impl Fn() -> ApiError,
) -> Result<(crate::services::media::Received, String), ApiError> {
    use crate::{
        domain::media::MAX_UPLOAD_BYTES,
        services::media::{receive, UploadRefused},
    };
    let declared = req
        .headers()
        .get(actix_web::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    // Room for the multipart framing around the file.
    if declared.is_some_and(|n| n > MAX_UPLOAD_BYTES + 64 * 1024) {
        return Err(ApiError::file_too_large(field));
    }
    let malformed = || ApiError::bad_request("malformed_upload", Msg::UnexpectedSending).on_field(field);
    let mut multipart = actix_multipart::Multipart::new(req.headers(), payload);
    let mut received: Option<(crate::services::media::Received, String)> = None;
    let forget =
        |r: &Option<(crate::services::media::Received, String)>| r.as_ref().map(|(file, _)| dir.join(&file.file));
    while let Some(part) = multipart.next().await {
        let Ok(mut part) = part else {
            if let Some(path) = forget(&received) {
                let _ = tokio::fs::remove_file(path).await;
            }
            return Err(malformed());
        };
        if part.name() != Some(field) || received.is_some() {
            while let Some(chunk) = part.next().await {
                if chunk.is_err() {
                    if let Some(path) = forget(&received) {
                        let _ = tokio::fs::remove_file(path).await;
                    }
                    return Err(malformed());
                }
            }
            continue;
        }
        let name = crate::domain::media::display_name(part.content_disposition().and_then(|cd| cd.get_filename()));
        match receive(dir, &mut part, |head| judge(head, &name)).await {
            Ok(file) => received = Some((file, name)),
            Err(UploadRefused::TooLarge) => return Err(ApiError::file_too_large(field)),
            Err(UploadRefused::WrongType) => return Err(wrong_type()),
            Err(UploadRefused::Broken) => return Err(malformed()),
            Err(UploadRefused::Io(e)) => return Err(ApiError::internal(e)),
        }
    }
    received.ok_or_else(|| ApiError::field_required(field))
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

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Course {
        title: String,
        chapters: Vec<Chapter>,
    }

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Chapter {
        title: String,
    }

    #[test]
    fn refuses_control_characters_anywhere_naming_the_path() {
        let e = parse::<Course>(br#"{"title":"ok","chapters":[{"title":"a"},{"title":"b\u0000"}]}"#).unwrap_err();
        assert_eq!((e.code, e.field.as_deref()), ("control_characters", Some("chapters[1].title")));
        let e = parse::<Login>(br#"{"email":"a@b.c","password":"x\u001b"}"#).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("password"));
        for escaped in [r#"\r"#, r#"\b"#, r#"\f"#] {
            let body = format!(r#"{{"email":"a@b.c","password":"x{escaped}y"}}"#);
            assert_eq!(parse::<Login>(body.as_bytes()).unwrap_err().code, "control_characters", "{escaped}");
        }
        // DEL and C1 controls may come raw.
        let e = parse::<Login>("{\"email\":\"a@b.c\u{7f}\",\"password\":\"x\"}".as_bytes()).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("email"));
        let e = parse::<Login>("{\"email\":\"a@b.c\",\"password\":\"x\u{85}\"}".as_bytes()).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("password"));
        // Line breaks, tabs and escaped letters are text.
        assert!(parse::<Login>(br#"{"email":"\u0633@b.c","password":"a\nb\tc\r\n"}"#).is_ok());
    }

    #[test]
    fn names_the_field() {
        assert_eq!(parse::<Login>(br#"{"email":"a@b.c"}"#).unwrap_err().field.as_deref(), Some("password"));
        assert_eq!(parse::<Login>(br#"{"email":5,"password":"x"}"#).unwrap_err().field.as_deref(), Some("email"));
        assert_eq!(parse::<Login>(b"{not json").unwrap_err().code, "malformed_json");
        assert_eq!(parse::<Login>(b"[]").unwrap_err().code, "malformed_json");
    }
}
