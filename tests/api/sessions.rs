//! A decision about an account takes effect at once, on every instance (issue 21): deactivation,
//! a type change, a password change or reset and "sign out everywhere else" end what the old
//! tokens could do — REST on both instances, refresh, open sockets and new ones — and nothing
//! the old tokens try afterwards changes a row. Every test runs two instances on one database
//! with a Redis bus between them (the test's Redis, or a private one), so each decision is made
//! on one instance and checked on the other, whose memory of the account was warmed first.

use std::time::Duration;

use lamsa::domain::UserType;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::{
    helpers::{spawn_app_with, spawn_peer, ws_close_code, ws_next, ws_send, TestApp, Ws, PASSWORD},
    realtime::PrivateRedis,
};

fn token(login: &Value) -> String {
    login["access"].as_str().unwrap().to_string()
}

fn refresh_of(login: &Value) -> String {
    login["refresh"].as_str().unwrap().to_string()
}

fn id(login: &Value) -> i64 {
    login["user"]["id"].as_i64().unwrap()
}

/// Two instances on one database with a Redis bus; `_redis` lives as long as they do.
struct Pair {
    a: TestApp,
    b: TestApp,
    _redis: Option<PrivateRedis>,
}

async fn pair() -> Pair {
    let (url, private) = match std::env::var("LAMSA_TEST_REDIS_URL").ok().filter(|v| !v.is_empty()) {
        Some(url) => (url, None),
        None => {
            let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
            let redis = PrivateRedis::start(port).expect("redis-server starts");
            (redis.url(), Some(redis))
        }
    };
    let a = spawn_app_with(|s| s.redis_url = Some(url.clone())).await;
    let b = spawn_peer(&a, |s| s.redis_url = Some(url.clone())).await;
    Pair { a, b, _redis: private }
}

/// What a socket sent first: a message, its close code, or nothing within the time.
#[derive(Debug, PartialEq)]
enum First {
    Message(Value),
    Closed(Option<u16>),
    Nothing,
}

async fn first_frame(ws: &mut Ws, ms: u64) -> First {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let deadline = tokio::time::Instant::now() + Duration::from_millis(ms);
    loop {
        match tokio::time::timeout_at(deadline, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return First::Message(serde_json::from_str(&t).unwrap()),
            Ok(Some(Ok(Message::Close(frame)))) => return First::Closed(frame.map(|f| u16::from(f.code))),
            Ok(Some(Ok(_))) => continue,
            Ok(None) | Ok(Some(Err(_))) => return First::Closed(None),
            Err(_) => return First::Nothing,
        }
    }
}

/// A socket opened now with `token`, asking at once for everything since the start: it must
/// close with `code` before sending anything (the account has stored events to replay).
async fn new_socket_closes(app: &TestApp, token: &str, code: u16) {
    let mut ws = app.ws(token).await;
    ws_send(&mut ws, json!({"type": "resume", "after": 0})).await;
    assert_eq!(first_frame(&mut ws, 5000).await, First::Closed(Some(code)), "nothing before the close");
}

/// A socket that stays open: it still answers a ping.
async fn stays_open(ws: &mut Ws) {
    ws_send(ws, json!({"type": "ping"})).await;
    let pong = ws_next(ws, 5000).await.expect("the socket stays open");
    assert_eq!(pong["type"], "pong");
}

