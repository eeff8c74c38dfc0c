//! [`Match`]: a game with its history, undo and redo — board-core's one
//! [`board_core::Match`] on this crate's [`Position`], what the position
//! tells it ([`MatchRules`]), and where the last cube came to rest
//! ([`LastCube`]).

use board_core::{Color, MatchRules, Outcome};

use crate::config::Config;
use crate::error::{PlayError, RecordError};
use crate::geometry::Cube;
use crate::moves::Move;
use crate::position::{EndReason, Position};
use crate::record::Record;

/// A game from its start: every position and move, with undo and redo, and
/// its [`Record`]. What a user interface holds.
///
/// Undo takes the last move back and keeps it for redo; playing a new move
/// forgets what was undone. Two matches are equal when they have the same
/// start and the same moves (the moves kept for redo do not count), so a
/// match equals the replay of its record.
///
/// ```
/// use kybo::{LastCube, StackLevel, Match, Square};
/// let mut game = Match::default();
/// let mv = game.position().move_at(Square::E5).expect("a Dungeon square");
/// game.play(mv)?;
/// game.play(game.parse_move("E5")?)?;
/// assert_eq!(game.last_cube().map(|c| c.level()), Some(StackLevel::Second));
/// assert_eq!(game.undo(), Some(mv));
/// assert_eq!(game.redo(), Some(mv));
/// assert_eq!(game.record().to_string(), "E5 E5");
/// assert_eq!(game.record().replay()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Match = board_core::Match<Position>;

/// Where the cube of the last move came to rest, for a [`Match`].
pub trait LastCube {
    /// Where the cube of the last move came to rest (its square and level),
    /// or `None` at the start: what a user interface shows after a move
    /// ([`Position::top_cube`] of the last move's square).
    fn last_cube(&self) -> Option<Cube>;
}

impl LastCube for Match {
    fn last_cube(&self) -> Option<Cube> {
        self.position().top_cube(self.moves().last()?.square())
    }
}

impl MatchRules for Position {
    type Record = Record;
    type RecordError = RecordError;

    fn config(&self) -> Config {
        Position::config(self)
    }

    /// The start (with the configuration) and the moves.
    fn record(start: &Position, moves: &[Move]) -> Record {
        let mut record = Record::new(*start);
        record.extend(moves.iter().copied());
        record
    }

    fn replay(record: &Record) -> Result<Match, RecordError> {
        record.replay()
    }

    /// What [`Position::check`] says once the game is over.
    fn game_over(&self, outcome: Outcome<Color, EndReason>) -> PlayError {
        self.refusal_once_over(outcome)
    }
}
