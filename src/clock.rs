//! The time the server judges by: token expiry, sign-in waits, rate-limit windows, media links.
//! Production reads the system clock; tests hold a clock they move forward (`Clock::manual`),
//! so a test that needs fifteen minutes to pass advances the clock instead of sleeping.
//!
//! A manual clock keeps running with real time and adds what the test advanced: code that
//! measures a short interval (a timeout, a heartbeat) still sees time pass.

use std::{
    sync::{
        atomic::{AtomicI64, Ordering},
        Arc,
    },
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

#[derive(Clone, Default)]
pub struct Clock {
    /// Milliseconds added to the system clock; `None` for the plain system clock.
    ahead_ms: Option<Arc<AtomicI64>>,
}

impl Clock {
    /// The system clock.
    pub fn system() -> Clock {
        Clock { ahead_ms: None }
    }

    /// A clock a test moves forward with [`Clock::advance`]; it starts at the system time.
    pub fn manual() -> Clock {
        Clock { ahead_ms: Some(Arc::new(AtomicI64::new(0))) }
    }

    /// Moves a manual clock forward. On the system clock it is a programming error.
    pub fn advance(&self, by: Duration) {
        let ahead = self.ahead_ms.as_ref().expect("only a manual clock can be advanced");
        ahead.fetch_add(by.as_millis() as i64, Ordering::SeqCst);
    }

    fn ahead(&self) -> Duration {
        self.ahead_ms.as_ref().map_or(Duration::ZERO, |a| Duration::from_millis(a.load(Ordering::SeqCst).max(0) as u64))
    }

    /// Milliseconds since the Unix epoch.
    pub fn now_ms(&self) -> i64 {
        let since = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default() + self.ahead();
        since.as_millis() as i64
    }

    /// Seconds since the Unix epoch.
    pub fn now_secs(&self) -> i64 {
        self.now_ms().div_euclid(1000)
    }

    /// A monotonic instant, for intervals (rate-limit windows, sign-in waits).
    pub fn instant(&self) -> Instant {
        Instant::now() + self.ahead()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_when_advanced_and_the_system_clock_does_not_jump() {
        let system = Clock::system();
        let manual = Clock::manual();
        let before = manual.now_secs();
        let start = manual.instant();
        manual.advance(Duration::from_secs(3600));
        assert!(manual.now_secs() >= before + 3600);
        assert!(manual.instant().duration_since(start) >= Duration::from_secs(3600));
        assert!((system.now_secs() - before).abs() < 5, "the system clock is not moved by a manual one");
    }

    #[test]
    #[should_panic(expected = "only a manual clock")]
    fn the_system_clock_cannot_be_advanced() {
        Clock::system().advance(Duration::from_secs(1));
    }
}
