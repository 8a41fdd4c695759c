//! The web app's delivery: precompressed copies by Accept-Encoding, caching headers, the ETag
//! revalidation of index.html, robots.txt, and compressed API JSON.

use std::io::{Read, Write};

use reqwest::{header::HeaderMap, StatusCode};

use crate::helpers::{spawn_app, TestApp};

const BUNDLE: &str = "export function greet(){return 'مرحبا بكم في لمسة'}\n";

/// Writes a hashed asset with its .br and .gz copies, as the Vite build does.
fn write_asset(app: &TestApp, name: &str, body: &str) {
    let assets = app.data_dir.path().join("web/assets");
    std::fs::write(assets.join(name), body).unwrap();
    std::fs::write(assets.join(format!("{name}.br")), brotli(body.as_bytes())).unwrap();
    std::fs::write(assets.join(format!("{name}.gz")), gzip(body.as_bytes())).unwrap();
}

fn brotli(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut w = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
        w.write_all(body).unwrap();
    }
    out
}

fn gzip(body: &[u8]) -> Vec<u8> {
    let mut w = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    w.write_all(body).unwrap();
    w.finish().unwrap()
}

fn unbrotli(body: &[u8]) -> String {
    let mut out = String::new();
    brotli::Decompressor::new(body, 4096).read_to_string(&mut out).unwrap();
    out
}

fn gunzip(body: &[u8]) -> String {
    let mut out = String::new();
    flate2::read::GzDecoder::new(body).read_to_string(&mut out).unwrap();
    out
}

async fn get(app: &TestApp, path: &str, accept: Option<&str>) -> (StatusCode, HeaderMap, Vec<u8>) {
    let mut req = app.client.get(app.url(path));
    if let Some(accept) = accept {
        req = req.header("Accept-Encoding", accept);
    }
    let resp = req.send().await.unwrap();
    let (status, headers) = (resp.status(), resp.headers().clone());
    (status, headers, resp.bytes().await.unwrap().to_vec())
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).map(|v| v.to_str().unwrap())
}

