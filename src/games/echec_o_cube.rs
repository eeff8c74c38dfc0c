//! [`Kit`] for ÉCHEC O CUBE.

use board_core::{Game, Square};
use echec_o_cube::{Config, GameSquare, Kind, Move, Player, Position, Record, Segment};

use super::round_trips;
use crate::Kit;

/// ÉCHEC O CUBE's position, as the examples and the harness drive it.
pub type EchecOCube = Position;

impl Kit for Position {
    const NAME: &'static str = "echec-o-cube";
    // 112 placements, as many claims, and the 10 reds of the pool.
    const MAX_PLIES: Option<usize> = Some(112 * 2 + 10);

    fn start() -> Position {
        Position::new(Config::default(), Player::One)
    }

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
            .flat_map(|c| [Position::new(c, Player::One), Position::new(c, Player::Two)])
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

    fn record(start: &Position, moves: &[Move]) -> String {
        let mut record = Record::new(*start.config(), start.turn());
        for &mv in moves {
            record.push(mv);
        }
        record.to_string()
    }

    fn replay(&self, text: &str) -> Result<(Position, Vec<Move>), String> {
        let record: Record = text.parse().map_err(|e| format!("{e}"))?;
        // Parsing checks the syntax; replaying checks every move (EOC-21).
        record.replay().map_err(|e| format!("{e}"))?;
        Ok((record.start(), record.moves().to_vec()))
    }

    fn position_text(&self) -> Option<String> {
        None
    }

    fn read_position_text(&self, _text: &str) -> Result<Position, String> {
        Err("ÉCHEC O CUBE has no position text; use a record".into())
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
        // Every square scores at most 12 points once (EOC-12, EOC-14).
        let most = 12 * GameSquare::ALL.len() as u32;
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
    }
}
