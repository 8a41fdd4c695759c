//! Input the server refuses before it reaches a database (issue 16): control characters other
//! than a tab or a line break in any text (NUL, which PostgreSQL cannot store, ESC, BEL, DEL, C1
//! controls, a lone carriage return), in a JSON body, a query or a path; and parameters that do
//! not parse. Every refusal is the API's JSON `{code, message, field?}` in the request's
//! language, and changes nothing. Runs on SQLite, and on PostgreSQL + Redis when
//! `LAMSA_TEST_DATABASE_URL` is set.

use lamsa::domain::UserType;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{course_body, spawn_app, Reply, TestApp, PASSWORD};

fn token(login: &Value) -> String {
    login["access"].as_str().unwrap().to_string()
}

const CONTROLS: [&str; 7] = ["\u{0}", "\u{7}", "\u{1b}[31m", "\u{7f}", "\u{85}", "\r", "\u{b}"];

fn refused(r: &Reply, field: &str) {
    assert_eq!(
        (r.status, r.code(), r.field()),
        (StatusCode::BAD_REQUEST, "control_characters", Some(field)),
        "{:?}",
        r.body
    );
}

async fn get_lang(app: &TestApp, path: &str, token: Option<&str>, lang: &str) -> Reply {
    let mut req = app.client.get(app.url(path)).header("Accept-Language", lang);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    app.send(req).await
}

#[actix_web::test]
async fn control_characters_are_refused_in_every_text_and_nothing_is_stored() {
    let app = spawn_app().await;
    let sup = token(&app.account(UserType::Supervisor, "mona@example.com").await);
    let teacher = token(&app.active_user("ahmad@example.com", "instructor").await);
    let student_login = app.active_user("sara@example.com", "student").await;
    let student = token(&student_login);
    let student_id = student_login["user"]["id"].as_i64().unwrap();
    let mails_before = app.mails().len();

    for c in CONTROLS {
        let bad = format!("a{c}b");
        // Registration: the name, in both languages.
        let body = json!({"name": format!("Sara{c}"), "email": "nul@example.com", "password": PASSWORD,
            "password_confirm": PASSWORD, "type": "student"});
        let en = app.post("/api/auth/register", body.clone(), "en").await;
        refused(&en, "name");
        assert!(en.message().starts_with("The field “name” contains control characters"), "{}", en.message());
        let ar = app.post("/api/auth/register", body, "ar").await;
        refused(&ar, "name");
        assert!(ar.message().starts_with("الحقل «name» يحتوي على محارف تحكّم"), "{}", ar.message());

        // A supervisor's note, and a student's reply to one.
        let note = app.post_auth("/api/notes", &sup, json!({"recipient_id": student_id, "text": bad}), "en").await;
        refused(&note, "text");
        // A course: its title, and a lesson's title deep inside it.
        let mut course = course_body(&bad);
        refused(&app.post_auth("/api/courses", &teacher, course.clone(), "en").await, "title");
        course["title"] = json!("حروف");
        course["chapters"][1]["lessons"][0]["title"] = json!(bad);
        refused(&app.post_auth("/api/courses", &teacher, course, "en").await, "chapters[1].lessons[0].title");
        // News, the contact form and a profile.
        let news = json!({"title_ar": bad, "title_en": "News", "body_md_ar": "نص", "body_md_en": "Text",
            "state": "published"});
        refused(&app.post_auth("/api/admin/news", &sup, news, "en").await, "title_ar");
        let contact = json!({"name": "Huda", "email": "huda@example.com", "subject": "Books", "message": bad});
        refused(&app.post("/api/contact", contact, "en").await, "message");
        refused(&app.patch_auth("/api/profile", &student, json!({"bio": bad})).await, "bio");
        // Free text that no domain type reads: a Braille translation's input, a search.
        refused(
            &app.post_auth(
                "/api/braille/translate",
                &student,
                json!({"text": bad, "lang": "en", "direction": "to_braille"}),
                "en",
            )
            .await,
            "text",
        );
        let q: String = form_urlencoded::byte_serialize(format!("@sa{c}").as_bytes()).collect();
        let search = get_lang(&app, &format!("/api/users/search?type=student&q={q}"), Some(&sup), "en").await;
        refused(&search, "q");
        let search_ar = get_lang(&app, &format!("/api/users/search?type=student&q={q}"), Some(&sup), "ar").await;
        assert!(search_ar.message().starts_with("الحقل «q»"), "{}", search_ar.message());
    }
    // A control character in a path segment (a news slug, a certificate code).
    refused(&get_lang(&app, "/api/news/ab%00cd", None, "en").await, "path");
    refused(&get_lang(&app, "/api/certificates/verify/X%1B1", None, "en").await, "path");

    // Nothing was stored or sent, and the server is well: the same inputs without the control
    // characters, with line breaks and tabs, pass on this database.
    assert_eq!(app.mails().len(), mails_before, "no mail for a refused registration or contact message");
    assert_eq!(app.get_auth("/api/notes", &student).await.body["notes"].as_array().map(Vec::len), Some(0));
    assert_eq!(
        app.get_auth("/api/instructor/courses", &teacher).await.body["courses"].as_array().map(Vec::len),
        Some(0)
    );
    assert_eq!(app.get_auth("/api/admin/news", &sup).await.body["total"], 0);
    assert_eq!(app.get_auth("/api/admin/contact-messages", &sup).await.body["total"], 0);
    assert_eq!(app.get_auth("/api/profile", &student).await.body["bio"], Value::Null);
    let ok = "سطر أول\r\nسطر ثانٍ\n\tمع جدولة \u{200f}";
    let note = app.post_auth("/api/notes", &sup, json!({"recipient_id": student_id, "text": ok}), "en").await;
    assert_eq!(note.status, StatusCode::CREATED, "{:?}", note.body);
    let notes = app.get_auth("/api/notes", &student).await.body;
    assert_eq!(notes["notes"][0]["text"], ok);
    // A student's reply to it: refused with a control character, stored without.
    let note_id = notes["notes"][0]["id"].as_i64().unwrap();
    let reply_path = format!("/api/notes/{note_id}/reply");
    for c in CONTROLS {
        refused(&app.post_auth(&reply_path, &student, json!({"text": format!("ok{c}")}), "en").await, "text");
    }
    let reply = app.post_auth(&reply_path, &student, json!({"text": "شكرًا\nThanks"}), "en").await;
    assert_eq!(reply.status, StatusCode::CREATED, "{:?}", reply.body);
    let replies = app.get_auth("/api/notes", &student).await.body["notes"][0]["replies"].clone();
    assert_eq!(replies.as_array().map(Vec::len), Some(1), "{replies}");
    let bio = app.patch_auth("/api/profile", &student, json!({"bio": "a\nb\tc"})).await;
    assert_eq!(bio.status, StatusCode::OK, "{:?}", bio.body);
}

