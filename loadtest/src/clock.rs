//! One clock for every process of a run: CLOCK_MONOTONIC is system-wide on Linux, so a send
//! time taken in the parent and an arrival time taken in a worker child can be subtracted.

/// Nanoseconds on the system-wide monotonic clock.
pub fn mono_ns() -> u64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec and CLOCK_MONOTONIC always exists on Linux.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_MONOTONIC) failed");
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monotonic_and_close_to_instant() {
        let a = mono_ns();
        let i = std::time::Instant::now();
        std::thread::sleep(std::time::Duration::from_millis(20));
        let b = mono_ns();
        let el = i.elapsed().as_nanos() as u64;
        assert!(b > a);
        let diff = (b - a).abs_diff(el);
        assert!(diff < 5_000_000, "monotonic clock and Instant disagree by {diff} ns");
    }
}
