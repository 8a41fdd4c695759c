use lamsa::domain::UserType;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app_with, ws_next, Reply, TestApp, Ws, PASSWORD};

/// The student's name on the certificate: Arabic, with a ر before a yeh, which Amiri kerns
/// wide enough to split the word for text extraction if nothing is done about it.
const NAME: &str = "مريم فريدة الطريقي";
const TITLE: &str = "Arabic Braille for Beginners";

fn token(login: &Value) -> String {
    login["access"].as_str().unwrap().to_string()
}

fn course_body(title: &str) -> Value {
    json!({
        "title": title, "type": "Braille reading", "duration_days": 30,
        "description": "حروف برايل العربية", "category": "letters", "level": "beginner", "language": "ar",
        "chapters": [{"title": "الفصل الأول", "description": "ا ب", "lessons": [
            {"title": "حرف الألف", "description": "نقطة واحدة", "letters": ["ا"]}
        ]}]
    })
}

struct World {
    app: TestApp,
    sup: String,
    teacher: String,
    student: String,
    student_id: i64,
    /// Another student, enrolled in the same course, who has not finished it.
    other: String,
    course: i64,
    /// The final assessment (five Braille questions of one point, pass mark 60).
    final_id: i64,
    /// The Braille of its five answers.
    cells: Vec<String>,
}

/// Registers, activates and signs in a student with this name; returns the login body.
async fn student(app: &TestApp, email: &str, name: &str) -> Value {
    let r = app
        .post(
            "/api/auth/register",
            json!({"name": name, "email": email, "password": PASSWORD, "password_confirm": PASSWORD, "type": "student"}),
            "en",
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    let link = app.link_token("activate");
    assert_eq!(app.post("/api/auth/activate", json!({"token": link}), "en").await.status, StatusCode::OK);
    app.login(email, PASSWORD).await.body
}

async fn world_with(adjust: impl FnOnce(&mut lamsa::configuration::Settings)) -> World {
    let app = spawn_app_with(adjust).await;
    let sup = token(&app.account(UserType::Supervisor, "mona@example.com").await);
    let teacher = token(&app.active_user("ahmad@example.com", "instructor").await);
    let login = student(&app, "maryam@example.com", NAME).await;
    let other = token(&app.active_user("omar@example.com", "student").await);
    // The final first, then accreditation: a live course's assessments change only through a
    // revision (issue 23).
    let created = app.post_auth("/api/courses", &teacher, course_body(TITLE), "en").await;
    let course = created.body["course"]["id"].as_i64().unwrap();
    let questions: Vec<Value> = ["ا", "ب", "ت", "اب", "تاب"]
        .iter()
        .map(|p| json!({"type": "braille_input", "points": 1, "print": p}))
        .collect();
    let fin = app
        .post_auth(
            "/api/instructor/assessments",
            &teacher,
            json!({"course_id": course, "type": "final_assessment", "title": "الاختبار النهائي", "pass_mark": 60,
                "questions": questions}),
            "en",
        )
        .await;
    assert_eq!(fin.status, StatusCode::CREATED, "{:?}", fin.body);
    app.accredit(&teacher, &sup, course).await;
    let mut cells = Vec::new();
    for p in ["ا", "ب", "ت", "اب", "تاب"] {
        let r =
            app.post("/api/braille/translate", json!({"text": p, "lang": "ar", "direction": "to_braille"}), "en").await;
        cells.push(r.body["braille"].as_str().unwrap().to_string());
    }
    let w = World {
        student: token(&login),
        student_id: login["user"]["id"].as_i64().unwrap(),
        final_id: fin.body["assessment"]["id"].as_i64().unwrap(),
        app,
        sup,
        teacher,
        other,
        course,
        cells,
    };
    for t in [&w.student, &w.other] {
        let r = w.app.post_auth(&format!("/api/courses/{}/enrol", w.course), t, json!({}), "en").await;
        assert_eq!(r.status, StatusCode::CREATED);
    }
    w
}

/// Takes the final assessment with `right` of five answers right.
async fn take_final(w: &World, token: &str, right: usize) {
    let app = &w.app;
    let started = app.post_auth(&format!("/api/assessments/{}/attempts", w.final_id), token, json!({}), "en").await;
    assert!(started.status.is_success(), "{:?}", started.body);
    let attempt = started.body["attempt"]["id"].as_i64().unwrap();
    for (i, q) in started.body["questions"].as_array().unwrap().iter().enumerate() {
        let braille = if i < right { w.cells[i].clone() } else { "⠿".to_string() };
        let path = format!("/api/attempts/{attempt}/answers/{}", q["id"].as_i64().unwrap());
        let saved =
            app.send(app.client.put(app.url(&path)).bearer_auth(token).json(&json!({ "braille": braille }))).await;
        assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    }
    let submitted = app.post_auth(&format!("/api/attempts/{attempt}/submit"), token, json!({}), "en").await;
    assert_eq!(submitted.status, StatusCode::OK, "{:?}", submitted.body);
}

async fn request(w: &World, token: &str, lang: &str) -> Reply {
    w.app.post_auth("/api/certificates/requests", token, json!({"course_id": w.course}), lang).await
}

async fn pending(w: &World) -> Vec<Value> {
    let r = w.app.get_auth("/api/supervisor/certificate-requests", &w.sup).await;
    assert_eq!(r.status, StatusCode::OK);
    r.body["requests"].as_array().unwrap().clone()
}

/// The next live event of `kind`, skipping others, within 5 s.
async fn next_event(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let event = ws_next(ws, 5000).await.unwrap_or_else(|| panic!("no live {kind} event"));
        if event["kind"] == kind {
            return event;
        }
    }
}

