//! Practice that remembers (issue 17): the scheduling on a fixed clock through the service,
//! and the API with its refusals, the confusions from practice and from assessment answers,
//! the drills, the statistics and the instructors' confusion matrix.

use lamsa::{
    auth::AuthUser,
    domain::{
        practice::{DAY_MS, RELEARN_MS},
        Email, NewPassword, PersonName, ProfileFields, UserType,
    },
    services::{
        accounts::{self, NewAccount},
        practice, ServiceError,
    },
};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{app_state, course_body, spawn_app, Reply, TestApp, PASSWORD};

/// 2026-09-21 10:00 UTC: the fixed clock of the scheduling tests.
const T0: i64 = 1_790_000_000_000;
const MIN: i64 = 60_000;

/// An active student account made through the service (also used by `practice_offline`).
pub(crate) async fn student(s: &lamsa::state::AppState, email: &str) -> AuthUser {
    let account = NewAccount {
        name: PersonName::parse("Huda Salem").unwrap(),
        email: Email::parse(email).unwrap(),
        password: NewPassword::parse(PASSWORD, "password").unwrap(),
        user_type: UserType::Student,
        profile: ProfileFields::default(),
    };
    AuthUser::acting(accounts::create_active(&s.db, account).await.unwrap(), UserType::Student)
}

fn find<'a>(cards: &'a [practice::Card], print: &str, dir: &str) -> &'a practice::Card {
    cards.iter().find(|c| c.symbol.print == print && c.direction.as_str() == dir).unwrap()
}

#[actix_web::test]
async fn a_right_answer_pushes_the_card_out_a_wrong_one_brings_it_back_and_intervals_grow() {
    let (s, _dir) = app_state().await;
    let learner = student(&s, "huda@example.com").await;
    let en = braille::Lang::English;

    // A new learner of English starts with the alphabet: a, then b, reading before writing.
    let first = practice::session(&s.db, learner, en, 3, T0).await.unwrap();
    let names: Vec<(&str, &str)> = first.cards.iter().map(|c| (c.symbol.print, c.direction.as_str())).collect();
    assert_eq!(names, [("a", "reading"), ("a", "writing"), ("b", "reading")]);
    assert_eq!(first.new_cards, 3);

    // Right (in 8 s: good): not shown again until due, two days later.
    let read_a = find(&first.cards, "a", "reading").row.id;
    let r = practice::review(&s.db, learner, read_a, "a", 8_000, T0).await.unwrap();
    assert!(r.correct && !r.again_in_session);
    assert_eq!(r.due_at, T0 + 2 * DAY_MS);
    let later = practice::session(&s.db, learner, en, 3, T0 + MIN).await.unwrap();
    assert!(!later.cards.iter().any(|c| c.row.id == read_a));
    // Still three new cards a day: two left today.
    assert_eq!(later.new_cards, 2);

    // Wrong: back within the session.
    let write_a = find(&later.cards, "a", "writing").row.id;
    let wrong = practice::review(&s.db, learner, write_a, "⠃", 5_000, T0 + MIN).await.unwrap();
    assert!(!wrong.correct && wrong.again_in_session);
    assert_eq!(wrong.due_at, T0 + MIN + RELEARN_MS);
    assert_eq!(wrong.differences[0].extra, vec![2]);
    let again = practice::session(&s.db, learner, en, 3, T0 + 2 * MIN).await.unwrap();
    assert_eq!(again.cards[0].row.id, write_a, "the card answered wrong comes first, as due");
    let fixed = practice::review(&s.db, learner, write_a, "⠁", 5_000, T0 + 3 * MIN).await.unwrap();
    assert!(fixed.correct && fixed.due_at >= T0 + 3 * MIN + DAY_MS);
    assert_eq!(fixed.today.reviewed, 3);
    assert_eq!(fixed.today.correct, 2);

    // Answered right each time it falls due, the card's intervals grow.
    let mut now = T0 + 2 * DAY_MS;
    let mut intervals = vec![];
    for _ in 0..4 {
        let due = practice::session(&s.db, learner, en, 0, now).await.unwrap();
        assert!(due.cards.iter().any(|c| c.row.id == read_a), "due at its time");
        let r = practice::review(&s.db, learner, read_a, "A", 8_000, now).await.unwrap();
        intervals.push(r.due_at - now);
        now = r.due_at;
    }
    assert!(intervals.windows(2).all(|w| w[1] > w[0]), "{intervals:?}");

    // Another learner cannot answer it.
    let other = student(&s, "omar@example.com").await;
    assert!(matches!(practice::review(&s.db, other, read_a, "a", 1000, now).await, Err(ServiceError::NotFound)));
}

