//! [`Kit`] for KYBO.

use board_core::{Color, Square};
use kybo::{Config, Match, Move, Position, Record, Zone};

use super::round_trips;
use crate::Kit;

/// KYBO's position, as the examples and the harness drive it.
pub type Kybo = Position;

impl Kit for Position {
    const NAME: &'static str = "kybo";
    const TITLE: &'static str = "KYBO";
    // One cube a move, and the board holds 120 (KY-2).
    const MAX_PLIES: Option<usize> = Some(120);
    /// KYBO's board has its own legend line, and a move is a square.
    const LEGEND: Option<&'static str> = None;
    type Match = Match;

    fn variants() -> Vec<Position> {
        vec![
            Position::default(),
            Position::new(Config::with_supply(12)),
            Position::new(Config::with_supply(2)),
        ]
    }

    fn status(&self) -> String {
        let left = |c: Color| match self.cubes_left(c) {
            Some(n) => format!("{n} left"),
            None => "unlimited".to_owned(),
        };
        let mut line = format!(
            "cubes White {} ({}), Black {} ({})",
            self.placed(Color::White),
            left(Color::White),
            self.placed(Color::Black),
            left(Color::Black),
        );
        if let Some(network) = self.winning_network() {
            line += &format!(" | KYBO network: {network}");
        } else if self.outcome().is_none() {
            line += &format!(" | {} to move", self.turn());
        }
        line
    }

    fn to_text(&self) -> String {
        Position::to_text(self)
    }

    fn read_text(&self, text: &str) -> Result<Position, String> {
        Position::from_text_with_config(text, self.config()).map_err(|e| format!("{e}"))
    }

    fn move_space(&self) -> Vec<Move> {
        Square::ALL.into_iter().map(Move::new).collect()
    }

    fn place_of(&self, mv: Move) -> String {
        mv.square().to_string()
    }

    type Place = Square;

    fn read_place(text: &str) -> Option<Square> {
        text.parse().ok()
    }

    type View = ::kybo::svg::View;

    fn read_view(text: &str) -> Option<Self::View> {
        text.parse().ok()
    }

    fn draw(
        &self,
        options: &::kybo::svg::SvgOptions,
        words: Option<&dyn board_core::Words>,
    ) -> String {
        match words {
            Some(words) => self.to_svg_in(options, words),
            None => self.to_svg(options),
        }
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
