//! The move type (EOC-20): a placement, a red or a claim. Its text is in
//! `notation.rs`.

use board_core::Square;

use crate::geometry::Segment;
use crate::piece::Kind;

/// A move (EOC-6, EOC-10, EOC-15, EOC-17, EOC-20).
///
/// | move | text |
/// |---|---|
/// | pale placement | `P D5-E5` |
/// | dark placement | `F D5-D6` |
/// | announced placement | `F D5-D6!` |
/// | red | `R D5` |
/// | claim | `claim` |
///
/// ```
/// use echec_o_cube::{Kind, Move};
/// let mv: Move = "  f d6-d5 ! ".parse()?;
/// assert_eq!(mv, Move::Place { kind: Kind::Dark, segment: "D5-D6".parse()?, announced: true });
/// assert_eq!(mv.to_string(), "F D5-D6!");
/// assert_eq!("CLAIM".parse::<Move>()?, Move::Claim);
/// assert_eq!("r d5".parse::<Move>()?.to_string(), "R D5");
/// # Ok::<(), echec_o_cube::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// Lay a pale or dark piece from the mover's supply into a segment,
    /// announcing "ÉCHEC O CUBE" or not.
    Place {
        /// Pale or dark.
        kind: Kind,
        /// Where.
        segment: Segment,
        /// Whether the player announces "ÉCHEC O CUBE" (EOC-15).
        announced: bool,
    },
    /// Stand a red from the shared pool in a free crossing (red mode, EOC-10).
    Red(Square),
    /// Claim the points the previous player closed without announcing (EOC-17).
    Claim,
}

impl Move {
    /// A placement without announcement.
    #[inline]
    pub const fn place(kind: Kind, segment: Segment) -> Move {
        Move::Place {
            kind,
            segment,
            announced: false,
        }
    }

    /// A placement announced "ÉCHEC O CUBE".
    #[inline]
    pub const fn announce(kind: Kind, segment: Segment) -> Move {
        Move::Place {
            kind,
            segment,
            announced: true,
        }
    }

    /// Whether the move lays a piece in a segment (reds and claims do not).
    #[inline]
    pub const fn is_placement(self) -> bool {
        matches!(self, Move::Place { .. })
    }
}
