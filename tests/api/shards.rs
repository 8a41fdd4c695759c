//! The bus sharded over three Redis servers (`REDIS_URL` naming all three): each user's channel
//! lives on one of them, every instance reaches users on every shard, and one shard killed and
//! restarted pauses only its own users, who then catch up from the database with nothing lost.
//! On PostgreSQL (`LAMSA_TEST_DATABASE_URL`); the three `redis-server`s are the test's own.

use lamsa::{
    bus::shard_of,
    domain::UserType,
    realtime::{namespace_for, user_channel},
};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::{
    helpers::{spawn_app_with, spawn_peer, ws_next, TestApp, Ws},
    realtime::PrivateRedis,
};

const SHARDS: usize = 3;

fn postgres_pass(test: &str) -> bool {
    let on = std::env::var("LAMSA_TEST_DATABASE_URL").is_ok_and(|v| !v.is_empty());
    if !on {
        eprintln!("skipped {test}: LAMSA_TEST_DATABASE_URL is not set (the PostgreSQL + Redis pass runs it)");
    }
    on
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Three private Redis servers and the `REDIS_URL` that names them, in that order.
fn three_redis() -> (Vec<PrivateRedis>, String) {
    let servers: Vec<PrivateRedis> =
        (0..SHARDS).map(|_| PrivateRedis::start(free_port()).expect("redis-server starts")).collect();
    let url = servers.iter().map(PrivateRedis::url).collect::<Vec<_>>().join(",");
    (servers, url)
}

/// Two instances of one deployment on the sharded bus.
async fn two_instances(url: &str) -> (TestApp, TestApp) {
    let a = spawn_app_with(|s| s.redis_url = Some(url.to_string())).await;
    let b = spawn_peer(&a, |s| s.redis_url = Some(url.to_string())).await;
    (a, b)
}

struct Student {
    id: i64,
    token: String,
}

/// One student whose channel lives on each shard, in shard order.
async fn a_student_on_each_shard(app: &TestApp) -> Vec<Student> {
    let mut found: Vec<Option<Student>> = (0..SHARDS).map(|_| None).collect();
    for i in 0.. {
        assert!(i < 40, "no student landed on some shard: the hash does not spread");
        let login = app.account(UserType::Student, &format!("student{i}@example.com")).await;
        let id = login["user"]["id"].as_i64().unwrap();
        let shard = shard_of(id, SHARDS);
        if found[shard].is_none() {
            found[shard] = Some(Student { id, token: login["access"].as_str().unwrap().to_string() });
        }
        if found.iter().all(Option::is_some) {
            break;
        }
    }
    found.into_iter().map(Option::unwrap).collect()
}

async fn send_note(app: &TestApp, supervisor: &str, to: i64, text: &str) {
    let r = app.post_auth("/api/notes", supervisor, json!({"recipient_id": to, "text": text}), "en").await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
}

fn text(event: &Value) -> String {
    event["payload"]["note"]["text"].as_str().unwrap().to_string()
}

/// How many connections listen to `channel` on a Redis server.
fn listeners(server: &PrivateRedis, channel: &str) -> i64 {
    let mut conn = redis::Client::open(server.url()).unwrap().get_connection().unwrap();
    let (_, count): (String, i64) = redis::cmd("PUBSUB").arg("NUMSUB").arg(channel).query(&mut conn).unwrap();
    count
}

/// Waits (up to 5 s) until `channel` has `count` listeners on `server`: the hub subscribes just
/// after the socket opens.
async fn until_listeners(server: &PrivateRedis, channel: &str, count: i64) -> i64 {
    let mut seen = listeners(server, channel);
    for _ in 0..50 {
        if seen == count {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        seen = listeners(server, channel);
    }
    seen
}

#[actix_web::test]
async fn events_reach_users_on_every_shard_through_both_instances() {
    if !postgres_pass("events_reach_users_on_every_shard_through_both_instances") {
        return;
    }
    let (servers, url) = three_redis();
    let (a, b) = two_instances(&url).await;
    let sup = a.account(UserType::Supervisor, "mona@example.com").await["access"].as_str().unwrap().to_string();
    let students = a_student_on_each_shard(&a).await;
    // Every student has a tab on each instance.
    let mut tabs: Vec<(Ws, Ws)> = vec![];
    for s in &students {
        tabs.push((a.ws_resumed(&s.token, 0).await.0, b.ws_resumed(&s.token, 0).await.0));
    }
    // Each student's channel is subscribed by both instances on that student's shard only.
    let namespace = namespace_for(&a.database_url);
    for (shard, s) in students.iter().enumerate() {
        let channel = user_channel(&namespace, s.id);
        assert_eq!(until_listeners(&servers[shard], &channel, 2).await, 2, "shard {shard} carries user {}", s.id);
        for (other, server) in servers.iter().enumerate().filter(|(other, _)| *other != shard) {
            assert_eq!(listeners(server, &channel), 0, "user {} is not on shard {other}", s.id);
        }
    }

    for s in &students {
        send_note(&a, &sup, s.id, &format!("to {} through A", s.id)).await;
        send_note(&b, &sup, s.id, &format!("to {} through B", s.id)).await;
    }
    for (s, (on_a, on_b)) in students.iter().zip(&mut tabs) {
        for ws in [on_a, on_b] {
            let first = ws_next(ws, 5000).await.expect("the note sent through A arrives");
            let second = ws_next(ws, 5000).await.expect("the note sent through B arrives");
            assert_eq!(text(&first), format!("to {} through A", s.id));
            assert_eq!(text(&second), format!("to {} through B", s.id));
            assert!(ws_next(ws, 200).await.is_none(), "nothing twice, nothing of others");
        }
    }
    let health = a.send(a.client.get(a.url("/api/health"))).await;
    assert_eq!(health.status, StatusCode::OK);
    assert_eq!((health.body["bus"].as_str(), health.body["bus_shards"].as_u64()), (Some("ok"), Some(3)));
}

#[actix_web::test]
async fn a_shard_killed_and_restarted_pauses_only_its_users_and_loses_nothing() {
    if !postgres_pass("a_shard_killed_and_restarted_pauses_only_its_users_and_loses_nothing") {
        return;
    }
    let (mut servers, url) = three_redis();
    let (a, b) = two_instances(&url).await;
    let sup = a.account(UserType::Supervisor, "mona@example.com").await["access"].as_str().unwrap().to_string();
    let students = a_student_on_each_shard(&a).await;
    let namespace = namespace_for(&a.database_url);
    // The students' tabs are on B; the notes go through A.
    let mut tabs: Vec<Ws> = vec![];
    for (shard, s) in students.iter().enumerate() {
        tabs.push(b.ws_resumed(&s.token, 0).await.0);
        assert_eq!(until_listeners(&servers[shard], &user_channel(&namespace, s.id), 1).await, 1);
    }
    for (s, ws) in students.iter().zip(&mut tabs) {
        send_note(&a, &sup, s.id, "before").await;
        assert_eq!(text(&ws_next(ws, 5000).await.expect("live before the outage")), "before");
    }

    // The middle shard dies (SIGKILL) and its port stays free for the restart.
    let down = 1;
    let port = servers[down].url().rsplit(':').next().unwrap().parse::<u16>().unwrap();
    drop(servers.remove(down));
    for round in 1..=3 {
        for s in &students {
            send_note(&a, &sup, s.id, &format!("during {round}")).await;
        }
    }
    // The other shards' users get every note live, while the shard is still down.
    for (shard, (s, ws)) in students.iter().zip(&mut tabs).enumerate().filter(|(shard, _)| *shard != down) {
        for round in 1..=3 {
            let e = ws_next(ws, 5000).await.unwrap_or_else(|| panic!("user {} of shard {shard} waits", s.id));
            assert_eq!(text(&e), format!("during {round}"));
        }
    }
    // Only the dead shard's user waits; the instances still serve, reporting the shard down.
    assert!(ws_next(&mut tabs[down], 1000).await.is_none(), "nothing reaches the dead shard's user live");
    for app in [&a, &b] {
        let health = app.send(app.client.get(app.url("/api/health"))).await;
        assert_eq!(health.status, StatusCode::OK, "{:?}", health.body);
        assert_eq!(
            (health.body["bus"].as_str(), health.body["bus_shards_up"].as_u64(), health.body["bus_shards"].as_u64()),
            (Some("degraded"), Some(2), Some(3))
        );
    }

    let _back = PrivateRedis::start(port).expect("redis-server restarts on its port");
    let mut caught_up = vec![];
    while caught_up.len() < 3 {
        let Some(e) = ws_next(&mut tabs[down], 15_000).await else { break };
        caught_up.push(text(&e));
    }
    assert_eq!(caught_up, ["during 1", "during 2", "during 3"], "caught up after the restart, in order");
    for ws in &mut tabs {
        assert!(ws_next(ws, 300).await.is_none(), "nothing twice");
    }
    // And live delivery on the restarted shard works again.
    let s = &students[down];
    let mut after = None;
    for _ in 0..20 {
        send_note(&a, &sup, s.id, "after").await;
        if let Some(e) = ws_next(&mut tabs[down], 1500).await {
            after = Some(e);
            break;
        }
    }
    assert_eq!(text(&after.expect("live again")), "after");
}
