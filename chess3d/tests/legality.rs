//! `check` tests one move on its own (the moving piece's movement rule, the
//! move's kind, then the king's safety after that one move, C3-4 to C3-15);
//! the move generator finds all of them at once. The two must agree on every
//! move of the move space: every start cell of the side to move's pieces to
//! every cell, each plain kind, every promotion, both castlings.

mod common;
use common::perft_data;

use std::collections::HashSet;

use board_core::{Cell, Game, Rng};
use chess3d::{Config, Move, MoveKind, Position, Role};

/// Every move a user could ask for in `pos`: from each cell of a piece of the
/// side to move to every cell, as `parse_move` reads the text and with the
/// other plain kinds; for pawns every promotion (the king's too, which is
/// refused); the castlings as read, and as hand-built moves from each piece.
fn move_space(pos: &Position) -> Vec<Move> {
    let mut space = Vec::new();
    let cells = pos.levels() * 64;
    let own: Vec<(Cell, Role)> = pos
        .pieces()
        .filter(|(_, p)| p.color == pos.turn())
        .map(|(c, p)| (c, p.role))
        .collect();
    for &(from, role) in &own {
        for to in (0..cells).filter_map(Cell::from_index) {
            let mv = pos.parse_move(&format!("{from}-{to}")).unwrap();
            space.push(mv);
            for kind in [MoveKind::Normal, MoveKind::Capture, MoveKind::EnPassant] {
                if kind != mv.kind() {
                    space.push(Move::new(from, to, kind));
                }
            }
            if role == Role::Pawn {
                for promo in [
                    Role::Queen,
                    Role::Rook,
                    Role::Bishop,
                    Role::Knight,
                    Role::King,
                ] {
                    space.push(Move::new(from, to, MoveKind::Promotion(promo)));
                    space.push(Move::new(from, to, MoveKind::CapturePromotion(promo)));
                }
            }
        }
        if role == Role::King || role == Role::Rook {
            for kind in [MoveKind::ShortCastle, MoveKind::LongCastle] {
                let to = Cell::from_index(from.index() + 1).unwrap_or(from);
                space.push(Move::new(from, to, kind));
            }
        }
    }
    for castle in ["O-O", "O-O-O"] {
        space.push(pos.parse_move(castle).unwrap());
    }
    space
}

/// Checks every move of the move space of `pos`; returns how many were legal.
fn agree(pos: &Position) -> usize {
    let legal: HashSet<Move> = pos.legal_moves().into_iter().collect();
    let space = move_space(pos);
    let mut accepted = HashSet::new();
    for &mv in &space {
        let verdict = pos.check(mv);
        assert_eq!(
            verdict.is_ok(),
            legal.contains(&mv),
            "{mv} in {}: check says {verdict:?}",
            pos.fen()
        );
        assert_eq!(pos.is_legal(mv), verdict.is_ok(), "{mv} in {}", pos.fen());
        let mut copy = pos.clone();
        assert_eq!(copy.play(mv), verdict, "{mv} in {}", pos.fen());
        if verdict.is_err() {
            assert_eq!(&copy, pos, "a refused move changed {}", pos.fen());
        }
        if verdict.is_ok() {
            accepted.insert(mv);
        }
    }
    // Every legal move is in the space, so each was accepted above.
    assert_eq!(accepted, legal, "{}", pos.fen());
    accepted.len()
}

// C3-4 to C3-15 (C3-14 the king's safety): `check` accepts exactly the
// generated moves in positions of random games on 1, 2 and 3 levels (several
// seeds, a position every few plies, until the game ends).
#[test]
fn c3_14_check_agrees_with_the_generator_in_random_games() {
    let mut positions = 0;
    let mut legal = 0;
    for levels in [1, 2, 3] {
        for seed in 0..3u64 {
            let mut pos = Position::new(Config::new(levels).unwrap());
            let mut rng = Rng::new(seed * 101 + levels as u64);
            for ply in 0..240 {
                if ply % 12 == 0 {
                    legal += agree(&pos);
                    positions += 1;
                }
                let Some(mv) = pos.random_move(&mut rng) else {
                    agree(&pos);
                    break;
                };
                pos.play_unchecked(mv);
            }
        }
    }
    assert!(
        positions > 100 && legal > 1000,
        "{positions} positions, {legal} moves"
    );
}

