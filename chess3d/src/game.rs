//! [`Match`]: a game with its history, for the FIDE draws of C3-17.

use core::fmt;

use board_core::{Color, Game, MoveList, Outcome};

use crate::error::PlayError;
use crate::moves::Move;
use crate::play::EndReason;
use crate::position::Position;
use crate::record::Record;

/// A game from a start position, with every move played and the repetition
/// keys of every position reached, so the draws of C3-17 can be told:
/// automatic (75-move rule, fivefold repetition, dead position) in
/// [`outcome`](Game::outcome), claimable (50-move rule, threefold repetition)
/// through [`claim_draw`](Match::claim_draw).
///
/// ```
/// use board_core::Game;
/// use chess3d::{Match, Position};
/// let mut game = Match::new(Position::start());
/// for text in ["N2/A8-N2/B6", "N2/A1-N2/B3", "N2/B6-N2/A8", "N2/B3-N2/A1"] {
///     let mv = game.parse_move(text)?;
///     game.play(mv)?;
/// }
/// assert_eq!(game.repetitions(), 2); // the start position, seen again
/// assert!(!game.can_claim_threefold());
/// assert_eq!(game.outcome(), None);
/// # Ok::<(), chess3d::PlayError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// Repetition keys of the positions reached, the start's first.
    keys: Vec<u64>,
    claimed: Option<EndReason>,
}

impl Match {
    /// A game starting at `start`.
    pub fn new(start: Position) -> Match {
        let key = start.repetition_key();
        Match {
            position: start.clone(),
            start,
            moves: Vec::new(),
            keys: vec![key],
            claimed: None,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The record of the game (start position and moves).
    pub fn record(&self) -> Record {
        Record {
            start: self.start.clone(),
            moves: self.moves.clone(),
        }
    }

    /// How many times the current position has occurred (C3-17: same pieces,
    /// side to move, castling rights and capturable en-passant target),
    /// counting it now.
    pub fn repetitions(&self) -> usize {
        let now = self.keys[self.keys.len() - 1];
        // No position before the last capture or pawn move can come back.
        let window = (self.position.halfmove_clock() as usize).min(self.keys.len() - 1);
        self.keys[self.keys.len() - 1 - window..]
            .iter()
            .filter(|&&k| k == now)
            .count()
    }

    /// Whether a draw may be claimed under the 50-move rule (C3-17).
    pub fn can_claim_fifty_moves(&self) -> bool {
        self.position.halfmove_clock() >= 100
    }

    /// Whether a draw may be claimed by threefold repetition (C3-17).
    pub fn can_claim_threefold(&self) -> bool {
        self.repetitions() >= 3
    }

    /// Claims a draw by the 50-move rule or threefold repetition (C3-17) if
    /// one applies and the game is not over; returns the rule that ended it.
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

    fn push(&mut self, mv: Move) {
        self.moves.push(mv);
        self.keys.push(self.position.repetition_key());
    }
}

impl fmt::Display for Match {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.position, f)
    }
}

impl Game for Match {
    type Move = Move;
    type Player = Color;
    type EndReason = EndReason;
    type Error = PlayError;
    type Config = crate::Config;

    fn from_config(config: crate::Config) -> Match {
        Match::new(config.start())
    }

    fn turn(&self) -> Color {
        self.position.turn()
    }

    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        if self.outcome().is_none() {
            self.position.generate_moves(moves);
        }
    }

    fn check(&self, mv: Move) -> Result<(), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        Game::check(&self.position, mv)
    }

    fn claim_draw(&mut self) -> Option<EndReason> {
        Match::claim_draw(self)
    }

    fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        self.position.play(mv)?;
        self.push(mv);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.position.play_unchecked(mv);
        self.push(mv);
    }

    /// Checkmate and stalemate first, then the automatic draws: dead
    /// position, 75-move rule, fivefold repetition; then a claimed draw.
    fn outcome(&self) -> Option<Outcome<Color, EndReason>> {
        if let Some(o) = self.position.outcome() {
            return Some(o);
        }
        let reason = if self.position.is_dead() {
            EndReason::DeadPosition
        } else if self.position.halfmove_clock() >= 150 {
            EndReason::SeventyFiveMoves
        } else if self.repetitions() >= 5 {
            EndReason::FivefoldRepetition
        } else {
            self.claimed?
        };
        Some(Outcome::Draw { reason })
    }

    fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        self.position.parse_move(text)
    }

    fn count_legal_moves(&self) -> u64 {
        if self.outcome().is_some() {
            0
        } else {
            self.position.count_legal_moves()
        }
    }
}
