//! The run's report: a table for people and a JSON object for tools.

use std::fmt::Write as _;

use serde::Serialize;

use crate::{
    cli::Args,
    run::{latency_samples, rest_latency, Agg, DriveOutcome, OpKind, OpStatus, RedisRestart},
    stats::{summarize, Latency},
    target::Target,
};

#[derive(Serialize, Debug)]
pub struct Report {
    pub label: Option<String>,
    pub run_id: String,
    pub instances: Vec<Instance>,
    pub workers: usize,
    pub source_ips: usize,
    pub resume_after: i64,
    pub sockets: Sockets,
    pub events: Events,
    pub deliveries: Deliveries,
    pub latency_ms: Latencies,
    pub memory: Memory,
    pub cpu: Cpu,
    pub redis_restart: Option<RedisRestart>,
    pub total_secs: f64,
    pub config: Args,
}

#[derive(Serialize, Debug)]
pub struct Instance {
    pub url: String,
    pub bus: String,
    pub sockets_up: u64,
}

#[derive(Serialize, Debug)]
pub struct Sockets {
    pub requested: usize,
    pub student_sockets: usize,
    pub supervisor_sockets: usize,
    pub up_at_least_once: u64,
    pub held_idle: u64,
    pub held_at_drive_start: u64,
    pub held_end: u64,
    pub failed: u64,
    pub connect_errors: u64,
    pub auth_rejected: u64,
    pub drops: u64,
    pub reconnects: u64,
    pub connect_secs: f64,
}

#[derive(Serialize, Debug)]
pub struct Events {
    pub scheduled: u64,
    pub notes: u64,
    pub replies: u64,
    pub rest_ok: u64,
    pub rest_errors: u64,
    pub rest_error_kinds: std::collections::BTreeMap<String, u64>,
    pub target_rate: f64,
    pub achieved_send_rate: f64,
    pub drive_secs: f64,
    pub max_client_backlog: u64,
}

#[derive(Serialize, Debug)]
pub struct Deliveries {
    /// One per recipient socket (up when driving started) of every operation that got 201.
    pub expected: u64,
    /// Distinct (operation, socket) pairs among the expected ones.
    pub delivered: u64,
    pub lost: u64,
    pub duplicates: u64,
    /// Arrivals on a socket that was not a recipient.
    pub unexpected: u64,
    /// Deliveries of operations whose REST call failed on the client side (e.g. timed out
    /// after the server committed).
    pub for_failed_requests: u64,
    /// Events without this run's marker (earlier runs, other traffic).
    pub foreign_events: u64,
    pub per_sec: f64,
    pub drain_secs: f64,
}

#[derive(Serialize, Debug)]
pub struct Latencies {
    /// Arrival on the socket − start of the REST call.
    pub delivery: Latency,
    /// Arrival − the scheduled send time (includes any client-side backlog).
    pub delivery_from_schedule: Latency,
    /// REST call start → response.
    pub rest_response: Latency,
    pub rest_response_notes: Latency,
    pub rest_response_replies: Latency,
    pub notes: Latency,
    pub replies: Latency,
    /// Delivery latency (REST call → socket) by second of the schedule: when stalls happened.
    pub by_second: Vec<SecondLatency>,
}

