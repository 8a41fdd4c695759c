//! The contact form (issue 15): checked, rate-limited, a honeypot for robots, an
//! acknowledgement in the sender's language, supervisors told live; replies go out by e-mail
//! and stay with the message.

use lamsa::domain::UserType;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, ws_next, TestApp};

fn token(login: &Value) -> String {
    login["access"].as_str().unwrap().to_string()
}

fn message(email: &str) -> Value {
    json!({"name": "Huda", "email": email, "subject": "Braille books", "message": "Do you lend Braille books?"})
}

async fn messages(app: &TestApp, sup: &str, query: &str) -> Value {
    let r = app.get_auth(&format!("/api/admin/contact-messages{query}"), sup).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body
}

#[actix_web::test]
async fn a_message_reaches_the_supervisors_live_and_is_acknowledged_in_the_senders_language() {
    let app = spawn_app().await;
    let sup = token(&app.account(UserType::Supervisor, "mona@example.com").await);
    let (mut sup_ws, _) = app.ws_resumed(&sup, 0).await;

    let r = app.post("/api/contact", message("huda@example.com"), "en").await;
    assert_eq!((r.status, r.message()), (StatusCode::CREATED, "Message sent"), "{:?}", r.body);
    let received = ws_next(&mut sup_ws, 5000).await.expect("the supervisor is told");
    assert_eq!(received["kind"], "contact.received");
    assert_eq!(received["payload"]["contact_message"]["subject"], "Braille books");
    let badge = ws_next(&mut sup_ws, 5000).await.expect("and the badge moves");
    assert_eq!((badge["kind"].as_str(), badge["payload"]["count"].as_i64()), (Some("badge.contact"), Some(1)));

    let mail = app.mails().pop().expect("an acknowledgement");
    assert!(mail.contains("To: \"Huda\" <huda@example.com>") || mail.contains("huda@example.com"));
    assert!(mail.contains("Thank you for contacting Lamsa"), "{mail}");
    assert!(!mail.contains("Do you lend"), "the acknowledgement never repeats the message");

    let ar = app.post("/api/contact", message("ali@example.com"), "ar").await;
    assert_eq!(ar.message(), "تم إرسال الرسالة");
    assert!(app.mails().pop().unwrap().contains("شكرًا لتواصلك"));

    let list = messages(&app, &sup, "").await;
    assert_eq!((list["total"].as_i64(), list["unread"].as_i64()), (Some(2), Some(2)));
    assert_eq!(list["items"][0]["lang"], "ar");
    assert_eq!(list["items"][1]["status"], "new");
    let unread = app.get_auth("/api/admin/contact-messages/unread-count", &sup).await;
    assert_eq!(unread.body["count"], 2);
}

#[actix_web::test]
async fn every_field_is_checked_and_nothing_bad_is_stored() {
    let app = spawn_app().await;
    let sup = token(&app.account(UserType::Supervisor, "mona@example.com").await);
    let cases = [
        (json!({"name": ""}), "name", "field_required"),
        (json!({"name": "x".repeat(101)}), "name", "invalid_name"),
        (json!({"email": ""}), "email", "field_required"),
        (json!({"email": "not-an-address"}), "email", "invalid_email"),
        (json!({"subject": " "}), "subject", "field_required"),
        (json!({"subject": "x".repeat(151)}), "subject", "field_too_long"),
        (json!({"subject": "Hi\r\nBcc: all@example.com"}), "subject", "field_invalid"),
        (json!({"message": ""}), "message", "field_required"),
        (json!({"message": "x".repeat(5001)}), "message", "field_too_long"),
    ];
    for (change, field, code) in cases {
        let mut body = message("p@example.com");
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let r = app.post("/api/contact", body, "en").await;
        assert_eq!((r.status, r.field(), r.code()), (StatusCode::BAD_REQUEST, Some(field), code), "{change}");
    }
    let ar = app.post("/api/contact", json!({"name": "Huda"}), "ar").await;
    assert_eq!(ar.field(), Some("email"));
    assert!(ar.message().chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "{}", ar.message());
    assert_eq!(messages(&app, &sup, "").await["total"], 0);
    assert!(app.mails().is_empty(), "no e-mail for a refused message");
    // Mistakes do not count toward the limit: the corrected message goes through.
    assert_eq!(app.post("/api/contact", message("p@example.com"), "en").await.status, StatusCode::CREATED);
}

