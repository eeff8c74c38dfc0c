//! [`Checked`](crate::Checked) for KYBO.

use board_core::{Color, Square};
use kybo::{Config, Move, Position, Record, Zone};

use super::round_trips;
use crate::Checked;

/// KYBO's position, as the harness and the fuzzers drive it.
pub type Kybo = Position;

impl Checked for Position {
    fn variants() -> Vec<Position> {
        vec![
            Position::default(),
            Position::new(Config::with_supply(12)),
            Position::new(Config::with_supply(2)),
        ]
    }

    fn move_space(&self) -> Vec<Move> {
        Square::ALL.into_iter().map(Move::new).collect()
    }

    fn hashes(&self) -> Option<(u64, u64)> {
        None
    }

    fn check_bounds(&self) -> Result<(), String> {
        let (white, black) = (self.placed(Color::White), self.placed(Color::Black));
        let expected = match self.turn() {
            Color::White => black,
            Color::Black => black + 1,
        };
        if white != expected {
            return Err(format!("White has {white} cubes and Black {black}"));
        }
        if let Some(limit) = self.config().supply.cubes() {
            if white > u32::from(limit) || black > u32::from(limit) {
                return Err("more cubes placed than the supply holds".into());
            }
        }
        for sq in Square::ALL {
            if self.height(sq) > Zone::of(sq).max_height() {
                return Err(format!("the stack on {sq} is too high for its zone"));
            }
        }
        Ok(())
    }

    fn parse_everything(&self, text: &str) {
        round_trips::<Move>(text);
        round_trips::<Record>(text);
        round_trips::<kybo::Cube>(text);
        round_trips::<kybo::StackLevel>(text);
        if let Ok(mv) = self.parse_move(text) {
            assert_eq!(self.parse_move(&mv.to_string()).ok(), Some(mv), "{text:?}");
        }
        if let Ok(pos) = Position::from_text(text) {
            assert_eq!(
                Position::from_text(&pos.to_text()).ok(),
                Some(pos),
                "{text:?}"
            );
        }
    }
}
