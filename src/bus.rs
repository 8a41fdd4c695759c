//! The event bus that carries "recipient R has notification N" between instances: in-process
//! by default, Redis pub/sub when `REDIS_URL` is set. `REDIS_URL` may name several independent
//! Redis servers (comma-separated): each user's channel then lives on one of them, chosen by
//! [`shard_of`], so publishes and subscriptions spread over the servers and one server down
//! pauses live delivery for its users only. The realtime layer builds on this.

use std::{
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
    time::Duration,
};

use anyhow::Context;
use tokio::sync::broadcast;

/// The publisher's reconnect back-off (see [`Bus::redis`]); the subscriber uses the same.
pub const RECONNECT_MIN_DELAY: Duration = Duration::from_millis(100);
pub const RECONNECT_MAX_DELAY: Duration = Duration::from_millis(400);

/// At most this many Redis shards (the standings keep one bit per shard).
pub const MAX_SHARDS: usize = 64;

#[derive(Clone, Debug)]
pub struct BusMessage {
    pub channel: String,
    pub payload: String,
}

#[derive(Clone)]
pub enum Bus {
    InProcess(broadcast::Sender<BusMessage>),
    /// One entry per Redis server named in `REDIS_URL`, in the order given.
    Redis(Arc<[RedisShard]>),
}

/// One independent Redis server of the bus.
pub struct RedisShard {
    pub client: redis::Client,
    publisher: redis::aio::ConnectionManager,
    /// `host:port`, for logs (the URL may hold a password).
    pub name: String,
    /// Whether the last ping or publish got through; the realtime keeper keeps it current.
    pub up: AtomicBool,
}

