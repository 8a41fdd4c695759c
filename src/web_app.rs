//! Delivery of the built web app (`LAMSA_WEB_DIR`, web/dist). The Vite build writes brotli and
//! gzip copies next to every text asset (web/build/precompress.ts); a request gets the best copy
//! its `Accept-Encoding` allows, with `Content-Encoding` and `Vary: Accept-Encoding`, so nothing
//! is compressed per request. Hashed `/assets/*` are cached for a year (`immutable`); every other
//! file, and `index.html` above all, is `no-cache` with an ETag a browser revalidates (304).
//!
//! Public pages are prerendered in both languages (web/build/prerender.ts writes
//! `prerendered/<lang>/<page>.html`): a path with such a page gets it in the visitor's language
//! (`?lang=`, then the `app-lang` cookie the app sets, then `Accept-Language`, then Arabic) with
//! its canonical and hreflang links. Another path that a client route claims (a dashboard, a
//! news item) gets `index.html`, the app's shell; any other path the prerendered not-found page.

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

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

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
    // The prerendered pages are templates the server fills in (site settings, news items): never
    // served as files of their own.
    let file = file_for(dir, req.path()).filter(|_| !req.path().starts_with(&format!("/{PRERENDERED}/")));
    let (path, immutable) = match file {
        Some(path) => {
            let immutable = req.path().starts_with("/assets/");
            (path, immutable)
        }
        // A chunk of an older build, say: a 404 lets the page fail clearly, not parse HTML as code.
        None if req.path().starts_with("/assets/") => return HttpResponse::NotFound().finish(),
        None => match prerendered(&state, req.path(), req.query_string(), lang_of(&req)).await {
            Some(page) => return page.respond(&req, &state.settings.public_url),
            None => (dir.join("index.html"), false),
        },
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

/// The prerendered pages' directory inside the web dir.
const PRERENDERED: &str = "prerendered";
/// The cookie the web app sets when the language is chosen (and on every prerendered page).
const LANG_COOKIE: &str = "app-lang";

/// The interface languages; the first is the default.
const LANGS: [&str; 2] = ["ar", "en"];

/// A prerendered page chosen for a request.
struct Page {
    html: String,
    lang: &'static str,
    /// The path without a trailing slash ("/" for the home page).
    path: String,
    status: StatusCode,
}

/// The visitor's language: the address's `?lang=`, the remembered choice (cookie), the browser's
/// `Accept-Language`, Arabic.
fn lang_of(req: &HttpRequest) -> &'static str {
    let known = |value: &str| LANGS.into_iter().find(|l| value.eq_ignore_ascii_case(l));
    let query = req.query_string().split('&').find_map(|pair| pair.strip_prefix("lang=")).and_then(known);
    let cookie = || req.cookie(LANG_COOKIE).and_then(|c| known(c.value()));
    query.or_else(cookie).or_else(|| accept_language(req)).unwrap_or(LANGS[0])
}

/// The best of our languages in `Accept-Language` (highest q, then the first listed).
fn accept_language(req: &HttpRequest) -> Option<&'static str> {
    let value = req.headers().get(header::ACCEPT_LANGUAGE)?.to_str().ok()?;
    let mut best: Option<(&'static str, f32)> = None;
    for part in value.split(',') {
        let mut pieces = part.split(';');
        let tag = pieces.next().unwrap_or_default().trim();
        let primary = tag.split('-').next().unwrap_or_default();
        let q =
            pieces.find_map(|p| p.trim().strip_prefix("q=").and_then(|q| q.trim().parse::<f32>().ok())).unwrap_or(1.0);
        let Some(lang) = LANGS.into_iter().find(|l| primary.eq_ignore_ascii_case(l)) else { continue };
        if q > 0.0 && best.is_none_or(|(_, b)| q > b) {
            best = Some((lang, q));
        }
    }
    best.map(|(lang, _)| lang)
}

