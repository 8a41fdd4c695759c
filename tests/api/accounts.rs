use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{spawn_app, spawn_app_with, PASSWORD};

#[actix_web::test]
async fn register_activate_login_in_both_languages() {
    let app = spawn_app().await;
    let reply = app.register("Sara@Example.com", "student").await;
    assert_eq!(reply.status, StatusCode::CREATED);
    assert_eq!(reply.message(), "Registration successful. Check your e-mail to activate your account.");

    // Not active yet: its own message, not the wrong-password one.
    let early = app.post("/api/auth/login", json!({"email": "sara@example.com", "password": PASSWORD}), "ar").await;
    assert_eq!(early.status, StatusCode::FORBIDDEN);
    assert_eq!(early.code(), "account_inactive");
    assert_eq!(early.message(), "حسابك غير مفعّل بعد. افتح رابط التفعيل الذي أرسلناه إلى بريدك الإلكتروني.");

    let mail = app.mails().pop().unwrap();
    assert!(mail.contains("To: \"Sara Ahmad\" <sara@example.com>"), "{mail}");
    assert!(mail.contains("شكرًا لتسجيلك في لمسة"), "the e-mail is bilingual: {mail}");
    let token = app.link_token("activate");
    let activated = app.post("/api/auth/activate", json!({"token": token}), "ar").await;
    assert_eq!((activated.status, activated.message()), (StatusCode::OK, "تم تفعيل الحساب"));
    let again = app.post("/api/auth/activate", json!({"token": token}), "en").await;
    assert_eq!((again.status, again.code()), (StatusCode::BAD_REQUEST, "invalid_token"));

    let login = app.login("SARA@example.com", PASSWORD).await;
    assert_eq!(login.status, StatusCode::OK);
    let user = &login.body["user"];
    assert_eq!(user["email"], "sara@example.com");
    assert_eq!(user["name"], "Sara Ahmad");
    assert_eq!(user["type"], "student");
    assert!(user["avatar"].is_null());
    assert!(user["id"].as_i64().unwrap() > 0);
    let access = login.body["access"].as_str().unwrap();
    let profile = app.get_auth("/api/profile", access).await;
    assert_eq!(profile.status, StatusCode::OK);
    assert_eq!(profile.body["email"], "sara@example.com");
}

#[actix_web::test]
async fn instructors_register_but_supervisors_cannot() {
    let app = spawn_app().await;
    let body = app.active_user("teacher@example.com", "instructor").await;
    assert_eq!(body["user"]["type"], "instructor");
    let sup = app.register("boss@example.com", "supervisor").await;
    assert_eq!((sup.status, sup.field()), (StatusCode::BAD_REQUEST, Some("type")));
    assert!(app.login("boss@example.com", PASSWORD).await.status == StatusCode::UNAUTHORIZED);
}

#[actix_web::test]
async fn wrong_credentials_get_the_spec_message() {
    let app = spawn_app().await;
    app.active_user("sara@example.com", "student").await;
    for (email, password) in
        [("sara@example.com", "Wrong#2026"), ("nobody@example.com", PASSWORD), ("not-an-email", PASSWORD)]
    {
        let en = app.post("/api/auth/login", json!({"email": email, "password": password}), "en").await;
        assert_eq!(en.status, StatusCode::UNAUTHORIZED);
        assert_eq!(en.message(), "email or Password is incorrect");
        let ar = app.post("/api/auth/login", json!({"email": email, "password": password}), "ar").await;
        assert_eq!(ar.message(), "البريد الإلكتروني أو كلمة المرور غير صحيحة");
    }
}

