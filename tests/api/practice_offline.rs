//! Offline practice (issue 26): answers given without a connection arrive late, out of order
//! and perhaps twice; the server schedules them at the times they were given, in that order,
//! and counts each once.

use lamsa::{
    domain::practice::{AnswerId, DAY_MS},
    services::practice::{self, Answer},
};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::{
    helpers::{app_state, spawn_app, Reply, TestApp},
    practice::student,
};

const T0: i64 = 1_790_000_000_000;
const HOUR: i64 = 3_600_000;
const MINUTE: i64 = 60_000;

/// Over days: a card's answers sent in another order than given (the device was offline for
/// the first ones) leave it exactly as if they had arrived in order.
#[actix_web::test]
async fn answers_arriving_out_of_order_over_days_are_replayed_in_the_order_given() {
    let (s, _dir) = app_state().await;
    let online = student(&s, "huda@example.com").await;
    let offline = student(&s, "omar@example.com").await;
    let en = braille::Lang::English;
    let given = [(T0, "a", 8_000), (T0 + 3 * DAY_MS, "b", 5_000), (T0 + 3 * DAY_MS + 90_000, "a", 2_000)];
    let now = T0 + 4 * DAY_MS;

    let mut cards = vec![];
    for who in [online, offline] {
        let first = practice::session(&s.db, who, en, 1, T0).await.unwrap();
        assert_eq!((first.cards[0].symbol.print, first.cards[0].direction.as_str()), ("a", "reading"));
        cards.push(first.cards[0].row.id);
    }
    for &(at, answer, elapsed_ms) in &given {
        let a = Answer { card_id: cards[0], answer, elapsed_ms, answered_at: at, client_id: None };
        practice::review_answer(&s.db, online, a, at).await.unwrap();
    }
    // The second and third answers arrive first, the first one last, all four days later.
    for i in [1, 2, 0] {
        let (at, answer, elapsed_ms) = given[i];
        let a = Answer { card_id: cards[1], answer, elapsed_ms, answered_at: at, client_id: None };
        practice::review_answer(&s.db, offline, a, now).await.unwrap();
    }
    let db = &s.db;
    let card = |id| async move { lamsa::store::practice::card(db, id).await.unwrap().unwrap() };
    let (a, b) = (card(cards[0]).await, card(cards[1]).await);
    assert_eq!(
        (b.stability, b.difficulty, b.due_at, b.last_review_at, b.first_review_at, b.reps, b.lapses),
        (a.stability, a.difficulty, a.due_at, a.last_review_at, a.first_review_at, a.reps, a.lapses)
    );
    assert_eq!(b.lapses, 1);
    assert_eq!(b.last_review_at, Some(T0 + 3 * DAY_MS + 90_000), "the answer time, not the arrival");
    // The day of each review is the day it was given.
    let stats = practice::stats(&s.db, offline, en, now).await.unwrap();
    let days: Vec<(i64, i64)> = stats.per_day.iter().map(|&(d, n, _)| (d, n)).collect();
    assert_eq!(days, [(T0 / DAY_MS, 1), ((T0 + 3 * DAY_MS) / DAY_MS, 2)]);
    // The same answer id again: nothing changes.
    let id = || Some(AnswerId::parse("answer-0001").unwrap());
    let once = Answer { card_id: cards[1], answer: "a", elapsed_ms: 5_000, answered_at: now, client_id: id() };
    let first = practice::review_answer(&s.db, offline, once, now).await.unwrap();
    let after_first = card(cards[1]).await;
    let twice = Answer { card_id: cards[1], answer: "a", elapsed_ms: 5_000, answered_at: now, client_id: id() };
    let second = practice::review_answer(&s.db, offline, twice, now + HOUR).await.unwrap();
    assert_eq!((second.correct, second.rating, second.due_at), (first.correct, first.rating, first.due_at));
    let after_second = card(cards[1]).await;
    assert_eq!((after_second.reps, after_second.due_at), (after_first.reps, after_first.due_at));
    assert_eq!(second.today.reviewed, first.today.reviewed);
}

fn token(login: &Value) -> String {
    login["access"].as_str().unwrap().to_string()
}

async fn get(app: &TestApp, path: &str, token: &str) -> Reply {
    app.send(app.client.get(app.url(path)).bearer_auth(token).header("Accept-Language", "en")).await
}

async fn answer(app: &TestApp, token: &str, card: i64, answer: &str, at: &str, id: &str) -> Reply {
    let body = json!({"card_id": card, "answer": answer, "elapsed_ms": 5000, "answered_at": at, "client_id": id});
    app.post_auth("/api/practice/reviews", token, body, "en").await
}

fn reading_a(session: &Value) -> i64 {
    let cards = session["cards"].as_array().unwrap();
    let c = cards.iter().find(|c| c["direction"] == "reading" && c["cells"]["braille"] == "⠁").expect("reading a");
    c["id"].as_i64().unwrap()
}

