//! [`Checked`](crate::Checked) for chess3d: its [`Position`] (what the harness checks, at one to
//! three levels), with its [`Match`] (a position with its history and the
//! FIDE draws, what the examples play).

use board_core::{Cell, Color};
use chess3d::{Move, MoveKind, Position, Record, Role};

use super::round_trips;
use crate::Checked;

/// chess3d's position, as the harness and the fuzzers drive it.
pub type Chess3d = Position;

/// The starts the harness covers: the default 3-level start, one and two
/// levels, and two classic one-level positions without castling rights.
fn chess_variants() -> Vec<Position> {
    let mut v = vec![Position::default()];
    for levels in [1, 2] {
        v.push(Position::new(
            chess3d::Config::new(levels).expect("1 and 2 levels are allowed"),
        ));
    }
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
    ] {
        v.push(Position::from_fen(fen).expect("a valid one-level FEN"));
    }
    v
}

/// Every move from a cell of a piece of the side to move to any cell, with
/// every promotion for pawns, and both castlings: the move space `play` is
/// checked against.
fn chess_move_space(pos: &Position) -> Vec<Move> {
    let mut space = Vec::new();
    let cells = pos.levels() * 64;
    for (from, piece) in pos.pieces() {
        if piece.color != pos.turn() {
            continue;
        }
        for to in (0..cells).filter_map(Cell::from_index) {
            let text = format!("{from}-{to}");
            if let Ok(mv) = pos.parse_move(&text) {
                space.push(mv);
                // The same cells with the other plain kinds: only the kind
                // the position gives may be accepted.
                for kind in [MoveKind::Normal, MoveKind::Capture, MoveKind::EnPassant] {
                    if kind != mv.kind() {
                        space.push(Move::new(from, to, kind));
                    }
                }
            }
            if piece.role == Role::Pawn {
                for promo in ["Q", "R", "B", "N"] {
                    if let Ok(mv) = pos.parse_move(&format!("{text}={promo}")) {
                        space.push(mv);
                    }
                }
            }
        }
    }
    for castle in ["O-O", "O-O-O"] {
        if let Ok(mv) = pos.parse_move(castle) {
            space.push(mv);
        }
    }
    space
}

fn parse_chess_everything(pos: &Position, text: &str) {
    round_trips::<Cell>(text);
    round_trips::<Record>(text);
    if let Ok(mv) = pos.parse_move(text) {
        assert_eq!(pos.parse_move(&mv.to_string()).ok(), Some(mv), "{text:?}");
    }
    if let Ok(p) = Position::from_fen(text) {
        assert_eq!(Position::from_fen(&p.fen()).ok(), Some(p), "{text:?}");
    }
    round_trips::<Move>(text);
}

impl Checked for Position {
    fn variants() -> Vec<Position> {
        chess_variants()
    }

    fn move_space(&self) -> Vec<Move> {
        chess_move_space(self)
    }

    /// A move from a cell of one of the mover's pieces (`a` picks it) to any
    /// cell (`b`), of any kind (the high bits of `a`): built directly, as
    /// the whole move space is thousands of moves.
    fn move_from_bytes(&self, a: u8, b: u8) -> Option<Move> {
        let mine: Vec<Cell> = self
            .pieces()
            .filter(|(_, p)| p.color == self.turn())
            .map(|(cell, _)| cell)
            .collect();
        let from = *mine.get(usize::from(a) % mine.len().max(1))?;
        let to = Cell::from_index(usize::from(b) % (self.levels() * 64))?;
        let kinds = [
            MoveKind::Normal,
            MoveKind::Capture,
            MoveKind::EnPassant,
            MoveKind::Promotion(Role::Queen),
            MoveKind::CapturePromotion(Role::Knight),
            MoveKind::ShortCastle,
            MoveKind::LongCastle,
        ];
        Some(Move::new(
            from,
            to,
            kinds[usize::from(a / 16) % kinds.len()],
        ))
    }

    fn hashes(&self) -> Option<(u64, u64)> {
        Some((self.zobrist(), self.compute_hash()))
    }

    /// C3-19: each side has exactly one king. (Nothing bounds the other
    /// pieces: a valid position text may hold more than play can reach.)
    fn check_bounds(&self) -> Result<(), String> {
        for color in [Color::White, Color::Black] {
            let kings = self
                .pieces()
                .filter(|(_, p)| p.color == color && p.role == Role::King)
                .count();
            if kings != 1 {
                return Err(format!("{color} has {kings} kings"));
            }
        }
        Ok(())
    }

    fn parse_everything(&self, text: &str) {
        parse_chess_everything(self, text);
    }
}
