//! The admin site's API (issue 15): only supervisors; accounts (deactivation ends sign-in,
//! refresh and sockets at once, also across instances), invitations, courses, certificates,
//! the audit log (one row per action, in the change's transaction) and the overview.

use lamsa::domain::UserType;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, spawn_app_with, spawn_peer, ws_close_code, ws_next, TestApp, PASSWORD};

fn token(login: &Value) -> String {
    login["access"].as_str().unwrap().to_string()
}

fn id(login: &Value) -> i64 {
    login["user"]["id"].as_i64().unwrap()
}

struct World {
    app: TestApp,
    sup: Value,
    teacher: Value,
    student: Value,
}

async fn world() -> World {
    let app = spawn_app().await;
    let sup = app.account(UserType::Supervisor, "mona@example.com").await;
    let teacher = app.active_user("ahmad@example.com", "instructor").await;
    let student = app.active_user("sara@example.com", "student").await;
    World { app, sup, teacher, student }
}

async fn audit(app: &TestApp, sup: &str, query: &str) -> Vec<Value> {
    let r = app.get_auth(&format!("/api/admin/audit?{query}"), sup).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body["items"].as_array().unwrap().clone()
}

#[actix_web::test]
async fn only_supervisors_reach_the_admin_api() {
    let w = world().await;
    let app = &w.app;
    let paths = [
        "/api/admin/overview",
        "/api/admin/users",
        "/api/admin/users.csv",
        "/api/admin/courses",
        "/api/admin/certificates",
        "/api/admin/audit",
        "/api/admin/audit.csv",
        "/api/admin/news",
        "/api/admin/contact-messages",
        "/api/admin/contact-messages/unread-count",
    ];
    for path in paths {
        let anonymous = app.send(app.client.get(app.url(path))).await;
        assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED, "{path}");
        for who in [&w.student, &w.teacher] {
            let r = app.get_auth(path, &token(who)).await;
            assert_eq!((r.status, r.code()), (StatusCode::FORBIDDEN, "forbidden"), "{path}");
            assert_eq!(r.message(), "Unable to access data");
        }
        let ok = app.get_auth(path, &token(&w.sup)).await;
        assert_eq!(ok.status, StatusCode::OK, "{path}: {:?}", ok.body);
    }
    let sid = id(&w.student);
    let writes = [
        app.patch_auth(&format!("/api/admin/users/{sid}"), &token(&w.teacher), json!({"active": false})).await,
        app.post_auth(
            "/api/admin/users/invite",
            &token(&w.student),
            json!({"type": "supervisor", "email": "x@example.com", "name": "X"}),
            "en",
        )
        .await,
        app.post_auth("/api/admin/news", &token(&w.teacher), json!({}), "en").await,
        app.post_auth("/api/admin/news/preview", &token(&w.student), json!({"body_md": "x"}), "en").await,
    ];
    for r in writes {
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{:?}", r.body);
    }
    // Nothing changed: the student still signs in.
    assert_eq!(app.login("sara@example.com", PASSWORD).await.status, StatusCode::OK);
    let arabic = app
        .send(
            app.client.get(app.url("/api/admin/users")).bearer_auth(token(&w.student)).header("Accept-Language", "ar"),
        )
        .await;
    assert_eq!(arabic.message(), "تعذّر الوصول إلى البيانات");
}

