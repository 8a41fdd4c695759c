//! Live events. Browser tabs hold WebSockets ([`session`]); one [`hub`] actor per instance
//! maps users to their sessions; the bus carries "recipient R has event N" between instances:
//! in-process, or Redis pub/sub where an instance subscribes only to the users connected to
//! it, each on the Redis shard of that user ([`crate::bus::shard_of`]). The database is the
//! truth: a session that misses anything catches up from the `notifications` table, so a
//! dropped socket or a Redis restart loses nothing.

pub mod hub;
mod outbox;
pub mod session;
pub mod socket;
mod subscriber;

use std::{
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::{Duration, Instant},
};

use actix::{Actor, Addr, Arbiter};
use tokio::sync::mpsc;

use crate::{
    auth::Standings,
    bus::Bus,
    metrics::{inc, Metrics},
    store::notifications::Event,
};
pub use hub::Hub;

/// What an instance needs to publish and to serve sockets.
#[derive(Clone)]
pub struct Realtime {
    pub hub: Addr<Hub>,
    bus: Bus,
    namespace: Arc<str>,
    pub metrics: Arc<Metrics>,
    /// How many publishes have failed or timed out so far, per Redis shard. The shard's keeper
    /// compares it with the count it last repaired: any change means some session of that
    /// shard's users may have missed an event.
    failed_publishes: Arc<[AtomicU64]>,
    /// What each account may do now, as this instance remembers it (`auth::standing`); account
    /// messages on the bus make it forget.
    pub standings: Arc<Standings>,
}

/// A decision about an account (issue 21), heard by every instance: each forgets the account's
/// standing and closes the sockets that the account's older tokens opened, except those of the
/// device that made the change (`keep_sid`), whose tokens it renews itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, actix::Message)]
#[rtype(result = "()")]
pub struct AccountChanged {
    pub user_id: i64,
    /// The account's session generation after the change.
    pub gen: i64,
    /// Activated and not deactivated after the change.
    pub usable: bool,
    pub keep_sid: Option<i64>,
}

impl AccountChanged {
    /// `"<user id> <generation> <usable 0|1> <kept device or 0>"`.
    fn encode(&self) -> String {
        format!("{} {} {} {}", self.user_id, self.gen, u8::from(self.usable), self.keep_sid.unwrap_or(0))
    }

    fn decode(payload: &str) -> Option<AccountChanged> {
        let mut parts = payload.split(' ');
        let mut next = || parts.next()?.parse::<i64>().ok();
        let (user_id, gen, usable, keep) = (next()?, next()?, next()?, next()?);
        Some(AccountChanged { user_id, gen, usable: usable == 1, keep_sid: (keep != 0).then_some(keep) })
    }
}

/// `<namespace>:account`: account decisions; every instance of the deployment subscribes to it
/// on every shard, and a decision travels on its account's shard.
pub fn account_channel(namespace: &str) -> String {
    format!("{namespace}:account")
}

/// The message an instance publishes on `user:<id>`: `"<seq> <id> <json>"`.
pub fn encode(event: &Event) -> String {
    format!("{} {} {}", event.seq, event.id, event.json)
}

pub fn decode(channel: &str, payload: &str) -> Option<Event> {
    let recipient_id = channel.rsplit_once("user:")?.1.parse().ok()?;
    let mut parts = payload.splitn(3, ' ');
    let seq = parts.next()?.parse().ok()?;
    let id = parts.next()?.parse().ok()?;
    let json: Arc<str> = parts.next()?.into();
    Some(Event { id, recipient_id, seq, json })
}

/// `<namespace>:user:<id>`. The namespace keeps deployments (and test databases) that share
/// one Redis apart: user 7 of one database is not user 7 of another.
pub fn user_channel(namespace: &str, user_id: i64) -> String {
    format!("{namespace}:user:{user_id}")
}

/// `<namespace>:resync`: "a publish failed; every session catch up from the database". Every
/// instance of the deployment subscribes to it on every shard; heard on one shard, it concerns
/// that shard's users.
pub fn resync_channel(namespace: &str) -> String {
    format!("{namespace}:resync")
}

/// The channel namespace of a deployment: every instance on the same database shares it.
pub fn namespace_for(database_url: &str) -> Arc<str> {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(database_url.as_bytes());
    format!("lamsa:{}", hex::encode(&digest[..6])).into()
}

/// Heartbeat period and how long a silent peer is kept.
pub const PING_EVERY: Duration = Duration::from_secs(25);
pub const DROP_AFTER: Duration = Duration::from_secs(70);

