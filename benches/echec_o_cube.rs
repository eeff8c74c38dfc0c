//! Criterion benchmarks for echec-o-cube: legal move generation at the start
//! and in mid-game positions, random playouts to the end (moves per second;
//! through `random_playout`, which draws with the list-free sampler, and the
//! same games through a move list),
//! perft 4 from the start, and random playouts through the reference
//! implementation for the speed ratio.
//!
//! ```text
//! cargo bench -p board-games-benches --bench echec_o_cube -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! The `echec_o_cube` group measures wall-clock time; the `echec_o_cube_cpu`
//! group measures the benchmark thread's CPU time (`support::ThreadCpuTime`),
//! which stays meaningful on a loaded machine.

mod support;

use std::hint::black_box;

use board_core::{perft, MoveList, Rng};
use criterion::measurement::Measurement;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use echec_o_cube::{reference, Move, Position};
use support::ThreadCpuTime;

const PLAYOUTS: u64 = 64;
const REFERENCE_PLAYOUTS: u64 = 2;

/// Positions met in random games after 20, 40 and 60 plies (if still going).
fn mid_game_positions() -> Vec<Position> {
    let mut out = Vec::new();
    let mut moves = MoveList::new();
    for seed in 0..16 {
        let mut pos = Position::default();
        let mut rng = Rng::new(seed);
        for ply in 1..=60 {
            pos.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
            if ply % 20 == 0 {
                out.push(pos);
            }
        }
    }
    out
}

/// A random playout through the reference: its legal moves as text, one
/// chosen at random and played. Returns the plies played.
fn reference_playout(start: &reference::Position, seed: u64) -> u64 {
    let mut pos = start.clone();
    let mut rng = Rng::new(seed);
    let mut plies = 0;
    loop {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return plies;
        }
        pos.play(&moves[rng.below(moves.len())]).unwrap();
        plies += 1;
    }
}

/// Random playouts from the start, fast path and reference, under the
/// group's measurement (wall clock or thread CPU time).
fn playout_benches<M: Measurement>(group: &mut BenchmarkGroup<'_, M>, start: Position) {
    support::playout_benches(group, start, PLAYOUTS, 10_000);
    let slow = reference::Position::new(start.config());
    let ref_plies: u64 = (0..REFERENCE_PLAYOUTS)
        .map(|seed| reference_playout(&slow, seed))
        .sum();
    group.throughput(Throughput::Elements(ref_plies));
    group.sample_size(10);
    group.bench_function("reference_random_playout", |b| {
        b.iter(|| {
            (0..REFERENCE_PLAYOUTS)
                .map(|seed| reference_playout(black_box(&slow), seed))
                .sum::<u64>()
        })
    });
}

/// The random playouts again, timed by CPU time.
fn cpu_benches(c: &mut Criterion<ThreadCpuTime>) {
    let mut group = c.benchmark_group("echec_o_cube_cpu");
    playout_benches(&mut group, Position::default());
    group.finish();
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("echec_o_cube");
    let start = Position::default();

    group.throughput(Throughput::Elements(1));
    group.bench_function("legal_moves_start", |b| {
        let mut moves: MoveList<Move> = MoveList::new();
        b.iter(|| {
            black_box(start).generate_moves(&mut moves);
            moves.len()
        })
    });

    let positions = mid_game_positions();
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves_mid_game", |b| {
        let mut moves: MoveList<Move> = MoveList::new();
        b.iter(|| {
            let mut n = 0;
            for pos in &positions {
                black_box(pos).generate_moves(&mut moves);
                n += moves.len();
            }
            n
        })
    });

    playout_benches(&mut group, start);

    group.throughput(Throughput::Elements(73_952));
    group.bench_function("perft_4", |b| {
        b.iter(|| {
            let n = perft(black_box(&start), 4);
            assert_eq!(n, 73_952);
            n
        })
    });
    group.finish();
}

criterion_group!(echec_o_cube_benches, benches);
criterion_group! {
    name = echec_o_cube_cpu_benches;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = cpu_benches
}
criterion_main!(echec_o_cube_benches, echec_o_cube_cpu_benches);