/// The prerendered page for `request_path` in `lang`: the page itself, a published news item
/// filled into its page, or the not-found page when no client route claims the path; `None` for
/// the app's shell (or a build without pages).
async fn prerendered(state: &AppState, request_path: &str, query: &str, lang: &'static str) -> Option<Page> {
    let pages = state.settings.web_dir.join(PRERENDERED);
    let path = match request_path.trim_end_matches('/') {
        "" => "/".to_string(),
        p => p.to_string(),
    };
    let name = if path == "/" { "index.html".to_string() } else { format!("{}.html", &path[1..]) };
    let base = pages.join(lang);
    // The pages' own file names are no addresses of theirs.
    let own_name = path == "/index" || path == "/404";
    if path == "/news" && first_page(query) {
        if let Some(html) = news_list(state, &base, lang).await {
            return Some(Page { html, lang, path, status: StatusCode::OK });
        }
    }
    if let Some(file) = file_for(&base, &name).filter(|_| !own_name) {
        let html = tokio::fs::read_to_string(file).await.ok()?;
        let html = with_site(state, &html, lang, |_| None, Vec::new()).await?;
        return Some(Page { html, lang, path, status: StatusCode::OK });
    }
    if let Some(slug) = path.strip_prefix("/news/").filter(|s| !s.contains('/')).and_then(percent_decode) {
        let html = news_item(state, &base, &slug, lang).await?;
        return Some(Page { html, lang, path, status: StatusCode::OK });
    }
    if claimed_by_client(&pages, &path).await {
        return None;
    }
    let html = tokio::fs::read_to_string(base.join("404.html")).await.ok()?;
    let html = with_site(state, &html, lang, |_| None, Vec::new()).await?;
    Some(Page { html, lang, path, status: StatusCode::NOT_FOUND })
}

/// The query key under which the app keeps the site settings (web/src/lib/site.tsx).
const SITE_KEY: &str = "site-settings";

/// A prerendered page with the society's site settings filled in (issue 23), and with them (and
/// `queries`, data of the page itself) in `lamsa-data`, which the app puts into its query cache
/// before hydrating, so that its first render is this HTML (web/src/lib/site.tsx).
///
/// The prerender renders every setting as a marker: `@@SITE:NAME@@` for a value (escaped here),
/// and `@@IF:KEY@@ … @@END:KEY@@` / `@@NOT:KEY@@ … @@END:KEY@@` around what shows only when a
/// setting is set / unset; a block is kept without its markers or dropped whole. `other` fills
/// the page's own markers in the same pass (a value is never read again for markers).
async fn with_site(
    state: &AppState,
    template: &str,
    lang: &'static str,
    other: impl Fn(&str) -> Option<String>,
    mut queries: Vec<serde_json::Value>,
) -> Option<String> {
    let settings = state.site.get_or_default().await;
    let site = crate::routes::dto::site_settings(&state.media, &settings);
    let en = lang == "en";
    let html = fill(
        template,
        |name| match name.strip_prefix("SITE:") {
            Some(key) => site_value(&site, en, key).map(|v| escape_attr(&v)),
            None => other(name),
        },
        |key| site_set(&site, en, key),
    );
    queries.push(serde_json::json!({ "key": [SITE_KEY], "data": site }));
    let data = serde_json::json!({ "queries": queries });
    // `<` only occurs inside JSON strings, where \u003c means the same: nothing can end the script.
    let script = format!(
        "<script id=\"lamsa-data\" type=\"application/json\">{}</script>\n",
        data.to_string().replace('<', "\\u003c")
    );
    let at_head = html.find("</head>")?;
    Some(format!("{}{script}{}", &html[..at_head], &html[at_head..]))
}

