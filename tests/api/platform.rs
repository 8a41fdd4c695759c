use std::io::Write;

use reqwest::StatusCode;

use crate::helpers::spawn_app;

#[actix_web::test]
async fn health_reports_database_and_bus() {
    let app = spawn_app().await;
    let reply = app.send(app.client.get(app.url("/api/health"))).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.body["status"], "ok");
    assert_eq!(reply.body["database"], "ok");
    assert_eq!(reply.body["bus"], "ok");
    let expected_bus =
        if std::env::var("LAMSA_TEST_REDIS_URL").is_ok_and(|v| !v.is_empty()) { "redis" } else { "in-process" };
    assert_eq!(reply.body["bus_kind"], expected_bus);
}

#[actix_web::test]
async fn openapi_covers_every_route_and_the_docs_page_renders_it() {
    let app = spawn_app().await;
    let doc = app.send(app.client.get(app.url("/api/openapi.json"))).await.body;
    let routes = [
        ("get", "/api/health"),
        ("post", "/api/auth/register"),
        ("post", "/api/auth/activate"),
        ("post", "/api/auth/activation/resend"),
        ("post", "/api/auth/login"),
        ("post", "/api/auth/token/refresh"),
        ("post", "/api/auth/logout"),
        ("post", "/api/auth/password/change"),
        ("post", "/api/auth/password/reset"),
        ("post", "/api/auth/password/reset/confirm"),
        ("get", "/api/profile"),
        ("patch", "/api/profile"),
        ("post", "/api/profile/avatar"),
        ("delete", "/api/profile/avatar"),
        ("get", "/api/openapi.json"),
        ("get", "/api/docs"),
        ("post", "/api/braille/translate"),
        ("get", "/api/braille/table"),
        ("get", "/api/notifications"),
        ("get", "/api/notifications/unread-count"),
        ("post", "/api/notifications/read"),
        ("get", "/api/notes"),
        ("post", "/api/notes"),
        ("post", "/api/notes/{id}/reply"),
        ("get", "/api/users/search"),
        ("get", "/api/ws"),
        ("get", "/api/courses"),
        ("post", "/api/courses"),
        ("get", "/api/courses/{id}"),
        ("put", "/api/courses/{id}"),
        ("post", "/api/courses/{id}/accreditation"),
        ("post", "/api/courses/{id}/stop-request"),
        ("post", "/api/courses/{id}/enrol"),
        ("post", "/api/lessons/{id}/complete"),
        ("get", "/api/instructor/courses"),
        ("get", "/api/instructor/track-students"),
        ("get", "/api/student/courses"),
        ("get", "/api/supervisor/requests"),
        ("get", "/api/supervisor/queue-counts"),
        ("post", "/api/requests/{id}/approve"),
        ("post", "/api/requests/{id}/reject"),
        ("get", "/api/questions"),
        ("post", "/api/questions"),
        ("post", "/api/questions/{id}/answer"),
        ("get", "/api/question/instructor/count"),
    ];
    for (method, path) in routes {
        let op = &doc["paths"][path][method];
        assert!(op.is_object(), "{method} {path} is documented");
        assert!(op["responses"].as_object().is_some_and(|r| !r.is_empty()), "{method} {path} has responses");
    }
    for schema in ["RegisterRequest", "LoginResponse", "ErrorBody", "ProfileResponse", "ProfilePatch"] {
        assert!(doc["components"]["schemas"][schema].is_object(), "{schema}");
    }
    let page = app.client.get(app.url("/api/docs")).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.unwrap();
    assert!(html.contains("POST /api/auth/register") && html.contains("RegisterRequest"));
}

#[actix_web::test]
async fn client_routes_get_the_arabic_rtl_index_and_files_are_served() {
    let app = spawn_app().await;
    for path in ["/", "/student/profile", "/activate/abc", "/no/such/page"] {
        let resp = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "{path}");
        assert!(resp.text().await.unwrap().contains("<html lang=\"ar\" dir=\"rtl\">"), "{path}");
    }
    let js = app.client.get(app.url("/assets/app.js")).send().await.unwrap();
    assert_eq!(js.text().await.unwrap(), "console.log('lamsa')");
}