#[actix_web::test]
async fn users_are_searched_filtered_sorted_paged_and_exported() {
    let w = world().await;
    let (app, sup) = (&w.app, token(&w.sup));
    app.register("late@example.com", "student").await; // not activated
    let r = app.get_auth("/api/admin/users?sort=email&per_page=2", &sup).await;
    assert_eq!(r.body["total"], 4);
    let emails: Vec<&str> = r.body["items"].as_array().unwrap().iter().map(|u| u["email"].as_str().unwrap()).collect();
    assert_eq!(emails, ["ahmad@example.com", "late@example.com"]);
    let page2 = app.get_auth("/api/admin/users?sort=email&per_page=2&page=2", &sup).await;
    assert_eq!(page2.body["items"][0]["email"], "mona@example.com");
    let desc = app.get_auth("/api/admin/users?sort=-email", &sup).await;
    assert_eq!(desc.body["items"][0]["email"], "sara@example.com");

    let q = app.get_auth("/api/admin/users?q=AHMAD@", &sup).await;
    assert_eq!(q.body["total"], 1);
    assert_eq!(q.body["items"][0]["type"], "instructor");
    let students = app.get_auth("/api/admin/users?type=student&activated=false", &sup).await;
    assert_eq!(students.body["total"], 1);
    assert_eq!(students.body["items"][0]["email"], "late@example.com");
    assert_eq!(students.body["items"][0]["active"], true);
    assert_eq!(students.body["items"][0]["activated"], false);

    for (bad, field) in [
        ("sort=password_hash", "sort"),
        ("type=admin", "type"),
        ("active=maybe", "active"),
        ("per_page=1000", "per_page"),
    ] {
        let r = app.get_auth(&format!("/api/admin/users?{bad}"), &sup).await;
        assert_eq!((r.status, r.field()), (StatusCode::BAD_REQUEST, Some(field)), "{bad}");
    }

    let csv =
        app.client.get(app.url("/api/admin/users.csv?type=student&sort=email")).bearer_auth(&sup).send().await.unwrap();
    assert!(csv.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    let text = csv.text().await.unwrap();
    let lines: Vec<&str> = text.trim_start_matches('\u{feff}').lines().collect();
    assert_eq!(lines[0], "id,name,email,type,active,activated,created_at");
    assert_eq!(lines.len(), 3);
    assert!(lines[2].contains("sara@example.com,student,true,true"), "{}", lines[2]);
    let sid = id(&w.student);
    let selection =
        app.client.get(app.url(&format!("/api/admin/users.csv?ids={sid}"))).bearer_auth(&sup).send().await.unwrap();
    assert_eq!(selection.text().await.unwrap().lines().count(), 2);

    let detail = app.get_auth(&format!("/api/admin/users/{sid}"), &sup).await;
    assert_eq!(detail.status, StatusCode::OK);
    assert_eq!(detail.body["user"]["email"], "sara@example.com");
    assert!(detail.body["profile"].is_object());
    assert_eq!(detail.body["courses"], json!([]));
    assert_eq!(app.get_auth("/api/admin/users/99999", &sup).await.status, StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn a_deactivated_account_is_signed_out_everywhere_at_once() {
    let w = world().await;
    let (app, sup) = (&w.app, token(&w.sup));
    let sid = id(&w.student);
    let (mut here, _) = app.ws_resumed(&token(&w.student), 0).await;
    let (mut second_tab, _) = app.ws_resumed(&token(&w.student), 0).await;
    let (mut teacher_ws, _) = app.ws_resumed(&token(&w.teacher), 0).await;

    let r = app.patch_auth(&format!("/api/admin/users/{sid}"), &sup, json!({"active": false})).await;
    assert_eq!((r.status, r.message()), (StatusCode::OK, "Account updated"), "{:?}", r.body);
    assert_eq!(r.body["user"]["active"], false);
    assert!(r.body["user"]["deactivated_at"].is_string());

    assert_eq!(ws_close_code(&mut here, 5000).await, Some(4403), "the socket closes at once");
    assert_eq!(ws_close_code(&mut second_tab, 5000).await, Some(4403), "and every other tab's");
    assert!(ws_next(&mut teacher_ws, 300).await.is_none(), "other users' sockets stay open and quiet");

    let login = app.login("sara@example.com", PASSWORD).await;
    assert_eq!((login.status, login.code()), (StatusCode::FORBIDDEN, "account_deactivated"));
    assert!(login.message().contains("deactivated"), "{}", login.message());
    let ar = app.post("/api/auth/login", json!({"email": "sara@example.com", "password": PASSWORD}), "ar").await;
    assert!(ar.message().contains("أوقف"), "{}", ar.message());
    let wrong = app.login("sara@example.com", "Wrong#2026x").await;
    assert_eq!(wrong.code(), "invalid_credentials", "a wrong password says nothing about the account");
    let refresh = app.post("/api/auth/token/refresh", json!({"refresh": w.student["refresh"]}), "en").await;
    assert_eq!((refresh.status, refresh.code()), (StatusCode::UNAUTHORIZED, "invalid_refresh"));
    // A socket opened later with the still-unexpired access token is refused.
    let mut again = app.ws(&token(&w.student)).await;
    assert_eq!(ws_close_code(&mut again, 5000).await, Some(4403));

    let rows = audit(app, &sup, "action=user.deactivate").await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["record_kind"], "user");
    assert_eq!(rows[0]["record_id"], sid.to_string());
    assert_eq!(rows[0]["actor"]["id"], id(&w.sup));
    assert_eq!(rows[0]["before"]["active"], true);
    assert_eq!(rows[0]["after"]["active"], false);

    let back = app.patch_auth(&format!("/api/admin/users/{sid}"), &sup, json!({"active": true})).await;
    assert_eq!(back.body["user"]["active"], true);
    assert_eq!(app.login("sara@example.com", PASSWORD).await.status, StatusCode::OK);
    assert_eq!(audit(app, &sup, "action=user.reactivate").await.len(), 1);
    let filtered = app.get_auth("/api/admin/users?active=false", &sup).await;
    assert_eq!(filtered.body["total"], 0);
}

/// With several instances the deactivation travels on the Redis bus to whichever instance
/// holds the account's sockets (the test's Redis, or a private one it starts).
#[actix_web::test]
async fn deactivation_closes_the_sockets_held_by_another_instance() {
    let private;
    let redis = match std::env::var("LAMSA_TEST_REDIS_URL").ok().filter(|v| !v.is_empty()) {
        Some(url) => url,
        None => {
            let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
            private = crate::realtime::PrivateRedis::start(port).expect("redis-server starts");
            private.url()
        }
    };
    let a = spawn_app_with(|s| s.redis_url = Some(redis.clone())).await;
    let b = spawn_peer(&a, |s| s.redis_url = Some(redis.clone())).await;
    let sup = token(&a.account(UserType::Supervisor, "mona@example.com").await);
    let sara = a.active_user("sara@example.com", "student").await;
    let (mut on_b, _) = b.ws_resumed(&token(&sara), 0).await;
    let r = a.patch_auth(&format!("/api/admin/users/{}", id(&sara)), &sup, json!({"active": false})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(ws_close_code(&mut on_b, 5000).await, Some(4403), "the other instance closes it");
    assert_eq!(b.login("sara@example.com", PASSWORD).await.code(), "account_deactivated");
}

#[actix_web::test]
async fn supervisors_cannot_remove_themselves_or_the_last_supervisor() {
    let w = world().await;
    let (app, sup) = (&w.app, token(&w.sup));
    let me = id(&w.sup);
    for body in [json!({"active": false}), json!({"type": "student"})] {
        let r = app.patch_auth(&format!("/api/admin/users/{me}"), &sup, body).await;
        assert_eq!((r.status, r.code()), (StatusCode::CONFLICT, "cannot_change_self"), "{:?}", r.body);
    }
    // A second supervisor can be removed while another stays; the last one cannot.
    let other = app.account(UserType::Supervisor, "huda@example.com").await;
    let r = app.patch_auth(&format!("/api/admin/users/{}", id(&other)), &sup, json!({"type": "instructor"})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["user"]["type"], "instructor");
    assert_eq!(audit(app, &sup, "action=user.change_type").await[0]["after"]["type"], "instructor");
    // Her token still says supervisor, but every request is judged by the account: she is out at once.
    let stale = app.get_auth("/api/admin/users", &token(&other)).await;
    assert_eq!((stale.status, stale.code()), (StatusCode::UNAUTHORIZED, "session_ended"));
    let huda = app.login("huda@example.com", PASSWORD).await;
    assert_eq!(huda.body["user"]["type"], "instructor");
    // Laila deactivates Mona, whose token then opens nothing in the admin site.
    let third = app.account(UserType::Supervisor, "laila@example.com").await;
    let r = app.patch_auth(&format!("/api/admin/users/{me}"), &token(&third), json!({"active": false})).await;
    assert_eq!(r.status, StatusCode::OK);
    let r = app.patch_auth(&format!("/api/admin/users/{}", id(&third)), &sup, json!({"active": false})).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::UNAUTHORIZED, "account_deactivated"),
        "a deactivated supervisor's token is refused: {:?}",
        r.body
    );
    let r = app.patch_auth(&format!("/api/admin/users/{}", id(&third)), &token(&third), json!({"active": false})).await;
    assert_eq!(r.code(), "cannot_change_self");
    let sup = token(&third);
    let bad = app.patch_auth(&format!("/api/admin/users/{}", id(&w.student)), &sup, json!({"type": "admin"})).await;
    assert_eq!((bad.status, bad.field()), (StatusCode::BAD_REQUEST, Some("type")));
}

/// Two supervisors removing each other at the same moment: the rule holds in the service,
/// whichever commits second is refused.
#[actix_web::test]
async fn the_last_active_supervisor_stays_whoever_asks() {
    let (state, _dir) = crate::helpers::app_state().await;
    let mona =
        lamsa::accounts::create_active_user(&state.db, UserType::Supervisor, "mona@example.com", "Mona", PASSWORD)
            .await
            .unwrap();
    // A supervisor who is no longer in the list of active ones (as after a concurrent change).
    let gone = lamsa::auth::AuthUser::acting(mona + 1000, UserType::Supervisor);
    for change in [
        lamsa::services::admin::UserChange { active: Some(false), user_type: None },
        lamsa::services::admin::UserChange { active: None, user_type: Some(UserType::Instructor) },
    ] {
        let e = lamsa::services::admin::change_user(&state.db, &state.realtime, gone, mona, change).await.unwrap_err();
        assert!(matches!(e, lamsa::services::ServiceError::LastSupervisor), "{e:?}");
    }
    let rows: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM audit_log").fetch_one(&state.db).await.unwrap();
    assert_eq!(rows.0, 0, "a refused change writes no audit row");
}

#[actix_web::test]
async fn bulk_deactivation_skips_what_the_rules_refuse() {
    let w = world().await;
    let (app, sup) = (&w.app, token(&w.sup));
    let ids = [id(&w.student), id(&w.teacher), id(&w.sup)];
    let r = app.post_auth("/api/admin/users/bulk", &sup, json!({"ids": ids, "active": false}), "en").await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["updated"].as_array().unwrap().len(), 2);
    assert_eq!(r.body["refused"][0]["id"], id(&w.sup));
    assert_eq!(r.body["refused"][0]["code"], "cannot_change_self");
    assert_eq!(app.login("ahmad@example.com", PASSWORD).await.code(), "account_deactivated");
    assert_eq!(audit(app, &sup, "action=user.deactivate").await.len(), 2);
}

