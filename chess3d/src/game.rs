//! [`Match`]: a game with its history, undo and redo — board-core's one
//! [`board_core::Match`] on this crate's [`Position`] — and the FIDE draws
//! of C3-17 that need the history ([`MatchRules`], [`DrawClaims`]).

use board_core::{Color, MatchRules, Outcome};

use crate::config::Config;
use crate::error::{PlayError, RecordError};
use crate::moves::Move;
use crate::position::EndReason;
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
pub type Match = board_core::Match<Position>;

/// The two claimable draws of C3-17 asked one by one, for a [`Match`]
/// ([`Match::claimable_draw`] says which one [`Match::claim_draw`] claims).
pub trait DrawClaims {
    /// Whether a draw may be claimed under the 50-move rule (C3-17).
    fn can_claim_fifty_moves(&self) -> bool;

    /// Whether a draw may be claimed by threefold repetition (C3-17).
    fn can_claim_threefold(&self) -> bool;
}

impl DrawClaims for Match {
    fn can_claim_fifty_moves(&self) -> bool {
        self.position().halfmove_clock() >= 100
    }

    fn can_claim_threefold(&self) -> bool {
        self.repetitions() >= 3
    }
}

impl MatchRules for Position {
    type Record = Record;
    type RecordError = RecordError;

    fn config(&self) -> Config {
        Position::config(self)
    }

    /// The start position and the moves.
    fn record(start: &Position, moves: &[Move]) -> Record {
        Record::new(start.clone(), moves.to_vec())
    }

    fn replay(record: &Record) -> Result<Match, RecordError> {
        record.replay()
    }

    /// [`PlayError::GameOver`] (a draw of C3-17 included).
    fn game_over(&self, outcome: Outcome<Color, EndReason>) -> PlayError {
        PlayError::GameOver { outcome }
    }

    /// How many times the current position has occurred (C3-17: same
    /// pieces, side to move, castling rights and capturable en-passant
    /// target), counting it now.
    fn repetitions(positions: &[Position]) -> usize {
        let Some(now) = positions.last() else {
            return 0;
        };
        let key = now.repetition_key();
        // No position before the last capture or pawn move can come back.
        let window = (now.halfmove_clock() as usize).min(positions.len() - 1);
        positions[positions.len() - 1 - window..]
            .iter()
            .filter(|p| p.repetition_key() == key)
            .count()
    }

    /// Fivefold repetition (C3-17); the position itself decides the dead
    /// position and the 75-move rule.
    fn automatic_draw(positions: &[Position]) -> Option<EndReason> {
        let now = positions.last()?;
        (now.halfmove_clock() >= 8 && Position::repetitions(positions) >= 5)
            .then_some(EndReason::FivefoldRepetition)
    }

    /// Threefold repetition first, then the 50-move rule (C3-17).
    fn claimable_draw(positions: &[Position]) -> Option<EndReason> {
        let now = positions.last()?;
        if Position::repetitions(positions) >= 3 {
            Some(EndReason::ThreefoldClaimed)
        } else if now.halfmove_clock() >= 100 {
            Some(EndReason::FiftyMovesClaimed)
        } else {
            None
        }
    }
}
