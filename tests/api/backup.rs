//! `lamsa backup` and `lamsa restore` (issue 16): a backup made while notes are being written
//! restores into an empty data directory, and a server on the restored data has every row
//! that was committed before the backup began (and a gap-free prefix of the ones written
//! meanwhile), every uploaded file, and the same sign-ins. On SQLite the database is in the
//! backup; on PostgreSQL (`LAMSA_TEST_DATABASE_URL`) it is copied with the README's pg_dump
//! and pg_restore commands and `lamsa backup` copies the files.

use std::sync::{
    atomic::{AtomicBool, AtomicUsize, Ordering},
    Arc,
};

use lamsa::domain::UserType;
use reqwest::{multipart, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{fresh_postgres, settings_for, spawn_app, spawn_instance, PASSWORD};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\xff\xff?\0\x05\xfe\x02\xfe\xa7\x35\x81\x84\0\0\0\0IEND\xaeB`\x82";

fn token(login: &Value) -> String {
    login["access"].as_str().unwrap().to_string()
}

fn pg_tool(tool: &str, args: &[&str]) {
    let out = std::process::Command::new(tool).args(args).output().unwrap_or_else(|e| {
        panic!("{tool} is needed for the PostgreSQL backup test (apt-get install postgresql-client): {e}")
    });
    assert!(out.status.success(), "{tool} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

#[actix_web::test]
async fn a_backup_made_during_writes_restores_every_row_and_file() {
    let app = spawn_app().await;
    let sup = token(&app.account(UserType::Supervisor, "mona@example.com").await);
    let student_login = app.active_user("sara@example.com", "student").await;
    let student_id = student_login["user"]["id"].as_i64().unwrap();
    let teacher = token(&app.active_user("ahmad@example.com", "instructor").await);

    // Files: an avatar and a course image.
    let avatar = app
        .send(app.client.post(app.url("/api/profile/avatar")).bearer_auth(token(&student_login)).multipart(
            multipart::Form::new().part(
                "avatar",
                multipart::Part::bytes(PNG.to_vec()).file_name("me.png").mime_str("image/png").unwrap(),
            ),
        ))
        .await;
    assert_eq!(avatar.status, StatusCode::OK, "{:?}", avatar.body);
    let avatar_url = avatar.body["avatar"].as_str().unwrap().to_string();
    let image = app
        .send(app.client.post(app.url("/api/media?kind=image")).bearer_auth(&teacher).multipart(
            multipart::Form::new().part("file", multipart::Part::bytes(PNG.to_vec()).file_name("cover.png")),
        ))
        .await;
    assert_eq!(image.status, StatusCode::CREATED, "{:?}", image.body);
    let image_url = image.body["url"].as_str().unwrap().to_string();

    // A writer sends numbered notes one after another, and counts those answered 201.
    let acknowledged = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (client, url, sup, acknowledged, stop) =
            (app.client.clone(), app.url("/api/notes"), sup.clone(), acknowledged.clone(), stop.clone());
        tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(Ordering::SeqCst) {
                let r = client
                    .post(&url)
                    .bearer_auth(&sup)
                    .json(&json!({"recipient_id": student_id, "text": format!("note {n}")}))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(r.status(), StatusCode::CREATED);
                n += 1;
                acknowledged.store(n, Ordering::SeqCst);
            }
        })
    };
    while acknowledged.load(Ordering::SeqCst) < 20 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }

    // The backup, while the writer goes on.
    let backup_dir = tempfile::tempdir().unwrap();
    let to = backup_dir.path().join("lamsa-backup");
    let settings = settings_for(app.data_dir.path(), &app.database_url);
    let before = acknowledged.load(Ordering::SeqCst);
    let manifest = lamsa::backup::backup(&settings, &to).await.expect("backup");
    let during = acknowledged.load(Ordering::SeqCst);
    let postgres = app.database_url.starts_with("postgres");
    let dump = to.join("lamsa.pgdump");
    if postgres {
        // The README's command for the database, also while the writer goes on.
        pg_tool("pg_dump", &["--format=custom", &format!("--file={}", dump.display()), &app.database_url]);
    }
    stop.store(true, Ordering::SeqCst);
    writer.await.unwrap();
    let total = acknowledged.load(Ordering::SeqCst);
    assert!(during > before || total > before, "notes were written during the backup");
    assert_eq!(manifest.files, 2, "the avatar and the image");
    assert_eq!(manifest.database.is_some(), !postgres);
    assert!(!manifest.jwt_secret, "the tests' secret comes from the settings, not the data directory");
    assert!(lamsa::backup::backup(&settings, &to).await.is_err(), "never into a folder that is not empty");

    // Restore: never over the live data directory; into an empty one, yes.
    let err = lamsa::backup::restore(&settings, &to).await.unwrap_err().to_string();
    assert!(err.contains("not empty"), "{err}");
    let restored = tempfile::tempdir().unwrap();
    let restored_url = if postgres {
        let url = fresh_postgres().await;
        pg_tool("pg_restore", &["--no-owner", &format!("--dbname={url}"), &dump.display().to_string()]);
        url
    } else {
        format!("sqlite://{}/lamsa.db", restored.path().display())
    };
    let m = lamsa::backup::restore(&settings_for(restored.path(), &restored_url), &to).await.expect("restore");
    assert_eq!(m.files, 2);

    // A server on the restored data: the same people, every note written before the backup
    // began, the notes after it only as a gap-free run, and the files.
    let back = spawn_instance(restored, restored_url, lamsa::clock::Clock::manual(), |_| {}).await;
    let student = back.login("sara@example.com", PASSWORD).await;
    assert_eq!(student.status, StatusCode::OK, "{:?}", student.body);
    assert_eq!(back.get_auth("/api/notes", &token(&student.body)).await.status, StatusCode::OK);
    let db = lamsa::db::connect(&back.database_url).await.unwrap();
    let texts: Vec<(String,)> = sqlx::query_as("SELECT text FROM notes").fetch_all(&db).await.unwrap();
    db.close().await;
    let mut numbers: Vec<usize> = texts.iter().map(|(t,)| t.strip_prefix("note ").unwrap().parse().unwrap()).collect();
    numbers.sort();
    let kept = numbers.len();
    assert!(kept >= before, "{kept} notes restored, {before} were written before the backup");
    assert!(kept <= total, "{kept} restored, only {total} written");
    assert_eq!(numbers, (0..kept).collect::<Vec<_>>(), "a consistent copy: no note missing in between");
    for url in [&avatar_url, &image_url] {
        let served = back.client.get(back.url(url)).send().await.unwrap();
        assert_eq!(served.status(), StatusCode::OK, "{url}");
        assert_eq!(served.bytes().await.unwrap().as_ref(), PNG);
    }
    assert_eq!(back.login("mona@example.com", PASSWORD).await.status, StatusCode::OK);
}
