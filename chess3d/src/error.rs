//! The typed errors of the crate, one variant per broken rule.

use board_core::{Cell, Color, NotationError, Outcome};
use thiserror::Error;

use crate::piece::{Piece, Role};
use crate::position::EndReason;

/// Why a position text (FEN3D or plain FEN, C3-19) was rejected.
///
/// Every text a variant keeps is at most [`board_core::excerpt`] of the field.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
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
    /// The text's level count differs from the configuration's (serde, `from_text_with_config`).
    #[error("{found} level boards, but the configuration has {expected} levels (C3-1)")]
    LevelsDisagree {
        /// Boards found in the text.
        found: usize,
        /// The configuration's level count.
        expected: usize,
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
///
/// Every text a variant keeps is at most [`board_core::excerpt`] of the input.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// The text was empty.
    #[error("empty move text")]
    Empty,
    /// No `-` or `x` between the two cells.
    #[error("{text:?}: expected two cells separated by - or x, or O-O / O-O-O (C3-20)")]
    Shape {
        /// The text (its first characters if long).
        text: String,
    },
    /// A cell of the move is not valid.
    #[error("{text:?}: {source}")]
    Cell {
        /// The text (its first characters if long).
        text: String,
        /// What was wrong with the cell.
        source: NotationError,
    },
    /// The promotion suffix is not `=Q`, `=R`, `=B` or `=N`.
    #[error("{text:?}: promotion must be =Q, =R, =B or =N (C3-11)")]
    Promotion {
        /// The text (its first characters if long).
        text: String,
    },
    /// `e.p.` after something that is not a plain capture `AxB`.
    #[error("{text:?}: e.p. follows a capture written with x, without promotion (C3-10)")]
    EnPassant {
        /// The text (its first characters if long).
        text: String,
    },
    /// Castling read without a position and without the king's cell
    /// (`O-O@N2/C1`), or with a cell that is not a king's home cell.
    #[error("{text:?}: castling read alone names the king's home cell, as in O-O@N2/C1 (C3-15); a position reads plain O-O")]
    Castling {
        /// The text (its first characters if long).
        text: String,
    },
}

/// How a piece's movement rule (C3-4 to C3-9) rules a move out, whatever
/// else stands on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Geometry {
    /// Not along one of the 6 orthogonal steps (C3-4).
    Rook,
    /// Not along one of the 12 planar diagonal steps (C3-5).
    Bishop,
    /// Not along one of the 26 steps (C3-6).
    Queen,
    /// Not a (2, 1, 0) leap (C3-7).
    Knight,
    /// More than one step (C3-8).
    KingStep,
    /// A king changing level without capturing (C3-8).
    KingLevel,
    /// A pawn moving sideways or backwards (C3-9).
    PawnForward,
    /// A pawn changing level without capturing (C3-9).
    PawnLevel,
    /// A pawn's two-cell advance from outside its starting rank (C3-9).
    PawnDouble,
    /// A pawn moving straight onto an opposing piece: pawns capture
    /// diagonally (C3-9).
    PawnStraightCapture,
    /// A pawn moving diagonally onto an empty cell that is not the
    /// en-passant target (C3-9, C3-10).
    PawnDiagonal,
    /// Any other pawn move: too far, or too far sideways (C3-9).
    PawnReach,
}

impl Geometry {
    /// The rule's ID in RULES.md.
    pub const fn rule(self) -> &'static str {
        match self {
            Geometry::Rook => "C3-4",
            Geometry::Bishop => "C3-5",
            Geometry::Queen => "C3-6",
            Geometry::Knight => "C3-7",
            Geometry::KingStep | Geometry::KingLevel => "C3-8",
            Geometry::PawnDiagonal => "C3-9, C3-10",
            _ => "C3-9",
        }
    }
}

impl core::fmt::Display for Geometry {
    /// The rule in words, with its ID: "a bishop slides along the 12 planar
    /// diagonal steps only (C3-5)".
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let text = match self {
            Geometry::Rook => "a rook slides along the 6 orthogonal steps only",
            Geometry::Bishop => "a bishop slides along the 12 planar diagonal steps only",
            Geometry::Queen => "a queen slides in a straight line along one of the 26 steps",
            Geometry::Knight => {
                "a knight leaps 2 along one axis and 1 along another, the third unchanged"
            }
            Geometry::KingStep => "a king moves one step",
            Geometry::KingLevel => "a king changes level only by capturing",
            Geometry::PawnForward => "a pawn moves forward only",
            Geometry::PawnLevel => "a pawn changes level only by capturing",
            Geometry::PawnDouble => "a pawn advances two cells only from its starting rank",
            Geometry::PawnStraightCapture => {
                "a pawn captures diagonally forward, never straight ahead"
            }
            Geometry::PawnDiagonal => {
                "a pawn moves diagonally only to capture, or en passant onto the target cell"
            }
            Geometry::PawnReach => {
                "a pawn moves one cell forward (two from its starting rank) or captures one cell diagonally forward, on its level or one up or down"
            }
        };
        write!(f, "{text} ({})", self.rule())
    }
}