/// The text of one setting in the page's language (`None`: unset, or no such key).
fn site_value(s: &crate::routes::dto::SiteSettingsDto, en: bool, key: &str) -> Option<String> {
    let pick = |ar: &Option<String>, english: &Option<String>| if en { english.clone() } else { ar.clone() };
    if let Some((n, part)) = key.strip_prefix("LOGO").and_then(|k| k.split_once('_')) {
        let logo = s.logos.get(n.parse::<usize>().ok()?.checked_sub(1)?)?;
        return match part {
            "URL" => Some(logo.url.clone()),
            "ALT" => Some(if en { logo.alt_en.clone() } else { logo.alt_ar.clone() }),
            _ => None,
        };
    }
    match key {
        "NAME" => pick(&s.society_name_ar, &s.society_name_en),
        "EMAIL" => s.contact_email.clone(),
        "PHONE" => s.contact_phone.clone(),
        // For `tel:` links: the digits and a leading +, as web/src/lib/site.tsx makes it.
        "PHONE_TEL" => {
            s.contact_phone.as_ref().map(|p| p.chars().filter(|c| c.is_ascii_digit() || *c == '+').collect())
        }
        "ADDRESS" => pick(&s.address_ar, &s.address_en),
        "CREDIT" => pick(&s.credit_ar, &s.credit_en),
        "X" => s.social_x.clone(),
        "FACEBOOK" => s.social_facebook.clone(),
        "YOUTUBE" => s.social_youtube.clone(),
        "INSTAGRAM" => s.social_instagram.clone(),
        _ => None,
    }
}

/// Whether the setting a block depends on is set (`None`: no such key, the markers stay).
fn site_set(s: &crate::routes::dto::SiteSettingsDto, en: bool, key: &str) -> Option<bool> {
    Some(match key {
        "CONTACT" => ["EMAIL", "PHONE", "ADDRESS"].iter().any(|k| site_value(s, en, k).is_some()),
        "SOCIAL" => ["X", "FACEBOOK", "YOUTUBE", "INSTAGRAM"].iter().any(|k| site_value(s, en, k).is_some()),
        "LOGOS" => !s.logos.is_empty(),
        k if k.starts_with("LOGO") => {
            let n = k[4..].parse::<usize>().ok()?;
            (1..=s.logos.len()).contains(&n)
        }
        "NAME" | "EMAIL" | "PHONE" | "ADDRESS" | "CREDIT" | "X" | "FACEBOOK" | "YOUTUBE" | "INSTAGRAM" => {
            site_value(s, en, key).is_some()
        }
        _ => return None,
    })
}

/// A published news item in its prerendered page (`_templates/news-item*.html`, with markers
/// where the item goes), with the item as the API gives it in `lamsa-data` so that the app
/// hydrates from it without asking again. `None` (the app's shell, which says "not found") for a
/// draft or an unknown slug.
async fn news_item(state: &AppState, base: &Path, slug: &str, lang: &'static str) -> Option<String> {
    let row = crate::services::news::public(&state.db, slug).await.ok()?;
    let item = crate::routes::dto::news_public(&state.media, &row);
    let variant = match (item.image_url.is_some(), item.link.is_some()) {
        (false, false) => "news-item",
        (true, false) => "news-item-image",
        (false, true) => "news-item-link",
        (true, true) => "news-item-image-link",
    };
    let template = tokio::fs::read_to_string(base.join("_templates").join(format!("{variant}.html"))).await.ok()?;
    let en = lang == "en";
    let at = item.published_at.clone().unwrap_or_default();
    let news = |marker: &str| {
        Some(match marker {
            "TITLE" => escape_attr(if en { &item.title_en } else { &item.title_ar }),
            // Safe HTML: rendered from Markdown and sanitised by the server, as the API sends it.
            "BODY" => (if en { &item.body_html_en } else { &item.body_html_ar }).clone(),
            "IMAGE" => escape_attr(item.image_url.as_deref().unwrap_or_default()),
            "ALT" => {
                escape_attr((if en { &item.image_alt_en } else { &item.image_alt_ar }).as_deref().unwrap_or_default())
            }
            "LINK" => escape_attr(item.link.as_deref().unwrap_or_default()),
            // The page's own first render writes the day as it comes (YYYY-MM-DD): NewsDetailPage.
            "AT" => escape_attr(&at),
            "DAY" => escape_attr(at.get(..10).unwrap_or(&at)),
            _ => return None,
        })
    };
    let query = serde_json::json!({ "key": ["news", "item", slug, lang], "data": item });
    with_site(state, &template, lang, news, vec![query]).await
}

/// Whether the news list's address asks for its first page (`?page=` absent or 1); other pages
/// are the prerendered page, which asks for its items once hydrated.
fn first_page(query: &str) -> bool {
    form_urlencoded::parse(query.as_bytes()).all(|(k, v)| k != "page" || v == "1")
}

