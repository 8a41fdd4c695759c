//! Delivery of the built web app (`LAMSA_WEB_DIR`, web/dist). The Vite build writes brotli and
//! gzip copies next to every text asset (web/build/precompress.ts); a request gets the best copy
//! its `Accept-Encoding` allows, with `Content-Encoding` and `Vary: Accept-Encoding`, so nothing
//! is compressed per request. Hashed `/assets/*` are cached for a year (`immutable`); every other
//! file, and `index.html` above all, is `no-cache` with an ETag a browser revalidates (304). Any
//! path that is not a file gets `index.html`, so client routes load.

use std::{
    hash::{DefaultHasher, Hash, Hasher},
    path::{Component, Path, PathBuf},
};

use actix_web::{
    http::{
        header::{self, HeaderValue},
        Method, StatusCode,
    },
    web, HttpRequest, HttpResponse,
};

use crate::state::AppState;

/// Hashed file names: the content never changes under the same name.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Kept, but asked about again each time (ETag), so a new build is seen at once.
const REVALIDATE: &str = "no-cache";

/// Encodings of a stored copy, best first: brotli is about 15 % smaller than gzip on our bundles.
const ENCODINGS: [(&str, &str); 2] = [("br", "br"), ("gzip", "gz")];

/// The app's default service: every GET or HEAD that no other service takes.
pub async fn serve(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return HttpResponse::MethodNotAllowed().insert_header((header::ALLOW, "GET, HEAD")).finish();
    }
    let dir = &state.settings.web_dir;
    let (path, immutable) = match file_for(dir, req.path()) {
        Some(path) => {
            let immutable = req.path().starts_with("/assets/");
            (path, immutable)
        }
        // A chunk of an older build, say: a 404 lets the page fail clearly, not parse HTML as code.
        None if req.path().starts_with("/assets/") => return HttpResponse::NotFound().finish(),
        None => (dir.join("index.html"), false),
    };
    let Ok(identity) = tokio::fs::read(&path).await else {
        return not_built();
    };
    let mut resp = HttpResponse::Ok();
    resp.insert_header((header::CONTENT_TYPE, content_type(&path)));
    resp.insert_header((header::VARY, "Accept-Encoding"));
    if immutable {
        resp.insert_header((header::CACHE_CONTROL, IMMUTABLE));
    } else {
        // A weak tag of the content: the same for each encoding of it, as weak tags may be.
        let etag = weak_etag(&identity);
        if if_none_match(&req, &etag) {
            return HttpResponse::NotModified()
                .insert_header((header::ETAG, etag))
                .insert_header((header::CACHE_CONTROL, REVALIDATE))
                .insert_header((header::VARY, "Accept-Encoding"))
                .finish();
        }
        resp.insert_header((header::ETAG, etag));
        resp.insert_header((header::CACHE_CONTROL, REVALIDATE));
    }
    for (coding, ext) in accepted(&req) {
        let mut copy = path.clone().into_os_string();
        copy.push(".");
        copy.push(ext);
        if let Ok(body) = tokio::fs::read(&copy).await {
            resp.insert_header((header::CONTENT_ENCODING, coding));
            // actix sends a HEAD response's headers (and length) without the body.
            return resp.body(body);
        }
    }
    // No stored copy (a tiny file, or a build without them): sent as it is; the Compress
    // middleware may still compress it (and name Accept-Encoding again: `one_vary_each`).
    resp.body(identity)
}

/// Keeps each name of `Vary` once. Compress appends `accept-encoding` whenever it encodes, also
/// to a response of ours that names it already.
pub fn one_vary_each(headers: &mut actix_web::http::header::HeaderMap) {
    if headers.get_all(header::VARY).count() < 2 {
        return;
    }
    let mut names: Vec<String> = Vec::new();
    for value in headers.get_all(header::VARY) {
        for name in value.to_str().unwrap_or_default().split(',').map(str::trim) {
            if !name.is_empty() && !names.iter().any(|n| n.eq_ignore_ascii_case(name)) {
                names.push(name.to_string());
            }
        }
    }
    if let Ok(value) = HeaderValue::from_str(&names.join(", ")) {
        headers.insert(header::VARY, value);
    }
}