#[actix_web::test]
async fn an_invitation_creates_an_account_that_opens_with_its_link() {
    let w = world().await;
    let (app, sup) = (&w.app, token(&w.sup));
    let r = app
        .post_auth(
            "/api/admin/users/invite",
            &sup,
            json!({"type": "instructor", "email": "New@Example.com", "name": "Omar"}),
            "en",
        )
        .await;
    assert_eq!((r.status, r.message()), (StatusCode::CREATED, "Invitation sent"), "{:?}", r.body);
    assert_eq!(r.body["user"]["email"], "new@example.com");
    assert_eq!(r.body["user"]["activated"], false);
    let new_id = r.body["user"]["id"].as_i64().unwrap();
    let mail = app.mails().pop().unwrap();
    assert!(mail.contains("invitation") || mail.contains("Invitation"), "{mail}");
    let link = app.link_token("reset-password");
    let set = app
        .post(
            "/api/auth/password/reset/confirm",
            json!({"token": link, "password": PASSWORD, "password_confirm": PASSWORD}),
            "en",
        )
        .await;
    assert_eq!(set.status, StatusCode::OK, "{:?}", set.body);
    let login = app.login("new@example.com", PASSWORD).await;
    assert_eq!((login.status, login.body["user"]["type"].as_str()), (StatusCode::OK, Some("instructor")));
    let rows = audit(app, &sup, "action=user.invite").await;
    assert_eq!((rows.len(), rows[0]["record_id"].as_str()), (1, Some(new_id.to_string().as_str())));

    let twice = app
        .post_auth(
            "/api/admin/users/invite",
            &sup,
            json!({"type": "instructor", "email": "new@example.com", "name": "Omar"}),
            "en",
        )
        .await;
    assert_eq!((twice.status, twice.code()), (StatusCode::CONFLICT, "email_exists"));
    for (body, field) in [
        (json!({"type": "pilot", "email": "a@example.com", "name": "A"}), "type"),
        (json!({"type": "student", "email": "nope", "name": "A"}), "email"),
        (json!({"type": "student", "email": "a@example.com", "name": ""}), "name"),
    ] {
        let r = app.post_auth("/api/admin/users/invite", &sup, body, "en").await;
        assert_eq!((r.status, r.field()), (StatusCode::BAD_REQUEST, Some(field)), "{:?}", r.body);
    }
}

