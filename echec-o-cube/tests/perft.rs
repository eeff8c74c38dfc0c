//! Perft from the start (EOC-22): the counts, computed by the reference
//! implementation, checked against the bitboard fast path.
#![cfg(feature = "reference")]

use board_core::{divide, perft};
use echec_o_cube::{reference, Config, Player, Position, Record};

/// Perft from the start, first player One, default configuration, depths 1-4.
/// Computed by `reference::Position::perft` (see `eoc22_reference_perft`).
const START_PERFT: [u64; 4] = [224, 1168, 8256, 73952];

// EOC-22: the fast path's perft matches the reference's counts.
#[test]
fn eoc22_fast_perft_from_start() {
    let start = Position::new(Config::default());
    for (d, &n) in START_PERFT.iter().enumerate() {
        assert_eq!(perft(&start, d as u32 + 1), n, "depth {}", d + 1);
    }
}

// EOC-22: the reference computes the constants above (depth 4 is the slow one).
#[test]
fn eoc22_reference_perft() {
    let start = reference::Position::new(Config::default());
    for (d, &n) in START_PERFT.iter().enumerate() {
        assert_eq!(start.perft(d as u32 + 1), n, "depth {}", d + 1);
    }
}

/// Plays `moves` on both implementations.
fn both(config: Config, first: Player, moves: &[&str]) -> (Position, reference::Position) {
    let mut fast = Position::new(config.with_first(first));
    let mut slow = reference::Position::new(config.with_first(first));
    for m in moves {
        fast.play(m.parse().unwrap()).unwrap();
        slow.play(m).unwrap();
    }
    (fast, slow)
}

// EOC-22: perft split by first move agrees with the reference in mid-game
// positions with a claim pending, closings to announce and, in red mode, reds.
#[test]
fn eoc22_divide_matches_reference_mid_game() {
    let setups: [(Config, &[&str]); 3] = [
        (
            Config::default(),
            &[
                "P D5-E5", "F E5-F5", "P F5-F6", "F E6-F6", "P D6-E6", "F D5-D6",
            ],
        ),
        (
            Config::FAMILY,
            &["R C3", "P D5-E5", "F E5-E6", "P D6-E6", "R D4", "F D5-D6"],
        ),
        (
            Config {
                auto_announce: true,
                pale: 6,
                dark: 3,
                ..Config::default()
            },
            &["P D5-E5", "F E5-E6", "P D6-E6", "F C6-D6"],
        ),
    ];
    for (config, moves) in setups {
        let (fast, slow) = both(config, Player::Two, moves);
        let parts = divide(&fast, 3);
        assert_eq!(parts.len() as u64, fast.count_legal_moves());
        for (mv, n) in parts {
            let mut child = slow.clone();
            child.play(&mv.to_string()).unwrap();
            assert_eq!(child.perft(2), n, "{mv}");
        }
    }
}

/// The entries of `tests/perft.txt`: a record and its `(depth, nodes)` lines.
fn suite() -> Vec<(Record, Vec<(u32, u64)>)> {
    include_str!("perft.txt")
        .split("\n---\n")
        .map(|entry| {
            let (perfts, record): (Vec<&str>, Vec<&str>) =
                entry.lines().partition(|l| l.starts_with("perft "));
            let record: Record = record.join("\n").parse().expect("a record");
            let counts = perfts
                .iter()
                .map(|l| {
                    let mut words = l.split_whitespace().skip(1);
                    let depth = words.next().and_then(|w| w.parse().ok());
                    let nodes = words.next().and_then(|w| w.parse().ok());
                    (depth.expect("depth"), nodes.expect("nodes"))
                })
                .collect();
            (record, counts)
        })
        .collect()
}

// EOC-22, EOC-21: the perft suite (records and counts from the reference):
// the fast path matches every count, the reference every count up to 300,000.
#[test]
fn eoc22_perft_suite() {
    let suite = suite();
    assert_eq!(suite.len(), 5);
    for (record, counts) in suite {
        let fast = record.replay().expect("the record replays");
        let mut slow = reference::Position::new(record.config());
        for mv in record.moves() {
            slow.play(&mv.to_string())
                .expect("the reference replays it");
        }
        assert!(!counts.is_empty());
        for (depth, nodes) in counts {
            assert_eq!(perft(&fast, depth), nodes, "{record}depth {depth}");
            if nodes <= 300_000 {
                assert_eq!(slow.perft(depth), nodes, "{record}depth {depth}");
            }
        }
    }
}