/// The file a request path names inside `dir`, if it is one; never outside `dir`.
fn file_for(dir: &Path, request_path: &str) -> Option<PathBuf> {
    let decoded = percent_decode(request_path.trim_start_matches('/'))?;
    let relative = Path::new(&decoded);
    if decoded.is_empty() || relative.components().any(|c| !matches!(c, Component::Normal(_))) {
        return None;
    }
    // The stored copies are served only through negotiation, never by their own names.
    if decoded.ends_with(".br") || decoded.ends_with(".gz") {
        return None;
    }
    let path = dir.join(relative);
    path.is_file().then_some(path)
}

/// Percent-decoding of a URL path; `None` when it is not valid UTF-8 or holds a NUL.
fn percent_decode(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    if out.contains(&0) {
        return None;
    }
    String::from_utf8(out).ok()
}

/// The stored encodings the client accepts (q > 0), best first.
fn accepted(req: &HttpRequest) -> Vec<(&'static str, &'static str)> {
    let Some(value) = req.headers().get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()) else {
        return Vec::new();
    };
    let mut wildcard = false;
    let mut named: Vec<(String, bool)> = Vec::new();
    for part in value.split(',') {
        let mut pieces = part.split(';');
        let name = pieces.next().unwrap_or_default().trim().to_ascii_lowercase();
        let refused = pieces.any(|p| {
            let p = p.trim();
            p.strip_prefix("q=")
                .or_else(|| p.strip_prefix("Q="))
                .is_some_and(|q| q.trim().parse::<f32>().is_ok_and(|q| q <= 0.0))
        });
        if name == "*" {
            wildcard = !refused;
        } else {
            named.push((name, !refused));
        }
    }
    ENCODINGS
        .into_iter()
        .filter(|(coding, _)| match named.iter().find(|(n, _)| n == coding) {
            Some((_, ok)) => *ok,
            None => wildcard,
        })
        .collect()
}

fn weak_etag(body: &[u8]) -> String {
    let mut hasher = DefaultHasher::new();
    body.hash(&mut hasher);
    format!("W/\"{:016x}-{:x}\"", hasher.finish(), body.len())
}

/// Weak comparison (RFC 9110 §13.1.2): the opaque tags match, with or without `W/`.
fn if_none_match(req: &HttpRequest, etag: &str) -> bool {
    let Some(value) = req.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let ours = etag.trim_start_matches("W/");
    value.split(',').map(str::trim).any(|tag| tag == "*" || tag.trim_start_matches("W/") == ours)
}

fn content_type(path: &Path) -> HeaderValue {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or_default();
    let mime = actix_files::file_extension_to_mime(ext);
    let text = mime.type_() == mime::TEXT || mime.subtype() == mime::JAVASCRIPT || mime.subtype() == mime::JSON;
    let value = if text && mime.get_param(mime::CHARSET).is_none() {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    };
    HeaderValue::from_str(&value).unwrap_or(HeaderValue::from_static("application/octet-stream"))
}

fn not_built() -> HttpResponse {
    HttpResponse::build(StatusCode::SERVICE_UNAVAILABLE).content_type("text/html; charset=utf-8").body(NOT_BUILT)
}

const NOT_BUILT: &str =
    "<!doctype html><html lang=\"ar\" dir=\"rtl\"><head><meta charset=\"utf-8\"><title>لمسة · Lamsa</title></head>\
<body><main><h1>لمسة</h1><p>واجهة الويب غير مبنية بعد. شغّل <code>make run</code>.</p>\
<p lang=\"en\" dir=\"ltr\">The web app is not built yet. Run <code>make run</code>.</p></main></body></html>";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_the_web_dir() {
        let dir = tempfile_dir();
        std::fs::write(dir.join("robots.txt"), "x").unwrap();
        assert!(file_for(&dir, "/robots.txt").is_some());
        assert!(file_for(&dir, "/../etc/passwd").is_none());
        assert!(file_for(&dir, "/%2e%2e/etc/passwd").is_none());
        assert!(file_for(&dir, "/").is_none());
        assert!(file_for(&dir, "/robots.txt.gz").is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn tempfile_dir() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("lamsa-web-app-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}