/// The old token is refused with `code` on REST, on both instances. Instance B heard of the
/// change through the bus: it is given up to a second (the bound), polled.
async fn refused_everywhere(p: &Pair, token: &str, code: &str) {
    for app in [&p.a, &p.b] {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(1);
        loop {
            let r = app.get_auth("/api/profile", token).await;
            if r.status == StatusCode::UNAUTHORIZED {
                assert_eq!(r.code(), code, "{:?}", r.body);
                break;
            }
            assert!(tokio::time::Instant::now() < deadline, "still {} on {} after a second", r.status, app.address);
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

async fn refresh_refused(app: &TestApp, refresh: &str) {
    let r = app.post("/api/auth/token/refresh", json!({ "refresh": refresh }), "en").await;
    assert_eq!((r.status, r.code()), (StatusCode::UNAUTHORIZED, "invalid_refresh"), "{:?}", r.body);
}

/// The name the database has for a user, whoever asks.
async fn name_of(app: &TestApp, user: i64) -> String {
    let db = lamsa::db::connect(&app.database_url).await.unwrap();
    let (name,): (String,) =
        sqlx::query_as("SELECT name FROM users WHERE id = $1").bind(user).fetch_one(&db).await.unwrap();
    db.close().await;
    name
}

async fn count(app: &TestApp, sql: &str, user: i64) -> i64 {
    let db = lamsa::db::connect(&app.database_url).await.unwrap();
    let (n,): (i64,) = sqlx::query_as(sql).bind(user).fetch_one(&db).await.unwrap();
    db.close().await;
    n
}

/// Tries the writes a student's old token might: a profile edit and an enrolment. Both are
/// refused with `code`, and neither row changed.
async fn student_writes_refused(p: &Pair, token: &str, student: i64, course: i64, code: &str) {
    let before = name_of(&p.a, student).await;
    for app in [&p.a, &p.b] {
        let r = app.patch_auth("/api/profile", token, json!({"name": "Someone Else"})).await;
        assert_eq!((r.status, r.code()), (StatusCode::UNAUTHORIZED, code), "{:?}", r.body);
        let r = app.post_auth(&format!("/api/courses/{course}/enrol"), token, json!({}), "en").await;
        assert_eq!((r.status, r.code()), (StatusCode::UNAUTHORIZED, code), "{:?}", r.body);
    }
    assert_eq!(name_of(&p.a, student).await, before, "the profile is unchanged");
    let enrolled = count(&p.a, "SELECT COUNT(*) FROM enrolments WHERE student_id = $1", student).await;
    assert_eq!(enrolled, 0, "no enrolment was made");
}

#[actix_web::test]
async fn deactivation_ends_rest_refresh_and_sockets_on_both_instances_and_reactivation_keeps_old_tokens_dead() {
    let p = pair().await;
    let sup = token(&p.a.account(UserType::Supervisor, "mona@example.com").await);
    let teacher = token(&p.a.active_user("ahmad@example.com", "instructor").await);
    let course =
        p.a.active_course(&teacher, &sup, crate::helpers::course_body("Letters")).await["id"].as_i64().unwrap();
    let sara = p.a.active_user("sara@example.com", "student").await;
    let (old, old_refresh, sara_id) = (token(&sara), refresh_of(&sara), id(&sara));
    // Both instances know Sara (and remember her account) before the decision.
    for app in [&p.a, &p.b] {
        assert_eq!(app.get_auth("/api/profile", &old).await.status, StatusCode::OK);
    }
    let (mut on_a, _) = p.a.ws_resumed(&old, 0).await;
    let (mut on_b, _) = p.b.ws_resumed(&old, 0).await;

    let r = p.a.patch_auth(&format!("/api/admin/users/{sara_id}"), &sup, json!({"active": false})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    assert_eq!(ws_close_code(&mut on_a, 5000).await, Some(4403));
    assert_eq!(ws_close_code(&mut on_b, 5000).await, Some(4403), "the other instance closes its socket too");
    refused_everywhere(&p, &old, "account_deactivated").await;
    let ar = p.b.send(p.b.client.get(p.b.url("/api/profile")).bearer_auth(&old).header("Accept-Language", "ar")).await;
    assert!(ar.message().contains("أوقف"), "the refusal speaks the request's language: {}", ar.message());
    refresh_refused(&p.b, &old_refresh).await;
    new_socket_closes(&p.b, &old, 4403).await;
    student_writes_refused(&p, &old, sara_id, course, "account_deactivated").await;
    let notes = p.a.get_auth("/api/notifications", &old).await;
    assert_eq!(notes.status, StatusCode::UNAUTHORIZED);

    // Reactivated: she signs in again; the tokens of before stay dead.
    let r = p.b.patch_auth(&format!("/api/admin/users/{sara_id}"), &sup, json!({"active": true})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let again = p.a.login("sara@example.com", PASSWORD).await;
    assert_eq!(again.status, StatusCode::OK, "{:?}", again.body);
    refused_everywhere(&p, &old, "session_ended").await;
    refresh_refused(&p.a, &old_refresh).await;
    new_socket_closes(&p.a, &old, 4410).await;
    for app in [&p.a, &p.b] {
        assert_eq!(app.get_auth("/api/profile", &token(&again.body)).await.status, StatusCode::OK);
    }
}

#[actix_web::test]
async fn a_demoted_supervisor_loses_supervisor_powers_everywhere_at_once() {
    let p = pair().await;
    let mona = token(&p.a.account(UserType::Supervisor, "mona@example.com").await);
    let huda = p.a.account(UserType::Supervisor, "huda@example.com").await;
    let (old, huda_id) = (token(&huda), id(&huda));
    let sara = id(&p.a.active_user("sara@example.com", "student").await);
    for app in [&p.a, &p.b] {
        let r = app.get_auth("/api/supervisor/queue-counts", &old).await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    }
    let (mut on_b, _) = p.b.ws_resumed(&old, 0).await;

    let r = p.a.patch_auth(&format!("/api/admin/users/{huda_id}"), &mona, json!({"type": "instructor"})).await;
    assert_eq!((r.status, r.body["user"]["type"].as_str()), (StatusCode::OK, Some("instructor")), "{:?}", r.body);

    assert_eq!(ws_close_code(&mut on_b, 5000).await, Some(4410), "her socket on the other instance closes");
    refused_everywhere(&p, &old, "session_ended").await;
    refresh_refused(&p.b, &refresh_of(&huda)).await;
    new_socket_closes(&p.b, &old, 4410).await;
    let notes_before = count(&p.a, "SELECT COUNT(*) FROM notes WHERE recipient_id = $1", sara).await;
    for app in [&p.a, &p.b] {
        for path in ["/api/supervisor/queue-counts", "/api/users/search?type=student&q=%40"] {
            let r = app.get_auth(path, &old).await;
            assert_eq!((r.status, r.code()), (StatusCode::UNAUTHORIZED, "session_ended"), "{path}: {:?}", r.body);
        }
        let r = app.post_auth("/api/notes", &old, json!({"recipient_id": sara, "text": "as a supervisor"}), "en").await;
        assert_eq!((r.status, r.code()), (StatusCode::UNAUTHORIZED, "session_ended"), "{:?}", r.body);
    }
    let notes_after = count(&p.a, "SELECT COUNT(*) FROM notes WHERE recipient_id = $1", sara).await;
    assert_eq!(notes_after, notes_before, "no note was sent");

    // Signed in again she is an instructor, judged as one on both instances.
    let now = p.b.login("huda@example.com", PASSWORD).await;
    assert_eq!(now.body["user"]["type"], "instructor");
    for app in [&p.a, &p.b] {
        let r = app.get_auth("/api/supervisor/queue-counts", &token(&now.body)).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{:?}", r.body);
    }
}

#[actix_web::test]
async fn an_instructor_made_a_student_is_judged_as_a_student() {
    let p = pair().await;
    let mona = token(&p.a.account(UserType::Supervisor, "mona@example.com").await);
    let ahmad = p.a.active_user("ahmad@example.com", "instructor").await;
    let old = token(&ahmad);
    assert_eq!(p.b.get_auth("/api/instructor/courses", &old).await.status, StatusCode::OK);
    let (mut on_a, _) = p.a.ws_resumed(&old, 0).await;

    let r = p.b.patch_auth(&format!("/api/admin/users/{}", id(&ahmad)), &mona, json!({"type": "student"})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    assert_eq!(ws_close_code(&mut on_a, 5000).await, Some(4410));
    refused_everywhere(&p, &old, "session_ended").await;
    refresh_refused(&p.a, &refresh_of(&ahmad)).await;
    let courses = count(&p.a, "SELECT COUNT(*) FROM courses WHERE instructor_id = $1", id(&ahmad)).await;
    for app in [&p.a, &p.b] {
        let r = app.post_auth("/api/courses", &old, crate::helpers::course_body("After the change"), "en").await;
        assert_eq!((r.status, r.code()), (StatusCode::UNAUTHORIZED, "session_ended"), "{:?}", r.body);
    }
    assert_eq!(count(&p.a, "SELECT COUNT(*) FROM courses WHERE instructor_id = $1", id(&ahmad)).await, courses);
    let now = token(&p.a.login("ahmad@example.com", PASSWORD).await.body);
    assert_eq!(p.b.get_auth("/api/instructor/courses", &now).await.status, StatusCode::FORBIDDEN);
}

#[actix_web::test]
async fn a_password_change_ends_every_other_session_and_keeps_the_device_that_made_it() {
    let p = pair().await;
    let sara = p.a.active_user("sara@example.com", "student").await;
    let sara_id = id(&sara);
    let teacher = token(&p.a.active_user("ahmad@example.com", "instructor").await);
    let sup = token(&p.a.account(UserType::Supervisor, "mona@example.com").await);
    let course =
        p.a.active_course(&teacher, &sup, crate::helpers::course_body("Letters")).await["id"].as_i64().unwrap();
    // A second device of hers.
    let other = p.b.login("sara@example.com", PASSWORD).await.body;
    let (mine, theirs) = (token(&sara), token(&other));
    for app in [&p.a, &p.b] {
        assert_eq!(app.get_auth("/api/profile", &theirs).await.status, StatusCode::OK);
    }
    let (mut my_socket, _) = p.a.ws_resumed(&mine, 0).await;
    let (mut their_socket, _) = p.b.ws_resumed(&theirs, 0).await;
    let devices = p.a.get_auth("/api/auth/sessions", &mine).await;
    assert_eq!(devices.body["devices"].as_array().unwrap().len(), 2, "{:?}", devices.body);

    let body =
        json!({"old_password": PASSWORD, "new_password": "Changed#2026", "new_password_confirm": "Changed#2026"});
    let r = p.b.post_auth("/api/auth/password/change", &mine, body, "en").await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let (renewed, renewed_refresh) = (token(&r.body), refresh_of(&r.body));

    // The other device is out everywhere; this one carries on with its new tokens.
    assert_eq!(ws_close_code(&mut their_socket, 5000).await, Some(4410));
    refused_everywhere(&p, &theirs, "session_ended").await;
    refresh_refused(&p.a, &refresh_of(&other)).await;
    new_socket_closes(&p.a, &theirs, 4410).await;
    student_writes_refused(&p, &theirs, sara_id, course, "session_ended").await;
    stays_open(&mut my_socket).await;
    for app in [&p.a, &p.b] {
        assert_eq!(app.get_auth("/api/profile", &renewed).await.status, StatusCode::OK, "the new token works at once");
    }
    refresh_refused(&p.a, &refresh_of(&sara)).await;
    let fresh = p.a.post("/api/auth/token/refresh", json!({ "refresh": renewed_refresh }), "en").await;
    assert_eq!(fresh.status, StatusCode::OK, "{:?}", fresh.body);
    let devices = p.b.get_auth("/api/auth/sessions", &renewed).await;
    let list = devices.body["devices"].as_array().unwrap();
    assert_eq!((list.len(), &list[0]["current"]), (1, &json!(true)), "{:?}", devices.body);
}

#[actix_web::test]
async fn a_deactivated_account_can_neither_change_nor_reset_its_password() {
    let p = pair().await;
    let sup = token(&p.a.account(UserType::Supervisor, "mona@example.com").await);
    let sara = p.a.active_user("sara@example.com", "student").await;
    // A reset link asked for while the account was still active.
    let r = p.a.post("/api/auth/password/reset", json!({"email": "sara@example.com"}), "en").await;
    assert_eq!(r.status, StatusCode::OK);
    let link = p.a.link_token("reset-password");
    let mails = p.a.mails().len();
    let r = p.a.patch_auth(&format!("/api/admin/users/{}", id(&sara)), &sup, json!({"active": false})).await;
    assert_eq!(r.status, StatusCode::OK);

    let body =
        json!({"old_password": PASSWORD, "new_password": "Changed#2026", "new_password_confirm": "Changed#2026"});
    for _ in 0..2 {
        let r = p.b.post_auth("/api/auth/password/change", &token(&sara), body.clone(), "en").await;
        assert_eq!((r.status, r.code()), (StatusCode::UNAUTHORIZED, "account_deactivated"), "{:?}", r.body);
        assert!(r.body.get("access").is_none(), "no new tokens");
    }
    let r =
        p.a.post(
            "/api/auth/password/reset/confirm",
            json!({"token": link, "password": "Changed#2026", "password_confirm": "Changed#2026"}),
            "en",
        )
        .await;
    assert_eq!((r.status, r.code()), (StatusCode::FORBIDDEN, "account_deactivated"), "{:?}", r.body);
    let r = p.a.post("/api/auth/password/reset", json!({"email": "sara@example.com"}), "en").await;
    assert_eq!(r.status, StatusCode::OK, "the answer says nothing about the account");
    assert_eq!(p.a.mails().len(), mails, "no reset link is sent to a deactivated account");
    // Reactivated, the old password still opens the account: nothing was changed.
    p.a.patch_auth(&format!("/api/admin/users/{}", id(&sara)), &sup, json!({"active": true})).await;
    assert_eq!(p.a.login("sara@example.com", PASSWORD).await.status, StatusCode::OK);
    assert_eq!(p.a.login("sara@example.com", "Changed#2026").await.code(), "invalid_credentials");
}

#[actix_web::test]
async fn a_password_reset_ends_every_session() {
    let p = pair().await;
    let sara = p.a.active_user("sara@example.com", "student").await;
    let old = token(&sara);
    assert_eq!(p.b.get_auth("/api/profile", &old).await.status, StatusCode::OK);
    let (mut on_b, _) = p.b.ws_resumed(&old, 0).await;
    p.a.post("/api/auth/password/reset", json!({"email": "sara@example.com"}), "en").await;
    let link = p.a.link_token("reset-password");
    let r =
        p.a.post(
            "/api/auth/password/reset/confirm",
            json!({"token": link, "password": "Changed#2026", "password_confirm": "Changed#2026"}),
            "en",
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    assert_eq!(ws_close_code(&mut on_b, 5000).await, Some(4410));
    refused_everywhere(&p, &old, "session_ended").await;
    refresh_refused(&p.b, &refresh_of(&sara)).await;
    new_socket_closes(&p.b, &old, 4410).await;
    assert_eq!(p.b.login("sara@example.com", "Changed#2026").await.status, StatusCode::OK);
}

#[actix_web::test]
async fn signing_out_everywhere_else_keeps_only_this_device() {
    let p = pair().await;
    let here = p.a.active_user("sara@example.com", "student").await;
    let there = p.b.login("sara@example.com", PASSWORD).await.body;
    let third = p.a.login("sara@example.com", PASSWORD).await.body;
    assert_eq!(p.b.get_auth("/api/profile", &token(&there)).await.status, StatusCode::OK);
    let (mut my_socket, _) = p.b.ws_resumed(&token(&here), 0).await;
    let (mut there_socket, _) = p.a.ws_resumed(&token(&there), 0).await;
    let (mut third_socket, _) = p.b.ws_resumed(&token(&third), 0).await;

    let r = p.a.post_auth("/api/auth/sessions/sign-out-others", &token(&here), json!({}), "ar").await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert!(r.message().contains("الأجهزة الأخرى"), "{}", r.message());
    let renewed = token(&r.body);

    assert_eq!(ws_close_code(&mut there_socket, 5000).await, Some(4410));
    assert_eq!(ws_close_code(&mut third_socket, 5000).await, Some(4410));
    for old in [token(&there), token(&third)] {
        refused_everywhere(&p, &old, "session_ended").await;
        new_socket_closes(&p.a, &old, 4410).await;
    }
    refresh_refused(&p.a, &refresh_of(&there)).await;
    refresh_refused(&p.b, &refresh_of(&third)).await;
    stays_open(&mut my_socket).await;
    for app in [&p.a, &p.b] {
        assert_eq!(app.get_auth("/api/profile", &renewed).await.status, StatusCode::OK);
    }
    // This device's refresh token still works, and gives tokens of the new generation.
    let fresh = p.b.post("/api/auth/token/refresh", json!({ "refresh": refresh_of(&here) }), "en").await;
    assert_eq!(fresh.status, StatusCode::OK, "{:?}", fresh.body);
    assert_eq!(p.a.get_auth("/api/profile", &token(&fresh.body)).await.status, StatusCode::OK);
    let devices = p.a.get_auth("/api/auth/sessions", &renewed).await;
    let list = devices.body["devices"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{:?}", devices.body);
    assert_eq!(list[0]["current"], true);
    // The old access token of this very device belongs to the ended generation too.
    refused_everywhere(&p, &token(&here), "session_ended").await;
}

/// An instance that could not hear the bus (its Redis went away) reads accounts from the
/// database until it hears again: a decision made meanwhile holds there at once.
#[actix_web::test]
async fn an_instance_that_missed_the_change_reads_the_account_before_trusting_its_memory() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let redis_b = PrivateRedis::start(port).expect("redis-server starts");
    // A has its own Redis (it never reaches B): B hears nothing A publishes, as if its bus were down.
    let port_a = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let redis_a = PrivateRedis::start(port_a).expect("redis-server starts");
    let (url_a, url_b) = (redis_a.url(), redis_b.url());
    let a = spawn_app_with(|s| s.redis_url = Some(url_a.clone())).await;
    let b = spawn_peer(&a, |s| s.redis_url = Some(url_b.clone())).await;
    let sup = token(&a.account(UserType::Supervisor, "mona@example.com").await);
    let sara = a.active_user("sara@example.com", "student").await;
    assert_eq!(b.get_auth("/api/profile", &token(&sara)).await.status, StatusCode::OK, "B remembers Sara now");

    // B loses its bus; the decision is made through A, whose message B cannot hear.
    drop(redis_b);
    let r = a.patch_auth(&format!("/api/admin/users/{}", id(&sara)), &sup, json!({"active": false})).await;
    assert_eq!(r.status, StatusCode::OK);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let r = b.get_auth("/api/profile", &token(&sara)).await;
        if r.status == StatusCode::UNAUTHORIZED {
            assert_eq!(r.code(), "account_deactivated");
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "B kept trusting what it remembered");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
