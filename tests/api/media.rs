use lamsa::domain::UserType;
use reqwest::{multipart, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\xff\xff?\0\x05\xfe\x02\xfe\xa7\x35\x81\x84\0\0\0\0IEND\xaeB`\x82";

/// An MP3 as far as its first bytes tell: an ID3 header, then numbered bytes to seek in.
fn mp3(len: usize) -> Vec<u8> {
    let mut v = b"ID3\x04\0\0\0\0\0\0".to_vec();
    v.extend((0..len).map(|i| (i % 251) as u8));
    v
}

fn token(login: &Value) -> String {
    login["access"].as_str().unwrap().to_string()
}

async fn upload(
    app: &TestApp,
    token: &str,
    kind: &str,
    name: &str,
    bytes: Vec<u8>,
    lang: &str,
) -> crate::helpers::Reply {
    let form = multipart::Form::new().part("file", multipart::Part::bytes(bytes).file_name(name.to_string()));
    app.send(
        app.client
            .post(app.url(&format!("/api/media?kind={kind}")))
            .bearer_auth(token)
            .header("Accept-Language", lang)
            .multipart(form),
    )
    .await
}

fn stored_files(app: &TestApp) -> Vec<String> {
    std::fs::read_dir(app.data_dir.path().join("uploads/media"))
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default()
}

#[actix_web::test]
async fn uploads_are_checked_by_content_and_size_and_served_only_through_signed_urls_with_ranges() {
    let app = spawn_app().await;
    let teacher = token(&app.active_user("ahmad@example.com", "instructor").await);
    let student = token(&app.active_user("sara@example.com", "student").await);

    let image = upload(&app, &teacher, "image", "../../cover.png", PNG.to_vec(), "en").await;
    assert_eq!(image.status, StatusCode::CREATED, "{:?}", image.body);
    assert_eq!((image.body["kind"].as_str(), image.body["name"].as_str()), (Some("image"), Some("cover.png")));
    assert_eq!(image.body["content_type"], "image/png");
    let url = image.body["url"].as_str().unwrap().to_string();
    let stored = stored_files(&app);
    assert_eq!(stored.len(), 1);
    assert!(stored[0].ends_with(".png") && !stored[0].contains("cover"), "a generated name: {stored:?}");

    // The signed URL opens the file without a bearer header, as an <img> does.
    let served = app.client.get(app.url(&url)).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    assert_eq!(served.bytes().await.unwrap().as_ref(), PNG);
    // Without a signature, with a forged one, or someone else's: not found.
    let id = image.body["id"].as_i64().unwrap();
    let bare = app.client.get(app.url(&format!("/api/media/{id}"))).send().await.unwrap();
    assert_eq!(bare.status(), StatusCode::NOT_FOUND);
    let forged = url.replace("sig=", "sig=00");
    assert_eq!(app.client.get(app.url(&forged)).send().await.unwrap().status(), StatusCode::NOT_FOUND);
    let student_bare = app.client.get(app.url(&format!("/api/media/{id}"))).bearer_auth(&student).send().await.unwrap();
    assert_eq!(student_bare.status(), StatusCode::NOT_FOUND);
    let owner_bare = app.client.get(app.url(&format!("/api/media/{id}"))).bearer_auth(&teacher).send().await.unwrap();
    assert_eq!(owner_bare.status(), StatusCode::OK);

    // Audio seeks: a range request gets 206 and exactly those bytes.
    let audio_bytes = mp3(100_000);
    let audio = upload(&app, &teacher, "audio", "درس 1.mp3", audio_bytes.clone(), "en").await;
    assert_eq!(audio.status, StatusCode::CREATED, "{:?}", audio.body);
    assert_eq!(audio.body["name"], "درس 1.mp3");
    let audio_url = audio.body["url"].as_str().unwrap();
    let part = app
        .client
        .get(app.url(audio_url))
        .header("Range", "bytes=50000-50009")
        .header("Accept-Encoding", "br, gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    // Media streams are sent as stored, even to a client that takes compressed bodies.
    assert!(part.headers().get("content-encoding").is_none());
    assert_eq!(part.headers()["content-range"], format!("bytes 50000-50009/{}", audio_bytes.len()));
    assert_eq!(part.bytes().await.unwrap().as_ref(), &audio_bytes[50000..50010]);

    // A file that is not what the field takes is refused, in the asker's language.
    let fake = upload(&app, &teacher, "video", "clip.mp4", b"#!/bin/sh\necho hi\n".to_vec(), "ar").await;
    assert_eq!(
        (fake.status, fake.code(), fake.field()),
        (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_type", Some("file"))
    );
    assert!(fake.message().contains("MP4") && fake.message().contains("فيديو"), "{}", fake.message());
    let svg =
        upload(&app, &teacher, "image", "x.svg", b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec(), "en").await;
    assert_eq!(svg.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let kind = upload(&app, &teacher, "program", "a.pdf", b"%PDF-1.4\n".to_vec(), "en").await;
    assert_eq!((kind.status, kind.field()), (StatusCode::BAD_REQUEST, Some("kind")));
    // Students do not upload course media.
    let by_student = upload(&app, &student, "document", "a.pdf", b"%PDF-1.4\n".to_vec(), "en").await;
    assert_eq!(by_student.status, StatusCode::FORBIDDEN);
    assert_eq!(stored_files(&app).len(), 2, "nothing of a refused upload is kept");
}

#[actix_web::test]
async fn a_file_over_50_mb_is_refused_while_it_streams_in() {
    let app = spawn_app().await;
    let teacher = token(&app.active_user("ahmad@example.com", "instructor").await);
    // Sent in chunks without a length, so the server only learns the size as it reads.
    let chunk = vec![7u8; 1024 * 1024];
    let mut first = b"%PDF-1.7\n".to_vec();
    first.extend_from_slice(&chunk[9..]);
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> =
        std::iter::once(Ok(first)).chain((0..50).map(|_| Ok(chunk.clone()))).collect();
    let body = reqwest::Body::wrap_stream(futures_util::stream::iter(chunks));
    let form = multipart::Form::new().part("file", multipart::Part::stream(body).file_name("big.pdf"));
    let over = app
        .send(
            app.client
                .post(app.url("/api/media?kind=document"))
                .bearer_auth(&teacher)
                .header("Accept-Language", "en")
                .multipart(form),
        )
        .await;
    assert_eq!((over.status, over.code()), (StatusCode::PAYLOAD_TOO_LARGE, "file_too_large"));
    assert_eq!(over.message(), "The file size exceeds the 50MB limit. Please select a smaller file.");
    assert!(stored_files(&app).is_empty(), "no part of it is kept");
}

fn course_with_media(image: Option<i64>, audio: i64) -> Value {
    json!({
        "title": "Letters by ear", "type": "Braille reading", "duration_days": 7,
        "description": "Hear and read", "category": "letters", "level": "beginner", "language": "en",
        "image_media_id": image,
        "chapters": [{
            "title": "One", "description": "first",
            "lessons": [
                {"title": "A", "description": "dot 1", "letters": ["a"],
                 "media": [{"kind": "audio", "title": "The letter a", "media_id": audio},
                           {"kind": "video", "title": "Reading a", "url": "https://video.example.org/a"}]},
                {"title": "B", "description": "dots 1 2", "letters": ["b"]}
            ]
        }]
    })
}

#[actix_web::test]
async fn course_media_reach_enrolled_students_only_and_edits_keep_lesson_ids() {
    let app = spawn_app().await;
    let sup = token(&app.account(UserType::Supervisor, "mona@example.com").await);
    let teacher = token(&app.active_user("ahmad@example.com", "instructor").await);
    let other = token(&app.active_user("omar@example.com", "instructor").await);
    let student = token(&app.active_user("sara@example.com", "student").await);
    let outsider = token(&app.active_user("lina@example.com", "student").await);

    let image = upload(&app, &teacher, "image", "cover.png", PNG.to_vec(), "en").await.body["id"].as_i64().unwrap();
    let audio = upload(&app, &teacher, "audio", "a.mp3", mp3(1000), "en").await.body["id"].as_i64().unwrap();
    let foreign = upload(&app, &other, "audio", "b.mp3", mp3(1000), "en").await.body["id"].as_i64().unwrap();

    // Someone else's upload, or an upload of the wrong kind, cannot be used.
    let stolen = app.post_auth("/api/courses", &teacher, course_with_media(Some(image), foreign), "en").await;
    assert_eq!((stolen.status, stolen.field()), (StatusCode::BAD_REQUEST, Some("chapters[0].lessons[0].media[0]")));
    let wrong = app.post_auth("/api/courses", &teacher, course_with_media(Some(audio), audio), "en").await;
    assert_eq!((wrong.status, wrong.field()), (StatusCode::BAD_REQUEST, Some("image_media_id")));
    let mut bad_url = course_with_media(None, audio);
    bad_url["chapters"][0]["lessons"][0]["media"][1]["url"] = json!("javascript:alert(1)");
    let refused = app.post_auth("/api/courses", &teacher, bad_url, "en").await;
    assert_eq!((refused.status, refused.field()), (StatusCode::BAD_REQUEST, Some("chapters[0].lessons[0].media[1]")));

    let created = app.post_auth("/api/courses", &teacher, course_with_media(Some(image), audio), "en").await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let course = &created.body["course"];
    let id = course["id"].as_i64().unwrap();
    assert_eq!(course["image_media_id"], image);
    let media = &course["chapters"][0]["lessons"][0]["media"];
    assert_eq!(media[0]["kind"], "audio");
    assert_eq!(media[0]["media_id"], audio);
    assert_eq!(media[0]["content_type"], "audio/mpeg");
    assert_eq!(media[1]["url"], "https://video.example.org/a");

    // Activate it.
    app.post_auth(&format!("/api/courses/{id}/accreditation"), &teacher, json!({}), "en").await;
    let queue = app.get_auth("/api/supervisor/requests?kind=accreditation", &sup).await;
    let rid = queue.body["requests"][0]["id"].as_i64().unwrap();
    assert_eq!(
        app.post_auth(&format!("/api/requests/{rid}/approve"), &sup, json!({}), "en").await.status,
        StatusCode::OK
    );

    // The public catalogue shows the image; a student who has not enrolled sees the outline
    // only, with no lesson media.
    let listed = app.send(app.client.get(app.url("/api/courses"))).await;
    let image_url = listed.body["courses"][0]["image"].as_str().unwrap().to_string();
    assert_eq!(app.client.get(app.url(&image_url)).send().await.unwrap().status(), StatusCode::OK);
    // A bad or expired token is not a visitor: 401, so the client refreshes.
    let stale = app.get_auth(&format!("/api/courses/{id}"), "not-a-valid-token").await;
    assert_eq!(stale.status, StatusCode::UNAUTHORIZED);
    let outline = app.get_auth(&format!("/api/courses/{id}"), &outsider).await;
    assert_eq!(outline.body["access"], "outline");
    assert_eq!(outline.body["chapters"][0]["lessons"][0]["media"], json!([]));

    assert_eq!(
        app.post_auth(&format!("/api/courses/{id}/enrol"), &student, json!({}), "en").await.status,
        StatusCode::CREATED
    );
    let full = app.get_auth(&format!("/api/courses/{id}"), &student).await;
    let audio_url = full.body["chapters"][0]["lessons"][0]["media"][0]["url"].as_str().unwrap().to_string();
    let heard = app.client.get(app.url(&audio_url)).send().await.unwrap();
    assert_eq!(heard.status(), StatusCode::OK);
    assert_eq!(heard.bytes().await.unwrap().len(), 1010);
}

#[actix_web::test]
async fn editing_a_course_keeps_the_ids_of_the_chapters_and_lessons_sent_back() {
    let app = spawn_app().await;
    let teacher = token(&app.active_user("ahmad@example.com", "instructor").await);
    let audio = upload(&app, &teacher, "audio", "a.mp3", mp3(10), "en").await.body["id"].as_i64().unwrap();
    let created = app.post_auth("/api/courses", &teacher, course_with_media(None, audio), "en").await;
    let course = created.body["course"].clone();
    let id = course["id"].as_i64().unwrap();
    let chapter = course["chapters"][0]["id"].as_i64().unwrap();
    let a = course["chapters"][0]["lessons"][0]["id"].as_i64().unwrap();
    let b = course["chapters"][0]["lessons"][1]["id"].as_i64().unwrap();

    // Swap the two lessons, rename one and add a third.
    let mut body = course_with_media(None, audio);
    body["chapters"][0]["id"] = json!(chapter);
    let lessons = body["chapters"][0]["lessons"].as_array().unwrap().clone();
    let mut first = lessons[1].clone();
    first["id"] = json!(b);
    first["title"] = json!("B, renamed");
    let mut second = lessons[0].clone();
    second["id"] = json!(a);
    body["chapters"][0]["lessons"] = json!([first, second, {"title": "C", "description": "dots 1 4"}]);
    let edited =
        app.send(app.client.put(app.url(&format!("/api/courses/{id}"))).bearer_auth(&teacher).json(&body)).await;
    assert_eq!(edited.status, StatusCode::OK, "{:?}", edited.body);
    let lessons = &edited.body["course"]["chapters"][0]["lessons"];
    assert_eq!(edited.body["course"]["chapters"][0]["id"], chapter);
    assert_eq!((lessons[0]["id"].as_i64(), lessons[0]["title"].as_str()), (Some(b), Some("B, renamed")));
    assert_eq!(lessons[1]["id"], a);
    let c = lessons[2]["id"].as_i64().unwrap();
    assert!(c != a && c != b);

    // An id that is not this course's is refused and nothing changes.
    let mine_only = course_with_media(None, audio);
    let other = app.post_auth("/api/courses", &teacher, mine_only, "en").await.body["course"].clone();
    let stray = other["chapters"][0]["lessons"][0]["id"].as_i64().unwrap();
    let mut body = course_with_media(None, audio);
    body["chapters"][0]["lessons"][0]["id"] = json!(stray);
    body["title"] = json!("Changed");
    let refused =
        app.send(app.client.put(app.url(&format!("/api/courses/{id}"))).bearer_auth(&teacher).json(&body)).await;
    assert_eq!((refused.status, refused.field()), (StatusCode::BAD_REQUEST, Some("chapters[0].lessons[0].id")));
    let after = app.get_auth(&format!("/api/courses/{id}"), &teacher).await;
    assert_eq!(after.body["title"], "Letters by ear");
    assert_eq!(after.body["chapters"][0]["lessons"].as_array().unwrap().len(), 3);
}
