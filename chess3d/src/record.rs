//! Game records (C3-20): the start position text, then the moves in order.

use core::fmt;
use core::str::FromStr;

use board_core::Game;

use crate::error::RecordError;
use crate::game::Match;
use crate::moves::Move;
use crate::position::Position;

/// A game record: a start position and the moves played from it.
///
/// Written as the position text on the first line, then the moves (C3-20
/// text), eight to a line. Reading a record replays it, so a record that
/// parses is legal; [`replay`](Record::replay) checks a record built by hand.
///
/// ```
/// use chess3d::Record;
/// let text = "8/8/8/8/8/8/8/8|nrkqrbbn/pppppppp/8/8/8/8/PPPPPPPP/NRKQRBBN|8/8/8/8/8/8/8/8 b KQkq - 0 1\n\
///             N2/E7-N2/E5 N2/D2-N2/D4 N2/E5xN2/D4";
/// let record: Record = text.parse()?;
/// assert_eq!(record.moves.len(), 3);
/// assert_eq!(record.to_string(), text);
/// let end = record.replay()?;
/// assert_eq!(end.fullmove_number(), 3);
/// let bad = text.replace("E5xN2/D4", "E5-N2/E3");
/// let err = bad.parse::<Record>().unwrap_err();
/// assert_eq!(err.to_string(), "move 3 (\"N2/E5-N2/E3\"): the Pawn on N2/E5 cannot move to N2/E3");
/// # Ok::<(), chess3d::RecordError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The start position.
    pub start: Position,
    /// The moves, in order.
    pub moves: Vec<Move>,
}

impl Record {
    /// A record of no moves from `start`.
    pub fn new(start: Position) -> Record {
        Record {
            start,
            moves: Vec::new(),
        }
    }

    /// Plays the moves from the start, checking each; the position reached,
    /// or the first illegal move with its number (from 1) and the reason.
    pub fn replay(&self) -> Result<Position, RecordError> {
        let mut pos = self.start.clone();
        for (i, &mv) in self.moves.iter().enumerate() {
            pos.play(mv).map_err(|reason| RecordError::Move {
                number: i + 1,
                text: mv.to_string(),
                reason,
            })?;
        }
        Ok(pos)
    }

    /// Replays the record into a [`Match`] (with its history for the draws).
    pub fn to_match(&self) -> Result<Match, RecordError> {
        let mut game = Match::new(self.start.clone());
        for (i, &mv) in self.moves.iter().enumerate() {
            game.play(mv).map_err(|reason| RecordError::Move {
                number: i + 1,
                text: mv.to_string(),
                reason,
            })?;
        }
        Ok(game)
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.start.fen())?;
        for (i, mv) in self.moves.iter().enumerate() {
            let sep = if i % 8 == 0 { '\n' } else { ' ' };
            write!(f, "{sep}{mv}")?;
        }
        Ok(())
    }
}

impl FromStr for Record {
    type Err = RecordError;

    /// The first non-empty line is the position text; the moves follow,
    /// separated by spaces or line breaks. Each is read and played in turn.
    fn from_str(s: &str) -> Result<Record, RecordError> {
        let mut lines = s.lines().skip_while(|l| l.trim().is_empty());
        let first = lines.next().ok_or(RecordError::Empty)?;
        let start = Position::from_fen(first.trim())?;
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for (i, text) in lines.flat_map(str::split_whitespace).enumerate() {
            let fail = |reason| RecordError::Move {
                number: i + 1,
                text: text.to_owned(),
                reason,
            };
            let mv = pos.parse_move(text).map_err(fail)?;
            pos.play(mv).map_err(fail)?;
            moves.push(mv);
        }
        Ok(Record { start, moves })
    }
}
