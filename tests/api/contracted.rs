//! Contracted (grade 2) Braille across the product: the translator, the contraction list,
//! courses that teach contractions a few per lesson, and assessments built and graded in
//! the course's grade.

use lamsa::domain::UserType;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp};

fn token(login: &Value) -> String {
    login["access"].as_str().unwrap().to_string()
}

async fn translate(app: &TestApp, body: Value, lang: &str) -> crate::helpers::Reply {
    app.post("/api/braille/translate", body, lang).await
}

#[actix_web::test]
async fn the_translator_writes_and_reads_either_grade() {
    let app = spawn_app().await;
    let t = |text: &str, lang: &str, grade: Option<u8>| {
        let mut body = json!({"text": text, "lang": lang, "direction": "to_braille"});
        if let Some(g) = grade {
            body["grade"] = json!(g);
        }
        body
    };
    // Grade 1 stays the default; grade 2 contracts.
    let one = translate(&app, t("the children", "en", None), "en").await;
    assert_eq!((one.status, one.body["grade"].as_u64()), (StatusCode::OK, Some(1)));
    assert_eq!(one.body["braille"], "⠞⠓⠑⠀⠉⠓⠊⠇⠙⠗⠑⠝");
    let two = translate(&app, t("the children", "en", Some(2)), "en").await;
    assert_eq!((two.status, two.body["grade"].as_u64()), (StatusCode::OK, Some(2)));
    assert_eq!(two.body["braille"], "⠮⠀⠡⠝");
    assert_eq!(two.body["brf"], "! *N", "Braille ASCII for a .brf file");
    let arabic = translate(&app, t("الكتاب", "ar", Some(2)), "ar").await;
    let arabic_g1 = translate(&app, t("الكتاب", "ar", Some(1)), "ar").await;
    assert!(
        arabic.body["cells"].as_array().unwrap().len() < arabic_g1.body["cells"].as_array().unwrap().len(),
        "Arabic grade 2 writes ال with one cell: {:?}",
        arabic.body["braille"]
    );
    // And back: contracted cells read as print.
    let back = translate(&app, json!({"text": "⠮⠀⠡⠝", "lang": "en", "direction": "to_text", "grade": 2}), "en").await;
    assert_eq!((back.status, back.body["text"].as_str()), (StatusCode::OK, Some("the children")));
    let back_ar = translate(
        &app,
        json!({"text": arabic.body["braille"], "lang": "ar", "direction": "to_text", "grade": 2}),
        "ar",
    )
    .await;
    assert_eq!(back_ar.body["text"], "الكتاب");
    // Only the contractions taught so far (a contracted course's assessment preview): "the"
    // contracts, "children" is spelled out; an unknown id, or a list on grade 1, is refused.
    let partial = translate(
        &app,
        json!({"text": "the children", "lang": "en", "direction": "to_braille", "grade": 2, "contractions": ["en:the"]}),
        "en",
    )
    .await;
    assert_eq!((partial.status, partial.body["braille"].as_str()), (StatusCode::OK, Some("⠮⠀⠉⠓⠊⠇⠙⠗⠑⠝")));
    for body in [
        json!({"text": "the", "lang": "en", "direction": "to_braille", "grade": 2, "contractions": ["en:nope"]}),
        json!({"text": "the", "lang": "en", "direction": "to_braille", "grade": 1, "contractions": ["en:the"]}),
    ] {
        let bad = translate(&app, body, "en").await;
        assert_eq!((bad.status, bad.field()), (StatusCode::BAD_REQUEST, Some("contractions")));
    }
    // A grade that does not exist is refused on its field, in the request's language.
    for lang in ["en", "ar"] {
        let bad = translate(&app, t("the", "en", Some(3)), lang).await;
        assert_eq!((bad.status, bad.code(), bad.field()), (StatusCode::BAD_REQUEST, "field_invalid", Some("grade")));
        assert!(!bad.message().is_empty());
    }
}

