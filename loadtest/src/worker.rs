//! `loadtest worker`: a child process that holds a share of the sockets (at most a few
//! thousand, within the per-process open-file limit), reports each socket coming up, each
//! event of the run arriving (with its arrival time) and running totals to the parent on
//! stdout, and closes everything on `STOP` or when its stdin closes.

use std::{
    sync::{
        atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering::Relaxed},
        Arc,
    },
    time::Duration,
};

use anyhow::Context;
use futures_util::{SinkExt, StreamExt};
use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::{TcpSocket, TcpStream},
    sync::{mpsc, watch, Semaphore},
    task::JoinSet,
};
use tokio_tungstenite::{
    tungstenite::{protocol::WebSocketConfig, Message},
    WebSocketStream,
};

use crate::{
    clock::mono_ns,
    marker::{parse_frame, Incoming},
    proto::{SocketSpec, WorkerConfig, WorkerMsg, WorkerStats},
};

/// Close code the server uses for a bad or expired token.
const CLOSE_BAD_TOKEN: u16 = 4401;

#[derive(Default)]
struct Counters {
    held: AtomicU32,
    failed: AtomicU32,
    connect_errors: AtomicU32,
    auth_rejected: AtomicU32,
    drops: AtomicU32,
    reconnects: AtomicU32,
    foreign: AtomicU64,
    error_frames: AtomicU32,
}

impl Counters {
    fn snapshot(&self) -> WorkerStats {
        WorkerStats {
            held: self.held.load(Relaxed),
            failed: self.failed.load(Relaxed),
            connect_errors: self.connect_errors.load(Relaxed),
            auth_rejected: self.auth_rejected.load(Relaxed),
            drops: self.drops.load(Relaxed),
            reconnects: self.reconnects.load(Relaxed),
            foreign: self.foreign.load(Relaxed),
            error_frames: self.error_frames.load(Relaxed),
        }
    }
}

struct Shared {
    run: String,
    resume_after: i64,
    connect_tries: u32,
    max_reconnects: u32,
    handshake_timeout: Duration,
    resume_delay: Duration,
    handshakes: Semaphore,
    counters: Counters,
    /// Sockets whose first connection is still being tried.
    first_pending: AtomicUsize,
    out: mpsc::UnboundedSender<WorkerMsg>,
}

impl Shared {
    fn report(&self, msg: WorkerMsg) {
        let _ = self.out.send(msg);
    }

    /// The first connection of a socket came up or failed for good.
    fn first_settled(&self) {
        if self.first_pending.fetch_sub(1, Relaxed) == 1 {
            self.report(WorkerMsg::Connected);
        }
    }
}

pub fn main() -> anyhow::Result<()> {
    crate::raise_nofile_limit();
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    rt.block_on(run())
}

async fn run() -> anyhow::Result<()> {
    let mut stdin = BufReader::new(tokio::io::stdin()).lines();
    let first = stdin.next_line().await?.context("the worker expects its configuration on stdin")?;
    let cfg: WorkerConfig = serde_json::from_str(&first).context("bad worker configuration")?;

    let (out_tx, out_rx) = mpsc::unbounded_channel();
    let writer = tokio::spawn(write_messages(out_rx));
    let shared = Arc::new(Shared {
        run: cfg.run.clone(),
        resume_after: cfg.resume_after,
        connect_tries: cfg.connect_tries.max(1),
        max_reconnects: cfg.max_reconnects,
        handshake_timeout: Duration::from_millis(cfg.handshake_timeout_ms),
        resume_delay: Duration::from_millis(cfg.resume_delay_ms),
        handshakes: Semaphore::new(cfg.max_handshakes.max(1)),
        counters: Counters::default(),
        first_pending: AtomicUsize::new(cfg.sockets.len()),
        out: out_tx,
    });
    if cfg.sockets.is_empty() {
        shared.report(WorkerMsg::Connected);
    }
    let (stop_tx, stop_rx) = watch::channel(false);

    // STOP, or the parent going away, ends the worker.
    let stop_on_stdin = tokio::spawn(async move {
        loop {
            match stdin.next_line().await {
                Ok(Some(line)) if line.trim() == "STOP" => break,
                Ok(Some(_)) => continue,
                _ => break,
            }
        }
        let _ = stop_tx.send(true);
    });

    let stats_shared = shared.clone();
    let mut stats_stop = stop_rx.clone();
    let ticker = tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_millis(500));
        loop {
            tokio::select! {
                _ = tick.tick() => stats_shared.report(WorkerMsg::Stats(stats_shared.counters.snapshot())),
                _ = stats_stop.changed() => break,
            }
        }
    });

    // Open the sockets at the configured rate.
    let mut tasks = JoinSet::new();
    let start = mono_ns();
    let rate = cfg.connect_rate.max(1.0);
    let mut pacing_stop = stop_rx.clone();
    for (i, spec) in cfg.sockets.into_iter().enumerate() {
        let due = start + (i as f64 * 1e9 / rate) as u64;
        let now = mono_ns();
        if due > now {
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_nanos(due - now)) => {}
                _ = pacing_stop.changed() => break,
            }
        }
        if *pacing_stop.borrow() {
            break;
        }
        tasks.spawn(socket_task(spec, shared.clone(), stop_rx.clone()));
    }

    let mut stop_wait = stop_rx.clone();
    while !*stop_wait.borrow() {
        if stop_wait.changed().await.is_err() {
            break;
        }
    }
    // Give the sockets a moment to close cleanly.
    let _ = tokio::time::timeout(Duration::from_secs(10), async { while tasks.join_next().await.is_some() {} }).await;
    tasks.abort_all();
    let _ = ticker.await;
    let _ = stop_on_stdin.await;
    shared.report(WorkerMsg::Stats(shared.counters.snapshot()));
    shared.report(WorkerMsg::Done);
    drop(shared);
    let _ = writer.await;
    Ok(())
}

