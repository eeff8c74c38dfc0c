//! Game records, the "journal" (EOC-21): the configuration, the first
//! player, then one move per line.
//!
//! ```text
//! config standard
//! first One
//! P D5-E5
//! F E5-E6
//! ```
//!
//! The configuration is a preset name or its fields (see [`Config`]). Blank
//! lines and lines starting with `#` are ignored when reading.

use core::fmt;
use core::str::FromStr;

use crate::config::Config;
use crate::error::RecordError;
use crate::notation::Move;
use crate::position::{Player, Position};

/// A game record: configuration, first player and moves (EOC-21).
///
/// ```
/// use echec_o_cube::{Config, Player, Record};
/// let text = "config standard\nfirst Two\nP D5-E5\nF E5-E6\n";
/// let record: Record = text.parse()?;
/// assert_eq!(record.to_string(), text);
/// let pos = record.replay()?;
/// assert_eq!(pos.turn(), Player::Two);
/// let bad: Record = "config standard\nfirst One\nP D5-E5\nP A1-B1\n".parse()?;
/// let err = bad.replay().unwrap_err();
/// assert_eq!(err.to_string(), "line 4: move P A1-B1 is illegal: pale at A1-B1 touches no dark piece (EOC-9)");
/// # Ok::<(), echec_o_cube::RecordError>(())
/// ```
#[derive(Clone, Debug, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
pub struct Record {
    config: Config,
    first: Player,
    moves: Vec<Move>,
    /// The line of each move in the text it was read from (empty when built
    /// in code: then the lines are those [`Display`](fmt::Display) writes).
    lines: Vec<usize>,
}

impl PartialEq for Record {
    /// Records are equal when they hold the same game (the layout of the text
    /// they were read from does not matter).
    fn eq(&self, other: &Record) -> bool {
        self.config == other.config && self.first == other.first && self.moves == other.moves
    }
}

impl Record {
    /// An empty record of a game under `config` with `first` to move.
    pub fn new(config: Config, first: Player) -> Record {
        Record {
            config,
            first,
            moves: Vec::new(),
            lines: Vec::new(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> Config {
        self.config
    }

    /// Who played first.
    pub fn first(&self) -> Player {
        self.first
    }

    /// The moves in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The starting position.
    pub fn start(&self) -> Position {
        Position::new(self.config, self.first)
    }

    /// Appends a move (not checked; [`replay`](Record::replay) checks).
    pub fn push(&mut self, mv: Move) {
        if !self.lines.is_empty() {
            let next = self.lines.last().map_or(3, |l| l + 1);
            self.lines.push(next);
        }
        self.moves.push(mv);
    }

    /// The line number of move `index` (0-based).
    fn line_of(&self, index: usize) -> usize {
        self.lines.get(index).copied().unwrap_or(index + 3)
    }

    /// Replays the game from the start; an illegal move is reported with its
    /// line and the rule it breaks.
    pub fn replay(&self) -> Result<Position, RecordError> {
        let mut pos = self.start();
        for (i, &mv) in self.moves.iter().enumerate() {
            pos.play(mv).map_err(|error| RecordError::Illegal {
                line: self.line_of(i),
                mv: mv.to_string(),
                error,
            })?;
        }
        Ok(pos)
    }
}

impl fmt::Display for Record {
    /// `config …`, `first …`, then one move per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "config {}", self.config)?;
        writeln!(f, "first {}", self.first)?;
        for mv in &self.moves {
            writeln!(f, "{mv}")?;
        }
        Ok(())
    }
}

impl FromStr for Record {
    type Err = RecordError;

    /// Reads a record; checks the syntax of every line, not the legality of
    /// the moves ([`replay`](Record::replay) does).
    fn from_str(s: &str) -> Result<Record, RecordError> {
        let mut config = None;
        let mut first = None;
        let mut moves = Vec::new();
        let mut lines = Vec::new();
        for (n, raw) in s.lines().enumerate() {
            let line = n + 1;
            let t = raw.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let (word, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
            let header = word.to_ascii_lowercase();
            if header == "config" || header == "first" {
                // A move needs both headers before it, so a header after a
                // move is always a repeated one.
                let misplaced = (header == "config" && config.is_some())
                    || (header == "first" && first.is_some());
                if misplaced {
                    return Err(RecordError::MisplacedHeader {
                        line,
                        text: t.to_owned(),
                    });
                }
                if header == "config" {
                    config = Some(
                        rest.parse::<Config>()
                            .map_err(|error| RecordError::Header { line, error })?,
                    );
                } else {
                    first = Some(
                        rest.parse::<Player>()
                            .map_err(|error| RecordError::Header { line, error })?,
                    );
                }
                continue;
            }
            if config.is_none() {
                return Err(RecordError::MissingConfig);
            }
            if first.is_none() {
                return Err(RecordError::MissingFirst);
            }
            moves.push(
                t.parse::<Move>()
                    .map_err(|error| RecordError::Move { line, error })?,
            );
            lines.push(line);
        }
        Ok(Record {
            config: config.ok_or(RecordError::MissingConfig)?,
            first: first.ok_or(RecordError::MissingFirst)?,
            moves,
            lines,
        })
    }
}

impl From<Record> for String {
    fn from(r: Record) -> String {
        r.to_string()
    }
}

impl TryFrom<String> for Record {
    type Error = RecordError;

    fn try_from(s: String) -> Result<Record, RecordError> {
        s.parse()
    }
}