#[actix_web::test]
async fn refresh_gives_a_new_access_token_until_logout() {
    let app = spawn_app().await;
    let login = app.active_user("sara@example.com", "student").await;
    let refresh = login["refresh"].as_str().unwrap();
    let renewed = app.post("/api/auth/token/refresh", json!({"refresh": refresh}), "en").await;
    assert_eq!(renewed.status, StatusCode::OK);
    let access = renewed.body["access"].as_str().unwrap();
    assert_eq!(renewed.body.as_object().unwrap().len(), 1, "exactly {{access}}");
    assert_eq!(app.get_auth("/api/profile", access).await.status, StatusCode::OK);

    let bogus = app.post("/api/auth/token/refresh", json!({"refresh": "nope"}), "en").await;
    assert_eq!((bogus.status, bogus.code()), (StatusCode::UNAUTHORIZED, "invalid_refresh"));

    let out = app.post("/api/auth/logout", json!({"refresh": refresh}), "en").await;
    assert_eq!((out.status, out.message()), (StatusCode::OK, "Signed out"));
    let after = app.post("/api/auth/token/refresh", json!({"refresh": refresh}), "en").await;
    assert_eq!(after.status, StatusCode::UNAUTHORIZED);
}

#[actix_web::test]
async fn an_expired_access_token_is_refused_and_refresh_recovers() {
    let app = spawn_app_with(|s| s.access_ttl = std::time::Duration::from_secs(900)).await;
    let login = app.active_user("sara@example.com", "student").await;
    let access = login["access"].as_str().unwrap();
    assert_eq!(app.get_auth("/api/profile", access).await.status, StatusCode::OK);
    // Fourteen minutes later the token still opens the profile; a minute more and it is expired.
    app.clock.advance(std::time::Duration::from_secs(14 * 60));
    assert_eq!(app.get_auth("/api/profile", access).await.status, StatusCode::OK);
    app.clock.advance(std::time::Duration::from_secs(61));
    let expired = app.get_auth("/api/profile", access).await;
    assert_eq!(expired.status, StatusCode::UNAUTHORIZED);
    let renewed = app.post("/api/auth/token/refresh", json!({"refresh": login["refresh"]}), "en").await;
    let fresh = renewed.body["access"].as_str().unwrap();
    assert_eq!(app.get_auth("/api/profile", fresh).await.status, StatusCode::OK);
}

#[actix_web::test]
async fn missing_or_garbage_bearer_is_401() {
    let app = spawn_app().await;
    let none = app.send(app.client.get(app.url("/api/profile")).header("Authorization", "Bearer ")).await;
    assert_eq!((none.status, none.code()), (StatusCode::UNAUTHORIZED, "unauthorized"));
    let garbage = app.get_auth("/api/profile", "x.y.z").await;
    assert_eq!(garbage.status, StatusCode::UNAUTHORIZED);
    assert_eq!(garbage.message(), "Please sign in to continue");
}

#[actix_web::test]
async fn password_change_signs_out_other_sessions() {
    let app = spawn_app().await;
    let first = app.active_user("sara@example.com", "student").await;
    let second = app.login("sara@example.com", PASSWORD).await.body;
    let access = first["access"].as_str().unwrap();

    let wrong = app
        .post_auth(
            "/api/auth/password/change",
            access,
            json!({"old_password": "Nope#2026", "new_password": "Lamsa#2027", "new_password_confirm": "Lamsa#2027"}),
            "en",
        )
        .await;
    assert_eq!((wrong.status, wrong.field()), (StatusCode::BAD_REQUEST, Some("old_password")));
    let weak = app
        .post_auth(
            "/api/auth/password/change",
            access,
            json!({"old_password": PASSWORD, "new_password": "weak", "new_password_confirm": "weak"}),
            "en",
        )
        .await;
    assert_eq!(weak.message(), "Password doesn't meet password policy");
    assert_eq!(weak.field(), Some("new_password"));
    let mismatch = app
        .post_auth(
            "/api/auth/password/change",
            access,
            json!({"old_password": PASSWORD, "new_password": "Lamsa#2027", "new_password_confirm": "Lamsa#2028"}),
            "en",
        )
        .await;
    assert_eq!(mismatch.message(), "The two passwords don't match");
    // Nothing changed by the refused attempts.
    assert_eq!(app.login("sara@example.com", PASSWORD).await.status, StatusCode::OK);

    let ok = app
        .post_auth(
            "/api/auth/password/change",
            access,
            json!({"old_password": PASSWORD, "new_password": "Lamsa#2027", "new_password_confirm": "Lamsa#2027"}),
            "en",
        )
        .await;
    assert_eq!((ok.status, ok.message()), (StatusCode::OK, "Password changed"));
    for old in [&first["refresh"], &second["refresh"]] {
        let r = app.post("/api/auth/token/refresh", json!({"refresh": old}), "en").await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "old sessions are revoked");
    }
    let r = app.post("/api/auth/token/refresh", json!({"refresh": ok.body["refresh"]}), "en").await;
    assert_eq!(r.status, StatusCode::OK, "the new session works");
    assert_eq!(app.login("sara@example.com", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.login("sara@example.com", "Lamsa#2027").await.status, StatusCode::OK);
}