/// The shard of a user's channel among `shards`: Lamping and Veach's jump consistent hash of the
/// user id. It depends on nothing but the id and the count, so every instance, before and after
/// a restart, agrees on it without talking; and when a shard is appended to the list only about
/// one user in `shards + 1` moves (a plain `id mod n` would move almost everyone).
pub fn shard_of(user_id: i64, shards: usize) -> usize {
    if shards <= 1 {
        return 0;
    }
    // The user id as the key, mixed first (splitmix64's finaliser) so that neighbouring ids,
    // which is what a database hands out, do not walk the same path through the generator.
    let mut key = (user_id as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    key = (key ^ (key >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    key = (key ^ (key >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    key ^= key >> 31;
    let (mut b, mut j) = (-1i64, 0i64);
    while j < shards as i64 {
        b = j;
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        j = ((b + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    b as usize
}

/// The Redis URLs of `REDIS_URL`: one, or several separated by commas.
pub fn parse_redis_urls(value: &str) -> anyhow::Result<Vec<String>> {
    let urls: Vec<String> = value.split(',').map(str::trim).filter(|u| !u.is_empty()).map(String::from).collect();
    anyhow::ensure!(!urls.is_empty(), "REDIS_URL names no Redis server");
    anyhow::ensure!(urls.len() <= MAX_SHARDS, "REDIS_URL names {} Redis servers; at most {MAX_SHARDS}", urls.len());
    for (i, url) in urls.iter().enumerate() {
        anyhow::ensure!(!urls[..i].contains(url), "REDIS_URL names {url} twice");
    }
    Ok(urls)
}

impl Bus {
    pub fn in_process() -> Bus {
        Bus::InProcess(broadcast::channel(4096).0)
    }

    /// Connects to the Redis server(s) of `REDIS_URL`. With one server an unreachable Redis
    /// stops the start, as it always did. With several, one that does not answer yet is only
    /// logged: the instance starts, and that shard's users get their events once it answers.
    pub async fn redis(value: &str) -> anyhow::Result<Bus> {
        let urls = parse_redis_urls(value)?;
        let mut shards = Vec::with_capacity(urls.len());
        for url in &urls {
            let client = redis::Client::open(url.as_str()).with_context(|| format!("bad Redis URL {url}"))?;
            let info = client.get_connection_info();
            let name = format!("{}", info.addr());
            // The reconnect back-off, explicitly: the first retry after 100 ms, then doubling to
            // at most 400 ms (the crate adds up to as much again as jitter), so a Redis that comes
            // back is reached again within a second. With redis 0.27's defaults one failed try
            // was followed by a wait of 60–120 s, during which every publish timed out and
            // `/api/health` answered 503. After the retries the next command starts a new round;
            // the realtime keeper pings every second, so there always is one.
            let config = redis::aio::ConnectionManagerConfig::new()
                .set_connection_timeout(Some(Duration::from_secs(2)))
                .set_response_timeout(Some(Duration::from_secs(2)))
                .set_min_delay(RECONNECT_MIN_DELAY)
                .set_max_delay(RECONNECT_MAX_DELAY)
                .set_exponent_base(2.0)
                .set_number_of_retries(8);
            let eager = redis::aio::ConnectionManager::new_with_config(client.clone(), config.clone()).await;
            let (publisher, up) = match eager {
                Ok(publisher) => (publisher, true),
                Err(e) if urls.len() == 1 => return Err(e.into()),
                Err(e) => {
                    tracing::error!(shard = %name, error = %e,
                        "a Redis shard does not answer; its users get live events once it does");
                    (redis::aio::ConnectionManager::new_lazy_with_config(client.clone(), config)?, false)
                }
            };
            shards.push(RedisShard { client, publisher, name, up: AtomicBool::new(up) });
        }
        if shards.len() > 1 {
            let names: Vec<&str> = shards.iter().map(|s| s.name.as_str()).collect();
            tracing::info!(shards = ?names, "the event bus is sharded over these Redis servers, in this order");
        }
        Ok(Bus::Redis(shards.into()))
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Bus::InProcess(_) => "in-process",
            Bus::Redis(_) => "redis",
        }
    }

    /// How many Redis servers carry the bus (1 for the in-process bus).
    pub fn shard_count(&self) -> usize {
        match self {
            Bus::InProcess(_) => 1,
            Bus::Redis(shards) => shards.len(),
        }
    }

    /// The Redis servers of the bus, in `REDIS_URL`'s order (none for the in-process bus).
    pub fn shards(&self) -> &[RedisShard] {
        match self {
            Bus::InProcess(_) => &[],
            Bus::Redis(shards) => shards,
        }
    }

    /// Publishes one message: in process, or on the given Redis shard.
    pub async fn publish(&self, shard: usize, channel: &str, payload: &str) -> anyhow::Result<()> {
        match self {
            Bus::InProcess(tx) => {
                // No receiver is not an error: nobody is listening right now.
                let _ = tx.send(BusMessage { channel: channel.into(), payload: payload.into() });
            }
            Bus::Redis(shards) => {
                let mut conn = shards[shard].publisher.clone();
                let _: i64 = redis::cmd("PUBLISH").arg(channel).arg(payload).query_async(&mut conn).await?;
            }
        }
        Ok(())
    }

    /// Publishes several messages on one shard with one round trip (a Redis pipeline), in order.
    pub async fn publish_many(&self, shard: usize, messages: &[(String, String)]) -> anyhow::Result<()> {
        match self {
            Bus::InProcess(_) => {
                for (channel, payload) in messages {
                    self.publish(shard, channel, payload).await?;
                }
            }
            Bus::Redis(shards) => {
                let mut pipe = redis::pipe();
                for (channel, payload) in messages {
                    pipe.cmd("PUBLISH").arg(channel).arg(payload).ignore();
                }
                let mut conn = shards[shard].publisher.clone();
                pipe.query_async::<()>(&mut conn).await?;
            }
        }
        Ok(())
    }

    /// Whether one shard answers now (a PING within a second for Redis).
    pub async fn shard_healthy(&self, shard: usize) -> bool {
        match self {
            Bus::InProcess(_) => true,
            Bus::Redis(shards) => {
                let mut conn = shards[shard].publisher.clone();
                let cmd = redis::cmd("PING");
                let ping = cmd.query_async::<String>(&mut conn);
                matches!(tokio::time::timeout(Duration::from_secs(1), ping).await, Ok(Ok(_)))
            }
        }
    }

    /// How many shards answer now, of how many (pinged together).
    pub async fn shards_up(&self) -> (usize, usize) {
        let pings = (0..self.shard_count()).map(|shard| self.shard_healthy(shard));
        let up = futures_util::future::join_all(pings).await.into_iter().filter(|ok| *ok).count();
        (up, self.shard_count())
    }
}

impl RedisShard {
    pub fn is_up(&self) -> bool {
        self.up.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shard_of_a_user_is_stable_spread_and_moves_little_when_a_shard_is_added() {
        assert_eq!(shard_of(42, 1), 0);
        // Fixed values: a change here would send users to other shards than running instances.
        let first: Vec<usize> = (1..=12).map(|id| shard_of(id, 3)).collect();
        assert_eq!(first, [0, 0, 1, 2, 2, 0, 1, 0, 2, 2, 0, 1]);
        let mut counts = [0usize; 3];
        for id in 1..=30_000 {
            counts[shard_of(id, 3)] += 1;
        }
        assert!(counts.iter().all(|c| (9_000..11_000).contains(c)), "even spread: {counts:?}");
        let moved = (1..=30_000).filter(|id| shard_of(*id, 3) != shard_of(*id, 4)).count();
        assert!((6_500..8_500).contains(&moved), "about a quarter move to the new shard: {moved}");
        assert!((1..=30_000).all(|id| shard_of(id, 4) == shard_of(id, 3) || shard_of(id, 4) == 3));
    }

    #[test]
    fn redis_urls_are_one_or_several() {
        assert_eq!(parse_redis_urls("redis://a:6379").unwrap(), ["redis://a:6379"]);
        assert_eq!(
            parse_redis_urls("redis://a:6379, redis://b:6379,redis://c:6379").unwrap(),
            ["redis://a:6379", "redis://b:6379", "redis://c:6379"]
        );
        assert!(parse_redis_urls(" , ").is_err());
        assert!(parse_redis_urls("redis://a:6379,redis://a:6379").is_err());
    }
}
