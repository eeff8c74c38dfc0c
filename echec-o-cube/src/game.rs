//! [`Match`]: a game with its history, undo and redo, built on
//! [`board_core::History`].

use core::fmt;

use board_core::{Game, History, MoveList, Outcome, Rng};

use crate::config::Config;
use crate::error::PlayError;
use crate::notation::Move;
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
#[derive(Clone, Debug)]
pub struct Match {
    history: History<Position>,
}

impl Match {
    /// A game starting at `start`, no move played.
    pub fn new(start: Position) -> Match {
        Match {
            history: History::new(start),
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        self.history.start()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.history.position()
    }

    /// Every position reached, the start first and the current one last.
    pub fn positions(&self) -> &[Position] {
        self.history.positions()
    }

    /// The history: every position reached, the moves, the undone moves.
    pub fn history(&self) -> &History<Position> {
        &self.history
    }

    /// The configuration of the game.
    pub fn config(&self) -> Config {
        self.start().config()
    }

    /// The player whose turn it is.
    pub fn turn(&self) -> Player {
        self.position().turn()
    }

    /// Every legal move of the current position.
    pub fn legal_moves(&self) -> MoveList<Move> {
        self.position().legal_moves()
    }

    /// `Ok` if `mv` is legal in the current position.
    ///
    /// # Errors
    /// Why `mv` is illegal (see [`Position::check`]).
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        self.position().check(mv)
    }

    /// Whether `mv` is legal in the current position.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.position().is_legal(mv)
    }

    /// Reads a move (see [`Position::parse_move`]).
    ///
    /// # Errors
    /// [`PlayError::Parse`] with what in `text` is not a move.
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        self.position().parse_move(text)
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome<Player, EndReason>> {
        self.position().outcome()
    }

    /// Plays `mv` if it is legal, forgetting any undone moves.
    ///
    /// # Errors
    /// Why `mv` is illegal (see [`Position::play`]); nothing changes then.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.history.play(mv)
    }

    /// Plays a legal move without checking it (see
    /// [`Position::play_unchecked`]), forgetting any undone moves.
    pub fn play_unchecked(&mut self, mv: Move) {
        self.history.play_unchecked(mv);
    }

    /// Takes back the last move and returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        self.history.undo()
    }

    /// Plays the last undone move again and returns it, or `None` if there
    /// is none.
    pub fn redo(&mut self) -> Option<Move> {
        self.history.redo()
    }

    /// The moves played, in order (undone moves not included).
    pub fn moves(&self) -> &[Move] {
        self.history.moves()
    }

    /// The moves that [`redo`](Match::redo) would play again, next first.
    pub fn undone(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.history.undone()
    }

    /// The record of the game: configuration, start position if needed, and
    /// the moves played.
    pub fn record(&self) -> Record {
        let mut record = Record::starting_at(*self.start());
        for &mv in self.moves() {
            record.push(mv);
        }
        record
    }
}

impl Default for Match {
    /// A game from the default start.
    fn default() -> Match {
        Match::new(Position::default())
    }
}

impl PartialEq for Match {
    fn eq(&self, other: &Match) -> bool {
        self.start() == other.start() && self.moves() == other.moves()
    }
}

impl Eq for Match {}

board_core::game_match_via_inherent!(Match, Position, Record, crate::error::RecordError);

impl fmt::Display for Match {
    /// The current position's board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.position(), f)
    }
}

impl Game for Match {
    type Move = Move;
    type Player = Player;
    type EndReason = EndReason;
    type Error = PlayError;
    type Config = Config;

    fn from_config(config: Config) -> Match {
        Match::new(Position::new(config))
    }

    fn turn(&self) -> Player {
        Match::turn(self)
    }

    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        self.position().generate_moves(moves);
    }

    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        self.position().random_move(rng)
    }

    fn check(&self, mv: Move) -> Result<(), PlayError> {
        Match::check(self, mv)
    }

    fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        Match::play(self, mv)
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.history.play_unchecked(mv);
    }

    fn outcome(&self) -> Option<Outcome<Player, EndReason>> {
        Match::outcome(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        Match::parse_move(self, text)
    }

    fn count_legal_moves(&self) -> u64 {
        self.position().count()
    }
}
