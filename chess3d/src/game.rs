//! [`Match`]: a game with its history, undo and redo, for the FIDE draws of C3-17.

use core::fmt;

use board_core::{Color, Game, History, MoveList, Outcome};

use crate::config::Config;
use crate::error::PlayError;
use crate::moves::Move;
use crate::play::EndReason;
use crate::position::Position;
use crate::record::Record;

/// A game from a start position, built on [`board_core::History`]: every
/// position reached and every move played, with [`undo`](Match::undo) and
/// [`redo`](Match::redo). The draws of C3-17 are told from that history:
/// automatic (75-move rule, fivefold repetition, dead position) in
/// [`outcome`](Match::outcome), claimable (50-move rule, threefold
/// repetition) through [`claim_draw`](Match::claim_draw).
///
/// Repetitions are counted over the positions of the history itself, so
/// they stay exact through undo and redo. A claimed draw belongs to the
/// position it was claimed in: [`undo`](Match::undo) withdraws it (and takes
/// back the last move, if any), [`redo`](Match::redo) does not claim again.
///
/// ```
/// use chess3d::{EndReason, Match, Position};
/// let mut game = Match::new(Position::default());
/// for _ in 0..2 {
///     for text in ["N2/A8-N2/B6", "N2/A1-N2/B3", "N2/B6-N2/A8", "N2/B3-N2/A1"] {
///         let mv = game.parse_move(text)?;
///         game.play(mv)?;
///     }
/// }
/// assert_eq!(game.repetitions(), 3); // the start position, a third time
/// assert_eq!(game.claim_draw(), Some(EndReason::ThreefoldClaimed));
/// assert!(game.outcome().is_some());
/// game.undo(); // withdraws the claim and takes back N2/B3-N2/A1
/// assert_eq!((game.outcome(), game.repetitions()), (None, 2));
/// game.redo();
/// assert_eq!((game.outcome(), game.repetitions()), (None, 3));
/// # Ok::<(), chess3d::PlayError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Match {
    history: History<Position>,
    claimed: Option<EndReason>,
}

impl Default for Match {
    /// A game from the default start (3 levels, Black first).
    fn default() -> Match {
        Match::new(Position::default())
    }
}

impl PartialEq for Match {
    /// Two games are equal when they have the same start, the same moves and
    /// the same claim (undone moves kept for redo do not count).
    fn eq(&self, other: &Match) -> bool {
        self.start() == other.start()
            && self.moves() == other.moves()
            && self.claimed == other.claimed
    }
}

impl Eq for Match {}

impl Match {
    /// A game starting at `start`.
    pub fn new(start: Position) -> Match {
        Match {
            history: History::new(start),
            claimed: None,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.history.position()
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        self.history.start()
    }

    /// Every position reached, the start first and the current one last.
    pub fn positions(&self) -> &[Position] {
        self.history.positions()
    }

    /// The history: every position reached and every move.
    pub fn history(&self) -> &History<Position> {
        &self.history
    }

    /// The configuration of the game (its number of levels).
    pub fn config(&self) -> Config {
        self.start().config()
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// The moves played, in order (undone ones not included).
    pub fn moves(&self) -> &[Move] {
        self.history.moves()
    }

    /// The moves that [`redo`](Match::redo) would play again, next first.
    pub fn undone(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.history.undone()
    }

    /// The record of the game (start position and moves).
    pub fn record(&self) -> Record {
        Record::new(self.start().clone(), self.moves().to_vec())
    }

    /// The legal moves; none once the game is over (draws included).
    pub fn legal_moves(&self) -> MoveList<Move> {
        if self.outcome().is_some() {
            MoveList::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// `Ok` if `mv` may be played now, otherwise why not.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] once the game is over (a draw of C3-17
    /// included), otherwise the position's reason.
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver { outcome });
        }
        self.position().check(mv)
    }

    /// Whether `mv` may be played now.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Plays `mv` if it may be played, forgetting any undone moves.
    ///
    /// # Errors
    /// Why not, as [`check`](Self::check) says; nothing changes then.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.check(mv)?;
        self.history.play_unchecked(mv);
        Ok(())
    }