#[actix_web::test]
async fn every_contraction_is_listed_with_its_cells() {
    let app = spawn_app().await;
    let en = app.send(app.client.get(app.url("/api/braille/contractions?lang=en"))).await;
    assert_eq!(en.status, StatusCode::OK);
    let list = en.body["contractions"].as_array().unwrap();
    assert!(list.len() > 150, "UEB has about 180 contractions: {}", list.len());
    let the = list.iter().find(|c| c["id"] == "en:the").unwrap();
    assert_eq!((the["print"].as_str(), the["kind"].as_str()), (Some("the"), Some("strong_contraction")));
    assert_eq!(the["cells"][0]["unicode"], "⠮");
    let ar = app.send(app.client.get(app.url("/api/braille/contractions?lang=ar"))).await;
    assert!(ar.body["contractions"].as_array().unwrap().iter().any(|c| c["id"] == "ar:ال"));
    let bad = app.send(app.client.get(app.url("/api/braille/contractions?lang=fr"))).await;
    assert_eq!((bad.status, bad.field()), (StatusCode::BAD_REQUEST, Some("lang")));
}

fn contracted_course(lessons: Value) -> Value {
    json!({
        "title": "Contracted English", "type": "Braille reading", "duration_days": 30,
        "description": "UEB grade 2", "category": "contractions", "level": "intermediate", "language": "en",
        "braille_grade": 2,
        "chapters": [{"title": "Strong contractions", "description": "the, and, with", "lessons": lessons}]
    })
}

