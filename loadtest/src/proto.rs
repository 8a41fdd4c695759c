//! The parent ↔ worker protocol. The parent writes one JSON line ([`WorkerConfig`]) on the
//! worker's stdin, then `STOP` when the run is over (or closes stdin). The worker answers on
//! stdout with compact lines ([`WorkerMsg`]), one per line.

use std::net::{Ipv4Addr, SocketAddr};

use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, Clone)]
pub struct WorkerConfig {
    /// The run id in the markers.
    pub run: String,
    /// Notification id to resume after on the first connect (events up to it are old).
    pub resume_after: i64,
    /// New connections per second for this worker.
    pub connect_rate: f64,
    /// Handshakes in flight at once in this worker.
    pub max_handshakes: usize,
    /// Tries for the first connection of a socket before it counts as failed.
    pub connect_tries: u32,
    /// Reconnections allowed per socket once it has been up.
    pub max_reconnects: u32,
    /// Handshake timeout, ms.
    pub handshake_timeout_ms: u64,
    /// Wait this long after the handshake before sending `resume`, ms (0: at once).
    #[serde(default)]
    pub resume_delay_ms: u64,
    pub sockets: Vec<SocketSpec>,
}

#[derive(Serialize, Deserialize, Debug, Clone)]
pub struct SocketSpec {
    /// Global socket index (the parent's numbering).
    pub idx: u32,
    /// Where to connect TCP.
    pub addr: SocketAddr,
    /// `ws://host:port/api/ws`
    pub url: String,
    pub token: String,
    /// Loopback address to bind before connecting, when several are used.
    pub src: Option<Ipv4Addr>,
}

/// Running totals a worker reports every half second and once more at the end.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WorkerStats {
    /// Sockets up now (authenticated: the server answered `resume`).
    pub held: u32,
    /// Sockets that never came up, or gave up after too many reconnections.
    pub failed: u32,
    /// Connection attempts that failed (TCP, handshake, timeout).
    pub connect_errors: u32,
    /// Sockets closed by the server with 4401 (bad or expired token).
    pub auth_rejected: u32,
    /// Times a socket that had been up was dropped.
    pub drops: u32,
    /// Reconnections that came back up (after `resume`).
    pub reconnects: u32,
    /// Events without this run's marker (older runs, other traffic).
    pub foreign: u64,
    /// `error` frames from the server.
    pub error_frames: u32,
}

#[derive(Debug, PartialEq, Eq)]
pub enum WorkerMsg {
    /// Socket `idx` is up for the first time.
    Up {
        idx: u32,
    },
    /// Socket `idx` is up again after a drop (reconnected and resumed).
    Back {
        idx: u32,
    },
    /// Every socket of the worker has come up or failed: the connect phase is over here.
    Connected,
    /// Event of operation `op` (notification `id`) arrived on socket `idx` at `ns`.
    Arrival {
        idx: u32,
        op: u64,
        id: i64,
        ns: u64,
    },
    /// Socket `idx` went down (close code or 0) and will reconnect.
    Down {
        idx: u32,
        code: u16,
    },
    /// Socket `idx` gave up.
    Failed {
        idx: u32,
    },
    Stats(WorkerStats),
    /// The worker has closed its sockets and is exiting.
    Done,
}

impl WorkerMsg {
    pub fn encode(&self) -> String {
        match self {
            WorkerMsg::Up { idx } => format!("U {idx}"),
            WorkerMsg::Back { idx } => format!("R {idx}"),
            WorkerMsg::Connected => "C".into(),
            WorkerMsg::Arrival { idx, op, id, ns } => format!("A {idx} {op} {id} {ns}"),
            WorkerMsg::Down { idx, code } => format!("D {idx} {code}"),
            WorkerMsg::Failed { idx } => format!("F {idx}"),
            WorkerMsg::Stats(s) => format!(
                "S {} {} {} {} {} {} {} {}",
                s.held, s.failed, s.connect_errors, s.auth_rejected, s.drops, s.reconnects, s.foreign, s.error_frames
            ),
            WorkerMsg::Done => "Z".into(),
        }
    }

    pub fn decode(line: &str) -> anyhow::Result<WorkerMsg> {
        let mut it = line.split_ascii_whitespace();
        let tag = it.next().context("empty line")?;
        let mut num = || -> anyhow::Result<u64> {
            it.next().context("missing field")?.parse::<u64>().with_context(|| format!("bad number in {line:?}"))
        };
        let msg = match tag {
            "U" => WorkerMsg::Up { idx: num()? as u32 },
            "R" => WorkerMsg::Back { idx: num()? as u32 },
            "C" => WorkerMsg::Connected,
            "A" => WorkerMsg::Arrival { idx: num()? as u32, op: num()?, id: num()? as i64, ns: num()? },
            "D" => WorkerMsg::Down { idx: num()? as u32, code: num()? as u16 },
            "F" => WorkerMsg::Failed { idx: num()? as u32 },
            "S" => WorkerMsg::Stats(WorkerStats {
                held: num()? as u32,
                failed: num()? as u32,
                connect_errors: num()? as u32,
                auth_rejected: num()? as u32,
                drops: num()? as u32,
                reconnects: num()? as u32,
                foreign: num()?,
                error_frames: num()? as u32,
            }),
            "Z" => WorkerMsg::Done,
            other => bail!("unknown worker message {other:?}"),
        };
        Ok(msg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip() {
        let stats = WorkerStats {
            held: 9000,
            failed: 1,
            connect_errors: 2,
            auth_rejected: 3,
            drops: 4,
            reconnects: 5,
            foreign: 6,
            error_frames: 7,
        };
        for m in [
            WorkerMsg::Up { idx: 12 },
            WorkerMsg::Back { idx: 13 },
            WorkerMsg::Connected,
            WorkerMsg::Arrival { idx: 29_999, op: 1_234_567, id: 98_765_432_100, ns: 1_700_000_000_123_456_789 },
            WorkerMsg::Down { idx: 3, code: 4008 },
            WorkerMsg::Failed { idx: 4 },
            WorkerMsg::Stats(stats),
            WorkerMsg::Done,
        ] {
            assert_eq!(WorkerMsg::decode(&m.encode()).unwrap(), m);
        }
        assert!(WorkerMsg::decode("").is_err());
        assert!(WorkerMsg::decode("A 1 2").is_err());
        assert!(WorkerMsg::decode("Q 1").is_err());
    }

    #[test]
    fn config_round_trips_as_one_line() {
        let c = WorkerConfig {
            run: "r".into(),
            resume_after: 10,
            connect_rate: 500.0,
            max_handshakes: 64,
            connect_tries: 3,
            max_reconnects: 50,
            handshake_timeout_ms: 10_000,
            resume_delay_ms: 0,
            sockets: vec![SocketSpec {
                idx: 0,
                addr: "127.0.0.1:8080".parse().unwrap(),
                url: "ws://127.0.0.1:8080/api/ws".into(),
                token: "t".into(),
                src: Some(Ipv4Addr::new(127, 0, 0, 2)),
            }],
        };
        let line = serde_json::to_string(&c).unwrap();
        assert!(!line.contains('\n'));
        let back: WorkerConfig = serde_json::from_str(&line).unwrap();
        assert_eq!(back.sockets[0].src, Some(Ipv4Addr::new(127, 0, 0, 2)));
    }
}
