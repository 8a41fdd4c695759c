//! What one socket has yet to send, in order, and the task that sends it.
//!
//! Every frame of a socket (events, replies, pings, pongs, the close) goes through its outbox,
//! so they leave in the order they were queued. An idle socket holds only the outbox itself:
//! the queue is allocated for a burst and released once it is sent, and the task that sends
//! exists only while there is something to send. (Before, each socket kept a 256-slot channel
//! and a writer task waiting on it for as long as it was open: about 2 KiB of an idle socket,
//! `loadtest/README.md`, "Memory per socket".) Everything here lives on the socket's worker
//! thread: the session actor, its replays and the sending task.

use std::{
    cell::RefCell,
    collections::VecDeque,
    future::poll_fn,
    rc::Rc,
    sync::Arc,
    task::{Poll, Waker},
};

use actix_web::web::Bytes;
use actix_ws::CloseReason;

use crate::metrics::{inc, Metrics};

/// Texts queued to one socket before it counts as unable to keep up.
pub const MAX_QUEUED: usize = 256;

/// A handle on a socket's outbox; clones share it.
#[derive(Clone)]
pub struct Outbox(Rc<RefCell<Queue>>);

/// Why a text was not queued.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// [`MAX_QUEUED`] texts are waiting: the peer is not keeping up.
    Full,
    /// The socket is closing or gone.
    Closed,
}

struct Queue {
    frames: VecDeque<Frame>,
    /// How many of `frames` are texts (the limit counts those).
    texts: usize,
    /// The socket's sending half; the sending task holds it while it runs.
    ws: Option<actix_ws::Session>,
    sending: bool,
    /// A close is queued or the socket is gone: nothing more is taken.
    closed: bool,
    /// A replay waiting for room.
    room: Option<Waker>,
    metrics: Arc<Metrics>,
}

impl Queue {
    fn room_for_text(&self) -> Result<(), Refused> {
        if self.closed {
            Err(Refused::Closed)
        } else if self.texts >= MAX_QUEUED {
            Err(Refused::Full)
        } else {
            Ok(())
        }
    }
}

enum Frame {
    Text(String),
    Ping,
    Pong(Bytes),
    Close(CloseReason),
}

impl Outbox {
    pub fn new(ws: actix_ws::Session, metrics: Arc<Metrics>) -> Outbox {
        Outbox(Rc::new(RefCell::new(Queue {
            frames: VecDeque::new(),
            texts: 0,
            ws: Some(ws),
            sending: false,
            closed: false,
            room: None,
            metrics,
        })))
    }

    /// Queues a text now, or says why not.
    pub fn try_text(&self, text: String) -> Result<(), Refused> {
        let mut q = self.0.borrow_mut();
        q.room_for_text()?;
        q.texts += 1;
        self.queue(q, Frame::Text(text));
        Ok(())
    }

    /// Queues a text once there is room for it (a replay fed at the pace the socket drains).
    pub async fn text(&self, text: String) -> Result<(), Refused> {
        poll_fn(|cx| {
            let mut q = self.0.borrow_mut();
            match q.room_for_text() {
                Err(Refused::Full) => {
                    if let Some(other) = q.room.replace(cx.waker().clone()) {
                        if !other.will_wake(cx.waker()) {
                            other.wake();
                        }
                    }
                    Poll::Pending
                }
                outcome => Poll::Ready(outcome),
            }
        })
        .await?;
        self.try_text(text)
    }

    pub fn ping(&self) {
        self.control(Frame::Ping);
    }

    pub fn pong(&self, bytes: Bytes) {
        self.control(Frame::Pong(bytes));
    }

    /// Queues the close frame instead of the texts not sent yet (the client resumes from the
    /// last one it got); nothing is taken after it.
    pub fn close(&self, reason: CloseReason) {
        let mut q = self.0.borrow_mut();
        if q.closed {
            return;
        }
        q.frames.retain(|f| !matches!(f, Frame::Text(_)));
        q.texts = 0;
        q.closed = true;
        if let Some(waiting) = q.room.take() {
            waiting.wake();
        }
        self.queue(q, Frame::Close(reason));
    }

    /// Whether the socket is closing or gone.
    pub fn closed(&self) -> bool {
        self.0.borrow().closed
    }

    fn control(&self, frame: Frame) {
        let q = self.0.borrow_mut();
        if !q.closed {
            self.queue(q, frame);
        }
    }

    fn queue(&self, mut q: std::cell::RefMut<'_, Queue>, frame: Frame) {
        q.frames.push_back(frame);
        if !q.sending {
            q.sending = true;
            drop(q);
            actix_web::rt::spawn(send(self.clone()));
        }
    }
}

/// Sends the queued frames in order until none is left, then ends (releasing the queue).
async fn send(outbox: Outbox) {
    let Some(mut ws) = outbox.0.borrow_mut().ws.take() else {
        // Closed already: nothing can be sent.
        let mut q = outbox.0.borrow_mut();
        q.frames = VecDeque::new();
        q.sending = false;
        return;
    };
    let metrics = outbox.0.borrow().metrics.clone();
    loop {
        let frame = {
            let mut q = outbox.0.borrow_mut();
            match q.frames.pop_front() {
                Some(frame) => {
                    if matches!(frame, Frame::Text(_)) {
                        q.texts -= 1;
                        if let Some(waiting) = q.room.take() {
                            waiting.wake();
                        }
                    }
                    frame
                }
                None => {
                    // Idle: give the queue's memory back and the socket to the next burst.
                    q.frames = VecDeque::new();
                    q.ws = Some(ws);
                    q.sending = false;
                    return;
                }
            }
        };
        let sent = match frame {
            Frame::Text(text) => {
                let event = text.starts_with(r#"{"type":"event""#);
                let sent = ws.text(text).await;
                if sent.is_ok() && event {
                    inc(&metrics.events_delivered, 1);
                }
                sent
            }
            Frame::Ping => ws.ping(b"").await,
            Frame::Pong(bytes) => ws.pong(&bytes).await,
            Frame::Close(reason) => {
                let _ = ws.close(Some(reason)).await;
                gone(&outbox);
                return;
            }
        };
        if sent.is_err() {
            gone(&outbox);
            return;
        }
    }
}

/// The socket cannot take anything more: whatever is queued is dropped.
fn gone(outbox: &Outbox) {
    let mut q = outbox.0.borrow_mut();
    q.closed = true;
    q.frames = VecDeque::new();
    q.texts = 0;
    q.sending = false;
    if let Some(waiting) = q.room.take() {
        waiting.wake();
    }
}
