use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{spawn_app, PASSWORD};

fn registration(email: &str) -> serde_json::Value {
    json!({"name": "Sara", "email": email, "password": PASSWORD, "password_confirm": PASSWORD, "type": "student"})
}

#[actix_web::test]
async fn password_policy_and_mismatch_messages_in_both_languages() {
    let app = spawn_app().await;
    for weak in ["short1!", "alllowercase1!", "NoDigitsHere!", "NoSpecial123"] {
        let mut body = registration("sara@example.com");
        body["password"] = json!(weak);
        body["password_confirm"] = json!(weak);
        let en = app.post("/api/auth/register", body.clone(), "en").await;
        assert_eq!((en.status, en.code(), en.field()), (StatusCode::BAD_REQUEST, "password_policy", Some("password")));
        assert_eq!(en.message(), "Password doesn't meet password policy");
        let ar = app.post("/api/auth/register", body, "ar").await;
        assert_eq!(ar.message(), "كلمة المرور لا تستوفي سياسة كلمات المرور");
    }
    let mut body = registration("sara@example.com");
    body["password_confirm"] = json!("Braille#2025");
    let en = app.post("/api/auth/register", body.clone(), "en").await;
    assert_eq!((en.message(), en.field()), ("The two passwords don't match", Some("password_confirm")));
    let ar = app.post("/api/auth/register", body, "ar").await;
    assert_eq!(ar.message(), "كلمتا المرور غير متطابقتين");
    // None of the refused attempts stored an account or sent mail.
    assert!(app.mails().is_empty());
    assert_eq!(app.register("sara@example.com", "student").await.status, StatusCode::CREATED);
}

#[actix_web::test]
async fn duplicate_email_whatever_its_case() {
    let app = spawn_app().await;
    app.register("sara@example.com", "student").await;
    let dup = app.post("/api/auth/register", registration(" SARA@example.COM "), "en").await;
    assert_eq!((dup.status, dup.field()), (StatusCode::CONFLICT, Some("email")));
    assert_eq!(dup.message(), "This email is already exists please login with it");
    let ar = app.post("/api/auth/register", registration("sara@example.com"), "ar").await;
    assert_eq!(ar.message(), "هذا البريد الإلكتروني مسجّل بالفعل، يرجى تسجيل الدخول به");
    assert_eq!(app.mails().len(), 1);
}

#[actix_web::test]
async fn bad_bodies_name_the_field_and_store_nothing() {
    let app = spawn_app().await;
    let cases = [
        (
            json!({"name": "Sara", "password": PASSWORD, "password_confirm": PASSWORD, "type": "student"}),
            "email",
            "field_required",
        ),
        (
            json!({"name": 7, "email": "a@b.co", "password": PASSWORD, "password_confirm": PASSWORD, "type": "student"}),
            "name",
            "field_invalid",
        ),
        (
            json!({"name": "Sara", "email": "a@b.co", "password": PASSWORD, "password_confirm": PASSWORD, "type": "admin"}),
            "type",
            "field_invalid",
        ),
        (
            json!({"name": "Sara", "email": "not-mail", "password": PASSWORD, "password_confirm": PASSWORD, "type": "student"}),
            "email",
            "invalid_email",
        ),
        (
            json!({"name": "  ", "email": "a@b.co", "password": PASSWORD, "password_confirm": PASSWORD, "type": "student"}),
            "name",
            "invalid_name",
        ),
        (
            json!({"name": "Sara", "email": "a@b.co", "password": PASSWORD, "password_confirm": PASSWORD, "type": "student", "gender": "other"}),
            "gender",
            "field_invalid",
        ),
        (
            json!({"name": "Sara", "email": "a@b.co", "password": PASSWORD, "password_confirm": PASSWORD, "type": "student", "birth_date": "2001-02-30"}),
            "birth_date",
            "field_invalid",
        ),
        (
            json!({"name": "Sara", "email": "a@b.co", "password": PASSWORD, "password_confirm": PASSWORD, "type": "student", "phone": "call me"}),
            "phone",
            "field_invalid",
        ),
        (
            json!({"name": "Sara", "email": "a@b.co", "password": PASSWORD, "password_confirm": PASSWORD, "type": "student", "bio": "x".repeat(2001)}),
            "bio",
            "field_too_long",
        ),
    ];
    for (body, field, code) in cases {
        let reply = app.post("/api/auth/register", body.clone(), "en").await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!((reply.field(), reply.code()), (Some(field), code), "{body}");
        assert!(!reply.message().is_empty());
        let ar = app.post("/api/auth/register", body, "ar").await;
        assert_ne!(ar.message(), reply.message(), "localised");
    }
    let missing_ar = app.post("/api/auth/register", json!({"name": "Sara"}), "ar").await;
    assert_eq!(missing_ar.message(), "الحقل «email» مطلوب");

    let malformed = app
        .send(
            app.client.post(app.url("/api/auth/register")).header("Accept-Language", "en").body("{\"name\": \"Sara\""),
        )
        .await;
    assert_eq!((malformed.status, malformed.code()), (StatusCode::BAD_REQUEST, "malformed_json"));
    assert_eq!(
        malformed.message(),
        "There was an unexpected error while sending your data. Check the data carefully and try again."
    );
    let huge = format!("{{\"name\": \"{}\"}}", "x".repeat(200_000));
    let too_big = app.send(app.client.post(app.url("/api/auth/register")).body(huge)).await;
    assert_eq!((too_big.status, too_big.code()), (StatusCode::PAYLOAD_TOO_LARGE, "body_too_large"));

    assert!(app.mails().is_empty(), "no refused request stored an account");
    assert_eq!(app.register("a@b.co", "student").await.status, StatusCode::CREATED);
}