fn token(login: &Value) -> String {
    login["access"].as_str().unwrap().to_string()
}

async fn get(app: &TestApp, path: &str, token: &str, lang: &str) -> Reply {
    app.send(app.client.get(app.url(path)).bearer_auth(token).header("Accept-Language", lang)).await
}

fn card(session: &Value, pred: impl Fn(&Value) -> bool) -> &Value {
    session["cards"].as_array().unwrap().iter().find(|c| pred(c)).expect("a card")
}

#[actix_web::test]
async fn the_api_grades_schedules_and_refuses_what_is_not_yours() {
    let app = spawn_app().await;
    let sara = token(&app.active_user("sara@example.com", "student").await);
    let omar = token(&app.active_user("omar@example.com", "student").await);
    let teacher = token(&app.active_user("ahmad@example.com", "instructor").await);

    let s = get(&app, "/api/practice/session?code=en&new=4", &sara, "en").await;
    assert_eq!(s.status, StatusCode::OK, "{:?}", s.body);
    assert_eq!(s.body["cards"].as_array().unwrap().len(), 4);
    // The learner paces the session (a time box is the learner's own, kept on the device).
    assert!(s.body.get("time_limit_secs").is_none());
    // A reading card shows the cells, not the answer; a writing card the print, not the cells.
    let reading = card(&s.body, |c| c["direction"] == "reading");
    assert_eq!(reading["cells"]["braille"], "⠁");
    assert_eq!(reading["cells"]["dots"], json!(["1"]));
    assert!(reading["print"].is_null());
    let writing = card(&s.body, |c| c["direction"] == "writing");
    assert_eq!(writing["print"], "a");
    assert_eq!(writing["name"], "letter a");
    assert!(writing["cells"].is_null());

    // Wrong: the right answer with the dots that differ, and the card comes back.
    let wid = writing["id"].as_i64().unwrap();
    let r = app
        .post_auth("/api/practice/reviews", &sara, json!({"card_id": wid, "answer": "⠃", "elapsed_ms": 4000}), "en")
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["correct"], false);
    assert_eq!(r.body["rating"], "again");
    assert_eq!(r.body["expected"]["print"], "a");
    assert_eq!(r.body["expected"]["cells"]["dots"], json!(["1"]));
    assert_eq!(r.body["given"]["dots"], json!(["12"]));
    assert_eq!(r.body["differences"][0]["extra"], json!([2]));
    assert_eq!(r.body["again_in_session"], true);
    let s2 = get(&app, "/api/practice/session?code=en&new=4", &sara, "en").await;
    assert!(s2.body["cards"].as_array().unwrap().iter().any(|c| c["id"] == wid));

    // Right and fast: easy, out for days.
    let rid = reading["id"].as_i64().unwrap();
    let r = app
        .post_auth("/api/practice/reviews", &sara, json!({"card_id": rid, "answer": "a", "elapsed_ms": 1500}), "ar")
        .await;
    assert_eq!(r.body["correct"], true);
    assert_eq!(r.body["rating"], "easy");
    assert_eq!(r.body["expected"]["name"], "الحرف a");
    assert_eq!(r.body["today"]["reviewed"], 2);
    let s3 = get(&app, "/api/practice/session?code=en&new=4", &sara, "en").await;
    assert!(!s3.body["cards"].as_array().unwrap().iter().any(|c| c["id"] == rid));

    // Refusals: another learner's card, bad input, other roles.
    let theirs = app
        .post_auth("/api/practice/reviews", &omar, json!({"card_id": rid, "answer": "a", "elapsed_ms": 1500}), "en")
        .await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    for (body, field) in [
        (json!({"card_id": wid, "answer": "b", "elapsed_ms": 100}), "answer"),
        (json!({"card_id": wid, "answer": "", "elapsed_ms": 100}), "answer"),
        (json!({"card_id": wid, "answer": "⠁", "elapsed_ms": -5}), "elapsed_ms"),
    ] {
        let bad = app.post_auth("/api/practice/reviews", &sara, body, "en").await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{:?}", bad.body);
        assert_eq!(bad.field(), Some(field));
    }
    let bad = get(&app, "/api/practice/session?code=fr", &sara, "ar").await;
    assert_eq!((bad.status, bad.field()), (StatusCode::BAD_REQUEST, Some("code")));
    assert!(!bad.message().is_empty());
    let bad = get(&app, "/api/practice/session?code=en&new=lots", &sara, "en").await;
    assert_eq!((bad.status, bad.field()), (StatusCode::BAD_REQUEST, Some("new")));
    assert_eq!(get(&app, "/api/practice/session?code=en", &teacher, "en").await.status, StatusCode::FORBIDDEN);
    assert_eq!(get(&app, "/api/practice/stats?code=en", &teacher, "en").await.status, StatusCode::FORBIDDEN);
    let anon = app.send(app.client.get(app.url("/api/practice/session?code=en"))).await;
    assert_eq!(anon.status, StatusCode::UNAUTHORIZED);
    // Nothing changed by the refusals: Omar's own session starts fresh.
    let his = get(&app, "/api/practice/session?code=en&new=2", &omar, "en").await;
    assert_eq!(his.body["today"]["reviewed"], 0);

    // Statistics: retention per symbol, the streak, reviews per day.
    let st = get(&app, "/api/practice/stats?code=en", &sara, "en").await;
    assert_eq!(st.status, StatusCode::OK);
    let a = st.body["symbols"].as_array().unwrap().iter().find(|x| x["symbol"]["print"] == "a").unwrap();
    assert!(a["reading"].as_f64().unwrap() > 0.99);
    assert!(a["writing"].as_f64().unwrap() > 0.9);
    assert_eq!(a["reviews"], 2);
    let b = st.body["symbols"].as_array().unwrap().iter().find(|x| x["symbol"]["print"] == "b").unwrap();
    assert!(b["reading"].is_null());
    assert_eq!(st.body["streak"], 1);
    assert_eq!(st.body["reviews_per_day"][0]["reviews"], 2);

    // In the API document.
    let doc = app.send(app.client.get(app.url("/api/openapi.json"))).await;
    for path in [
        "/api/practice/session",
        "/api/practice/reviews",
        "/api/practice/stats",
        "/api/practice/confusions",
        "/api/practice/drills",
        "/api/instructor/confusions",
    ] {
        assert!(doc.body["paths"][path].is_object(), "{path}");
    }
}

