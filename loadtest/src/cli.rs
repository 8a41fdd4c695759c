//! Command-line options of a run.

use std::path::PathBuf;

use anyhow::bail;
use clap::Parser;
use serde::Serialize;

/// Lamsa load test: opens N authenticated sockets, drives notes and replies over REST at a set
/// rate (open loop), and measures every delivery from the REST call to each recipient socket,
/// plus the server's memory. Loopback targets only; bounded in count and time.
#[derive(Parser, Debug, Clone, Serialize)]
#[command(name = "loadtest", version)]
pub struct Args {
    /// Base URL of a server instance, e.g. http://127.0.0.1:8080 (repeat for several
    /// instances; sockets and REST calls go round-robin). Loopback only.
    #[arg(long = "url", required = true)]
    pub urls: Vec<String>,

    /// Process id of a server instance whose RSS is measured (repeat, in --url order).
    #[arg(long = "server-pid")]
    pub server_pids: Vec<u32>,

    /// File with `lamsa loadtest-users` output (one JSON line per user).
    #[arg(long, conflicts_with = "lamsa_bin")]
    pub users_file: Option<PathBuf>,

    /// Run `<path> loadtest-users --count N` to create or reuse the users (inherits this
    /// environment, which must be the server's).
    #[arg(long)]
    pub lamsa_bin: Option<PathBuf>,

    /// Token lifetime asked of `lamsa loadtest-users`.
    #[arg(long, default_value_t = 7200)]
    pub ttl_secs: u64,

    /// Student sockets to open (users needed: sockets / sockets-per-user, rounded up).
    #[arg(long, default_value_t = 1000)]
    pub sockets: usize,

    /// Sockets per student (like several tabs): each event reaches all of them.
    #[arg(long, default_value_t = 1)]
    pub sockets_per_user: usize,

    /// Sockets of the supervisor, who receives `note.replied` (default: one per instance when
    /// replies are driven, else none).
    #[arg(long)]
    pub supervisor_sockets: Option<usize>,

    /// REST operations per second (open loop); 0 only holds the sockets.
    #[arg(long, default_value_t = 100.0)]
    pub rate: f64,

    /// How long to drive operations.
    #[arg(long, default_value_t = 10)]
    pub duration_secs: u64,

    /// Stop driving after this many operations.
    #[arg(long)]
    pub max_events: Option<u64>,

    /// Share of operations that are replies by a student to a note they got (the rest are
    /// supervisor notes).
    #[arg(long, default_value_t = 0.2)]
    pub reply_ratio: f64,

    /// New sockets per second, over all workers.
    #[arg(long, default_value_t = 1000.0)]
    pub connect_rate: f64,

    /// Handshakes in flight at once per worker.
    #[arg(long, default_value_t = 64)]
    pub max_handshakes: usize,

    /// Sockets per worker process (each process may hold at most 20,000 open files).
    #[arg(long, default_value_t = 9000)]
    pub sockets_per_worker: usize,

    /// Loopback source addresses 127.0.0.1..n for the sockets (default: one per 25,000 sockets).
    #[arg(long)]
    pub source_ips: Option<usize>,

    /// Loopback source address of the REST calls, apart from the sockets' (127.0.0.1..n).
    /// connect() searches for a free local port per (source, destination) pair; beside
    /// 15,000 sockets from 127.0.0.1 to the same server it took about 1 ms of CPU per new
    /// connection, and a burst of new REST connections starved the server (loadtest/README.md).
    #[arg(long, default_value = "127.0.1.1")]
    pub rest_source_ip: std::net::Ipv4Addr,

    /// Wait this long after each handshake before sending `resume` (0: at once, as the web
    /// client does). A workaround knob for server-side races at connect time.
    #[arg(long, default_value_t = 0)]
    pub resume_delay_ms: u64,

    /// Tries for a socket's first connection.
    #[arg(long, default_value_t = 3)]
    pub connect_tries: u32,

    /// Reconnections allowed per socket after it has been up.
    #[arg(long, default_value_t = 50)]
    pub max_reconnects: u32,

    /// Bound on the connect phase.
    #[arg(long, default_value_t = 120)]
    pub connect_timeout_secs: u64,

    /// Wait after all sockets are up before reading the idle RSS.
    #[arg(long, default_value_t = 5)]
    pub settle_secs: u64,

    /// Hold the idle sockets this much longer (after the idle RSS) before driving.
    #[arg(long, default_value_t = 0)]
    pub hold_secs: u64,

    /// After the last operation, wait at most this long for outstanding deliveries.
    #[arg(long, default_value_t = 15)]
    pub drain_secs: u64,

    /// REST requests in flight at most (each holds one HTTP connection to the server).
    #[arg(long, default_value_t = 512)]
    pub max_in_flight: usize,

    /// Before driving, open this many keep-alive HTTP connections to each instance (with
    /// `GET /api/health`), as a proxy in front of a running deployment would hold, so that
    /// connection set-up is not measured as the first operations' latency (at 5,000/s, 64 were
    /// too few).
    #[arg(long, default_value_t = 256)]
    pub warm_connections: usize,

    /// REST request timeout.
    #[arg(long, default_value_t = 10)]
    pub request_timeout_secs: u64,

    /// Extra characters in each note or reply text (besides the marker).
    #[arg(long, default_value_t = 40)]
    pub text_len: usize,

