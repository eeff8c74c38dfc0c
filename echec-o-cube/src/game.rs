//! [`Match`]: a game with its history, undo and redo — board-core's one
//! [`board_core::Match`] on this crate's [`Position`], and what the position
//! tells it ([`MatchRules`]).

use board_core::{MatchRules, Outcome};

use crate::config::Config;
use crate::error::{PlayError, RecordError};
use crate::moves::Move;
use crate::position::{EndReason, Player, Position};
use crate::record::Record;

/// A game from its start: every position reached and every move played,
/// with undo and redo, and its [`Record`].
///
/// Two matches are equal when they start from the same position and hold
/// the same moves (moves undone and kept for redo do not count).
///
/// ```
/// use echec_o_cube::{Match, Position};
/// let mut game = Match::new(Position::default());
/// let first = game.parse_move("P D5-E5")?;
/// game.play(first)?;
/// assert_eq!(game.undo(), Some(first));
/// assert_eq!(game.position(), game.start());
/// assert_eq!(game.redo(), Some(first));
/// assert_eq!(game.moves(), [first]);
/// assert_eq!(game.record().replay()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Match = board_core::Match<Position>;

impl MatchRules for Position {
    type Record = Record;
    type RecordError = RecordError;

    fn config(&self) -> Config {
        Position::config(self)
    }

    /// The configuration, the start position if needed, and the moves.
    fn record(start: &Position, moves: &[Move]) -> Record {
        let mut record = Record::starting_at(*start);
        for &mv in moves {
            record.push(mv);
        }
        record
    }

    fn replay(record: &Record) -> Result<Match, RecordError> {
        record.replay()
    }

    /// [`PlayError::GameOver`], as [`Position::check`] says once the game is over.
    fn game_over(&self, _: Outcome<Player, EndReason>) -> PlayError {
        PlayError::GameOver
    }
}