#[actix_web::test]
async fn activation_and_reset_emails_are_sent_on_request() {
    let w = world().await;
    let (app, sup) = (&w.app, token(&w.sup));
    app.register("late@example.com", "student").await;
    let late = app.get_auth("/api/admin/users?q=late", &sup).await.body["items"][0]["id"].as_i64().unwrap();
    let before = app.mails().len();
    let r = app.post_auth(&format!("/api/admin/users/{late}/resend-activation"), &sup, json!({}), "en").await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(app.mails().len(), before + 1);
    let token_ = app.link_token("activate");
    assert_eq!(app.post("/api/auth/activate", json!({"token": token_}), "en").await.status, StatusCode::OK);
    let again = app.post_auth(&format!("/api/admin/users/{late}/resend-activation"), &sup, json!({}), "en").await;
    assert_eq!((again.status, again.code()), (StatusCode::CONFLICT, "already_activated"));

    let sid = id(&w.student);
    let r = app.post_auth(&format!("/api/admin/users/{sid}/send-reset"), &sup, json!({}), "en").await;
    assert_eq!(r.status, StatusCode::OK);
    let reset = app.link_token("reset-password");
    let new_password = "Dots#123456";
    let done = app
        .post(
            "/api/auth/password/reset/confirm",
            json!({"token": reset, "password": new_password, "password_confirm": new_password}),
            "en",
        )
        .await;
    assert_eq!(done.status, StatusCode::OK);
    assert_eq!(app.login("sara@example.com", new_password).await.status, StatusCode::OK);
    assert_eq!(audit(app, &sup, "action=user.send_reset").await.len(), 1);
    assert_eq!(audit(app, &sup, "action=user.resend_activation").await.len(), 1);
}