// C3-10, C3-11, C3-15: the same on positions with en passant across levels,
// promotions, castling both ways, checks, pins and the end of the game (the
// perft data's starts, the positions a few random plies after them, and
// hand-picked FENs).
#[test]
fn c3_14_check_agrees_with_the_generator_on_special_moves() {
    let mut fens: Vec<String> = perft_data().into_iter().map(|(f, _)| f).collect();
    fens.extend(
        [
            // En passant on one level, and one a pin forbids.
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w - f6 0 3",
            "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
            // Promotions both ways, by advance and capture.
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            // Check evasions, a double check, mate and stalemate.
            "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1",
            "4k3/8/8/8/1b6/8/3r4/R3K3 w - - 0 1",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
            // Castling with a landing cell attacked across levels (C3-15).
            "8/8/8/8/8/8/8/8|nrk1rbbn/pppppppp/8/8/8/8/PPPPPPPP/NRK1RBBN|3q4/8/8/8/8/8/8/3Q4 w KQkq - 0 1",
            "8/8/8/8/8/8/8/3r4|nrk1rbbn/pppppppp/8/8/8/8/PPPPPPP1/NRK1RBB1|3q4/8/8/8/8/8/8/8 w KQkq - 0 1",
            // The game over by a C3-17 draw: nothing is legal.
            "8/8/8/8/8/8/8/8|2k5/8/8/8/8/8/8/2K5|8/8/8/8/8/8/8/8 w - - 0 1",
            "8/8/8/8/8/8/8/8|2k5/8/8/8/8/8/8/R1K5|8/8/8/8/8/8/8/8 w - - 150 90",
        ]
        .map(String::from),
    );
    let mut rng = Rng::new(14);
    for fen in &fens {
        let start = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        agree(&start);
        for _ in 0..3 {
            let mut pos = start.clone();
            for _ in 0..rng.below(6) + 1 {
                match pos.random_move(&mut rng) {
                    Some(mv) => pos.play_unchecked(mv),
                    None => break,
                }
            }
            agree(&pos);
        }
    }
}

// C3-20: a move text without levels (`E7-E5`) is read when exactly one level
// makes it a legal move; otherwise a typed error lists the candidates.
#[test]
fn c3_20_move_text_without_levels() {
    use chess3d::PlayError;
    let start = Position::default();
    let mv = start.parse_move("E7-E5").unwrap();
    assert_eq!(format!("{mv:#}"), "N2/E7-N2/E5");
    assert_eq!(start.parse_move("e7-e5"), Ok(mv));
    // No level makes it legal.
    let err = start.parse_move("E7-E4").unwrap_err();
    assert!(matches!(&err, PlayError::Unclear { candidates, .. } if candidates.is_empty()));
    assert!(err.to_string().contains("C3-20"), "{err}");
    // Pawns on E7 of two levels: ambiguous, both candidates named.
    let two =
        Position::from_fen("8/4p3/8/8/8/8/8/8|2k1r3/4p3/8/8/8/8/8/2K1R3|8/8/8/8/8/8/8/8 b - - 0 1")
            .unwrap();
    let err = two.parse_move("E7-E5").unwrap_err();
    assert_eq!(
        err.to_string(),
        "E7-E5 is ambiguous: N1/E7-N1/E5 or N2/E7-N2/E5 (C3-20)"
    );
    // Every legal non-castling move of random positions reads back from its
    // squares when it is the only one with those squares.
    let mut rng = Rng::new(20);
    for levels in [1, 2, 3] {
        let mut pos = Position::new(Config::new(levels).unwrap());
        for _ in 0..60 {
            let moves = pos.legal_moves();
            for &m in moves.iter().filter(|m| !m.is_castling()) {
                let text = format!("{}-{}", m.from().square(), m.to().square());
                let text = match m.promotion() {
                    Some(r) => format!("{text}={}", r.upper()),
                    None => text,
                };
                let same = moves
                    .iter()
                    .filter(|o| {
                        !o.is_castling()
                            && o.from().square() == m.from().square()
                            && o.to().square() == m.to().square()
                            && o.promotion() == m.promotion()
                    })
                    .count();
                match pos.parse_move(&text) {
                    Ok(read) => assert!(same == 1 && read == m, "{text} in {}", pos.fen()),
                    Err(e) => assert!(same > 1, "{text} in {}: {e}", pos.fen()),
                }
            }
            match pos.random_move(&mut rng) {
                Some(mv) => pos.play_unchecked(mv),
                None => break,
            }
        }
    }
}
