//! The per-instance hub actor: which sessions each user has here. It routes events to them
//! and holds a Redis subscription for a user exactly while that user has a session here, on
//! that user's shard of the bus.

use std::collections::HashMap;

use actix::{Actor, Addr, AsyncContext, Context, Handler, Message};
use tokio::sync::mpsc::UnboundedSender;

use super::{session::WsSession, subscriber::SubCommand, user_channel, AccountChanged};
use crate::{
    auth::Standings,
    db::Db,
    metrics::{inc, Metrics},
    store::{self, notifications::Event, users::SocketStanding},
};

pub struct Hub {
    sessions: HashMap<i64, Vec<(u64, Addr<WsSession>)>>,
    /// The subscriber of each Redis shard, in shard order; none with the in-process bus, where
    /// nothing needs subscribing.
    subscriptions: Vec<UnboundedSender<SubCommand>>,
    namespace: std::sync::Arc<str>,
    /// Weak: the hub's thread outlives the app (tests start many apps in one process), and a
    /// strong handle here kept every app's pool, and its connections, open forever.
    db: std::sync::Weak<Db>,
    metrics: std::sync::Arc<Metrics>,
    /// Forgotten whole after the bus was away (account messages may have been missed).
    standings: std::sync::Arc<Standings>,
    /// Users whose subscription Redis has just confirmed, checked together (see [`Subscribed`]).
    confirmed: Vec<i64>,
}

impl Hub {
    pub fn new(
        subscriptions: Vec<UnboundedSender<SubCommand>>,
        namespace: std::sync::Arc<str>,
        db: std::sync::Weak<Db>,
        metrics: std::sync::Arc<Metrics>,
        standings: std::sync::Arc<Standings>,
    ) -> Hub {
        Hub { sessions: HashMap::new(), subscriptions, namespace, db, metrics, standings, confirmed: Vec::new() }
    }
}

impl Hub {
    /// Asks the subscriber of the user's shard to subscribe the user's channel.
    fn subscribe(&self, user_id: i64) {
        self.to_subscriber(user_id, |channel| SubCommand::Subscribe { user_id, channel });
    }

    fn unsubscribe(&self, user_id: i64) {
        self.to_subscriber(user_id, |channel| SubCommand::Unsubscribe { channel });
    }

    fn to_subscriber(&self, user_id: i64, command: impl FnOnce(String) -> SubCommand) {
        if self.subscriptions.is_empty() {
            return;
        }
        let shard = crate::bus::shard_of(user_id, self.subscriptions.len());
        let _ = self.subscriptions[shard].send(command(user_channel(&self.namespace, user_id)));
    }

    /// Reads the latest seq and standing of `users` (one query per 500) and has each of their
    /// sessions here that is behind catch up from the database; with `judge`, each session also
    /// judges its token by the standing read (account messages may have been lost with the bus).
    fn check_latest(&self, users: Vec<i64>, judge: bool, ctx: &mut Context<Self>) {
        let Some(db) = self.db.upgrade().map(|db| (*db).clone()) else { return };
        let hub = ctx.address();
        actix::spawn(async move {
            for chunk in users.chunks(500) {
                let latest = match store::users::socket_standings(&db, chunk).await {
                    Ok(rows) => rows,
                    Err(e) => {
                        tracing::warn!(error = %e, "latest seq not read; every session of these users checks");
                        chunk.iter().map(|id| SocketStanding::unknown(*id)).collect()
                    }
                };
                hub.do_send(Latest { latest, judge });
            }
        });
    }
}

/// Confirmations arriving within this window are checked with one query.
const CONFIRMED_BATCH: std::time::Duration = std::time::Duration::from_millis(20);

impl Actor for Hub {
    type Context = Context<Self>;
}

#[derive(Message)]
#[rtype(result = "()")]
pub struct Join {
    pub user_id: i64,
    pub conn_id: u64,
    pub addr: Addr<WsSession>,
}

#[derive(Message)]
#[rtype(result = "()")]
pub struct Leave {
    pub user_id: i64,
    pub conn_id: u64,
}

/// An event for a user, from the bus.
#[derive(Message, Clone)]
#[rtype(result = "()")]
pub struct Deliver(pub Event);

/// The bus was away: sessions whose user may have missed events check the database. `shard`:
/// only the users of that Redis shard (the others' events kept flowing); `None`: everyone.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Resync {
    pub shard: Option<usize>,
}

/// Redis confirmed the subscription of this user's channel. A session that replayed (and said
/// `resumed`) before then would miss an event published in between: nobody was listening.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Subscribed(pub i64);

/// The latest seq and the standing of each user, read after the bus came back or a subscription
/// took effect.
#[derive(Message)]
#[rtype(result = "()")]
struct Latest {
    latest: Vec<SocketStanding>,
    /// False when only events may have been missed: an account decision still on its way to
    /// this instance (the device that made it is kept signed in) must not be pre-empted by a
    /// standing read after it.
    judge: bool,
}

