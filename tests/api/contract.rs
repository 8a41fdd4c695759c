//! The API's contract (issue 16): every operation in `/api/openapi.json` declares the errors it
//! can answer, all with the one error body, and the content types it sends; a method a known
//! path does not take is 405 with `Allow`, in JSON like every other error.

use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::helpers::spawn_app;

const METHODS: [&str; 5] = ["get", "put", "post", "delete", "patch"];

/// A response of an operation, following a `$ref` into `components.responses`.
fn resolve<'a>(doc: &'a Value, response: &'a Value) -> &'a Value {
    match response["$ref"].as_str() {
        Some(r) => &doc["components"]["responses"][r.rsplit('/').next().unwrap()],
        None => response,
    }
}

#[actix_web::test]
async fn every_operation_declares_its_errors_with_the_error_body() {
    let app = spawn_app().await;
    let doc = app.send(app.client.get(app.url("/api/openapi.json"))).await.body;
    let mut operations = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in METHODS {
            let op = &item[method];
            if !op.is_object() {
                continue;
            }
            operations += 1;
            let responses = op["responses"].as_object().unwrap();
            let has = |status: &str| responses.contains_key(status);
            let label = format!("{method} {path}");
            assert!(has("500"), "{label} declares 500");
            let secured = op["security"].as_array().is_some_and(|s| !s.is_empty());
            if secured {
                assert!(has("401") && has("403"), "{label} (signed in) declares 401 and 403");
            }
            if path.contains('{') {
                assert!(has("400") && has("404"), "{label} (path parameter) declares 400 and 404");
            }
            if op["requestBody"].is_object() {
                assert!(has("400") && has("413"), "{label} (body) declares 400 and 413");
            }
            if method != "get" {
                assert!(has("409"), "{label} (a change) declares 409");
            }
            if path.starts_with("/api/auth/") {
                assert!(has("429"), "{label} (counted attempts) declares 429");
            }
            for (status, response) in responses {
                if !(status.starts_with('4') || status.starts_with('5')) || status == "416" || status == "412" {
                    continue;
                }
                let response = resolve(&doc, response);
                // The health check answers 503 with its own report; every other error is ErrorBody.
                let schema = &response["content"]["application/json"]["schema"]["$ref"];
                if path == "/api/health" && status == "503" {
                    continue;
                }
                assert_eq!(schema, "#/components/schemas/ErrorBody", "{label} {status} is the error body");
            }
        }
    }
    assert!(operations > 90, "{operations} operations");
}

#[actix_web::test]
async fn files_feeds_and_images_declare_their_content_types() {
    let app = spawn_app().await;
    let doc = app.send(app.client.get(app.url("/api/openapi.json"))).await.body;
    let types = |path: &str, status: &str| -> Vec<String> {
        doc["paths"][path]["get"]["responses"][status]["content"]
            .as_object()
            .map(|c| c.keys().cloned().collect())
            .unwrap_or_default()
    };
    assert_eq!(types("/api/certificates/{code}/pdf", "200"), ["application/pdf"]);
    assert_eq!(types("/api/certificates/verify/{code}/qr.svg", "200"), ["image/svg+xml"]);
    assert_eq!(types("/api/news/feed.atom", "200"), ["application/atom+xml"]);
    assert_eq!(types("/api/admin/users.csv", "200"), ["text/csv"]);
    assert_eq!(types("/api/admin/audit.csv", "200"), ["text/csv"]);
    assert_eq!(types("/api/docs", "200"), ["text/html"]);
    for status in ["200", "206"] {
        let media = types("/api/media/{id}", status);
        for t in ["image/*", "audio/*", "video/*", "application/*", "text/plain"] {
            assert!(media.iter().any(|m| m == t), "media {status} declares {t}: {media:?}");
        }
    }
}

