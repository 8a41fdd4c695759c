//! Contraction cards in the daily practice (issue 26): a contracted course's lessons bring
//! their contractions into the learner's practice once completed, shown where their rule lets
//! them stand, scheduled like every card, confusions drilled, mastery by kind; another
//! learner's cards are refused.

use lamsa::domain::UserType;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, Reply, TestApp};

fn token(login: &Value) -> String {
    login["access"].as_str().unwrap().to_string()
}

async fn get(app: &TestApp, path: &str, token: &str, lang: &str) -> Reply {
    app.send(app.client.get(app.url(path)).bearer_auth(token).header("Accept-Language", lang)).await
}

async fn answer(app: &TestApp, token: &str, id: i64, answer: &str) -> Reply {
    app.post_auth("/api/practice/reviews", token, json!({"card_id": id, "answer": answer, "elapsed_ms": 5000}), "en")
        .await
}

fn cards(session: &Value) -> Vec<Value> {
    session["cards"].as_array().unwrap().clone()
}

/// The position of the card of contraction `id` (or grade 1 print `id`) in `direction`.
fn at(session: &Value, id: &str, direction: &str) -> Option<usize> {
    cards(session).iter().position(|c| {
        c["direction"] == direction
            && (c["contraction"]["id"] == id
                || (c["kind"] == "symbol" && (c["print"] == id || c["cells"]["braille"] == id)))
    })
}

fn card<'a>(session: &'a Value, id: &str, direction: &str) -> &'a Value {
    let i = at(session, id, direction).unwrap_or_else(|| panic!("{id} {direction} in {session}"));
    &session["cards"][i]
}

fn course() -> Value {
    json!({
        "title": "Contracted English", "type": "Braille reading", "duration_days": 30,
        "description": "UEB grade 2", "category": "contractions", "level": "intermediate", "language": "en",
        "braille_grade": 2,
        "chapters": [{"title": "First contractions", "description": "a few at a time", "lessons": [
            {"title": "the, but", "description": "d", "contractions": ["en:the", "en:but"], "words": ["the", "then"]},
            {"title": "ch, sh", "description": "d", "contractions": ["en:ch", "en:sh"], "words": ["chat", "shop"]}
        ]}]
    })
}

