//! KY-13: perft from the empty board. The counts below were computed by the
//! reference implementation (`kybo::reference::Reference`, run by
//! `ky13_reference_perft` when the `reference` feature is on) and are checked
//! against the bitboard position.
//!
//! By hand: depth 1 = 4 (the Dungeon, KY-3); depth 2 = 4 × 5 (the stack
//! itself and its four orthogonal neighbours, KY-4); depth 3 = 4 × 37: after
//! White D4, Black on D4 leaves 5 moves (D4 and its 4 neighbours), Black on a
//! neighbour leaves 8 (two stacks and their 6 other neighbours), 5 + 4 × 8 = 37.

use board_core::perft;
use kybo::{Config, Position};

const PERFT: [(u32, u64); 7] = [
    (1, 4),
    (2, 20),
    (3, 148),
    (4, 1396),
    (5, 15664),
    (6, 201680),
    (7, 2910032),
];

/// Depth 8, from the bitboard position only (the reference needs about a
/// minute for it in the test profile): `cargo run --release --example perft
/// -- kybo --depth 8`.
const PERFT_8: u64 = 46_275_904;

// KY-13
#[test]
fn ky13_perft_fast_path() {
    for (depth, count) in PERFT {
        assert_eq!(perft(&Position::default(), depth), count, "depth {depth}");
    }
    assert_eq!(perft(&Position::default(), 8), PERFT_8);
}

// KY-13: a finished game has no moves.
#[test]
fn ky13_finished_game_has_no_moves() {
    let drawn = Position::new(Config::with_supply(0));
    assert_eq!(perft(&drawn, 1), 0);
    assert_eq!(perft(&drawn, 3), 0);
    let won: kybo::Record = "D4 E4 D3 E5 D2 E4 D1 E5 D5 E4 D6 E5 D7 E4 D8"
        .parse()
        .unwrap();
    let won = won.replay().unwrap();
    assert!(won.outcome().is_some());
    assert_eq!(perft(&won, 2), 0);
}

// KY-13: with a supply of 2 cubes each the tree stops after 4 plies.
#[test]
fn ky13_perft_limited_supply() {
    let pos = Position::new(Config::with_supply(2));
    assert_eq!(perft(&pos, 4), PERFT[3].1);
    assert_eq!(perft(&pos, 5), 0);
}

// KY-13: the reference implementation computes the counts above.
#[cfg(feature = "reference")]
#[test]
fn ky13_reference_perft() {
    use kybo::reference::Reference;
    let start = Reference::new(Config::default());
    for (depth, count) in PERFT {
        assert_eq!(perft(&start, depth), count, "depth {depth}");
    }
    // divide agrees move by move at depth 4
    let fast = board_core::divide(&Position::default(), 4);
    let slow = board_core::divide(&start, 4);
    assert_eq!(fast, slow);
}

/// The positions of `tests/data/perft.txt` with their configuration and counts.
fn suite() -> Vec<(Position, Vec<(u32, u64)>)> {
    let data = include_str!("data/perft.txt");
    let mut out: Vec<(Position, Vec<(u32, u64)>)> = Vec::new();
    let mut text = None;
    for line in data.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(t) = line.strip_prefix("position ") {
            text = Some(t.to_owned());
            out.push((Position::from_text(t).unwrap(), Vec::new()));
        } else if let Some(n) = line.strip_prefix("supply ") {
            let config = Config::with_supply(n.parse().unwrap());
            let t = text.as_deref().unwrap();
            out.last_mut().unwrap().0 = Position::from_text_with_config(t, config).unwrap();
        } else {
            let (d, n) = line.split_once(' ').unwrap();
            out.last_mut()
                .unwrap()
                .1
                .push((d.parse().unwrap(), n.parse().unwrap()));
        }
    }
    out
}

// KY-13: the perft suite of mid-game positions.
#[test]
fn ky13_perft_suite_fast_path() {
    let suite = suite();
    assert_eq!(suite.len(), 8);
    for (pos, counts) in suite {
        for (depth, count) in counts {
            assert_eq!(perft(&pos, depth), count, "{} depth {depth}", pos.to_text());
        }
    }
}

// KY-13: the reference recomputes the suite's smaller counts.
#[cfg(feature = "reference")]
#[test]
fn ky13_perft_suite_reference() {
    use kybo::reference::Reference;
    for (pos, counts) in suite() {
        let r = Reference::from_position(&pos);
        for (depth, count) in counts.into_iter().filter(|c| c.1 < 30_000) {
            assert_eq!(perft(&r, depth), count, "{} depth {depth}", pos.to_text());
        }
    }
}

// KY-13: the board's symmetries: the four Dungeon openings lead to trees of
// the same size.
#[test]
fn ky13_openings_are_symmetric() {
    let parts = board_core::divide(&Position::default(), 6);
    assert_eq!(parts.len(), 4);
    assert!(parts.iter().all(|p| p.1 * 4 == PERFT[5].1), "{parts:?}");
}