#[actix_web::test]
async fn a_method_a_path_does_not_take_is_405_with_allow_and_the_error_body() {
    let app = spawn_app().await;
    let cases = [
        (Method::DELETE, "/api/courses/5", "GET, PUT"),
        (Method::POST, "/api/health", "GET"),
        (Method::PUT, "/api/admin/users/3", "GET, PATCH"),
        (Method::OPTIONS, "/api/notes", "GET, POST"),
        (Method::PATCH, "/api/certificates/verify/ABC", "GET"),
        (Method::GET, "/api/auth/login", "POST"),
        (Method::HEAD, "/api/profile/avatar", "POST, DELETE"),
    ];
    for (method, path, allow) in cases {
        for (lang, message) in [
            ("en", "This address does not accept this kind of request"),
            ("ar", "هذا العنوان لا يقبل هذا النوع من الطلبات"),
        ] {
            let resp =
                app.client.request(method.clone(), app.url(path)).header("Accept-Language", lang).send().await.unwrap();
            assert_eq!(resp.status(), StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
            assert_eq!(resp.headers()["allow"], allow, "{method} {path}");
            if method == Method::HEAD {
                continue;
            }
            assert!(resp.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
            let body: Value = resp.json().await.unwrap();
            assert_eq!((body["code"].as_str(), body["message"].as_str()), (Some("method_not_allowed"), Some(message)));
        }
    }
    // A path no route knows is still a JSON 404, whatever the method.
    for method in [Method::GET, Method::POST] {
        let r = app.send(app.client.request(method, app.url("/api/no/such/thing"))).await;
        assert_eq!((r.status, r.code()), (StatusCode::NOT_FOUND, "not_found"));
    }
    // A plain GET of the WebSocket address is a JSON 400, not actix's text.
    let r = app.send(app.client.get(app.url("/api/ws")).header("Accept-Language", "en")).await;
    assert_eq!((r.status, r.code()), (StatusCode::BAD_REQUEST, "websocket_expected"));
    assert_eq!(r.message(), "This address takes WebSocket connections only");
}

/// The router and the document agree: every documented method of every documented path is
/// routed (never 405), and every other method is 405 listing exactly the documented ones.
#[actix_web::test]
async fn the_router_takes_exactly_the_documented_methods() {
    let app = spawn_app().await;
    let doc = app.send(app.client.get(app.url("/api/openapi.json"))).await.body;
    let paths = doc["paths"].as_object().unwrap();
    let matches = |template: &str, concrete: &str| {
        let (t, c): (Vec<&str>, Vec<&str>) = (template.split('/').collect(), concrete.split('/').collect());
        t.len() == c.len() && t.iter().zip(&c).all(|(t, c)| t.starts_with('{') || t == c)
    };
    for (path, item) in paths {
        let concrete: String =
            path.split('/').map(|s| if s.starts_with('{') { "7" } else { s }).collect::<Vec<_>>().join("/");
        let documented: Vec<&str> = METHODS.iter().copied().filter(|m| item[*m].is_object()).collect();
        // `/api/certificates/requests` is also `/api/certificates/{code}`: its other methods
        // reach that route, which answers for itself.
        let shared = paths.keys().filter(|other| matches(other, &concrete)).count() > 1;
        for method in METHODS {
            if shared && !documented.contains(&method) {
                continue;
            }
            let m = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let resp = app.client.request(m, app.url(&concrete)).send().await.unwrap();
            if documented.contains(&method) {
                assert_ne!(resp.status(), StatusCode::METHOD_NOT_ALLOWED, "{method} {path} is routed");
            } else {
                assert_eq!(resp.status(), StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
                let allow = documented.iter().map(|m| m.to_uppercase()).collect::<Vec<_>>().join(", ");
                assert_eq!(resp.headers()["allow"], allow.as_str(), "{method} {path}");
            }
        }
    }
}

/// The object schemas a schema stands for: itself, what its `$ref` names, the parts of an
/// `allOf` (a flattened struct) and the non-null branch of a nullable reference's `oneOf`.
fn object_parts<'a>(doc: &'a Value, schema: &'a Value, out: &mut Vec<&'a Value>) {
    if let Some(r) = schema["$ref"].as_str() {
        return object_parts(doc, &doc["components"]["schemas"][r.rsplit('/').next().unwrap()], out);
    }
    for key in ["allOf", "oneOf", "anyOf"] {
        for part in schema[key].as_array().into_iter().flatten() {
            if part["type"] != "null" {
                object_parts(doc, part, out);
            }
        }
    }
    out.push(schema);
}

/// Walks a response body beside its schema and notes every field sent as `null` that the
/// schema does not list as required.
fn nulls_not_required(doc: &Value, schema: &Value, value: &Value, at: &str, found: &mut Vec<String>) {
    let mut parts = Vec::new();
    object_parts(doc, schema, &mut parts);
    match value {
        Value::Object(fields) => {
            for (name, field) in fields {
                let required =
                    parts.iter().any(|p| p["required"].as_array().is_some_and(|r| r.iter().any(|n| n == name)));
                if field.is_null() && !required {
                    found.push(format!("{at}.{name}"));
                }
                if let Some(property) = parts.iter().map(|p| &p["properties"][name]).find(|p| !p.is_null()) {
                    nulls_not_required(doc, property, field, &format!("{at}.{name}"), found);
                }
            }
        }
        Value::Array(items) => {
            if let Some(items_schema) = parts.iter().map(|p| &p["items"]).find(|i| !i.is_null()) {
                for (i, item) in items.iter().enumerate() {
                    nulls_not_required(doc, items_schema, item, &format!("{at}[{i}]"), found);
                }
            }
        }
        _ => {}
    }
}

/// A field the server sends as `null` is one it always sends: the document lists it as
/// required (and nullable), so a client generated from it does not take it for one that may be
/// absent (utoipa leaves an `Option` out of `required` unless told).
#[actix_web::test]
async fn every_field_sent_as_null_is_required_in_the_document() {
    use serde_json::json;
    let app = spawn_app().await;
    let doc = app.send(app.client.get(app.url("/api/openapi.json"))).await.body;
    let teacher = app.active_user("teacher@example.com", "instructor").await["access"].as_str().unwrap().to_string();
    let login = app.active_user("student@example.com", "student").await;
    let (student, student_id) = (login["access"].as_str().unwrap().to_string(), login["user"]["id"].as_i64().unwrap());
    let sup = app.account(lamsa::domain::UserType::Supervisor, "sup@example.com").await["access"]
        .as_str()
        .unwrap()
        .to_string();

    let created = app.post_auth("/api/courses", &teacher, crate::helpers::course_body("نقاط"), "en").await;
    let id = created.body["course"]["id"].as_i64().unwrap();
    let mut answers = vec![("post", "/api/courses", "201", created)];
    let sent = app.post_auth(&format!("/api/courses/{id}/accreditation"), &teacher, json!({}), "en").await;
    answers.push(("post", "/api/courses/{id}/accreditation", "200", sent));
    let queue = app.get_auth("/api/supervisor/requests?kind=accreditation", &sup).await;
    let request = queue.body["requests"][0]["id"].as_i64().unwrap();
    answers.push(("get", "/api/supervisor/requests", "200", queue));
    let approved = app.post_auth(&format!("/api/requests/{request}/approve"), &sup, json!({}), "en").await;
    answers.push(("post", "/api/requests/{id}/approve", "200", approved));
    app.post_auth(&format!("/api/courses/{id}/enrol"), &student, json!({}), "en").await;
    for (token, path, template) in [
        (&student, format!("/api/courses/{id}"), "/api/courses/{id}"),
        (&student, "/api/profile".into(), "/api/profile"),
        (&student, "/api/student/courses".into(), "/api/student/courses"),
        (&student, "/api/student/certificates".into(), "/api/student/certificates"),
        (&student, "/api/practice/session?code=ar&new=5".into(), "/api/practice/session"),
        (&student, "/api/practice/stats?code=ar".into(), "/api/practice/stats"),
        (&student, "/api/auth/sessions".into(), "/api/auth/sessions"),
        (&teacher, "/api/instructor/courses".into(), "/api/instructor/courses"),
        (&sup, format!("/api/admin/users/{student_id}"), "/api/admin/users/{id}"),
        (&sup, "/api/admin/users".into(), "/api/admin/users"),
        (&sup, "/api/site".into(), "/api/site"),
    ] {
        answers.push(("get", template, "200", app.get_auth(&path, token).await));
    }

    let mut found = Vec::new();
    let mut nulls = 0;
    for (method, template, status, reply) in &answers {
        assert_eq!(reply.status.as_str(), *status, "{method} {template}: {:?}", reply.body);
        let schema = &doc["paths"][template][method]["responses"][status]["content"]["application/json"]["schema"];
        assert!(schema.is_object(), "{method} {template} {status} has a JSON schema");
        nulls += reply.body.to_string().matches(":null").count();
        nulls_not_required(&doc, schema, &reply.body, &format!("{method} {template}"), &mut found);
    }
    assert!(nulls > 20, "the answers send nulls to check ({nulls})");
    assert!(found.is_empty(), "sent as null but not required: {found:#?}");
}