#[actix_web::test]
async fn unknown_api_paths_are_json_404s() {
    let app = spawn_app().await;
    for path in ["/api/nothing-here", "/api/auth", "/api/profile/x/y"] {
        let en = app.send(app.client.get(app.url(path)).header("Accept-Language", "en")).await;
        assert_eq!((en.status, en.code()), (StatusCode::NOT_FOUND, "not_found"), "{path}");
        assert_eq!(en.message(), "The requested item was not found");
    }
    let ar = app.send(app.client.get(app.url("/api/nothing"))).await;
    assert_eq!(ar.message(), "العنصر المطلوب غير موجود", "Arabic when no language is asked for");
}

#[actix_web::test]
async fn failed_logins_slow_down_the_guessing_address_not_the_account_owner() {
    let app = spawn_app().await;
    app.active_user("sara@example.com", "student").await;
    app.active_user("omar@example.com", "student").await;
    // The guesser, from 127.0.0.1: a few mistakes cost nothing…
    for _ in 0..5 {
        assert_eq!(app.login("sara@example.com", "Wrong#2026").await.status, StatusCode::UNAUTHORIZED);
    }
    // …then each further try must wait, longer after each failure, even with the right password.
    let waited = app.login("sara@example.com", PASSWORD).await;
    assert_eq!((waited.status, waited.code()), (StatusCode::TOO_MANY_REQUESTS, "rate_limited"));
    assert_eq!(waited.message(), "Too many failed sign-ins. Please wait 1 second and try again.");
    let ar = app.post("/api/auth/login", json!({"email": "sara@example.com", "password": "x"}), "ar").await;
    assert!(ar.message().starts_with("محاولات دخول فاشلة كثيرة"), "{}", ar.message());
    app.clock.advance(std::time::Duration::from_millis(1001));
    assert_eq!(app.login("sara@example.com", "Wrong#2027").await.status, StatusCode::UNAUTHORIZED);
    let longer = app.login("sara@example.com", PASSWORD).await;
    assert_eq!(longer.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(longer.message(), "Too many failed sign-ins. Please wait 2 seconds and try again.");
    // Halfway through its wait it still waits.
    app.clock.advance(std::time::Duration::from_millis(1000));
    assert_eq!(app.login("sara@example.com", PASSWORD).await.status, StatusCode::TOO_MANY_REQUESTS);

    // The owner, from another address (127.0.0.2), signs in at once: no lock anyone can set.
    let elsewhere =
        reqwest::Client::builder().local_address("127.0.0.2".parse::<std::net::IpAddr>().unwrap()).build().unwrap();
    let owner = app
        .send(
            elsewhere
                .post(app.url("/api/auth/login"))
                .json(&json!({"email": "sara@example.com", "password": PASSWORD})),
        )
        .await;
    assert_eq!(owner.status, StatusCode::OK, "{:?}", owner.body);
    // The guessing address is not slowed down for other accounts either.
    assert_eq!(app.login("omar@example.com", PASSWORD).await.status, StatusCode::OK);
    // After its wait, the right password from the guessing address works and clears its count.
    app.clock.advance(std::time::Duration::from_millis(1001));
    assert_eq!(app.login("sara@example.com", PASSWORD).await.status, StatusCode::OK);
    assert_eq!(app.login("sara@example.com", "Wrong#2026").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.login("sara@example.com", PASSWORD).await.status, StatusCode::OK);
}
