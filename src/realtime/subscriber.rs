//! The Redis side of the bus: one pub/sub connection per instance and Redis shard, subscribed to
//! exactly the channels of this instance's users on that shard and to the shard's resync and
//! account channels; it reconnects with backoff (within a second of Redis coming back),
//! resubscribes, and then asks the sessions of that shard's users to catch up from the database
//! for whatever was published while it was away. The other shards' users are not disturbed.

use std::{collections::HashSet, sync::Arc, time::Duration};

use actix::Addr;
use futures_util::StreamExt;
use tokio::sync::mpsc::UnboundedReceiver;

use crate::{auth::Standings, bus::RECONNECT_MIN_DELAY};

use super::{
    decode,
    hub::{Deliver, Hub, Resync, Subscribed},
    AccountChanged,
};

/// The deployment-wide channels every instance listens to, besides its users' own.
pub struct Channels {
    /// "A publish failed; catch up from the database."
    pub resync: String,
    /// Account decisions (issue 21).
    pub account: String,
}

/// A user's channel to listen to or to leave; a subscription names its user so that the hub can
/// be told when it has taken effect.
#[derive(Debug)]
pub enum SubCommand {
    Subscribe { user_id: i64, channel: String },
    Unsubscribe { channel: String },
}

/// Reconnect delays: from [`RECONNECT_MIN_DELAY`], doubling, to at most half a second, so the
/// subscriber is back within a second of Redis.
const MAX_BACKOFF: Duration = Duration::from_millis(500);

pub async fn run(
    shard: usize,
    client: redis::Client,
    mut commands: UnboundedReceiver<SubCommand>,
    hub: Addr<Hub>,
    shared: Channels,
    standings: Arc<Standings>,
) {
    // The deployment's resync and account channels, always: another instance's failed publish
    // and every account decision reach us there.
    let Channels { resync, account } = shared;
    let mut channels: HashSet<String> = HashSet::from([resync.clone(), account.clone()]);
    let mut backoff = RECONNECT_MIN_DELAY;
    let mut connected_before = false;
    loop {
        let pubsub = match tokio::time::timeout(Duration::from_secs(3), client.get_async_pubsub()).await {
            Ok(Ok(p)) => p,
            failure => {
                if let Ok(Err(e)) = failure {
                    tracing::warn!(shard, error = %e, "Redis subscriber cannot connect; retrying");
                }
                // Keep the channel set current while disconnected.
                while let Ok(cmd) = commands.try_recv() {
                    apply_local(&mut channels, cmd);
                }
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MAX_BACKOFF);
                continue;
            }
        };
        let (mut sink, mut stream) = pubsub.split();
        let mut ok = true;
        // A thousand channels per command: an instance with 15,000 users is resubscribed in
        // fifteen round trips, not 15,000.
        let all: Vec<&String> = channels.iter().collect();
        for chunk in all.chunks(1000) {
            if sink.subscribe(chunk).await.is_err() {
                ok = false;
                break;
            }
        }
        if !ok {
            tokio::time::sleep(backoff).await;
            backoff = (backoff * 2).min(MAX_BACKOFF);
            continue;
        }
        backoff = RECONNECT_MIN_DELAY;
        // Account messages reach us again; what we remembered while deaf may be stale.
        standings.set_heard(shard, true);
        // Sessions that joined before this subscription took effect (after a reconnect, or at
        // start-up before Redis first answered) may have missed events: they catch up.
        let users_here = channels.iter().any(|c| *c != resync && *c != account);
        if connected_before || users_here {
            tracing::info!(shard, channels = channels.len(), "Redis subscriber (re)connected; sessions catch up");
            hub.do_send(Resync { shard: Some(shard) });
        }
        connected_before = true;
        loop {
            tokio::select! {
                cmd = commands.recv() => {
                    let Some(cmd) = cmd else { return };
                    let result = match &cmd {
                        SubCommand::Subscribe { channel, .. } => sink.subscribe(channel).await,
                        SubCommand::Unsubscribe { channel } => sink.unsubscribe(channel).await,
                    };
                    // Redis has confirmed: from now on the user's events reach us. Anything
                    // published between the session's replay and this moment went to nobody,
                    // so the user's sessions check the database once more.
                    if let (Ok(()), SubCommand::Subscribe { user_id, .. }) = (&result, &cmd) {
                        hub.do_send(Subscribed(*user_id));
                    }
                    apply_local(&mut channels, cmd);
                    if result.is_err() {
                        break;
                    }
                }
                msg = stream.next() => {
                    let Some(msg) = msg else { break };
                    let channel = msg.get_channel_name().to_string();
                    if channel == resync {
                        hub.do_send(Resync { shard: Some(shard) });
                        continue;
                    }
                    let Ok(payload) = msg.get_payload::<String>() else { continue };
                    if channel == account {
                        match AccountChanged::decode(&payload) {
                            Some(change) => {
                                standings.forget(change.user_id);
                                hub.do_send(change);
                            }
                            None => tracing::warn!(%payload, "unreadable account message ignored"),
                        }
                        continue;
                    }
                    match decode(&channel, &payload) {
                        Some(event) => hub.do_send(Deliver(event)),
                        None => tracing::warn!(%channel, "unreadable bus message ignored"),
                    }
                }
            }
        }
        // Deaf until resubscribed: account decisions made meanwhile would go unheard.
        standings.set_heard(shard, false);
        tracing::warn!(shard, "Redis subscriber lost its connection; reconnecting");
    }
}

fn apply_local(channels: &mut HashSet<String>, cmd: SubCommand) {
    match cmd {
        SubCommand::Subscribe { channel, .. } => {
            channels.insert(channel);
        }
        SubCommand::Unsubscribe { channel } => {
            channels.remove(&channel);
        }
    }
}