    /// Run --redis-restart-cmd this many seconds into the driving phase.
    #[arg(long, requires = "redis_restart_cmd")]
    pub restart_redis_at: Option<f64>,

    /// Shell command that restarts Redis (run with `sh -c`).
    #[arg(long, requires = "restart_redis_at")]
    pub redis_restart_cmd: Option<String>,

    /// Also write the JSON report to this file.
    #[arg(long)]
    pub json_out: Option<PathBuf>,

    /// A name for the run in the report.
    #[arg(long)]
    pub label: Option<String>,

    /// Do not print the JSON report on stdout (the table is always printed).
    #[arg(long)]
    pub no_json_stdout: bool,
}

impl Args {
    pub fn users_needed(&self) -> usize {
        self.sockets.div_ceil(self.sockets_per_user.max(1))
    }

    pub fn supervisor_socket_count(&self) -> usize {
        self.supervisor_sockets.unwrap_or(if self.rate > 0.0 && self.reply_ratio > 0.0 { self.urls.len() } else { 0 })
    }

    pub fn total_sockets(&self) -> usize {
        self.sockets + self.supervisor_socket_count()
    }

    pub fn source_ip_count(&self) -> usize {
        self.source_ips.unwrap_or_else(|| self.total_sockets().div_ceil(25_000).max(1))
    }

    /// Hard bounds, so that a typo cannot start an unbounded run.
    pub fn validate(&self) -> anyhow::Result<()> {
        if self.users_file.is_none() && self.lamsa_bin.is_none() {
            bail!("give --users-file FILE or --lamsa-bin PATH");
        }
        if !self.rest_source_ip.is_loopback() {
            bail!("--rest-source-ip must be a loopback address (127.0.0.0/8)");
        }
        if self.sockets > 200_000 || self.total_sockets() > 200_000 {
            bail!("--sockets is limited to 200,000");
        }
        if self.sockets_per_user == 0 || self.sockets_per_user > 100 {
            bail!("--sockets-per-user must be 1..100");
        }
        if !(0.0..=100_000.0).contains(&self.rate) || self.rate.is_nan() {
            bail!("--rate must be 0..100,000 per second");
        }
        if self.duration_secs > 3600 {
            bail!("--duration-secs is limited to 3600");
        }
        if self.max_events.is_some_and(|m| m > 50_000_000) {
            bail!("--max-events is limited to 50,000,000");
        }
        if !(0.0..=1.0).contains(&self.reply_ratio) {
            bail!("--reply-ratio must be between 0 and 1");
        }
        if self.connect_rate <= 0.0 || self.connect_rate > 100_000.0 {
            bail!("--connect-rate must be in (0, 100,000]");
        }
        if self.sockets_per_worker == 0 || self.sockets_per_worker > 19_000 {
            bail!("--sockets-per-worker must be 1..19,000 (a process may hold at most 20,000 open files)");
        }
        if self.max_in_flight == 0 || self.max_in_flight > 10_000 {
            bail!("--max-in-flight must be 1..10,000");
        }
        if self.connect_timeout_secs > 3600 || self.hold_secs > 3600 || self.drain_secs > 600 || self.settle_secs > 600
        {
            bail!("phase durations are limited (connect/hold 3600 s, settle/drain 600 s)");
        }
        if self.resume_delay_ms > 60_000 {
            bail!("--resume-delay-ms is limited to 60,000");
        }
        if self.text_len > 1900 {
            bail!("--text-len is limited to 1900 (texts are at most 2000 characters)");
        }
        if !self.server_pids.is_empty() && self.server_pids.len() != self.urls.len() {
            eprintln!(
                "note: {} --server-pid for {} --url; memory is reported in total",
                self.server_pids.len(),
                self.urls.len()
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(extra: &[&str]) -> Args {
        let mut v = vec!["loadtest", "--url", "http://127.0.0.1:8080", "--users-file", "u.jsonl"];
        v.extend_from_slice(extra);
        Args::try_parse_from(v).unwrap()
    }

    #[test]
    fn derived_counts() {
        let a = args(&["--sockets", "15000"]);
        assert_eq!(a.users_needed(), 15000);
        assert_eq!(a.supervisor_socket_count(), 1);
        assert_eq!(a.source_ip_count(), 1);
        a.validate().unwrap();
        let b = args(&["--sockets", "30000", "--url", "http://127.0.0.1:8081", "--sockets-per-user", "2"]);
        assert_eq!(b.users_needed(), 15000);
        assert_eq!(b.supervisor_socket_count(), 2);
        assert_eq!(b.source_ip_count(), 2);
        let idle = args(&["--rate", "0"]);
        assert_eq!(idle.supervisor_socket_count(), 0);
        assert!(args(&["--rate", "1000000"]).validate().is_err());
        assert!(args(&["--sockets-per-worker", "20000"]).validate().is_err());
        assert!(args(&["--rest-source-ip", "10.0.0.1"]).validate().is_err());
        args(&["--rest-source-ip", "127.0.2.1"]).validate().unwrap();
        assert!(Args::try_parse_from(["loadtest", "--url", "http://127.0.0.1:1"]).unwrap().validate().is_err());
        assert!(Args::try_parse_from(["loadtest", "--url", "http://127.0.0.1:1", "--restart-redis-at", "3"]).is_err());
    }
}