#[actix_web::test]
async fn a_lessons_contractions_become_cards_once_it_is_completed_and_are_scheduled_and_drilled() {
    let app = spawn_app().await;
    let sup = token(&app.account(UserType::Supervisor, "mona@example.com").await);
    let teacher = token(&app.active_user("ahmad@example.com", "instructor").await);
    let sara = token(&app.active_user("sara@example.com", "student").await);
    let omar = token(&app.active_user("omar@example.com", "student").await);
    let c = app.active_course(&teacher, &sup, course()).await;
    let cid = c["id"].as_i64().unwrap();
    let lesson = |i: usize| c["chapters"][0]["lessons"][i]["id"].as_i64().unwrap();
    for t in [&sara, &omar] {
        let r = app.post_auth(&format!("/api/courses/{cid}/enrol"), t, json!({}), "en").await;
        assert!(r.status.is_success(), "{:?}", r.body);
    }

    // Enrolled, nothing completed: no contraction card, nothing to master.
    let s = get(&app, "/api/practice/session?code=en&new=50", &sara, "en").await;
    assert_eq!(s.status, StatusCode::OK, "{:?}", s.body);
    assert!(cards(&s.body).iter().all(|c| c["kind"] == "symbol"), "{:?}", s.body);
    let m = get(&app, "/api/practice/contractions?code=en", &sara, "en").await;
    assert_eq!(m.status, StatusCode::OK);
    assert_eq!(m.body["kinds"], json!([]));

    // The first lesson completed: its contractions, both ways; not the second lesson's.
    let done = app.post_auth(&format!("/api/lessons/{}/complete", lesson(0)), &sara, json!({}), "en").await;
    assert!(done.status.is_success(), "{:?}", done.body);
    let s = get(&app, "/api/practice/session?code=en&new=50", &sara, "en").await.body;
    let but = card(&s, "en:but", "reading");
    // A wordsign stands alone: the cell b, named by its dots, reads "but".
    assert_eq!(but["cells"]["braille"], "⠃");
    assert_eq!(but["cells"]["dots"], json!(["12"]));
    assert_eq!(but["contraction"]["kind"], "alphabetic_wordsign");
    assert_eq!(but["contraction"]["kind_name"], "alphabetic wordsign");
    assert!(but["print"].is_null(), "a reading card does not show the answer");
    let write_the = card(&s, "en:the", "writing");
    assert_eq!(write_the["print"], "the");
    assert!(write_the["cells"].is_null());
    assert!(at(&s, "en:ch", "reading").is_none(), "the second lesson is not completed");
    // After the grade 1 letters they depend on: "the" after t, "but" after u.
    assert!(at(&s, "en:the", "reading").unwrap() > at(&s, "t", "writing").unwrap());
    assert!(at(&s, "en:but", "reading").unwrap() > at(&s, "u", "writing").unwrap());
    // The other learner completed nothing: none for him.
    let his = get(&app, "/api/practice/session?code=en&new=50", &omar, "en").await.body;
    assert!(cards(&his).iter().all(|c| c["kind"] == "symbol"));

    // Right, read as the word: scheduled out for days, gone from today's session.
    let but_id = but["id"].as_i64().unwrap();
    let r = answer(&app, &sara, but_id, "But").await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["correct"], true);
    assert_eq!(r.body["again_in_session"], false);
    assert_eq!(r.body["expected"]["print"], "but");
    assert_eq!(r.body["example"]["cells"]["braille"], "⠃");
    let due = r.body["due_at"].as_str().unwrap().to_string();
    assert!(due.as_str() > r.body["today"]["started_at"].as_str().unwrap());
    let s = get(&app, "/api/practice/session?code=en&new=50", &sara, "en").await.body;
    assert!(at(&s, "en:but", "reading").is_none());

    // Written wrong with the cells of "but": the dots that differ, back in the session, and
    // a confusion of contractions; twice, and the pair is drilled side by side.
    let the_id = write_the["id"].as_i64().unwrap();
    let r = answer(&app, &sara, the_id, "⠃").await;
    assert_eq!(r.body["correct"], false, "{:?}", r.body);
    assert_eq!(r.body["again_in_session"], true);
    assert_eq!(r.body["expected"]["cells"]["dots"], json!(["2346"]));
    assert_eq!(r.body["differences"][0]["missing"], json!([3, 4, 6]));
    let s = get(&app, "/api/practice/session?code=en&new=50", &sara, "en").await.body;
    assert_eq!(s["cards"][0]["id"], the_id, "the card answered wrong comes back first");
    assert_eq!(s["contraction_drills"], json!([]), "one confusion is not yet drilled");
    // Omar cannot answer Sara's card.
    let theirs = answer(&app, &omar, the_id, "⠮").await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    let mut later = answer(&app, &sara, the_id, "⠃").await;
    assert_eq!(later.body["correct"], false);
    later = get(&app, "/api/practice/session?code=en&new=50", &sara, "en").await;
    let drill = &later.body["contraction_drills"][0];
    assert_eq!(drill["count"], 2, "{:?}", later.body["contraction_drills"]);
    let pair: Vec<&str> = [&drill["a"]["id"], &drill["b"]["id"]].iter().map(|v| v.as_str().unwrap()).collect();
    assert!(pair.contains(&"en:the") && pair.contains(&"en:but"));
    let d = app
        .post_auth(
            "/api/practice/contraction-drills",
            &sara,
            json!({"code": "en", "expected": "en:the", "pair": pair, "answer": "en:the"}),
            "ar",
        )
        .await;
    assert_eq!(d.status, StatusCode::OK, "{:?}", d.body);
    assert_eq!(d.body["correct"], true);
    assert_eq!(d.body["expected"]["cells"]["braille"], "⠮");
    assert_eq!(d.body["expected"]["kind_name"], "اختصار قوي");
    // A pair never confused, or a contraction not taught, is refused and changes nothing.
    let bad = app
        .post_auth(
            "/api/practice/contraction-drills",
            &sara,
            json!({"code": "en", "expected": "en:ch", "pair": ["en:ch", "en:the"], "answer": "en:ch"}),
            "en",
        )
        .await;
    assert_eq!((bad.status, bad.field()), (StatusCode::BAD_REQUEST, Some("expected")));
    let his_drill = app
        .post_auth(
            "/api/practice/contraction-drills",
            &omar,
            json!({"code": "en", "expected": "en:the", "pair": pair, "answer": "en:the"}),
            "en",
        )
        .await;
    assert_eq!(his_drill.status, StatusCode::BAD_REQUEST, "{:?}", his_drill.body);

    // The second lesson: a groupsign is asked inside a word of the lesson, never alone.
    app.post_auth(&format!("/api/lessons/{}/complete", lesson(1)), &sara, json!({}), "en").await;
    let s = get(&app, "/api/practice/session?code=en&new=50", &sara, "en").await.body;
    let ch = card(&s, "en:ch", "reading");
    assert_eq!(ch["cells"]["braille"], "⠡⠁⠞", "chat: {ch}");
    assert_eq!((ch["contraction"]["at"].as_i64(), ch["contraction"]["len"].as_i64()), (Some(0), Some(1)));
    let write_sh = card(&s, "en:sh", "writing");
    assert_eq!((write_sh["print"].as_str(), write_sh["contraction"]["example"].as_str()), (Some("sh"), Some("shop")));
    let r = answer(&app, &sara, write_sh["id"].as_i64().unwrap(), "⠩").await;
    assert_eq!(r.body["correct"], true);
    assert_eq!(r.body["example"]["cells"]["braille"], "⠩⠕⠏");

    // Mastery by kind, with the same figures; the confusion listed and drilled.
    let m = get(&app, "/api/practice/contractions?code=en", &sara, "en").await.body;
    let kinds: Vec<&str> = m["kinds"].as_array().unwrap().iter().map(|k| k["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["strong_contraction", "alphabetic_wordsign", "strong_groupsign"]);
    let the = &m["kinds"][0]["contractions"][0];
    assert_eq!(the["contraction"]["id"], "en:the");
    assert_eq!(the["reviews"], 2);
    assert!(the["reading"].is_null());
    assert!(the["writing"].as_f64().is_some());
    assert!(m["kinds"][1]["contractions"][0]["reading"].as_f64().unwrap() > 0.9);
    assert_eq!(m["confusions"][0]["expected"]["id"], "en:the");
    assert_eq!(m["confusions"][0]["given"]["id"], "en:but");
    assert_eq!(m["confusions"][0]["drilling"], true);
    // The grade 1 statistics are not mixed with contractions.
    let st = get(&app, "/api/practice/stats?code=en", &sara, "en").await.body;
    assert!(!st["symbols"]
        .as_array()
        .unwrap()
        .iter()
        .any(|x| x["symbol"]["print"] == "the" || x["symbol"]["print"] == "but"));

    // Other roles and bad codes are refused.
    assert_eq!(get(&app, "/api/practice/contractions?code=en", &teacher, "en").await.status, StatusCode::FORBIDDEN);
    let bad = get(&app, "/api/practice/contractions?code=xx", &sara, "ar").await;
    assert_eq!((bad.status, bad.field()), (StatusCode::BAD_REQUEST, Some("code")));
    let doc = app.send(app.client.get(app.url("/api/openapi.json"))).await;
    for path in ["/api/practice/contractions", "/api/practice/contraction-drills"] {
        assert!(doc.body["paths"][path].is_object(), "{path}");
    }
}