/// Why a move cannot be read or played: one variant per way a move can be
/// wrong, each naming the rule it breaks (C3-4 to C3-16).
///
/// [`check`](crate::Position::check) and [`play`](crate::Position::play)
/// return the same error for the same move; the checks run in this order:
/// game over, cells outside the space, castling conditions, no piece, not
/// your piece, own piece on the target, the piece's geometry, a blocked
/// path, promotion, the king left in check, and last the move's kind (a
/// [`WrongKind`](PlayError::WrongKind) move is legal with the right kind).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The move text could not be read.
    #[error(transparent)]
    Notation(#[from] ParseMoveError),
    /// A move text without levels (`E7-E5`) or a short one (`NE5`) that
    /// fits no legal move, or more than one: `candidates` are the legal
    /// moves it could be, none or several (C3-20).
    #[error("{}", unclear(text, candidates))]
    Unclear {
        /// The text (at most [`board_core::excerpt`] of it).
        text: String,
        /// The legal moves with those squares, on any levels.
        candidates: Vec<crate::Move>,
    },
    /// The game is over (C3-16, C3-17): no move may be played.
    #[error("the game is over: {outcome} (C3-16, C3-17)")]
    GameOver {
        /// How it ended.
        outcome: Outcome<Color, EndReason>,
    },
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
    /// A cell of the move is on a level the space does not have (C3-1).
    #[error("{cell} is outside the space of {levels} level(s) (C3-1)")]
    OutsideSpace {
        /// The cell.
        cell: Cell,
        /// Levels of the space.
        levels: usize,
    },
    /// No piece on the start cell: a move moves a piece of the side to
    /// move, and passing is not allowed (C3-13).
    #[error("no piece on {cell}: a move moves a piece of the side to move (C3-13)")]
    NoPiece {
        /// The start cell.
        cell: Cell,
    },
    /// The piece on the start cell belongs to the other side (C3-13).
    #[error("the piece on {cell} is not {to_move}'s: {to_move} is to move (C3-13)")]
    NotYourPiece {
        /// The start cell.
        cell: Cell,
        /// The side to move.
        to_move: Color,
    },
    /// The target holds a piece of the mover's own side (C3-12).
    #[error("{cell} holds a piece of your own side: a piece never captures its own side (C3-12)")]
    OwnPiece {
        /// The target cell.
        cell: Cell,
    },
    /// The piece does not move that way: [`Geometry`] says which rule.
    #[error("the {} {} on {from} cannot move to {to}: {rule}", piece.color, piece.role.name())]
    Geometry {
        /// The moving piece.
        piece: Piece,
        /// Start cell.
        from: Cell,
        /// Target cell.
        to: Cell,
        /// The movement rule the move breaks.
        rule: Geometry,
    },
    /// A piece stands between the start and the target (C3-4 to C3-6 slide
    /// over empty cells only; a pawn's two-cell advance needs both empty, C3-9).
    #[error("the {} {} on {from} cannot move to {to}: {cell} is in the way ({rule})", piece.color, piece.role.name())]
    Blocked {
        /// The moving piece.
        piece: Piece,
        /// Start cell.
        from: Cell,
        /// Target cell.
        to: Cell,
        /// The first occupied cell on the way.
        cell: Cell,
        /// The rule's ID (`"C3-4"`, …).
        rule: &'static str,
    },
    /// A pawn reaching the last rank must name its promotion (C3-11).
    #[error("the pawn reaching {to} must promote: =Q, =R, =B or =N (C3-11)")]
    PromotionMissing {
        /// Target cell.
        to: Cell,
    },
    /// A promotion named for a move that does not promote (C3-11).
    #[error("{from} to {to} is not a pawn reaching the last rank: no promotion (C3-11)")]
    PromotionNotAllowed {
        /// Start cell.
        from: Cell,
        /// Target cell.
        to: Cell,
    },
    /// A promotion to a king or a pawn (C3-11).
    #[error("a pawn promotes to a queen, rook, bishop or knight, not a {} (C3-11)", role.name())]
    PromotionPiece {
        /// The role asked for.
        role: Role,
    },
    /// The move would leave the mover's king attacked (C3-14).
    #[error("that move leaves the {color} king in check (C3-14)")]
    KingInCheck {
        /// The mover.
        color: Color,
    },
    /// The castling right is gone: king or rook has moved (C3-15).
    #[error("{color} has lost that castling right: king or rook has moved (C3-15)")]
    CastlingRightLost {
        /// The mover.
        color: Color,
    },
    /// A cell between king and rook is occupied (C3-15).
    #[error("castling path blocked at {cell} (C3-15)")]
    CastlingPathBlocked {
        /// The occupied cell.
        cell: Cell,
    },
    /// The king is in check and may not castle (C3-15).
    #[error("cannot castle out of check (C3-15)")]
    CastlingInCheck,
    /// The king's landing cell is attacked (C3-15).
    #[error("castling: the king's landing cell {cell} is attacked (C3-15)")]
    CastlingPathAttacked {
        /// The landing cell.
        cell: Cell,
    },
    /// A castling move whose cells are not the side to move's king's
    /// (C3-15): castling starts on the king's home cell of the home level.
    #[error("castling moves the {color} king from {king}, not from {from} (C3-15)")]
    CastlingCells {
        /// The side to move.
        color: Color,
        /// The king's home cell.
        king: Cell,
        /// The start cell given.
        from: Cell,
    },
}

/// The message of [`PlayError::Unclear`].
fn unclear(text: &str, candidates: &[crate::Move]) -> String {
    if candidates.is_empty() {
        return format!(
            "{text}: no legal move fits it; write both cells with their levels, as N2/E7-N2/E5 (C3-20)"
        );
    }
    let list: Vec<String> = candidates.iter().map(|m| format!("{m:#}")).collect();
    format!("{text} is ambiguous: {} (C3-20)", list.join(" or "))
}

/// Why a game record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The record is empty.
    #[error("empty record: expected a position text, then the moves")]
    Empty,
    /// The start position is invalid.
    #[error("start position: {0}")]
    Start(#[from] PositionError),
    /// A move could not be read or played.
    #[error("move {number} ({text:?}): {reason}")]
    Move {
        /// 1-based index of the move in the record.
        number: usize,
        /// The move text (at most [`board_core::excerpt`] of it).
        text: String,
        /// Why.
        reason: PlayError,
    },
}