#[actix_web::test]
async fn password_reset_by_email_link() {
    let app = spawn_app().await;
    let login = app.active_user("sara@example.com", "student").await;
    let mails_before = app.mails().len();

    // Unknown address: the same answer, and no e-mail.
    let unknown = app.post("/api/auth/password/reset", json!({"email": "ghost@example.com"}), "en").await;
    let known = app.post("/api/auth/password/reset", json!({"email": "sara@example.com"}), "en").await;
    assert_eq!(unknown.status, StatusCode::OK);
    assert_eq!(unknown.body, known.body);
    assert_eq!(app.mails().len(), mails_before + 1);
    let token = app.link_token("reset-password");

    let mismatch = app
        .post(
            "/api/auth/password/reset/confirm",
            json!({"token": token, "password": "Lamsa#2027", "password_confirm": "Lamsa#2026"}),
            "en",
        )
        .await;
    assert_eq!(mismatch.message(), "The two passwords don't match");
    let bad_token = app
        .post(
            "/api/auth/password/reset/confirm",
            json!({"token": "forged", "password": "Lamsa#2027", "password_confirm": "Lamsa#2027"}),
            "en",
        )
        .await;
    assert_eq!((bad_token.status, bad_token.message()), (StatusCode::BAD_REQUEST, "Password Reset Failed"));

    let done = app
        .post(
            "/api/auth/password/reset/confirm",
            json!({"token": token, "password": "Lamsa#2027", "password_confirm": "Lamsa#2027"}),
            "ar",
        )
        .await;
    assert_eq!((done.status, done.message()), (StatusCode::OK, "تمت إعادة تعيين كلمة المرور"));
    let reused = app
        .post(
            "/api/auth/password/reset/confirm",
            json!({"token": token, "password": "Lamsa#2028", "password_confirm": "Lamsa#2028"}),
            "ar",
        )
        .await;
    assert_eq!(reused.message(), "فشلت إعادة تعيين كلمة المرور");
    let old_session = app.post("/api/auth/token/refresh", json!({"refresh": login["refresh"]}), "en").await;
    assert_eq!(old_session.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.login("sara@example.com", "Lamsa#2027").await.status, StatusCode::OK);
}

#[actix_web::test]
async fn activation_can_be_resent_and_reset_activates() {
    let app = spawn_app().await;
    app.register("sara@example.com", "student").await;
    let first = app.link_token("activate");
    let resent = app.post("/api/auth/activation/resend", json!({"email": "sara@example.com"}), "en").await;
    assert_eq!(resent.status, StatusCode::OK);
    let second = app.link_token("activate");
    assert_ne!(first, second);
    assert_eq!(app.post("/api/auth/activate", json!({"token": second}), "en").await.status, StatusCode::OK);
    // Once active, resending sends nothing.
    let count = app.mails().len();
    app.post("/api/auth/activation/resend", json!({"email": "sara@example.com"}), "en").await;
    assert_eq!(app.mails().len(), count);

    // A reset link proves the address, so it also activates a waiting account.
    app.register("omar@example.com", "instructor").await;
    app.post("/api/auth/password/reset", json!({"email": "omar@example.com"}), "en").await;
    let token = app.link_token("reset-password");
    app.post(
        "/api/auth/password/reset/confirm",
        json!({"token": token, "password": "Lamsa#2027", "password_confirm": "Lamsa#2027"}),
        "en",
    )
    .await;
    assert_eq!(app.login("omar@example.com", "Lamsa#2027").await.status, StatusCode::OK);
}