/// A world whose student passed with 80 % and holds an issued certificate; returns its code.
async fn issued(w: &World) -> Value {
    take_final(w, &w.student, 4).await;
    let r = request(w, &w.student, "en").await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    let id = r.body["request"]["id"].as_i64().unwrap();
    let approved = w.app.post_auth(&format!("/api/certificate-requests/{id}/approve"), &w.sup, json!({}), "en").await;
    assert_eq!(approved.status, StatusCode::OK, "{:?}", approved.body);
    approved.body["certificate"].clone()
}

fn is_code(code: &str) -> bool {
    let groups: Vec<&str> = code.split('-').collect();
    groups.len() == 4
        && groups.iter().all(|g| g.len() == 4 && g.chars().all(|c| "0123456789ABCDEFGHJKMNPQRSTVWXYZ".contains(c)))
}

#[actix_web::test]
async fn a_student_requests_and_supervisors_decide_live() {
    let w = world_with(|_| {}).await;
    let app = &w.app;

    // Before completing the course: refused, in both languages.
    let early = request(&w, &w.student, "en").await;
    assert_eq!(
        (early.status, early.code(), early.message()),
        (
            StatusCode::CONFLICT,
            "course_not_completed",
            "You can request a certificate once you have completed the course."
        )
    );
    let early = request(&w, &w.student, "ar").await;
    assert_eq!((early.code(), early.message()), ("course_not_completed", "يمكنك طلب الشهادة بعد إتمام الدورة."));
    // Not enrolled, unknown course, not a student, bad body.
    let elsewhere = app.active_course(&w.teacher, &w.sup, course_body("Another course")).await["id"].as_i64().unwrap();
    let r = app.post_auth("/api/certificates/requests", &w.student, json!({"course_id": elsewhere}), "en").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = app.post_auth("/api/certificates/requests", &w.student, json!({"course_id": 999_999}), "en").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(request(&w, &w.teacher, "en").await.status, StatusCode::FORBIDDEN);
    let r = app.post_auth("/api/certificates/requests", &w.student, json!({}), "ar").await;
    assert_eq!((r.status, r.code(), r.field()), (StatusCode::BAD_REQUEST, "field_required", Some("course_id")));

    take_final(&w, &w.student, 4).await;
    let listed = app.get_auth("/api/student/certificates", &w.student).await;
    assert_eq!(listed.status, StatusCode::OK);
    let entry = &listed.body["courses"][0];
    assert_eq!(
        (entry["course_id"].as_i64(), entry["course_title"].as_str(), entry["progress_state"].as_str()),
        (Some(w.course), Some(TITLE), Some("completed"))
    );
    assert_eq!((entry["percent"].as_f64(), entry["grade"].as_str()), (Some(80.0), Some("very_good")));
    assert_eq!((entry["request"].clone(), entry["certificate"].clone()), (Value::Null, Value::Null));

    // The request reaches every supervisor live.
    let (mut sup_ws, _) = app.ws_resumed(&w.sup, i64::MAX).await;
    let (mut student_ws, _) = app.ws_resumed(&w.student, i64::MAX).await;
    let sent = request(&w, &w.student, "en").await;
    assert_eq!((sent.status, sent.message()), (StatusCode::CREATED, "Certificate request sent"));
    let req = &sent.body["request"];
    assert_eq!(
        (req["status"].as_str(), req["student_name"].as_str(), req["course_title"].as_str()),
        (Some("pending"), Some(NAME), Some(TITLE))
    );
    assert_eq!((req["percent"].as_f64(), req["grade"].as_str()), (Some(80.0), Some("very_good")));
    assert_eq!((req["decided_at"].clone(), req["certificate_code"].clone()), (Value::Null, Value::Null));
    let rid = req["id"].as_i64().unwrap();
    let live = next_event(&mut sup_ws, "certificate_request.created").await;
    assert_eq!(live["payload"]["request"]["id"], rid);

    let again = request(&w, &w.student, "en").await;
    assert_eq!((again.status, again.code()), (StatusCode::CONFLICT, "certificate_request_pending"));
    assert!(again.message().contains("24 hours"), "{}", again.message());
    let queue = pending(&w).await;
    assert_eq!(queue.len(), 1);
    assert_eq!(app.get_auth("/api/supervisor/queue-counts", &w.sup).await.body["certificates"], 1, "dashboard figure");
    assert_eq!((queue[0]["id"].as_i64(), queue[0]["student_id"].as_i64()), (Some(rid), Some(w.student_id)));
    for t in [&w.teacher, &w.student] {
        assert_eq!(app.get_auth("/api/supervisor/certificate-requests", t).await.status, StatusCode::FORBIDDEN);
    }
    let bad = app.get_auth("/api/supervisor/certificate-requests?status=maybe", &w.sup).await;
    assert_eq!((bad.status, bad.field()), (StatusCode::BAD_REQUEST, Some("status")));

    // A rejection needs a reason; without one nothing changes.
    let reject = format!("/api/certificate-requests/{rid}/reject");
    let r = app.post_auth(&reject, &w.sup, json!({}), "ar").await;
    assert_eq!((r.status, r.code(), r.field()), (StatusCode::BAD_REQUEST, "field_required", Some("reason")));
    assert_eq!(r.message(), "الحقل «reason» مطلوب");
    let r = app.post_auth(&reject, &w.sup, json!({"reason": "   "}), "en").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = app.post_auth(&reject, &w.sup, json!({"reason": "x".repeat(501)}), "en").await;
    assert_eq!((r.status, r.code()), (StatusCode::BAD_REQUEST, "field_too_long"));
    assert_eq!(app.post_auth(&reject, &w.teacher, json!({"reason": "no"}), "en").await.status, StatusCode::FORBIDDEN);
    assert_eq!(pending(&w).await.len(), 1, "bad input changed nothing");

    let rejected = app.post_auth(&reject, &w.sup, json!({"reason": "  الاسم غير مكتمل  "}), "en").await;
    assert_eq!((rejected.status, rejected.message()), (StatusCode::OK, "Certificate request rejected"));
    assert_eq!(
        (rejected.body["request"]["status"].as_str(), rejected.body["request"]["reason"].as_str()),
        (Some("rejected"), Some("الاسم غير مكتمل"))
    );
    let told = next_event(&mut student_ws, "certificate_request.decided").await;
    assert_eq!(
        (told["payload"]["request"]["status"].as_str(), told["payload"]["certificate"].clone()),
        (Some("rejected"), Value::Null)
    );
    let seen = next_event(&mut sup_ws, "certificate_request.decided").await;
    assert_eq!(seen["payload"]["request"]["id"], rid, "supervisors' queues update live");
    assert!(pending(&w).await.is_empty());
    let decided_twice = app.post_auth(&reject, &w.sup, json!({"reason": "again"}), "en").await;
    assert_eq!((decided_twice.status, decided_twice.code()), (StatusCode::CONFLICT, "already_decided"));

    // Asked again after the rejection, then approved.
    let resent = request(&w, &w.student, "ar").await;
    assert_eq!((resent.status, resent.message()), (StatusCode::CREATED, "تم إرسال طلب الشهادة"));
    let rid2 = resent.body["request"]["id"].as_i64().unwrap();
    next_event(&mut sup_ws, "certificate_request.created").await;
    let approve = format!("/api/certificate-requests/{rid2}/approve");
    assert_eq!(app.post_auth(&approve, &w.student, json!({}), "en").await.status, StatusCode::FORBIDDEN);
    let approved = app.post_auth(&approve, &w.sup, json!({}), "en").await;
    assert_eq!((approved.status, approved.message()), (StatusCode::OK, "Certificate issued"));
    let c = &approved.body["certificate"];
    let code = c["code"].as_str().unwrap().to_string();
    assert!(is_code(&code), "{code}");
    assert_eq!(
        (c["student_id"].as_i64(), c["student_name"].as_str(), c["course_id"].as_i64(), c["course_title"].as_str()),
        (Some(w.student_id), Some(NAME), Some(w.course), Some(TITLE))
    );
    assert_eq!(
        (c["percent"].as_f64(), c["grade"].as_str(), c["duration_days"].as_i64(), c["status"].as_str()),
        (Some(80.0), Some("very_good"), Some(30), Some("valid"))
    );
    assert_eq!(c["verify_url"].as_str().unwrap(), format!("http://lamsa.test/certificates/verify/{code}"));
    assert!(c["issued_at"].as_str().unwrap().contains('T'));
    assert_eq!((c["revoked_at"].clone(), c["revoke_reason"].clone()), (Value::Null, Value::Null));
    let told = next_event(&mut student_ws, "certificate_request.decided").await;
    assert_eq!(
        (told["payload"]["request"]["status"].as_str(), told["payload"]["certificate"]["code"].as_str()),
        (Some("approved"), Some(code.as_str()))
    );
    assert_eq!(told["payload"]["request"]["certificate_code"], code.as_str());
    next_event(&mut sup_ws, "certificate_request.decided").await;

    let twice = app.post_auth(&approve, &w.sup, json!({}), "en").await;
    assert_eq!((twice.status, twice.code()), (StatusCode::CONFLICT, "already_decided"));
    let more = request(&w, &w.student, "en").await;
    assert_eq!(
        (more.status, more.code(), more.message()),
        (StatusCode::CONFLICT, "certificate_already_issued", "A certificate has already been issued for this course.")
    );
    let unknown = app.post_auth("/api/certificate-requests/999999/approve", &w.sup, json!({}), "en").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);

    let approved_list = app.get_auth("/api/supervisor/certificate-requests?status=approved", &w.sup).await;
    assert_eq!(approved_list.body["requests"][0]["certificate_code"], code.as_str());
    let rejected_list = app.get_auth("/api/supervisor/certificate-requests?status=rejected", &w.sup).await;
    assert_eq!(rejected_list.body["requests"][0]["id"], rid);
    let entry = app.get_auth("/api/student/certificates", &w.student).await.body["courses"][0].clone();
    assert_eq!(
        (entry["request"]["id"].as_i64(), entry["certificate"]["code"].as_str()),
        (Some(rid2), Some(code.as_str()))
    );
    // The other student's page knows nothing of it.
    let theirs = app.get_auth("/api/student/certificates", &w.other).await.body["courses"][0].clone();
    assert_eq!((theirs["progress_state"].as_str(), theirs["certificate"].clone()), (Some("not_started"), Value::Null));
}

