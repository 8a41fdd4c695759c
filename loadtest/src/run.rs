//! The parent process of a run: users, baseline, workers holding the sockets, the open-loop
//! driver, drain, memory readings, and the analysis that accounts for every expected delivery.

use std::{
    collections::{BTreeMap, HashSet, VecDeque},
    process::Stdio,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use anyhow::{bail, Context};
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    process::{Child, ChildStdin},
    sync::Semaphore,
    task::JoinSet,
};
use tokio_tungstenite::tungstenite::Message;

use crate::{
    cli::Args,
    clock::mono_ns,
    marker::{marker, parse_frame, Incoming},
    proto::{SocketSpec, WorkerConfig, WorkerMsg, WorkerStats},
    report::{self, Report},
    rest::RestClient,
    stats::{cpu_secs, rss_kib, summarize, Schedule},
    target::{parse_target, source_addrs, Target},
    users::{self, User, Users},
    worker::open_socket,
};

/// Who a socket belongs to: a student (index into the student list) or the supervisor.
pub const SUPERVISOR: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpKind {
    Note,
    Reply,
}

/// One REST operation of the driver.
#[derive(Clone, Copy, Debug)]
pub struct OpRec {
    pub kind: OpKind,
    /// Whose sockets get the event ([`SUPERVISOR`] or a student index).
    pub recipient: u32,
    pub sched_ns: u64,
    pub start_ns: u64,
    pub done_ns: u64,
    pub status: OpStatus,
    /// Distinct expected sockets it has reached so far.
    pub delivered: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpStatus {
    Pending,
    Ok,
    Failed,
}

#[derive(Clone, Copy, Debug)]
pub struct ArrivalRec {
    pub op: u64,
    pub ns: u64,
}

/// Everything the workers and the driver report, behind one lock.
#[derive(Default)]
pub struct Agg {
    /// Owner of each socket (by global index).
    pub owner: Vec<u32>,
    /// Socket came up at least once.
    pub ever_up: Vec<bool>,
    /// Socket is up now (as last reported).
    pub up_now: Vec<bool>,
    /// Socket was up when driving started (only those are expected to receive).
    pub held_at_start: Vec<bool>,
    /// Expected recipient sockets per student, and the supervisor's, fixed at drive start.
    pub expected_student: Vec<u32>,
    pub expected_supervisor: u32,
    pub failed_sockets: u64,
    /// Socket gave up for good (never came up, or too many reconnections).
    pub gave_up: Vec<bool>,
    pub down_events: u64,
    pub workers_connected: usize,
    pub workers_done: usize,
    pub worker_stats: Vec<WorkerStats>,
    pub ops: Vec<OpRec>,
    pub seen: HashSet<u64>,
    pub arrivals: Vec<ArrivalRec>,
    pub duplicates: u64,
    pub unexpected: u64,
    pub unknown_op: u64,
    pub expected_ok: u64,
    pub delivered_ok: u64,
    pub rest_errors: BTreeMap<String, u64>,
    pub protocol_errors: u64,
}

impl Agg {
    fn expected_for(&self, recipient: u32) -> u32 {
        if recipient == SUPERVISOR {
            self.expected_supervisor
        } else {
            self.expected_student.get(recipient as usize).copied().unwrap_or(0)
        }
    }

    /// Records one arrival reported by a worker.
    pub fn arrival(&mut self, idx: u32, op: u64, ns: u64) {
        let Some(rec) = self.ops.get(op as usize).copied() else {
            self.unknown_op += 1;
            return;
        };
        let i = idx as usize;
        if self.owner.get(i) != Some(&rec.recipient) || !self.held_at_start.get(i).copied().unwrap_or(false) {
            self.unexpected += 1;
            return;
        }
        if !self.seen.insert((op << 20) | idx as u64) {
            self.duplicates += 1;
            return;
        }
        self.arrivals.push(ArrivalRec { op, ns });
        let rec = &mut self.ops[op as usize];
        rec.delivered += 1;
        if rec.status == OpStatus::Ok {
            self.delivered_ok += 1;
        }
    }

