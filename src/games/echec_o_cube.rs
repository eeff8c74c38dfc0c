//! [`Kit`] for ÉCHEC O CUBE.

use board_core::Square;
use echec_o_cube::svg::Place;
use echec_o_cube::{Config, GameSquare, Kind, Match, Move, Player, Position, Record, Segment};

use super::round_trips;
use crate::Kit;

/// ÉCHEC O CUBE's position, as the examples and the harness drive it.
pub type EchecOCube = Position;

impl Kit for Position {
    const NAME: &'static str = "echec-o-cube";
    const TITLE: &'static str = "ÉCHEC O CUBE";
    // 112 placements, as many claims, and the 10 reds of the pool.
    const MAX_PLIES: Option<usize> = Some(112 * 2 + 10);
    const LEGEND: Option<&'static str> = Some(
        "key: --- | pale piece, === H dark piece, + a piece ends there, R red, \
         1 2 closed by One/Two, x dead\n\
         moves: P D5-E5 (pale), F D5-E5 (dark), ! after one announces; \
         claim takes claimable points",
    );
    type Match = Match;

    fn variants() -> Vec<Position> {
        let small = Config {
            pale: 4,
            dark: 3,
            reds: 2,
            red_mode: true,
            ..Config::default()
        };
        let mut configs = Vec::new();
        for red_mode in [false, true] {
            for auto_announce in [false, true] {
                configs.push(Config {
                    red_mode,
                    auto_announce,
                    ..Config::default()
                });
            }
        }
        configs.push(small);
        configs
            .into_iter()
            .flat_map(|c| {
                [Player::One, Player::Two].map(|first| Position::new(Config { first, ..c }))
            })
            .collect()
    }

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

    fn read_text(&self, text: &str) -> Result<Position, String> {
        Position::from_text_with_config(text, self.config()).map_err(|e| format!("{e}"))
    }

    fn move_space(&self) -> Vec<Move> {
        let mut space = vec![Move::Claim];
        space.extend(Square::ALL.map(Move::Red));
        for segment in Segment::ALL {
            for kind in [Kind::Pale, Kind::Dark] {
                for announced in [false, true] {
                    space.push(Move::Place {
                        kind,
                        segment,
                        announced,
                    });
                }
            }
        }
        space
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

    fn draw(
        &self,
        options: &::echec_o_cube::svg::SvgOptions,
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
        let config = self.config();
        // Every square scores once at most (EOC-14), at most the configured
        // worth of its size (EOC-12).
        let p = config.points;
        let unit = u32::from(p.standard.max(p.enriched).max(p.maximal));
        let most: u32 = GameSquare::ALL
            .iter()
            .map(|sq| match sq.size() {
                echec_o_cube::Size::Unit => unit,
                echec_o_cube::Size::Big => u32::from(p.big),
            })
            .sum();
        let scored = u32::from(self.points(Player::One)) + u32::from(self.points(Player::Two));
        if scored + u32::from(self.claimable().unwrap_or(0)) > most {
            return Err(format!("{scored} points scored, more than the board holds"));
        }
        for player in [Player::One, Player::Two] {
            let (pale, dark) = self.supply(player);
            if pale > config.pale || dark > config.dark {
                return Err(format!(
                    "{player} holds more pieces than the configuration gives"
                ));
            }
        }
        if self.reds_left() > config.reds {
            return Err("more reds left than the pool had".into());
        }
        let placed = self.pieces().count();
        let used: u32 = [Player::One, Player::Two]
            .iter()
            .map(|&p| {
                let (pale, dark) = self.supply(p);
                u32::from(config.pale - pale) + u32::from(config.dark - dark)
            })
            .sum();
        if placed as u32 != used {
            return Err(format!(
                "{placed} pieces on the board, {used} taken from supplies"
            ));
        }
        Ok(())
    }

    fn parse_everything(&self, text: &str) {
        round_trips::<Move>(text);
        round_trips::<Segment>(text);
        round_trips::<GameSquare>(text);
        round_trips::<Config>(text);
        round_trips::<Record>(text);
        if let Ok(mv) = self.parse_move(text) {
            assert_eq!(self.parse_move(&mv.to_string()).ok(), Some(mv), "{text:?}");
        }
        if let Ok(pos) = Position::from_text_with_config(text, self.config()) {
            let again = pos.to_text();
            assert_eq!(
                Position::from_text_with_config(&again, self.config()).ok(),
                Some(pos),
                "{text:?} -> {again:?}"
            );
        }
    }
}
