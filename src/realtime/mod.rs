//! Live events. Browser tabs hold WebSockets ([`session`]); one [`hub`] actor per instance
//! maps users to their sessions; the bus carries "recipient R has event N" between instances:
//! in-process, or Redis pub/sub where an instance subscribes only to the users connected to
//! it. The database is the truth: a session that misses anything catches up from the
//! `notifications` table, so a dropped socket or a Redis restart loses nothing.

pub mod hub;
pub mod session;
mod subscriber;

use std::{sync::Arc, time::Duration};

use actix::{Actor, Addr, Arbiter};
use tokio::sync::mpsc;

use crate::{bus::Bus, store::notifications::Event};
pub use hub::Hub;

/// What an instance needs to publish and to serve sockets.
#[derive(Clone)]
pub struct Realtime {
    pub hub: Addr<Hub>,
    bus: Bus,
    namespace: Arc<str>,
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
    /// Starts the hub on its own arbiter (thread) and, with Redis, the subscriber beside it.
    /// Must run inside an actix system.
    pub fn start(bus: Bus, namespace: Arc<str>, db: std::sync::Weak<crate::db::Db>) -> Realtime {
        let arbiter = Arbiter::new();
        let (sub_tx, sub_rx) = mpsc::unbounded_channel();
        let redis = bus.redis_client().cloned();
        let subscriptions = redis.as_ref().map(|_| sub_tx);
        let hub_namespace = namespace.clone();
        let hub = Hub::start_in_arbiter(&arbiter.handle(), move |_| Hub::new(subscriptions, hub_namespace, db));
        if let Some(client) = redis {
            let hub = hub.clone();
            arbiter.spawn(subscriber::run(client, sub_rx, hub));
        }
        // The arbiter lives as long as the process.
        std::mem::forget(arbiter);
        Realtime { hub, bus, namespace }
    }

    /// Sends committed events on their way without holding up the request: a bus failure
    /// or a slow Redis is only logged, because the events are in the database and sessions
    /// fill any gap from it (per-user `seq`), or when the subscriber reconnects.
    pub async fn publish(&self, events: &[Event]) {
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
                actix_web::rt::spawn(async move {
                    // One round trip for a whole batch of events.
                    match tokio::time::timeout(Duration::from_secs(3), bus.publish_many(&messages)).await {
                        Ok(Ok(())) => {}
                        Ok(Err(e)) => {
                            tracing::warn!(error = %e, first, count, "events not published; sessions will catch up")
                        }
                        Err(_) => tracing::warn!(first, count, "publishing timed out; sessions will catch up"),
                    }
                });
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
}
