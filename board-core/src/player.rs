//! Colours and game outcomes.

use core::fmt;
use core::ops::Not;
use core::str::FromStr;

use crate::error::NotationError;

/// The two sides of a two-player game with white and black pieces (KYBO,
/// chess3d). `!color` is the other side.
///
/// ```
/// use board_core::Color;
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!(Color::Black.letter(), 'b');
/// assert_eq!("w".parse::<Color>(), Ok(Color::White));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Color {
    /// White.
    White,
    /// Black.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `'w'` or `'b'`, as position texts write it.
    #[inline]
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The colour of a position-text letter, `w` or `b` (either case).
    #[inline]
    pub const fn from_letter(c: char) -> Option<Color> {
        match c {
            'w' | 'W' => Some(Color::White),
            'b' | 'B' => Some(Color::Black),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;

    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    /// `White` or `Black`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

impl FromStr for Color {
    type Err = NotationError;

    /// Accepts `w`, `b`, `white`, `black` in any case.
    fn from_str(s: &str) -> Result<Color, NotationError> {
        match s.to_ascii_lowercase().as_str() {
            "w" | "white" => Ok(Color::White),
            "b" | "black" => Ok(Color::Black),
            "" => Err(NotationError::Empty { expected: "colour" }),
            _ => Err(NotationError::Syntax {
                text: crate::excerpt(s),
                expected: "a colour: w, b, white or black",
            }),
        }
    }
}

/// How a finished game ended: a winner, or a draw, each with a reason the game
/// names (`R`, for example "checkmate" or "board full").
///
/// ```
/// use board_core::{Color, Outcome};
/// let o: Outcome<Color, &str> = Outcome::Win { winner: Color::White, reason: "kybo" };
/// assert_eq!(o.winner(), Some(Color::White));
/// assert!(!o.is_draw());
/// assert_eq!(o.to_string(), "White wins (kybo)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Outcome<P, R> {
    /// `winner` won.
    Win {
        /// The player who won.
        winner: P,
        /// Why the game ended.
        reason: R,
    },
    /// Nobody won.
    Draw {
        /// Why the game ended.
        reason: R,
    },
}

impl<P: Copy, R: Copy> Outcome<P, R> {
    /// The winner, or `None` for a draw.
    #[inline]
    pub fn winner(&self) -> Option<P> {
        match *self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Whether the game was drawn.
    #[inline]
    pub fn is_draw(&self) -> bool {
        matches!(self, Outcome::Draw { .. })
    }

    /// Why the game ended.
    #[inline]
    pub fn reason(&self) -> R {
        match *self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
}

impl<P: fmt::Display, R: fmt::Display> fmt::Display for Outcome<P, R> {
    /// `White wins (reason)` or `draw (reason)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{winner} wins ({reason})"),
            Outcome::Draw { reason } => write!(f, "draw ({reason})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colors() {
        for c in Color::ALL {
            assert_eq!(!!c, c);
            assert_ne!(!c, c);
            assert_eq!(Color::from_letter(c.letter()), Some(c));
            assert_eq!(c.to_string().parse::<Color>(), Ok(c));
            assert_eq!(c.letter().to_string().parse::<Color>(), Ok(c));
        }
        assert_eq!(Color::White.index(), 0);
        assert_eq!(Color::Black.index(), 1);
        assert!(matches!(
            "x".parse::<Color>(),
            Err(NotationError::Syntax { .. })
        ));
        assert_eq!(
            "".parse::<Color>(),
            Err(NotationError::Empty { expected: "colour" })
        );
        assert_eq!(Color::from_letter('x'), None);
    }

    #[test]
    fn outcomes() {
        let d: Outcome<Color, &str> = Outcome::Draw {
            reason: "stalemate",
        };
        assert_eq!(d.winner(), None);
        assert!(d.is_draw());
        assert_eq!(d.reason(), "stalemate");
        assert_eq!(d.to_string(), "draw (stalemate)");
        let w: Outcome<Color, &str> = Outcome::Win {
            winner: Color::Black,
            reason: "checkmate",
        };
        assert_eq!(w.winner(), Some(Color::Black));
        assert_eq!(w.reason(), "checkmate");
    }
}
