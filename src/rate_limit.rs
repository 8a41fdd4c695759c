//! Fixed-window attempt counters per key (an address or an e-mail), in memory. With several
//! instances each keeps its own counts, so the effective limit is per instance.

use std::{
    collections::HashMap,
    sync::Mutex,
    time::{Duration, Instant},
};

#[derive(Default)]
pub struct RateLimiter {
    windows: Mutex<HashMap<String, (Instant, u32)>>,
}

impl RateLimiter {
    /// Counts one attempt under `key` and says whether it is within `limit` per `window`.
    pub fn allow(&self, key: &str, limit: u32, window: Duration) -> bool {
        let now = Instant::now();
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
}
