//! One actor per WebSocket. It sends the user's events in per-user order (`seq`), tells a
//! duplicate from a gap and fills gaps from the database, answers `resume` by replaying what
//! the client missed, drops silent peers, and closes a socket that cannot keep up (the client
//! reconnects and resumes).

use std::{
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::Instant,
};

use actix::{Actor, ActorContext, ActorFutureExt, Addr, AsyncContext, Handler, StreamHandler, WrapFuture};
use actix_ws::{CloseCode, CloseReason, Message, ProtocolError};
use serde::Deserialize;

use super::{
    hub::{CatchUp, Deliver, Hub, Join, Leave, Shutdown},
    outbox::{Outbox, Refused},
    socket::Socket,
    AccountChanged, DROP_AFTER, PING_EVERY,
};
use crate::{
    auth::{AuthUser, Refusal},
    db::Db,
    metrics::{inc, Metrics},
    store::{
        self,
        notifications::{self, Event},
        users::SocketStanding,
    },
};

/// Largest frame a client may send; its messages are a few dozen bytes.
const MAX_FRAME: usize = 4096;
/// How long to wait for the client's `resume` before sending from the moment it connected.
const RESUME_WAIT: std::time::Duration = std::time::Duration::from_secs(5);
/// Close code for a missing, bad or expired token (the web client refreshes and reconnects).
pub const CLOSE_BAD_TOKEN: u16 = 4401;
/// Close code for a socket that fell too far behind (it reconnects and resumes).
pub const CLOSE_TOO_SLOW: u16 = 4008;
/// Close code for an account a supervisor deactivated (the web client signs out).
pub const CLOSE_DEACTIVATED: u16 = 4403;
/// Close code for a token whose session generation ended: a password change or reset, a type
/// change, "sign out everywhere else" (the web client signs out with a message).
pub const CLOSE_SESSION_ENDED: u16 = 4410;

/// The close code and reason that tell the client why its token no longer opens anything.
pub fn refusal_close(why: Refusal) -> (u16, &'static str) {
    match why {
        Refusal::Gone => (CLOSE_BAD_TOKEN, "invalid or expired token"),
        Refusal::Deactivated => (CLOSE_DEACTIVATED, "account deactivated"),
        Refusal::Ended => (CLOSE_SESSION_ENDED, "session ended; sign in again"),
    }
}

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

/// Runs database work as its own task. An actor does not poll its spawned futures while a
/// `ctx.wait` future runs, so a query started in one would hold its pool connection while
/// other sessions wait for one: under a burst of connects the pool ran dry (seen in the
/// loadtest). As a task the query always finishes and gives its connection back.
fn detached<T: 'static, E: From<sqlx::Error> + 'static>(
    work: impl std::future::Future<Output = Result<T, E>> + 'static,
) -> impl std::future::Future<Output = Result<T, E>> {
    let task = actix_web::rt::spawn(work);
    async move { task.await.unwrap_or_else(|e| Err(sqlx::Error::Protocol(format!("database task failed: {e}")).into())) }
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum ClientMessage {
    Resume { after: i64 },
    Ping,
}

enum Flow {
    /// Connected; events wait for the client's `resume` (they are in the database).
    AwaitingResume,
    Live {
        last_seq: i64,
    },
}

pub struct WsSession {
    user_id: i64,
    /// The session generation of the token the socket opened with, and its device: an account
    /// decision closes the socket unless it came from this device (`AccountChanged`).
    gen: i64,
    sid: i64,
    conn_id: u64,
    hub: Addr<Hub>,
    db: Db,
    stream: Option<actix_ws::MessageStream>,
    flow: Flow,
    /// Everything the socket sends goes through it, in order.
    out: Outbox,
    last_heard: Instant,
    /// The connection, cut if the peer does not take our close frame.
    socket: Socket,
    metrics: Arc<Metrics>,
}

impl Actor for WsSession {
    type Context = actix::Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        if let Some(stream) = self.stream.take() {
            ctx.add_stream(stream);
        }
        self.hub.do_send(Join { user_id: self.user_id, conn_id: self.conn_id, addr: ctx.address() });
        ctx.run_interval(PING_EVERY, |act, ctx| {
            if act.last_heard.elapsed() > DROP_AFTER {
                act.close(ctx, CloseCode::Away, "no answer to pings");
            } else if act.out.closed() {
                ctx.stop();
            } else {
                act.out.ping();
            }
        });
        // Nothing is sent before the account is read, fresh from the database: `wait` holds the
        // mailbox and the socket's messages (a `resume` too) until then, so a socket opened with
        // a token that is no longer good closes before it could replay anything.
        let (db, user) = (self.db.clone(), self.user_id);
        ctx.wait(detached(async move { store::users::socket_standing(&db, user).await }).into_actor(self).map(
            |standing, act, ctx| match standing {
                Ok(Some(standing)) => {
                    if act.judge(ctx, &standing) {
                        // A client that never says where it stopped gets what arrives from now on.
                        let seq = standing.notif_seq;
                        ctx.run_later(RESUME_WAIT, move |act, ctx| {
                            if matches!(act.flow, Flow::AwaitingResume) {
                                act.flow = Flow::Live { last_seq: seq };
                                act.catch_up(ctx);
                            }
                        });
                    }
                }
                Ok(None) => act.refuse(ctx, Refusal::Gone),
                Err(e) => {
                    tracing::error!(error = %e, "socket's account not read");
                    act.close(ctx, CloseCode::Error, "temporary failure; reconnect");
                }
            },
        ));
    }

    fn stopped(&mut self, _: &mut Self::Context) {
        self.hub.do_send(Leave { user_id: self.user_id, conn_id: self.conn_id });
    }
}