    /// Records the end of a REST operation.
    pub fn op_done(&mut self, op: usize, ok: bool, done_ns: u64) {
        let expected = self.expected_for(self.ops[op].recipient);
        let rec = &mut self.ops[op];
        rec.done_ns = done_ns;
        rec.status = if ok { OpStatus::Ok } else { OpStatus::Failed };
        if ok {
            self.expected_ok += expected as u64;
            self.delivered_ok += rec.delivered as u64;
        }
    }

    fn held_now(&self) -> u64 {
        self.up_now.iter().filter(|u| **u).count() as u64
    }

    fn set_up(&mut self, idx: u32, up: bool) {
        if let Some(u) = self.up_now.get_mut(idx as usize) {
            *u = up;
        }
    }
}

type Shared = Arc<Mutex<Agg>>;

fn lock(a: &Shared) -> std::sync::MutexGuard<'_, Agg> {
    a.lock().unwrap_or_else(|p| p.into_inner())
}

fn log(msg: impl AsRef<str>) {
    eprintln!("[loadtest] {}", msg.as_ref());
}

struct WorkerHandle {
    child: Child,
    stdin: Option<ChildStdin>,
}

pub async fn run(args: Args) -> anyhow::Result<Report> {
    args.validate()?;
    let targets: Vec<Target> = args.urls.iter().map(|u| parse_target(u)).collect::<anyhow::Result<_>>()?;
    let started = Instant::now();
    let run_id = format!("{:08x}", (mono_ns() ^ ((std::process::id() as u64) << 32)) as u32);
    log(format!("run {run_id}: {} instance(s), {} sockets requested", targets.len(), args.total_sockets()));

    // IPv4 targets only: an IPv6 one could not be reached from an IPv4 source.
    let rest_source = targets.iter().all(|t| t.addr.is_ipv4()).then_some(std::net::IpAddr::V4(args.rest_source_ip));
    // reqwest for the few set-up calls; the driver's own client for the load.
    let client = reqwest::Client::builder()
        .local_address(rest_source)
        .timeout(Duration::from_secs(args.request_timeout_secs))
        .build()?;
    let rest = Arc::new(RestClient::new(&targets, rest_source, Duration::from_secs(args.request_timeout_secs)));

    // Instances up?
    let mut bus_kinds = Vec::new();
    for t in &targets {
        bus_kinds.push(wait_healthy(&client, t).await?);
    }

    // Users.
    let needed = args.users_needed();
    let users = match (&args.users_file, &args.lamsa_bin) {
        (Some(f), _) => users::read_users_file(f)?,
        (None, Some(bin)) => {
            log(format!("creating or reusing {needed} users with {} loadtest-users", bin.display()));
            users::run_lamsa(bin, needed, args.ttl_secs)?
        }
        (None, None) => bail!("give --users-file or --lamsa-bin"),
    };
    if users.students.len() < needed {
        bail!("{} students available, {needed} needed", users.students.len());
    }
    let users = Arc::new(Users { supervisor: users.supervisor, students: users.students[..needed].to_vec() });

    // Events up to now are not this run's: every socket resumes after the newest one.
    let resume_after = baseline(&client, &targets[0], &users, &run_id).await?;
    log(format!("baseline: resuming after notification {resume_after}"));

    // Memory before any socket.
    let pids = args.server_pids.clone();
    let rss_before = read_rss(&pids);

    // Sockets: students first (sockets-per-user each), then the supervisor's.
    let srcs = source_addrs(args.source_ip_count())?;
    let use_src = srcs.len() > 1 || args.source_ips.is_some();
    let mut specs = Vec::with_capacity(args.total_sockets());
    let mut owner = Vec::with_capacity(args.total_sockets());
    let mut instance_of = Vec::with_capacity(args.total_sockets());
    for j in 0..args.total_sockets() {
        let (own, user): (u32, &User) = if j < args.sockets {
            let s = j / args.sockets_per_user;
            (s as u32, &users.students[s])
        } else {
            (SUPERVISOR, &users.supervisor)
        };
        let inst = if j < args.sockets { j % targets.len() } else { (j - args.sockets) % targets.len() };
        let t = &targets[inst];
        specs.push(SocketSpec {
            idx: j as u32,
            addr: t.addr,
            url: t.ws_url(),
            token: user.access.clone(),
            src: use_src.then(|| srcs[j % srcs.len()]),
        });
        owner.push(own);
        instance_of.push(inst);
    }
    let n_workers = specs.len().div_ceil(args.sockets_per_worker).max(1);
    let agg: Shared = Arc::new(Mutex::new(Agg {
        ever_up: vec![false; specs.len()],
        up_now: vec![false; specs.len()],
        gave_up: vec![false; specs.len()],
        held_at_start: vec![false; specs.len()],
        owner,
        worker_stats: vec![WorkerStats::default(); n_workers],
        ..Agg::default()
    }));

    // RSS peak sampler.
    let peak = Arc::new(Mutex::new(rss_before.iter().map(|r| r.unwrap_or(0)).collect::<Vec<u64>>()));
    let sampler = {
        let (pids, peak) = (pids.clone(), peak.clone());
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_millis(500)).await;
                let now = read_rss(&pids);
                let mut p = peak.lock().unwrap_or_else(|e| e.into_inner());
                for (i, r) in now.iter().enumerate() {
                    if let Some(r) = r {
                        p[i] = p[i].max(*r);
                    }
                }
            }
        })
    };

    // Workers.
    let connect_started = Instant::now();
    let mut shares: Vec<Vec<SocketSpec>> = vec![Vec::new(); n_workers];
    for s in specs {
        let w = s.idx as usize % n_workers;
        shares[w].push(s);
    }
    let mut workers = Vec::new();
    let mut readers = JoinSet::new();
    let exe = std::env::current_exe().context("cannot find the loadtest executable")?;
    for (w, sockets) in shares.into_iter().enumerate() {
        let cfg = WorkerConfig {
            run: run_id.clone(),
            resume_after,
            connect_rate: args.connect_rate / n_workers as f64,
            max_handshakes: args.max_handshakes,
            connect_tries: args.connect_tries,
            max_reconnects: args.max_reconnects,
            handshake_timeout_ms: 15_000,
            resume_delay_ms: args.resume_delay_ms,
            sockets,
        };
        let mut child = tokio::process::Command::new(&exe)
            .arg("worker")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .context("cannot start a worker process")?;
        let mut stdin = child.stdin.take().context("worker stdin")?;
        let mut line = serde_json::to_string(&cfg)?;
        line.push('\n');
        stdin.write_all(line.as_bytes()).await?;
        stdin.flush().await?;
        let stdout = child.stdout.take().context("worker stdout")?;
        let agg = agg.clone();
        readers.spawn(read_worker(w, stdout, agg));
        workers.push(WorkerHandle { child, stdin: Some(stdin) });
    }
    log(format!("{n_workers} worker process(es) opening {} sockets at {}/s", args.total_sockets(), args.connect_rate));

    // Connect phase.
    let deadline = Instant::now() + Duration::from_secs(args.connect_timeout_secs);
    let mut last_log = Instant::now();
    loop {
        let (connected, held, failed) = {
            let a = lock(&agg);
            (a.workers_connected, a.ever_up.iter().filter(|u| **u).count(), a.failed_sockets)
        };
        if connected >= n_workers {
            break;
        }
        if Instant::now() >= deadline {
            log(format!("connect phase timed out after {} s", args.connect_timeout_secs));
            break;
        }
        if last_log.elapsed() >= Duration::from_secs(2) {
            log(format!("connecting: {held} up, {failed} failed"));
            last_log = Instant::now();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let connect_secs = connect_started.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_secs(args.settle_secs)).await;
    let rss_idle = read_rss(&pids);
    let (held_idle, up_by_instance) = {
        let a = lock(&agg);
        let mut by_inst = vec![0u64; targets.len()];
        for (i, up) in a.up_now.iter().enumerate() {
            if *up {
                by_inst[instance_of[i]] += 1;
            }
        }
        (a.held_now(), by_inst)
    };
    log(format!("{held_idle} sockets held after {connect_secs:.1} s; idle RSS read"));
    if args.hold_secs > 0 {
        log(format!("holding idle for {} s", args.hold_secs));
        tokio::time::sleep(Duration::from_secs(args.hold_secs)).await;
    }
    let held_before_drive = lock(&agg).held_now();

    // Drive. The servers' CPU time is read around the drive and its drain, after the warm-up
    // connections (their requests are no deliveries).
    let mut drive = DriveOutcome::default();
    let driving = args.rate > 0.0 && args.duration_secs > 0 && args.max_events != Some(0);
    if driving {
        let warm = args.warm_connections.min(args.max_in_flight);
        let ok = rest.warm(warm).await;
        log(format!("{ok} of {} warm-up connections answered", warm * targets.len()));
    }
    let cpu_before = read_cpu(&pids);
    if driving {
        drive = drive_ops(&args, &rest, &targets, &users, &agg, &run_id).await?;
    }

    // Drain: wait for outstanding deliveries of successful operations.
    let drain_started = Instant::now();
    let drain_deadline = drain_started + Duration::from_secs(args.drain_secs);
    loop {
        let (exp, del) = {
            let a = lock(&agg);
            (a.expected_ok, a.delivered_ok)
        };
        if del >= exp || Instant::now() >= drain_deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let drain_secs = drain_started.elapsed().as_secs_f64();
    let cpu_after = read_cpu(&pids);
    let rss_end = read_rss(&pids);
    let held_end = lock(&agg).held_now();
    sampler.abort();
    let rss_peak = peak.lock().unwrap_or_else(|e| e.into_inner()).clone();

    // Stop the workers.
    for w in &mut workers {
        if let Some(mut stdin) = w.stdin.take() {
            let _ = stdin.write_all(b"STOP\n").await;
            let _ = stdin.flush().await;
        }
    }
    let _ = tokio::time::timeout(Duration::from_secs(20), async { while readers.join_next().await.is_some() {} }).await;
    for w in &mut workers {
        match tokio::time::timeout(Duration::from_secs(5), w.child.wait()).await {
            Ok(_) => {}
            Err(_) => {
                let _ = w.child.kill().await;
            }
        }
    }

    let a = lock(&agg);
    let report = report::build(report::Inputs {
        args: &args,
        run_id: &run_id,
        targets: &targets,
        bus_kinds: &bus_kinds,
        agg: &a,
        n_workers,
        source_ips: if use_src { srcs.len() } else { 0 },
        resume_after,
        connect_secs,
        held_idle,
        held_before_drive,
        held_end,
        up_by_instance: &up_by_instance,
        pids: &pids,
        rss_before: &rss_before,
        rss_idle: &rss_idle,
        rss_end: &rss_end,
        rss_peak: &rss_peak,
        cpu_before: &cpu_before,
        cpu_after: &cpu_after,
        drive: &drive,
        drain_secs,
        total_secs: started.elapsed().as_secs_f64(),
    });
    Ok(report)
}

async fn read_worker(w: usize, stdout: tokio::process::ChildStdout, agg: Shared) {
    let mut lines = BufReader::new(stdout).lines();
    let mut connected = false;
    while let Ok(Some(line)) = lines.next_line().await {
        let Ok(msg) = WorkerMsg::decode(&line) else {
            lock(&agg).protocol_errors += 1;
            continue;
        };
        let mut a = lock(&agg);
        match msg {
            WorkerMsg::Up { idx } => {
                if let Some(u) = a.ever_up.get_mut(idx as usize) {
                    *u = true;
                }
                a.set_up(idx, true);
            }
            WorkerMsg::Back { idx } => a.set_up(idx, true),
            WorkerMsg::Connected => {
                if !connected {
                    connected = true;
                    a.workers_connected += 1;
                }
            }
            WorkerMsg::Arrival { idx, op, ns, .. } => a.arrival(idx, op, ns),
            WorkerMsg::Down { idx, .. } => {
                a.down_events += 1;
                a.set_up(idx, false);
            }
            WorkerMsg::Failed { idx } => {
                a.failed_sockets += 1;
                a.set_up(idx, false);
                if let Some(g) = a.gave_up.get_mut(idx as usize) {
                    *g = true;
                }
            }
            WorkerMsg::Stats(s) => a.worker_stats[w] = s,
            WorkerMsg::Done => {
                a.workers_done += 1;
                break;
            }
        }
    }
    if !connected {
        // A worker that died still ends the connect phase.
        lock(&agg).workers_connected += 1;
    }
}

/// `GET /api/health` until 200 (at most 30 s); returns the bus kind it reports.
async fn wait_healthy(client: &reqwest::Client, t: &Target) -> anyhow::Result<String> {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        match client.get(format!("{}/api/health", t.base)).send().await {
            Ok(r) if r.status().is_success() => {
                let v: serde_json::Value = r.json().await.unwrap_or_default();
                return Ok(v["bus_kind"].as_str().unwrap_or("unknown").to_string());
            }
            Ok(r) if Instant::now() >= deadline => bail!("{}: /api/health answered {}", t.base, r.status()),
            Err(e) if Instant::now() >= deadline => bail!("{}: /api/health failed: {e}", t.base),
            _ => tokio::time::sleep(Duration::from_millis(500)).await,
        }
    }
}

