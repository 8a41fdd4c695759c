//! The driver's HTTP/1.1 client: keep-alive connections to each instance, one request at a
//! time on each, as a browser or a proxy's upstream pool uses them.
//!
//! It exists because the harness shares the machine's two cores with the servers under test,
//! and every cycle it spends is one they lose. reqwest (hyper, URL parsing, header maps,
//! pool bookkeeping) took about a fifth of both cores at 5,000 requests/s (perf); this writes
//! each request with one `write` and reads the answer into a buffer the connection keeps. It
//! understands what the server sends: a status line, headers, and a body of
//! `Content-Length` bytes or in chunks.

use std::{
    net::{IpAddr, SocketAddr},
    sync::Mutex,
    time::Duration,
};

use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpSocket, TcpStream},
};

use crate::target::Target;

/// Largest response the driver accepts (its answers are a few hundred bytes).
const MAX_RESPONSE: usize = 1 << 20;

/// Why a call failed, as the report counts it.
#[derive(Debug, PartialEq, Eq)]
pub enum CallError {
    Timeout,
    Connect,
    /// The connection broke or the answer was not HTTP the client understands.
    Transport,
}

impl CallError {
    pub fn kind(&self) -> &'static str {
        match self {
            CallError::Timeout => "timeout",
            CallError::Connect => "connect",
            CallError::Transport => "transport",
        }
    }
}

pub struct Response {
    pub status: u16,
    pub body: Vec<u8>,
}

struct Conn {
    stream: TcpStream,
    buf: Vec<u8>,
}

struct Instance {
    addr: SocketAddr,
    host: String,
    idle: Mutex<Vec<Conn>>,
}

/// Keep-alive connections to every instance, made from `source` (a loopback address of the
/// REST calls' own, apart from the sockets', so a new connection costs what it would for a
/// real client: see loadtest/README.md).
pub struct RestClient {
    instances: Vec<Instance>,
    source: Option<IpAddr>,
    timeout: Duration,
}

impl RestClient {
    pub fn new(targets: &[Target], source: Option<IpAddr>, timeout: Duration) -> RestClient {
        let instances = targets
            .iter()
            .map(|t| Instance { addr: t.addr, host: t.host_port.clone(), idle: Mutex::new(Vec::new()) })
            .collect();
        RestClient { instances, source, timeout }
    }

    /// Opens `n` connections to each instance with `GET /api/health` and keeps them idle;
    /// answers how many answered 200.
    pub async fn warm(&self, n: usize) -> usize {
        let mut calls = Vec::new();
        for i in 0..self.instances.len() {
            for _ in 0..n {
                calls.push(async move {
                    // Fresh connections, all open at once, then all returned to the pool.
                    let conn = self.connect(i).await.ok()?;
                    Some((i, conn))
                });
            }
        }
        let conns: Vec<(usize, Conn)> = futures_util::future::join_all(calls).await.into_iter().flatten().collect();
        let answers = futures_util::future::join_all(conns.into_iter().map(|(i, mut conn)| async move {
            let req = self.request("GET", i, "/api/health", None, b"");
            match tokio::time::timeout(self.timeout, exchange(&mut conn, &req)).await {
                Ok(Ok((resp, keep))) => {
                    if keep {
                        self.give_back(i, conn);
                    }
                    resp.status == 200
                }
                _ => false,
            }
        }))
        .await;
        answers.into_iter().filter(|a| *a).count()
    }

    /// `POST path` with a JSON body to instance `i`, on an idle connection or a new one.
    pub async fn post_json(&self, i: usize, path: &str, bearer: &str, body: &[u8]) -> Result<Response, CallError> {
        let req = self.request("POST", i, path, Some(bearer), body);
        match tokio::time::timeout(self.timeout, self.call(i, &req)).await {
            Ok(r) => r,
            Err(_) => Err(CallError::Timeout),
        }
    }

    async fn call(&self, i: usize, req: &[u8]) -> Result<Response, CallError> {
        let reused = self.take_idle(i);
        let was_reused = reused.is_some();
        let mut conn = match reused {
            Some(c) => c,
            None => self.connect(i).await?,
        };
        match exchange(&mut conn, req).await {
            Ok((resp, keep)) => {
                if keep {
                    self.give_back(i, conn);
                }
                Ok(resp)
            }
            // A kept connection the server had closed meanwhile: once more on a new one.
            Err(ExchangeError::Stale) if was_reused => {
                let mut conn = self.connect(i).await?;
                let (resp, keep) = exchange(&mut conn, req).await.map_err(|_| CallError::Transport)?;
                if keep {
                    self.give_back(i, conn);
                }
                Ok(resp)
            }
            Err(_) => Err(CallError::Transport),
        }
    }

