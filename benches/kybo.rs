//! Criterion benchmarks for kybo: legal moves, random playouts to the end
//! (moves per second, KYBO test included; through `board_core::random_playout`,
//! which draws with the list-free `Position::random_move`, and the same games
//! through a move list), perft 5,
//! and the reference implementation's playout for the speed ratio.
//!
//! ```text
//! cargo bench -p board-games-benches --bench kybo -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! The `kybo` group measures wall-clock time; the `kybo_cpu` group times the
//! two playout benchmarks again by the benchmark thread's CPU time
//! (`support::ThreadCpuTime`), which stays meaningful on a loaded machine.

mod support;

use std::hint::black_box;

use board_core::{perft, random_playout, MoveList, Rng};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kybo::reference::Reference;
use kybo::{Config, Move, Position};
use support::{playout_benches, playout_plies, ThreadCpuTime};

const PLAYOUTS: u64 = 64;

/// Positions met in random games, every 10 plies.
fn sample_positions() -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 0..16 {
        let mut pos = Position::default();
        let mut rng = Rng::new(seed);
        let mut moves = MoveList::new();
        let mut ply = 0;
        while !pos.is_over() {
            if ply % 10 == 0 {
                out.push(pos);
            }
            pos.generate_moves(&mut moves);
            pos.play_unchecked(moves[rng.below(moves.len())]);
            ply += 1;
        }
    }
    out
}

/// The playouts again, timed by CPU time.
fn cpu_benches(c: &mut Criterion<ThreadCpuTime>) {
    let mut group = c.benchmark_group("kybo_cpu");
    playout_benches(&mut group, Position::default(), PLAYOUTS, 1000);
    group.finish();
}

fn benches(c: &mut Criterion) {
    let positions = sample_positions();
    let mut group = c.benchmark_group("kybo");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
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

    let start = Position::default();
    playout_benches(&mut group, start, PLAYOUTS, 1000);

    let reference = Reference::new(Config::default());
    assert_eq!(
        playout_plies(&reference, 4, 1000),
        playout_plies(&start, 4, 1000)
    );
    let ref_plies = playout_plies(&reference, 4, 1000);
    group.throughput(Throughput::Elements(ref_plies));
    group.bench_function("reference_random_playout", |b| {
        b.iter(|| {
            let mut total = 0;
            for seed in 0..4 {
                let mut pos = black_box(&reference).clone();
                total += random_playout(&mut pos, &mut Rng::new(seed), 1000).plies;
            }
            total
        })
    });

    group.throughput(Throughput::Elements(15_664));
    group.bench_function("perft_5", |b| b.iter(|| perft(black_box(&start), 5)));
    group.finish();
}

criterion_group!(kybo_benches, benches);
criterion_group! {
    name = kybo_cpu_benches;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = cpu_benches
}
criterion_main!(kybo_benches, kybo_cpu_benches);
