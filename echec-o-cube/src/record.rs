//! Game records, the "journal" (EOC-21): the configuration, the first
//! player, the start position when the game starts elsewhere, then one move
//! per line.
//!
//! ```text
//! config standard
//! first One
//! P D5-E5
//! F E5-E6
//! ```
//!
//! The `config` line holds a preset name or fields (see [`Config`]) without
//! `first=`; the `first` line names the first player (`One` or `Two`). A
//! game that does not start from the start of its configuration (a
//! [`Match`] built on a position read from text) has a `start` line with
//! the position text of EOC-23 after the `first` line. Blank lines and lines
//! starting with `#` are ignored when reading; line numbers in errors count
//! every line of the text.

use core::fmt;
use core::str::FromStr;

use board_core::excerpt;

use crate::config::Config;
use crate::error::{PlayError, RecordError};
use crate::moves::Move;
use crate::position::{Player, Position};
use board_core::Match;

/// A game record: configuration (first player included), start position if
/// not the configuration's, and moves (EOC-21). A record alone replays the
/// game exactly.
///
/// ```
/// use echec_o_cube::{Player, Record};
/// let text = "config standard\nfirst Two\nP D5-E5\nF E5-E6\n";
/// let record: Record = text.parse()?;
/// assert_eq!(record.to_string(), text);
/// let game = record.replay()?;
/// assert_eq!(game.turn(), Player::Two);
/// let bad: Record = "config standard\nfirst One\nP D5-E5\nP A1-B1\n".parse()?;
/// let err = bad.replay().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "line 4: move 2 (P A1-B1) is illegal: pale at A1-B1 touches no dark piece (EOC-9)"
/// );
/// # Ok::<(), echec_o_cube::RecordError>(())
/// ```
#[derive(Clone, Debug, Eq)]
pub struct Record {
    config: Config,
    /// The start position when it is not `Position::new(config)`.
    start: Option<Position>,
    moves: Vec<Move>,
    /// The line of each move in the text it was read from (empty when built
    /// in code: then the lines are those [`Display`](fmt::Display) writes).
    lines: Vec<usize>,
}

impl PartialEq for Record {
    /// Records are equal when they hold the same game (the layout of the text
    /// they were read from does not matter).
    fn eq(&self, other: &Record) -> bool {
        self.config == other.config && self.start() == other.start() && self.moves == other.moves
    }
}

impl Record {
    /// An empty record of a game from the start of `config`.
    pub fn new(config: Config) -> Record {
        Record {
            config,
            start: None,
            moves: Vec::new(),
            lines: Vec::new(),
        }
    }

    /// An empty record of a game from `start` (under its configuration); the
    /// record text then has a `start` line unless `start` is the start of
    /// its configuration.
    pub fn starting_at(start: Position) -> Record {
        let config = start.config();
        Record {
            config,
            start: (start != Position::new(config)).then_some(start),
            moves: Vec::new(),
            lines: Vec::new(),
        }
    }

    /// The configuration (its `first` is who played first).
    pub fn config(&self) -> Config {
        self.config
    }

    /// Who played first.
    pub fn first(&self) -> Player {
        self.config.first
    }

    /// The moves in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The starting position.
    pub fn start(&self) -> Position {
        self.start.unwrap_or(Position::new(self.config))
    }

    /// Appends a move (not checked; [`replay`](Record::replay) checks).
    pub fn push(&mut self, mv: Move) {
        if !self.lines.is_empty() {
            let next = self.lines.last().map_or(self.header_lines() + 1, |l| l + 1);
            self.lines.push(next);
        }
        self.moves.push(mv);
    }

    fn header_lines(&self) -> usize {
        2 + usize::from(self.start.is_some())
    }

    /// The line number of move `index` (0-based).
    fn line_of(&self, index: usize) -> usize {
        match self.lines.get(index) {
            Some(&line) => line,
            None => match self.lines.last() {
                Some(&last) => last + 1 + index - self.lines.len(),
                None => index + self.header_lines() + 1,
            },
        }
    }

    /// Replays the game from its start.
    ///
    /// # Errors
    /// [`RecordError::Illegal`] for the first illegal move, with its 1-based
    /// number, its line and the rule it breaks.
    pub fn replay(&self) -> Result<Match<Position>, RecordError> {
        let mut game = Match::new(self.start());
        for (i, &mv) in self.moves.iter().enumerate() {
            game.play(mv)
                .map_err(|error: PlayError| RecordError::Illegal {
                    number: i + 1,
                    line: self.line_of(i),
                    mv,
                    error,
                })?;
        }
        Ok(game)
    }
}

impl fmt::Display for Record {
    /// `config …`, `first …`, `start …` if needed, then one move per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "config {}", self.config.rules_text())?;
        writeln!(f, "first {}", self.config.first)?;
        if let Some(start) = &self.start {
            writeln!(f, "start {}", start.to_text())?;
        }
        for mv in &self.moves {
            writeln!(f, "{mv}")?;
        }
        Ok(())
    }
}

impl FromStr for Record {
    type Err = RecordError;

    /// Reads a record; checks the syntax of every line and the start
    /// position, not the legality of the moves ([`replay`](Record::replay)
    /// does).
    fn from_str(s: &str) -> Result<Record, RecordError> {
        let mut config: Option<Config> = None;
        let mut first: Option<Player> = None;
        let mut start: Option<(usize, &str)> = None;
        let mut record: Option<Record> = None;
        for (n, raw) in s.lines().enumerate() {
            let line = n + 1;
            let t = raw.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let (word, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
            let header = word.to_ascii_lowercase();
            if matches!(header.as_str(), "config" | "first" | "start") {
                let misplaced = record.is_some()
                    || match header.as_str() {
                        "config" => config.is_some(),
                        "first" => first.is_some(),
                        _ => start.is_some(),
                    };
                let names_first = header == "config"
                    && rest
                        .split_whitespace()
                        .any(|w| w.to_ascii_lowercase().starts_with("first="));
                if misplaced || names_first {
                    return Err(RecordError::MisplacedHeader {
                        line,
                        text: excerpt(t),
                    });
                }
                match header.as_str() {
                    "config" => {
                        config = Some(
                            rest.parse()
                                .map_err(|error| RecordError::Config { line, error })?,
                        );
                    }
                    "first" => {
                        first = Some(
                            rest.parse()
                                .map_err(|error| RecordError::First { line, error })?,
                        );
                    }
                    _ => start = Some((line, rest)),
                }
                continue;
            }
            if record.is_none() {
                record = Some(begin(config, first, start)?);
            }
            if let Some(r) = record.as_mut() {
                let number = r.moves.len() + 1;
                r.moves
                    .push(t.parse::<Move>().map_err(|error| RecordError::Move {
                        line,
                        number,
                        error,
                    })?);
                r.lines.push(line);
            }
        }
        match record {
            Some(r) => Ok(r),
            None => begin(config, first, start),
        }
    }
}

/// The empty record the headers describe.
fn begin(
    config: Option<Config>,
    first: Option<Player>,
    start: Option<(usize, &str)>,
) -> Result<Record, RecordError> {
    let config = config
        .ok_or(RecordError::MissingConfig)?
        .with_first(first.ok_or(RecordError::MissingFirst)?);
    let mut record = Record::new(config);
    if let Some((line, text)) = start {
        let pos = Position::from_text_with_config(text, config)
            .map_err(|error| RecordError::Start { line, error })?;
        record.start = (pos != Position::new(config)).then_some(pos);
    }
    Ok(record)
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