#[actix_web::test]
async fn courses_are_listed_and_deactivated_and_decisions_elsewhere_are_audited() {
    let w = world().await;
    let (app, sup) = (&w.app, token(&w.sup));
    let course = app.active_course(&token(&w.teacher), &sup, crate::helpers::course_body("حروف برايل")).await["id"]
        .as_i64()
        .unwrap();
    let accredited = audit(app, &sup, "action=course.approve_accreditation").await;
    assert_eq!(accredited.len(), 1, "the accreditation decision is in the audit log");
    assert_eq!(accredited[0]["before"]["status"], "pending");
    assert_eq!(accredited[0]["after"]["status"], "active");
    app.post_auth(&format!("/api/courses/{course}/enrol"), &token(&w.student), json!({}), "en").await;

    let list = app.get_auth("/api/admin/courses?status=active", &sup).await;
    assert_eq!(list.body["total"], 1);
    assert_eq!(list.body["items"][0]["enrolled_count"], 1);
    assert_eq!(list.body["items"][0]["instructor"]["id"], id(&w.teacher));
    let by_teacher = app.get_auth(&format!("/api/admin/courses?instructor_id={}", id(&w.student)), &sup).await;
    assert_eq!(by_teacher.body["total"], 0);
    assert_eq!(app.get_auth("/api/admin/courses?status=bogus", &sup).await.status, StatusCode::BAD_REQUEST);

    let off = app.post_auth(&format!("/api/admin/courses/{course}/deactivate"), &sup, json!({}), "en").await;
    assert_eq!((off.status, off.body["course"]["status"].as_str()), (StatusCode::OK, Some("inactive")));
    let twice = app.post_auth(&format!("/api/admin/courses/{course}/deactivate"), &sup, json!({}), "en").await;
    assert_eq!((twice.status, twice.code()), (StatusCode::CONFLICT, "invalid_transition"));
    let catalogue = app.send(app.client.get(app.url("/api/courses"))).await;
    assert!(!catalogue.body.to_string().contains("حروف برايل"), "a stopped course leaves the catalogue");
    let on = app.post_auth(&format!("/api/admin/courses/{course}/reactivate"), &sup, json!({}), "en").await;
    assert_eq!(on.body["course"]["status"], "active");
    let rows = audit(app, &sup, "action=course.deactivate").await;
    assert_eq!(
        (rows[0]["before"]["status"].as_str(), rows[0]["after"]["status"].as_str()),
        (Some("active"), Some("inactive"))
    );
    assert_eq!(audit(app, &sup, "action=course.reactivate").await.len(), 1);

    let detail = app.get_auth(&format!("/api/admin/users/{}", id(&w.student)), &sup).await;
    assert_eq!(detail.body["courses"][0]["role"], "student");
    let sup_detail = app.get_auth(&format!("/api/admin/users/{}", id(&w.sup)), &sup).await;
    assert!(!sup_detail.body["recent_actions"].as_array().unwrap().is_empty(), "the supervisor's actions are listed");

    let overview = app.get_auth("/api/admin/overview", &sup).await;
    assert_eq!(overview.body["users"]["student"]["active"], 1);
    assert_eq!(overview.body["users"]["supervisor"]["active"], 1);
    assert_eq!(overview.body["courses"]["active"], 1);
    let weeks = overview.body["weeks"].as_array().unwrap();
    assert_eq!(weeks.len(), 26);
    assert_eq!(weeks[25]["signups"], 3, "this week's sign-ups");
    assert_eq!(weeks[25]["enrolments"], 1);
    assert!(weeks[0]["week_start"].as_str().unwrap() < weeks[25]["week_start"].as_str().unwrap());
}

