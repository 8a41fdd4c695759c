use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::spawn_app;

#[actix_web::test]
async fn translates_both_ways_in_both_codes() {
    let app = spawn_app().await;
    let en = app
        .post("/api/braille/translate", json!({"text": "Hello 12", "lang": "en", "direction": "to_braille"}), "en")
        .await;
    assert_eq!(en.status, StatusCode::OK);
    assert_eq!(en.body["braille"], "⠠⠓⠑⠇⠇⠕⠀⠼⠁⠃");
    assert_eq!(en.body["brf"], ",HELLO #AB");
    assert_eq!(en.body["lang"], "en");
    assert_eq!(en.body["cells"][1]["dots"], json!([1, 2, 5]));
    assert_eq!(en.body["cells"][1]["meaning"], "h");
    assert!(en.body["unknown"].as_array().unwrap().is_empty());

    let back = app
        .post("/api/braille/translate", json!({"text": "⠠⠓⠑⠇⠇⠕⠀⠼⠁⠃", "lang": "en", "direction": "to_text"}), "en")
        .await;
    assert_eq!(back.body["text"], "Hello 12");

    let ar = app
        .post("/api/braille/translate", json!({"text": "سلام\nمرحبا", "lang": "auto", "direction": "to_braille"}), "ar")
        .await;
    assert_eq!(ar.body["lang"], "ar", "Arabic script picks the Arabic code");
    assert_eq!(ar.body["braille"].as_str().unwrap().lines().count(), 2, "lines are kept");
    let ar_back = app
        .post("/api/braille/translate", json!({"text": ar.body["braille"], "lang": "ar", "direction": "to_text"}), "ar")
        .await;
    assert_eq!(ar_back.body["text"], "سلام\nمرحبا");
}

#[actix_web::test]
async fn reports_what_has_no_braille_form_and_refuses_bad_input() {
    let app = spawn_app().await;
    let mixed = app
        .post("/api/braille/translate", json!({"text": "Hi سلام", "lang": "en", "direction": "to_braille"}), "en")
        .await;
    let unknown = mixed.body["unknown"].as_array().unwrap();
    assert_eq!(unknown.len(), 4, "Arabic letters are reported by the English code, not dropped");
    assert_eq!(unknown[0], json!({"index": 3, "char": "س"}));

    let not_braille =
        app.post("/api/braille/translate", json!({"text": "⠓x", "lang": "en", "direction": "to_text"}), "en").await;
    assert_eq!(not_braille.body["unknown"][0]["char"], "x");

    let long = "a".repeat(5001);
    let too_long =
        app.post("/api/braille/translate", json!({"text": long, "lang": "en", "direction": "to_braille"}), "en").await;
    assert_eq!((too_long.status, too_long.field()), (StatusCode::PAYLOAD_TOO_LARGE, Some("text")));
    assert_eq!(too_long.message(), "The text is too long to translate at once (at most 5000 characters)");
    let bad =
        app.post("/api/braille/translate", json!({"text": "a", "lang": "fr", "direction": "to_braille"}), "en").await;
    assert_eq!((bad.status, bad.field()), (StatusCode::BAD_REQUEST, Some("lang")));
    let bad_dir =
        app.post("/api/braille/translate", json!({"text": "a", "lang": "en", "direction": "sideways"}), "en").await;
    assert_eq!(bad_dir.field(), Some("direction"));
}

#[actix_web::test]
async fn reference_tables_come_from_the_engine() {
    let app = spawn_app().await;
    let en = app.send(app.client.get(app.url("/api/braille/table?lang=en")).header("Accept-Language", "en")).await.body;
    let letters: Vec<_> = en["entries"].as_array().unwrap().iter().filter(|e| e["kind"] == "letter").collect();
    assert_eq!(letters.len(), 26);
    assert_eq!(letters[0]["print"], "a");
    assert_eq!(letters[0]["cells"][0]["dots"], json!([1]));
    let ar = app.send(app.client.get(app.url("/api/braille/table?lang=ar"))).await.body;
    let arabic_letters = ar["entries"].as_array().unwrap().iter().filter(|e| e["kind"] == "letter").count();
    assert!(arabic_letters >= 28, "{arabic_letters}");
    assert!(ar["entries"].as_array().unwrap().iter().any(|e| e["kind"] == "tashkeel"));
    let bad = app.send(app.client.get(app.url("/api/braille/table?lang=xx"))).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}