#[actix_web::test]
async fn create_user_command_makes_an_active_supervisor() {
    let app = spawn_app().await;
    let run = |email: &str, password: &str| {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_lamsa"))
            .args(["create-user", "--type", "supervisor", "--email", email, "--name", "Mona"])
            .env("DATABASE_URL", &app.database_url)
            .env("LAMSA_DATA_DIR", app.data_dir.path())
            .env("REDIS_URL", "")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        writeln!(child.stdin.take().unwrap(), "{password}").unwrap();
        child.wait_with_output().unwrap()
    };
    let weak = run("mona@example.com", "weak");
    assert!(!weak.status.success());
    assert!(String::from_utf8_lossy(&weak.stderr).contains("password"));
    let ok = run("mona@example.com", "Super#Visor1");
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    let login = app.login("mona@example.com", "Super#Visor1").await;
    assert_eq!(login.status, StatusCode::OK);
    assert_eq!(login.body["user"]["type"], "supervisor");
    let dup = run("MONA@example.com", "Super#Visor1");
    assert!(!dup.status.success(), "one account per address");
}

#[actix_web::test]
async fn seed_demo_gives_one_account_per_role_and_three_active_courses() {
    let app = spawn_app().await;
    let run = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_lamsa"))
            .arg("seed-demo")
            .env("DATABASE_URL", &app.database_url)
            .env("LAMSA_DATA_DIR", app.data_dir.path())
            .env("LAMSA_DEMO_PASSWORD", "Demo#Pass1")
            .output()
            .unwrap()
    };
    let out = run();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let printed = String::from_utf8_lossy(&out.stdout);
    for email in ["student@lamsa.local", "instructor@lamsa.local", "supervisor@lamsa.local"] {
        assert!(printed.contains(email), "{printed}");
        assert_eq!(app.login(email, "Demo#Pass1").await.status, StatusCode::OK);
    }
    assert!(run().status.success(), "running it again changes nothing");
    // Two published news items, once.
    let news = app.send(app.client.get(app.url("/api/news"))).await.body;
    assert_eq!(news["total"], 2, "{news}");
    assert_eq!(news["items"][1]["title_en"], "New courses in Arabic and English Braille");
    assert!(news["items"][1]["summary_en"]
        .as_str()
        .unwrap()
        .starts_with("The society has opened three courses for beginners"));
    let catalogue = app.send(app.client.get(app.url("/api/courses"))).await.body;
    let courses = catalogue["courses"].as_array().unwrap();
    assert_eq!(courses.len(), 3);
    let titles: Vec<&str> =
        courses.iter().filter(|c| c["language"] == "en").map(|c| c["title"].as_str().unwrap()).collect();
    assert!(titles.contains(&"Braille letters A–J"), "{titles:?}");
    // The contracted course's lessons write their words with what they have taught so far.
    let contracted = courses.iter().find(|c| c["braille_grade"] == 2).expect("a contracted demo course");
    let login = app.login("instructor@lamsa.local", "Demo#Pass1").await.body;
    let detail = app.get_auth(&format!("/api/courses/{}", contracted["id"]), login["access"].as_str().unwrap()).await;
    let words = |l: usize| detail.body["chapters"][0]["lessons"][l]["words"].clone();
    assert_eq!(words(0)[2]["print"], "then");
    assert_eq!(words(0)[2]["braille"], "⠮⠝", "the is taught in lesson 1");
    assert_eq!(words(2)[2]["braille"], "⠰⠃", "b alone needs the grade 1 indicator once but is taught");
}

/// A proxy keeps idle upstream connections (nginx: 60 s) and reuses them; the server must not
/// close them first. actix-web's own default closed them after 5 s.
#[actix_web::test]
async fn an_idle_connection_is_still_served_after_six_seconds() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = spawn_app().await;
    let host = app.address.trim_start_matches("http://");
    let mut conn = tokio::net::TcpStream::connect(host).await.unwrap();
    let request = format!("GET /api/health HTTP/1.1\r\nHost: {host}\r\n\r\n");
    let mut buf = vec![0u8; 4096];
    for pause in [0, 6] {
        tokio::time::sleep(std::time::Duration::from_secs(pause)).await;
        conn.write_all(request.as_bytes()).await.unwrap();
        let n = conn.read(&mut buf).await.unwrap();
        let head = String::from_utf8_lossy(&buf[..n]);
        assert!(head.starts_with("HTTP/1.1 200"), "after {pause} s idle the server answered: {head:?}");
    }
}