impl WsSession {
    /// Whether the socket's token still holds for the account as `standing` says; closes it
    /// with the reason when not.
    fn judge(&mut self, ctx: &mut actix::Context<Self>, standing: &SocketStanding) -> bool {
        let refusal = if !standing.usable {
            Some(Refusal::Deactivated)
        } else if self.gen < standing.gen {
            Some(Refusal::Ended)
        } else {
            None
        };
        match refusal {
            Some(why) => {
                self.refuse(ctx, why);
                false
            }
            None => true,
        }
    }

    fn refuse(&mut self, ctx: &mut actix::Context<Self>, why: Refusal) {
        let (code, reason) = refusal_close(why);
        self.close(ctx, CloseCode::Other(code), reason);
    }

    /// Queues a message in the socket's outbox, in order; a full outbox means the peer
    /// cannot keep up.
    fn send(&mut self, ctx: &mut actix::Context<Self>, text: String) {
        match self.out.try_text(text) {
            Ok(()) => {}
            Err(Refused::Full) => {
                inc(&self.metrics.ws_closed_too_slow, 1);
                self.close(ctx, CloseCode::Other(CLOSE_TOO_SLOW), "too slow; reconnect and resume")
            }
            Err(Refused::Closed) => ctx.stop(),
        }
    }

    fn send_event(&mut self, ctx: &mut actix::Context<Self>, event: &Event) {
        self.send(ctx, event.json.to_string());
    }

    /// Queues a close frame in place of the texts not sent yet and stops the session. A peer
    /// that does not take the frame (it stopped reading, so the frame waits behind what the
    /// connection already holds for it) has its connection cut at the TCP level
    /// [`super::socket::CUT_AFTER`] later, which frees it and everything queued for it.
    fn close(&mut self, ctx: &mut actix::Context<Self>, code: CloseCode, why: &str) {
        self.out.close(CloseReason { code, description: Some(why.to_string()) });
        self.socket.cut_later();
        ctx.stop();
    }