#[derive(Serialize, Debug)]
pub struct SecondLatency {
    pub second: u64,
    pub count: u64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

#[derive(Serialize, Debug)]
pub struct Memory {
    pub per_server: Vec<ServerMemory>,
    /// Sums over the servers measured.
    pub before_kib: Option<u64>,
    pub idle_kib: Option<u64>,
    pub end_kib: Option<u64>,
    pub peak_kib: Option<u64>,
    /// (idle − before) / sockets held at idle, over all servers measured.
    pub kib_per_socket: Option<f64>,
}

/// What the servers spent over the drive and its drain (user + system CPU time from /proc).
#[derive(Serialize, Debug)]
pub struct Cpu {
    /// Per server measured, in the order of `--server-pid`.
    pub per_server_secs: Vec<Option<f64>>,
    /// Summed over the servers; `None` when any could not be read.
    pub secs: Option<f64>,
    /// The drive and drain's wall time.
    pub window_secs: f64,
    /// Cores busy on average over the window (secs / window).
    pub cores: Option<f64>,
    /// Server CPU time per delivered event, in µs.
    pub us_per_delivery: Option<f64>,
}

#[derive(Serialize, Debug)]
pub struct ServerMemory {
    pub pid: u32,
    pub url: Option<String>,
    pub before_kib: Option<u64>,
    pub idle_kib: Option<u64>,
    pub end_kib: Option<u64>,
    pub peak_kib: Option<u64>,
    pub sockets: Option<u64>,
    pub kib_per_socket: Option<f64>,
}

pub struct Inputs<'a> {
    pub args: &'a Args,
    pub run_id: &'a str,
    pub targets: &'a [Target],
    pub bus_kinds: &'a [String],
    pub agg: &'a Agg,
    pub n_workers: usize,
    pub source_ips: usize,
    pub resume_after: i64,
    pub connect_secs: f64,
    pub held_idle: u64,
    pub held_before_drive: u64,
    pub held_end: u64,
    pub up_by_instance: &'a [u64],
    pub pids: &'a [u32],
    pub rss_before: &'a [Option<u64>],
    pub rss_idle: &'a [Option<u64>],
    pub rss_end: &'a [Option<u64>],
    pub rss_peak: &'a [u64],
    pub cpu_before: &'a [Option<f64>],
    pub cpu_after: &'a [Option<f64>],
    pub drive: &'a DriveOutcome,
    pub drain_secs: f64,
    pub total_secs: f64,
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn sum(v: &[Option<u64>]) -> Option<u64> {
    if v.is_empty() {
        return None;
    }
    v.iter().copied().sum()
}

fn per_socket(before: Option<u64>, idle: Option<u64>, sockets: u64) -> Option<f64> {
    match (before, idle) {
        (Some(b), Some(i)) if sockets > 0 => Some(round3((i as f64 - b as f64) / sockets as f64)),
        _ => None,
    }
}

pub fn build(i: Inputs) -> Report {
    let a = i.agg;
    let ws = |f: fn(&crate::proto::WorkerStats) -> u64| a.worker_stats.iter().map(f).sum::<u64>();
    let up_once = a.ever_up.iter().filter(|u| **u).count() as u64;

    // Deliveries.
    let mut delivered = 0u64;
    let mut for_failed = 0u64;
    let mut rest_ok = 0u64;
    let mut rest_err = 0u64;
    let (mut first_start, mut last_start) = (u64::MAX, 0u64);
    for op in &a.ops {
        match op.status {
            OpStatus::Ok => {
                rest_ok += 1;
                delivered += op.delivered as u64;
            }
            OpStatus::Failed => {
                rest_err += 1;
                for_failed += op.delivered as u64;
            }
            OpStatus::Pending => {}
        }
        if op.start_ns > 0 {
            first_start = first_start.min(op.start_ns);
            last_start = last_start.max(op.start_ns);
        }
    }
    // Operations still pending when the run ended: never started (the client's backlog, when
    // the server is slower than the rate and --max-in-flight calls are all waiting), or started
    // and cut off.
    let pending = |started: bool| {
        a.ops.iter().filter(|o| o.status == OpStatus::Pending && (o.start_ns > 0) == started).count() as u64
    };
    let mut rest_error_kinds = a.rest_errors.clone();
    for (name, n) in [("not_sent_backlog", pending(false)), ("cut_off_in_flight", pending(true))] {
        if n > 0 {
            rest_error_kinds.insert(name.into(), n);
            rest_err += n;
        }
    }
    let expected = a.expected_ok;
    let last_arrival = a.arrivals.iter().map(|r| r.ns).max().unwrap_or(0);
    let per_sec = if last_arrival > i.drive.first_sched_ns && delivered > 0 {
        delivered as f64 / ((last_arrival - i.drive.first_sched_ns) as f64 / 1e9)
    } else {
        0.0
    };
    let started = a.ops.iter().filter(|o| o.start_ns > 0).count() as f64;
    let achieved =
        if last_start > first_start { (started - 1.0) / ((last_start - first_start) as f64 / 1e9) } else { 0.0 };

    // Latencies.
    let (mut from_start, mut from_sched) = latency_samples(a);
    let by_kind = |k: OpKind| {
        let mut v: Vec<u64> = a
            .arrivals
            .iter()
            .filter_map(|r| {
                let op = &a.ops[r.op as usize];
                (op.status == OpStatus::Ok && op.kind == k).then(|| r.ns.saturating_sub(op.start_ns))
            })
            .collect();
        summarize(&mut v)
    };
    let by_second = by_second(a);
    let notes = by_kind(OpKind::Note);
    let replies = by_kind(OpKind::Reply);
    let latency_ms = Latencies {
        delivery: summarize(&mut from_start),
        delivery_from_schedule: summarize(&mut from_sched),
        rest_response: rest_latency(a, None),
        rest_response_notes: rest_latency(a, Some(OpKind::Note)),
        rest_response_replies: rest_latency(a, Some(OpKind::Reply)),
        notes,
        replies,
        by_second,
    };

    // Memory.
    let paired = i.pids.len() == i.targets.len();
    let per_server = i
        .pids
        .iter()
        .enumerate()
        .map(|(k, pid)| {
            let sockets = paired.then(|| i.up_by_instance[k]);
            ServerMemory {
                pid: *pid,
                url: paired.then(|| i.targets[k].base.clone()),
                before_kib: i.rss_before[k],
                idle_kib: i.rss_idle[k],
                end_kib: i.rss_end[k],
                peak_kib: Some(i.rss_peak[k]).filter(|p| *p > 0),
                sockets,
                kib_per_socket: sockets.and_then(|s| per_socket(i.rss_before[k], i.rss_idle[k], s)),
            }
        })
        .collect();
    let before = sum(i.rss_before);
    let idle = sum(i.rss_idle);
    let memory = Memory {
        per_server,
        before_kib: before,
        idle_kib: idle,
        end_kib: sum(i.rss_end),
        peak_kib: if i.rss_peak.is_empty() { None } else { Some(i.rss_peak.iter().sum()) },
        kib_per_socket: per_socket(before, idle, i.held_idle),
    };

    let per_server_secs: Vec<Option<f64>> =
        i.cpu_before.iter().zip(i.cpu_after).map(|(b, a)| Some(round3((*a)? - (*b)?))).collect();
    let cpu_secs = per_server_secs.iter().copied().sum::<Option<f64>>().filter(|_| !per_server_secs.is_empty());
    let window_secs = i.drive.drive_secs + i.drain_secs;
    let cpu = Cpu {
        per_server_secs,
        secs: cpu_secs.map(round3),
        window_secs: round3(window_secs),
        cores: cpu_secs.filter(|_| window_secs > 0.0).map(|c| round3(c / window_secs)),
        us_per_delivery: cpu_secs.filter(|_| delivered > 0).map(|c| round3(c * 1e6 / delivered as f64)),
    };

    Report {
        label: i.args.label.clone(),
        run_id: i.run_id.to_string(),
        instances: i
            .targets
            .iter()
            .zip(i.bus_kinds)
            .zip(i.up_by_instance)
            .map(|((t, b), n)| Instance { url: t.base.clone(), bus: b.clone(), sockets_up: *n })
            .collect(),
        workers: i.n_workers,
        source_ips: i.source_ips,
        resume_after: i.resume_after,
        sockets: Sockets {
            requested: i.args.total_sockets(),
            student_sockets: i.args.sockets,
            supervisor_sockets: i.args.supervisor_socket_count(),
            up_at_least_once: up_once,
            held_idle: i.held_idle,
            held_at_drive_start: i.held_before_drive,
            held_end: i.held_end,
            failed: a.failed_sockets,
            connect_errors: ws(|s| s.connect_errors as u64),
            auth_rejected: ws(|s| s.auth_rejected as u64),
            drops: ws(|s| s.drops as u64),
            reconnects: ws(|s| s.reconnects as u64),
            connect_secs: round3(i.connect_secs),
        },
        events: Events {
            scheduled: i.drive.scheduled,
            notes: i.drive.notes,
            replies: i.drive.replies,
            rest_ok,
            rest_errors: rest_err,
            rest_error_kinds,
            target_rate: i.args.rate,
            achieved_send_rate: round3(achieved),
            drive_secs: round3(i.drive.drive_secs),
            max_client_backlog: i.drive.max_backlog,
        },
        deliveries: Deliveries {
            expected,
            delivered,
            lost: expected.saturating_sub(delivered),
            duplicates: a.duplicates,
            unexpected: a.unexpected + a.unknown_op,
            for_failed_requests: for_failed,
            foreign_events: ws(|s| s.foreign),
            per_sec: round3(per_sec),
            drain_secs: round3(i.drain_secs),
        },
        latency_ms,
        memory,
        cpu,
        redis_restart: i.drive.redis_restart.clone(),
        total_secs: round3(i.total_secs),
        config: i.args.clone(),
    }
}

fn kib(v: Option<u64>) -> String {
    v.map(|k| format!("{:.1} MiB", k as f64 / 1024.0)).unwrap_or_else(|| "-".into())
}

fn lat(l: &Latency) -> String {
    if l.count == 0 {
        return "-".into();
    }
    format!("p50 {:.2}  p95 {:.2}  p99 {:.2}  max {:.2} ms  (n={})", l.p50_ms, l.p95_ms, l.p99_ms, l.max_ms, l.count)
}

/// The human-readable table.
pub fn table(r: &Report) -> String {
    let mut rows: Vec<(String, String)> = Vec::new();
    let mut row = |k: &str, v: String| rows.push((k.to_string(), v));
    row("run", format!("{}{}", r.run_id, r.label.as_ref().map(|l| format!(" ({l})")).unwrap_or_default()));
    for inst in &r.instances {
        row("instance", format!("{}  bus={}  sockets={}", inst.url, inst.bus, inst.sockets_up));
    }
    row("workers / source IPs", format!("{} / {}", r.workers, r.source_ips.max(1)));
    let s = &r.sockets;
    row(
        "sockets requested",
        format!("{} ({} student + {} supervisor)", s.requested, s.student_sockets, s.supervisor_sockets),
    );
    row("sockets held", format!("idle {}  at drive {}  at end {}", s.held_idle, s.held_at_drive_start, s.held_end));
    row(
        "connect",
        format!(
            "{:.1} s, {} errors, {} failed, {} rejected (4401)",
            s.connect_secs, s.connect_errors, s.failed, s.auth_rejected
        ),
    );
    row("drops / reconnects", format!("{} / {}", s.drops, s.reconnects));
    let e = &r.events;
    row("events sent", format!("{} scheduled ({} notes, {} replies)", e.scheduled, e.notes, e.replies));
    row("REST ok / errors", format!("{} / {} {:?}", e.rest_ok, e.rest_errors, e.rest_error_kinds));
    row(
        "send rate",
        format!(
            "target {}/s, achieved {:.1}/s over {:.1} s (max backlog {})",
            e.target_rate, e.achieved_send_rate, e.drive_secs, e.max_client_backlog
        ),
    );
    let d = &r.deliveries;
    row(
        "deliveries",
        format!(
            "expected {}  delivered {}  LOST {}  duplicates {}  unexpected {}",
            d.expected, d.delivered, d.lost, d.duplicates, d.unexpected
        ),
    );
    row(
        "deliveries/s",
        format!(
            "{:.1} (drain {:.1} s; {} for failed requests; {} foreign events)",
            d.per_sec, d.drain_secs, d.for_failed_requests, d.foreign_events
        ),
    );
    row("latency (REST call→socket)", lat(&r.latency_ms.delivery));
    row("latency (schedule→socket)", lat(&r.latency_ms.delivery_from_schedule));
    row("  notes", lat(&r.latency_ms.notes));
    row("  replies", lat(&r.latency_ms.replies));
    row("REST response", lat(&r.latency_ms.rest_response));
    row("  notes", lat(&r.latency_ms.rest_response_notes));
    row("  replies", lat(&r.latency_ms.rest_response_replies));
    row(
        "p99 by second (ms)",
        r.latency_ms.by_second.iter().map(|s| format!("{:.0}", s.p99_ms)).collect::<Vec<_>>().join(" "),
    );
    for m in &r.memory.per_server {
        row(
            &format!("RSS pid {}", m.pid),
            format!(
                "before {}  idle {}  end {}  peak {}{}",
                kib(m.before_kib),
                kib(m.idle_kib),
                kib(m.end_kib),
                kib(m.peak_kib),
                m.kib_per_socket
                    .map(|k| format!("  → {k:.2} KiB/socket ({} sockets)", m.sockets.unwrap_or(0)))
                    .unwrap_or_default()
            ),
        );
    }
    if let Some(k) = r.memory.kib_per_socket {
        row("server KiB per socket", format!("{k:.2} ((idle − before) / {} held)", s.held_idle));
    }
    if let Some(secs) = r.cpu.secs {
        let per_server = if r.cpu.per_server_secs.len() > 1 {
            let each: Vec<String> = r.cpu.per_server_secs.iter().map(|s| format!("{:.2}", s.unwrap_or(0.0))).collect();
            format!("; per server {} s", each.join(" + "))
        } else {
            String::new()
        };
        let per_delivery = r.cpu.us_per_delivery.map(|us| format!(" → {us:.1} µs per delivery")).unwrap_or_default();
        row(
            "server CPU (drive + drain)",
            format!(
                "{secs:.2} s over {:.1} s ({:.2} cores{per_server}){per_delivery}",
                r.cpu.window_secs,
                r.cpu.cores.unwrap_or(0.0)
            ),
        );
    }
    if let Some(rr) = &r.redis_restart {
        row("Redis restart", format!("at {:.1} s, took {:.0} ms, exit {:?}", rr.at_secs, rr.took_ms, rr.exit_code));
    }
    row("total time", format!("{:.1} s", r.total_secs));
    let w = rows.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for (k, v) in rows {
        let _ = writeln!(out, "{k:<w$}  {v}");
    }
    out
}

/// Delivery latencies grouped by the second of the schedule each operation was due in.
fn by_second(a: &Agg) -> Vec<SecondLatency> {
    let first = a.ops.iter().map(|o| o.sched_ns).filter(|&n| n > 0).min().unwrap_or(0);
    let mut buckets: std::collections::BTreeMap<u64, Vec<u64>> = Default::default();
    for r in &a.arrivals {
        let op = &a.ops[r.op as usize];
        if op.status == OpStatus::Ok {
            buckets
                .entry(op.sched_ns.saturating_sub(first) / 1_000_000_000)
                .or_default()
                .push(r.ns.saturating_sub(op.start_ns));
        }
    }
    buckets
        .into_iter()
        .map(|(second, mut v)| {
            let l = summarize(&mut v);
            SecondLatency { second, count: l.count, p50_ms: l.p50_ms, p99_ms: l.p99_ms, max_ms: l.max_ms }
        })
        .collect()
}
