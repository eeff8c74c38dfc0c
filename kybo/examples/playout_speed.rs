//! Random playouts from the empty board, timed by wall clock and by the CPU
//! time the process received (Linux `/proc/self/schedstat`), so that the
//! moves-per-second figure means something on a busy machine too: first with
//! `board_core::random_playout` (a move list each ply), then the same games
//! with `Position::random_move` (no list).
//!
//! ```text
//! cargo run --release -p kybo --example playout_speed -- 20000
//! ```

use std::time::Instant;

use board_core::{random_playout, Rng};
use kybo::Position;

/// Seconds of CPU time this process has run, if the kernel says.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn report(what: &str, plies: usize, wall: f64, cpu0: Option<f64>, cpu1: Option<f64>) {
    print!(
        "{what}: wall clock {wall:.3} s, {:.2} M moves/s",
        plies as f64 / wall / 1e6
    );
    if let (Some(a), Some(b)) = (cpu0, cpu1) {
        print!(
            "; CPU time {:.3} s, {:.2} M moves/s",
            b - a,
            plies as f64 / (b - a) / 1e6
        );
    }
    println!();
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);

    let (wall0, cpu0) = (Instant::now(), cpu_seconds());
    let (mut plies, mut wins) = (0, 0);
    for seed in 0..games {
        let mut pos = Position::default();
        plies += random_playout(&mut pos, &mut Rng::new(seed), 1000).plies;
        wins += pos.winner().is_some() as u64;
    }
    let (wall, cpu1) = (wall0.elapsed().as_secs_f64(), cpu_seconds());
    println!(
        "{games} games, {plies} moves ({:.1} a game), {wins} won by KYBO",
        plies as f64 / games as f64
    );
    report("board_core::random_playout", plies, wall, cpu0, cpu1);

    // The same games without a move list: Position::random_move.
    let (wall0, cpu0) = (Instant::now(), cpu_seconds());
    let mut plies2 = 0;
    for seed in 0..games {
        let mut pos = Position::default();
        let mut rng = Rng::new(seed);
        while let Some(mv) = pos.random_move(&mut rng) {
            pos.play_unchecked(mv);
            plies2 += 1;
        }
    }
    let (wall, cpu1) = (wall0.elapsed().as_secs_f64(), cpu_seconds());
    assert_eq!(plies2, plies, "the same games");
    report("Position::random_move", plies, wall, cpu0, cpu1);
}