async fn write(app: &TestApp, token: &str, id: i64, answer: &str) -> Reply {
    app.post_auth("/api/practice/reviews", token, json!({"card_id": id, "answer": answer, "elapsed_ms": 5000}), "en")
        .await
}

#[actix_web::test]
async fn confused_cells_are_recorded_and_drilled_until_they_stop() {
    let app = spawn_app().await;
    let sara = token(&app.active_user("sara@example.com", "student").await);
    // d is the 4th letter: with 8 new cards, its writing card is in the session.
    let s = get(&app, "/api/practice/session?code=en&new=8", &sara, "en").await;
    let d = card(&s.body, |c| c["print"] == "d")["id"].as_i64().unwrap();
    // d (⠙ 145) written as f (⠋ 124), twice.
    assert_eq!(write(&app, &sara, d, "⠋").await.body["correct"], false);
    assert_eq!(write(&app, &sara, d, "⠋").await.body["correct"], false);
    let c = get(&app, "/api/practice/confusions?code=en", &sara, "en").await;
    assert_eq!(c.status, StatusCode::OK);
    let first = &c.body["confusions"][0];
    assert_eq!((first["expected_print"].as_str(), first["given_print"].as_str()), (Some("d"), Some("f")));
    assert_eq!(first["count"], 2);
    assert_eq!(first["drilling"], true);

    // The pair is drilled side by side.
    let s = get(&app, "/api/practice/session?code=en&new=8", &sara, "en").await;
    let drill = &s.body["drills"][0];
    let prints = [drill["a"]["print"].as_str().unwrap(), drill["b"]["print"].as_str().unwrap()];
    assert!(prints.contains(&"d") && prints.contains(&"f"), "{prints:?}");
    let pair = "⠙⠋";
    let wrong = app
        .post_auth(
            "/api/practice/drills",
            &sara,
            json!({"code": "en", "print": "d", "pair": pair, "answer": "⠋"}),
            "en",
        )
        .await;
    assert_eq!(wrong.status, StatusCode::OK, "{:?}", wrong.body);
    assert_eq!(wrong.body["correct"], false);
    assert_eq!(wrong.body["expected"]["cells"]["braille"], "⠙");
    for i in 0..3 {
        let right = app
            .post_auth(
                "/api/practice/drills",
                &sara,
                json!({"code": "en", "print": "f", "pair": pair, "answer": "⠋"}),
                "en",
            )
            .await;
        assert_eq!(right.body["correct"], true);
        assert_eq!(right.body["settled"], i == 2);
    }
    let s = get(&app, "/api/practice/session?code=en&new=8", &sara, "en").await;
    assert_eq!(s.body["drills"], json!([]), "settled: no longer drilled");
    // A pair never confused cannot be drilled; a pair without the symbol is refused.
    let never = app
        .post_auth(
            "/api/practice/drills",
            &sara,
            json!({"code": "en", "print": "e", "pair": "⠑⠊", "answer": "⠑"}),
            "en",
        )
        .await;
    assert_eq!(never.status, StatusCode::NOT_FOUND);
    let bad = app
        .post_auth(
            "/api/practice/drills",
            &sara,
            json!({"code": "en", "print": "e", "pair": "⠙⠋", "answer": "⠙"}),
            "en",
        )
        .await;
    assert_eq!((bad.status, bad.field()), (StatusCode::BAD_REQUEST, Some("pair")));
    // Confused again: drilled again.
    write(&app, &sara, d, "⠋").await;
    let s = get(&app, "/api/practice/session?code=en&new=8", &sara, "en").await;
    assert_eq!(s.body["drills"].as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn assessment_answers_feed_the_confusions_and_instructors_see_only_their_courses() {
    let app = spawn_app().await;
    let sup = token(&app.account(UserType::Supervisor, "mona@example.com").await);
    let teacher = token(&app.active_user("ahmad@example.com", "instructor").await);
    let other_teacher = token(&app.active_user("laila@example.com", "instructor").await);
    let sara = token(&app.active_user("sara@example.com", "student").await);
    let course = app.active_course(&teacher, &sup, course_body("برايل العربي")).await;
    let cid = course["id"].as_i64().unwrap();
    let lesson = course["chapters"][0]["lessons"][0]["id"].as_i64().unwrap();
    assert_eq!(
        app.post_auth(&format!("/api/courses/{cid}/enrol"), &sara, json!({}), "en").await.status,
        StatusCode::CREATED
    );
    // Live: its assessments change through a revision (issue 23).
    let ex = app
        .through_revision(
            &teacher,
            &sup,
            "POST",
            "/api/instructor/assessments",
            json!({"course_id": cid, "type": "lesson_exercise", "lesson_id": lesson, "title": "تمرين", "pass_mark": 100,
                "questions": [{"type": "braille_input", "points": 1, "print": "بت"}]}),
        )
        .await;
    assert_eq!(ex.status, StatusCode::CREATED, "{:?}", ex.body);
    let aid = ex.body["assessment"]["id"].as_i64().unwrap();
    let started = app.post_auth(&format!("/api/assessments/{aid}/attempts"), &sara, json!({}), "en").await;
    let attempt = started.body["attempt"]["id"].as_i64().unwrap();
    let q = started.body["questions"][0]["id"].as_i64().unwrap();
    // ب (⠃ 12) written as ا (⠁ 1); ت right.
    let saved = app
        .send(
            app.client
                .put(app.url(&format!("/api/attempts/{attempt}/answers/{q}")))
                .bearer_auth(&sara)
                .json(&json!({"braille": "⠁⠞"})),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    let submitted = app.post_auth(&format!("/api/attempts/{attempt}/submit"), &sara, json!({}), "en").await;
    assert_eq!(submitted.status, StatusCode::OK);

    let mine = get(&app, "/api/practice/confusions?code=ar", &sara, "ar").await;
    let c = &mine.body["confusions"].as_array().unwrap();
    assert_eq!(c.len(), 1, "{c:?}");
    assert_eq!((c[0]["expected_print"].as_str(), c[0]["given_print"].as_str()), (Some("ب"), Some("ا")));
    assert_eq!(c[0]["expected"]["dots"], json!(["12"]));

    let matrix = get(&app, &format!("/api/instructor/confusions?course_id={cid}"), &teacher, "en").await;
    assert_eq!(matrix.status, StatusCode::OK, "{:?}", matrix.body);
    assert_eq!(matrix.body["code"], "ar");
    assert_eq!(matrix.body["confusions"][0]["count"], 1);
    assert_eq!(matrix.body["confusions"][0]["students"], 1);
    assert_eq!(matrix.body["confusions"][0]["given_print"], "ا");
    // Another instructor's course, a student, a course that does not exist, no course.
    let theirs = get(&app, &format!("/api/instructor/confusions?course_id={cid}"), &other_teacher, "en").await;
    assert_eq!((theirs.status, theirs.field()), (StatusCode::NOT_FOUND, Some("course_id")));
    assert_eq!(
        get(&app, &format!("/api/instructor/confusions?course_id={cid}"), &sara, "en").await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        get(&app, "/api/instructor/confusions?course_id=999999", &teacher, "en").await.status,
        StatusCode::NOT_FOUND
    );
    let none = get(&app, "/api/instructor/confusions", &teacher, "en").await;
    assert_eq!((none.status, none.field()), (StatusCode::BAD_REQUEST, Some("course_id")));
}

#[actix_web::test]
async fn new_learners_start_with_the_symbols_of_the_lessons_they_completed() {
    let app = spawn_app().await;
    let sup = token(&app.account(UserType::Supervisor, "mona@example.com").await);
    let teacher = token(&app.active_user("ahmad@example.com", "instructor").await);
    let sara = token(&app.active_user("sara@example.com", "student").await);
    let course = app.active_course(&teacher, &sup, course_body("برايل العربي")).await;
    let cid = course["id"].as_i64().unwrap();
    app.post_auth(&format!("/api/courses/{cid}/enrol"), &sara, json!({}), "en").await;
    // The third lesson teaches ت.
    let lesson = course["chapters"][1]["lessons"][0]["id"].as_i64().unwrap();
    let done = app.post_auth(&format!("/api/lessons/{lesson}/complete"), &sara, json!({}), "en").await;
    assert!(done.status.is_success(), "{:?}", done.body);
    let s = get(&app, "/api/practice/session?code=ar&new=2", &sara, "ar").await;
    let cards = s.body["cards"].as_array().unwrap();
    assert_eq!(cards[0]["cells"]["braille"], "⠞", "ت (dots 2345) first: {cards:?}");
    assert_eq!(cards[1]["print"], "ت");
    // With no lesson of English done, English starts with the alphabet.
    let en = get(&app, "/api/practice/session?code=en&new=1", &sara, "en").await;
    assert_eq!(en.body["cards"][0]["cells"]["braille"], "⠁");
}
