//! Piece kinds and pieces (C3-3).

use core::fmt;
use core::str::FromStr;

use board_core::Color;

use thiserror::Error;

/// A kind of piece (C3-3). Letters `K Q R B N P`.
///
/// ```
/// use chess3d::Role;
/// assert_eq!("q".parse::<Role>(), Ok(Role::Queen));
/// assert_eq!(Role::Knight.to_string(), "N");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Role {
    /// Pawn, `P`.
    Pawn = 0,
    /// Knight, `N`.
    Knight = 1,
    /// Bishop, `B`.
    Bishop = 2,
    /// Rook, `R`.
    Rook = 3,
    /// Queen, `Q`.
    Queen = 4,
    /// King, `K`.
    King = 5,
}

impl Role {
    /// The six kinds, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The four kinds a pawn may become (C3-11), queen first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// Index 0–5 (pawn 0, king 5).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter.
    #[inline]
    pub const fn upper(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The kind's English name in lower case: `"pawn"`, `"knight"`, …
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// The kind of a letter, either case.
    #[inline]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.upper())
    }
}

impl FromStr for Role {
    type Err = PieceError;

    fn from_str(s: &str) -> Result<Role, PieceError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Role::from_char(c).ok_or(PieceError {
                text: board_core::excerpt(s),
            }),
            _ => Err(PieceError {
                text: board_core::excerpt(s),
            }),
        }
    }
}

/// A piece: a colour and a kind, written as in FEN (`K` White king, `k` Black king).
///
/// ```
/// use board_core::Color;
/// use chess3d::{Piece, Role};
/// let p: Piece = "n".parse()?;
/// assert_eq!(p, Piece { color: Color::Black, role: Role::Knight });
/// assert_eq!(p.to_string(), "n");
/// # Ok::<(), chess3d::PieceError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What kind.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case White, lower case Black.
    #[inline]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper(),
            Color::Black => self.role.upper().to_ascii_lowercase(),
        }
    }

    /// The piece of a FEN letter.
    #[inline]
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Piece {
    type Err = PieceError;

    fn from_str(s: &str) -> Result<Piece, PieceError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Piece::from_char(c).ok_or(PieceError {
                text: board_core::excerpt(s),
            }),
            _ => Err(PieceError {
                text: board_core::excerpt(s),
            }),
        }
    }
}

/// A piece or kind letter that is not one of `K Q R B N P` (either case).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{text:?} is not a piece letter (K, Q, R, B, N or P)")]
pub struct PieceError {
    /// The text given (at most [`board_core::excerpt`] of it).
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    // C3-3: six kinds, upper case White, lower case Black.
    #[test]
    fn c3_3_piece_letters_round_trip() {
        for role in Role::ALL {
            for color in Color::ALL {
                let p = Piece { color, role };
                assert_eq!(p.to_string().parse::<Piece>(), Ok(p));
                assert_eq!(p.char().is_ascii_uppercase(), color == Color::White);
            }
            assert_eq!(role.to_string().parse::<Role>(), Ok(role));
        }
        assert!("x".parse::<Piece>().is_err());
        assert!("KK".parse::<Role>().is_err());
        assert!("".parse::<Piece>().is_err());
    }
}
