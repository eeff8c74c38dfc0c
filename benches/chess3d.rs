//! Criterion benchmarks for chess3d: perft at one level side by side with
//! cozy-chess and shakmaty (same positions, bulk counting at the last ply for
//! all three), and perft of the 3-level start against the reference
//! implementation.
//!
//! `cargo bench -p board-games-benches --bench chess3d -- --warm-up-time 1 --measurement-time 3`
//!
//! The depths are small so `cargo bench` stays quick, and the engines share
//! one binary (where code layout moves tight loops); the big depths, each
//! engine its own program built with the same profile, whole-process CPU
//! time and instruction counts: `scripts/perft-compare --instructions`.

#[path = "../examples/perft/cozy.rs"]
mod cozy;

use std::hint::black_box;
use std::time::Duration;

use board_core::perft;
use board_games_checks::shakmaty_perft;
use chess3d::reference::RefPosition;
use chess3d::{FixedPosition, Position};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

use cozy::cozy_perft;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1";

fn one_level(c: &mut Criterion) {
    for (name, fen, depth) in [("start", START, 5), ("kiwipete-no-castling", KIWIPETE, 4)] {
        let ours1 = FixedPosition::<1>::from_fen(fen).unwrap();
        let ours = Position::from_fen(fen).unwrap();
        let cozy: cozy_chess::Board = fen.parse().unwrap();
        let shak: shakmaty::Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let nodes = perft(&ours1, depth);
        assert_eq!(nodes, cozy_perft(&cozy, depth));
        assert_eq!(nodes, shakmaty_perft(&shak, depth));
        assert_eq!(nodes, perft(&ours, depth));
        let mut g = c.benchmark_group(format!("perft-1-level/{name}/depth-{depth}"));
        g.sample_size(10).throughput(Throughput::Elements(nodes));
        g.bench_function("chess3d FixedPosition<1>", |b| {
            b.iter(|| perft(black_box(&ours1), depth))
        });
        g.bench_function("chess3d Position", |b| {
            b.iter(|| perft(black_box(&ours), depth))
        });
        g.bench_function("cozy-chess", |b| {
            b.iter(|| cozy_perft(black_box(&cozy), depth))
        });
        g.bench_function("shakmaty", |b| {
            b.iter(|| shakmaty_perft(black_box(&shak), depth))
        });
        g.finish();
    }
}

fn three_levels(c: &mut Criterion) {
    let depth = 4;
    let fixed = FixedPosition::<3>::default();
    let any = Position::default();
    let reference = RefPosition::start(3).unwrap();
    let nodes = perft(&fixed, depth);
    let mut g = c.benchmark_group(format!("perft-3-levels/start/depth-{depth}"));
    g.sample_size(10)
        .throughput(Throughput::Elements(nodes))
        .measurement_time(Duration::from_secs(5));
    g.bench_function("chess3d FixedPosition<3>", |b| {
        b.iter(|| perft(black_box(&fixed), depth))
    });
    g.bench_function("chess3d Position", |b| {
        b.iter(|| perft(black_box(&any), depth))
    });
    g.bench_with_input(BenchmarkId::new("reference", depth), &reference, |b, r| {
        b.iter(|| black_box(r).perft(depth))
    });
    g.finish();
}

criterion_group!(benches, one_level, three_levels);
criterion_main!(benches);
