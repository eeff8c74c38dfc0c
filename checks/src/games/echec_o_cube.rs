//! [`Checked`](crate::Checked) for ÉCHEC O CUBE.

use board_core::Square;
use echec_o_cube::{Config, GameSquare, Kind, Move, Player, Position, Record, Segment};

use super::round_trips;
use crate::Checked;

/// ÉCHEC O CUBE's position, as the harness and the fuzzers drive it.
pub type EchecOCube = Position;

impl Checked for Position {
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