impl Realtime {
    /// Starts the hub on its own arbiter (thread) and, with Redis, the subscriber and the keeper
    /// beside it. Must run inside an actix system.
    pub fn start(
        bus: Bus,
        namespace: Arc<str>,
        db: std::sync::Weak<crate::db::Db>,
        metrics: Arc<Metrics>,
        standings: Arc<Standings>,
    ) -> Realtime {
        let arbiter = Arbiter::new();
        let shards = bus.shard_count();
        standings.set_shards(shards);
        // One subscriber per Redis shard; none in process.
        let (senders, receivers): (Vec<_>, Vec<_>) =
            bus.shards().iter().map(|_| mpsc::unbounded_channel::<subscriber::SubCommand>()).unzip();
        let hub_namespace = namespace.clone();
        let hub_metrics = metrics.clone();
        let keeper_db = db.clone();
        let hub_standings = standings.clone();
        let hub = Hub::start_in_arbiter(&arbiter.handle(), move |_| {
            Hub::new(senders, hub_namespace, db, hub_metrics, hub_standings)
        });
        let realtime = Realtime {
            hub: hub.clone(),
            bus: bus.clone(),
            namespace: namespace.clone(),
            metrics,
            failed_publishes: (0..shards).map(|_| AtomicU64::new(0)).collect(),
            standings: standings.clone(),
        };
        for (shard, (redis, commands)) in bus.shards().iter().zip(receivers).enumerate() {
            // Until the subscriber hears its shard, account messages there may be missed.
            standings.set_heard(shard, false);
            let channels =
                subscriber::Channels { resync: resync_channel(&namespace), account: account_channel(&namespace) };
            arbiter.spawn(subscriber::run(
                shard,
                redis.client.clone(),
                commands,
                hub.clone(),
                channels,
                standings.clone(),
            ));
            arbiter.spawn(keeper(realtime.clone(), shard, keeper_db.clone()));
        }
        // The arbiter lives as long as the process.
        std::mem::forget(arbiter);
        realtime
    }

    /// Sends committed events on their way without holding up the request: a bus failure
    /// or a slow Redis is only logged and counted, because the events are in the database and
    /// the keeper has every session catch up from it once the bus answers again.
    pub async fn publish(&self, events: &[Event]) {
        inc(&self.metrics.events_published, events.len() as u64);
        match &self.bus {
            Bus::InProcess(_) => {
                for event in events {
                    self.hub.do_send(hub::Deliver(event.clone()));
                }
            }
            Bus::Redis(_) => {
                let shards = self.bus.shard_count();
                let mut by_shard: Vec<Vec<(String, String)>> = vec![Vec::new(); shards];
                let mut first = vec![None; shards];
                for e in events {
                    let shard = crate::bus::shard_of(e.recipient_id, shards);
                    first[shard].get_or_insert(e.id);
                    by_shard[shard].push((user_channel(&self.namespace, e.recipient_id), encode(e)));
                }
                // Each shard on its own: one that is slow or down holds up none of the others.
                for (shard, messages) in by_shard.into_iter().enumerate().filter(|(_, m)| !m.is_empty()) {
                    let realtime = self.clone();
                    let first = first[shard];
                    actix_web::rt::spawn(async move {
                        let started = Instant::now();
                        // One round trip for a whole batch of events.
                        let outcome =
                            tokio::time::timeout(PUBLISH_TIMEOUT, realtime.bus.publish_many(shard, &messages)).await;
                        realtime.metrics.publish_seconds.observe(started.elapsed().as_secs_f64());
                        let why = match outcome {
                            Ok(Ok(())) => return,
                            Ok(Err(e)) => e.to_string(),
                            Err(_) => "timed out".to_string(),
                        };
                        let count = messages.len();
                        // One line per outage, not one per event.
                        if realtime.publish_failed(shard, count) {
                            tracing::warn!(shard, error = %why, first, count, "events not published; sessions will catch up when the bus answers");
                        }
                    });
                }
            }
        }
    }
}

impl Realtime {
    /// Tells every instance about a committed decision about an account: this one at once, the
    /// others through the bus, before the request that made it is answered. A publish that fails
    /// is counted like a lost event, so the keeper has every instance forget every standing (and
    /// re-check every socket) as soon as the bus answers again.
    pub async fn account_changed(&self, change: AccountChanged) {
        self.standings.forget(change.user_id);
        self.hub.do_send(change);
        if let Bus::Redis(_) = &self.bus {
            // On the account's own shard: every instance listens to the account channel on each.
            let shard = crate::bus::shard_of(change.user_id, self.bus.shard_count());
            let message = [(account_channel(&self.namespace), change.encode())];
            match tokio::time::timeout(PUBLISH_TIMEOUT, self.bus.publish_many(shard, &message)).await {
                Ok(Ok(())) => {}
                outcome => {
                    self.publish_failed(shard, 1);
                    // Every one: each is an account decision other instances have not heard yet.
                    tracing::warn!(
                        user = change.user_id,
                        shard,
                        timed_out = outcome.is_err(),
                        "account change not published; instances re-read accounts when the bus answers"
                    );
                }
            }
        }
    }
}

