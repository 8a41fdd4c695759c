//! What an operator watches: counters, gauges and histograms of one instance, rendered in the
//! Prometheus text exposition format (version 0.0.4) at `GET /metrics`.
//!
//! Written by hand rather than with a client crate: a few atomics and one small map cover what
//! is measured, and the format is a page of text. Each instance (each `AppState`) has its own
//! set, so the many apps a test process starts never count each other's sockets.

use std::{
    collections::HashMap,
    fmt::Write,
    sync::{
        atomic::{AtomicI64, AtomicU64, Ordering},
        Mutex,
    },
    time::Duration,
};

/// Seconds: HTTP latency, commit time, publish time.
const SECONDS: &[f64] = &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];
/// Messages in one note-writer batch.
const BATCH: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0];

/// A cumulative histogram with fixed bucket bounds.
pub struct Histogram {
    bounds: &'static [f64],
    counts: Vec<AtomicU64>,
    count: AtomicU64,
    /// The sum as f64 bits.
    sum: AtomicU64,
}

impl Histogram {
    fn new(bounds: &'static [f64]) -> Histogram {
        Histogram {
            bounds,
            counts: bounds.iter().map(|_| AtomicU64::new(0)).collect(),
            count: AtomicU64::new(0),
            sum: AtomicU64::new(0f64.to_bits()),
        }
    }

    pub fn observe(&self, value: f64) {
        if let Some(i) = self.bounds.iter().position(|b| value <= *b) {
            self.counts[i].fetch_add(1, Ordering::Relaxed);
        }
        self.count.fetch_add(1, Ordering::Relaxed);
        let _ = self
            .sum
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |s| Some((f64::from_bits(s) + value).to_bits()));
    }

    pub fn count(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }

    /// The `_bucket`, `_sum` and `_count` lines of `name` with `labels` (`a="b",…` or empty).
    fn render(&self, out: &mut String, name: &str, labels: &str) {
        let sep = if labels.is_empty() { "" } else { "," };
        let mut cumulative = 0;
        for (bound, n) in self.bounds.iter().zip(&self.counts) {
            cumulative += n.load(Ordering::Relaxed);
            let _ = writeln!(out, "{name}_bucket{{{labels}{sep}le=\"{bound}\"}} {cumulative}");
        }
        let count = self.count.load(Ordering::Relaxed);
        let _ = writeln!(out, "{name}_bucket{{{labels}{sep}le=\"+Inf\"}} {count}");
        let braces = if labels.is_empty() { String::new() } else { format!("{{{labels}}}") };
        let _ = writeln!(out, "{name}_sum{braces} {}", f64::from_bits(self.sum.load(Ordering::Relaxed)));
        let _ = writeln!(out, "{name}_count{braces} {count}");
    }
}

/// An HTTP request's series: the route pattern (never the raw path, whose ids would make a
/// series per note), the method and the status.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct HttpKey {
    route: String,
    method: String,
    status: u16,
}

/// The connection pool's state when scraped.
pub struct PoolUse {
    pub size: u32,
    pub idle: usize,
    pub max: u32,
}

pub struct Metrics {
    /// WebSocket connections this instance holds open (until the connection itself is gone,
    /// not only its session).
    pub ws_sockets: AtomicI64,
    /// Sockets closed with 4008 because their queue was full.
    pub ws_closed_too_slow: AtomicU64,
    /// Sockets shut down at the TCP level because the peer did not take the close frame.
    pub ws_cut: AtomicU64,
    /// Events handed to the bus (each recipient's event once).
    pub events_published: AtomicU64,
    /// Events whose publish failed or timed out (sessions catch up from the database).
    pub events_publish_failed: AtomicU64,
    /// Event messages written to sockets (live, caught up and replayed).
    pub events_delivered: AtomicU64,
    /// Times this instance's sessions were told to catch up from the database.
    pub bus_resyncs: AtomicU64,
    /// 1 while the last bus check answered (on every shard), 0 otherwise.
    pub bus_up: AtomicI64,
    /// How many Redis shards of the bus did not answer the last check.
    pub bus_shards_down: AtomicI64,
    pub publish_seconds: Histogram,
    pub note_batch_size: Histogram,
    pub note_commit_seconds: Histogram,
    /// Times the note writer dropped its connection after a connection-level error.
    pub note_writer_reconnects: AtomicU64,
    http: Mutex<HashMap<HttpKey, Histogram>>,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics {
            ws_sockets: AtomicI64::new(0),
            ws_closed_too_slow: AtomicU64::new(0),
            ws_cut: AtomicU64::new(0),
            events_published: AtomicU64::new(0),
            events_publish_failed: AtomicU64::new(0),
            events_delivered: AtomicU64::new(0),
            bus_resyncs: AtomicU64::new(0),
            bus_up: AtomicI64::new(1),
            bus_shards_down: AtomicI64::new(0),
            publish_seconds: Histogram::new(SECONDS),
            note_batch_size: Histogram::new(BATCH),
            note_commit_seconds: Histogram::new(SECONDS),
            note_writer_reconnects: AtomicU64::new(0),
            http: Mutex::new(HashMap::new()),
        }
    }
}

