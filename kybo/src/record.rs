//! Game records (KY-12): the moves from the empty board, separated by blank
//! space.

use core::fmt;
use core::str::FromStr;

use board_core::Game;

use crate::config::Config;
use crate::error::RecordError;
use crate::geometry::Level;
use crate::notation::{parse_move_text, Move};
use crate::position::Position;

/// A game record: the moves from the empty board (KY-12), `E5 E4 D4 …`.
///
/// A move may carry its level, `E5^2` (KY-10); [`Record::replay`] then checks
/// that the cube lands there. `Display` writes each move as it was given.
///
/// ```
/// use kybo::{Record, Square};
/// let record: Record = "E5 E5^2 d5".parse()?;
/// assert_eq!(record.len(), 3);
/// let pos = record.replay()?;
/// assert_eq!(pos.height(Square::E5), 2);
/// assert_eq!(record.to_string(), "E5 E5^2 D5");
/// assert!("E5 A1".parse::<Record>()?.replay().is_err()); // A1 touches nothing
/// # Ok::<(), kybo::RecordError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Record {
    moves: Vec<(Move, Option<Level>)>,
}

impl Record {
    /// An empty record.
    pub const fn new() -> Record {
        Record { moves: Vec::new() }
    }

    /// The record of `moves`.
    pub fn from_moves(moves: impl IntoIterator<Item = Move>) -> Record {
        Record {
            moves: moves.into_iter().map(|m| (m, None)).collect(),
        }
    }

    /// Appends a move.
    pub fn push(&mut self, mv: Move) {
        self.moves.push((mv, None));
    }

    /// The moves in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.moves.iter().map(|m| m.0)
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Plays the moves from the empty board with the default configuration.
    pub fn replay(&self) -> Result<Position, RecordError> {
        self.replay_with(Config::default())
    }

    /// Plays the moves from the empty board of a game with `config`; the
    /// first illegal move is reported with its number and the broken rule.
    pub fn replay_with(&self, config: Config) -> Result<Position, RecordError> {
        let mut pos = Position::with_config(config);
        for (i, &(mv, level)) in self.moves.iter().enumerate() {
            let fail = |error| RecordError::Illegal {
                number: i + 1,
                text: write_move(mv, level),
                error,
            };
            if level.is_some() {
                pos.parse_move(&write_move(mv, level)).map_err(fail)?;
            }
            pos.play(mv).map_err(fail)?;
        }
        Ok(pos)
    }
}

fn write_move(mv: Move, level: Option<Level>) -> String {
    match level {
        Some(l) => format!("{mv}^{l}"),
        None => mv.to_string(),
    }
}

impl fmt::Display for Record {
    /// The moves separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &(mv, level)) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(&write_move(mv, level))?;
        }
        Ok(())
    }
}

impl FromStr for Record {
    type Err = RecordError;

    /// Moves separated by any blank space (a move may carry `^level`).
    fn from_str(s: &str) -> Result<Record, RecordError> {
        let moves = s
            .split_whitespace()
            .enumerate()
            .map(|(i, text)| {
                parse_move_text(text).map_err(|error| RecordError::Parse {
                    number: i + 1,
                    text: text.to_owned(),
                    error,
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Record { moves })
    }
}

impl FromIterator<Move> for Record {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Record {
        Record::from_moves(iter)
    }
}
