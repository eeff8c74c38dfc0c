//! [`Kit`] for chess3d: its [`Position`] (what the harness checks, at one to
//! three levels) and its [`Match`] (a position with its history and the FIDE
//! draws, what the examples play).

use board_core::{Cell, Color, Game, MoveList};
use chess3d::{Match, Move, MoveKind, Piece, Position, Record, Role};

use super::round_trips;
use crate::Kit;

/// chess3d's match (position and history), as the examples play it.
pub type Chess3dMatch = Match;

/// chess3d's position, as the harness and the fuzzers check it.
pub type Chess3dPosition = Position;

/// The starts the harness covers: the default 3-level start, one and two
/// levels, and two classic one-level positions without castling rights.
fn chess_variants() -> Vec<Position> {
    let mut v = vec![Position::start()];
    for levels in [1, 2] {
        v.push(Position::start_with_levels(levels).expect("1 and 2 levels are allowed"));
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

fn chess_status(pos: &Position, to_move: Color) -> String {
    let count = |color: Color| {
        pos.pieces()
            .into_iter()
            .filter(|(_, p): &(Cell, Piece)| p.color == color)
            .count()
    };
    let mut line = format!(
        "pieces White {} Black {} | move {}",
        count(Color::White),
        count(Color::Black),
        pos.fullmove_number()
    );
    if pos.is_check() {
        line += " | check";
    }
    line + &format!(" | {to_move} to move")
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
}

impl Kit for Position {
    const NAME: &'static str = "chess3d";
    // A bare position keeps no clocks that end the game (the Match does).
    const MAX_PLIES: Option<usize> = None;

    fn start() -> Position {
        Position::start()
    }

    fn variants() -> Vec<Position> {
        chess_variants()
    }

    fn status(&self) -> String {
        chess_status(self, self.turn())
    }

    fn record(start: &Position, moves: &[Move]) -> String {
        let mut record = Record::new(start.clone());
        record.moves = moves.to_vec();
        record.to_string()
    }

    fn replay(&self, text: &str) -> Result<(Position, Vec<Move>), String> {
        let record: Record = text.parse().map_err(|e| format!("{e}"))?;
        record.replay().map_err(|e| format!("{e}"))?;
        Ok((record.start, record.moves))
    }

    fn position_text(&self) -> Option<String> {
        Some(self.fen())
    }

    fn read_position_text(&self, text: &str) -> Result<Position, String> {
        Position::from_fen(text).map_err(|e| format!("{e}"))
    }

    fn move_space(&self) -> Vec<Move> {
        chess_move_space(self)
    }

    fn hashes(&self) -> Option<(u64, u64)> {
        Some((self.hash(), self.compute_hash()))
    }

    /// C3-19: each side has exactly one king. (Nothing bounds the other
    /// pieces: a valid position text may hold more than play can reach.)
    fn check_bounds(&self) -> Result<(), String> {
        for color in [Color::White, Color::Black] {
            let kings = self
                .pieces()
                .into_iter()
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

impl Kit for Match {
    const NAME: &'static str = "chess3d";
    // The 75-move rule ends every match: at most 75 moves between two
    // captures or pawn moves, and a side has 30 pieces to lose and 8 pawns
    // that each move at most 6 times (plus a promotion).
    const MAX_PLIES: Option<usize> = Some(150 * (30 + 8 * 6 + 1) + 150);

    fn start() -> Match {
        Match::new(Position::start())
    }

    fn variants() -> Vec<Match> {
        chess_variants().into_iter().map(Match::new).collect()
    }

    fn status(&self) -> String {
        let mut line = chess_status(self.position(), self.turn());
        if self.can_claim_threefold() {
            line += " | threefold repetition: a draw may be claimed";
        }
        if self.can_claim_fifty_moves() {
            line += " | 50-move rule: a draw may be claimed";
        }
        line
    }

    fn record(start: &Match, moves: &[Move]) -> String {
        Position::record(start.position(), moves)
    }

    fn replay(&self, text: &str) -> Result<(Match, Vec<Move>), String> {
        let record: Record = text.parse().map_err(|e| format!("{e}"))?;
        record.to_match().map_err(|e| format!("{e}"))?;
        Ok((Match::new(record.start), record.moves))
    }

    fn position_text(&self) -> Option<String> {
        Some(self.position().fen())
    }

    fn read_position_text(&self, text: &str) -> Result<Match, String> {
        Position::from_fen(text)
            .map(Match::new)
            .map_err(|e| format!("{e}"))
    }

    fn move_space(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            let mut moves = MoveList::new();
            self.position().generate_moves(&mut moves);
            return moves.into_vec();
        }
        chess_move_space(self.position())
    }

    fn hashes(&self) -> Option<(u64, u64)> {
        self.position().hashes()
    }

    fn check_bounds(&self) -> Result<(), String> {
        self.position().check_bounds()
    }

    fn parse_everything(&self, text: &str) {
        parse_chess_everything(self.position(), text);
    }
}