#[actix_web::test]
async fn a_certificate_is_seen_by_its_owner_and_supervisors_and_searched() {
    let w = world_with(|_| {}).await;
    let app = &w.app;
    let c = issued(&w).await;
    let code = c["code"].as_str().unwrap();
    let path = format!("/api/certificates/{code}");
    for t in [&w.student, &w.sup] {
        let r = app.get_auth(&path, t).await;
        assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::OK, Some(code)));
    }
    // Typed by hand: any case, no hyphens.
    let typed = app.get_auth(&format!("/api/certificates/{}", code.replace('-', "").to_lowercase()), &w.student).await;
    assert_eq!(typed.body["code"], code);
    // Anyone else: not found, as for a code that does not exist.
    for t in [&w.other, &w.teacher] {
        let r = app.get_auth(&path, t).await;
        assert_eq!((r.status, r.message()), (StatusCode::NOT_FOUND, "Certificate not found"));
        let pdf = app.get_auth(&format!("{path}/pdf"), t).await;
        assert_eq!(pdf.status, StatusCode::NOT_FOUND);
    }
    assert_eq!(app.send(app.client.get(app.url(&path))).await.status, StatusCode::UNAUTHORIZED);

    // Issued certificates, searched by name, e-mail, title or code, any case.
    let all = app.get_auth("/api/supervisor/issued-certificates", &w.sup).await;
    assert_eq!(all.body["certificates"].as_array().unwrap().len(), 1);
    for q in ["فريدة", "MARYAM@example", "braille for", &code.to_lowercase(), &code.replace('-', "")] {
        let found = search(&w, q).await;
        assert_eq!(found.status, StatusCode::OK);
        assert_eq!(found.body["certificates"][0]["code"], code, "{q}");
    }
    for q in ["omar", "%", "_", "nothing like it"] {
        assert!(search(&w, q).await.body["certificates"].as_array().unwrap().is_empty(), "{q}");
    }
    for t in [&w.student, &w.teacher] {
        assert_eq!(app.get_auth("/api/supervisor/issued-certificates", t).await.status, StatusCode::FORBIDDEN);
    }
}

