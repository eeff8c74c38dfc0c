//! C3-21: with one level and no castling rights, the reference implementation
//! is FIDE chess. Checked against cozy-chess, an established chess library:
//! identical legal move sets (from, to, promotion) on many positions, and
//! identical perft.
#![cfg(feature = "reference")]

use std::collections::BTreeSet;

use board_core::{Level, Rng};
use chess3d::reference::{RefMove, RefPosition};
use cozy_chess::Board;

/// Positions without castling rights: the start, Kiwipete and the other
/// chessprogramming.org perft positions with their castling rights removed,
/// en-passant and promotion positions.
const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w - - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    // En passant: a plain capture, one the capturer's pin forbids (the rook
    // on h5 would see the king), and Black taking, once to end a check.
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w - f6 0 3",
    "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
    "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
    "8/8/8/4k3/2pP4/8/8/4K3 b - d3 0 1",
    // Promotions, with and without capture, both sides.
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K2R b - - 0 1",
    // Check evasions and a mate-in-one area.
    "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
];

/// A reference move as UCI text (`e2e4`, `a7a8q`) for comparison with cozy-chess.
fn uci(m: &RefMove) -> String {
    assert_eq!(m.from().level(), Level::N1);
    assert_eq!(m.to().level(), Level::N1);
    assert!(
        m.castling().is_none(),
        "no castling without castling rights"
    );
    let mut s = format!("{}{}", m.from().square(), m.to().square()).to_lowercase();
    if let Some(k) = m.promotion() {
        s.push(k.letter().to_ascii_lowercase());
    }
    s
}

fn reference_moves(pos: &RefPosition) -> BTreeSet<String> {
    pos.legal_moves().iter().map(uci).collect()
}

fn cozy_moves(board: &Board) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    board.generate_moves(|moves| {
        for mv in moves {
            out.insert(mv.to_string());
        }
        false
    });
    out
}

fn cozy_perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            total += cozy_perft(&child, depth - 1);
        }
        false
    });
    total
}

/// Placement, side to move, halfmove clock and fullmove number agree (the
/// en-passant field is left out: C3-19 writes it after every two-cell
/// advance, cozy-chess only when a capture is possible).
fn same_fen_fields(pos: &RefPosition, board: &Board) {
    let ours = pos.fen();
    let theirs = board.to_string();
    let pick = |s: &str| {
        let f: Vec<String> = s.split(' ').map(str::to_owned).collect();
        [f[0].clone(), f[1].clone(), f[4].clone(), f[5].clone()]
    };
    assert_eq!(pick(&ours), pick(&theirs), "{ours} vs {theirs}");
}

// C3-21
#[test]
fn c3_21_one_level_move_sets_equal_cozy_chess() {
    for fen in FENS {
        let pos = RefPosition::from_fen(fen).unwrap();
        let board = Board::from_fen(fen, false).unwrap();
        assert_eq!(reference_moves(&pos), cozy_moves(&board), "{fen}");
        assert_eq!(pos.in_check(), !board.checkers().is_empty(), "{fen}");
        same_fen_fields(&pos, &board);
        // C3-19: plain FEN round-trips at one level.
        assert_eq!(pos.fen(), *fen);
    }
}

// C3-21, C3-10, C3-11, C3-14: random games from every position, comparing at every ply.
#[test]
fn c3_21_random_games_agree_with_cozy_chess() {
    let mut rng = Rng::new(0xC321);
    let mut plies = 0;
    for fen in FENS {
        for _game in 0..4 {
            let mut pos = RefPosition::from_fen(fen).unwrap();
            let mut board = Board::from_fen(fen, false).unwrap();
            for _ply in 0..80 {
                let ours = reference_moves(&pos);
                assert_eq!(ours, cozy_moves(&board), "{}", pos.fen());
                assert_eq!(pos.in_check(), !board.checkers().is_empty());
                same_fen_fields(&pos, &board);
                // Every position reached also reads back from its own text.
                assert_eq!(RefPosition::from_fen(&pos.fen()).unwrap(), pos);
                if ours.is_empty() {
                    break;
                }
                let pick = ours.iter().nth(rng.below(ours.len())).unwrap().clone();
                let mv = pos
                    .legal_moves()
                    .into_iter()
                    .find(|m| uci(m) == pick)
                    .unwrap();
                pos.play(&mv);
                board.play(pick.parse().unwrap());
                plies += 1;
            }
        }
    }
    assert!(plies > 2000, "only {plies} plies played");
}

// C3-21, C3-22: perft at depth 3 equals cozy-chess's.
#[test]
fn c3_22_one_level_perft_equals_cozy_chess() {
    for fen in [
        FENS[0], FENS[1], FENS[2], FENS[3], FENS[6], FENS[7], FENS[10],
    ] {
        let pos = RefPosition::from_fen(fen).unwrap();
        let board = Board::from_fen(fen, false).unwrap();
        assert_eq!(pos.perft(3), cozy_perft(&board, 3), "{fen}");
    }
}

// C3-21, C3-22: published counts, independent of both programs (perft of the
// start position; chessprogramming.org position 3, which has no castling).
#[test]
fn c3_22_known_fide_perft_counts() {
    let start = RefPosition::from_fen(FENS[0]).unwrap();
    assert_eq!(
        (1..=3).map(|d| start.perft(d)).collect::<Vec<_>>(),
        [20, 400, 8902]
    );
    let pos3 = RefPosition::from_fen(FENS[2]).unwrap();
    assert_eq!(
        (1..=4).map(|d| pos3.perft(d)).collect::<Vec<_>>(),
        [14, 191, 2812, 43238]
    );
    let promotions = RefPosition::from_fen(FENS[10]).unwrap();
    assert_eq!(
        (1..=3).map(|d| promotions.perft(d)).collect::<Vec<_>>(),
        [24, 496, 9483]
    );
}