/// To a session, after the bus was away or its user's subscription took effect: its user's events
/// go up to `latest_seq` (fetch any it has not sent), and the account is as `standing` says
/// (close if its token is no longer good; `None` when it could not be read or is not to be
/// judged).
#[derive(Message)]
#[rtype(result = "()")]
pub struct CatchUp {
    pub latest_seq: i64,
    pub standing: Option<SocketStanding>,
}

/// The instance is stopping: every session closes with 1001 (going away).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Shutdown;

/// How many sockets this instance holds.
#[derive(Message)]
#[rtype(result = "usize")]
pub struct Count;

impl Handler<Join> for Hub {
    type Result = ();
    fn handle(&mut self, msg: Join, _: &mut Context<Self>) {
        // Room for one: most users have one socket (a Vec grows to four at its first push).
        let list = self.sessions.entry(msg.user_id).or_insert_with(|| Vec::with_capacity(1));
        let first = list.is_empty();
        list.push((msg.conn_id, msg.addr));
        if first {
            self.subscribe(msg.user_id);
        }
    }
}

impl Handler<Leave> for Hub {
    type Result = ();
    fn handle(&mut self, msg: Leave, _: &mut Context<Self>) {
        if let Some(list) = self.sessions.get_mut(&msg.user_id) {
            list.retain(|(id, _)| *id != msg.conn_id);
            if list.is_empty() {
                self.sessions.remove(&msg.user_id);
                self.unsubscribe(msg.user_id);
            }
        }
    }
}

impl Handler<Deliver> for Hub {
    type Result = ();
    fn handle(&mut self, msg: Deliver, _: &mut Context<Self>) {
        if let Some(list) = self.sessions.get(&msg.0.recipient_id) {
            for (_, addr) in list {
                addr.do_send(msg.clone());
            }
        }
    }
}

/// An account decision reaches every socket of the account held here; each judges its own token.
impl Handler<AccountChanged> for Hub {
    type Result = ();
    fn handle(&mut self, change: AccountChanged, _: &mut Context<Self>) {
        for (_, addr) in self.sessions.get(&change.user_id).into_iter().flatten() {
            addr.do_send(change);
        }
    }
}

/// Every user here (of the shard) may have missed events while the bus was away. Rather than every socket
/// querying at once (15,000 queries, which starved the pool for seconds and stalled requests),
/// one query per 500 users reads their latest seq, and only sessions that are behind catch up.
impl Handler<Resync> for Hub {
    type Result = ();
    fn handle(&mut self, Resync { shard }: Resync, ctx: &mut Context<Self>) {
        inc(&self.metrics.bus_resyncs, 1);
        // Account messages may have been lost with the events: read those accounts again.
        let shards = self.subscriptions.len();
        match shard {
            Some(shard) => self.standings.forget_shard(shard),
            None => self.standings.forget_all(),
        }
        let on_shard = |user_id: &i64| shard.is_none_or(|s| crate::bus::shard_of(*user_id, shards) == s);
        let users: Vec<i64> = self.sessions.keys().copied().filter(on_shard).collect();
        self.check_latest(users, true, ctx);
    }
}

impl Handler<Subscribed> for Hub {
    type Result = ();
    fn handle(&mut self, Subscribed(user_id): Subscribed, ctx: &mut Context<Self>) {
        if self.confirmed.is_empty() {
            ctx.run_later(CONFIRMED_BATCH, |hub, ctx| {
                let users: Vec<i64> =
                    std::mem::take(&mut hub.confirmed).into_iter().filter(|u| hub.sessions.contains_key(u)).collect();
                hub.check_latest(users, false, ctx);
            });
        }
        self.confirmed.push(user_id);
    }
}

impl Handler<Latest> for Hub {
    type Result = ();
    fn handle(&mut self, Latest { latest, judge }: Latest, _: &mut Context<Self>) {
        for standing in latest {
            for (_, addr) in self.sessions.get(&standing.user_id).into_iter().flatten() {
                let known = (judge && standing.notif_seq != i64::MAX).then_some(standing);
                addr.do_send(CatchUp { latest_seq: standing.notif_seq, standing: known });
            }
        }
    }
}

impl Handler<Shutdown> for Hub {
    type Result = ();
    fn handle(&mut self, _: Shutdown, _: &mut Context<Self>) {
        for (_, addr) in self.sessions.values().flatten() {
            addr.do_send(Shutdown);
        }
    }
}

impl Handler<Count> for Hub {
    type Result = usize;
    fn handle(&mut self, _: Count, _: &mut Context<Self>) -> usize {
        self.sessions.values().map(Vec::len).sum()
    }
}
