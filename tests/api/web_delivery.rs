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
