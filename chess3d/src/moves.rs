//! The move type (C3-20 text is in `notation.rs`).

use board_core::Cell;

use crate::piece::Role;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum MoveKind {
    /// A move to an empty cell (a pawn's two-cell advance included).
    Normal,
    /// A capture on the target cell (C3-12).
    Capture,
    /// A pawn capturing en passant (C3-10): the captured pawn is not on the target cell.
    EnPassant,
    /// A pawn reaching the last rank without capturing, promoted (C3-11).
    Promotion(Role),
    /// A pawn capturing onto the last rank, promoted (C3-11).
    CapturePromotion(Role),
    /// Short castling `O-O` (C3-15): king and rook on B swap.
    ShortCastle,
    /// Long castling `O-O-O` (C3-15): king to D, rook from E to C.
    LongCastle,
}

/// A move: start cell, target cell and kind.
///
/// For castling, [`from`](Move::from) is the king's cell and [`to`](Move::to)
/// the king's landing cell. Moves come from a position's legal moves, from
/// [`Position::parse_move`](crate::Position::parse_move), which reads the
/// kind off the position, or from the exact move text by `FromStr`.
/// `Display` writes the exact text (`{:#}` the plain C3-20 text); with the
/// `serde` feature a move travels as its exact text.
///
/// ```
/// use chess3d::Position;
/// let pos = Position::default();
/// let mv = pos.parse_move("n2/e7-n2/e5")?;
/// assert_eq!(mv.to_string(), "N2/E7-N2/E5");
/// assert_eq!(mv.from().to_string(), "N2/E7");
/// assert_eq!(mv.promotion(), None);
/// # Ok::<(), chess3d::PlayError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: Cell,
    pub(crate) to: Cell,
    pub(crate) kind: MoveKind,
}

impl Move {
    /// A move from its parts. Nothing is checked here: `play` checks the move
    /// against the position and accepts only the move with exactly this kind
    /// (a `Normal` that is really a capture is refused with
    /// [`PlayError::WrongKind`](crate::PlayError::WrongKind)).
    #[inline]
    pub const fn new(from: Cell, to: Cell, kind: MoveKind) -> Move {
        Move { from, to, kind }
    }

    /// The start cell (the king's, for castling).
    #[inline]
    pub const fn from(&self) -> Cell {
        self.from
    }

    /// The target cell (the king's landing cell, for castling).
    #[inline]
    pub const fn to(&self) -> Cell {
        self.to
    }

    /// The kind of move.
    #[inline]
    pub const fn kind(&self) -> MoveKind {
        self.kind
    }

    /// The piece a promotion makes.
    #[inline]
    pub const fn promotion(&self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) | MoveKind::CapturePromotion(r) => Some(r),
            _ => None,
        }
    }

    /// Whether the move captures (en passant included).
    #[inline]
    pub const fn is_capture(&self) -> bool {
        matches!(
            self.kind,
            MoveKind::Capture | MoveKind::EnPassant | MoveKind::CapturePromotion(_)
        )
    }

    /// Whether the move is a castling.
    #[inline]
    pub const fn is_castling(&self) -> bool {
        matches!(self.kind, MoveKind::ShortCastle | MoveKind::LongCastle)
    }
}
