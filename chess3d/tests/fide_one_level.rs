//! C3-21: with one level and no castling rights, the legal moves are FIDE
//! chess's. Compared move set by move set, and by perft, with cozy-chess.

use std::collections::BTreeSet;

use board_core::{perft, Game, MoveList, Rng};
use chess3d::{FixedPosition, Position, Role};

type One = FixedPosition<1>;

/// (from, to, promotion) of cozy-chess's legal moves, as square indices.
fn cozy_moves(board: &cozy_chess::Board) -> BTreeSet<(usize, usize, Option<char>)> {
    let mut set = BTreeSet::new();
    board.generate_moves(|moves| {
        for mv in moves {
            let promo = mv.promotion.map(|p| match p {
                cozy_chess::Piece::Queen => 'Q',
                cozy_chess::Piece::Rook => 'R',
                cozy_chess::Piece::Bishop => 'B',
                cozy_chess::Piece::Knight => 'N',
                other => panic!("cozy promotion to {other:?}"),
            });
            set.insert((mv.from as usize, mv.to as usize, promo));
        }
        false
    });
    set
}

fn our_moves(pos: &One) -> BTreeSet<(usize, usize, Option<char>)> {
    let mut list = MoveList::new();
    pos.generate_moves(&mut list);
    let set: BTreeSet<_> = list
        .iter()
        .map(|m| {
            (
                m.from().square().index(),
                m.to().square().index(),
                m.promotion().map(Role::upper),
            )
        })
        .collect();
    assert_eq!(set.len(), list.len(), "duplicate moves in {}", pos.fen());
    assert_eq!(pos.count_legal_moves(), list.len() as u64);
    set
}

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            n += moves.len() as u64;
        } else {
            for mv in moves {
                let mut b = board.clone();
                b.play_unchecked(mv);
                n += cozy_perft(&b, depth - 1);
            }
        }
        false
    });
    n
}

/// FENs without castling rights: openings, tactics, en passant, promotions,
/// checks, pins.
const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w - - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w - f6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b - d3 0 3",
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1",
    "8/PPPk4/8/8/8/8/4Kppp/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
    "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
    "8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 0 1",
    "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1",
    "K1k5/8/P7/8/8/8/8/8 w - - 0 1",
    "8/k1P5/8/1K6/8/8/8/8 w - - 0 1",
    "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",
    "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
    "4k3/8/8/q7/8/8/3B4/4K3 w - - 0 1",
];

fn compare_tree(ours: &One, cozy: &cozy_chess::Board, depth: u32) {
    assert_eq!(our_moves(ours), cozy_moves(cozy), "moves of {}", ours.fen());
    if depth == 0 {
        return;
    }
    let mut list = MoveList::new();
    ours.generate_moves(&mut list);
    for mv in list {
        let mut child = *ours;
        child.play_unchecked(mv);
        assert_eq!(child.zobrist(), child.compute_hash());
        let cozy_child: cozy_chess::Board = child.fen().parse().expect("cozy reads our FEN");
        compare_tree(&child, &cozy_child, depth - 1);
    }
}

// C3-21: identical legal move sets, position by position, two plies deep.
#[test]
fn c3_21_move_sets_match_cozy_chess() {
    for fen in FENS {
        let ours = One::from_fen(fen).unwrap();
        assert_eq!(ours.fen(), *fen);
        let cozy: cozy_chess::Board = fen.parse().unwrap();
        compare_tree(&ours, &cozy, 1);
    }
}

// C3-21, C3-22: identical perft at depth 3 on every FEN, deeper on two.
#[test]
fn c3_21_c3_22_perft_matches_cozy_chess() {
    for fen in FENS {
        let ours = One::from_fen(fen).unwrap();
        let cozy: cozy_chess::Board = fen.parse().unwrap();
        assert_eq!(perft(&ours, 3), cozy_perft(&cozy, 3), "{fen}");
        // The run-time type gives the same count.
        let any = Position::from_fen(fen).unwrap();
        assert_eq!(perft(&any, 2), cozy_perft(&cozy, 2), "{fen}");
    }
    // Known values (chessprogramming.org perft results; Kiwipete and
    // position 3 have no castling here, so the Kiwipete count is cozy's).
    let start = One::from_fen(FENS[0]).unwrap();
    assert_eq!(perft(&start, 4), 197_281);
    let pos3 = One::from_fen(FENS[2]).unwrap();
    assert_eq!(perft(&pos3, 5), 674_624);
    let kiwi = One::from_fen(FENS[1]).unwrap();
    let cozy_kiwi: cozy_chess::Board = FENS[1].parse().unwrap();
    assert_eq!(perft(&kiwi, 3), cozy_perft(&cozy_kiwi, 3));
}

// C3-21: random games without castling: every position's moves match.
#[test]
fn c3_21_random_games_match_cozy_chess() {
    let mut rng = Rng::new(21);
    let mut positions = 0;
    for game in 0..120 {
        let fen = FENS[game % FENS.len()];
        let mut ours = One::from_fen(fen).unwrap();
        for _ in 0..200 {
            let cozy = cozy_fen(&ours);
            assert_eq!(our_moves(&ours), cozy_moves(&cozy), "{}", ours.fen());
            positions += 1;
            let mut list = MoveList::new();
            ours.generate_moves(&mut list);
            if list.is_empty() {
                break;
            }
            ours.play_unchecked(list[rng.below(list.len())]);
            assert_eq!(ours.zobrist(), ours.compute_hash());
            if game % 10 == 0 && positions % 37 == 0 {
                assert_eq!(
                    perft(&ours, 3),
                    cozy_perft(&cozy_fen(&ours), 3),
                    "{}",
                    ours.fen()
                );
            }
        }
    }
    assert!(positions > 10_000);
}

/// cozy-chess refuses halfmove clocks over 100, which do not change the moves.
fn cozy_fen(pos: &One) -> cozy_chess::Board {
    let fen = pos.fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[4] = "0";
    fields.join(" ").parse().unwrap()
}
