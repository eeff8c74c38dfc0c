//! [`GameMatch`]: a game as people play it (a position with its moves, undo,
//! redo and record), one trait over every game crate's `Match`.

use core::fmt;
use core::str::FromStr;

use crate::game::Game;
use crate::history::History;

/// A game from its start, as people play it: its positions and moves, undo
/// and redo, its record, and the outcome with the rules that need the
/// history (chess3d's repetitions and draw claims). Every game crate's
/// `Match` implements it, so one function serves every game:
///
/// ```
/// use board_core::{Agent, Budget, Computer, Game, GameMatch};
///
/// /// Plays `plies` moves of the computer, takes one back, and returns the
/// /// record's text.
/// fn sample<M: GameMatch + Computer>(plies: usize) -> String {
///     let mut game = M::default();
///     let mut computer = M::computer(7);
///     for _ in 0..plies {
///         let Some(mv) = computer.choose(&game, Budget::nodes(50)) else { break };
///         game.play(mv).expect("the computer plays legal moves");
///     }
///     if let Some(&first) = game.position().legal_moves().first() {
///         game.play(first).expect("a listed move is legal"); // a move of the position is one of the match
///     }
///     let last = game.undo();
///     assert_eq!(last, game.undone().next());
///     game.record().to_string()
/// }
/// # // board-core's own tests have no game crate; the README runs this on all three.
/// ```
///
/// A match is itself a [`Game`] (its moves, `play`, `check` and `outcome`
/// are those of its current position, plus what the history decides), so
/// searches and agents run on it and see the repetitions it knows.
///
/// The game crates also offer every method here as an inherent method of
/// their `Match`, so a user calls them without importing this trait.
pub trait GameMatch: Game + Default {
    /// The position the match is played on.
    type Position: Game<
        Move = Self::Move,
        Player = Self::Player,
        EndReason = Self::EndReason,
        Error = Self::Error,
        Config = Self::Config,
    >;
    /// The game's record: `Display` writes it, `FromStr` reads it back.
    type Record: Clone + fmt::Debug + fmt::Display + FromStr<Err = Self::RecordError>;
    /// Why a record could not be read or replayed.
    type RecordError: std::error::Error + Send + Sync + 'static;

    /// A match starting at `start`, no move played.
    fn new(start: Self::Position) -> Self;

    /// Every position reached, the moves played and the moves undone.
    fn history(&self) -> &History<Self::Position>;

    /// The rule options the match is played under.
    fn config(&self) -> Self::Config;

    /// Takes back the last move (or withdraws a draw claim with it) and
    /// returns the move, or `None` at the start.
    fn undo(&mut self) -> Option<Self::Move>;

    /// Plays the last undone move again and returns it, or `None` if there is none.
    fn redo(&mut self) -> Option<Self::Move>;

    /// The record of the match: its start and the moves played.
    fn record(&self) -> Self::Record;

    /// The match a record describes, every move checked.
    ///
    /// # Errors
    /// The first move the rules refuse, with its number.
    fn replay(record: &Self::Record) -> Result<Self, Self::RecordError>;

    /// The start position.
    fn start(&self) -> &Self::Position {
        self.history().start()
    }

    /// The current position.
    fn position(&self) -> &Self::Position {
        self.history().position()
    }

    /// Every position reached, the start first and the current one last.
    fn positions(&self) -> &[Self::Position] {
        self.history().positions()
    }

    /// The moves played, in order (undone moves not included).
    fn moves(&self) -> &[Self::Move] {
        self.history().moves()
    }

    /// The moves that [`redo`](GameMatch::redo) would play again, next first.
    fn undone(&self) -> impl ExactSizeIterator<Item = Self::Move> + '_ {
        self.history().undone()
    }
}

/// Implements [`GameMatch`] for a game crate's `Match` through its inherent
/// methods of the same names (`new`, `history`, `config`, `undo`, `redo`,
/// `record`) and its record's `replay()`.
#[macro_export]
macro_rules! game_match_via_inherent {
    ($match:ty, $position:ty, $record:ty, $record_error:ty) => {
        impl $crate::GameMatch for $match {
            type Position = $position;
            type Record = $record;
            type RecordError = $record_error;

            fn new(start: $position) -> Self {
                <$match>::new(start)
            }
            fn history(&self) -> &$crate::History<$position> {
                <$match>::history(self)
            }
            fn config(&self) -> <$position as $crate::Game>::Config {
                <$match>::config(self)
            }
            fn undo(&mut self) -> Option<<$position as $crate::Game>::Move> {
                <$match>::undo(self)
            }
            fn redo(&mut self) -> Option<<$position as $crate::Game>::Move> {
                <$match>::redo(self)
            }
            fn record(&self) -> $record {
                <$match>::record(self)
            }
            fn replay(record: &$record) -> Result<Self, $record_error> {
                record.replay()
            }
        }
    };
}
