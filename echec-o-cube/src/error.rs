//! The typed errors of the crate: text that could not be read, moves that
//! break a rule, records that do not replay, and invalid positions.
//!
//! Every error that keeps some of its input keeps at most
//! [`board_core::excerpt`] of it (40 characters and `…`), so a huge bad
//! input never makes a huge message.

use board_core::{NotationError, Square};
use thiserror::Error;

use crate::config::ConfigError;
use crate::geometry::{GameSquare, Segment};
use crate::moves::Move;
use crate::piece::{Kind, Player};

/// Text that is not a move (EOC-20) or one of its parts: a crossing, a
/// segment, a square; also the text of a player, a piece kind, a category or
/// an end reason.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// A crossing (`D5`) was malformed.
    #[error(transparent)]
    Crossing(#[from] NotationError),
    /// The text does not have the expected shape.
    #[error("{text:?}: expected {expected}")]
    Syntax {
        /// The text given (its first characters if long).
        text: String,
        /// What was expected.
        expected: &'static str,
    },
    /// Two crossings that are not neighbours on one groove (EOC-2).
    #[error("{text:?}: the two crossings of a segment must be neighbours on one groove (EOC-2)")]
    NotNeighbours {
        /// The text given (its first characters if long).
        text: String,
    },
    /// Two crossings that are not opposite corners of a 1×1 or 2×2 square (EOC-11).
    #[error("{text:?}: not two opposite corners of a 1x1 or 2x2 square (EOC-11)")]
    NotASquare {
        /// The text given (its first characters if long).
        text: String,
    },
    /// A piece letter other than `P`, `F` or `R` (EOC-3, EOC-20).
    #[error("{text:?}: unknown piece letter {found:?}, expected P, F or R (EOC-20)")]
    PieceLetter {
        /// The text given (its first characters if long).
        text: String,
        /// The letter found.
        found: char,
    },
    /// A red followed by `!`: only placements are announced (EOC-20).
    #[error("{text:?}: only a pale or dark placement can be announced with '!' (EOC-20)")]
    AnnouncedRed {
        /// The text given (its first characters if long).
        text: String,
    },
    /// A player other than `One` or `Two` (EOC-5).
    #[error("{text:?}: expected a player, One or Two (EOC-5)")]
    Player {
        /// The text given (its first characters if long).
        text: String,
    },
}

/// Why a move cannot be read or played in a position: the one error of
/// `check`, `play` and `parse_move`. Each rule variant names the rule it
/// breaks.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The text is not a move (EOC-20).
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
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

/// Why a game record could not be read or replayed (EOC-21). Line numbers
/// and move numbers start at 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The record lacks its `config` line.
    #[error("the record has no `config` line (EOC-21)")]
    MissingConfig,
    /// The record lacks its `first` line.
    #[error("the record has no `first` line (EOC-21)")]
    MissingFirst,
    /// A header line appears twice, or after the moves began, or names the
    /// first player inside the `config` line.
    #[error("line {line}: unexpected header line {text:?} (EOC-21)")]
    MisplacedHeader {
        /// Line number.
        line: usize,
        /// The line (its first characters if long).
        text: String,
    },
    /// The `config` line's value could not be read.
    #[error("line {line}: {error}")]
    Config {
        /// Line number.
        line: usize,
        /// What was wrong.
        error: ConfigError,
    },
    /// The `first` line's value is not a player.
    #[error("line {line}: {error}")]
    First {
        /// Line number.
        line: usize,
        /// What was wrong.
        error: ParseMoveError,
    },
    /// The `start` line's position text is invalid (EOC-23).
    #[error("line {line}: start position: {error}")]
    Start {
        /// Line number.
        line: usize,
        /// What was wrong.
        error: PositionError,
    },
    /// A move line could not be read.
    #[error("line {line}: move {number}: {error}")]
    Move {
        /// Line number.
        line: usize,
        /// The 1-based number of the move.
        number: usize,
        /// What was wrong.
        error: ParseMoveError,
    },
    /// A move breaks a rule where it is played.
    #[error("line {line}: move {number} ({mv}) is illegal: {error}")]
    Illegal {
        /// The 1-based number of the move.
        number: usize,
        /// Line number (in the text the record was read from, or as
        /// [`Display`](core::fmt::Display) writes it).
        line: usize,
        /// The move.
        mv: Move,
        /// The rule it breaks.
        error: PlayError,
    },
}

