//! The practice session query (issue 17: "under 20 ms p99 for a learner with 2,000 cards"):
//! `services::practice::session`, the call behind `GET /api/practice/session`, for a learner of
//! English with 2,000 cards of which a tenth are due, on a migrated database.
//!
//! `cargo bench --bench practice_session` (SQLite in a temporary directory); with
//! `LAMSA_BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres` it runs on a fresh
//! PostgreSQL database made beside that one. Criterion measures the mean time per call; the
//! bench then times 2,000 single calls one by one and prints their p50, p99 and max, since the
//! target is a tail figure that criterion's sample means do not show.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use lamsa::{
    auth::AuthUser,
    db::{self, Db},
    domain::{practice::DAY_MS, Email, NewPassword, PersonName, ProfileFields, UserType},
    services::{
        accounts::{self, NewAccount},
        practice,
    },
};

/// 2026-09-21 10:00 UTC: a fixed clock, so every run sees the same cards due.
const T0: i64 = 1_790_000_000_000;
const MIN: i64 = 60_000;
const CARDS: i64 = 2_000;

/// The bench's database and its URL; on PostgreSQL also the server's URL and the database's
/// name, to drop it afterwards.
async fn database(dir: &std::path::Path) -> (Db, String, Option<(String, String)>) {
    let mut made = None;
    let url = match std::env::var("LAMSA_BENCH_DATABASE_URL").ok().filter(|v| !v.is_empty()) {
        None => format!("sqlite://{}/lamsa.db", dir.display()),
        Some(base) => {
            sqlx::any::install_default_drivers();
            let name = format!("lamsa_bench_{}", uuid::Uuid::new_v4().simple());
            let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&base).await.expect("PostgreSQL");
            sqlx::Executor::execute(&mut conn, format!("CREATE DATABASE {name}").as_str()).await.expect("create db");
            let (prefix, _) = base.split('?').next().unwrap().rsplit_once('/').expect("URL with a database name");
            let url = format!("{prefix}/{name}");
            made = Some((base, name));
            url
        }
    };
    let db = db::connect(&url).await.expect("database");
    db::migrate(&db, &url).await.expect("migrations");
    (db, url, made)
}

/// A student with 2,000 English cards: the alphabet the first session creates, then reviewed
/// cards spread over the next 60 days, a tenth of them due now.
async fn learner_with_cards(db: &Db) -> AuthUser {
    let account = NewAccount {
        name: PersonName::parse("Huda Salem").unwrap(),
        email: Email::parse("huda@example.com").unwrap(),
        password: NewPassword::parse("Bench#pass2026", "password").unwrap(),
        user_type: UserType::Student,
        profile: ProfileFields::default(),
    };
    let learner = AuthUser::acting(accounts::create_active(db, account).await.unwrap(), UserType::Student);
    practice::session(db, learner, braille::Lang::English, 5, T0).await.unwrap();
    let (mut tx, turn) = db::begin_write(db).await.unwrap();
    let (have,): (i64,) = sqlx::query_as("SELECT CAST(COUNT(*) AS BIGINT) FROM practice_cards WHERE student_id = $1")
        .bind(learner.id)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    for i in 0..(CARDS - have) {
        let due = if i % 10 == 0 { T0 - i * MIN } else { T0 + (i % 60) * DAY_MS };
        sqlx::query(
            "INSERT INTO practice_cards (student_id, code, symbol, direction, teach_order, stability, difficulty, \
             due_at, last_review_at, first_review_at, reps, lapses, created_at) \
             VALUES ($1, 'en', $2, 'reading', 100, 5.0, 5.0, $3, $4, $4, 3, 0, $4)",
        )
        .bind(learner.id)
        .bind(format!("x{i}"))
        .bind(due)
        .bind(T0 - 30 * DAY_MS)
        .execute(&mut *tx)
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
    drop(turn);
    learner
}

fn session_query(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (db, url, made) = rt.block_on(database(dir.path()));
    let learner = rt.block_on(learner_with_cards(&db));
    let kind = if url.starts_with("sqlite") { "SQLite" } else { "PostgreSQL" };
    let session = || practice::session(&db, learner, braille::Lang::English, 5, T0);

    let mut group = c.benchmark_group("practice");
    group.measurement_time(Duration::from_secs(10));
    group.bench_function(format!("session, 2000 cards, {kind}"), |b| {
        b.to_async(&rt).iter(|| async { session().await.unwrap() })
    });
    group.finish();

    // The tail: single calls timed one by one.
    let mut times: Vec<f64> = rt.block_on(async {
        let mut times = Vec::with_capacity(2_000);
        for _ in 0..2_000 {
            let t = Instant::now();
            session().await.unwrap();
            times.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        times
    });
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    println!(
        "practice session, 2000 cards, {kind}, 2000 single calls: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        at(0.5),
        at(0.99),
        at(1.0)
    );

    if let Some((base, name)) = made {
        rt.block_on(async {
            db.close().await;
            let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&base).await.expect("PostgreSQL");
            sqlx::Executor::execute(&mut conn, format!("DROP DATABASE IF EXISTS {name}").as_str())
                .await
                .expect("drop db");
        });
    }
}

criterion_group!(benches, session_query);
criterion_main!(benches);
