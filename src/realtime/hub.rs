//! The per-instance hub actor: which sessions each user has here. It routes events to them
//! and holds a Redis subscription for a user exactly while that user has a session here.

use std::collections::HashMap;

use actix::{Actor, Addr, AsyncContext, Context, Handler, Message};
use tokio::sync::mpsc::UnboundedSender;

use super::{session::WsSession, subscriber::SubCommand, user_channel};
use crate::{
    db::Db,
    metrics::{inc, Metrics},
    store::notifications::Event,
};

pub struct Hub {
    sessions: HashMap<i64, Vec<(u64, Addr<WsSession>)>>,
    /// `None` with the in-process bus, where nothing needs subscribing.
    subscriptions: Option<UnboundedSender<SubCommand>>,
    namespace: std::sync::Arc<str>,
    /// Weak: the hub's thread outlives the app (tests start many apps in one process), and a
    /// strong handle here kept every app's pool, and its connections, open forever.
    db: std::sync::Weak<Db>,
    metrics: std::sync::Arc<Metrics>,
}

impl Hub {
    pub fn new(
        subscriptions: Option<UnboundedSender<SubCommand>>,
        namespace: std::sync::Arc<str>,
        db: std::sync::Weak<Db>,
        metrics: std::sync::Arc<Metrics>,
    ) -> Hub {
        Hub { sessions: HashMap::new(), subscriptions, namespace, db, metrics }
    }
}

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

/// The bus was away: sessions whose user may have missed events check the database.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Resync;

/// The latest seq of each user, read after the bus came back.
#[derive(Message)]
#[rtype(result = "()")]
struct Latest(Vec<(i64, i64)>);

/// To a session: its user's events go up to `latest_seq`; fetch any it has not sent.
#[derive(Message)]
#[rtype(result = "()")]
pub struct CatchUp {
    pub latest_seq: i64,
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
        let list = self.sessions.entry(msg.user_id).or_default();
        if list.is_empty() {
            if let Some(subs) = &self.subscriptions {
                let _ = subs.send(SubCommand::Subscribe(user_channel(&self.namespace, msg.user_id)));
            }
        }
        list.push((msg.conn_id, msg.addr));
    }
}

impl Handler<Leave> for Hub {
    type Result = ();
    fn handle(&mut self, msg: Leave, _: &mut Context<Self>) {
        if let Some(list) = self.sessions.get_mut(&msg.user_id) {
            list.retain(|(id, _)| *id != msg.conn_id);
            if list.is_empty() {
                self.sessions.remove(&msg.user_id);
                if let Some(subs) = &self.subscriptions {
                    let _ = subs.send(SubCommand::Unsubscribe(user_channel(&self.namespace, msg.user_id)));
                }
            }
        }
    }
}

/// To a session: its account was deactivated; close now.
#[derive(Message)]
#[rtype(result = "()")]
pub struct EndSession;

impl Handler<Deliver> for Hub {
    type Result = ();
    fn handle(&mut self, msg: Deliver, _: &mut Context<Self>) {
        // The deactivation event travels like any other (the bus reaches whichever instance
        // holds the user's sockets); here it also ends every session it reaches.
        let ends = event_kind(&msg.0.json) == Some(crate::events::ACCOUNT_DEACTIVATED);
        if let Some(list) = self.sessions.get(&msg.0.recipient_id) {
            for (_, addr) in list {
                addr.do_send(msg.clone());
                if ends {
                    addr.do_send(EndSession);
                }
            }
        }
    }
}

/// The `kind` of an event's socket message, which the server wrote as
/// `{"type":"event","id":…,"kind":"…",…}` (the kind before the payload).
fn event_kind(json: &str) -> Option<&str> {
    json.split_once(r#""kind":""#)?.1.split('"').next()
}

/// Every user here may have missed events while the bus was away. Rather than every socket
/// querying at once (15,000 queries, which starved the pool for seconds and stalled requests),
/// one query per 500 users reads their latest seq, and only sessions that are behind catch up.
impl Handler<Resync> for Hub {
    type Result = ();
    fn handle(&mut self, _: Resync, ctx: &mut Context<Self>) {
        inc(&self.metrics.bus_resyncs, 1);
        let Some(db) = self.db.upgrade().map(|db| (*db).clone()) else { return };
        let users: Vec<i64> = self.sessions.keys().copied().collect();
        let hub = ctx.address();
        actix::spawn(async move {
            for chunk in users.chunks(500) {
                // Ids from our own map: integers, safe inline.
                let list = chunk.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
                let sql = format!("SELECT id, notif_seq FROM users WHERE id IN ({list})");
                let latest = match sqlx::query_as::<_, (i64, i64)>(&sql).fetch_all(&db).await {
                    Ok(rows) => rows,
                    Err(e) => {
                        tracing::warn!(error = %e, "resync read failed; every session here checks");
                        chunk.iter().map(|id| (*id, i64::MAX)).collect()
                    }
                };
                hub.do_send(Latest(latest));
            }
        });
    }
}

impl Handler<Latest> for Hub {
    type Result = ();
    fn handle(&mut self, Latest(latest): Latest, _: &mut Context<Self>) {
        for (user, latest_seq) in latest {
            for (_, addr) in self.sessions.get(&user).into_iter().flatten() {
                addr.do_send(CatchUp { latest_seq });
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