/// Why a position text (EOC-23), or a position given through serde, is not
/// a position the rules can reach. The validity rules (a)–(f) of EOC-23 each
/// have their variants; the reachability checks of issue #12 add
/// [`Placements`](PositionError::Placements),
/// [`Unchained`](PositionError::Unchained) and the stricter
/// [`Claim`](PositionError::Claim).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The text is not six fields separated by spaces (EOC-23).
    #[error("expected six fields separated by spaces, found {found} (EOC-23)")]
    Fields {
        /// The number of fields found.
        found: usize,
    },
    /// A field does not have the shape EOC-23 gives it.
    #[error("{field} field {text:?}: expected {expected} (EOC-23)")]
    Syntax {
        /// Which field: `grooves`, `reds`, `turn`, `supplies`, `points` or
        /// `closed squares`.
        field: &'static str,
        /// The field or the part of it at fault (its first characters if long).
        text: String,
        /// What was expected.
        expected: &'static str,
    },
    /// (a) Two darks end at one crossing (EOC-8).
    #[error("two dark pieces end at {0} (EOC-23 a, EOC-8)")]
    DarksTouch(Square),
    /// (b) A piece touches no piece of the other kind (EOC-9).
    #[error("piece at {0} touches no piece of the other kind (EOC-23 b, EOC-9)")]
    Untouched(Segment),
    /// The pieces do not form one chain of pale–dark contacts, as they must
    /// when each was placed touching an earlier one (EOC-9).
    #[error("piece at {0} is not chained to the others by pale-dark contacts (EOC-9)")]
    Unchained(Segment),
    /// (c) A supply is larger than the configuration gives.
    #[error("{player}'s supply of {kind} ({left}) exceeds the configuration's {given} (EOC-23 c, EOC-4)")]
    SupplyTooLarge {
        /// The player.
        player: Player,
        /// The kind.
        kind: Kind,
        /// What the text says is left.
        left: u8,
        /// What the configuration gives.
        given: u8,
    },
    /// (c) The pieces of a kind on the board are not those taken from the
    /// supplies.
    #[error("{kind} pieces: {on_board} on the board but {taken} taken from the supplies (EOC-23 c, EOC-4)")]
    PieceCount {
        /// The kind.
        kind: Kind,
        /// On the board.
        on_board: u32,
        /// Taken from both supplies.
        taken: u32,
    },
    /// (c) The reds on the board are not those taken from the pool, or the
    /// pool is larger than the configuration gives.
    #[error("reds: {on_board} on the board and {left} in the pool do not fit the configured {given} (EOC-23 c, EOC-10)")]
    RedCount {
        /// On the board.
        on_board: u32,
        /// In the pool.
        left: u8,
        /// What the configuration gives.
        given: u8,
    },
    /// (d) Reds on the board outside red mode (EOC-10).
    #[error("a red stands on {0} but red mode is off (EOC-23 d, EOC-10)")]
    RedModeOff(Square),
    /// (d) A crossing listed twice among the reds.
    #[error("red on {0} listed twice (EOC-23 d)")]
    DuplicateRed(Square),
    /// (e) A square listed as closed whose outline is not full (EOC-12).
    #[error("square {0} is listed as closed but its outline is not full (EOC-23 e, EOC-12)")]
    NotClosed(GameSquare),
    /// (e) A closed square missing from the list (EOC-12).
    #[error("square {0} is closed but not listed (EOC-23 e, EOC-12)")]
    Unlisted(GameSquare),
    /// (e) A square listed twice.
    #[error("square {0} listed twice (EOC-23 e)")]
    DuplicateSquare(GameSquare),
    /// (e) A dead square with a scorer (EOC-13).
    #[error("square {0} is dead (a red on its outline) but has a scorer (EOC-23 e, EOC-13)")]
    DeadScored(GameSquare),
    /// (e) A player's points are not the sum of the squares they scored (EOC-14).
    #[error("{player} has {stated} points but scored squares worth {scored} (EOC-23 e, EOC-14)")]
    Points {
        /// The player.
        player: Player,
        /// The points the text gives.
        stated: u16,
        /// The worth of the squares listed as scored by them.
        scored: u32,
    },
    /// (f) The claimable points are not the worth of the live squares one
    /// placement of the other player closed and nobody scored (EOC-17).
    #[error(
        "{claimable} claimable points match no placement of the other player (EOC-23 f, EOC-17)"
    )]
    Claim {
        /// The claimable points given.
        claimable: u16,
    },
    /// Claimable points in a finished position: they lapse (EOC-18).
    #[error("{claimable} claimable points in a finished game: they lapse (EOC-18)")]
    ClaimInFinishedGame {
        /// The claimable points given.
        claimable: u16,
    },
    /// The pieces each player placed do not fit the turns: alternate turns
    /// from the first player, one more placement per bonus turn, a bonus
    /// turn only after an announced closing (EOC-5, EOC-6, EOC-16).
    #[error("One placed {one} and Two placed {two} pieces: no order of turns and bonus turns from the closures gives that with {turn} to move (EOC-5, EOC-16)")]
    Placements {
        /// Pieces placed by One.
        one: u32,
        /// Pieces placed by Two.
        two: u32,
        /// The player to move.
        turn: Player,
    },
}
