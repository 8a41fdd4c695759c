//! Course media: instructors upload images, documents, audio and video (at most 50 MB, refused
//! while streaming); files are stored under generated names and served, with HTTP range
//! requests, through URLs signed for people allowed to see them (see `auth::MediaSigner`).

use actix_files::NamedFile;
use actix_web::{
    http::header::{Charset, ContentDisposition, DispositionParam, DispositionType, ExtendedValue},
    web, HttpRequest, HttpResponse,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    auth::AuthUser,
    domain::{
        media::{sniff, MediaKind},
        UserType,
    },
    error::ApiError,
    extract::upload_field,
    i18n::Msg,
    services::media,
    state::AppState,
    store::media::MediaRow,
};

#[derive(Deserialize, IntoParams)]
pub struct UploadQuery {
    /// `image`, `audio`, `video` or `document`.
    #[param(pattern = "^(image|audio|video|document)$")]
    kind: String,
}

#[derive(Serialize, ToSchema)]
pub struct MediaDto {
    pub id: i64,
    pub kind: MediaKind,
    /// The uploader's file name.
    pub name: String,
    pub size: i64,
    pub content_type: String,
    /// Signed URL, valid for about 12 hours.
    pub url: String,
}

pub fn media_dto(state: &AppState, m: &MediaRow) -> MediaDto {
    MediaDto {
        id: m.id,
        kind: m.kind(),
        name: m.name.clone(),
        size: m.size,
        content_type: m.content_type.clone(),
        url: state.media.url(m.id),
    }
}

fn media_dir(state: &AppState) -> std::path::PathBuf {
    state.settings.uploads_dir().join("media")
}

fn wrong_type(kind: MediaKind) -> ApiError {
    ApiError::new(
        actix_web::http::StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "unsupported_type",
        Msg::MediaTypeNotAllowed(kind),
    )
    .on_field("file")
}

/// Upload one file as multipart field `file` (instructors). A file over 50 MB is refused with
/// the spec's message before it is stored whole; a file that is not of the asked kind (judged
/// from its content) is refused with 415.
#[utoipa::path(post, path = "/api/media", tag = "media", params(UploadQuery), security(("bearer" = [])),
    request_body(content_type = "multipart/form-data", description = "field `file`: the file"),
    responses((status = 201, body = MediaDto), (status = 413, body = crate::error::ErrorBody),
        (status = 415, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn upload(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<UploadQuery>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let kind = MediaKind::parse(&query.kind).ok_or_else(|| ApiError::field_invalid("kind"))?;
    // Supervisors upload news images; every other file is an instructor's course material.
    if !(user.typ == UserType::Supervisor && kind == MediaKind::Image) {
        user.require(UserType::Instructor)?;
    }
    let dir = media_dir(&state);
    let (received, name) =
        upload_field(&req, payload, "file", &dir, |head, name| sniff(kind, head, name), || wrong_type(kind)).await?;
    let row = media::record_received(&state.db, &dir, user, kind, &name, &received).await?;
    Ok(HttpResponse::Created().json(media_dto(&state, &row)))
}

/// `filename` for ASCII names; otherwise an ASCII stand-in plus RFC 5987 `filename*` in UTF-8.
fn filename_params(name: &str) -> Vec<DispositionParam> {
    if name.is_ascii() {
        return vec![DispositionParam::Filename(name.to_string())];
    }
    let ext = name.rsplit_once('.').map(|(_, e)| e).filter(|e| e.is_ascii()).unwrap_or("bin");
    vec![
        DispositionParam::Filename(format!("file.{ext}")),
        DispositionParam::FilenameExt(ExtendedValue {
            charset: Charset::Ext("UTF-8".into()),
            language_tag: None,
            value: name.as_bytes().to_vec(),
        }),
    ]
}

#[derive(Deserialize, IntoParams)]
pub struct ServeQuery {
    exp: Option<i64>,
    sig: Option<String>,
}

/// A stored file, with range requests. Opened by a signed URL from a course or upload
/// response, or by its owner or a supervisor with the bearer header.
#[utoipa::path(get, path = "/api/media/{id}", tag = "media", params(("id" = i64, Path), ServeQuery),
    responses(
        (status = 200, description = "The file, in the type it was stored with", content(("image/*"), ("audio/*"),
            ("video/*"), ("application/*"), ("text/plain"))),
        (status = 206, description = "A range of the file", content(("image/*"), ("audio/*"), ("video/*"),
            ("application/*"), ("text/plain"))),
        (status = 304, description = "Not modified (`If-None-Match`, `If-Modified-Since`)"),
        (status = 404, body = crate::error::ErrorBody),
        (status = 412, description = "A precondition (`If-Match`, `If-Unmodified-Since`) failed"),
        (status = 416, description = "The range is outside the file")))]
pub async fn serve(
    state: web::Data<AppState>,
    user: Option<AuthUser>,
    path: web::Path<i64>,
    query: web::Query<ServeQuery>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let signed = match (query.exp, query.sig.as_deref()) {
        (Some(exp), Some(sig)) => state.media.verify(id, exp, sig),
        _ => false,
    };
    // Not found rather than forbidden: a file's existence is not revealed.
    let row = media::to_serve(&state.db, id, signed, user).await?;
    let file = NamedFile::open_async(media_dir(&state).join(&row.stored)).await.map_err(ApiError::internal)?;
    let content_type: mime::Mime = row.content_type.parse().unwrap_or(mime::APPLICATION_OCTET_STREAM);
    let disposition = ContentDisposition {
        disposition: if row.kind().inline(&row.content_type) {
            DispositionType::Inline
        } else {
            DispositionType::Attachment
        },
        parameters: filename_params(&row.name),
    };
    let mut res = file.set_content_type(content_type).set_content_disposition(disposition).into_response(&req);
    let headers = res.headers_mut();
    headers.insert(
        actix_web::http::header::X_CONTENT_TYPE_OPTIONS,
        actix_web::http::header::HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        actix_web::http::header::CONTENT_SECURITY_POLICY,
        actix_web::http::header::HeaderValue::from_static("sandbox; default-src 'none'"),
    );
    headers.insert(
        actix_web::http::header::CACHE_CONTROL,
        actix_web::http::header::HeaderValue::from_static("private, max-age=3600"),
    );
    Ok(res)
}
