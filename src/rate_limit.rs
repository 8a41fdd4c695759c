//! Fixed-window attempt counters per key (an address or an e-mail), and the sign-in throttle
//! per (address, e-mail) pair, in memory. With several instances each keeps its own counts, so
//! the effective limit is per instance.

use std::{
    collections::HashMap,
    sync::Mutex,
    time::{Duration, Instant},
};

use crate::clock::Clock;

#[derive(Default)]
pub struct RateLimiter {
    windows: Mutex<HashMap<String, (Instant, u32)>>,
    /// Consecutive failed sign-ins per (client address, e-mail): their count and the last one.
    failures: Mutex<HashMap<(String, String), (u32, Instant)>>,
    clock: Clock,
}

/// Failed sign-ins from one address for one e-mail that cost nothing (typing mistakes).
pub const FREE_LOGIN_FAILURES: u32 = 5;
/// The longest wait between two sign-in attempts of one pair.
pub const MAX_LOGIN_DELAY: Duration = Duration::from_secs(15 * 60);
/// A pair's failures are forgotten after this long without another.
const FORGET_FAILURES: Duration = Duration::from_secs(24 * 3600);

/// The wait after `failures` consecutive failures: none for the first few, then 1 s, doubling
/// with each further failure up to [`MAX_LOGIN_DELAY`].
pub fn login_delay(failures: u32) -> Duration {
    if failures < FREE_LOGIN_FAILURES {
        return Duration::ZERO;
    }
    let exp = (failures - FREE_LOGIN_FAILURES).min(20);
    Duration::from_secs(1u64 << exp).min(MAX_LOGIN_DELAY)
}

impl RateLimiter {
    /// Windows and waits measured by `clock`.
    pub fn new(clock: Clock) -> RateLimiter {
        RateLimiter { clock, ..RateLimiter::default() }
    }

    /// Counts one attempt under `key` and says whether it is within `limit` per `window`.
    pub fn allow(&self, key: &str, limit: u32, window: Duration) -> bool {
        let now = self.clock.instant();
        let mut map = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() > 100_000 {
            map.retain(|_, (start, _)| now.duration_since(*start) < window);
        }
        let entry = map.entry(key.to_string()).or_insert((now, 0));
        if now.duration_since(entry.0) >= window {
            *entry = (now, 0);
        }
        entry.1 += 1;
        entry.1 <= limit
    }

    /// How long this address must still wait before it may try this e-mail again (zero: it
    /// may now). Only the pair that failed waits: the account's owner elsewhere, or the same
    /// address with another account, signs in as before, so nobody can lock anyone out.
    pub fn login_wait(&self, addr: &str, email: &str) -> Duration {
        let map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let Some(&(failures, last)) = map.get(&(addr.to_string(), email.to_string())) else { return Duration::ZERO };
        login_delay(failures).saturating_sub(self.clock.instant().saturating_duration_since(last))
    }

    /// Counts a failed sign-in of the pair.
    pub fn login_failed(&self, addr: &str, email: &str) {
        let now = self.clock.instant();
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() > 100_000 {
            map.retain(|_, (_, last)| now.duration_since(*last) < FORGET_FAILURES);
        }
        let entry = map.entry((addr.to_string(), email.to_string())).or_insert((0, now));
        if now.duration_since(entry.1) >= FORGET_FAILURES {
            entry.0 = 0;
        }
        *entry = (entry.0 + 1, now);
    }

    /// A successful sign-in clears the pair's failures.
    pub fn login_succeeded(&self, addr: &str, email: &str) {
        self.failures.lock().unwrap_or_else(|p| p.into_inner()).remove(&(addr.to_string(), email.to_string()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_per_key() {
        let rl = RateLimiter::default();
        let w = Duration::from_secs(60);
        assert!(rl.allow("a", 2, w));
        assert!(rl.allow("a", 2, w));
        assert!(!rl.allow("a", 2, w));
        assert!(rl.allow("b", 2, w));
    }

    #[test]
    fn login_delays_grow_per_pair_only() {
        assert_eq!(login_delay(4), Duration::ZERO);
        assert_eq!(login_delay(5), Duration::from_secs(1));
        assert_eq!(login_delay(6), Duration::from_secs(2));
        assert_eq!(login_delay(9), Duration::from_secs(16));
        assert_eq!(login_delay(40), MAX_LOGIN_DELAY);
        let rl = RateLimiter::default();
        for _ in 0..8 {
            rl.login_failed("10.0.0.9", "sara@example.com");
        }
        assert!(rl.login_wait("10.0.0.9", "sara@example.com") > Duration::from_secs(7));
        assert_eq!(rl.login_wait("10.0.0.1", "sara@example.com"), Duration::ZERO);
        assert_eq!(rl.login_wait("10.0.0.9", "omar@example.com"), Duration::ZERO);
        rl.login_succeeded("10.0.0.9", "sara@example.com");
        assert_eq!(rl.login_wait("10.0.0.9", "sara@example.com"), Duration::ZERO);
    }
}