#[actix_web::test]
async fn the_audit_log_filters_by_actor_action_and_date_and_exports_csv() {
    let w = world().await;
    let (app, sup) = (&w.app, token(&w.sup));
    let sid = id(&w.student);
    app.patch_auth(&format!("/api/admin/users/{sid}"), &sup, json!({"active": false})).await;
    app.patch_auth(&format!("/api/admin/users/{sid}"), &sup, json!({"active": true})).await;
    assert_eq!(audit(app, &sup, "").await.len(), 2);
    assert_eq!(audit(app, &sup, &format!("actor={}", id(&w.sup))).await.len(), 2);
    assert_eq!(audit(app, &sup, &format!("actor={}", id(&w.teacher))).await.len(), 0);
    let today = &lamsa::db::iso(lamsa::db::now_ms())[..10];
    assert_eq!(audit(app, &sup, &format!("from={today}&to={today}")).await.len(), 2);
    assert_eq!(audit(app, &sup, "to=2000-01-01").await.len(), 0);
    let newest = audit(app, &sup, "").await;
    assert_eq!(newest[0]["action"], "user.reactivate", "newest first");
    let bad = app.get_auth("/api/admin/audit?from=yesterday", &sup).await;
    assert_eq!((bad.status, bad.field()), (StatusCode::BAD_REQUEST, Some("from")));
    let csv =
        app.client.get(app.url("/api/admin/audit.csv?action=user.deactivate")).bearer_auth(&sup).send().await.unwrap();
    let text = csv.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].ends_with("id,at,actor_id,actor_name,action,record_kind,record_id,before,after"));
    assert_eq!(lines.len(), 2);
    assert!(lines[1].contains("user.deactivate") && lines[1].contains("\"{\"\"active\"\":true"), "{}", lines[1]);
}