/// Sends one note to the first student and reads that student's newest notification id over
/// a socket (resume from 0 replays their history and ends with `resumed`): every socket of the
/// run resumes after it, so no socket replays events from earlier runs.
async fn baseline(client: &reqwest::Client, t: &Target, users: &Users, run: &str) -> anyhow::Result<i64> {
    let student = &users.students[0];
    let resp = client
        .post(format!("{}/api/notes", t.base))
        .bearer_auth(&users.supervisor.access)
        .json(&json!({ "recipient_id": student.id, "text": format!("lt:{run}:baseline") }))
        .send()
        .await
        .context("baseline note")?;
    let status = resp.status();
    if status.as_u16() != 201 {
        let body = resp.text().await.unwrap_or_default();
        bail!("baseline note: POST /api/notes answered {status}: {body}");
    }
    let spec = SocketSpec { idx: 0, addr: t.addr, url: t.ws_url(), token: student.access.clone(), src: None };
    let mut ws = open_socket(&spec, Duration::from_secs(15)).await.context("baseline socket")?;
    ws.send(Message::Text(r#"{"type":"resume","after":0}"#.into())).await?;
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut newest = 0;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let msg = tokio::time::timeout(left, ws.next()).await.context("baseline socket: no `resumed` in time")?;
        match msg {
            Some(Ok(Message::Text(text))) => match parse_frame(run, &text) {
                Incoming::Event { id, .. } => newest = newest.max(id),
                Incoming::Resumed { last_id } => {
                    let _ = ws.close(None).await;
                    return Ok(newest.max(last_id));
                }
                _ => {}
            },
            Some(Ok(Message::Close(f))) => bail!("baseline socket closed by the server: {f:?}"),
            Some(Ok(_)) => {}
            Some(Err(e)) => bail!("baseline socket: {e}"),
            None => bail!("baseline socket closed"),
        }
    }
}

fn read_cpu(pids: &[u32]) -> Vec<Option<f64>> {
    pids.iter().map(|p| cpu_secs(*p).ok()).collect()
}

fn read_rss(pids: &[u32]) -> Vec<Option<u64>> {
    pids.iter().map(|p| rss_kib(*p).ok()).collect()
}

#[derive(Default, Debug, Clone)]
pub struct DriveOutcome {
    pub scheduled: u64,
    pub notes: u64,
    pub replies: u64,
    pub first_sched_ns: u64,
    pub drive_secs: f64,
    /// Most REST calls waiting for a free slot at once (client-side backlog).
    pub max_backlog: u64,
    pub redis_restart: Option<RedisRestart>,
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct RedisRestart {
    pub at_secs: f64,
    pub took_ms: f64,
    pub exit_code: Option<i32>,
}

struct DriveCtx {
    rest: Arc<RestClient>,
    agg: Shared,
    slots: Semaphore,
    backlog: std::sync::atomic::AtomicU64,
    max_backlog: std::sync::atomic::AtomicU64,
    replyable: Mutex<VecDeque<(u32, i64)>>,
}

/// The open-loop driver: operation i is sent at start + i/rate, whatever happened to the ones
/// before it.
async fn drive_ops(
    args: &Args,
    rest: &Arc<RestClient>,
    targets: &[Target],
    users: &Arc<Users>,
    agg: &Shared,
    run: &str,
) -> anyhow::Result<DriveOutcome> {
    // Recipients: students with at least one socket up; the supervisor's sockets.
    let students: Vec<u32> = {
        let mut a = lock(agg);
        let mut per_student = vec![0u32; users.students.len()];
        let mut sup = 0u32;
        // Up: came up and has not given up. A socket that drops reconnects and resumes.
        let held: Vec<bool> = a.ever_up.iter().zip(&a.gave_up).map(|(up, gave_up)| *up && !gave_up).collect();
        for (owner, _) in a.owner.iter().zip(&held).filter(|(_, h)| **h) {
            match *owner {
                SUPERVISOR => sup += 1,
                s => per_student[s as usize] += 1,
            }
        }
        a.held_at_start = held;
        a.expected_student = per_student.clone();
        a.expected_supervisor = sup;
        (0..per_student.len() as u32).filter(|s| per_student[*s as usize] > 0).collect()
    };
    if students.is_empty() {
        bail!("no student socket is up: nothing to drive");
    }
    let ctx = Arc::new(DriveCtx {
        rest: rest.clone(),
        agg: agg.clone(),
        slots: Semaphore::new(args.max_in_flight),
        backlog: Default::default(),
        max_backlog: Default::default(),
        replyable: Mutex::new(VecDeque::new()),
    });
    let pad: String = " load test ".chars().cycle().take(args.text_len).collect();
    let max_events = args.max_events.unwrap_or(u64::MAX);
    let sched = Schedule { start_ns: mono_ns() + 20_000_000, rate: args.rate };
    let end_ns = sched.start_ns + args.duration_secs * 1_000_000_000;
    log(format!(
        "driving {}/s for {} s{} to {} students ({} reply share)",
        args.rate,
        args.duration_secs,
        args.max_events.map(|m| format!(" (at most {m})")).unwrap_or_default(),
        students.len(),
        args.reply_ratio
    ));

    let redis_task = match (args.restart_redis_at, &args.redis_restart_cmd) {
        (Some(at), Some(cmd)) => {
            let cmd = cmd.clone();
            let start = sched.start_ns;
            Some(tokio::spawn(async move {
                let due = start + (at * 1e9) as u64;
                let now = mono_ns();
                if due > now {
                    tokio::time::sleep(Duration::from_nanos(due - now)).await;
                }
                let t0 = mono_ns();
                log(format!("restarting Redis: {cmd}"));
                let status = tokio::time::timeout(
                    Duration::from_secs(60),
                    tokio::process::Command::new("sh").arg("-c").arg(&cmd).stdin(Stdio::null()).status(),
                )
                .await;
                let took = (mono_ns() - t0) as f64 / 1e6;
                let exit_code = match status {
                    Ok(Ok(s)) => s.code(),
                    _ => None,
                };
                log(format!("Redis restart command done in {took:.0} ms (exit {exit_code:?})"));
                RedisRestart { at_secs: (t0 - start) as f64 / 1e9, took_ms: took, exit_code }
            }))
        }
        _ => None,
    };

    let mut tasks = JoinSet::new();
    let mut next: u64 = 0;
    let mut notes = 0u64;
    let mut replies = 0u64;
    let mut last_log = Instant::now();
    loop {
        let now = mono_ns();
        let due = sched.due_count(now.min(end_ns.saturating_sub(1))).min(max_events);
        while next < due {
            let sched_ns = sched.due_at(next);
            // Replies take the running share; a reply needs a note already created.
            let want_reply = (replies as f64) < args.reply_ratio * (next + 1) as f64;
            let reply_to =
                if want_reply { ctx.replyable.lock().unwrap_or_else(|e| e.into_inner()).pop_front() } else { None };
            let instance = next as usize % targets.len();
            let (kind, recipient, path, auth, body) = match reply_to {
                Some((student, note_id)) => {
                    replies += 1;
                    let text = format!("{} reply {pad}", marker(run, next));
                    let u = &users.students[student as usize];
                    (
                        OpKind::Reply,
                        SUPERVISOR,
                        format!("/api/notes/{note_id}/reply"),
                        u.access.as_str(),
                        serde_json::to_vec(&json!({ "text": text }))?,
                    )
                }
                None => {
                    let student = students[notes as usize % students.len()];
                    notes += 1;
                    let text = format!("{} note {pad}", marker(run, next));
                    (
                        OpKind::Note,
                        student,
                        "/api/notes".to_string(),
                        users.supervisor.access.as_str(),
                        serde_json::to_vec(
                            &json!({ "recipient_id": users.students[student as usize].id, "text": text }),
                        )?,
                    )
                }
            };
            let op = {
                let mut a = lock(agg);
                a.ops.push(OpRec {
                    kind,
                    recipient,
                    sched_ns,
                    start_ns: 0,
                    done_ns: 0,
                    status: OpStatus::Pending,
                    delivered: 0,
                });
                a.ops.len() - 1
            };
            let call = Call { instance, path, bearer: auth.to_string(), body };
            tasks.spawn(send_op(ctx.clone(), op, kind, recipient, call));
            next += 1;
        }
        // Reap finished tasks without waiting.
        while tasks.try_join_next().is_some() {}
        if next >= max_events || now >= end_ns {
            break;
        }
        if last_log.elapsed() >= Duration::from_secs(2) {
            let a = lock(agg);
            let ok = a.ops.iter().filter(|o| o.status == OpStatus::Ok).count();
            log(format!(
                "sent {next}, ok {ok}, delivered {}/{} expected, held {}",
                a.delivered_ok,
                a.expected_ok,
                a.held_now()
            ));
            last_log = Instant::now();
        }
        let wake = sched.due_at(next).min(end_ns);
        let now = mono_ns();
        if wake > now {
            tokio::time::sleep(Duration::from_nanos(wake - now)).await;
        }
    }
    let drive_secs = (mono_ns() - sched.start_ns) as f64 / 1e9;
    log(format!("{next} operations scheduled; waiting for the REST calls in flight"));
    let bound = Duration::from_secs(args.request_timeout_secs + 5);
    let _ = tokio::time::timeout(bound, async { while tasks.join_next().await.is_some() {} }).await;
    tasks.abort_all();
    let redis_restart = match redis_task {
        Some(t) => t.await.ok(),
        None => None,
    };
    Ok(DriveOutcome {
        scheduled: next,
        notes,
        replies,
        first_sched_ns: sched.start_ns,
        drive_secs,
        max_backlog: ctx.max_backlog.load(std::sync::atomic::Ordering::Relaxed),
        redis_restart,
    })
}

/// One REST call of the driver.
struct Call {
    instance: usize,
    path: String,
    bearer: String,
    body: Vec<u8>,
}

/// The id of the note a `POST /api/notes` created (`{"note":{"id":…}}`).
fn created_note_id(body: &[u8]) -> Option<i64> {
    #[derive(serde::Deserialize)]
    struct Id {
        id: i64,
    }
    #[derive(serde::Deserialize)]
    struct Created {
        note: Option<Id>,
        id: Option<i64>,
    }
    let c: Created = serde_json::from_slice(body).ok()?;
    c.note.map(|n| n.id).or(c.id)
}

async fn send_op(ctx: Arc<DriveCtx>, op: usize, kind: OpKind, recipient: u32, call: Call) {
    use std::sync::atomic::Ordering::Relaxed;
    let waiting = ctx.backlog.fetch_add(1, Relaxed) + 1;
    ctx.max_backlog.fetch_max(waiting, Relaxed);
    let permit = ctx.slots.acquire().await;
    ctx.backlog.fetch_sub(1, Relaxed);
    let Ok(_permit) = permit else { return };
    let start = mono_ns();
    lock(&ctx.agg).ops[op].start_ns = start;
    let result = ctx.rest.post_json(call.instance, &call.path, &call.bearer, &call.body).await;
    let (ok, err, note_id) = match result {
        Ok(resp) if resp.status == 201 => {
            let note_id = if kind == OpKind::Note { created_note_id(&resp.body) } else { None };
            (true, None, note_id)
        }
        Ok(resp) => (false, Some(format!("http_{}", resp.status)), None),
        Err(e) => (false, Some(e.kind().to_string()), None),
    };
    let done = mono_ns();
    {
        let mut a = lock(&ctx.agg);
        a.op_done(op, ok, done);
        if let Some(e) = err {
            *a.rest_errors.entry(e).or_default() += 1;
        }
    }
    if let Some(id) = note_id {
        let mut q = ctx.replyable.lock().unwrap_or_else(|e| e.into_inner());
        if q.len() >= 100_000 {
            q.pop_front();
        }
        q.push_back((recipient, id));
    }
}

/// Latency samples (ns) of first arrivals for successful operations: from the REST call
/// start, and from the scheduled send time.
pub fn latency_samples(a: &Agg) -> (Vec<u64>, Vec<u64>) {
    let mut from_start = Vec::with_capacity(a.arrivals.len());
    let mut from_sched = Vec::with_capacity(a.arrivals.len());
    for r in &a.arrivals {
        let op = &a.ops[r.op as usize];
        if op.status == OpStatus::Ok {
            from_start.push(r.ns.saturating_sub(op.start_ns));
            from_sched.push(r.ns.saturating_sub(op.sched_ns));
        }
    }
    (from_start, from_sched)
}

/// REST call start → response, of the successful calls of one kind (or of all with `None`).
pub fn rest_latency(a: &Agg, kind: Option<OpKind>) -> crate::stats::Latency {
    let mut v: Vec<u64> = a
        .ops
        .iter()
        .filter(|o| o.status == OpStatus::Ok && kind.is_none_or(|k| o.kind == k))
        .map(|o| o.done_ns.saturating_sub(o.start_ns))
        .collect();
    summarize(&mut v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agg() -> Agg {
        // Sockets 0,1 → student 0; socket 2 → student 1 (never up); socket 3 → supervisor.
        let mut a = Agg {
            owner: vec![0, 0, 1, SUPERVISOR],
            ever_up: vec![true, true, false, true],
            held_at_start: vec![true, true, false, true],
            expected_student: vec![2, 0],
            expected_supervisor: 1,
            ..Agg::default()
        };
        for (kind, recipient) in [(OpKind::Note, 0), (OpKind::Reply, SUPERVISOR), (OpKind::Note, 0)] {
            a.ops.push(OpRec {
                kind,
                recipient,
                sched_ns: 100,
                start_ns: 0,
                done_ns: 0,
                status: OpStatus::Pending,
                delivered: 0,
            });
        }
        a
    }

    #[test]
    fn accounts_for_every_expected_delivery() {
        let mut a = agg();
        a.ops[0].start_ns = 1_000;
        // An arrival before the REST response: counted once the call is known to be ok.
        a.arrival(0, 0, 5_000);
        assert_eq!((a.expected_ok, a.delivered_ok), (0, 0));
        a.op_done(0, true, 6_000);
        assert_eq!((a.expected_ok, a.delivered_ok), (2, 1));
        a.arrival(1, 0, 7_000);
        a.arrival(1, 0, 8_000); // duplicate
        a.arrival(3, 0, 8_000); // the supervisor's socket: not a recipient of a note
        a.arrival(2, 0, 8_000); // a socket that was never up
        a.arrival(0, 99, 8_000); // no such operation
        assert_eq!((a.expected_ok, a.delivered_ok, a.duplicates, a.unexpected, a.unknown_op), (2, 2, 1, 2, 1));
        // The reply reaches the supervisor; the third operation fails and expects nothing.
        a.ops[1].start_ns = 2_000;
        a.op_done(1, true, 3_000);
        a.arrival(3, 1, 4_000);
        a.op_done(2, false, 3_000);
        assert_eq!((a.expected_ok, a.delivered_ok), (3, 3));
        let (mut s, mut q) = latency_samples(&a);
        s.sort();
        q.sort();
        assert_eq!(s, vec![2_000, 4_000, 6_000]);
        assert_eq!(q, vec![3_900, 4_900, 6_900]);
        assert_eq!(rest_latency(&a, None).count, 2);
    }
}
