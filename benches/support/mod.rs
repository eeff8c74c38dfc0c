//! What the benchmark files share: a criterion [`Measurement`] of the
//! benchmark thread's CPU time, read by `board_games::cpu_time`, and the
//! random-playout benches of a game.

use std::hint::black_box;
use std::time::Duration;

use board_core::{random_playout, Game, MoveList, Rng};
use board_games::baseline::list_playout;
use board_games::cpu_time::thread_cpu_time;
use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{BenchmarkGroup, Throughput};

/// The moves of the random playouts from `start` with seeds `0..seeds`, each
/// cut after `max_plies`.
pub fn playout_plies<G: Game>(start: &G, seeds: u64, max_plies: usize) -> u64 {
    (0..seeds)
        .map(|seed| random_playout(&mut start.clone(), &mut Rng::new(seed), max_plies).plies as u64)
        .sum()
}

/// `random_playout` (the game's sampler) and `random_playout_move_list` (the
/// same games through a move list): `playouts` random playouts from `start`,
/// cut after `max_plies`, under the group's measurement (wall clock or thread
/// CPU time), in moves per second.
pub fn playout_benches<G: Game + Copy, M: Measurement>(
    group: &mut BenchmarkGroup<'_, M>,
    start: G,
    playouts: u64,
    max_plies: usize,
) {
    group.throughput(Throughput::Elements(playout_plies(
        &start, playouts, max_plies,
    )));
    group.bench_function("random_playout", |b| {
        b.iter(|| {
            let mut total = 0;
            for seed in 0..playouts {
                let mut pos = black_box(start);
                total += random_playout(&mut pos, &mut Rng::new(seed), max_plies).plies;
            }
            total
        })
    });
    group.bench_function("random_playout_move_list", |b| {
        let mut moves = MoveList::new();
        b.iter(|| {
            let mut total = 0;
            for seed in 0..playouts {
                let mut pos = black_box(start);
                total += list_playout(&mut pos, &mut Rng::new(seed), max_plies, &mut moves).plies;
            }
            total
        })
    });
}

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