    /// Replays everything after notification `after`, then goes live.
    fn resume(&mut self, ctx: &mut actix::Context<Self>, after: i64) {
        let (db, user, out) = (self.db.clone(), self.user_id, self.out.clone());
        let work = detached(async move {
            let base = notifications::seq_at(&db, user, after).await?;
            let (last_seq, last_id) = replay_pages(&db, user, after, base, &out).await?;
            Ok::<_, ReplayError>((last_seq, last_id))
        });
        // `wait` holds the mailbox, so live events queue behind the replay (and those it already
        // sent are skipped by their seq).
        ctx.wait(work.into_actor(self).map(move |result, act, ctx| match result {
            Ok((last_seq, last_id)) => {
                act.flow = Flow::Live { last_seq };
                act.send(ctx, format!(r#"{{"type":"resumed","last_id":{last_id}}}"#));
            }
            Err(e) => act.replay_failed(ctx, e),
        }));
    }

    /// Sends, in order, whatever the database has beyond the last event sent.
    fn catch_up(&mut self, ctx: &mut actix::Context<Self>) {
        let Flow::Live { last_seq } = self.flow else { return };
        let (db, user, out) = (self.db.clone(), self.user_id, self.out.clone());
        let work = detached(async move {
            let mut sent = last_seq;
            for e in notifications::after_seq(&db, user, last_seq).await? {
                if e.seq > sent {
                    push(&out, &e).await?;
                    sent = e.seq;
                }
            }
            Ok::<_, ReplayError>(sent)
        });
        ctx.wait(work.into_actor(self).map(|result, act, ctx| match result {
            Ok(sent) => {
                if let Flow::Live { last_seq } = &mut act.flow {
                    *last_seq = (*last_seq).max(sent);
                }
            }
            Err(e) => act.replay_failed(ctx, e),
        }));
    }

    fn replay_failed(&mut self, ctx: &mut actix::Context<Self>, e: ReplayError) {
        match e {
            ReplayError::Db(e) => {
                tracing::error!(error = %e, "replay failed");
                self.close(ctx, CloseCode::Error, "temporary failure; reconnect");
            }
            ReplayError::TooSlow => {
                inc(&self.metrics.ws_closed_too_slow, 1);
                self.close(ctx, CloseCode::Other(CLOSE_TOO_SLOW), "too slow; reconnect and resume")
            }
            ReplayError::Gone => ctx.stop(),
        }
    }
}

/// How long a replay waits for the socket to take its next message before calling the peer
/// too slow. A replay may be far longer than the socket's queue (a supervisor's tab after a
/// Redis restart, a laptop back from sleep): it is fed at the pace the socket drains, a page at a
/// time, instead of overflowing the queue and closing the socket again and again. A peer that
/// takes not one message in 3 s has stopped reading (a slow link still drains a 4 KB message in
/// well under a second); with the cut 5 s after the close, its connection is gone within 10 s of
/// its queue filling.
const REPLAY_STALL: std::time::Duration = std::time::Duration::from_secs(3);
const REPLAY_PAGE: i64 = 500;

enum ReplayError {
    Db(sqlx::Error),
    TooSlow,
    Gone,
}

impl From<sqlx::Error> for ReplayError {
    fn from(e: sqlx::Error) -> Self {
        ReplayError::Db(e)
    }
}

/// Queues one event for the socket, waiting for room.
async fn push(out: &Outbox, e: &Event) -> Result<(), ReplayError> {
    match tokio::time::timeout(REPLAY_STALL, out.text(e.json.to_string())).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(Refused::Closed)) => Err(ReplayError::Gone),
        Ok(Err(Refused::Full)) | Err(_) => Err(ReplayError::TooSlow),
    }
}

/// Sends every event after notification `after`, page by page; answers the last seq and id sent.
async fn replay_pages(db: &Db, user: i64, after: i64, base_seq: i64, out: &Outbox) -> Result<(i64, i64), ReplayError> {
    let (mut last_seq, mut last_id) = (base_seq, after);
    loop {
        let page = notifications::after_id(db, user, last_id, REPLAY_PAGE).await?;
        for e in &page {
            push(out, e).await?;
            (last_seq, last_id) = (e.seq, e.id);
        }
        if (page.len() as i64) < REPLAY_PAGE {
            return Ok((last_seq, last_id));
        }
    }
}

impl Handler<Deliver> for WsSession {
    type Result = ();
    fn handle(&mut self, Deliver(event): Deliver, ctx: &mut Self::Context) {
        let Flow::Live { last_seq } = &mut self.flow else { return };
        if event.seq == *last_seq + 1 {
            *last_seq = event.seq;
            self.send_event(ctx, &event);
        } else if event.seq > *last_seq + 1 {
            // Something before it has not arrived (yet): the database has it.
            self.catch_up(ctx);
        }
        // seq <= last_seq: already sent.
    }
}

impl Handler<Shutdown> for WsSession {
    type Result = ();
    fn handle(&mut self, _: Shutdown, ctx: &mut Self::Context) {
        self.close(ctx, CloseCode::Away, "server restarting; reconnect");
    }
}

