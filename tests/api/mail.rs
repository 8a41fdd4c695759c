//! E-mail through SMTP (issue 16), against a fake SMTP server on loopback that first accepts
//! connections and never says a word, then answers: registration answers at once while the
//! server hangs (the message waits in the database's outbox), and the message is delivered,
//! once, with a Message-ID, as soon as the server answers.

use std::{
    sync::{
        atomic::{AtomicBool, AtomicUsize, Ordering},
        Arc, Mutex,
    },
    time::{Duration, Instant},
};

use reqwest::StatusCode;
use serde_json::json;
use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::TcpListener,
};

use crate::helpers::{spawn_app_with, PASSWORD};

/// A loopback SMTP server that hangs (accepts, never answers) until `answer` is set, then
/// speaks just enough SMTP to take messages, which it keeps in `received`.
struct FakeSmtp {
    port: u16,
    answer: Arc<AtomicBool>,
    connections: Arc<AtomicUsize>,
    received: Arc<Mutex<Vec<String>>>,
}

impl FakeSmtp {
    async fn start() -> FakeSmtp {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let answer = Arc::new(AtomicBool::new(false));
        let connections = Arc::new(AtomicUsize::new(0));
        let received = Arc::new(Mutex::new(Vec::new()));
        let (a, c, r) = (answer.clone(), connections.clone(), received.clone());
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                c.fetch_add(1, Ordering::SeqCst);
                let (a, r) = (a.clone(), r.clone());
                tokio::spawn(async move {
                    if !a.load(Ordering::SeqCst) {
                        // Accept and never speak: hold the socket until the client gives up.
                        let mut socket = socket;
                        let mut buf = [0u8; 1024];
                        while let Ok(n) = tokio::io::AsyncReadExt::read(&mut socket, &mut buf).await {
                            if n == 0 {
                                break;
                            }
                        }
                        return;
                    }
                    let _ = converse(socket, r).await;
                });
            }
        });
        FakeSmtp { port, answer, connections, received }
    }

    fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    fn received(&self) -> Vec<String> {
        self.received.lock().unwrap().clone()
    }
}

async fn converse(socket: tokio::net::TcpStream, received: Arc<Mutex<Vec<String>>>) -> std::io::Result<()> {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read);
    write.write_all(b"220 fake.test ESMTP\r\n").await?;
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line).await? == 0 {
            return Ok(());
        }
        let verb = line.trim_end().to_ascii_uppercase();
        if verb.starts_with("EHLO") || verb.starts_with("HELO") {
            write.write_all(b"250-fake.test\r\n250 8BITMIME\r\n").await?;
        } else if verb.starts_with("DATA") {
            write.write_all(b"354 go on\r\n").await?;
            let mut data = String::new();
            loop {
                line.clear();
                if lines.read_line(&mut line).await? == 0 {
                    return Ok(());
                }
                if line == ".\r\n" {
                    break;
                }
                data.push_str(&line);
            }
            received.lock().unwrap().push(data);
            write.write_all(b"250 queued\r\n").await?;
        } else if verb.starts_with("QUIT") {
            write.write_all(b"221 bye\r\n").await?;
            return Ok(());
        } else {
            write.write_all(b"250 ok\r\n").await?;
        }
    }
}

async fn waiting_in_outbox(database_url: &str) -> (i64, i64) {
    let db = lamsa::db::connect(database_url).await.unwrap();
    let (waiting, sent, _) = lamsa::store::mail_outbox::counts(&db).await.unwrap();
    db.close().await;
    (waiting, sent)
}

/// Waits (up to 15 s) until every waiting mail has been tried and failed at least `times`
/// times: the event that proves the server was tried, instead of a sleep.
async fn failed_attempts_reach(database_url: &str, times: i64) {
    let db = lamsa::db::connect(database_url).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let (least,): (i64,) = sqlx::query_as(
            "SELECT COALESCE(MIN(attempts), 0) FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL",
        )
        .fetch_one(&db)
        .await
        .unwrap();
        if least >= times {
            break;
        }
        assert!(Instant::now() < deadline, "the mail was not tried {times} times within 15 s");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    db.close().await;
}

