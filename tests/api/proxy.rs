//! Behind a load balancer (docker-compose.yml, scripts/deploy-smoke.sh) every request's peer is
//! the balancer. The per-address attempt limits count the client that `X-Forwarded-For` names
//! when the peer is a trusted proxy (`LAMSA_TRUSTED_PROXIES`), and ignore the header otherwise.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{spawn_app, spawn_app_with, TestApp};

/// Activation resends, limited to 20 an hour per address, from `client` (distinct e-mails, so
/// the per-e-mail limit plays no part).
async fn resends(app: &TestApp, client: &str, from: usize, count: usize) -> Vec<StatusCode> {
    let mut out = Vec::new();
    for i in from..from + count {
        let req = app
            .client
            .post(app.url("/api/auth/activation/resend"))
            .header("X-Forwarded-For", client)
            .json(&json!({"email": format!("nobody{i}@example.com")}));
        out.push(app.send(req).await.status);
    }
    out
}

#[actix_web::test]
async fn behind_a_trusted_proxy_each_client_has_its_own_limit() {
    let app = spawn_app_with(|s| {
        s.trusted_proxies = lamsa::client_addr::parse_list("127.0.0.1").unwrap();
    })
    .await;
    // The balancer appends the client it saw; whatever the client claimed comes before it.
    let a = "198.51.100.9, 203.0.113.7";
    assert!(resends(&app, a, 0, 20).await.iter().all(|s| *s == StatusCode::OK));
    assert_eq!(resends(&app, a, 20, 1).await, [StatusCode::TOO_MANY_REQUESTS]);
    // Another client behind the same balancer is not held back by the first.
    assert_eq!(resends(&app, "203.0.113.8", 21, 1).await, [StatusCode::OK]);
    // Nor can the first get round its limit by claiming another address in front.
    assert_eq!(resends(&app, "203.0.113.99, 203.0.113.7", 22, 1).await, [StatusCode::TOO_MANY_REQUESTS]);
}

#[actix_web::test]
async fn from_an_untrusted_peer_the_header_is_ignored() {
    let app = spawn_app().await;
    assert!(resends(&app, "203.0.113.7", 0, 20).await.iter().all(|s| *s == StatusCode::OK));
    assert_eq!(resends(&app, "203.0.113.8", 20, 1).await, [StatusCode::TOO_MANY_REQUESTS]);
}
