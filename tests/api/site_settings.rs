//! The society's site settings (issue 23): supervisors set them in the admin site (audited,
//! checked field by field, nothing changed by a bad request); visitors get them from
//! `GET /api/site`, in every prerendered page (filled in by the server, with the same data for
//! the app to hydrate from) and in the e-mails that sign with the society's name.

use lamsa::domain::UserType;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, spawn_peer, Reply, TestApp};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\xff\xff?\0\x05\xfe\x02\xfe\xa7\x35\x81\x84\0\0\0\0IEND\xaeB`\x82";
const PDF: &[u8] = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n";

fn token(login: &Value) -> String {
    login["access"].as_str().unwrap().to_string()
}

async fn upload(app: &TestApp, token: &str, kind: &str, name: &str, bytes: &[u8]) -> i64 {
    use reqwest::multipart;
    let form = multipart::Form::new().part("file", multipart::Part::bytes(bytes.to_vec()).file_name(name.to_string()));
    let r =
        app.send(app.client.post(app.url(&format!("/api/media?kind={kind}"))).bearer_auth(token).multipart(form)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    r.body["id"].as_i64().unwrap()
}

async fn put(app: &TestApp, token: &str, body: &Value, lang: &str) -> Reply {
    app.send(
        app.client
            .put(app.url("/api/admin/site-settings"))
            .bearer_auth(token)
            .header("Accept-Language", lang)
            .json(body),
    )
    .await
}

async fn public(app: &TestApp) -> Value {
    let r = app.send(app.client.get(app.url("/api/site"))).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body
}

async fn audit_rows(app: &TestApp, sup: &str) -> Vec<Value> {
    let r = app.get_auth("/api/admin/audit?action=site.update", sup).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body["items"].as_array().unwrap().clone()
}

fn settings(logo: i64) -> Value {
    json!({
        "society_name_ar": "جمعية نور",
        "society_name_en": "Nur & Co Society",
        "contact_email": "Hello@Nur.example.org",
        "contact_phone": "+966 (11) 555-0100",
        "address_ar": "شارع النور، الرياض",
        "address_en": "Light Street, Riyadh",
        "social_x": "https://x.com/nur",
        "social_facebook": "",
        "social_youtube": "https://www.youtube.com/@nur",
        "logos": [{"media_id": logo, "alt_ar": "شعار نور", "alt_en": "Nur logo"}],
        "credit_ar": "تطوير فريق نور",
        "credit_en": "Built by the Nur team",
    })
}

/// A prerendered page with the markers the web build writes for the footer (web/src/lib/site.tsx).
fn write_prerendered(app: &TestApp) {
    let dir = app.data_dir.path().join("web/prerendered");
    for lang in ["ar", "en"] {
        std::fs::create_dir_all(dir.join(lang)).unwrap();
        let footer = "<footer>\
            @@IF:LOGOS@@<ul>@@IF:LOGO1@@<li><img src=\"@@SITE:LOGO1_URL@@\" alt=\"@@SITE:LOGO1_ALT@@\"></li>@@END:LOGO1@@\
            @@IF:LOGO2@@<li><img src=\"@@SITE:LOGO2_URL@@\" alt=\"@@SITE:LOGO2_ALT@@\"></li>@@END:LOGO2@@</ul>@@END:LOGOS@@\
            @@NOT:LOGOS@@<p class=\"text-logo\">no logos</p>@@END:LOGOS@@\
            <p class=\"name\">@@IF:NAME@@@@SITE:NAME@@@@END:NAME@@@@NOT:NAME@@Default society@@END:NAME@@</p>\
            @@IF:CONTACT@@<address>@@IF:EMAIL@@<a href=\"mailto:@@SITE:EMAIL@@\">@@SITE:EMAIL@@</a>@@END:EMAIL@@\
            @@IF:PHONE@@<a href=\"tel:@@SITE:PHONE_TEL@@\">@@SITE:PHONE@@</a>@@END:PHONE@@\
            @@IF:ADDRESS@@<p>@@SITE:ADDRESS@@</p>@@END:ADDRESS@@</address>@@END:CONTACT@@\
            @@IF:SOCIAL@@<ul class=\"social\">@@IF:X@@<li><a href=\"@@SITE:X@@\">X</a></li>@@END:X@@\
            @@IF:FACEBOOK@@<li><a href=\"@@SITE:FACEBOOK@@\">Facebook</a></li>@@END:FACEBOOK@@\
            @@IF:YOUTUBE@@<li><a href=\"@@SITE:YOUTUBE@@\">YouTube</a></li>@@END:YOUTUBE@@</ul>@@END:SOCIAL@@\
            <p class=\"credit\">@@IF:CREDIT@@@@SITE:CREDIT@@@@END:CREDIT@@@@NOT:CREDIT@@Default credit@@END:CREDIT@@</p></footer>";
        let page = format!(
            "<!doctype html><html lang=\"{lang}\" data-prerendered><head><title>t</title></head>\
             <body><div id=\"root\"><main>about</main>{footer}</div></body></html>"
        );
        std::fs::write(dir.join(lang).join("about-us.html"), &page).unwrap();
        std::fs::write(dir.join(lang).join("404.html"), page.replace("<main>about</main>", "<main>not found</main>"))
            .unwrap();
    }
    std::fs::write(dir.join("routes.json"), r#"{"segments":["about-us"]}"#).unwrap();
}

async fn page(app: &TestApp, lang: &str) -> String {
    let resp = app.client.get(app.url(&format!("/about-us?lang={lang}"))).send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    resp.text().await.unwrap()
}

/// The settings the page hands to the app (`lamsa-data`, key `site-settings`).
fn seeded(html: &str) -> Value {
    let open = "<script id=\"lamsa-data\" type=\"application/json\">";
    let start = html.find(open).expect("lamsa-data") + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    let data: Value = serde_json::from_str(&html[start..end]).unwrap();
    let query = data["queries"].as_array().unwrap().iter().find(|q| q["key"] == json!(["site-settings"])).cloned();
    query.expect("the site settings in lamsa-data")["data"].clone()
}

#[actix_web::test]
async fn a_supervisor_sets_the_site_settings_and_pages_and_e_mails_show_them() {
    let app = spawn_app().await;
    write_prerendered(&app);
    let sup = token(&app.account(UserType::Supervisor, "mona@example.com").await);

    // Nothing set yet: the defaults, and the overview lists everything as unset.
    let before = public(&app).await;
    assert_eq!((before["society_name_en"].clone(), before["logos"].clone()), (Value::Null, json!([])));
    let overview = app.get_auth("/api/admin/overview", &sup).await;
    assert_eq!(overview.body["unset_settings"].as_array().unwrap().len(), 10, "{:?}", overview.body);
    let html = page(&app, "en").await;
    assert!(html.contains("<p class=\"name\">Default society</p>"), "{html}");
    assert!(html.contains("no logos") && !html.contains("<address>") && !html.contains("class=\"social\""), "{html}");
    assert!(html.contains("Default credit") && !html.contains("@@"), "every marker is resolved: {html}");

    let logo = upload(&app, &sup, "image", "logo.png", PNG).await;
    let saved = put(&app, &sup, &settings(logo), "en").await;
    assert_eq!((saved.status, saved.message()), (StatusCode::OK, "Site settings saved"), "{:?}", saved.body);
    assert_eq!(saved.body["settings"]["contact_email"], "hello@nur.example.org");
    assert_eq!(put(&app, &sup, &settings(logo), "ar").await.message(), "تم حفظ إعدادات الموقع");

    let s = public(&app).await;
    assert_eq!(s["society_name_ar"], "جمعية نور");
    assert_eq!((s["social_x"].as_str(), s["social_facebook"].as_str()), (Some("https://x.com/nur"), None));
    assert_eq!((s["logos"][0]["media_id"].as_i64(), s["logos"][0]["alt_en"].as_str()), (Some(logo), Some("Nur logo")));
    let logo_url = s["logos"][0]["url"].as_str().unwrap().to_string();
    assert!(logo_url.starts_with(&format!("/api/media/{logo}?exp=")), "{logo_url}");
    let image = app.client.get(app.url(&logo_url)).send().await.unwrap();
    assert_eq!(image.status(), StatusCode::OK, "visitors can load the logo");
    assert_eq!(app.get_auth("/api/admin/site-settings", &sup).await.body["credit_en"], "Built by the Nur team");

    // The overview: only Facebook is missing, and social links count as set.
    let overview = app.get_auth("/api/admin/overview", &sup).await;
    assert_eq!(overview.body["unset_settings"], json!([]));

    // Audited: one row per change, with the values before and after.
    let rows = audit_rows(&app, &sup).await;
    assert_eq!(rows.len(), 2);
    let first = rows.last().unwrap();
    assert_eq!((first["record_kind"].as_str(), first["record_id"].as_str()), (Some("site_settings"), Some("1")));
    assert_eq!(first["before"]["society_name_en"], Value::Null);
    assert_eq!(first["after"]["society_name_en"], "Nur & Co Society");
    assert_eq!(first["after"]["logos"][0]["media_id"], logo);

    // The public page, filled in at request time in each language, with the same data for the app.
    let en = page(&app, "en").await;
    assert!(en.contains("<p class=\"name\">Nur &amp; Co Society</p>"), "{en}");
    assert!(en.contains(&format!("<img src=\"{}\" alt=\"Nur logo\">", logo_url.replace('&', "&amp;"))), "{en}");
    assert!(en.contains("<a href=\"mailto:hello@nur.example.org\">hello@nur.example.org</a>"), "{en}");
    assert!(en.contains("<a href=\"tel:+966115550100\">+966 (11) 555-0100</a>"), "{en}");
    assert!(en.contains("<p>Light Street, Riyadh</p>") && en.contains("Built by the Nur team"), "{en}");
    assert!(en.contains("<li><a href=\"https://x.com/nur\">X</a></li>"), "{en}");
    assert!(en.contains("YouTube") && !en.contains("Facebook"), "only the links that are set: {en}");
    assert!(!en.contains("no logos") && !en.contains("Default") && !en.contains("@@"), "{en}");
    assert_eq!(seeded(&en), public(&app).await);
    let ar = page(&app, "ar").await;
    assert!(ar.contains("<p class=\"name\">جمعية نور</p>") && ar.contains("alt=\"شعار نور\""), "{ar}");
    assert!(ar.contains("<p>شارع النور، الرياض</p>") && ar.contains("تطوير فريق نور"), "{ar}");
    assert_eq!(seeded(&ar)["society_name_en"], "Nur & Co Society");

    // The contact acknowledgement signs with the society's name, in the sender's language.
    let message =
        json!({"name": "Huda", "email": "huda@example.com", "subject": "Books", "message": "Do you lend books?"});
    assert_eq!(app.post("/api/contact", message.clone(), "en").await.status, StatusCode::CREATED);
    let mail = app.mails().pop().expect("an acknowledgement");
    assert!(mail.contains("Thank you for contacting Nur & Co Society"), "{mail}");
    assert!(mail.contains("— Nur & Co Society"), "{mail}");
    assert_eq!(app.post("/api/contact", message, "ar").await.status, StatusCode::CREATED);
    let mail = app.mails().pop().unwrap();
    assert!(mail.contains("شكرًا لتواصلك مع جمعية نور") && mail.contains("— جمعية نور"), "{mail}");

    // The templates themselves are no addresses.
    let raw = app.client.get(app.url("/prerendered/en/about-us.html")).send().await.unwrap();
    assert_eq!(raw.status(), StatusCode::NOT_FOUND);
    let raw = raw.text().await.unwrap();
    assert!(raw.contains("not found") && !raw.contains("@@"), "{raw}");

    // Unset again: the page falls back, and the overview says so.
    assert_eq!(put(&app, &sup, &json!({}), "en").await.status, StatusCode::OK);
    let en = page(&app, "en").await;
    assert!(en.contains("Default society") && en.contains("no logos") && !en.contains("x.com"), "{en}");
    let overview = app.get_auth("/api/admin/overview", &sup).await;
    assert_eq!(overview.body["unset_settings"].as_array().unwrap().len(), 10);
}

#[actix_web::test]
async fn only_supervisors_change_the_site_settings() {
    let app = spawn_app().await;
    let student = token(&app.active_user("sara@example.com", "student").await);
    let teacher = token(&app.active_user("ahmad@example.com", "instructor").await);
    let logo = upload(&app, &teacher, "image", "logo.png", PNG).await;
    let anonymous = app.send(app.client.put(app.url("/api/admin/site-settings")).json(&settings(logo))).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    for who in [&student, &teacher] {
        assert_eq!(put(&app, who, &settings(logo), "en").await.status, StatusCode::FORBIDDEN);
        assert_eq!(app.get_auth("/api/admin/site-settings", who).await.status, StatusCode::FORBIDDEN);
    }
    assert_eq!(public(&app).await["society_name_en"], Value::Null, "nothing changed");
}

#[actix_web::test]
async fn bad_settings_are_refused_with_a_localised_error_on_their_field_and_change_nothing() {
    let app = spawn_app().await;
    let sup = token(&app.account(UserType::Supervisor, "mona@example.com").await);
    let logo = upload(&app, &sup, "image", "logo.png", PNG).await;
    // Supervisors upload images only: a document comes from an instructor.
    let teacher = token(&app.active_user("ahmad@example.com", "instructor").await);
    let document = upload(&app, &teacher, "document", "report.pdf", PDF).await;
    assert_eq!(put(&app, &sup, &settings(logo), "en").await.status, StatusCode::OK);
    let good = public(&app).await;

    let with = |field: &str, value: Value| {
        let mut body = settings(logo);
        body[field] = value;
        body
    };
    let logo_with = |alt_en: &str, media_id: i64| {
        with("logos", json!([{"media_id": media_id, "alt_ar": "شعار", "alt_en": alt_en}]))
    };
    let seven = (0..7).map(|_| json!({"media_id": logo, "alt_ar": "شعار", "alt_en": "logo"})).collect::<Vec<_>>();
    let cases: Vec<(Value, &str, &str, &str)> = vec![
        (
            with("contact_email", json!("not an address")),
            "contact_email",
            "invalid_email",
            "Please enter a valid e-mail address",
        ),
        (
            with("social_x", json!("http://x.com/nur")),
            "social_x",
            "https_required",
            "Please enter a full address that starts with https://",
        ),
        (
            with("social_instagram", json!("javascript:alert(1)")),
            "social_instagram",
            "https_required",
            "Please enter a full address that starts with https://",
        ),
        (
            with("society_name_en", json!("n".repeat(201))),
            "society_name_en",
            "field_too_long",
            "The field “society_name_en” is too long (at most 200 characters)",
        ),
        (
            with("address_ar", json!("ع".repeat(501))),
            "address_ar",
            "field_too_long",
            "The field “address_ar” is too long (at most 500 characters)",
        ),
        (
            with("contact_phone", json!("call us")),
            "contact_phone",
            "invalid_phone",
            "Please enter a phone number: digits, spaces and + ( ) - only",
        ),
        (with("credit_en", json!("a\u{1b}b")), "credit_en", "control_characters", ""),
        (logo_with(" ", logo), "logos[0].alt_en", "field_required", "The field “logos[0].alt_en” is required"),
        (
            logo_with("logo", document),
            "logos[0].media_id",
            "field_invalid",
            "The field “logos[0].media_id” has an invalid value",
        ),
        (
            logo_with("logo", 999_999),
            "logos[0].media_id",
            "field_invalid",
            "The field “logos[0].media_id” has an invalid value",
        ),
        (with("logos", json!(seven)), "logos", "too_many", "The field “logos” has too many items (at most 6)"),
    ];
    for (body, field, code, message) in cases {
        let r = put(&app, &sup, &body, "en").await;
        assert_eq!((r.status, r.code(), r.field()), (StatusCode::BAD_REQUEST, code, Some(field)), "{:?}", r.body);
        if !message.is_empty() {
            assert_eq!(r.message(), message);
        }
        assert_eq!(public(&app).await, good, "{field}: nothing changed");
    }
    let ar = put(&app, &sup, &with("social_youtube", json!("http://youtube.com/x")), "ar").await;
    assert_eq!(ar.message(), "يرجى إدخال عنوان كامل يبدأ بـ https://");
    let ar = put(&app, &sup, &with("contact_email", json!("x@")), "ar").await;
    assert_eq!(ar.message(), "يرجى إدخال بريد إلكتروني صالح");
    assert_eq!(audit_rows(&app, &sup).await.len(), 1, "a refused change writes no audit row");
}

#[actix_web::test]
async fn another_instance_picks_up_a_change_within_its_copy_s_lifetime() {
    let app = spawn_app().await;
    let peer = spawn_peer(&app, |_| {}).await;
    let sup = token(&app.account(UserType::Supervisor, "mona@example.com").await);
    // The peer reads (and keeps) the settings before the change.
    assert_eq!(public(&peer).await["society_name_en"], Value::Null);
    let logo = upload(&app, &sup, "image", "logo.png", PNG).await;
    assert_eq!(put(&app, &sup, &settings(logo), "en").await.status, StatusCode::OK);
    // This instance at once; the other within its copy's lifetime (store::site::TTL, 10 s):
    // still the old copy a moment later, the new settings once ten seconds have passed.
    assert_eq!(public(&app).await["society_name_en"], "Nur & Co Society");
    assert_eq!(public(&peer).await["society_name_en"], Value::Null);
    app.clock.advance(lamsa::store::site::TTL);
    assert_eq!(public(&peer).await["society_name_en"], "Nur & Co Society");
}