/// Waits (up to 15 s) until the outbox holds `waiting` and `sent` mails.
async fn outbox_reaches(database_url: &str, waiting: i64, sent: i64) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while waiting_in_outbox(database_url).await != (waiting, sent) {
        assert!(Instant::now() < deadline, "the outbox never held {waiting} waiting and {sent} sent");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[actix_web::test]
async fn registration_never_waits_on_a_hanging_mail_server_and_the_mail_arrives_once_it_answers() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(|s| {
        s.smtp_url = Some(smtp.url());
        s.mail_timing.timeout = Duration::from_secs(2);
        s.mail_timing.first_retry = Duration::from_millis(200);
        s.mail_timing.max_retry = Duration::from_millis(500);
    })
    .await;

    let started = Instant::now();
    let r = app.register("sara@example.com", "student").await;
    let took = started.elapsed();
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    // Waiting on the server would take its 2 s timeout, and then answer an error.
    assert!(took < Duration::from_millis(1500), "registration took {took:?}");
    // The delivery task talked to the server, which said nothing until the attempt timed out:
    // the mail waits, stored.
    failed_attempts_reach(&app.database_url, 1).await;
    assert!(smtp.connections.load(Ordering::SeqCst) >= 1, "the server was tried");
    assert!(smtp.received().is_empty());
    assert_eq!(waiting_in_outbox(&app.database_url).await, (1, 0));
    // A second registration while the server still hangs is just as quick.
    let started = Instant::now();
    assert_eq!(app.register("omar@example.com", "instructor").await.status, StatusCode::CREATED);
    assert!(started.elapsed() < Duration::from_millis(1500));

    // The server answers now: both messages arrive, each once, within a few retries.
    smtp.answer.store(true, Ordering::SeqCst);
    let deadline = Instant::now() + Duration::from_secs(15);
    while smtp.received().len() < 2 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mails = smtp.received();
    assert_eq!(mails.len(), 2, "both delivered once the server answered");
    for to in ["sara@example.com", "omar@example.com"] {
        let mail = mails.iter().find(|m| m.contains(to)).expect("one mail to each");
        let id = mail.lines().find(|l| l.to_ascii_lowercase().starts_with("message-id:")).expect("a Message-ID");
        assert!(id.trim_end().ends_with("@lamsa.local>"), "{id}");
        assert!(mail.lines().any(|l| l.starts_with("Date:")), "{mail}");
        assert!(mail.contains("http://lamsa.test/activate/"), "{mail}");
    }
    assert_ne!(
        mails[0].lines().find(|l| l.starts_with("Message-ID")),
        mails[1].lines().find(|l| l.starts_with("Message-ID"))
    );
    // Once the outbox knows both were sent nothing is left to send, and nothing was sent twice.
    outbox_reaches(&app.database_url, 0, 2).await;
    assert_eq!(smtp.received().len(), 2);

    // The link in the delivered mail works.
    let mail = mails.iter().find(|m| m.contains("sara@example.com")).unwrap();
    let start = mail.find("http://lamsa.test/activate/").unwrap() + "http://lamsa.test/activate/".len();
    let token: String =
        mail[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect();
    assert_eq!(app.post("/api/auth/activate", json!({"token": token}), "en").await.status, StatusCode::OK);
    assert_eq!(app.login("sara@example.com", PASSWORD).await.status, StatusCode::OK);
}

#[actix_web::test]
async fn a_mail_server_that_is_down_delays_mail_and_loses_none() {
    // A port nobody listens on yet: every attempt is refused at once.
    let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = probe.local_addr().unwrap().port();
    drop(probe);
    let app = spawn_app_with(|s| {
        s.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
        s.mail_timing.timeout = Duration::from_secs(2);
        s.mail_timing.first_retry = Duration::from_millis(200);
        s.mail_timing.max_retry = Duration::from_millis(400);
    })
    .await;
    let started = Instant::now();
    let r = app
        .post(
            "/api/contact",
            json!({"name": "Huda", "email": "huda@example.com", "subject": "Books", "message": "Hello"}),
            "en",
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    assert!(started.elapsed() < Duration::from_millis(1500));
    // Refused twice, and still kept while the server is down.
    failed_attempts_reach(&app.database_url, 2).await;
    assert_eq!(waiting_in_outbox(&app.database_url).await, (1, 0), "kept while the server is down");

    // The server comes up on that port, answering.
    let listener = TcpListener::bind(("127.0.0.1", port)).await.unwrap();
    let received = Arc::new(Mutex::new(Vec::new()));
    let r2 = received.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let r = r2.clone();
            tokio::spawn(async move {
                let _ = converse(socket, r).await;
            });
        }
    });
    let deadline = Instant::now() + Duration::from_secs(10);
    while received.lock().unwrap().is_empty() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mails = received.lock().unwrap().clone();
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("huda@example.com") && mails[0].contains("Message-ID:"), "{}", mails[0]);
}
