use std::{path::PathBuf, time::Duration};

use lamsa::{configuration::Settings, startup::Application};
use reqwest::StatusCode;
use serde_json::{json, Value};

pub const PASSWORD: &str = "Braille#2026";

pub struct TestApp {
    pub address: String,
    pub data_dir: tempfile::TempDir,
    pub database_url: String,
    pub client: reqwest::Client,
    /// The server's clock: a test moves it forward instead of sleeping (shared by its peers).
    pub clock: lamsa::clock::Clock,
}

pub struct Reply {
    pub status: StatusCode,
    pub body: Value,
}

impl Reply {
    pub fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or_default()
    }
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or_default()
    }
    pub fn field(&self) -> Option<&str> {
        self.body["field"].as_str()
    }
}

/// A fresh database for one test: a temporary SQLite file, or a new PostgreSQL database.
async fn fresh_database(dir: &std::path::Path) -> String {
    match std::env::var("LAMSA_TEST_DATABASE_URL").ok().filter(|v| !v.is_empty()) {
        None => format!("sqlite://{}/lamsa.db", dir.display()),
        Some(base) => {
            sqlx::any::install_default_drivers();
            let name = format!("lamsa_test_{}", uuid::Uuid::new_v4().simple());
            let mut conn =
                <sqlx::AnyConnection as sqlx::Connection>::connect(&base).await.expect("PostgreSQL for tests");
            sqlx::Executor::execute(&mut conn, format!("CREATE DATABASE {name}").as_str()).await.expect("create db");
            let (prefix, _) = base.split('?').next().unwrap().rsplit_once('/').expect("URL with a database name");
            format!("{prefix}/{name}")
        }
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

pub async fn spawn_app_with(adjust: impl FnOnce(&mut Settings)) -> TestApp {
    let data_dir = tempfile::tempdir().expect("temp dir");
    let database_url = fresh_database(data_dir.path()).await;
    spawn_instance(data_dir, database_url, lamsa::clock::Clock::manual(), adjust).await
}

/// Another instance on the same database (as behind a load balancer), with its own data dir.
pub async fn spawn_peer(of: &TestApp, adjust: impl FnOnce(&mut Settings)) -> TestApp {
    spawn_instance(tempfile::tempdir().unwrap(), of.database_url.clone(), of.clock.clone(), adjust).await
}

pub async fn spawn_instance(
    data_dir: tempfile::TempDir,
    database_url: String,
    clock: lamsa::clock::Clock,
    adjust: impl FnOnce(&mut Settings),
) -> TestApp {
    // LAMSA_TEST_LOG=debug shows the servers' logs while debugging a test.
    if let Ok(filter) = std::env::var("LAMSA_TEST_LOG") {
        let _ = tracing_subscriber::fmt().with_env_filter(filter).with_test_writer().try_init();
    }
    let web_dir = data_dir.path().join("web");
    std::fs::create_dir_all(web_dir.join("assets")).unwrap();
    std::fs::write(
        web_dir.join("index.html"),
        "<!doctype html><html lang=\"ar\" dir=\"rtl\"><head><title>لمسة</title></head><body><div id=\"root\"></div></body></html>",
    )
    .unwrap();
    std::fs::write(web_dir.join("assets/app.js"), "console.log('lamsa')").unwrap();
    let mut settings = test_settings(data_dir.path(), database_url.clone(), web_dir);
    adjust(&mut settings);
    let app = Application::build_with_clock(settings, clock.clone()).await.expect("server starts");
    let address = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    TestApp { address, data_dir, database_url, client: reqwest::Client::new(), clock }
}

/// The settings of a test instance: its own data directory and database, the Redis of
/// `LAMSA_TEST_REDIS_URL` when set, and a JWT secret every instance of a test shares.
fn test_settings(data_dir: &std::path::Path, database_url: String, web_dir: PathBuf) -> Settings {
    Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        database_url,
        redis_url: std::env::var("LAMSA_TEST_REDIS_URL").ok().filter(|v| !v.is_empty()),
        // Shared by every instance of a test, as a deployment shares LAMSA_JWT_SECRET.
        jwt_secret: Some("lamsa-test-secret-0123456789abcdef-0123456789".into()),
        smtp_url: None,
        mail_from: "Lamsa <no-reply@lamsa.local>".into(),
        public_url: "http://lamsa.test".into(),
        data_dir: data_dir.to_path_buf(),
        web_dir,
        access_ttl: Duration::from_secs(900),
        refresh_ttl: Duration::from_secs(3600),
        grade_bands: Default::default(),
        cert_font: None,
        keep_alive: Duration::from_secs(lamsa::configuration::DEFAULT_KEEP_ALIVE_SECS),
        mail_timing: Default::default(),
        metrics_token: None,
        trusted_proxies: vec![],
    }
}

/// The settings a test instance on `data_dir` and `database_url` runs with, for the command
/// line's flows (backup, restore) that take settings.
pub fn settings_for(data_dir: &std::path::Path, database_url: &str) -> Settings {
    test_settings(data_dir, database_url.to_string(), data_dir.join("web"))
}

/// A new, empty PostgreSQL database beside the one of `LAMSA_TEST_DATABASE_URL`; its URL.
pub async fn fresh_postgres() -> String {
    fresh_database(std::path::Path::new("/nonexistent")).await
}

/// The application's shared state on a fresh database, with no server: for tests that call
/// the services directly. Keep the returned directory as long as the state.
pub async fn app_state() -> (lamsa::state::AppState, tempfile::TempDir) {
    let data_dir = tempfile::tempdir().expect("temp dir");
    let database_url = fresh_database(data_dir.path()).await;
    let settings = test_settings(data_dir.path(), database_url, data_dir.path().join("web"));
    (lamsa::state::AppState::new(settings, lamsa::clock::Clock::manual()).await.expect("state builds"), data_dir)
}

/// An Arabic course of two chapters and three lessons, each teaching a letter.
pub fn course_body(title: &str) -> Value {
    json!({
        "title": title, "type": "Braille reading", "duration_days": 30,
        "description": "حروف برايل العربية", "category": "letters", "level": "beginner", "language": "ar",
        "chapters": [
            {"title": "الفصل الأول", "description": "ا ب", "lessons": [
                {"title": "حرف الألف", "description": "نقطة واحدة", "letters": ["ا"]},
                {"title": "حرف الباء", "description": "النقطتان 1 و 2", "letters": ["ب"]}
            ]},
            {"title": "الفصل الثاني", "description": "ت", "lessons": [
                {"title": "حرف التاء", "description": "النقاط 2 3 4 5", "letters": ["ت"]}
            ]}
        ]
    })
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn send(&self, req: reqwest::RequestBuilder) -> Reply {
        let resp = req.send().await.expect("request sent");
        let status = resp.status();
        let text = resp.text().await.unwrap_or_default();
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Reply { status, body }
    }

    pub async fn post(&self, path: &str, body: Value, lang: &str) -> Reply {
        self.send(self.client.post(self.url(path)).header("Accept-Language", lang).json(&body)).await
    }

    pub async fn post_auth(&self, path: &str, token: &str, body: Value, lang: &str) -> Reply {
        self.send(self.client.post(self.url(path)).bearer_auth(token).header("Accept-Language", lang).json(&body)).await
    }

    pub async fn get_auth(&self, path: &str, token: &str) -> Reply {
        self.send(self.client.get(self.url(path)).bearer_auth(token).header("Accept-Language", "en")).await
    }

    pub async fn patch_auth(&self, path: &str, token: &str, body: Value) -> Reply {
        self.send(self.client.patch(self.url(path)).bearer_auth(token).header("Accept-Language", "en").json(&body))
            .await
    }

    pub async fn put_auth(&self, path: &str, token: &str, body: Value, lang: &str) -> Reply {
        self.send(self.client.put(self.url(path)).bearer_auth(token).header("Accept-Language", lang).json(&body)).await
    }

    pub async fn delete_auth(&self, path: &str, token: &str, lang: &str) -> Reply {
        self.send(self.client.delete(self.url(path)).bearer_auth(token).header("Accept-Language", lang)).await
    }

    /// A course made by `teacher` from `body`, sent for accreditation and approved by `sup`:
    /// active, open for enrolment. Its JSON as the server answered the creation.
    pub async fn active_course(&self, teacher: &str, sup: &str, body: Value) -> Value {
        let created = self.post_auth("/api/courses", teacher, body, "en").await;
        assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
        let id = created.body["course"]["id"].as_i64().unwrap();
        self.accredit(teacher, sup, id).await;
        created.body["course"].clone()
    }

    /// Sends `teacher`'s draft course `id` for accreditation and has `sup` approve it. (A live
    /// course's assessments change only through a revision: make them before this.)
    pub async fn accredit(&self, teacher: &str, sup: &str, id: i64) {
        self.post_auth(&format!("/api/courses/{id}/accreditation"), teacher, json!({}), "en").await;
        let queue = self.get_auth("/api/supervisor/requests?kind=accreditation", sup).await;
        let rid = queue.body["requests"].as_array().unwrap().iter().find(|r| r["course_id"] == id).unwrap()["id"]
            .as_i64()
            .unwrap();
        let approved = self.post_auth(&format!("/api/requests/{rid}/approve"), sup, json!({}), "en").await;
        assert_eq!(approved.status, StatusCode::OK, "{:?}", approved.body);
    }

    pub fn outbox(&self) -> PathBuf {
        self.data_dir.path().join("outbox")
    }

    /// Every e-mail written so far, oldest first.
    pub fn mails(&self) -> Vec<String> {
        let Ok(dir) = std::fs::read_dir(self.outbox()) else { return vec![] };
        let mut files: Vec<_> = dir.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        files.sort();
        files.iter().map(|p| std::fs::read_to_string(p).unwrap()).collect()
    }

    /// The token of the newest e-mailed link of the form `<public url>/<kind>/<token>`.
    pub fn link_token(&self, kind: &str) -> String {
        let needle = format!("http://lamsa.test/{kind}/");
        let mail = self.mails().into_iter().rev().find(|m| m.contains(&needle)).expect("an e-mail with the link");
        let start = mail.find(&needle).unwrap() + needle.len();
        mail[start..].split_whitespace().next().unwrap().to_string()
    }

    pub async fn register(&self, email: &str, user_type: &str) -> Reply {
        self.post(
            "/api/auth/register",
            json!({"name": "Sara Ahmad", "email": email, "password": PASSWORD, "password_confirm": PASSWORD, "type": user_type}),
            "en",
        )
        .await
    }

    /// Registers, activates through the e-mailed link and signs in; returns the login reply body.
    pub async fn active_user(&self, email: &str, user_type: &str) -> Value {
        assert_eq!(self.register(email, user_type).await.status, StatusCode::CREATED);
        let token = self.link_token("activate");
        assert_eq!(self.post("/api/auth/activate", json!({"token": token}), "en").await.status, StatusCode::OK);
        let login = self.login(email, PASSWORD).await;
        assert_eq!(login.status, StatusCode::OK, "{:?}", login.body);
        login.body
    }

    pub async fn login(&self, email: &str, password: &str) -> Reply {
        self.post("/api/auth/login", json!({"email": email, "password": password}), "en").await
    }
}

pub type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

impl TestApp {
    /// An active account of any type made directly (supervisors cannot register); returns the
    /// login body.
    pub async fn account(&self, user_type: lamsa::domain::UserType, email: &str) -> Value {
        let db = lamsa::db::connect(&self.database_url).await.unwrap();
        lamsa::accounts::create_active_user(&db, user_type, email, "Mona Supervisor", PASSWORD).await.unwrap();
        db.close().await;
        let login = self.login(email, PASSWORD).await;
        assert_eq!(login.status, StatusCode::OK);
        login.body
    }

    pub async fn ws(&self, token: &str) -> Ws {
        let url = format!("{}/api/ws?token={token}", self.address.replace("http://", "ws://"));
        tokio_tungstenite::connect_async(url).await.expect("socket opens").0
    }

    /// A socket that has resumed after `after`; returns it with the replayed events.
    pub async fn ws_resumed(&self, token: &str, after: i64) -> (Ws, Vec<Value>) {
        let mut ws = self.ws(token).await;
        ws_send(&mut ws, json!({"type": "resume", "after": after})).await;
        let mut replayed = vec![];
        loop {
            let msg = ws_next(&mut ws, 5000).await.expect("resumed");
            if msg["type"] == "resumed" {
                return (ws, replayed);
            }
            replayed.push(msg);
        }
    }
}

pub async fn ws_send(ws: &mut Ws, msg: Value) {
    use futures_util::SinkExt;
    ws.send(tokio_tungstenite::tungstenite::Message::Text(msg.to_string())).await.unwrap();
}

/// The next JSON message within `ms`, skipping control frames; `None` on timeout or close.
pub async fn ws_next(ws: &mut Ws, ms: u64) -> Option<Value> {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let deadline = tokio::time::Instant::now() + Duration::from_millis(ms);
    loop {
        match tokio::time::timeout_at(deadline, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(&t).ok(),
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) | Err(_) => return None,
            Ok(Some(Ok(_))) => continue,
        }
    }
}

