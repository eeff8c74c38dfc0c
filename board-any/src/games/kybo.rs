//! KYBO as [`Playable`].

use board_core::{Color, Square, Words};
use kybo::svg::View;
use kybo::{Match, Move, Position, PositionError};
use serde_json::{json, Map, Value};

use crate::playable::{say, Playable};

impl Playable for Position {
    const NAME: &'static str = "kybo";
    const TITLE: &'static str = "KYBO";
    // One cube a move, and the board holds 120 (KY-2).
    const MAX_PLIES: Option<usize> = Some(120);
    type Match = Match;
    type PositionError = PositionError;

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

    fn read_text(&self, text: &str) -> Result<Position, PositionError> {
        Position::from_text_with_config(text, self.config())
    }

    fn place_of(&self, mv: Move) -> String {
        mv.square().to_string()
    }

    type Place = Square;

    fn read_place(text: &str) -> Option<Square> {
        text.parse().ok()
    }

    type View = View;

    fn read_view(text: &str) -> Option<View> {
        text.parse().ok()
    }

    draw_with_the_crate_svg!();

    /// Each player's cubes `placed` and `left` (null: unlimited); the
    /// `landing` level of each legal square and whether a KYBO `network`
    /// was made.
    fn details(game: &Match, words: Option<&dyn Words>) -> Value {
        let pos = game.position();
        let players: Vec<Value> = Color::ALL
            .into_iter()
            .map(|c| {
                json!({
                    "name": say(&c, words),
                    "placed": pos.placed(c),
                    "left": pos.cubes_left(c),
                })
            })
            .collect();
        let mut landing = Map::new();
        if game.outcome().is_none() {
            for mv in game.legal_moves() {
                if let Some(level) = pos.landing_level(mv) {
                    landing.insert(mv.square().to_string(), json!(level.number()));
                }
            }
        }
        json!({
            "players": players,
            "landing": landing,
            "network": pos.winning_network().is_some(),
        })
    }
}