#[actix_web::test]
async fn a_supervisors_note_is_audited_with_it() {
    let w = world().await;
    let (app, sup) = (&w.app, token(&w.sup));
    let r = app.post_auth("/api/notes", &sup, json!({"recipient_id": id(&w.student), "text": "Well done"}), "en").await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    let rows = audit(app, &sup, "action=note.send").await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["actor"]["id"], id(&w.sup));
    assert_eq!(rows[0]["after"]["recipient_id"], id(&w.student));
    assert_eq!(rows[0]["after"]["text"], "Well done");
}

#[actix_web::test]
async fn stop_and_rejection_decisions_are_audited_too() {
    let w = world().await;
    let (app, sup, teacher) = (&w.app, token(&w.sup), token(&w.teacher));
    let course =
        app.active_course(&teacher, &sup, crate::helpers::course_body("حروف برايل")).await["id"].as_i64().unwrap();
    let r = app.post_auth(&format!("/api/courses/{course}/stop-request"), &teacher, json!({}), "en").await;
    assert!(r.status.is_success(), "{:?}", r.body);
    let queue = app.get_auth("/api/supervisor/requests?kind=stop", &sup).await;
    let rid = queue.body["requests"][0]["id"].as_i64().unwrap();
    let r = app
        .post_auth(&format!("/api/requests/{rid}/reject"), &sup, json!({"reason": "Students are still enrolled"}), "en")
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let rows = audit(app, &sup, "action=course.reject_stop").await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["record_id"], course.to_string());
    assert_eq!(rows[0]["after"]["reason"], "Students are still enrolled");
    assert_eq!(rows[0]["after"]["status"], "active");
    app.post_auth(&format!("/api/courses/{course}/stop-request"), &teacher, json!({}), "en").await;
    let queue = app.get_auth("/api/supervisor/requests?kind=stop", &sup).await;
    let rid = queue.body["requests"][0]["id"].as_i64().unwrap();
    app.post_auth(&format!("/api/requests/{rid}/approve"), &sup, json!({}), "en").await;
    let rows = audit(app, &sup, "action=course.approve_stop").await;
    assert_eq!((rows.len(), rows[0]["after"]["status"].as_str()), (1, Some("inactive")));
}

#[actix_web::test]
async fn the_admin_news_and_contact_routes_are_in_the_openapi_document() {
    let app = spawn_app().await;
    let doc = app.send(app.client.get(app.url("/api/openapi.json"))).await;
    let paths = doc.body["paths"].as_object().unwrap();
    for path in [
        "/api/news",
        "/api/news/{slug}",
        "/api/news/feed.atom",
        "/api/contact",
        "/api/admin/news",
        "/api/admin/news/{id}",
        "/api/admin/news/preview",
        "/api/admin/contact-messages",
        "/api/admin/contact-messages/{id}",
        "/api/admin/contact-messages/{id}/reply",
        "/api/admin/users",
        "/api/admin/users/{id}",
        "/api/admin/users/invite",
        "/api/admin/users.csv",
        "/api/admin/audit",
        "/api/admin/audit.csv",
        "/api/admin/overview",
        "/api/admin/courses",
        "/api/admin/certificates",
    ] {
        assert!(paths.contains_key(path), "{path} is documented");
    }
    assert!(
        paths["/api/admin/news/{id}"].get("put").is_some() && paths["/api/admin/news/{id}"].get("delete").is_some()
    );
}
