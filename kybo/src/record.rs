//! Game records (KY-12): the moves from the start, separated by blank space,
//! after tags for what else the game needs (a limited supply, a start other
//! than the empty board).

use core::fmt;
use core::str::FromStr;

use board_core::excerpt;

use crate::config::Config;
use crate::config::ConfigError;
use crate::error::RecordError;
use crate::geometry::StackLevel;
use crate::moves::Move;
use crate::notation::parse_move_text;
use crate::position::Position;
use board_core::Match;

/// A game record: all a game needs to be replayed exactly, from its text
/// alone.
///
/// The text is the moves separated by blank space (KY-12), `E5 E4 D4 …`,
/// after two optional tags:
/// - `[supply N]`: the configuration when it is not the default (KY-6), so
///   that a game with a limited supply replays with it;
/// - `[start <position text>]`: the start position (KY-11) when the game did
///   not start on the empty board (a [`Match`] may start anywhere).
///
/// The record of a default game from the empty board is the plain move list
/// of KY-12. A move may carry its level, `E5^2` (KY-10); [`Record::replay`]
/// then checks that the cube lands there. `Display` writes the tags, then each
/// move as it was given, separated by single spaces.
///
/// ```
/// use kybo::{Config, Record, Square};
/// let record: Record = "E5 E5^2 d5".parse()?;
/// assert_eq!(record.moves().len(), 3);
/// let game = record.replay()?;
/// assert_eq!(game.position().height(Square::E5), 2);
/// assert_eq!(record.to_string(), "E5 E5^2 D5");
/// assert!("E5 A1".parse::<Record>()?.replay().is_err()); // A1 touches nothing
///
/// // A limited supply is part of the text: the game ends after 2 cubes each.
/// let limited: Record = "[supply 2] D4 D5 D4 D5".parse()?;
/// assert_eq!(limited.config(), Config::with_supply(2));
/// assert!(limited.replay()?.outcome().is_some());
/// assert_eq!(limited.to_string(), "[supply 2] D4 D5 D4 D5");
/// # Ok::<(), kybo::RecordError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Record {
    start: Position,
    moves: Vec<Move>,
    /// The level written with each move, if any (same length as `moves`).
    levels: Vec<Option<StackLevel>>,
}

impl Record {
    /// A record of a game starting at `start`, with no move yet.
    pub fn new(start: Position) -> Record {
        Record {
            start,
            moves: Vec::new(),
            levels: Vec::new(),
        }
    }

    /// The record of `moves` from the empty board, default configuration.
    pub fn from_moves(moves: impl IntoIterator<Item = Move>) -> Record {
        let moves: Vec<Move> = moves.into_iter().collect();
        Record {
            start: Position::default(),
            levels: vec![None; moves.len()],
            moves,
        }
    }

    /// Appends a move.
    pub fn push(&mut self, mv: Move) {
        self.moves.push(mv);
        self.levels.push(None);
    }

    /// The position the game starts from (it holds the configuration).
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The configuration of the game.
    pub fn config(&self) -> Config {
        self.start.config()
    }

    /// The moves in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Plays the moves from the start: the game, with its history.
    ///
    /// # Errors
    /// The first illegal move, by its 1-based number, with the broken rule
    /// ([`RecordError::Illegal`]).
    pub fn replay(&self) -> Result<Match<Position>, RecordError> {
        let mut game = Match::new(self.start);
        for (i, (&mv, &level)) in self.moves.iter().zip(&self.levels).enumerate() {
            let fail = |error| RecordError::Illegal {
                number: i + 1,
                text: write_move(mv, level),
                error,
            };
            if level.is_some() {
                game.parse_move(&write_move(mv, level)).map_err(fail)?;
            }
            game.play(mv).map_err(fail)?;
        }
        Ok(game)
    }
}

fn write_move(mv: Move, level: Option<StackLevel>) -> String {
    match level {
        Some(l) => format!("{mv}^{l}"),
        None => mv.to_string(),
    }
}

impl fmt::Display for Record {
    /// `[supply N]` if the supply is limited, `[start <position text>]` if
    /// the game does not start on the empty board, then the moves; all
    /// separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        for (name, value) in self.config().non_default_options() {
            write!(f, "{sep}[{name} {value}]")?;
            sep = " ";
        }
        if self.start != Position::new(self.config()) {
            write!(f, "{sep}[start {}]", self.start.to_text())?;
            sep = " ";
        }
        for (&mv, &level) in self.moves.iter().zip(&self.levels) {
            write!(f, "{sep}{}", write_move(mv, level))?;
            sep = " ";
        }
        Ok(())
    }
}

impl FromStr for Record {
    type Err = RecordError;

    /// Optional tags `[supply N]` and `[start <position text>]`, in either
    /// order, then moves separated by any blank space (a move may carry
    /// `^level`). A start position is checked against the supply.
    fn from_str(s: &str) -> Result<Record, RecordError> {
        let mut rest = s.trim_start();
        let mut config = Config::default();
        let mut seen = [false; Config::OPTIONS.len()];
        let mut start_text: Option<&str> = None;
        while let Some(after) = rest.strip_prefix('[') {
            let Some(end) = after.find(']') else {
                return Err(RecordError::Tag {
                    text: excerpt(rest),
                });
            };
            let bad_tag = || RecordError::Tag {
                text: excerpt(&rest[..end + 2]),
            };
            let tag = after[..end].trim();
            let (name, value) = match tag.split_once(char::is_whitespace) {
                Some((name, value)) => (name, value.trim()),
                None => (tag, ""),
            };
            if name == "start" {
                if start_text.replace(value).is_some() {
                    return Err(bad_tag());
                }
            } else if let Some(index) = Config::OPTIONS.iter().position(|o| *o == name) {
                if core::mem::replace(&mut seen[index], true) {
                    return Err(bad_tag());
                }
                if value.is_empty() {
                    return Err(ConfigError::MissingValue {
                        option: Config::OPTIONS[index],
                    }
                    .into());
                }
                config.set(name, value)?;
            } else {
                return Err(bad_tag());
            }
            rest = after[end + 1..].trim_start();
        }
        let start = match start_text {
            Some(text) => Position::from_text_with_config(text, config)?,
            None => Position::new(config),
        };
        let mut record = Record::new(start);
        for (i, text) in rest.split_whitespace().enumerate() {
            let (mv, level) = parse_move_text(text).map_err(|error| RecordError::Parse {
                number: i + 1,
                text: excerpt(text),
                error,
            })?;
            record.moves.push(mv);
            record.levels.push(level);
        }
        Ok(record)
    }
}

impl FromIterator<Move> for Record {
    /// The record of the moves from the empty board, default configuration.
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Record {
        Record::from_moves(iter)
    }
}

impl Extend<Move> for Record {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        for mv in iter {
            self.push(mv);
        }
    }
}