async fn search(w: &World, q: &str) -> Reply {
    w.app.get_auth(&format!("/api/supervisor/issued-certificates?q={}", urlencode(q)), &w.sup).await
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[actix_web::test]
async fn verification_is_public_and_says_genuine_unknown_or_revoked() {
    let w = world_with(|_| {}).await;
    let app = &w.app;
    let c = issued(&w).await;
    let code = c["code"].as_str().unwrap().to_string();
    let verify = |code: String, lang: &'static str| async move {
        app.send(app.client.get(app.url(&format!("/api/certificates/verify/{code}"))).header("Accept-Language", lang))
            .await
    };

    let genuine = verify(code.to_lowercase(), "en").await;
    assert_eq!(genuine.status, StatusCode::OK);
    let mut keys: Vec<&str> = genuine.body.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "code",
            "course_title",
            "duration_days",
            "grade",
            "issued_at",
            "percent",
            "revoked_at",
            "status",
            "student_name"
        ],
        "nothing else about the student"
    );
    assert_eq!(
        (genuine.body["code"].as_str(), genuine.body["status"].as_str(), genuine.body["student_name"].as_str()),
        (Some(code.as_str()), Some("valid"), Some(NAME))
    );
    assert_eq!(
        (genuine.body["percent"].as_f64(), genuine.body["grade"].as_str(), genuine.body["duration_days"].as_i64()),
        (Some(80.0), Some("very_good"), Some(30))
    );

    for (bad, lang, message) in [
        ("ZZZZ-ZZZZ-ZZZZ-ZZZZ", "en", "Certificate not found"),
        ("ZZZZ-ZZZZ-ZZZZ-ZZZZ", "ar", "الشهادة غير موجودة"),
        ("not-a-code", "en", "Certificate not found"),
    ] {
        let r = verify(bad.to_string(), lang).await;
        assert_eq!((r.status, r.message()), (StatusCode::NOT_FOUND, message), "{bad}");
    }

    // The QR code of the verification address.
    let qr = app.client.get(app.url(&format!("/api/certificates/verify/{code}/qr.svg"))).send().await.unwrap();
    assert_eq!(qr.status(), StatusCode::OK);
    assert_eq!(qr.headers()["content-type"], "image/svg+xml");
    let svg = qr.text().await.unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("<path") && svg.contains(&code), "{svg}");
    let missing = app.client.get(app.url("/api/certificates/verify/ZZZZ-ZZZZ-ZZZZ-ZZZZ/qr.svg")).send().await.unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);

    // Revoked: the page says so; the student is told live and may ask again.
    let (mut student_ws, _) = app.ws_resumed(&w.student, i64::MAX).await;
    let revoke = format!("/api/certificates/{code}/revoke");
    let r = app.post_auth(&revoke, &w.sup, json!({}), "en").await;
    assert_eq!((r.status, r.field()), (StatusCode::BAD_REQUEST, Some("reason")));
    assert_eq!(app.post_auth(&revoke, &w.student, json!({"reason": "mine"}), "en").await.status, StatusCode::FORBIDDEN);
    let r = app.post_auth("/api/certificates/nope/revoke", &w.sup, json!({"reason": "x"}), "en").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(verify(code.clone(), "en").await.body["status"], "valid", "bad input changed nothing");
    let revoked = app.post_auth(&revoke, &w.sup, json!({"reason": "issued in error"}), "en").await;
    assert_eq!((revoked.status, revoked.message()), (StatusCode::OK, "Certificate revoked"));
    assert_eq!(
        (revoked.body["certificate"]["status"].as_str(), revoked.body["certificate"]["revoke_reason"].as_str()),
        (Some("revoked"), Some("issued in error"))
    );
    let told = next_event(&mut student_ws, "certificate.revoked").await;
    assert_eq!(told["payload"]["certificate"]["code"], code.as_str());
    let again = app.post_auth(&revoke, &w.sup, json!({"reason": "twice"}), "en").await;
    assert_eq!((again.status, again.code()), (StatusCode::CONFLICT, "already_revoked"));
    let page = verify(code.clone(), "en").await;
    assert_eq!((page.status, page.body["status"].as_str()), (StatusCode::OK, Some("revoked")));
    assert!(page.body["revoked_at"].as_str().unwrap().contains('T'));
    assert!(page.body.get("revoke_reason").is_none());
    let renewed = request(&w, &w.student, "en").await;
    assert_eq!(renewed.status, StatusCode::CREATED, "{:?}", renewed.body);
    let entry = app.get_auth("/api/student/certificates", &w.student).await.body["courses"][0].clone();
    assert_eq!(
        (entry["certificate"]["status"].as_str(), entry["request"]["status"].as_str()),
        (Some("revoked"), Some("pending"))
    );
}