#[actix_web::test]
async fn a_course_teaches_contractions_a_few_per_lesson() {
    let app = spawn_app().await;
    let sup = token(&app.account(UserType::Supervisor, "mona@example.com").await);
    let teacher = token(&app.active_user("ahmad@example.com", "instructor").await);
    let student = token(&app.active_user("sara@example.com", "student").await);
    let lessons = json!([
        {"title": "the", "description": "the", "contractions": ["en:the"], "words": ["the", "with the"]},
        {"title": "with", "description": "with", "contractions": ["en:with"], "words": ["with the"]}
    ]);
    let created = app.post_auth("/api/courses", &teacher, contracted_course(lessons.clone()), "en").await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let course = &created.body["course"];
    assert_eq!(course["braille_grade"], 2);
    let lesson = |i: usize| course["chapters"][0]["lessons"][i].clone();
    // Lesson 1 has taught only "the": "with" is still spelt out. Lesson 2 adds "with".
    assert_eq!(lesson(0)["words"][1]["braille"], "⠺⠊⠞⠓⠀⠮");
    assert_eq!(lesson(1)["words"][0]["braille"], "⠾⠀⠮");
    assert_eq!(lesson(0)["contractions"][0]["braille"], "⠮");

    // Contractions that do not exist, repeat, or sit in an uncontracted course are refused.
    let mut bad = lessons.clone();
    bad[1]["contractions"] = json!(["en:with", "en:nope"]);
    let r = app.post_auth("/api/courses", &teacher, contracted_course(bad), "en").await;
    assert_eq!((r.status, r.field()), (StatusCode::BAD_REQUEST, Some("chapters[0].lessons[1].contractions[1]")));
    let mut uncontracted = contracted_course(lessons.clone());
    uncontracted["braille_grade"] = json!(1);
    let r = app.post_auth("/api/courses", &teacher, uncontracted, "ar").await;
    assert_eq!((r.status, r.field()), (StatusCode::BAD_REQUEST, Some("chapters[0].lessons[0].contractions[0]")));
    let mut grade3 = contracted_course(lessons);
    grade3["braille_grade"] = json!(3);
    let r = app.post_auth("/api/courses", &teacher, grade3, "en").await;
    assert_eq!((r.status, r.field()), (StatusCode::BAD_REQUEST, Some("braille_grade")));

    // Accredited and enrolled, the student answers a Braille question in contracted Braille.
    let id = course["id"].as_i64().unwrap();
    app.post_auth(&format!("/api/courses/{id}/accreditation"), &teacher, json!({}), "en").await;
    let queue = app.get_auth("/api/supervisor/requests?kind=accreditation", &sup).await;
    let rid = queue.body["requests"][0]["id"].as_i64().unwrap();
    assert_eq!(
        app.post_auth(&format!("/api/requests/{rid}/approve"), &sup, json!({}), "en").await.status,
        StatusCode::OK
    );
    assert_eq!(
        app.post_auth(&format!("/api/courses/{id}/enrol"), &student, json!({}), "en").await.status,
        StatusCode::CREATED
    );
    let exercise = json!({"course_id": id, "type": "lesson_exercise", "lesson_id": lesson(0)["id"], "title": "the",
        "pass_mark": 100, "questions": [{"type": "braille_input", "points": 1, "print": "with the"}]});
    // Live: its assessments change through a revision (issue 23).
    let made = app.through_revision(&teacher, &sup, "POST", "/api/instructor/assessments", exercise).await;
    assert_eq!(made.status, StatusCode::CREATED, "{:?}", made.body);
    let expected: String = made.body["assessment"]["questions"][0]["braille"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["unicode"].as_str().unwrap())
        .collect();
    assert_eq!(expected, "⠾⠀⠮", "the course teaches with and the, so the answer uses both");
    let ex = made.body["assessment"]["id"].as_i64().unwrap();
    let answer = |braille: &str| json!({"braille": braille});
    let started = app.post_auth(&format!("/api/assessments/{ex}/attempts"), &student, json!({}), "en").await;
    let attempt = started.body["attempt"]["id"].as_i64().unwrap();
    let q = started.body["questions"][0]["id"].as_i64().unwrap();
    let put = |b: Value| {
        app.send(
            app.client.put(app.url(&format!("/api/attempts/{attempt}/answers/{q}"))).bearer_auth(&student).json(&b),
        )
    };
    // Uncontracted is not what this course asks for.
    assert_eq!(put(answer("⠺⠊⠞⠓⠀⠞⠓⠑")).await.status, StatusCode::OK);
    let submitted = app.post_auth(&format!("/api/attempts/{attempt}/submit"), &student, json!({}), "en").await;
    assert_eq!(submitted.body["result"]["attempt"]["passed"], false, "{:?}", submitted.body);
    let started = app.post_auth(&format!("/api/assessments/{ex}/attempts"), &student, json!({}), "en").await;
    let attempt = started.body["attempt"]["id"].as_i64().unwrap();
    let saved = app
        .send(
            app.client
                .put(app.url(&format!("/api/attempts/{attempt}/answers/{q}")))
                .bearer_auth(&student)
                .json(&answer("⠾⠀⠮")),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK);
    let submitted = app.post_auth(&format!("/api/attempts/{attempt}/submit"), &student, json!({}), "en").await;
    assert_eq!(submitted.body["result"]["attempt"]["passed"], true, "{:?}", submitted.body);
}

/// `lamsa braille --grade 2` contracts standard input line by line, and reads it back.
#[test]
fn the_command_line_takes_a_grade() {
    use std::io::Write;
    let run = |args: &[&str], input: &str| {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_lamsa"))
            .arg("braille")
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // A refused argument ends the command before it reads its input: the pipe may be closed.
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        let out = child.wait_with_output().unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    assert_eq!(run(&["--lang", "en", "--grade", "2"], "the children\nwith\n").1, "⠮⠀⠡⠝\n⠾\n");
    assert_eq!(run(&["--lang", "en"], "the\n").1, "⠞⠓⠑\n", "grade 1 by default");
    assert_eq!(run(&["--lang", "en", "--grade", "2", "--back"], "⠮⠀⠡⠝\n").1, "the children\n");
    assert_eq!(run(&["--lang", "en", "--grade", "2", "--format", "brf"], "the children\n").1, "! *N\n");
    let (ok, _, err) = run(&["--lang", "en", "--grade", "3"], "the\n");
    assert!(!ok && err.contains("grade"), "{err}");
}
