//! The players and the pieces: [`Player`] (EOC-5), [`Kind`] and
//! [`Category`]. Their text is in `notation.rs`.

use core::ops::Not;

/// The two players (EOC-5). `One` is not necessarily the first to play.
///
/// ```
/// use echec_o_cube::Player;
/// assert_eq!(!Player::One, Player::Two);
/// assert_eq!(Player::Two.to_string(), "Two");
/// assert_eq!("one".parse::<Player>()?, Player::One);
/// # Ok::<(), echec_o_cube::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// Player One.
    One,
    /// Player Two.
    Two,
}

impl Player {
    /// Both players, One first.
    pub const ALL: [Player; 2] = [Player::One, Player::Two];

    /// 0 for One, 1 for Two.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Player {
    type Output = Player;

    #[inline]
    fn not(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }
}

/// The kind of a piece lying in a segment (EOC-3). Reds stand in crossings
/// and are their own move ([`Move::Red`](crate::Move::Red)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Kind {
    /// Pale (pâle), letter `P`.
    Pale,
    /// Dark (foncé), letter `F`.
    Dark,
}

impl Kind {
    /// The letter of the kind in move text: `P` or `F`.
    #[inline]
    pub const fn letter(self) -> char {
        match self {
            Kind::Pale => 'P',
            Kind::Dark => 'F',
        }
    }
}

/// The category of a closed square, which sets its points (EOC-14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Category {
    /// A 1×1 with no dark on its outline (6 points by default).
    Standard,
    /// A 1×1 with exactly one dark on its outline (9).
    Enriched,
    /// A 1×1 with two darks on its outline (12).
    Maximal,
    /// A 2×2 (12).
    Big,
}