    fn request(&self, method: &str, i: usize, path: &str, bearer: Option<&str>, body: &[u8]) -> Vec<u8> {
        let host = &self.instances[i].host;
        let mut req = Vec::with_capacity(160 + path.len() + bearer.map_or(0, str::len) + body.len());
        req.extend_from_slice(format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\n").as_bytes());
        if let Some(token) = bearer {
            req.extend_from_slice(format!("Authorization: Bearer {token}\r\n").as_bytes());
        }
        if method == "POST" {
            req.extend_from_slice(
                format!("Content-Type: application/json\r\nContent-Length: {}\r\n", body.len()).as_bytes(),
            );
        }
        req.extend_from_slice(b"\r\n");
        req.extend_from_slice(body);
        req
    }

    fn take_idle(&self, i: usize) -> Option<Conn> {
        self.instances[i].idle.lock().unwrap_or_else(|e| e.into_inner()).pop()
    }

    fn give_back(&self, i: usize, conn: Conn) {
        self.instances[i].idle.lock().unwrap_or_else(|e| e.into_inner()).push(conn);
    }

    async fn connect(&self, i: usize) -> Result<Conn, CallError> {
        let addr = self.instances[i].addr;
        let socket =
            if addr.is_ipv4() { TcpSocket::new_v4() } else { TcpSocket::new_v6() }.map_err(|_| CallError::Connect)?;
        if let Some(src) = self.source {
            socket.bind(SocketAddr::new(src, 0)).map_err(|_| CallError::Connect)?;
        }
        let stream = socket.connect(addr).await.map_err(|_| CallError::Connect)?;
        stream.set_nodelay(true).map_err(|_| CallError::Connect)?;
        Ok(Conn { stream, buf: Vec::with_capacity(2048) })
    }
}

/// Sends `req` and reads one answer; also says whether the connection can be used again.
async fn exchange(conn: &mut Conn, req: &[u8]) -> Result<(Response, bool), ExchangeError> {
    conn.stream.write_all(req).await.map_err(|_| ExchangeError::Stale)?;
    conn.buf.clear();
    let head_end = loop {
        if let Some(end) = find(&conn.buf, b"\r\n\r\n") {
            break end + 4;
        }
        if conn.buf.len() > 64 * 1024 {
            return Err(ExchangeError::Broken);
        }
        match read_more(conn).await {
            Ok(n) if n > 0 => {}
            // Closed (or reset) before a byte of the answer: the server had let it go.
            _ if conn.buf.is_empty() => return Err(ExchangeError::Stale),
            _ => return Err(ExchangeError::Broken),
        }
    };
    let head = Head::parse(&conn.buf[..head_end]).ok_or(ExchangeError::Broken)?;
    let body = match head.framing {
        Framing::Length(n) => {
            if n > MAX_RESPONSE {
                return Err(ExchangeError::Broken);
            }
            while conn.buf.len() < head_end + n {
                read_body_more(conn).await?;
            }
            conn.buf[head_end..head_end + n].to_vec()
        }
        Framing::Chunked => read_chunked(conn, head_end).await?,
    };
    Ok((Response { status: head.status, body }, head.keep_alive))
}

#[derive(Debug, PartialEq, Eq)]
enum ExchangeError {
    /// Nothing came back on a connection that had been idle: the server had closed it.
    Stale,
    Broken,
}

async fn read_more(conn: &mut Conn) -> std::io::Result<usize> {
    if conn.buf.capacity() - conn.buf.len() < 1024 {
        conn.buf.reserve(4096);
    }
    conn.stream.read_buf(&mut conn.buf).await
}

/// Reads more of a body that must go on.
async fn read_body_more(conn: &mut Conn) -> Result<(), ExchangeError> {
    match read_more(conn).await {
        Ok(n) if n > 0 => Ok(()),
        _ => Err(ExchangeError::Broken),
    }
}

async fn read_chunked(conn: &mut Conn, mut at: usize) -> Result<Vec<u8>, ExchangeError> {
    let mut body = Vec::new();
    loop {
        let line_end = loop {
            if let Some(e) = find(&conn.buf[at..], b"\r\n") {
                break at + e;
            }
            read_body_more(conn).await?;
        };
        let size_text = std::str::from_utf8(&conn.buf[at..line_end]).map_err(|_| ExchangeError::Broken)?;
        let size_hex = size_text.split(';').next().unwrap_or("").trim();
        let size = usize::from_str_radix(size_hex, 16).map_err(|_| ExchangeError::Broken)?;
        if body.len() + size > MAX_RESPONSE {
            return Err(ExchangeError::Broken);
        }
        let data = line_end + 2;
        // The chunk, then its CRLF (after the last chunk: the empty trailer's CRLF).
        while conn.buf.len() < data + size + 2 {
            read_body_more(conn).await?;
        }
        body.extend_from_slice(&conn.buf[data..data + size]);
        at = data + size + 2;
        if size == 0 {
            return Ok(body);
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Framing {
    Length(usize),
    Chunked,
}

#[derive(Debug, PartialEq, Eq)]
struct Head {
    status: u16,
    framing: Framing,
    keep_alive: bool,
}

impl Head {
    /// The status line and the headers that matter (through the blank line).
    fn parse(head: &[u8]) -> Option<Head> {
        let text = std::str::from_utf8(head).ok()?;
        let mut lines = text.split("\r\n");
        let status_line = lines.next()?;
        let mut parts = status_line.splitn(3, ' ');
        let version = parts.next()?;
        if !version.starts_with("HTTP/1.") {
            return None;
        }
        let status: u16 = parts.next()?.parse().ok()?;
        let mut framing = None;
        let mut keep_alive = version == "HTTP/1.1";
        for line in lines.filter(|l| !l.is_empty()) {
            let (name, value) = line.split_once(':')?;
            let value = value.trim();
            if name.eq_ignore_ascii_case("content-length") {
                framing = Some(Framing::Length(value.parse().ok()?));
            } else if name.eq_ignore_ascii_case("transfer-encoding") && value.eq_ignore_ascii_case("chunked") {
                framing = Some(Framing::Chunked);
            } else if name.eq_ignore_ascii_case("connection") {
                keep_alive = !value.eq_ignore_ascii_case("close");
            }
        }
        // No length and not chunked: a body only for these statuses, which have none.
        let framing = framing.unwrap_or(Framing::Length(0));
        Some(Head { status, framing, keep_alive })
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_status_framing_and_keep_alive() {
        let h = Head::parse(b"HTTP/1.1 201 Created\r\ncontent-length: 42\r\ncontent-type: application/json\r\n\r\n")
            .unwrap();
        assert_eq!(h, Head { status: 201, framing: Framing::Length(42), keep_alive: true });
        let h = Head::parse(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n").unwrap();
        assert_eq!(h, Head { status: 200, framing: Framing::Chunked, keep_alive: false });
        assert!(!Head::parse(b"HTTP/1.0 204 No Content\r\n\r\n").unwrap().keep_alive);
        assert!(Head::parse(b"SSH-2.0\r\n\r\n").is_none());
        assert!(Head::parse(b"HTTP/1.1 abc\r\n\r\n").is_none());
    }

    /// Against a tiny server on loopback: a length-framed answer, a chunked one, and a kept
    /// connection the server closed, which is retried once on a new connection.
    #[tokio::test]
    async fn talks_to_a_server() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            let mut n = 0;
            loop {
                let (mut s, _) = listener.accept().await.unwrap();
                n += 1;
                let conn_no = n;
                tokio::spawn(async move {
                    let mut buf = vec![0u8; 4096];
                    let mut served = 0;
                    loop {
                        let Ok(k) = s.read(&mut buf).await else { return };
                        if k == 0 {
                            return;
                        }
                        let req = String::from_utf8_lossy(&buf[..k]).to_string();
                        let answer = if req.contains("/chunked") {
                            "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n4\r\n{\"a\"\r\n3\r\n:1}\r\n0\r\n\r\n"
                                .to_string()
                        } else {
                            assert!(req.contains("Authorization: Bearer tok\r\n"), "{req}");
                            assert!(req.ends_with("\r\n\r\n{\"x\":1}"), "{req}");
                            "HTTP/1.1 201 Created\r\ncontent-length: 8\r\n\r\n{\"id\":7}".to_string()
                        };
                        s.write_all(answer.as_bytes()).await.unwrap();
                        served += 1;
                        // The first connection closes after its second answer.
                        if conn_no == 1 && served == 2 {
                            return;
                        }
                    }
                });
            }
        });
        let target = crate::target::parse_target(&format!("http://{addr}")).unwrap();
        let client = RestClient::new(&[target], None, Duration::from_secs(5));
        let r = client.post_json(0, "/api/notes", "tok", b"{\"x\":1}").await.unwrap();
        assert_eq!((r.status, r.body.as_slice()), (201, &b"{\"id\":7}"[..]));
        let r = client.post_json(0, "/chunked", "tok", b"{}").await.unwrap();
        assert_eq!((r.status, r.body.as_slice()), (200, &b"{\"a\":1}"[..]));
        // The kept connection is closed now; the call goes through on a new one.
        tokio::time::sleep(Duration::from_millis(50)).await;
        let r = client.post_json(0, "/api/notes", "tok", b"{\"x\":1}").await.unwrap();
        assert_eq!(r.status, 201);
    }
}
