use reqwest::{multipart, StatusCode};
use serde_json::json;

use crate::helpers::{spawn_app, TestApp};

async fn signed_in(app: &TestApp) -> String {
    app.active_user("sara@example.com", "student").await["access"].as_str().unwrap().to_string()
}

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\xff\xff?\0\x05\xfe\x02\xfe\xa7\x35\x81\x84\0\0\0\0IEND\xaeB`\x82";

#[actix_web::test]
async fn edit_profile_fields() {
    let app = spawn_app().await;
    let token = signed_in(&app).await;
    let updated = app
        .patch_auth(
            "/api/profile",
            &token,
            json!({"name": "سارة أحمد", "phone": "+962 79 123 4567", "gender": "female", "country": "الأردن",
                   "job_title": "Teacher", "vision_type": "low_vision", "birth_date": "1990-05-17", "bio": "أتعلم برايل",
                   "education_type": "University", "level": "Beginner"}),
        )
        .await;
    assert_eq!(updated.status, StatusCode::OK, "{:?}", updated.body);
    let p = app.get_auth("/api/profile", &token).await.body;
    assert_eq!(p["name"], "سارة أحمد");
    assert_eq!(p["vision_type"], "low_vision");
    assert_eq!(p["birth_date"], "1990-05-17");
    assert!(p["age"].as_i64().unwrap() >= 36);
    assert_eq!(p["country"], "الأردن");

    // A bad value is refused and changes nothing.
    let bad = app.patch_auth("/api/profile", &token, json!({"country": "Oman", "birth_date": "1990-13-01"})).await;
    assert_eq!((bad.status, bad.field()), (StatusCode::BAD_REQUEST, Some("birth_date")));
    assert_eq!(app.get_auth("/api/profile", &token).await.body["country"], "الأردن");
    let no_name = app.patch_auth("/api/profile", &token, json!({"name": null})).await;
    assert_eq!(no_name.field(), Some("name"));

    // Absent keeps, null clears.
    let cleared = app.patch_auth("/api/profile", &token, json!({"bio": null})).await.body;
    assert!(cleared["bio"].is_null());
    assert_eq!(cleared["phone"], "+962 79 123 4567");
    assert_eq!(cleared["email"], "sara@example.com");
    // The e-mail is who you are: it cannot be changed here.
    let _ = app.patch_auth("/api/profile", &token, json!({"email": "other@example.com"})).await;
    assert_eq!(app.get_auth("/api/profile", &token).await.body["email"], "sara@example.com");
}

fn file_form(name: &str, bytes: Vec<u8>, mime: &str) -> multipart::Form {
    multipart::Form::new()
        .part("avatar", multipart::Part::bytes(bytes).file_name(name.to_string()).mime_str(mime).unwrap())
}

fn stored_avatars(app: &TestApp) -> Vec<String> {
    std::fs::read_dir(app.data_dir.path().join("uploads/avatars"))
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default()
}

#[actix_web::test]
async fn avatar_upload_replace_and_remove() {
    let app = spawn_app().await;
    let token = signed_in(&app).await;
    let up = app
        .send(app.client.post(app.url("/api/profile/avatar")).bearer_auth(&token).multipart(file_form(
            "me.png",
            PNG.to_vec(),
            "image/png",
        )))
        .await;
    assert_eq!(up.status, StatusCode::OK, "{:?}", up.body);
    let url = up.body["avatar"].as_str().unwrap().to_string();
    assert!(url.starts_with("/media/avatars/") && url.ends_with(".png"), "{url}");
    let served = app.client.get(app.url(&url)).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.bytes().await.unwrap().as_ref(), PNG);
    let login = app.login("sara@example.com", crate::helpers::PASSWORD).await;
    assert_eq!(login.body["user"]["avatar"], url.as_str());

    // The client's file name and type are not trusted: a PNG named .txt is still a PNG.
    let again = app
        .send(app.client.post(app.url("/api/profile/avatar")).bearer_auth(&token).multipart(file_form(
            "../../x.txt",
            PNG.to_vec(),
            "text/plain",
        )))
        .await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(stored_avatars(&app).len(), 1, "the old file is removed");

    let removed = app.send(app.client.delete(app.url("/api/profile/avatar")).bearer_auth(&token)).await;
    assert!(removed.body["avatar"].is_null());
    assert!(stored_avatars(&app).is_empty());
}

#[actix_web::test]
async fn avatar_refuses_non_images_and_files_over_50_mb() {
    let app = spawn_app().await;
    let token = signed_in(&app).await;
    let text = app
        .send(
            app.client
                .post(app.url("/api/profile/avatar"))
                .bearer_auth(&token)
                .header("Accept-Language", "en")
                .multipart(file_form("me.png", b"#!/bin/sh\necho not an image\n".to_vec(), "image/png")),
        )
        .await;
    assert_eq!((text.status, text.code()), (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_type"));

    let mut big = PNG.to_vec();
    big.resize(50 * 1024 * 1024 + 1, 0);
    let over = app
        .send(
            app.client
                .post(app.url("/api/profile/avatar"))
                .bearer_auth(&token)
                .header("Accept-Language", "en")
                .multipart(file_form("big.png", big, "image/png")),
        )
        .await;
    assert_eq!((over.status, over.code()), (StatusCode::PAYLOAD_TOO_LARGE, "file_too_large"));
    assert_eq!(over.message(), "The file size exceeds the 50MB limit. Please select a smaller file.");
    assert!(stored_avatars(&app).is_empty(), "nothing of a refused upload is kept");
    assert!(app.get_auth("/api/profile", &token).await.body["avatar"].is_null());

    let mut just_under = PNG.to_vec();
    just_under.resize(50 * 1024 * 1024 - 1024, 0);
    let under = app
        .send(app.client.post(app.url("/api/profile/avatar")).bearer_auth(&token).multipart(file_form(
            "ok.png",
            just_under,
            "image/png",
        )))
        .await;
    assert_eq!(under.status, StatusCode::OK);

    let anonymous = app
        .send(app.client.post(app.url("/api/profile/avatar")).multipart(file_form("me.png", PNG.to_vec(), "image/png")))
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    let no_field = app
        .send(
            app.client
                .post(app.url("/api/profile/avatar"))
                .bearer_auth(&token)
                .multipart(multipart::Form::new().text("other", "x")),
        )
        .await;
    assert_eq!((no_field.status, no_field.field()), (StatusCode::BAD_REQUEST, Some("avatar")));
}
