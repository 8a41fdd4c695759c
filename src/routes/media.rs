//! Course media: instructors upload images, documents, audio and video (at most 50 MB, refused
//! while streaming); files are stored under generated names and served, with HTTP range
//! requests, through URLs signed for people allowed to see them (see `auth::MediaSigner`).

use actix_files::NamedFile;
use actix_web::{
    http::header::{Charset, ContentDisposition, DispositionParam, DispositionType, ExtendedValue, CONTENT_LENGTH},
    web, HttpRequest, HttpResponse,
};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::io::AsyncWriteExt;
use utoipa::{IntoParams, ToSchema};

use crate::{
    auth::AuthUser,
    domain::{
        media::{display_name, sniff, MediaKind, Sniffed, MAX_UPLOAD_BYTES, SNIFF_BYTES},
        UserType,
    },
    error::ApiError,
    i18n::Msg,
    services::media,
    state::AppState,
    store::media::{MediaRow, NewMedia},
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
    let declared = req.headers().get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_UPLOAD_BYTES + 64 * 1024) {
        return Err(ApiError::file_too_large("file"));
    }
    let dir = media_dir(&state);
    tokio::fs::create_dir_all(&dir).await.map_err(ApiError::internal)?;
    let mut multipart = actix_multipart::Multipart::new(req.headers(), payload);
    let malformed = || ApiError::bad_request("malformed_upload", Msg::UnexpectedSending).on_field("file");
    let mut stored: Option<(String, String, Sniffed, u64)> = None;
    while let Some(field) = multipart.next().await {
        let mut field = field.map_err(|_| malformed())?;
        if field.name() != Some("file") || stored.is_some() {
            while let Some(chunk) = field.next().await {
                chunk.map_err(|_| malformed())?;
            }
            continue;
        }
        let name = display_name(field.content_disposition().and_then(|cd| cd.get_filename()));
        let tmp = dir.join(format!(".upload-{}", uuid::Uuid::new_v4().simple()));
        match receive(&mut field, &tmp, kind, &name).await {
            Ok((sniffed, size)) => {
                let file = format!("{}.{}", uuid::Uuid::new_v4().simple(), sniffed.ext);
                tokio::fs::rename(&tmp, dir.join(&file)).await.map_err(ApiError::internal)?;
                stored = Some((file, name, sniffed, size));
            }
            Err(e) => {
                let _ = tokio::fs::remove_file(&tmp).await;
                return Err(e);
            }
        }
    }
    let (file, name, sniffed, size) = stored.ok_or_else(|| ApiError::field_required("file"))?;
    let new = NewMedia {
        owner: user.id,
        kind,
        name: &name,
        stored: &file,
        content_type: sniffed.content_type,
        size: size as i64,
    };
    let row = match media::record(&state.db, &new).await {
        Ok(row) => row,
        Err(e) => {
            let _ = tokio::fs::remove_file(dir.join(&file)).await;
            return Err(e.into());
        }
    };
    Ok(HttpResponse::Created().json(media_dto(&state, &row)))
}

/// Streams one field into `tmp`, judging its kind from the first bytes and its size as it goes.
async fn receive(
    field: &mut actix_multipart::Field,
    tmp: &std::path::Path,
    kind: MediaKind,
    name: &str,
) -> Result<(Sniffed, u64), ApiError> {
    let mut file = tokio::fs::File::create(tmp).await.map_err(ApiError::internal)?;
    let mut head: Vec<u8> = Vec::with_capacity(SNIFF_BYTES);
    let mut sniffed = None;
    let mut size: u64 = 0;
    while let Some(chunk) = field.next().await {
        let chunk =
            chunk.map_err(|_| ApiError::bad_request("malformed_upload", Msg::UnexpectedSending).on_field("file"))?;
        size += chunk.len() as u64;
        if size > MAX_UPLOAD_BYTES {
            return Err(ApiError::file_too_large("file"));
        }
        if sniffed.is_none() {
            let take = chunk.len().min(SNIFF_BYTES - head.len());
            head.extend_from_slice(&chunk[..take]);
            if head.len() == SNIFF_BYTES {
                sniffed = Some(sniff(kind, &head, name).ok_or_else(|| wrong_type(kind))?);
            }
        }
        file.write_all(&chunk).await.map_err(ApiError::internal)?;
    }
    file.flush().await.map_err(ApiError::internal)?;
    let sniffed = match sniffed {
        Some(s) => s,
        None => sniff(kind, &head, name).ok_or_else(|| wrong_type(kind))?,
    };
    Ok((sniffed, size))
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
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let signed = match (query.exp, query.sig.as_deref()) {
        (Some(exp), Some(sig)) => state.media.verify(id, exp, sig, now),
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