impl Realtime {
    /// Counts `count` messages that did not reach a shard and marks the shard down, so its keeper
    /// has every instance catch its users up (and forget what it remembers of their accounts) once
    /// it answers again. True when the shard was thought up until now: the first failure of an
    /// outage.
    fn publish_failed(&self, shard: usize, count: usize) -> bool {
        inc(&self.metrics.events_publish_failed, count as u64);
        self.failed_publishes[shard].fetch_add(1, Ordering::Release);
        self.shard_answers(shard, false)
    }

    /// Records whether a shard answers, and the bus gauges with it. Returns whether that changed.
    fn shard_answers(&self, shard: usize, up: bool) -> bool {
        let shards = self.bus.shards();
        let changed = shards[shard].up.swap(up, Ordering::Relaxed) != up;
        let down = shards.iter().filter(|s| !s.is_up()).count();
        self.metrics.bus_shards_down.store(down as i64, Ordering::Relaxed);
        self.metrics.bus_up.store(i64::from(down == 0), Ordering::Relaxed);
        changed
    }
}

/// How long a publish may take before it counts as failed.
const PUBLISH_TIMEOUT: Duration = Duration::from_secs(3);
/// How often the keeper checks the bus; while a repair is pending, every [`KEEP_FAST`].
const KEEP_EVERY: Duration = Duration::from_secs(1);
const KEEP_FAST: Duration = Duration::from_millis(200);

/// Watches one Redis shard of the bus for one instance. It pings it every second, which also
/// keeps the publishing connection's reconnect going while the shard is away (the client retries
/// a few times and then waits for the next command). After any failed publish to the shard, as
/// soon as it answers again, it publishes a resync on the shard's resync channel: every instance
/// (this one too) has the sessions of that shard's users read their latest `seq` from the
/// database and fetch what they missed. Ends with the app (tests start many apps in one process).
async fn keeper(realtime: Realtime, shard: usize, db: std::sync::Weak<crate::db::Db>) {
    let channel = resync_channel(&realtime.namespace);
    let mut repaired = 0u64;
    while db.strong_count() > 0 {
        let failed = realtime.failed_publishes[shard].load(Ordering::Acquire);
        tokio::time::sleep(if failed != repaired { KEEP_FAST } else { KEEP_EVERY }).await;
        let up = realtime.bus.shard_healthy(shard).await;
        if realtime.shard_answers(shard, up) && up {
            tracing::info!(shard, "the event bus answers again");
        }
        if !up || failed == repaired {
            continue;
        }
        let message = [(channel.clone(), "resync".to_string())];
        match tokio::time::timeout(PUBLISH_TIMEOUT, realtime.bus.publish_many(shard, &message)).await {
            Ok(Ok(())) => {
                tracing::info!(shard, "publishing works again; the shard's sessions catch up from the database");
                // Ours too, in case our own subscriber is between connections (it resyncs after
                // reconnecting anyway).
                realtime.hub.do_send(hub::Resync { shard: Some(shard) });
                repaired = failed;
            }
            _ => {
                realtime.shard_answers(shard, false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bus_messages_round_trip() {
        let e = Event { id: 42, recipient_id: 7, seq: 3, json: r#"{"type":"event","id":42}"#.into() };
        let back = decode(&user_channel("lamsa:abc", 7), &encode(&e)).unwrap();
        assert_eq!((back.id, back.recipient_id, back.seq, &*back.json), (42, 7, 3, &*e.json));
        assert!(decode("role:x", "1 2 {}").is_none());
        assert!(decode("user:7", "garbage").is_none());
    }

    #[test]
    fn account_messages_round_trip() {
        for change in [
            AccountChanged { user_id: 7, gen: 3, usable: true, keep_sid: Some(12) },
            AccountChanged { user_id: 8, gen: 1, usable: false, keep_sid: None },
        ] {
            assert_eq!(AccountChanged::decode(&change.encode()), Some(change));
        }
        assert_eq!(AccountChanged::decode("7 x 1 0"), None);
        assert_eq!(AccountChanged::decode("7 3 1"), None);
    }
}
