//! The typed errors: one variant per broken rule.
//!
//! Every error that keeps some of its input keeps at most
//! [`board_core::excerpt`] of it (40 characters and `…`), so a huge bad input
//! never makes a huge message.

use board_core::{Color, NotationError, Outcome, Rank, Square};
use thiserror::Error;

use crate::config::ConfigError;
use crate::geometry::{StackLevel, Zone};
use crate::position::EndReason;

/// Why a move text (`E5`, `E5^2`) or a cube text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// The text was empty or blank.
    #[error("empty move text: expected a square such as E5")]
    Empty,
    /// The square part is not a square.
    #[error("bad square in move text: {0}")]
    Square(#[from] NotationError),
    /// What follows `^` is not a level 1–4.
    #[error("{text:?}: level {found:?} after '^' is not 1-4")]
    Level {
        /// The whole text (its first characters if long).
        text: String,
        /// What was found after `^` (its first characters if long).
        found: String,
    },
    /// A cube text without its `^level`.
    #[error("{text:?}: a cube is written with its level, like E5^2")]
    MissingLevel {
        /// The whole text (its first characters if long).
        text: String,
    },
}

/// Why a move is illegal (or could not be read), naming the broken rule.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The game has ended (KY-8 KYBO, or KY-9 board full): nobody places.
    #[error("the game is over: {outcome} (KY-8/KY-9)")]
    GameOver {
        /// How it ended.
        outcome: Outcome<Color, EndReason>,
    },
    /// The player to move has placed their whole supply (KY-6, KY-9).
    #[error("{player} has no cube left (KY-6)")]
    NoCubeLeft {
        /// The player to move.
        player: Color,
    },
    /// The first cube of the game must go on a Dungeon square (KY-3).
    #[error("the first cube must go on a Dungeon square (D4, E4, D5, E5), not {square} (KY-3)")]
    FirstCubeOutsideDungeon {
        /// The square asked for.
        square: Square,
    },
    /// The stack already has as many cubes as its zone allows (KY-2, KY-4).
    #[error("the stack on {square} is full: {zone} allows {max} cube(s) (KY-2)", max = zone.max_height())]
    StackFull {
        /// The square asked for.
        square: Square,
        /// Its zone.
        zone: Zone,
    },
    /// A cube on the board (level 1) with no stack on any orthogonal
    /// neighbour would touch no cube by a face (KY-4).
    #[error("a cube on {square} would touch no cube by a face: no stack on an orthogonal neighbour (diagonals do not count) (KY-4)")]
    NoContact {
        /// The square asked for.
        square: Square,
    },
    /// The move was written `E5^n` but the cube would land at another level (KY-10).
    #[error(
        "{square}^{written} was written but a cube placed there lands at level {actual} (KY-10)"
    )]
    LevelMismatch {
        /// The square.
        square: Square,
        /// The level written.
        written: StackLevel,
        /// The level the cube would land at.
        actual: StackLevel,
    },
    /// The move text could not be read (KY-10): the error of
    /// [`Position::parse_move`](crate::Position::parse_move) for text that is
    /// not a move at all.
    #[error(transparent)]
    Notation(#[from] ParseMoveError),
}