/// The parent reads this process's stdout, a pipe. It is written through the runtime's own
/// poller: tokio's `stdout()` hands every write to a thread of its blocking pool, and waking that
/// thread for each burst of arrivals cost about 6 % of a core at 6,000 deliveries/s.
fn stdout_pipe() -> std::io::Result<tokio::net::unix::pipe::Sender> {
    use std::os::fd::AsFd;
    let fd = std::io::stdout().as_fd().try_clone_to_owned()?;
    tokio::net::unix::pipe::Sender::from_owned_fd(fd)
}

async fn write_messages(mut rx: mpsc::UnboundedReceiver<WorkerMsg>) {
    let out = match stdout_pipe() {
        Ok(pipe) => pipe,
        Err(e) => {
            eprintln!("loadtest worker: stdout is not a pipe ({e}); run it from the parent");
            return;
        }
    };
    let mut out = tokio::io::BufWriter::with_capacity(64 * 1024, out);
    while let Some(msg) = rx.recv().await {
        let mut line = msg.encode();
        line.push('\n');
        if out.write_all(line.as_bytes()).await.is_err() {
            return;
        }
        while let Ok(msg) = rx.try_recv() {
            let mut line = msg.encode();
            line.push('\n');
            if out.write_all(line.as_bytes()).await.is_err() {
                return;
            }
        }
        if out.flush().await.is_err() {
            return;
        }
    }
}

/// Small client-side buffers: frames are written out at once, messages are small.
pub fn ws_config() -> WebSocketConfig {
    WebSocketConfig {
        write_buffer_size: 0,
        max_write_buffer_size: 64 * 1024,
        max_message_size: Some(1 << 20),
        max_frame_size: Some(1 << 20),
        ..WebSocketConfig::default()
    }
}

/// Opens one authenticated socket: TCP (bound to a loopback source address if asked), then
/// the WebSocket handshake.
pub async fn open_socket(spec: &SocketSpec, timeout: Duration) -> anyhow::Result<WebSocketStream<TcpStream>> {
    let socket = if spec.addr.is_ipv4() { TcpSocket::new_v4()? } else { TcpSocket::new_v6()? };
    if let Some(src) = spec.src {
        bind_no_port(&socket)?;
        socket.bind(std::net::SocketAddr::new(src.into(), 0))?;
    }
    let url = format!("{}?token={}", spec.url, spec.token);
    let work = async {
        let stream = socket.connect(spec.addr).await?;
        stream.set_nodelay(true)?;
        let (ws, _) = tokio_tungstenite::client_async_with_config(url, stream, Some(ws_config())).await?;
        anyhow::Ok(ws)
    };
    tokio::time::timeout(timeout, work).await.context("connect timed out")?
}

