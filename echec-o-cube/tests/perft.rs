//! Perft from the start (EOC-22): the counts, computed by the reference
//! implementation, checked against the bitboard fast path.

use board_core::{divide, perft, Game};
use echec_o_cube::{reference, Config, Player, Position};

/// Perft from the start, first player One, default configuration, depths 1-4.
/// Computed by `reference::Position::perft` (see `eoc22_reference_perft`).
const START_PERFT: [u64; 4] = [224, 1168, 8256, 73952];

// EOC-22: the fast path's perft matches the reference's counts.
#[test]
fn eoc22_fast_perft_from_start() {
    let start = Position::new(Config::default(), Player::One);
    for (d, &n) in START_PERFT.iter().enumerate() {
        assert_eq!(perft(&start, d as u32 + 1), n, "depth {}", d + 1);
    }
}

// EOC-22: the reference computes the constants above (depth 4 is the slow one).
#[test]
fn eoc22_reference_perft() {
    let start = reference::Position::new(Config::default(), Player::One);
    for (d, &n) in START_PERFT.iter().enumerate() {
        assert_eq!(start.perft(d as u32 + 1), n, "depth {}", d + 1);
    }
}
