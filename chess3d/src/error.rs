//! The typed errors of the crate, one variant per broken rule.

use board_core::{Cell, Color, NotationError};
use thiserror::Error;

use crate::piece::Role;

/// A piece or kind letter that is not one of `K Q R B N P` (either case).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{text:?} is not a piece letter (K, Q, R, B, N or P)")]
pub struct PieceError {
    /// The text given.
    pub text: String,
}

/// A level count outside 1–8 (C3-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{found} levels: a space has 1 to 8 levels")]
pub struct LevelsError {
    /// The count given.
    pub found: usize,
}

/// Why a position text (FEN3D or plain FEN, C3-19) was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// The text was empty.
    #[error("empty position text")]
    Empty,
    /// Not the six space-separated fields.
    #[error("{found} fields: expected 6 (boards, side, castling, en passant, halfmove clock, fullmove number)")]
    FieldCount {
        /// Fields found.
        found: usize,
    },
    /// A level count outside 1–8, or not the one the position type holds.
    #[error("{found} level boards: expected {expected}")]
    LevelCount {
        /// Boards found (separated by `|`).
        found: usize,
        /// What was expected (`"1 to 8"` or a number).
        expected: String,
    },
    /// A level board without 8 ranks.
    #[error("level N{level}: {found} ranks, expected 8")]
    RankCount {
        /// Level number (1-based).
        level: usize,
        /// Ranks found.
        found: usize,
    },
    /// A rank that does not describe exactly 8 cells.
    #[error("level N{level}, rank {rank}: {found} cells, expected 8")]
    RankLength {
        /// Level number (1-based).
        level: usize,
        /// Rank number (1-8).
        rank: usize,
        /// Cells described.
        found: usize,
    },
    /// A character that is neither a piece letter nor a digit 1-8.
    #[error("level N{level}, rank {rank}: {found:?} is not a piece letter or a digit 1-8")]
    BadChar {
        /// Level number (1-based).
        level: usize,
        /// Rank number (1-8).
        rank: usize,
        /// The character.
        found: char,
    },
    /// The side-to-move field is not `w` or `b`.
    #[error("side to move {found:?}: expected w or b")]
    Turn {
        /// The field.
        found: String,
    },
    /// The castling field is not `-` or some of `KQkq` in that order, each once.
    #[error("castling rights {found:?}: expected - or some of KQkq in that order")]
    CastlingSyntax {
        /// The field.
        found: String,
    },
    /// A castling right whose king or rook is not on its home cell (C3-15).
    #[error(
        "castling right {right}: needs the {color} king on {king} and a {color} rook on {rook}"
    )]
    CastlingPieces {
        /// The right's letter.
        right: char,
        /// Whose right.
        color: Color,
        /// Where the king must stand.
        king: Cell,
        /// Where the rook must stand.
        rook: Cell,
    },
    /// The en-passant field is not a cell (or, with one level, a square).
    #[error("en passant {found:?}: {source}")]
    EnPassantSyntax {
        /// The field.
        found: String,
        /// What was wrong with it.
        source: NotationError,
    },
    /// The en-passant cell is on a level the space does not have.
    #[error("en passant {cell}: the space has {levels} level(s)")]
    EnPassantLevel {
        /// The cell.
        cell: Cell,
        /// Levels of the space.
        levels: usize,
    },
    /// The en-passant cell is not on rank 3 with Black to move or rank 6 with White to move.
    #[error("en passant {cell}: must be on rank {expected} with {turn} to move")]
    EnPassantRank {
        /// The cell.
        cell: Cell,
        /// The rank it must be on.
        expected: usize,
        /// The side to move.
        turn: Color,
    },
    /// The en-passant cell is occupied.
    #[error("en passant {cell}: the cell is occupied")]
    EnPassantOccupied {
        /// The cell.
        cell: Cell,
    },
    /// No pawn of the side that just moved stands beyond the en-passant cell.
    #[error("en passant {cell}: no {color} pawn on {beyond}")]
    EnPassantNoPawn {
        /// The cell.
        cell: Cell,
        /// The side that just moved.
        color: Color,
        /// Where its pawn must stand.
        beyond: Cell,
    },
    /// The cell the pawn came from is occupied.
    #[error("en passant {cell}: the pawn's start cell {start} is occupied")]
    EnPassantStartOccupied {
        /// The cell.
        cell: Cell,
        /// The start cell.
        start: Cell,
    },
    /// The halfmove clock is not a number.
    #[error("halfmove clock {found:?} is not a number")]
    Halfmove {
        /// The field.
        found: String,
    },
    /// The fullmove number is not a number from 1.
    #[error("fullmove number {found:?} is not a number from 1")]
    Fullmove {
        /// The field.
        found: String,
    },
    /// A side without exactly one king.
    #[error("{color} has {found} kings, expected exactly one")]
    KingCount {
        /// The side.
        color: Color,
        /// Kings found.
        found: usize,
    },
    /// A pawn on rank 1 or 8.
    #[error("pawn on {cell}: no pawn may stand on rank 1 or 8")]
    PawnOnBackRank {
        /// Where.
        cell: Cell,
    },
    /// The side not to move is in check.
    #[error("{color} is not to move but is in check")]
    OpponentInCheck {
        /// The side in check.
        color: Color,
    },
}