/// The news list's first page filled in (`_templates/news-list*.html`: no items, one page, more
/// pages; each item from `news-list-item.html`), with the answer `GET /api/news?page=1&per_page=10`
/// gives in `lamsa-data`, so that the list is in the first frame and the app hydrates without
/// asking again. `None` (the prerendered page, which fetches) if the database does not answer.
async fn news_list(state: &AppState, base: &Path, lang: &'static str) -> Option<String> {
    const PER_PAGE: i64 = 10;
    let rows = crate::services::news::public_page(&state.db, PER_PAGE, 0).await.ok()?;
    let list = crate::routes::news::NewsList {
        items: rows.items.iter().map(|n| crate::routes::dto::news_public(&state.media, n)).collect(),
        page: 1,
        per_page: PER_PAGE,
        total: rows.total,
    };
    let pages = ((list.total + PER_PAGE - 1) / PER_PAGE).max(1);
    let templates = base.join("_templates");
    let variant = match (list.items.is_empty(), pages > 1) {
        (true, _) => "news-list-empty",
        (false, false) => "news-list-one-page",
        (false, true) => "news-list-more",
    };
    let template = tokio::fs::read_to_string(templates.join(format!("{variant}.html"))).await.ok()?;
    let item_template = tokio::fs::read_to_string(templates.join("news-list-item.html")).await.ok()?;
    let en = lang == "en";
    let items: String = list
        .items
        .iter()
        .map(|item| {
            let at = item.published_at.clone().unwrap_or_default();
            fill(
                &item_template,
                |marker| {
                    Some(match marker {
                        // As the app's link writes it (encodeURIComponent).
                        "SLUG" => utf8_percent_encode(&item.slug, URI_COMPONENT).to_string(),
                        "TITLE" => escape_attr(if en { &item.title_en } else { &item.title_ar }),
                        "SUMMARY" => escape_attr(if en { &item.summary_en } else { &item.summary_ar }),
                        "AT" => escape_attr(&at),
                        "DAY" => escape_attr(at.get(..10).unwrap_or(&at)),
                        _ => return None,
                    })
                },
                |_| None,
            )
        })
        .collect();
    let query = serde_json::json!({ "key": ["news", "list", 1, lang], "data": list });
    // The list and the site settings in one pass (the items' text is never read for markers).
    let page = |marker: &str| match marker {
        "ITEMS" => Some(items.clone()),
        "PAGES" => Some(pages.to_string()),
        _ => None,
    };
    with_site(state, &template, lang, page, vec![query]).await
}