pub fn inc(counter: &AtomicU64, by: u64) {
    counter.fetch_add(by, Ordering::Relaxed);
}

impl Metrics {
    /// One answered request. `route` is the matched pattern (`/api/notes/{id}/reply`), or
    /// `None` when no route matched (the web app's pages and unknown paths).
    pub fn observe_http(&self, route: Option<String>, method: &str, status: u16, took: Duration) {
        let key = HttpKey { route: route.unwrap_or_else(|| "unmatched".into()), method: method.to_string(), status };
        let mut map = self.http.lock().unwrap_or_else(|p| p.into_inner());
        map.entry(key).or_insert_with(|| Histogram::new(SECONDS)).observe(took.as_secs_f64());
    }

    /// The text a Prometheus server scrapes.
    pub fn render(&self, pool: PoolUse) -> String {
        let mut out = String::with_capacity(8192);
        let load = |a: &AtomicU64| a.load(Ordering::Relaxed);
        gauge(
            &mut out,
            "lamsa_ws_sockets_held",
            "WebSocket connections held open",
            self.ws_sockets.load(Ordering::Relaxed),
        );
        counter(
            &mut out,
            "lamsa_ws_closed_too_slow_total",
            "Sockets closed with 4008 (queue full)",
            load(&self.ws_closed_too_slow),
        );
        counter(
            &mut out,
            "lamsa_ws_cut_total",
            "Sockets shut down at the TCP level because the peer did not take the close frame",
            load(&self.ws_cut),
        );
        counter(&mut out, "lamsa_events_published_total", "Events handed to the bus", load(&self.events_published));
        counter(
            &mut out,
            "lamsa_events_publish_failed_total",
            "Events whose publish failed or timed out (sessions catch up from the database)",
            load(&self.events_publish_failed),
        );
        counter(
            &mut out,
            "lamsa_events_delivered_total",
            "Event messages written to sockets",
            load(&self.events_delivered),
        );
        counter(
            &mut out,
            "lamsa_bus_resyncs_total",
            "Times sessions were told to catch up from the database",
            load(&self.bus_resyncs),
        );
        gauge(&mut out, "lamsa_bus_up", "1 while the event bus answers", self.bus_up.load(Ordering::Relaxed));
        gauge(
            &mut out,
            "lamsa_bus_shards_down",
            "Redis shards of the event bus that did not answer the last check",
            self.bus_shards_down.load(Ordering::Relaxed),
        );
        histogram(&mut out, "lamsa_bus_publish_seconds", "Time to publish a batch of events", &self.publish_seconds);
        histogram(
            &mut out,
            "lamsa_note_writer_batch_size",
            "Messages per note-writer transaction",
            &self.note_batch_size,
        );
        histogram(
            &mut out,
            "lamsa_note_writer_commit_seconds",
            "Time to write and commit one note-writer batch",
            &self.note_commit_seconds,
        );
        counter(
            &mut out,
            "lamsa_note_writer_reconnects_total",
            "Times the note writer reopened its connection after a connection-level error",
            load(&self.note_writer_reconnects),
        );
        gauge(&mut out, "lamsa_db_pool_connections", "Open connections in the database pool", i64::from(pool.size));
        gauge(&mut out, "lamsa_db_pool_idle", "Idle connections in the database pool", pool.idle as i64);
        gauge(&mut out, "lamsa_db_pool_in_use", "Connections in use", i64::from(pool.size) - pool.idle as i64);
        gauge(&mut out, "lamsa_db_pool_max", "Most connections the pool opens", i64::from(pool.max));

        let map = self.http.lock().unwrap_or_else(|p| p.into_inner());
        let mut keys: Vec<&HttpKey> = map.keys().collect();
        keys.sort();
        let _ = writeln!(
            out,
            "# HELP lamsa_http_requests_total HTTP requests answered, by route pattern, method and status"
        );
        let _ = writeln!(out, "# TYPE lamsa_http_requests_total counter");
        for k in &keys {
            let _ = writeln!(out, "lamsa_http_requests_total{{{}}} {}", http_labels(k), map[*k].count());
        }
        let _ = writeln!(
            out,
            "# HELP lamsa_http_request_duration_seconds Time to answer, by route pattern, method and status"
        );
        let _ = writeln!(out, "# TYPE lamsa_http_request_duration_seconds histogram");
        for k in &keys {
            map[*k].render(&mut out, "lamsa_http_request_duration_seconds", &http_labels(k));
        }
        out
    }
}