/// Why a move text (C3-20) could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveTextError {
    /// The text was empty.
    #[error("empty move text")]
    Empty,
    /// No `-` or `x` between the two cells.
    #[error("{text:?}: expected two cells separated by - or x, or O-O / O-O-O")]
    Shape {
        /// The text.
        text: String,
    },
    /// A cell of the move is not valid.
    #[error("{text:?}: {source}")]
    Cell {
        /// The text.
        text: String,
        /// What was wrong with the cell.
        source: NotationError,
    },
    /// The promotion suffix is not `=Q`, `=R`, `=B` or `=N`.
    #[error("{text:?}: promotion must be =Q, =R, =B or =N")]
    Promotion {
        /// The text.
        text: String,
    },
}

/// Why a move cannot be played (C3-4 to C3-16).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The move text could not be read.
    #[error(transparent)]
    Text(#[from] MoveTextError),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The same cells make a move of another kind here (a capture given as
    /// a plain move, …): `legal` is the move as `legal_moves` lists it.
    /// (`parse_move` reads the kind off the position, so move text never
    /// meets this.)
    #[error("{given} is not how that move is made here: it is {legal}")]
    WrongKind {
        /// The move given.
        given: crate::Move,
        /// The legal move with the same cells, promotion and castling side.
        legal: crate::Move,
    },
    /// A cell of the move is on a level the space does not have.
    #[error("{cell} is outside the space of {levels} level(s)")]
    OutsideSpace {
        /// The cell.
        cell: Cell,
        /// Levels of the space.
        levels: usize,
    },
    /// No piece on the start cell.
    #[error("no piece on {cell}")]
    NoPiece {
        /// The start cell.
        cell: Cell,
    },
    /// The piece on the start cell belongs to the other side.
    #[error("the piece on {cell} is not {to_move}'s")]
    NotYourPiece {
        /// The start cell.
        cell: Cell,
        /// The side to move.
        to_move: Color,
    },
    /// The target holds a piece of the mover's own side (C3-12).
    #[error("{cell} holds a piece of your own side")]
    OwnPiece {
        /// The target cell.
        cell: Cell,
    },
    /// The piece does not move that way (or its path is blocked).
    #[error("the {role:?} on {from} cannot move to {to}")]
    CannotMoveSo {
        /// The moving piece's kind.
        role: Role,
        /// Start cell.
        from: Cell,
        /// Target cell.
        to: Cell,
    },
    /// A pawn reaching the last rank must name its promotion (C3-11).
    #[error("the pawn reaching {to} must promote (=Q, =R, =B or =N)")]
    PromotionMissing {
        /// Target cell.
        to: Cell,
    },
    /// A promotion named for a move that does not promote.
    #[error("{from} to {to} is not a promotion")]
    PromotionNotAllowed {
        /// Start cell.
        from: Cell,
        /// Target cell.
        to: Cell,
    },
    /// The move would leave the mover's king attacked (C3-14).
    #[error("that move leaves the {color} king in check")]
    KingInCheck {
        /// The mover.
        color: Color,
    },
    /// The castling right is gone: king or rook has moved (C3-15).
    #[error("{color} has lost that castling right")]
    CastlingRightLost {
        /// The mover.
        color: Color,
    },
    /// A cell between king and rook is occupied (C3-15).
    #[error("castling path blocked at {cell}")]
    CastlingPathBlocked {
        /// The occupied cell.
        cell: Cell,
    },
    /// The king is in check and may not castle (C3-15).
    #[error("cannot castle out of check")]
    CastlingInCheck,
    /// The king's landing cell is attacked (C3-15).
    #[error("castling: the king's landing cell {cell} is attacked")]
    CastlingPathAttacked {
        /// The landing cell.
        cell: Cell,
    },
}

/// Why a game record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The record is empty.
    #[error("empty record: expected a position text, then the moves")]
    Empty,
    /// The start position is invalid.
    #[error("start position: {0}")]
    Start(#[from] FenError),
    /// A move could not be read or played.
    #[error("move {number} ({text:?}): {reason}")]
    Move {
        /// 1-based index of the move in the record.
        number: usize,
        /// The move text.
        text: String,
        /// Why.
        reason: PlayError,
    },
}