    /// Plays a legal move without checking it, forgetting any undone moves.
    pub fn play_unchecked(&mut self, mv: Move) {
        self.history.play_unchecked(mv);
    }

    /// Takes back the last move and returns it (`None` at the start). A
    /// claimed draw is withdrawn too: it belonged to the position left.
    pub fn undo(&mut self) -> Option<Move> {
        self.claimed = None;
        self.history.undo()
    }

    /// Plays the last undone move again and returns it, or `None` if there
    /// is none (or the game is over). A draw claimed before an undo is not
    /// claimed again.
    pub fn redo(&mut self) -> Option<Move> {
        if self.outcome().is_some() {
            return None;
        }
        self.history.redo()
    }

    /// Reads a move text in the context of the current position.
    ///
    /// # Errors
    /// As [`Position::parse_move`].
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        self.position().parse_move(text)
    }

    /// How many times the current position has occurred (C3-17: same pieces,
    /// side to move, castling rights and capturable en-passant target),
    /// counting it now. Counted over the history, so exact after undo and redo.
    pub fn repetitions(&self) -> usize {
        let positions = self.history.positions();
        let now = self.position();
        let key = now.repetition_key();
        // No position before the last capture or pawn move can come back.
        let window = (now.halfmove_clock() as usize).min(positions.len() - 1);
        positions[positions.len() - 1 - window..]
            .iter()
            .filter(|p| p.repetition_key() == key)
            .count()
    }

    /// Whether a draw may be claimed under the 50-move rule (C3-17).
    pub fn can_claim_fifty_moves(&self) -> bool {
        self.position().halfmove_clock() >= 100
    }

    /// Whether a draw may be claimed by threefold repetition (C3-17).
    pub fn can_claim_threefold(&self) -> bool {
        self.repetitions() >= 3
    }

    /// Claims a draw by threefold repetition or the 50-move rule (C3-17) if
    /// one applies and the game is not over; returns the rule that ended
    /// it. [`undo`](Self::undo) withdraws the claim.
    pub fn claim_draw(&mut self) -> Option<EndReason> {
        if self.outcome().is_some() {
            return None;
        }
        let reason = if self.can_claim_threefold() {
            EndReason::ThreefoldClaimed
        } else if self.can_claim_fifty_moves() {
            EndReason::FiftyMovesClaimed
        } else {
            return None;
        };
        self.claimed = Some(reason);
        Some(reason)
    }

    /// How the game ended: the position's own outcome first
    /// ([`Position::outcome`]: checkmate and stalemate, C3-16, then the dead
    /// position and the 75-move rule, C3-17), then the automatic draw that
    /// needs the history, fivefold repetition (C3-17); then a claimed draw.
    /// `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome<Color, EndReason>> {
        let position = self.position();
        if let Some(o) = position.outcome() {
            return Some(o);
        }
        let reason = if position.halfmove_clock() >= 8 && self.repetitions() >= 5 {
            EndReason::FivefoldRepetition
        } else {
            self.claimed?
        };
        Some(Outcome::Draw { reason })
    }
}

board_core::game_match_via_inherent!(Match, Position, Record, crate::error::RecordError);

impl fmt::Display for Match {
    /// The current position's board.
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
        moves.clear();
        if self.outcome().is_none() {
            self.position().generate_moves(moves);
        }
    }

    fn check(&self, mv: Move) -> Result<(), PlayError> {
        Match::check(self, mv)
    }

    fn claim_draw(&mut self) -> Option<EndReason> {
        Match::claim_draw(self)
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
        if self.outcome().is_some() {
            0
        } else {
            self.position().count_legal_moves()
        }
    }
}