#[actix_web::test]
async fn hashed_assets_come_in_the_best_accepted_encoding_and_are_cached_for_a_year() {
    let app = spawn_app().await;
    write_asset(&app, "index-4f2a9c.js", BUNDLE);

    let (status, h, body) = get(&app, "/assets/index-4f2a9c.js", Some("gzip, deflate, br, zstd")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(header(&h, "content-encoding"), Some("br"));
    assert_eq!(unbrotli(&body), BUNDLE);
    assert_eq!(header(&h, "vary"), Some("Accept-Encoding"));
    assert_eq!(header(&h, "cache-control"), Some("public, max-age=31536000, immutable"));
    assert!(header(&h, "content-type").unwrap().starts_with("text/javascript"), "{h:?}");

    // A client without brotli gets gzip; br;q=0 refuses brotli explicitly.
    for accept in ["gzip", "br;q=0, gzip;q=0.8"] {
        let (_, h, body) = get(&app, "/assets/index-4f2a9c.js", Some(accept)).await;
        assert_eq!(header(&h, "content-encoding"), Some("gzip"), "{accept}");
        assert_eq!(gunzip(&body), BUNDLE, "{accept}");
    }
    // No Accept-Encoding: the file as it is.
    let (_, h, body) = get(&app, "/assets/index-4f2a9c.js", None).await;
    assert_eq!(header(&h, "content-encoding"), None);
    assert_eq!(String::from_utf8(body).unwrap(), BUNDLE);
    assert_eq!(header(&h, "vary"), Some("Accept-Encoding"));

    // The stored copies are not reachable by their own names, and nothing outside the web dir.
    for path in ["/assets/index-4f2a9c.js.br", "/assets/..%2F..%2Flamsa.db", "/assets/index-0ld.js"] {
        let (status, _, _) = get(&app, path, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
    let (status, _, body) = get(&app, "/..%2Flamsa.db", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(String::from_utf8_lossy(&body).contains("<html lang=\"ar\" dir=\"rtl\">"), "the app's index instead");
}

#[actix_web::test]
async fn index_html_is_revalidated_by_etag_and_client_routes_get_it_too() {
    let app = spawn_app().await;
    let index = app.data_dir.path().join("web/index.html");
    let html = std::fs::read_to_string(&index).unwrap();
    std::fs::write(app.data_dir.path().join("web/index.html.br"), brotli(html.as_bytes())).unwrap();

    let (status, h, body) = get(&app, "/", Some("br")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(header(&h, "cache-control"), Some("no-cache"));
    assert_eq!(header(&h, "content-encoding"), Some("br"));
    assert_eq!(unbrotli(&body), html);
    let etag = header(&h, "etag").expect("an ETag").to_string();

    // The same ETag on a client route, and a 304 with no body when the browser has it.
    for path in ["/", "/student/courses", "/braille-translator"] {
        let resp = app.client.get(app.url(path)).header("If-None-Match", &etag).send().await.unwrap();
        assert_eq!(resp.status(), StatusCode::NOT_MODIFIED, "{path}");
        assert_eq!(resp.headers()["etag"], etag.as_str());
        assert!(resp.bytes().await.unwrap().is_empty());
    }
    // A new build changes the tag, so the next visit gets the new page.
    std::fs::write(&index, html.replace("لمسة", "لمسة ·")).unwrap();
    let resp = app.client.get(app.url("/")).header("If-None-Match", &etag).send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert_ne!(resp.headers()["etag"], etag.as_str());
    assert!(resp.text().await.unwrap().contains("لمسة ·"));
}

#[actix_web::test]
async fn a_file_without_stored_copies_is_compressed_on_the_fly_and_names_accept_encoding_once() {
    let app = spawn_app().await;
    let small = "export const a = 1;\n";
    std::fs::write(app.data_dir.path().join("web/assets/tiny-1a2b3c.js"), small).unwrap();
    let (status, h, body) = get(&app, "/assets/tiny-1a2b3c.js", Some("gzip, br")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(header(&h, "content-encoding"), Some("br"));
    assert_eq!(unbrotli(&body), small);
    let vary: Vec<&str> = h.get_all("vary").iter().map(|v| v.to_str().unwrap()).collect();
    assert_eq!(vary.len(), 1, "{vary:?}");
    assert!(vary[0].eq_ignore_ascii_case("accept-encoding"), "{vary:?}");
}

#[actix_web::test]
async fn robots_txt_is_served_and_other_methods_are_refused() {
    let app = spawn_app().await;
    std::fs::write(app.data_dir.path().join("web/robots.txt"), "User-agent: *\nDisallow: /api/\n").unwrap();
    let (status, h, body) = get(&app, "/robots.txt", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(header(&h, "content-type"), Some("text/plain; charset=utf-8"));
    assert_eq!(String::from_utf8(body).unwrap(), "User-agent: *\nDisallow: /api/\n");
    assert!(header(&h, "etag").is_some());
    let post = app.client.post(app.url("/robots.txt")).send().await.unwrap();
    assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
}

#[actix_web::test]
async fn api_json_is_compressed_for_clients_that_accept_it() {
    let app = spawn_app().await;
    let (status, h, body) = get(&app, "/api/openapi.json", Some("br")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(header(&h, "content-encoding"), Some("br"));
    assert!(
        header(&h, "vary").unwrap().contains("accept-encoding")
            || header(&h, "vary").unwrap().contains("Accept-Encoding")
    );
    let doc: serde_json::Value = serde_json::from_str(&unbrotli(&body)).unwrap();
    assert!(doc["paths"].is_object());

    let (_, h, body) = get(&app, "/api/openapi.json", Some("gzip")).await;
    assert_eq!(header(&h, "content-encoding"), Some("gzip"));
    assert!(serde_json::from_str::<serde_json::Value>(&gunzip(&body)).is_ok());

    // Errors too, and without Accept-Encoding the JSON is plain.
    let (status, h, body) = get(&app, "/api/no/such/route", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(header(&h, "content-encoding"), None);
    let error: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(error["code"], "not_found");
}

/// A prerendered build's pages (web/build/prerender.ts writes them): one page in each language,
/// the not-found page, a news item template and the client routes' first segments.
fn write_prerendered(app: &TestApp) {
    let dir = app.data_dir.path().join("web/prerendered");
    for (lang, dir_attr, about) in [("ar", "rtl", "عن الجمعية"), ("en", "ltr", "About the society")] {
        let page = |title: &str, body: &str| {
            format!(
                "<!doctype html><html lang=\"{lang}\" dir=\"{dir_attr}\" data-prerendered><head><title>{title}</title><link rel=\"alternate\" type=\"application/atom+xml\" hreflang=\"ar\" href=\"/api/news/feed.atom?lang=ar\" /></head>\
                 <body><div id=\"root\"><h1 id=\"page-title\">{body}</h1></div></body></html>"
            )
        };
        std::fs::create_dir_all(dir.join(lang).join("_templates")).unwrap();
        std::fs::write(dir.join(lang).join("about-us.html"), page(about, about)).unwrap();
        std::fs::write(dir.join(lang).join("index.html"), page("home", &format!("home {lang}"))).unwrap();
        std::fs::write(dir.join(lang).join("404.html"), page("404", &format!("not found {lang}"))).unwrap();
        std::fs::write(
            dir.join(lang).join("_templates/news-item-link.html"),
            page("@@TITLE@@", "@@TITLE@@</h1><time dateTime=\"@@AT@@\">@@DAY@@</time><div>@@BODY@@</div><a href=\"@@LINK@@\">x</a><h1>"),
        )
        .unwrap();
        std::fs::write(dir.join(lang).join("news.html"), page("news", "news, loading")).unwrap();
        std::fs::write(dir.join(lang).join("_templates/news-list-empty.html"), page("news", "no news yet")).unwrap();
        std::fs::write(dir.join(lang).join("_templates/news-list-one-page.html"), page("news", "<ul>@@ITEMS@@</ul>"))
            .unwrap();
        std::fs::write(
            dir.join(lang).join("_templates/news-list-more.html"),
            page("news", "<ul>@@ITEMS@@</ul><p>page 1 of @@PAGES@@</p>"),
        )
        .unwrap();
        std::fs::write(
            dir.join(lang).join("_templates/news-list-item.html"),
            "<li><a href=\"/news/@@SLUG@@\">@@TITLE@@</a><time dateTime=\"@@AT@@\">@@DAY@@</time><p>@@SUMMARY@@</p></li>",
        )
        .unwrap();
    }
    std::fs::write(dir.join("routes.json"), r#"{"segments":["about-us","news","student"]}"#).unwrap();
}

async fn page(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> (StatusCode, HeaderMap, String) {
    let mut req = app.client.get(app.url(path));
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    let resp = req.send().await.unwrap();
    let (status, h) = (resp.status(), resp.headers().clone());
    (status, h, resp.text().await.unwrap())
}

#[actix_web::test]
async fn a_prerendered_page_comes_in_the_address_s_then_the_remembered_then_the_browser_s_language() {
    let app = spawn_app().await;
    write_prerendered(&app);
    let lang_of = |h: &HeaderMap, body: &str| {
        let lang = header(h, "content-language").unwrap().to_string();
        assert!(body.contains(&format!("<html lang=\"{lang}\"")), "{body}");
        lang
    };
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str);
    let cases: [Case; 9] = [
        ("/about-us", &[], "ar"),
        ("/about-us", &[("Accept-Language", "en-GB,en;q=0.9")], "en"),
        ("/about-us", &[("Accept-Language", "fr, ar;q=0.5, en;q=0.8")], "en"),
        ("/about-us", &[("Accept-Language", "de, fr")], "ar"),
        // The cookie the app sets beats the browser's languages.
        ("/about-us", &[("Cookie", "app-lang=ar"), ("Accept-Language", "en")], "ar"),
        ("/about-us/", &[("Cookie", "theme=x; app-lang=en"), ("Accept-Language", "ar")], "en"),
        // The address's language beats both.
        ("/about-us?lang=ar", &[("Cookie", "app-lang=en"), ("Accept-Language", "en")], "ar"),
        ("/about-us?lang=en", &[], "en"),
        ("/?lang=en", &[], "en"),
    ];
    for (path, headers, want) in cases {
        let (status, h, body) = page(&app, path, headers).await;
        assert_eq!(status, StatusCode::OK, "{path} {headers:?}");
        assert_eq!(lang_of(&h, &body), want, "{path} {headers:?}");
        assert_eq!(header(&h, "cache-control"), Some("no-cache"));
        let vary = header(&h, "vary").unwrap().to_ascii_lowercase();
        assert!(vary.contains("cookie") && vary.contains("accept-language"), "{vary}");
    }
    let (_, _, home) = page(&app, "/", &[("Cookie", "app-lang=en")]).await;
    assert!(home.contains("home en"), "{home}");
}

#[actix_web::test]
async fn a_prerendered_page_names_its_canonical_address_and_its_address_in_each_language() {
    let app = spawn_app().await;
    write_prerendered(&app);
    // The server's public address (LAMSA_PUBLIC_URL; the tests' settings).
    let base = "http://lamsa.test";
    let (_, _, body) = page(&app, "/about-us", &[("Cookie", "app-lang=en")]).await;
    for link in [
        format!("<link rel=\"canonical\" href=\"{base}/about-us?lang=en\">"),
        format!("<link rel=\"alternate\" hreflang=\"ar\" href=\"{base}/about-us?lang=ar\">"),
        format!("<link rel=\"alternate\" hreflang=\"en\" href=\"{base}/about-us?lang=en\">"),
    ] {
        assert!(body.contains(&link), "{link} in {body}");
    }
    // The address without ?lang= answers per visitor: it is no alternate of its own.
    assert!(!body.contains("x-default"), "{body}");
    assert!(body.find("<link rel=\"canonical\"").unwrap() < body.find("</head>").unwrap());
    assert!(
        body.contains(&format!("href=\"{base}/api/news/feed.atom?lang=ar\"")),
        "the feed's address absolute too: {body}"
    );
    let (_, _, ar) = page(&app, "/about-us?lang=ar", &[]).await;
    assert!(ar.contains(&format!("<link rel=\"canonical\" href=\"{base}/about-us?lang=ar\">")), "{ar}");

    // The ETag follows the language: a 304 only for the same page in the same language.
    let (_, h, _) = page(&app, "/about-us?lang=en", &[]).await;
    let etag = header(&h, "etag").unwrap().to_string();
    let (status, _, _) = page(&app, "/about-us?lang=en", &[("If-None-Match", &etag)]).await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    let (status, _, _) = page(&app, "/about-us?lang=ar", &[("If-None-Match", &etag)]).await;
    assert_eq!(status, StatusCode::OK);
}

#[actix_web::test]
async fn signed_in_pages_get_the_app_s_shell_and_unknown_paths_the_not_found_page() {
    let app = spawn_app().await;
    write_prerendered(&app);
    let shell = std::fs::read_to_string(app.data_dir.path().join("web/index.html")).unwrap();
    for path in ["/student/courses", "/news/no-such-item", "/about-us/more"] {
        let (status, _, body) = page(&app, path, &[("Cookie", "app-lang=en")]).await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, shell.as_str()), "{path}");
    }
    for path in ["/no-such-page", "/404", "/index"] {
        let (status, h, body) = page(&app, path, &[("Cookie", "app-lang=en")]).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(header(&h, "content-language"), Some("en"));
        assert!(body.contains("not found en"), "{path}: {body}");
        assert!(!body.contains("rel=\"canonical\""), "a missing page has no address to name");
    }
}

#[actix_web::test]
async fn a_published_news_item_is_filled_into_its_prerendered_page_with_its_data_for_the_app() {
    use lamsa::domain::UserType;
    let app = spawn_app().await;
    write_prerendered(&app);
    let sup = app.account(UserType::Supervisor, "mona@example.com").await;
    let body = serde_json::json!({
        "slug": "new-course", "title_ar": "دورة <جديدة>", "title_en": "A \"new\" course & more",
        "body_md_ar": "دورة **جديدة**.", "body_md_en": "A *new* course </script><script>alert(1)</script>",
        "link": "https://example.org/course?a=1&b=2", "state": "published"
    });
    let r = app.post_auth("/api/admin/news", sup["access"].as_str().unwrap(), body, "en").await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    let api = app.send(app.client.get(app.url("/api/news/new-course"))).await.body;

    let (status, h, html) = page(&app, "/news/new-course", &[("Cookie", "app-lang=en")]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(header(&h, "content-language"), Some("en"));
    assert!(html.contains("<title>A &quot;new&quot; course &amp; more</title>"), "{html}");
    let at = api["published_at"].as_str().unwrap();
    assert!(html.contains(&format!("<time dateTime=\"{at}\">{}</time>", &at[..10])), "{html}");
    assert!(html.contains(api["body_html_en"].as_str().unwrap()), "the API's sanitised body: {html}");
    assert!(html.contains("href=\"https://example.org/course?a=1&amp;b=2\""), "{html}");
    assert!(!html.contains("@@"), "every marker filled: {html}");
    assert!(html.contains("hreflang=\"ar\""));

    // The item as the API answers it, for the app's query cache, that no text can break out of.
    let start = html.find("<script id=\"lamsa-data\" type=\"application/json\">").expect("lamsa-data");
    let json = &html[start..];
    let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
    assert!(!json.contains('<'), "{json}");
    let data: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(data["queries"][0]["key"], serde_json::json!(["news", "item", "new-course", "en"]));
    assert_eq!(data["queries"][0]["data"], api);

    let (_, _, ar) = page(&app, "/news/new-course", &[("Accept-Language", "ar")]).await;
    assert!(ar.contains("<title>دورة &lt;جديدة&gt;</title>"), "{ar}");
}

#[actix_web::test]
async fn the_news_list_s_first_page_is_filled_in_with_the_api_s_answer_for_the_app() {
    use lamsa::domain::UserType;
    let app = spawn_app().await;
    write_prerendered(&app);
    let (_, _, empty) = page(&app, "/news", &[("Accept-Language", "en")]).await;
    assert!(empty.contains("no news yet"), "{empty}");
    assert!(empty.contains("\"total\":0"), "the empty answer for the app: {empty}");

    let sup = app.account(UserType::Supervisor, "mona@example.com").await;
    for n in 1..=11 {
        let body = serde_json::json!({
            "slug": format!("item-{n}"), "title_ar": format!("خبر <{n}>"), "title_en": format!("News & {n}"),
            "body_md_ar": "نص **الخبر**.", "body_md_en": format!("The *news* number {n}."), "state": "published"
        });
        let r = app.post_auth("/api/admin/news", sup["access"].as_str().unwrap(), body, "en").await;
        assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    }
    let api = app.send(app.client.get(app.url("/api/news?page=1&per_page=10"))).await.body;
    let (status, _, html) = page(&app, "/news", &[("Cookie", "app-lang=en")]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(html.matches("<li>").count(), 10, "{html}");
    let first = &api["items"][0];
    let at = first["published_at"].as_str().unwrap();
    assert!(
        html.contains(&format!(
            "<li><a href=\"/news/{}\">News &amp; {}</a><time dateTime=\"{at}\">{}</time><p>The news number {}.</p></li>",
            first["slug"].as_str().unwrap(),
            first["slug"].as_str().unwrap().trim_start_matches("item-"),
            &at[..10],
            first["slug"].as_str().unwrap().trim_start_matches("item-"),
        )),
        "{html}"
    );
    assert!(html.contains("page 1 of 2"), "{html}");
    assert!(!html.contains("@@"), "every marker filled: {html}");
    let start = html.find("<script id=\"lamsa-data\" type=\"application/json\">").expect("lamsa-data");
    let json = &html[start..];
    let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
    assert!(!json.contains('<'), "{json}");
    let data: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(data["queries"][0]["key"], serde_json::json!(["news", "list", 1, "en"]));
    assert_eq!(data["queries"][0]["data"], api);

    let (_, _, ar) = page(&app, "/news?page=1", &[("Accept-Language", "ar")]).await;
    assert!(ar.contains("خبر &lt;11&gt;") && ar.contains("<p>نص الخبر.</p>"), "{ar}");
    // Another page is the prerendered page, which asks for its items itself.
    let (_, _, second) = page(&app, "/news?page=2", &[("Accept-Language", "en")]).await;
    // (Its data is the site settings only, which every prerendered page carries.)
    assert!(second.contains("news, loading") && !second.contains(r#"["news","list""#), "{second}");
}