/// Why a position text (KY-11) was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// Not two fields (board and side to move) separated by a space.
    #[error(
        "expected the board and the side to move separated by one space, found {found} field(s)"
    )]
    Fields {
        /// How many blank-separated fields were found.
        found: usize,
    },
    /// The board field does not have 8 ranks separated by `/`.
    #[error("expected 8 ranks separated by '/', found {found}")]
    RankCount {
        /// How many ranks were found.
        found: usize,
    },
    /// A rank does not describe exactly 8 cells.
    #[error("rank {rank} describes {found} cells instead of 8")]
    RankLength {
        /// The rank.
        rank: Rank,
        /// How many cells it describes (counted up to the first surplus one).
        found: usize,
    },
    /// A character that is not `.`, `w`, `b`, `(` or `)` where it stands.
    #[error("rank {rank}: unexpected {found:?} (a cell is '.', 'w', 'b' or a stack like '(wb)')")]
    Character {
        /// The rank.
        rank: Rank,
        /// The character.
        found: char,
    },
    /// A `(` without its `)`.
    #[error("rank {rank}: '(' is never closed")]
    Unclosed {
        /// The rank.
        rank: Rank,
    },
    /// `()`: a stack with no cube.
    #[error("rank {rank}: '()' is an empty stack (write '.')")]
    EmptyStack {
        /// The rank.
        rank: Rank,
    },
    /// The side to move is not `w` or `b`.
    #[error("side to move {found:?} is not 'w' or 'b'")]
    Side {
        /// The text found (its first characters if long).
        found: String,
    },
    /// (a) A stack higher than its zone allows (KY-2).
    #[error("(a) the stack on {square} has {height} cubes but {zone} allows {max} (KY-2)", max = zone.max_height())]
    StackTooHigh {
        /// The square.
        square: Square,
        /// Its zone.
        zone: Zone,
        /// The height written.
        height: usize,
    },
    /// (b) The occupied squares are not one orthogonally connected group
    /// with a Dungeon square: `square` is not connected, through orthogonally
    /// neighbouring stacks, to the first occupied Dungeon square (KY-4).
    #[error("(b) {square} is not connected through orthogonally neighbouring stacks to the stack on the Dungeon (KY-4): the cubes must form one group")]
    Disconnected {
        /// The first such square (the first occupied square when no Dungeon
        /// square is occupied).
        square: Square,
    },
    /// (c) Cube counts that alternate play from White cannot give (KY-3).
    #[error("(c) White has {white} cubes and Black {black} with {to_move} to move: White must have as many as Black with White to move, one more with Black to move (KY-3)")]
    CubeCount {
        /// White's cubes.
        white: u32,
        /// Black's cubes.
        black: u32,
        /// The side to move.
        to_move: Color,
    },
    /// (d) A player who did not move last has a KYBO (KY-8).
    #[error("(d) {player} has a KYBO but did not move last (KY-8)")]
    KyboOutOfTurn {
        /// The player with the KYBO.
        player: Color,
    },
    /// (e) The board is not empty but no Dungeon square holds a White cube at
    /// level 1: the first cube is missing (KY-3).
    #[error(
        "(e) no Dungeon square holds a White cube at level 1, where the first cube goes (KY-3)"
    )]
    NoFirstCube,
    /// A player has more cubes on the board than the configured supply (KY-6).
    #[error(
        "{player} has {placed} cubes on the board but the supply is {supply} per player (KY-6)"
    )]
    SupplyExceeded {
        /// The player.
        player: Color,
        /// Their cubes on the board.
        placed: u32,
        /// The configured supply.
        supply: u8,
    },
}

/// Why a game record (KY-12) could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A tag (`[...]` before the moves) that is not `[supply N]` or
    /// `[start <position text>]`, is not closed, or repeats another.
    #[error("{text:?}: a record's tags are [supply N] and [start <position text>], each at most once, before the moves")]
    Tag {
        /// The tag (its first characters if long).
        text: String,
    },
    /// The configuration of the tags is invalid.
    #[error("record configuration: {0}")]
    Config(#[from] ConfigError),
    /// The start position of the `[start ...]` tag is invalid (KY-11).
    #[error("record start position: {0}")]
    Start(#[from] PositionError),
    /// Move number `number` (1-based) is not a move text. (The message
    /// quotes the text once, through `error`.)
    #[error("move {number}: {error}")]
    Parse {
        /// The 1-based move number.
        number: usize,
        /// The text of the move (its first characters if long).
        text: String,
        /// Why it could not be read.
        error: ParseMoveError,
    },
    /// Move number `number` (1-based) is illegal where it is played.
    #[error("move {number} {text}: {error}")]
    Illegal {
        /// The 1-based move number.
        number: usize,
        /// The move as written in the record.
        text: String,
        /// Why it is illegal.
        error: PlayError,
    },
}
