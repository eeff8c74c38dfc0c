//! The CPU time of the calling thread, read once here for the benchmarks'
//! CPU-time groups and the `playout` example.
//!
//! On a machine shared with other work, wall-clock time counts the time the
//! thread waited for a core; the thread's CPU time does not. On Linux it is
//! `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, exact to the nanosecond (the
//! scheduler brings the running thread's account up to date on each read).
//! `/proc/thread-self/schedstat`, read before, is only brought up to date at
//! scheduler ticks and context switches, so a benchmark iteration shorter
//! than a tick could read zero. Elsewhere the functions fall back to a
//! monotonic wall clock, and [`IS_CPU_TIME`] says so.

use std::time::Duration;

/// Whether [`thread_cpu_time`] measures CPU time (`true` on Linux) rather
/// than falling back to a wall clock.
pub const IS_CPU_TIME: bool = cfg!(target_os = "linux");

/// What the figures are: `"CPU time"`, or `"wall clock"` where the fallback
/// is in use.
pub const KIND: &str = if IS_CPU_TIME {
    "CPU time"
} else {
    "wall clock"
};

/// The CPU time the calling thread has used since it started (see the
/// module docs for the fallback). Only differences of two readings mean
/// anything.
///
/// ```
/// use board_games::cpu_time::thread_cpu_time;
/// let start = thread_cpu_time();
/// let mut x = 0u64;
/// for i in 0..1_000_000u64 {
///     x = std::hint::black_box(x.wrapping_add(i));
/// }
/// assert!(thread_cpu_time() > start);
/// ```
#[cfg(target_os = "linux")]
pub fn thread_cpu_time() -> Duration {
    use rustix::time::{clock_gettime, ClockId};
    let t = clock_gettime(ClockId::ThreadCPUTime);
    Duration::new(
        u64::try_from(t.tv_sec).unwrap_or(0),
        u32::try_from(t.tv_nsec).unwrap_or(0),
    )
}

/// The time since the first call, by a monotonic wall clock: the fallback
/// where thread CPU time is not read.
#[cfg(not(target_os = "linux"))]
pub fn thread_cpu_time() -> Duration {
    static EPOCH: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    EPOCH.get_or_init(std::time::Instant::now).elapsed()
}

#[cfg(test)]
mod tests {
    use super::*;

    // A thread that sleeps uses (almost) no CPU time: the clock is not a
    // wall clock. And busy work shows up in nanoseconds, not in ticks.
    #[test]
    #[cfg(target_os = "linux")]
    fn sleeping_uses_no_cpu_time_and_work_is_seen_at_once() {
        let t0 = thread_cpu_time();
        std::thread::sleep(Duration::from_millis(50));
        let slept = thread_cpu_time() - t0;
        assert!(slept < Duration::from_millis(10), "{slept:?}");
        let t1 = thread_cpu_time();
        let mut x = 0u64;
        for i in 0..20_000u64 {
            x = std::hint::black_box(x ^ i.wrapping_mul(0x9e37_79b9));
        }
        let worked = thread_cpu_time() - t1;
        // About 20 µs of work, far below a scheduler tick (1–10 ms): a
        // clock that only advanced at ticks would read zero here.
        assert!(worked > Duration::ZERO, "{worked:?}");
    }
}