impl Handler<AccountChanged> for WsSession {
    type Result = ();
    fn handle(&mut self, change: AccountChanged, ctx: &mut Self::Context) {
        // The device that made the change stays signed in: its tokens are renewed.
        if change.keep_sid == Some(self.sid) {
            self.gen = self.gen.max(change.gen);
        }
        let standing = SocketStanding { user_id: change.user_id, notif_seq: 0, gen: change.gen, usable: change.usable };
        self.judge(ctx, &standing);
    }
}

impl Handler<CatchUp> for WsSession {
    type Result = ();
    fn handle(&mut self, msg: CatchUp, ctx: &mut Self::Context) {
        // An account decision may have been lost with the bus.
        if let Some(standing) = msg.standing {
            if !self.judge(ctx, &standing) {
                return;
            }
        }
        // A session still waiting for `resume` will replay from the database anyway.
        if matches!(self.flow, Flow::Live { last_seq } if last_seq < msg.latest_seq) {
            self.catch_up(ctx);
        }
    }
}

impl StreamHandler<Result<Message, ProtocolError>> for WsSession {
    fn handle(&mut self, msg: Result<Message, ProtocolError>, ctx: &mut Self::Context) {
        self.last_heard = Instant::now();
        match msg {
            Ok(Message::Text(text)) => match serde_json::from_str::<ClientMessage>(&text) {
                Ok(ClientMessage::Resume { after }) => self.resume(ctx, after.max(0)),
                Ok(ClientMessage::Ping) => self.send(ctx, r#"{"type":"pong"}"#.to_string()),
                Err(_) => self.send(
                    ctx,
                    r#"{"type":"error","code":"bad_message","message":"Expected {\"type\":\"resume\",\"after\":<id>} or {\"type\":\"ping\"}"}"#
                        .to_string(),
                ),
            },
            Ok(Message::Ping(bytes)) => self.out.pong(bytes),
            Ok(Message::Pong(_)) | Ok(Message::Nop) => {}
            Ok(Message::Close(_)) => ctx.stop(),
            Ok(Message::Binary(_)) | Ok(Message::Continuation(_)) => {
                self.close(ctx, CloseCode::Unsupported, "text frames only")
            }
            Err(ProtocolError::Overflow) => self.close(ctx, CloseCode::Size, "frame too large"),
            Err(_) => self.close(ctx, CloseCode::Protocol, "protocol error"),
        }
    }

    fn finished(&mut self, ctx: &mut Self::Context) {
        ctx.stop();
    }
}

/// Closes a socket whose token opens nothing, with the code that says why: 4401 missing, bad
/// or expired (browsers cannot read the HTTP status of a failed upgrade, so the refusal travels
/// as a close code), 4403 deactivated, 4410 session ended.
pub fn refuse(ws: actix_ws::Session, socket: Socket, why: Refusal) {
    socket.cut_later();
    let (code, reason) = refusal_close(why);
    actix_web::rt::spawn(async move {
        let reason = CloseReason { code: CloseCode::Other(code), description: Some(reason.into()) };
        let _ = ws.close(Some(reason)).await;
    });
}

/// Closes a socket whose account could not be read (the database did not answer) as a
/// temporary failure: the client reconnects with its back-off.
pub fn refuse_for_now(ws: actix_ws::Session, socket: Socket) {
    socket.cut_later();
    actix_web::rt::spawn(async move {
        let reason = CloseReason { code: CloseCode::Error, description: Some("temporary failure; reconnect".into()) };
        let _ = ws.close(Some(reason)).await;
    });
}

/// Serves an upgraded socket of `user`: a session actor joins the hub and sends through the
/// socket's outbox.
pub fn start(
    user: AuthUser,
    hub: Addr<Hub>,
    db: Db,
    ws: actix_ws::Session,
    stream: actix_ws::MessageStream,
    socket: Socket,
    metrics: Arc<Metrics>,
) {
    WsSession {
        user_id: user.id,
        gen: user.gen,
        sid: user.sid,
        conn_id: NEXT_CONN.fetch_add(1, Ordering::Relaxed),
        hub,
        db,
        stream: Some(stream.max_frame_size(MAX_FRAME)),
        flow: Flow::AwaitingResume,
        out: Outbox::new(ws, metrics.clone()),
        last_heard: Instant::now(),
        socket,
        metrics,
    }
    .start();
}