#[actix_web::test]
async fn robots_and_floods_are_stopped() {
    let app = spawn_app().await;
    let sup = token(&app.account(UserType::Supervisor, "mona@example.com").await);
    let mut robot = message("bot@example.com");
    robot["website"] = json!("http://spam.example");
    let r = app.post("/api/contact", robot, "en").await;
    assert_eq!((r.status, r.message()), (StatusCode::CREATED, "Message sent"), "a robot learns nothing");
    assert_eq!(messages(&app, &sup, "").await["total"], 0, "but nothing is stored");
    assert!(app.mails().is_empty(), "and nothing is sent: never an open relay");

    // Three messages for one e-mail an hour…
    for _ in 0..3 {
        assert_eq!(app.post("/api/contact", message("same@example.com"), "en").await.status, StatusCode::CREATED);
    }
    let fourth = app.post("/api/contact", message("same@example.com"), "en").await;
    assert_eq!((fourth.status, fourth.code()), (StatusCode::TOO_MANY_REQUESTS, "rate_limited"));
    // …and five from one address (the robot's counted too).
    let fifth = app.post("/api/contact", message("other@example.com"), "en").await;
    assert_eq!(fifth.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", fifth.body);
    assert_eq!(messages(&app, &sup, "").await["total"], 3);
}

#[actix_web::test]
async fn supervisors_read_reply_and_file_messages() {
    let app = spawn_app().await;
    let sup_login = app.account(UserType::Supervisor, "mona@example.com").await;
    let sup = token(&sup_login);
    let mut evil = message("huda@example.com");
    evil["message"] = json!("<script>alert(1)</script><img src=x onerror=alert(2)>");
    app.post("/api/contact", evil, "en").await;
    let list = messages(&app, &sup, "?status=new").await;
    let id = list["items"][0]["id"].as_i64().unwrap();
    assert_eq!(
        list["items"][0]["message"], "<script>alert(1)</script><img src=x onerror=alert(2)>",
        "kept as plain text, which the client shows as text"
    );

    let (mut sup_ws, _) = app.ws_resumed(&sup, 0).await;
    let opened = app.get_auth(&format!("/api/admin/contact-messages/{id}"), &sup).await;
    assert_eq!(opened.body["read"], true);
    let badge = loop {
        let e = ws_next(&mut sup_ws, 5000).await.expect("a badge update");
        if e["kind"] == "badge.contact" && e["payload"]["count"] == 0 {
            break e;
        }
    };
    assert_eq!(badge["payload"]["count"], 0);

    let empty =
        app.post_auth(&format!("/api/admin/contact-messages/{id}/reply"), &sup, json!({"text": " "}), "en").await;
    assert_eq!((empty.status, empty.field()), (StatusCode::BAD_REQUEST, Some("text")));
    let before = app.mails().len();
    let reply = app
        .post_auth(
            &format!("/api/admin/contact-messages/{id}/reply"),
            &sup,
            json!({"text": "Yes, visit us on Sunday."}),
            "en",
        )
        .await;
    assert_eq!((reply.status, reply.message()), (StatusCode::CREATED, "Reply sent"), "{:?}", reply.body);
    assert_eq!(reply.body["contact_message"]["status"], "handled");
    assert_eq!(reply.body["contact_message"]["replies"][0]["text"], "Yes, visit us on Sunday.");
    assert_eq!(reply.body["contact_message"]["replies"][0]["author"]["id"], sup_login["user"]["id"]);
    let mails = app.mails();
    assert_eq!(mails.len(), before + 1);
    let sent = mails.last().unwrap();
    assert!(sent.contains("huda@example.com") && sent.contains("Yes, visit us on Sunday."), "{sent}");
    assert!(sent.contains("Re: Braille books"));

    let archived =
        app.patch_auth(&format!("/api/admin/contact-messages/{id}"), &sup, json!({"status": "archived"})).await;
    assert_eq!(archived.body["contact_message"]["status"], "archived");
    let bad = app.patch_auth(&format!("/api/admin/contact-messages/{id}"), &sup, json!({"status": "deleted"})).await;
    assert_eq!((bad.status, bad.field()), (StatusCode::BAD_REQUEST, Some("status")));
    assert_eq!(messages(&app, &sup, "?status=archived").await["total"], 1);
    assert_eq!(messages(&app, &sup, "?status=new").await["total"], 0);
    let missing = app.post_auth("/api/admin/contact-messages/9999/reply", &sup, json!({"text": "x"}), "en").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);

    let log = app.get_auth("/api/admin/audit", &sup).await;
    let actions: Vec<&str> =
        log.body["items"].as_array().unwrap().iter().map(|a| a["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["contact.update", "contact.reply"]);
    assert_eq!(log.body["items"][1]["after"]["text"], "Yes, visit us on Sunday.");
}