fn http_labels(k: &HttpKey) -> String {
    format!("route=\"{}\",method=\"{}\",status=\"{}\"", escape(&k.route), escape(&k.method), k.status)
}

/// A label value: backslash, double quote and newline escaped.
fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

fn head(out: &mut String, name: &str, help: &str, kind: &str) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} {kind}");
}

fn gauge(out: &mut String, name: &str, help: &str, value: i64) {
    head(out, name, help, "gauge");
    let _ = writeln!(out, "{name} {value}");
}

fn counter(out: &mut String, name: &str, help: &str, value: u64) {
    head(out, name, help, "counter");
    let _ = writeln!(out, "{name} {value}");
}

fn histogram(out: &mut String, name: &str, help: &str, h: &Histogram) {
    head(out, name, help, "histogram");
    h.render(out, name, "");
}

/// The value of an unlabelled sample in a rendered page (for tests and tools).
pub fn sample(page: &str, name: &str) -> Option<f64> {
    page.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_the_prometheus_text_format() {
        let m = Metrics::default();
        m.ws_sockets.fetch_add(2, Ordering::Relaxed);
        m.note_batch_size.observe(3.0);
        m.note_batch_size.observe(40.0);
        m.observe_http(Some("/api/notes/{id}/reply".into()), "POST", 201, Duration::from_millis(3));
        m.observe_http(None, "GET", 404, Duration::from_millis(1));
        let page = m.render(PoolUse { size: 5, idle: 3, max: 16 });
        assert_eq!(sample(&page, "lamsa_ws_sockets_held"), Some(2.0));
        assert_eq!(sample(&page, "lamsa_db_pool_in_use"), Some(2.0));
        assert!(page.contains("# TYPE lamsa_note_writer_batch_size histogram"));
        assert!(page.contains("lamsa_note_writer_batch_size_bucket{le=\"2\"} 0\n"));
        assert!(page.contains("lamsa_note_writer_batch_size_bucket{le=\"4\"} 1\n"));
        assert!(page.contains("lamsa_note_writer_batch_size_bucket{le=\"64\"} 2\n"));
        assert!(page.contains("lamsa_note_writer_batch_size_bucket{le=\"+Inf\"} 2\n"));
        assert_eq!(sample(&page, "lamsa_note_writer_batch_size_sum"), Some(43.0));
        assert!(page
            .contains("lamsa_http_requests_total{route=\"/api/notes/{id}/reply\",method=\"POST\",status=\"201\"} 1\n"));
        assert!(page.contains("lamsa_http_requests_total{route=\"unmatched\",method=\"GET\",status=\"404\"} 1\n"));
        assert!(page.contains(
            "lamsa_http_request_duration_seconds_bucket{route=\"/api/notes/{id}/reply\",method=\"POST\",status=\"201\",le=\"0.005\"} 1\n"
        ));
        // Every sample line is `name{labels} value` or `name value`.
        for line in page.lines().filter(|l| !l.starts_with('#')) {
            let value = line.rsplit(' ').next().unwrap();
            assert!(value.parse::<f64>().is_ok(), "{line}");
        }
    }

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(escape("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    }
}
