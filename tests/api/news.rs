//! News (issue 15): supervisors write items in two languages with a preview; visitors read the
//! published ones (never drafts or items scheduled for later), in pages and in Atom feeds;
//! Markdown becomes safe HTML; every change is audited.

use lamsa::domain::UserType;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp};

fn token(login: &Value) -> String {
    login["access"].as_str().unwrap().to_string()
}

fn item(slug: &str, state: &str) -> Value {
    json!({
        "slug": slug, "title_ar": "دورة جديدة", "title_en": "A new course",
        "body_md_ar": "## مرحبًا\n\nدورة **جديدة**.", "body_md_en": "## Welcome\n\nA *new* course: [read](https://example.org/x).",
        "link": "https://example.org/course", "state": state
    })
}

async fn supervisor(app: &TestApp) -> String {
    token(&app.account(UserType::Supervisor, "mona@example.com").await)
}

async fn create(app: &TestApp, sup: &str, body: Value) -> Value {
    let r = app.post_auth("/api/admin/news", sup, body, "en").await;
    assert_eq!((r.status, r.message()), (StatusCode::CREATED, "News item saved"), "{:?}", r.body);
    r.body["news"].clone()
}

#[actix_web::test]
async fn a_published_item_is_public_and_a_draft_or_a_later_one_is_not() {
    let app = spawn_app().await;
    let sup = supervisor(&app).await;
    let published = create(&app, &sup, item("new-course", "published")).await;
    assert_eq!(published["state"], "published");
    assert!(published["body_html_en"].as_str().unwrap().contains("<h2>Welcome</h2>"));
    create(&app, &sup, item("draft-one", "draft")).await;
    let mut later = item("later", "scheduled");
    later["publish_at"] = json!("2099-01-01T09:00:00Z");
    create(&app, &sup, later).await;
    let mut past = item("earlier", "scheduled");
    past["publish_at"] = json!("2020-01-01T09:00:00Z");
    create(&app, &sup, past).await;

    let list = app.send(app.client.get(app.url("/api/news"))).await;
    assert_eq!(list.status, StatusCode::OK);
    let slugs: Vec<&str> = list.body["items"].as_array().unwrap().iter().map(|n| n["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, ["new-course", "earlier"], "published and past-scheduled items, newest first");
    assert_eq!(list.body["total"], 2);
    let first = &list.body["items"][0];
    assert_eq!(first["title_ar"], "دورة جديدة");
    assert!(first["body_html_ar"].as_str().unwrap().contains("<strong>جديدة</strong>"));
    assert!(first["body_html_en"].as_str().unwrap().contains(r#"rel="noopener noreferrer nofollow""#));
    assert_eq!(first["link"], "https://example.org/course");
    assert!(first.get("body_md_en").is_none(), "the public shape has no Markdown source");

    let one = app.send(app.client.get(app.url("/api/news/new-course"))).await;
    assert_eq!((one.status, one.body["title_en"].as_str()), (StatusCode::OK, Some("A new course")));
    for slug in ["draft-one", "later", "nothing-here"] {
        let r = app.send(app.client.get(app.url(&format!("/api/news/{slug}"))).header("Accept-Language", "en")).await;
        assert_eq!((r.status, r.code()), (StatusCode::NOT_FOUND, "not_found"), "{slug}");
    }
    let paged = app.send(app.client.get(app.url("/api/news?per_page=1&page=2"))).await;
    assert_eq!(paged.body["items"][0]["slug"], "earlier");
    let admin = app.get_auth("/api/admin/news", &sup).await;
    assert_eq!(admin.body["total"], 4, "supervisors see every state");
    assert_eq!(app.get_auth("/api/admin/news?state=draft", &sup).await.body["total"], 1);
}

#[actix_web::test]
async fn the_atom_feed_lists_published_items_in_one_language() {
    let app = spawn_app().await;
    let sup = supervisor(&app).await;
    create(&app, &sup, item("new-course", "published")).await;
    create(&app, &sup, item("secret-draft", "draft")).await;
    for (lang, title, feed_title) in [("en", "A new course", "Lamsa news"), ("ar", "دورة جديدة", "أخبار لمسة")]
    {
        let resp = app.client.get(app.url(&format!("/api/news/feed.atom?lang={lang}"))).send().await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK);
        assert!(resp.headers()["content-type"].to_str().unwrap().starts_with("application/atom+xml"));
        let xml = resp.text().await.unwrap();
        assert!(xml.contains(&format!("xml:lang=\"{lang}\"")));
        assert!(xml.contains(&format!("<title>{feed_title}</title>")));
        assert!(xml.contains(&format!("<title>{title}</title>")), "{xml}");
        assert!(xml.contains("http://lamsa.test/news/new-course"));
        assert!(!xml.contains("secret-draft"));
        assert!(xml.contains("&lt;h2&gt;"), "the HTML content is escaped inside the XML");
    }
    let bad = app.send(app.client.get(app.url("/api/news/feed.atom?lang=fr"))).await;
    assert_eq!((bad.status, bad.field()), (StatusCode::BAD_REQUEST, Some("lang")));
}

#[actix_web::test]
async fn scripts_in_news_bodies_are_inert() {
    let app = spawn_app().await;
    let sup = supervisor(&app).await;
    let mut body = item("xss", "published");
    body["body_md_en"] = json!(
        "<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[click](javascript:alert(3)) <a href=\"x\" onclick=\"alert(4)\">a</a>"
    );
    body["title_en"] = json!("<b>bold</b>");
    create(&app, &sup, body).await;
    let r = app.send(app.client.get(app.url("/api/news/xss"))).await;
    let html = r.body["body_html_en"].as_str().unwrap();
    // Every real tag is one of the harmless ones, without handlers or script URLs; the rest is
    // text (`&lt;…`).
    for tag in html.split('<').skip(1).map(|t| t.split('>').next().unwrap()) {
        let name = tag.trim_start_matches('/').split([' ', '>']).next().unwrap();
        assert!(["p", "a", "em", "strong"].contains(&name), "<{tag}> in {html}");
        assert!(!tag.contains(" on") && !tag.contains("javascript"), "<{tag}> in {html}");
    }
    assert!(!html.contains("href=\"javascript"), "{html}");
    assert!(html.contains("&lt;script&gt;"), "raw HTML is shown as text: {html}");
    assert_eq!(r.body["title_en"], "<b>bold</b>", "titles are plain text for the client to escape");
    let preview =
        app.post_auth("/api/admin/news/preview", &sup, json!({"body_md": "*hi* <script>x</script>"}), "en").await;
    assert_eq!(preview.status, StatusCode::OK);
    assert_eq!(preview.body["html"], "<p><em>hi</em> &lt;script&gt;x&lt;/script&gt;</p>\n");
}

#[actix_web::test]
async fn news_input_is_checked_field_by_field() {
    let app = spawn_app().await;
    let sup = supervisor(&app).await;
    let cases = [
        (json!({"title_ar": ""}), "title_ar", "field_required"),
        (json!({"body_md_en": ""}), "body_md_en", "field_required"),
        (json!({"title_en": "x".repeat(201)}), "title_en", "field_too_long"),
        (json!({"slug": "Not A Slug"}), "slug", "field_invalid"),
        (json!({"state": "live"}), "state", "field_invalid"),
        (json!({"state": "scheduled"}), "publish_at", "field_required"),
        (json!({"state": "scheduled", "publish_at": "tomorrow"}), "publish_at", "field_invalid"),
        (json!({"link": "javascript:alert(1)"}), "link", "field_invalid"),
        (json!({"image_media_id": 1}), "image_alt_ar", "field_required"),
        (
            json!({"image_media_id": 999, "image_alt_ar": "صورة", "image_alt_en": "A picture"}),
            "image_media_id",
            "field_invalid",
        ),
    ];
    for (change, field, code) in cases {
        let mut body = item("checked", "published");
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let r = app.post_auth("/api/admin/news", &sup, body, "en").await;
        assert_eq!((r.status, r.field(), r.code()), (StatusCode::BAD_REQUEST, Some(field), code), "{change}");
    }
    assert_eq!(app.get_auth("/api/admin/news", &sup).await.body["total"], 0, "nothing was stored");
    let ar = app.post_auth("/api/admin/news", &sup, json!({"title_ar": ""}), "ar").await;
    assert!(!ar.message().is_empty() && ar.message() != "title_ar is required");
    // A slug made from the English title, and a taken slug refused.
    let mut no_slug = item("", "draft");
    no_slug["slug"] = json!(null);
    let made = create(&app, &sup, no_slug.clone()).await;
    assert_eq!(made["slug"], "a-new-course");
    let taken = app.post_auth("/api/admin/news", &sup, no_slug, "en").await;
    assert_eq!((taken.status, taken.code(), taken.field()), (StatusCode::CONFLICT, "slug_taken", Some("slug")));
}

#[actix_web::test]
async fn editing_and_deleting_are_audited() {
    let app = spawn_app().await;
    let sup = supervisor(&app).await;
    let news = create(&app, &sup, item("first", "draft")).await;
    let id = news["id"].as_i64().unwrap();
    let mut changed = item("first", "published");
    changed["title_en"] = json!("Renamed");
    let put = app
        .send(
            app.client
                .put(app.url(&format!("/api/admin/news/{id}")))
                .bearer_auth(&sup)
                .header("Accept-Language", "en")
                .json(&changed),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);
    assert_eq!(put.body["news"]["title_en"], "Renamed");
    assert_eq!(app.send(app.client.get(app.url("/api/news/first"))).await.status, StatusCode::OK);
    assert_eq!(app.get_auth(&format!("/api/admin/news/{id}"), &sup).await.body["body_md_en"], changed["body_md_en"]);

    let del = app
        .send(
            app.client
                .delete(app.url(&format!("/api/admin/news/{id}")))
                .bearer_auth(&sup)
                .header("Accept-Language", "en"),
        )
        .await;
    assert_eq!((del.status, del.message()), (StatusCode::OK, "News item deleted"));
    assert_eq!(app.send(app.client.get(app.url("/api/news/first"))).await.status, StatusCode::NOT_FOUND);
    let again = app.send(app.client.delete(app.url(&format!("/api/admin/news/{id}"))).bearer_auth(&sup)).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    let log = app.get_auth("/api/admin/audit", &sup).await;
    let actions: Vec<&str> =
        log.body["items"].as_array().unwrap().iter().map(|a| a["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["news.delete", "news.update", "news.create"]);
    let update = &log.body["items"][1];
    assert_eq!(
        (update["before"]["state"].as_str(), update["after"]["state"].as_str()),
        (Some("draft"), Some("published"))
    );
    assert_eq!(update["after"]["title_en"], "Renamed");
}

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\xff\xff?\0\x05\xfe\x02\xfe\xa7\x35\x81\x84\0\0\0\0IEND\xaeB`\x82";

async fn upload(app: &TestApp, token: &str, kind: &str) -> crate::helpers::Reply {
    use reqwest::multipart;
    let form = multipart::Form::new().part("file", multipart::Part::bytes(PNG.to_vec()).file_name("cover.png"));
    app.send(app.client.post(app.url(&format!("/api/media?kind={kind}"))).bearer_auth(token).multipart(form)).await
}

/// A supervisor uploads a news image (only images); visitors get it through a signed URL with
/// its alt text in both languages.
#[actix_web::test]
async fn a_news_image_is_shown_with_its_alt_text_in_both_languages() {
    let app = spawn_app().await;
    let sup = supervisor(&app).await;
    let student = token(&app.active_user("sara@example.com", "student").await);
    assert_eq!(upload(&app, &student, "image").await.status, StatusCode::FORBIDDEN, "students upload nothing");
    assert_eq!(upload(&app, &sup, "document").await.status, StatusCode::FORBIDDEN, "supervisors upload images only");
    let image = upload(&app, &sup, "image").await;
    assert_eq!(image.status, StatusCode::CREATED, "{:?}", image.body);
    let media_id = image.body["id"].as_i64().unwrap();

    let mut body = item("with-image", "published");
    body["image_media_id"] = json!(media_id);
    body["image_alt_ar"] = json!("خلية برايل");
    body["image_alt_en"] = json!("");
    let missing = app.post_auth("/api/admin/news", &sup, body.clone(), "en").await;
    assert_eq!((missing.status, missing.field()), (StatusCode::BAD_REQUEST, Some("image_alt_en")));
    body["image_alt_en"] = json!("A Braille cell");
    create(&app, &sup, body).await;

    let public = app.send(app.client.get(app.url("/api/news/with-image"))).await;
    assert_eq!(
        (public.body["image_alt_ar"].as_str(), public.body["image_alt_en"].as_str()),
        (Some("خلية برايل"), Some("A Braille cell"))
    );
    let url = public.body["image_url"].as_str().unwrap();
    let served = app.client.get(app.url(url)).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK, "a visitor loads the image through its signed URL");
    assert_eq!(served.bytes().await.unwrap().as_ref(), PNG);
}
