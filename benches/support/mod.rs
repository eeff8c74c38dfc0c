//! What the benchmark files share: a criterion [`Measurement`] of the
//! benchmark thread's CPU time, read by `board_games::cpu_time`.

use std::time::Duration;

use board_games::cpu_time::thread_cpu_time;
use criterion::measurement::{Measurement, ValueFormatter};
use criterion::Throughput;

/// Criterion measurement: the benchmark thread's CPU time
/// (`CLOCK_THREAD_CPUTIME_ID` on Linux, exact to the nanosecond, so a short
/// iteration never reads zero).
pub struct ThreadCpuTime;

/// Formats nanoseconds and elements per second, like criterion's wall time.
struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, ns: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = if ns < 1e3 {
            (1.0, "ns")
        } else if ns < 1e6 {
            (1e-3, "µs")
        } else if ns < 1e9 {
            (1e-6, "ms")
        } else {
            (1e-9, "s")
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }

    fn scale_throughputs(
        &self,
        typical: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let per = match *throughput {
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) | Throughput::Elements(n) => {
                n as f64
            }
        };
        let rate = per * 1e9 / typical;
        let (denominator, unit) = if rate < 1e3 {
            (1.0, "elem/s")
        } else if rate < 1e6 {
            (1e3, "Kelem/s")
        } else {
            (1e6, "Melem/s")
        };
        values
            .iter_mut()
            .for_each(|v| *v = per * 1e9 / *v / denominator);
        unit
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

impl Measurement for ThreadCpuTime {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        thread_cpu_time()
    }
    fn end(&self, start: Duration) -> Duration {
        thread_cpu_time().saturating_sub(start)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}
