//! Exact latency percentiles, the open-loop send schedule and the server's memory.

use serde::Serialize;

/// Latency figures in milliseconds, from every sample (no binning).
#[derive(Serialize, Debug, Clone, Copy, Default, PartialEq)]
pub struct Latency {
    pub count: u64,
    pub p50_ms: f64,
    pub p95_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub mean_ms: f64,
}

/// Nearest-rank percentile `p` (0 < p ≤ 100) of sorted samples.
pub fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Summarises samples in nanoseconds (sorted in place).
pub fn summarize(samples: &mut [u64]) -> Latency {
    if samples.is_empty() {
        return Latency::default();
    }
    samples.sort_unstable();
    let ms = |ns: u64| (ns as f64 / 1e6 * 1000.0).round() / 1000.0;
    let sum: u128 = samples.iter().map(|&s| s as u128).sum();
    Latency {
        count: samples.len() as u64,
        p50_ms: ms(percentile(samples, 50.0)),
        p95_ms: ms(percentile(samples, 95.0)),
        p99_ms: ms(percentile(samples, 99.0)),
        max_ms: ms(*samples.last().unwrap()),
        mean_ms: ms((sum / samples.len() as u128) as u64),
    }
}

/// Open-loop schedule: operation `i` is due at `start + i / rate`, whatever happened to the
/// operations before it.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    pub start_ns: u64,
    pub rate: f64,
}

impl Schedule {
    pub fn due_at(&self, i: u64) -> u64 {
        self.start_ns + (i as f64 * 1e9 / self.rate) as u64
    }

    /// How many operations are due at `now` (operations 0 … n-1).
    pub fn due_count(&self, now_ns: u64) -> u64 {
        if now_ns < self.start_ns {
            return 0;
        }
        let mut n = ((now_ns - self.start_ns) as f64 * self.rate / 1e9).floor() as u64 + 1;
        // Guard against float rounding at the boundaries.
        while n > 0 && self.due_at(n - 1) > now_ns {
            n -= 1;
        }
        while self.due_at(n) <= now_ns {
            n += 1;
        }
        n
    }
}

/// The resident set size of process `pid` in KiB (VmRSS in /proc/PID/status).
pub fn rss_kib(pid: u32) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    parse_vmrss(&status).ok_or_else(|| anyhow::anyhow!("no VmRSS in /proc/{pid}/status"))
}

pub fn parse_vmrss(status: &str) -> Option<u64> {
    status.lines().find_map(|l| l.strip_prefix("VmRSS:")).and_then(|v| v.split_whitespace().next()?.parse().ok())
}

/// CPU time process `pid` has used so far (user + system), in seconds: fields 14 and 15 of
/// /proc/PID/stat, counted in clock ticks.
pub fn cpu_secs(pid: u32) -> anyhow::Result<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
    let ticks = parse_cpu_ticks(&stat).ok_or_else(|| anyhow::anyhow!("unreadable /proc/{pid}/stat"))?;
    // SAFETY: sysconf only reads a system constant.
    let per_sec = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    anyhow::ensure!(per_sec > 0, "no clock tick rate");
    Ok(ticks as f64 / per_sec as f64)
}

/// utime + stime from a /proc/PID/stat line. The command name (field 2) may hold spaces and
/// parentheses, so the fields are counted from the last ')'.
pub fn parse_cpu_ticks(stat: &str) -> Option<u64> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // After ")": state is field 3, so utime (14) and stime (15) are at 11 and 12.
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_percentiles() {
        let mut v: Vec<u64> = (1..=100).map(|i| i * 1_000_000).collect();
        v.reverse();
        let l = summarize(&mut v);
        assert_eq!(l.count, 100);
        assert_eq!(l.p50_ms, 50.0);
        assert_eq!(l.p95_ms, 95.0);
        assert_eq!(l.p99_ms, 99.0);
        assert_eq!(l.max_ms, 100.0);
        assert_eq!(l.mean_ms, 50.5);
        assert_eq!(percentile(&[7], 99.0), 7);
        assert_eq!(percentile(&[], 99.0), 0);
        assert_eq!(summarize(&mut []), Latency::default());
        // 1000 samples: p99 is the 990th.
        let mut w: Vec<u64> = (1..=1000).collect();
        assert_eq!(percentile(&w, 99.0), 990);
        assert_eq!(summarize(&mut w).max_ms, 0.001);
    }

    #[test]
    fn open_loop_schedule() {
        let s = Schedule { start_ns: 1_000_000_000, rate: 5000.0 };
        assert_eq!(s.due_at(0), 1_000_000_000);
        assert_eq!(s.due_at(1), 1_000_200_000);
        assert_eq!(s.due_at(5000), 2_000_000_000);
        assert_eq!(s.due_count(999_999_999), 0);
        assert_eq!(s.due_count(1_000_000_000), 1);
        assert_eq!(s.due_count(1_000_199_999), 1);
        assert_eq!(s.due_count(1_000_200_000), 2);
        assert_eq!(s.due_count(2_000_000_000), 5001);
        let odd = Schedule { start_ns: 0, rate: 3.0 };
        for t in (0..5_000_000_000u64).step_by(7_919_777) {
            let n = odd.due_count(t);
            assert!(odd.due_at(n - 1) <= t && odd.due_at(n) > t, "t={t} n={n}");
        }
    }

    #[test]
    fn reads_vmrss() {
        assert_eq!(parse_vmrss("Name:\tx\nVmRSS:\t  123456 kB\nVmSwap: 0 kB\n"), Some(123456));
        assert_eq!(parse_vmrss("Name: x\n"), None);
        assert!(rss_kib(std::process::id()).unwrap() > 0);
    }

    #[test]
    fn reads_cpu_time() {
        let line = "4242 (lamsa (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 1500 250 0 0 20 0 9 0 1 1 1";
        assert_eq!(parse_cpu_ticks(line), Some(1750));
        // A name that looks like fields itself: only the last ')' ends it.
        let tricky = "7 (a) R 1 2 3 4 5 6 7 8 9 10 11 12) S 1 7 7 0 -1 0 0 0 0 0 30 12 0 0 20 0 1 0 5 6 7";
        assert_eq!(parse_cpu_ticks(tricky), Some(42));
        assert_eq!(parse_cpu_ticks("4242 (lamsa) S 1 4242"), None, "a line cut short");
        assert_eq!(parse_cpu_ticks("garbage"), None);
        assert!(cpu_secs(std::process::id()).unwrap() >= 0.0);
    }
}