/// The close code the server sent, waiting up to `ms`.
pub async fn ws_close_code(ws: &mut Ws, ms: u64) -> Option<u16> {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let deadline = tokio::time::Instant::now() + Duration::from_millis(ms);
    loop {
        match tokio::time::timeout_at(deadline, ws.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => return frame.map(|f| u16::from(f.code)),
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
}

impl TestApp {
    /// A change to a live course's assessments (`POST /api/instructor/assessments`, `PUT` or
    /// `DELETE /api/assessments/{id}`) made the only way there is (issue 23): through a
    /// revision of the course that `sup` approves. `path` and `body` name the live course's
    /// ids; they are translated to the revision's copies. The answer is the change's own on
    /// the revision; when it succeeded, with the live assessment as it is after the approval.
    pub async fn through_revision(&self, teacher: &str, sup: &str, method: &str, path: &str, body: Value) -> Reply {
        let live_assessment: Option<i64> = path.strip_prefix("/api/assessments/").and_then(|id| id.parse().ok());
        let course = match (body["course_id"].as_i64(), live_assessment) {
            (Some(c), _) => c,
            (None, Some(a)) => {
                self.get_auth(&format!("/api/assessments/{a}"), teacher).await.body["course_id"].as_i64().unwrap()
            }
            _ => panic!("no course to revise"),
        };
        let opened = self.post_auth(&format!("/api/courses/{course}/revision"), teacher, json!({}), "en").await;
        assert!(opened.status.is_success(), "{:?}", opened.body);
        let rev = &opened.body["course"];
        let rev_id = rev["id"].as_i64().unwrap();
        let mut chapters = std::collections::HashMap::new();
        let mut lessons = std::collections::HashMap::new();
        for c in rev["chapters"].as_array().unwrap() {
            chapters.insert(c["origin_id"].as_i64().unwrap(), c["id"].clone());
            for l in c["lessons"].as_array().unwrap() {
                lessons.insert(l["origin_id"].as_i64().unwrap(), l["id"].clone());
            }
        }
        let copies = self.get_auth(&format!("/api/instructor/assessments?course_id={rev_id}"), teacher).await.body;
        let copy_of = |live: i64| {
            copies["assessments"]
                .as_array()
                .unwrap()
                .iter()
                .find(|a| a["origin_id"] == live)
                .map(|a| a["id"].as_i64().unwrap())
        };
        let mut body = body;
        if body.is_object() {
            body["course_id"] = json!(rev_id);
            for (key, map) in [("chapter_id", &chapters), ("lesson_id", &lessons)] {
                if let Some(copy) = body[key].as_i64().and_then(|id| map.get(&id)) {
                    body[key] = copy.clone();
                }
            }
        }
        let mut path = path.to_string();
        if let Some(live) = live_assessment {
            let copy = copy_of(live).expect("the revision's copy of the assessment");
            path = format!("/api/assessments/{copy}");
            let ids = |a: &Value| -> Vec<i64> {
                a["questions"].as_array().unwrap().iter().map(|q| q["id"].as_i64().unwrap()).collect()
            };
            let live_qs = ids(&self.get_auth(&format!("/api/assessments/{live}"), teacher).await.body);
            let copy_qs = ids(&self.get_auth(&format!("/api/assessments/{copy}"), teacher).await.body);
            if let Some(questions) = body.get_mut("questions").and_then(Value::as_array_mut) {
                for q in questions {
                    if let Some(i) = q["id"].as_i64().and_then(|id| live_qs.iter().position(|x| *x == id)) {
                        q["id"] = json!(copy_qs[i]);
                    }
                }
            }
        }
        let before: Vec<i64> = self.get_auth(&format!("/api/courses/{course}/assessments"), teacher).await.body
            ["assessments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["id"].as_i64().unwrap())
            .collect();
        let req = match method {
            "POST" => self.client.post(self.url(&path)).json(&body),
            "PUT" => self.client.put(self.url(&path)).json(&body),
            _ => self.client.delete(self.url(&path)),
        };
        let done = self.send(req.bearer_auth(teacher).header("Accept-Language", "en")).await;
        if !done.status.is_success() {
            self.delete_auth(&format!("/api/courses/{course}/revision"), teacher, "en").await;
            return done;
        }
        let sent = self.post_auth(&format!("/api/courses/{rev_id}/accreditation"), teacher, json!({}), "en").await;
        assert_eq!(sent.status, StatusCode::OK, "{:?}", sent.body);
        let queue = self.get_auth("/api/supervisor/requests?kind=accreditation", sup).await;
        let rid = queue.body["requests"].as_array().unwrap().iter().find(|r| r["revision_id"] == rev_id).unwrap()["id"]
            .as_i64()
            .unwrap();
        let approved = self.post_auth(&format!("/api/requests/{rid}/approve"), sup, json!({}), "en").await;
        assert_eq!(approved.status, StatusCode::OK, "{:?}", approved.body);
        let live = match (method, live_assessment) {
            ("DELETE", _) => return done,
            (_, Some(live)) => live,
            _ => {
                let after = self.get_auth(&format!("/api/courses/{course}/assessments"), teacher).await.body;
                after["assessments"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|a| a["id"].as_i64().unwrap())
                    .find(|id| !before.contains(id))
                    .expect("the assessment the revision added")
            }
        };
        let assessment = self.get_auth(&format!("/api/assessments/{live}"), teacher).await.body;
        Reply { status: done.status, body: json!({"message": done.body["message"], "assessment": assessment}) }
    }
}