/// The text of a PDF as poppler's `pdftotext` reads it, without the invisible embedding marks
/// it wraps right-to-left text in. A missing pdftotext fails the test, saying how to install it.
fn pdftotext(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("certificate.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = std::process::Command::new("pdftotext").arg(&path).arg("-").output().expect(
        "pdftotext (poppler-utils) is needed to read the certificate: run scripts/system-deps.sh \
         (make test runs it), or apt-get install poppler-utils",
    );
    assert!(out.status.success(), "pdftotext failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().chars().filter(|c| !('\u{202a}'..='\u{202e}').contains(c)).collect()
}

#[actix_web::test]
async fn the_pdf_holds_the_arabic_name_in_logical_order() {
    let w = world_with(|_| {}).await;
    let app = &w.app;
    let c = issued(&w).await;
    let code = c["code"].as_str().unwrap();
    let resp = app
        .client
        .get(app.url(&format!("/api/certificates/{code}/pdf")))
        .bearer_auth(&w.student)
        .header("Accept-Encoding", "br, gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(resp.headers()["content-type"], "application/pdf");
    // A PDF is compressed inside; it is sent as it is.
    assert!(resp.headers().get("content-encoding").is_none());
    assert_eq!(
        resp.headers()["content-disposition"].to_str().unwrap(),
        format!("attachment; filename=\"lamsa-certificate-{code}.pdf\"")
    );
    let pdf = resp.bytes().await.unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    // A supervisor may download it too.
    let sup =
        app.client.get(app.url(&format!("/api/certificates/{code}/pdf"))).bearer_auth(&w.sup).send().await.unwrap();
    assert_eq!(sup.status(), StatusCode::OK);
    // With nothing configured: the built-in Amiri draws it.
    let text = pdftotext(&pdf);
    for needle in [NAME, TITLE, code, "شهادة إتمام", "Certificate of Completion", "Very good", "80%"] {
        assert!(text.contains(needle), "{needle:?} not in the PDF's text:\n{text}");
    }
    assert!(text.contains(&format!("http://lamsa.test/certificates/verify/{code}")), "{text}");
}

#[actix_web::test]
async fn a_missing_font_is_a_clear_500_and_nothing_else_breaks() {
    let w = world_with(|s| s.cert_font = Some("/nonexistent/Amiri-Regular.ttf".into())).await;
    let app = &w.app;
    let c = issued(&w).await;
    let code = c["code"].as_str().unwrap();
    for (lang, message) in [
        ("en", "The certificate file cannot be created right now. Please try again later."),
        ("ar", "تعذّر إنشاء ملف الشهادة الآن. يرجى المحاولة لاحقًا."),
    ] {
        let r = app
            .send(
                app.client
                    .get(app.url(&format!("/api/certificates/{code}/pdf")))
                    .bearer_auth(&w.student)
                    .header("Accept-Language", lang),
            )
            .await;
        assert_eq!(
            (r.status, r.code(), r.message()),
            (StatusCode::INTERNAL_SERVER_ERROR, "certificate_pdf_unavailable", message)
        );
    }
    // The rest still works.
    assert_eq!(app.get_auth(&format!("/api/certificates/{code}"), &w.student).await.status, StatusCode::OK);
}

#[actix_web::test]
async fn the_certificate_routes_are_documented() {
    let app = crate::helpers::spawn_app().await;
    let doc = app.client.get(app.url("/api/openapi.json")).send().await.unwrap().json::<Value>().await.unwrap();
    for path in [
        "/api/student/certificates",
        "/api/certificates/requests",
        "/api/supervisor/certificate-requests",
        "/api/certificate-requests/{id}/approve",
        "/api/certificate-requests/{id}/reject",
        "/api/supervisor/issued-certificates",
        "/api/certificates/{code}",
        "/api/certificates/{code}/pdf",
        "/api/certificates/{code}/revoke",
        "/api/certificates/verify/{code}",
        "/api/certificates/verify/{code}/qr.svg",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} is not documented");
    }
    for schema in ["CertificateDto", "CertificateRequestDto", "VerifyDto", "StudentCertificates"] {
        assert!(doc["components"]["schemas"][schema].is_object(), "{schema}");
    }
}

/// The admin site lists issued certificates and revokes them; each decision is one audit row.
#[actix_web::test]
async fn the_admin_site_searches_and_revokes_certificates_and_every_decision_is_audited() {
    let w = world_with(|_| {}).await;
    let app = &w.app;
    let certificate = issued(&w).await;
    let code = certificate["code"].as_str().unwrap();
    let list = app.get_auth("/api/admin/certificates?q=maryam", &w.sup).await;
    assert_eq!((list.status, list.body["total"].as_i64()), (StatusCode::OK, Some(1)), "{:?}", list.body);
    assert_eq!(list.body["items"][0]["code"], code);
    assert_eq!(app.get_auth("/api/admin/certificates?q=nobody", &w.sup).await.body["total"], 0);
    let forbidden = app
        .post_auth(&format!("/api/admin/certificates/{code}/revoke"), &w.student, json!({"reason": "x"}), "en")
        .await;
    assert_eq!(forbidden.status, StatusCode::FORBIDDEN);
    let no_reason =
        app.post_auth(&format!("/api/admin/certificates/{code}/revoke"), &w.sup, json!({"reason": ""}), "en").await;
    assert_eq!((no_reason.status, no_reason.field()), (StatusCode::BAD_REQUEST, Some("reason")));
    let revoked = app
        .post_auth(
            &format!("/api/admin/certificates/{code}/revoke"),
            &w.sup,
            json!({"reason": "Issued by mistake"}),
            "en",
        )
        .await;
    assert_eq!((revoked.status, revoked.message()), (StatusCode::OK, "Certificate revoked"), "{:?}", revoked.body);
    assert_eq!(revoked.body["certificate"]["status"], "revoked");
    let twice = app
        .post_auth(&format!("/api/admin/certificates/{code}/revoke"), &w.sup, json!({"reason": "again"}), "en")
        .await;
    assert_eq!((twice.status, twice.code()), (StatusCode::CONFLICT, "already_revoked"));

    let log = app.get_auth("/api/admin/audit", &w.sup).await;
    let actions: Vec<&str> =
        log.body["items"].as_array().unwrap().iter().map(|a| a["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["certificate.revoke", "certificate.approve", "course.approve_accreditation"]);
    assert_eq!(log.body["items"][0]["record_id"], code);
    assert_eq!(log.body["items"][0]["after"]["reason"], "Issued by mistake");
    assert_eq!(log.body["items"][1]["after"]["certificate_code"], code);
}
