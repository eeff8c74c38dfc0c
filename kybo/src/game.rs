//! [`Match`]: a game with its history, undo and redo, on
//! [`board_core::History`].

use core::fmt;

use board_core::{Color, Game, History, MoveList, Outcome, Rng};

use crate::config::Config;
use crate::error::PlayError;
use crate::geometry::{Cube, StackLevel};
use crate::notation::Move;
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
/// use kybo::{StackLevel, Match, Square};
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
#[derive(Clone, Debug)]
pub struct Match {
    history: History<Position>,
}

impl Default for Match {
    /// A game of the default configuration from the empty board.
    fn default() -> Match {
        Match::new(Position::default())
    }
}

impl From<Position> for Match {
    fn from(start: Position) -> Match {
        Match::new(start)
    }
}

impl Match {
    /// A game starting at `start` (any valid position: the empty board of
    /// [`Position::new`], or one read with [`Position::from_text`]).
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

    /// The history this match is built on.
    pub fn history(&self) -> &History<Position> {
        &self.history
    }

    /// The configuration of the game.
    pub fn config(&self) -> Config {
        self.start().config()
    }

    /// The player whose turn it is.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// Every legal move of the current position.
    pub fn legal_moves(&self) -> MoveList<Move> {
        self.position().legal_moves()
    }

    /// `Ok` if `mv` is legal now, otherwise the broken rule.
    ///
    /// # Errors
    /// What [`Position::check`] says.
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        self.position().check(mv)
    }

    /// Whether `mv` is legal now.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.position().is_legal(mv)
    }

    /// Reads a move text in the current position.
    ///
    /// # Errors
    /// What [`Position::parse_move`] says.
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        self.position().parse_move(text)
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome<Color, EndReason>> {
        self.position().outcome()
    }

    /// Plays `mv` if it is legal, forgetting any undone moves.
    ///
    /// # Errors
    /// The broken rule, as [`Position::play`] says; nothing changes then.
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

    /// Where the cube of the last move came to rest (its square and level),
    /// or `None` at the start: what a user interface shows after a move.
    pub fn last_cube(&self) -> Option<Cube> {
        let square = self.moves().last()?.square();
        let level = StackLevel::new(self.position().height(square))?;
        Some(Cube::new(square, level))
    }

    /// The record of the game: its start (with the configuration) and its
    /// moves, which replays to this match.
    pub fn record(&self) -> Record {
        let mut record = Record::new(*self.start());
        record.extend(self.moves().iter().copied());
        record
    }
}

impl PartialEq for Match {
    /// The same start and the same moves (the undone moves do not count).
    fn eq(&self, other: &Match) -> bool {
        self.start() == other.start() && self.moves() == other.moves()
    }
}

impl Eq for Match {}

board_core::game_match_via_inherent!(Match, Position, Record, crate::error::RecordError);

impl fmt::Display for Match {
    /// The board of the current position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.position(), f)
    }
}

impl Game for Match {
    type Move = Move;
    type Player = Color;
    type EndReason = EndReason;
    type Error = PlayError;
    type Config = Config;

    fn from_config(config: Config) -> Match {
        Match::new(Position::new(config))
    }

    fn turn(&self) -> Color {
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

    fn is_legal(&self, mv: Move) -> bool {
        Match::is_legal(self, mv)
    }

    fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        Match::play(self, mv)
    }

    fn play_unchecked(&mut self, mv: Move) {
        Match::play_unchecked(self, mv);
    }

    fn outcome(&self) -> Option<Outcome<Color, EndReason>> {
        Match::outcome(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        Match::parse_move(self, text)
    }

    fn count_legal_moves(&self) -> u64 {
        self.position().count_legal_moves()
    }
}