/// What `encodeURIComponent` leaves as it is: letters, digits and `-_.!~*'()`.
const URI_COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// Replaces each `@@NAME@@` marker with its `value`, and keeps (without its markers) or drops
/// each block `@@IF:KEY@@ … @@END:KEY@@` (kept when `set(KEY)`) and `@@NOT:KEY@@ … @@END:KEY@@`
/// (kept when not), in one pass: a value that holds a marker stays as it is. Names are `A-Z`,
/// digits, `_` and `:`; a marker nobody knows stays as it is.
fn fill(template: &str, value: impl Fn(&str) -> Option<String>, set: impl Fn(&str) -> Option<bool>) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(start) = rest.find("@@") {
        let after = &rest[start + 2..];
        let Some(end) = after.find("@@") else { break };
        let name = &after[..end];
        let tail = &after[end + 2..];
        let well_formed = !name.is_empty()
            && name.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_' || c == ':');
        let block = name
            .strip_prefix("IF:")
            .map(|k| (k, true))
            .or_else(|| name.strip_prefix("NOT:").map(|k| (k, false)))
            .filter(|_| well_formed)
            .and_then(|(k, when)| set(k).map(|is_set| (k, is_set == when)));
        if let Some((key, keep)) = block {
            out.push_str(&rest[..start]);
            rest = tail;
            if !keep {
                let close = format!("@@END:{key}@@");
                if let Some(i) = tail.find(&close) {
                    rest = &tail[i + close.len()..];
                }
            }
            continue;
        }
        if name.strip_prefix("END:").is_some_and(|k| well_formed && set(k).is_some()) {
            out.push_str(&rest[..start]);
            rest = tail;
            continue;
        }
        match value(name).filter(|_| well_formed) {
            Some(v) => {
                out.push_str(&rest[..start]);
                out.push_str(&v);
                rest = tail;
            }
            None => {
                out.push_str(&rest[..start + 2]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Whether a client route starts with the path's first segment (`prerendered/routes.json`,
/// written by the prerender from the app's route table). Without the file, every path is.
async fn claimed_by_client(pages: &Path, path: &str) -> bool {
    #[derive(serde::Deserialize)]
    struct Routes {
        segments: Vec<String>,
    }
    let Ok(text) = tokio::fs::read(pages.join("routes.json")).await else { return true };
    let Ok(routes) = serde_json::from_slice::<Routes>(&text) else { return true };
    let first = path.trim_start_matches('/').split('/').next().unwrap_or_default();
    routes.segments.iter().any(|s| s == first)
}

impl Page {
    /// The page with its canonical address and its alternates in each language (absolute, as
    /// search engines want them), revalidated by ETag like index.html. It varies with the
    /// cookie and Accept-Language, so no shared cache may hand one visitor's language to another.
    fn respond(mut self, req: &HttpRequest, public_url: &str) -> HttpResponse {
        // No x-default: the address without `?lang=` answers in the visitor's language, so it
        // is no page of its own; its canonical address is the one in the language it gave.
        let address = |lang: &str| format!("{public_url}{}?lang={lang}", escape_attr(&self.path));
        let mut links = String::new();
        if self.status == StatusCode::OK {
            links.push_str(&format!("<link rel=\"canonical\" href=\"{}\">\n", address(self.lang)));
            for lang in LANGS {
                links.push_str(&format!("<link rel=\"alternate\" hreflang=\"{lang}\" href=\"{}\">\n", address(lang)));
            }
        }
        if let Some(at) = self.html.find("</head>") {
            self.html.insert_str(at, &links);
        }
        // Alternates must be absolute, the news feeds' too.
        self.html = self.html.replace("href=\"/api/news/feed.atom", &format!("href=\"{public_url}/api/news/feed.atom"));
        let etag = weak_etag(self.html.as_bytes());
        let vary = "Accept-Encoding, Cookie, Accept-Language";
        if self.status == StatusCode::OK && if_none_match(req, &etag) {
            return HttpResponse::NotModified()
                .insert_header((header::ETAG, etag))
                .insert_header((header::CACHE_CONTROL, REVALIDATE))
                .insert_header((header::VARY, vary))
                .finish();
        }
        HttpResponse::build(self.status)
            .content_type("text/html; charset=utf-8")
            .insert_header((header::CONTENT_LANGUAGE, self.lang))
            .insert_header((header::ETAG, etag))
            .insert_header((header::CACHE_CONTROL, REVALIDATE))
            .insert_header((header::VARY, vary))
            // Small, and different per language and origin: compressed by the Compress middleware.
            .body(self.html)
    }
}

fn escape_attr(s: &str) -> String {
    s.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
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
    fn markers_are_filled_and_blocks_kept_or_dropped_in_one_pass() {
        let value = |n: &str| match n {
            "SITE:NAME" => Some("A &amp; B".to_string()),
            "TITLE" => Some("@@SITE:NAME@@".to_string()),
            _ => None,
        };
        let set = |k: &str| match k {
            "NAME" => Some(true),
            "X" => Some(false),
            _ => None,
        };
        let html = "<p>@@SITE:NAME@@</p>@@IF:X@@<li>x</li>@@END:X@@@@NOT:X@@<li>none</li>@@END:X@@\
                    @@IF:NAME@@<b>@@TITLE@@</b>@@END:NAME@@ a@@b @@OTHER@@ @@IF:UNKNOWN@@";
        assert_eq!(
            fill(html, value, set),
            "<p>A &amp; B</p><li>none</li><b>@@SITE:NAME@@</b> a@@b @@OTHER@@ @@IF:UNKNOWN@@"
        );
    }

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
