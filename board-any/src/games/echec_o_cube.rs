//! ÉCHEC O CUBE as [`Playable`].

use board_core::Words;
use echec_o_cube::svg::Place;
use echec_o_cube::{Kind, Match, Move, Player, Position, PositionError};
use serde_json::{json, Value};

use crate::playable::{say, Playable};

impl Playable for Position {
    const NAME: &'static str = "echec-o-cube";
    const TITLE: &'static str = "ÉCHEC O CUBE";
    // 112 placements, as many claims, and the 10 reds of the pool.
    const MAX_PLIES: Option<usize> = Some(112 * 2 + 10);
    type Match = Match;
    type PositionError = PositionError;

    fn status(&self) -> String {
        let (p1, d1) = self.supply(Player::One);
        let (p2, d2) = self.supply(Player::Two);
        let mut line = format!(
            "points One {} Two {} | supply One {p1}P {d1}F, Two {p2}P {d2}F",
            self.points(Player::One),
            self.points(Player::Two),
        );
        if let Some(points) = self.claimable() {
            line += &format!(" | claimable {points}");
        }
        match self.outcome() {
            Some(_) => {
                let (a, b) = (self.final_count(Player::One), self.final_count(Player::Two));
                line += &format!(" | final count One {a} Two {b}");
            }
            None => line += &format!(" | {} to move", self.turn()),
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
        match mv {
            Move::Place { segment, .. } => segment.to_string(),
            Move::Red(crossing) => crossing.to_string(),
            Move::Claim => "claim".to_owned(),
        }
    }

    type Place = Place;

    fn read_place(text: &str) -> Option<Place> {
        // A segment (`D5-E5`), a square (`D5-E6`, `D5-F7`) or a crossing (`D5`):
        // no text is two of them.
        text.parse()
            .map(Place::Segment)
            .or_else(|_| text.parse().map(Place::Square))
            .or_else(|_| text.parse().map(Place::Crossing))
            .ok()
    }

    type View = ();

    fn read_view(_: &str) -> Option<()> {
        None
    }

    draw_with_the_crate_svg!();

    /// Each player's `points`, `pale` and `dark` left and `finalCount`;
    /// the `claimable` points (or null), `redMode`, `redsLeft` and the
    /// pieces `onBoard` (`pale`, `dark`).
    fn details(game: &Match, words: Option<&dyn Words>) -> Value {
        let pos = game.position();
        let players: Vec<Value> = Player::ALL
            .into_iter()
            .map(|p| {
                let (pale, dark) = pos.supply(p);
                json!({
                    "name": say(&p, words),
                    "points": pos.points(p),
                    "pale": pale,
                    "dark": dark,
                    "finalCount": pos.final_count(p),
                })
            })
            .collect();
        let (mut pale, mut dark) = (0u32, 0u32);
        for (_, kind) in pos.pieces() {
            match kind {
                Kind::Pale => pale += 1,
                Kind::Dark => dark += 1,
            }
        }
        json!({
            "players": players,
            "claimable": pos.claimable(),
            "redMode": pos.config().red_mode,
            "redsLeft": pos.reds_left(),
            "onBoard": { "pale": pale, "dark": dark },
        })
    }
}