#[actix_web::test]
async fn parameters_that_do_not_parse_answer_json_in_the_requests_language() {
    let app = spawn_app().await;
    let student = token(&app.active_user("sara@example.com", "student").await);
    let sup = token(&app.account(UserType::Supervisor, "mona@example.com").await);

    // A path segment that is not a number names nothing: a JSON 404, naming the segment where
    // the route takes any segment (routes beside fixed words, like /api/assessments/similar-cells,
    // take digits only, so there nothing matches and nothing is named).
    for (path, field) in [("/api/courses/abc", Some("id")), ("/api/assessments/abc", None)] {
        let en = get_lang(&app, path, Some(&student), "en").await;
        assert_eq!((en.status, en.code(), en.field()), (StatusCode::NOT_FOUND, "not_found", field), "{path}");
        assert_eq!(en.message(), "The requested item was not found");
        let ar = get_lang(&app, path, Some(&student), "ar").await;
        assert_eq!(ar.message(), "العنصر المطلوب غير موجود");
    }
    let put = app.send(app.client.put(app.url("/api/courses/1e3")).bearer_auth(&student).json(&course_body("x"))).await;
    assert_eq!((put.status, put.field()), (StatusCode::NOT_FOUND, Some("id")));
    let answer = app
        .send(app.client.put(app.url("/api/attempts/1/answers/x")).bearer_auth(&student).json(&json!({"answer": "a"})))
        .await;
    assert_eq!((answer.status, answer.field()), (StatusCode::NOT_FOUND, Some("question_id")), "{:?}", answer.body);

    // A query parameter that does not parse names the parameter.
    let after = get_lang(&app, "/api/notifications?after=abc", Some(&student), "en").await;
    assert_eq!((after.status, after.code(), after.field()), (StatusCode::BAD_REQUEST, "field_invalid", Some("after")));
    assert_eq!(after.message(), "The field “after” has an invalid value");
    let after_ar = get_lang(&app, "/api/notifications?after=abc", Some(&student), "ar").await;
    assert_eq!(after_ar.message(), "قيمة الحقل «after» غير صالحة");
    let flag = get_lang(&app, "/api/questions?unanswered=maybe", Some(&student), "en").await;
    assert_eq!((flag.status, flag.field()), (StatusCode::BAD_REQUEST, Some("unanswered")), "{:?}", flag.body);
    let missing = get_lang(&app, "/api/users/search?type=student", Some(&sup), "en").await;
    assert_eq!(
        (missing.status, missing.code(), missing.field()),
        (StatusCode::BAD_REQUEST, "field_required", Some("q"))
    );

    // A body that is not JSON, or JSON of the wrong shape.
    let raw = app
        .send(
            app.client
                .post(app.url("/api/notes"))
                .bearer_auth(&sup)
                .header("Accept-Language", "ar")
                .header("Content-Type", "application/json")
                .body("{not json"),
        )
        .await;
    assert_eq!((raw.status, raw.code()), (StatusCode::BAD_REQUEST, "malformed_json"));
    assert!(!raw.message().is_empty() && raw.message().chars().any(|c| ('\u{600}'..='\u{6ff}').contains(&c)));
    let shape = app.post_auth("/api/notes", &sup, json!({"recipient_id": "seven", "text": "x"}), "en").await;
    assert_eq!((shape.status, shape.field()), (StatusCode::BAD_REQUEST, Some("recipient_id")));

    // Every one of these answered JSON, never actix's text/plain.
    for path in ["/api/courses/abc", "/api/notifications?after=abc", "/api/users/search?type=student"] {
        let resp = app.client.get(app.url(path)).bearer_auth(&sup).send().await.unwrap();
        let ct = resp.headers()["content-type"].to_str().unwrap().to_string();
        assert!(ct.starts_with("application/json"), "{path}: {ct}");
    }
}
