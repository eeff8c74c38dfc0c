//! The typed errors of the crate: text that could not be read, moves that
//! break a rule, records that do not replay, and invalid positions.

use board_core::{NotationError, Square};
use thiserror::Error;

use crate::geometry::Segment;
use crate::position::{Kind, Player};

/// Text that is not a valid crossing, segment, square, move, player or
/// configuration.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A crossing (`D5`) was malformed.
    #[error(transparent)]
    Crossing(#[from] NotationError),
    /// The text does not have the expected shape.
    #[error("{text:?}: expected {expected}")]
    Syntax {
        /// The text given.
        text: String,
        /// What was expected.
        expected: &'static str,
    },
    /// Two crossings that are not neighbours on one groove (EOC-2).
    #[error("{text:?}: the two crossings of a segment must be neighbours on one groove (EOC-2)")]
    NotNeighbours {
        /// The text given.
        text: String,
    },
    /// Two crossings that are not opposite corners of a 1×1 or 2×2 square (EOC-11).
    #[error("{text:?}: not two opposite corners of a 1x1 or 2x2 square (EOC-11)")]
    NotASquare {
        /// The text given.
        text: String,
    },
    /// A piece letter other than `P`, `F` or `R` (EOC-3, EOC-20).
    #[error("{text:?}: unknown piece letter {found:?}, expected P, F or R (EOC-20)")]
    PieceLetter {
        /// The text given.
        text: String,
        /// The letter found.
        found: char,
    },
    /// A red followed by `!`: only placements are announced (EOC-20).
    #[error("{text:?}: only a pale or dark placement can be announced with '!' (EOC-20)")]
    AnnouncedRed {
        /// The text given.
        text: String,
    },
    /// A player other than `One` or `Two` (EOC-5).
    #[error("{text:?}: expected a player, One or Two (EOC-5)")]
    Player {
        /// The text given.
        text: String,
    },
    /// A configuration text that is neither a preset name nor valid fields.
    #[error("configuration {text:?}: {reason}")]
    Config {
        /// The text given (the field at fault, or the whole text).
        text: String,
        /// What was wrong.
        reason: &'static str,
    },
}

/// Why a move cannot be played in a position. Each variant names the rule it
/// breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The game is over: nothing more can be played (EOC-18).
    #[error("the game is over (EOC-18)")]
    GameOver,
    /// The segment already holds a piece (EOC-6).
    #[error("segment {0} already holds a piece (EOC-6)")]
    SegmentOccupied(Segment),
    /// The player to move has no piece of that kind left (EOC-4, EOC-6).
    #[error("{player} has no {kind} piece left (EOC-4)")]
    NoPieceLeft {
        /// The player to move.
        player: Player,
        /// The kind they tried to place.
        kind: Kind,
    },
    /// A pale must touch a dark: no dark ends at either crossing (EOC-9).
    #[error("pale at {0} touches no dark piece (EOC-9)")]
    PaleTouchesNoDark(Segment),
    /// A dark would end at a crossing where a dark already ends (EOC-8).
    #[error("dark at {0} would touch a dark piece (EOC-8)")]
    DarkTouchesDark(Segment),
    /// A dark must touch a pale: no pale ends at either crossing (EOC-9).
    #[error("dark at {0} touches no pale piece (EOC-9)")]
    DarkTouchesNoPale(Segment),
    /// The placement is announced but closes no live square (EOC-15).
    #[error("{0} closes no live square: nothing to announce (EOC-15)")]
    NothingToAnnounce(Segment),
    /// With `auto_announce` a placement that closes a live square must be
    /// played announced (EOC-15).
    #[error("{0} closes a live square and auto-announce is on: play it announced (EOC-15)")]
    AnnouncementRequired(Segment),
    /// No points are claimable (EOC-17).
    #[error("there are no points to claim (EOC-17)")]
    NothingToClaim,
    /// A red stands only in a free crossing: no red and no piece ending there (EOC-10).
    #[error("crossing {0} is not free for a red (EOC-10)")]
    CrossingNotFree(Square),
    /// The shared pool of reds is empty (EOC-10).
    #[error("no red piece is left in the pool (EOC-10)")]
    NoRedLeft,
    /// Reds are played only in red mode (EOC-10).
    #[error("red mode is off: no red can be placed (EOC-10)")]
    RedModeOff,
}

/// Why a move given as text could not be played: it could not be read, or
/// it breaks a rule. The error type of the [`board_core::Game`] implementation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Error {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The move breaks a rule.
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// Why a game record could not be read or replayed (EOC-21). Line numbers
/// start at 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The record lacks its `config` line.
    #[error("the record has no `config` line (EOC-21)")]
    MissingConfig,
    /// The record lacks its `first` line.
    #[error("the record has no `first` line (EOC-21)")]
    MissingFirst,
    /// A header line appears twice, or after the moves began.
    #[error("line {line}: unexpected header line {text:?} (EOC-21)")]
    MisplacedHeader {
        /// Line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// A header line's value could not be read.
    #[error("line {line}: {error}")]
    Header {
        /// Line number.
        line: usize,
        /// What was wrong.
        error: ParseError,
    },
    /// A move line could not be read.
    #[error("line {line}: {error}")]
    Move {
        /// Line number.
        line: usize,
        /// What was wrong.
        error: ParseError,
    },
    /// A move line holds a move that breaks a rule.
    #[error("line {line}: move {mv} is illegal: {error}")]
    Illegal {
        /// Line number.
        line: usize,
        /// The move, as written by the formatter.
        mv: String,
        /// The rule it breaks.
        error: PlayError,
    },
}

/// Why a position given as data (serde) is not one the rules can reach.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A segment holds both a pale and a dark piece.
    #[error("segment {0} holds two pieces (EOC-6)")]
    TwoPieces(Segment),
    /// Two darks end at one crossing (EOC-8).
    #[error("two dark pieces end at {0} (EOC-8)")]
    DarksTouch(Square),
    /// The pieces do not form one chain where each touches one of the other
    /// kind (EOC-9).
    #[error("piece at {0} is not chained to the others by pale-dark contacts (EOC-9)")]
    Unchained(Segment),
    /// More pieces of a kind on the board and in the supplies than the
    /// configuration gives, or fewer.
    #[error(
        "{kind} pieces: {on_board} on the board and {left} left do not add up to {total} (EOC-4)"
    )]
    PieceCount {
        /// The kind.
        kind: Kind,
        /// On the board.
        on_board: u32,
        /// In both supplies.
        left: u32,
        /// What the configuration gives both players.
        total: u32,
    },
    /// A supply is larger than the configuration gives.
    #[error("{player}'s supply of {kind} exceeds the configuration (EOC-4)")]
    SupplyTooLarge {
        /// The player.
        player: Player,
        /// The kind.
        kind: Kind,
    },
    /// Reds on the board and in the pool do not add up to the configured pool,
    /// or reds outside red mode.
    #[error("reds: {on_board} on the board and {left} in the pool do not fit the configuration (EOC-10)")]
    RedCount {
        /// On the board.
        on_board: u32,
        /// In the pool.
        left: u32,
    },
    /// A square is said to be closed by a player but is not closed, or the last
    /// move's closures are not closed squares.
    #[error("closure data names a square that is not closed (EOC-12)")]
    Closures,
    /// The claimable points do not match the last move's live closures.
    #[error("claimable points do not match the last placement (EOC-17)")]
    Claim,
    /// More points scored than the closed live squares are worth.
    #[error("points scored exceed the worth of the closed live squares (EOC-14)")]
    Points,
}