fn iso(ms: i64) -> String {
    lamsa::db::iso(ms)
}

fn symbol_a(stats: &Value) -> Value {
    stats["symbols"].as_array().unwrap().iter().find(|x| x["symbol"]["print"] == "a").unwrap().clone()
}

#[actix_web::test]
async fn answers_synced_late_and_out_of_order_are_scheduled_by_answer_time_and_counted_once() {
    let app = spawn_app().await;
    let sara = token(&app.active_user("sara@example.com", "student").await);
    let omar = token(&app.active_user("omar@example.com", "student").await);
    let now = lamsa::db::now_ms();
    // Three answers to one card given over the last minutes: right, wrong, right.
    let given = [(now - 3 * MINUTE, "a"), (now - 2 * MINUTE, "i"), (now - MINUTE, "a")];

    // Sara was online: each answer arrived when given (here, in order).
    let mine = reading_a(&get(&app, "/api/practice/session?code=en&new=2", &sara).await.body);
    for (i, (at, text)) in given.iter().enumerate() {
        let r = answer(&app, &sara, mine, text, &iso(*at), &format!("sara-answer-{i}")).await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
        if i == 0 {
            // Scheduled from the time it was given: good, two days from then.
            assert_eq!(r.body["due_at"], iso(given[0].0 + 2 * DAY_MS));
        }
    }

    // Omar's phone was offline: the same answers arrive now, the last one first.
    let his = reading_a(&get(&app, "/api/practice/session?code=en&new=2", &omar).await.body);
    let mut replies = vec![];
    for i in [2, 0, 1] {
        let (at, text) = given[i];
        let r = answer(&app, &omar, his, text, &iso(at), &format!("omar-answer-{i}")).await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
        replies.push(r.body);
    }
    // The connection dropped before the reply came: the phone sends the wrong answer again.
    let again = answer(&app, &omar, his, "i", &iso(given[1].0), "omar-answer-1").await;
    assert_eq!(again.status, StatusCode::OK, "{:?}", again.body);
    for key in ["correct", "rating", "due_at", "again_in_session", "expected"] {
        assert_eq!(again.body[key], replies[2][key], "{key}");
    }
    assert_eq!(again.body["correct"], false);
    assert_eq!(again.body["today"], replies[2]["today"], "counted once");

    // Both cards ended the same: same due time, same memory, three reviews each.
    let (s, o) =
        (get(&app, "/api/practice/stats?code=en", &sara).await, get(&app, "/api/practice/stats?code=en", &omar).await);
    let (sa, oa) = (symbol_a(&s.body), symbol_a(&o.body));
    assert_eq!(oa["reviews"], 3);
    assert_eq!(oa["due_at"], sa["due_at"]);
    let (sr, or) = (sa["reading"].as_f64().unwrap(), oa["reading"].as_f64().unwrap());
    assert!((sr - or).abs() < 1e-6, "{sr} vs {or}");
    assert_eq!(o.body["today"], s.body["today"]);
}

#[actix_web::test]
async fn answer_times_out_of_bounds_and_bad_answer_ids_are_refused_and_change_nothing() {
    let app = spawn_app().await;
    let sara = token(&app.active_user("sara@example.com", "student").await);
    let omar = token(&app.active_user("omar@example.com", "student").await);
    let now = lamsa::db::now_ms();
    let mine = reading_a(&get(&app, "/api/practice/session?code=en&new=2", &sara).await.body);
    for (at, id, field) in [
        (iso(now + HOUR), "answer-0002", "answered_at"),
        ("yesterday".to_string(), "answer-0003", "answered_at"),
        (iso(now - HOUR), "x", "client_id"),
        (iso(now - HOUR), "not an id!", "client_id"),
    ] {
        let r = answer(&app, &sara, mine, "a", &at, id).await;
        assert_eq!((r.status, r.field()), (StatusCode::BAD_REQUEST, Some(field)), "{at} {id}: {:?}", r.body);
        assert!(!r.message().is_empty());
    }
    // Forty days ago is still kept (it was valid when given); another learner cannot use the
    // card, with or without an id.
    let old = answer(&app, &sara, mine, "a", &iso(now - 40 * DAY_MS), "answer-0004").await;
    assert_eq!(old.status, StatusCode::OK, "{:?}", old.body);
    assert_eq!(answer(&app, &omar, mine, "a", &iso(now - HOUR), "answer-0004").await.status, StatusCode::NOT_FOUND);
    assert_eq!(answer(&app, &omar, mine, "a", &iso(now - HOUR), "answer-0005").await.status, StatusCode::NOT_FOUND);
    let stats = get(&app, "/api/practice/stats?code=en", &sara).await;
    assert_eq!(symbol_a(&stats.body)["reviews"], 1);
    let his = get(&app, "/api/practice/stats?code=en", &omar).await;
    assert_eq!(his.body["today"]["reviewed"], 0);
}
