//! The TCP connection under a WebSocket, for the one case the WebSocket layer cannot handle: a
//! peer that stopped reading.
//!
//! Closing a WebSocket means queueing a close frame. A tab that never reads (a frozen tab, a
//! broken proxy) never takes it, and actix keeps the connection, with every frame queued for it
//! (megabytes), for as long as the peer's TCP stack answers: no timer of actix-http runs while a
//! response is being written. So every close also arms a cut: if the connection is still open
//! [`CUT_AFTER`] later, its socket is shut down (with `SO_LINGER` 0, so the kernel drops the
//! unsent data and resets the connection), the write in progress fails, and actix drops the
//! connection and everything queued for it.
//!
//! The socket is found through the file descriptor actix's `on_connect` hook saw. A descriptor
//! number is reused once closed, so it is only ever used while the connection is known to be
//! open: [`Held`], the response body actix owns as long as the connection lives, holds the
//! other end of the weak [`Socket`] handle, and both live on the same worker thread.

use std::{
    pin::Pin,
    rc::{Rc, Weak},
    sync::{atomic::Ordering, Arc},
    task::{Context, Poll},
    time::Duration,
};

use actix_web::{
    body::{BodySize, BoxBody, MessageBody},
    web::Bytes,
    HttpResponse,
};

use crate::metrics::{inc, Metrics};

/// How long a closed socket's peer has to take the close frame before the connection is cut.
pub const CUT_AFTER: Duration = Duration::from_secs(5);

/// The raw descriptor of an accepted TCP connection, stored by `on_connect` in the
/// connection's data.
#[derive(Clone, Copy)]
pub struct ConnFd(pub i32);

/// Stored in the connection data of every accepted connection (`HttpServer::on_connect`).
pub fn on_connect(conn: &dyn std::any::Any, data: &mut actix_web::dev::Extensions) {
    #[cfg(unix)]
    if let Some(tcp) = conn.downcast_ref::<actix_web::rt::net::TcpStream>() {
        use std::os::fd::AsRawFd;
        data.insert(ConnFd(tcp.as_raw_fd()));
    }
    #[cfg(not(unix))]
    let _ = (conn, data);
}

/// Lives exactly as long as actix keeps the connection's response (and so the connection).
struct Alive {
    metrics: Arc<Metrics>,
}

impl Drop for Alive {
    fn drop(&mut self) {
        self.metrics.ws_sockets.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The WebSocket response's body with the connection's liveness attached.
struct Held {
    body: BoxBody,
    _alive: Rc<Alive>,
}

impl MessageBody for Held {
    type Error = <BoxBody as MessageBody>::Error;

    fn size(&self) -> BodySize {
        self.body.size()
    }

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Bytes, Self::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_next(cx)
    }
}

/// A handle on a WebSocket's connection that can cut it while it is still open.
#[derive(Clone)]
pub struct Socket {
    fd: Option<ConnFd>,
    alive: Weak<Alive>,
    metrics: Arc<Metrics>,
}

/// Wraps the upgrade response so the connection can be counted and cut; answers the response
/// to send and the handle.
pub fn hold(response: HttpResponse, fd: Option<ConnFd>, metrics: Arc<Metrics>) -> (HttpResponse, Socket) {
    metrics.ws_sockets.fetch_add(1, Ordering::Relaxed);
    let alive = Rc::new(Alive { metrics: metrics.clone() });
    let socket = Socket { fd, alive: Rc::downgrade(&alive), metrics };
    let response = response.map_body(|_, body| BoxBody::new(Held { body, _alive: alive }));
    (response, socket)
}

impl Socket {
    /// After [`CUT_AFTER`], cuts the connection if it is still open.
    pub fn cut_later(&self) {
        let socket = self.clone();
        actix_web::rt::spawn(async move {
            tokio::time::sleep(CUT_AFTER).await;
            socket.cut();
        });
    }

    /// Whether actix still holds the connection.
    pub fn open(&self) -> bool {
        self.alive.strong_count() > 0
    }

    fn cut(&self) {
        let (Some(_alive), Some(ConnFd(fd))) = (self.alive.upgrade(), self.fd) else { return };
        #[cfg(unix)]
        {
            // SAFETY: `_alive` proves actix still holds the connection, and so its descriptor:
            // it is dropped with the connection, on this same thread (it is an `Rc`), and
            // nothing between the check and these calls yields.
            let borrowed = unsafe { std::os::fd::BorrowedFd::borrow_raw(fd) };
            let sock = socket2::SockRef::from(&borrowed);
            let _ = sock.set_linger(Some(Duration::ZERO));
            if sock.shutdown(std::net::Shutdown::Both).is_ok() {
                inc(&self.metrics.ws_cut, 1);
                tracing::info!("a WebSocket whose peer stopped reading was cut");
            }
        }
        #[cfg(not(unix))]
        let _ = fd;
    }
}
