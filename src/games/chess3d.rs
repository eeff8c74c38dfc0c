//! [`Kit`] for chess3d: its [`Position`], with its `Match` (a position with
//! its history and the FIDE draws, what the examples play).

use board_core::Color;
use chess3d::Position;

use crate::Kit;

/// chess3d's position, as the examples drive it.
pub type Chess3d = Position;

impl Kit for Position {
    const LEGEND: Option<&'static str> = Some(
        "key: upper case White, lower case Black; K king, Q queen, R rook, B bishop, \
         N knight, P pawn\n\
         moves: N2/E2-N2/E4 (level/square to level/square), or short: E4, NC3, D4xE5, \
         QxN3/D4 (the level where needed); O-O castles",
    );

    fn move_number(&self, _ply: usize) -> String {
        match self.turn() {
            Color::Black => format!("{}.", self.full_move()),
            Color::White => format!("{}...", self.full_move()),
        }
    }
}
