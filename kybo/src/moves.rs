//! The move type (KY-10): the square where a cube is placed. Its text is in
//! `notation.rs`.

use board_core::Square;

/// A move: the square where the player to move places a cube (KY-10). The
/// cube comes to rest on top of that square's stack; its level follows from
/// the position.
///
/// `Display` writes the square, `E5`. `FromStr` reads `E5` or `E5^2` (either
/// case, surrounding blank space ignored); it checks that the level is 1–4
/// but not that the cube would land there: [`Position::parse_move`](crate::Position::parse_move) does.
///
/// ```
/// use kybo::{Move, Square};
/// let mv: Move = "e5".parse()?;
/// assert_eq!(mv, Move::new(Square::E5));
/// assert_eq!(mv.to_string(), "E5");
/// assert_eq!("E5^3".parse::<Move>()?, mv);
/// assert!("E5^5".parse::<Move>().is_err());
/// # Ok::<(), kybo::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move(Square);

impl Move {
    /// The placement on `square`.
    #[inline]
    pub const fn new(square: Square) -> Move {
        Move(square)
    }

    /// Its square.
    #[inline]
    pub const fn square(self) -> Square {
        self.0
    }
}

impl From<Square> for Move {
    #[inline]
    fn from(square: Square) -> Move {
        Move(square)
    }
}
