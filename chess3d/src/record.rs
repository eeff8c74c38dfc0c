//! Game records (C3-20): the start position text, then the moves in order.

use core::fmt;
use core::str::FromStr;

use crate::error::RecordError;
use crate::moves::Move;
use crate::position::Position;
use board_core::Match;

/// A game record: a start position and the moves played from it.
///
/// Written as the position text on the first line (it holds the level
/// count, so a record alone replays the game), then the moves in plain
/// C3-20 text (`{:#}`: `O-O`, en passant without `e.p.`), eight to a line.
/// Reading a record replays it, so a record that parses is legal;
/// [`replay`](Record::replay) checks a record built by hand.
///
/// ```
/// use chess3d::Record;
/// let text = "8/8/8/8/8/8/8/8|nrkqrbbn/pppppppp/8/8/8/8/PPPPPPPP/NRKQRBBN|8/8/8/8/8/8/8/8 b KQkq - 0 1\n\
///             N2/E7-N2/E5 N2/D2-N2/D4 N2/E5xN2/D4";
/// let record: Record = text.parse()?;
/// assert_eq!(record.moves().len(), 3);
/// assert_eq!(record.to_string(), text);
/// let game = record.replay()?;
/// assert_eq!(game.position().fullmove_number(), 3);
/// let bad = text.replace("E5xN2/D4", "E5-N2/E3");
/// let err = bad.parse::<Record>().unwrap_err();
/// assert_eq!(err.to_string(), "move 3 (\"N2/E5-N2/E3\"): the Black pawn on N2/E5 cannot move to N2/E3: a pawn advances two cells only from its starting rank (C3-9)");
/// # Ok::<(), chess3d::RecordError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    start: Position,
    moves: Vec<Move>,
}

impl Record {
    /// A record of `moves` from `start` (not checked: [`replay`](Record::replay) checks).
    pub fn new(start: Position, moves: Vec<Move>) -> Record {
        Record { start, moves }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The record with its moves in short text ([`Position::san`]: `E5`,
    /// `NB6`, `QxN3/D4`), which reads back as the same record. A move the
    /// rules refuse (in a record built by hand) and those after it keep
    /// their full text.
    ///
    /// ```
    /// use chess3d::{Position, Record};
    /// let start = Position::default();
    /// let moves = ["N2/E7-N2/E5", "N2/D2-N2/D4", "N2/E5xN2/D4", "N2/A1-N2/B3"];
    /// let mut pos = start.clone();
    /// let mut played = Vec::new();
    /// for text in moves {
    ///     let mv = pos.parse_move(text)?;
    ///     pos.play(mv)?;
    ///     played.push(mv);
    /// }
    /// let record = Record::new(start, played);
    /// let short = record.to_short_text();
    /// assert!(short.ends_with("\nE5 D4 E5xD4 NB3"), "{short}");
    /// assert_eq!(short.parse::<Record>().unwrap(), record);
    /// # Ok::<(), chess3d::PlayError>(())
    /// ```
    pub fn to_short_text(&self) -> String {
        let mut text = self.start.fen();
        let mut position = Some(self.start.clone());
        for (i, &mv) in self.moves.iter().enumerate() {
            text.push(if i % 8 == 0 { '\n' } else { ' ' });
            match position.as_mut() {
                Some(pos) if pos.is_legal(mv) => {
                    text += &pos.san(mv);
                    pos.play_unchecked(mv);
                }
                _ => {
                    position = None;
                    text += &format!("{mv:#}");
                }
            }
        }
        text
    }

    /// Replays the moves from the start into a [`Match`], checking each.
    ///
    /// # Errors
    /// [`RecordError::Move`]: the first illegal move, with its number (from
    /// 1) and the reason.
    pub fn replay(&self) -> Result<Match<Position>, RecordError> {
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
            write!(f, "{sep}{mv:#}")?;
        }
        Ok(())
    }
}

impl FromStr for Record {
    type Err = RecordError;

    /// The first non-empty line is the position text; the moves follow,
    /// separated by spaces or line breaks, in plain C3-20 text or the exact
    /// text. Each is read and played in turn (draws of C3-17 included: no
    /// move after a fivefold repetition).
    fn from_str(s: &str) -> Result<Record, RecordError> {
        let mut lines = s.lines().skip_while(|l| l.trim().is_empty());
        let first = lines.next().ok_or(RecordError::Empty)?;
        let start = Position::from_fen(first.trim())?;
        let mut game = Match::new(start.clone());
        for (i, text) in lines.flat_map(str::split_whitespace).enumerate() {
            let fail = |reason| RecordError::Move {
                number: i + 1,
                text: board_core::excerpt(text),
                reason,
            };
            let mv = game.parse_move(text).map_err(fail)?;
            game.play(mv).map_err(fail)?;
        }
        Ok(Record {
            start,
            moves: game.moves().to_vec(),
        })
    }
}