/// Lets the kernel pick the source port at connect time, per destination, so one loopback
/// source address is not limited to one ephemeral-port range in all.
fn bind_no_port(socket: &TcpSocket) -> std::io::Result<()> {
    use std::os::fd::AsRawFd;
    let one: libc::c_int = 1;
    // SAFETY: a valid socket fd and a pointer to a c_int of the size given.
    let rc = unsafe {
        libc::setsockopt(
            socket.as_raw_fd(),
            libc::IPPROTO_IP,
            libc::IP_BIND_ADDRESS_NO_PORT,
            &one as *const libc::c_int as *const libc::c_void,
            std::mem::size_of::<libc::c_int>() as libc::socklen_t,
        )
    };
    if rc == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

fn backoff(attempt: u32, idx: u32) -> Duration {
    let base = 100u64 << attempt.min(5);
    let jitter = (mono_ns() ^ (idx as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)) % 100;
    Duration::from_millis(base.min(2000) + jitter)
}

/// One socket for the whole run: connect, resume, read; reconnect and resume after a drop.
async fn socket_task(spec: SocketSpec, sh: Arc<Shared>, mut stop: watch::Receiver<bool>) {
    let c = &sh.counters;
    let mut last_id = sh.resume_after;
    let mut ever_up = false;
    let mut first_tries = 0u32;
    let mut reconnects = 0u32;
    let mut failures_in_row = 0u32;
    loop {
        if *stop.borrow() {
            break;
        }
        let opened = {
            let Ok(_permit) = sh.handshakes.acquire().await else { break };
            tokio::select! {
                r = open_socket(&spec, sh.handshake_timeout) => r,
                _ = stop.changed() => break,
            }
        };
        let mut ws = match opened {
            Ok(ws) => ws,
            Err(_) => {
                c.connect_errors.fetch_add(1, Relaxed);
                failures_in_row += 1;
                if give_up(&sh, ever_up, &mut first_tries, &mut reconnects) {
                    c.failed.fetch_add(1, Relaxed);
                    sh.report(WorkerMsg::Failed { idx: spec.idx });
                    if !ever_up {
                        sh.first_settled();
                    }
                    return;
                }
                tokio::select! {
                    _ = tokio::time::sleep(backoff(failures_in_row, spec.idx)) => continue,
                    _ = stop.changed() => break,
                }
            }
        };
        if !sh.resume_delay.is_zero() {
            tokio::select! {
                _ = tokio::time::sleep(sh.resume_delay) => {}
                _ = stop.changed() => break,
            }
        }
        let resume = format!(r#"{{"type":"resume","after":{last_id}}}"#);
        let mut up = false;
        let mut close_code = 0u16;
        let mut stopped = false;
        if ws.send(Message::Text(resume)).await.is_ok() {
            loop {
                let msg = tokio::select! {
                    m = ws.next() => m,
                    _ = stop.changed() => { stopped = true; break; }
                };
                let ns = mono_ns();
                match msg {
                    Some(Ok(Message::Text(text))) => match parse_frame(&sh.run, &text) {
                        Incoming::Event { id, op } => {
                            last_id = last_id.max(id);
                            match op {
                                Some(op) => sh.report(WorkerMsg::Arrival { idx: spec.idx, op, id, ns }),
                                None => {
                                    c.foreign.fetch_add(1, Relaxed);
                                }
                            }
                        }
                        Incoming::Resumed { .. } if !up => {
                            up = true;
                            failures_in_row = 0;
                            c.held.fetch_add(1, Relaxed);
                            if ever_up {
                                c.reconnects.fetch_add(1, Relaxed);
                                sh.report(WorkerMsg::Back { idx: spec.idx });
                            } else {
                                ever_up = true;
                                sh.report(WorkerMsg::Up { idx: spec.idx });
                                sh.first_settled();
                            }
                        }
                        Incoming::Error { .. } => {
                            c.error_frames.fetch_add(1, Relaxed);
                        }
                        _ => {}
                    },
                    Some(Ok(Message::Close(frame))) => {
                        close_code = frame.map(|f| u16::from(f.code)).unwrap_or(0);
                        break;
                    }
                    Some(Ok(_)) => {}
                    Some(Err(_)) | None => break,
                }
            }
        }
        if stopped {
            let _ = tokio::time::timeout(Duration::from_secs(2), ws.close(None)).await;
            if up {
                c.held.fetch_sub(1, Relaxed);
            }
            break;
        }
        drop(ws);
        if up {
            c.held.fetch_sub(1, Relaxed);
            c.drops.fetch_add(1, Relaxed);
            sh.report(WorkerMsg::Down { idx: spec.idx, code: close_code });
        } else {
            c.connect_errors.fetch_add(1, Relaxed);
            failures_in_row += 1;
        }
        if close_code == CLOSE_BAD_TOKEN {
            c.auth_rejected.fetch_add(1, Relaxed);
            c.failed.fetch_add(1, Relaxed);
            sh.report(WorkerMsg::Failed { idx: spec.idx });
            if !ever_up {
                sh.first_settled();
            }
            return;
        }
        if give_up(&sh, ever_up, &mut first_tries, &mut reconnects) {
            c.failed.fetch_add(1, Relaxed);
            sh.report(WorkerMsg::Failed { idx: spec.idx });
            if !ever_up {
                sh.first_settled();
            }
            return;
        }
        tokio::select! {
            _ = tokio::time::sleep(backoff(failures_in_row, spec.idx)) => {}
            _ = stop.changed() => break,
        }
    }
    if !ever_up {
        // Stopped before it ever came up: it settles as not held.
        sh.first_settled();
    }
}

/// Counts one more try (before the socket was ever up) or one more reconnection, and says
/// whether the socket has used up its allowance.
fn give_up(sh: &Shared, ever_up: bool, first_tries: &mut u32, reconnects: &mut u32) -> bool {
    if ever_up {
        *reconnects += 1;
        *reconnects > sh.max_reconnects
    } else {
        *first_tries += 1;
        *first_tries >= sh.connect_tries
    }
}
