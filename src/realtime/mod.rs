//! Live events. Browser tabs hold WebSockets ([`session`]); one [`hub`] actor per instance
//! maps users to their sessions; the bus carries "recipient R has event N" between instances:
//! in-process, or Redis pub/sub where an instance subscribes only to the users connected to
//! it. The database is the truth: a session that misses anything catches up from the
//! `notifications` table, so a dropped socket or a Redis restart loses nothing.

pub mod hub;
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
    /// How many publishes have failed or timed out so far. The keeper compares it with the
    /// count it last repaired: any change means some session may have missed an event.
    failed_publishes: Arc<AtomicU64>,
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

/// `<namespace>:account`: account decisions; every instance of the deployment subscribes to it.
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
/// instance of the deployment subscribes to it.
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
        let (sub_tx, sub_rx) = mpsc::unbounded_channel();
        let redis = bus.redis_client().cloned();
        let subscriptions = redis.as_ref().map(|_| sub_tx);
        let hub_namespace = namespace.clone();
        let hub_metrics = metrics.clone();
        let keeper_db = db.clone();
        let hub_standings = standings.clone();
        let hub = Hub::start_in_arbiter(&arbiter.handle(), move |_| {
            Hub::new(subscriptions, hub_namespace, db, hub_metrics, hub_standings)
        });
        let realtime = Realtime {
            hub: hub.clone(),
            bus,
            namespace: namespace.clone(),
            metrics,
            failed_publishes: Default::default(),
            standings: standings.clone(),
        };
        if let Some(client) = redis {
            // Until the subscriber hears the bus, account messages may be missed.
            standings.set_trusted(false);
            let channels =
                subscriber::Channels { resync: resync_channel(&namespace), account: account_channel(&namespace) };
            arbiter.spawn(subscriber::run(client, sub_rx, hub, channels, standings));
            arbiter.spawn(keeper(realtime.clone(), keeper_db));
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
            Bus::Redis { .. } if events.is_empty() => {}
            Bus::Redis { .. } => {
                let bus = self.bus.clone();
                let messages: Vec<(String, String)> =
                    events.iter().map(|e| (user_channel(&self.namespace, e.recipient_id), encode(e))).collect();
                let (first, count) = (events.first().map(|e| e.id), events.len());
                let (metrics, failed) = (self.metrics.clone(), self.failed_publishes.clone());
                actix_web::rt::spawn(async move {
                    let started = Instant::now();
                    // One round trip for a whole batch of events.
                    let outcome = tokio::time::timeout(PUBLISH_TIMEOUT, bus.publish_many(&messages)).await;
                    metrics.publish_seconds.observe(started.elapsed().as_secs_f64());
                    let why = match outcome {
                        Ok(Ok(())) => return,
                        Ok(Err(e)) => e.to_string(),
                        Err(_) => "timed out".to_string(),
                    };
                    // One line per outage, not one per event.
                    if publish_failed(&metrics, &failed, count) {
                        tracing::warn!(error = %why, first, count, "events not published; sessions will catch up when the bus answers");
                    }
                });
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
        if let Bus::Redis { .. } = &self.bus {
            let message = [(account_channel(&self.namespace), change.encode())];
            match tokio::time::timeout(PUBLISH_TIMEOUT, self.bus.publish_many(&message)).await {
                Ok(Ok(())) => {}
                outcome => {
                    publish_failed(&self.metrics, &self.failed_publishes, 1);
                    // Every one: each is an account decision other instances have not heard yet.
                    tracing::warn!(
                        user = change.user_id,
                        timed_out = outcome.is_err(),
                        "account change not published; instances re-read accounts when the bus answers"
                    );
                }
            }
        }
    }
}

/// Counts `count` messages that did not reach the bus and marks it down, so the keeper has every
/// instance catch up (and forget what it remembers of accounts) once it answers again. True when
/// the bus was thought up until now: the first failure of an outage.
fn publish_failed(metrics: &Metrics, failed: &AtomicU64, count: usize) -> bool {
    inc(&metrics.events_publish_failed, count as u64);
    failed.fetch_add(1, Ordering::Release);
    metrics.bus_up.swap(0, Ordering::Relaxed) == 1
}

/// How long a publish may take before it counts as failed.
const PUBLISH_TIMEOUT: Duration = Duration::from_secs(3);
/// How often the keeper checks the bus; while a repair is pending, every [`KEEP_FAST`].
const KEEP_EVERY: Duration = Duration::from_secs(1);
const KEEP_FAST: Duration = Duration::from_millis(200);

/// Watches the Redis bus of one instance. It pings it every second, which also keeps the
/// publishing connection's reconnect going while Redis is away (the client retries a few times
/// and then waits for the next command). After any failed publish, as soon as Redis answers
/// again, it publishes a resync on the deployment's resync channel: every instance (this one
/// too) has its sessions read their latest `seq` from the database and fetch what they missed.
/// Ends with the app (tests start many apps in one process).
async fn keeper(realtime: Realtime, db: std::sync::Weak<crate::db::Db>) {
    let channel = resync_channel(&realtime.namespace);
    let mut repaired = 0u64;
    while db.strong_count() > 0 {
        let failed = realtime.failed_publishes.load(Ordering::Acquire);
        tokio::time::sleep(if failed != repaired { KEEP_FAST } else { KEEP_EVERY }).await;
        let up = realtime.bus.healthy().await;
        let was_up = realtime.metrics.bus_up.swap(i64::from(up), Ordering::Relaxed) == 1;
        if up && !was_up {
            tracing::info!("the event bus answers again");
        }
        if !up || failed == repaired {
            continue;
        }
        let message = [(channel.clone(), "resync".to_string())];
        match tokio::time::timeout(PUBLISH_TIMEOUT, realtime.bus.publish_many(&message)).await {
            Ok(Ok(())) => {
                tracing::info!("publishing works again; every session catches up from the database");
                // Ours too, in case our own subscriber is between connections (it resyncs after
                // reconnecting anyway).
                realtime.hub.do_send(hub::Resync);
                repaired = failed;
            }
            _ => {
                realtime.metrics.bus_up.store(0, Ordering::Relaxed);
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
