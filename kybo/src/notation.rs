//! Move text (KY-10) and the text of stack levels and cubes (`E5`, `E5^2`).

use core::fmt;
use core::str::FromStr;

use board_core::{excerpt, Square};

use crate::error::ParseMoveError;
use crate::geometry::{Cube, StackLevel};
use crate::moves::Move;

impl Move {
    /// Reads `E5` or `E5^2`: the move and the level written, if any (checked
    /// to be 1–4, not against a position).
    ///
    /// # Errors
    /// What in `text` is not a move text.
    ///
    /// ```
    /// use kybo::{StackLevel, Move, Square};
    /// assert_eq!(Move::parse_with_level("e5^2")?, (Move::new(Square::E5), Some(StackLevel::Second)));
    /// assert_eq!(Move::parse_with_level("E5")?, (Move::new(Square::E5), None));
    /// # Ok::<(), kybo::ParseMoveError>(())
    /// ```
    pub fn parse_with_level(text: &str) -> Result<(Move, Option<StackLevel>), ParseMoveError> {
        parse_move_text(text)
    }
}

impl fmt::Display for Move {
    /// The square, `E5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.square())
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        parse_move_text(s).map(|(mv, _)| mv)
    }
}

/// Reads `E5` or `E5^2`: the move and the level written, if any.
pub(crate) fn parse_move_text(text: &str) -> Result<(Move, Option<StackLevel>), ParseMoveError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(ParseMoveError::Empty);
    }
    let (sq, level) = match t.split_once('^') {
        Some((sq, level)) => {
            let level = level
                .trim()
                .parse::<StackLevel>()
                .map_err(|_| ParseMoveError::Level {
                    text: excerpt(text),
                    found: excerpt(level),
                })?;
            (sq.trim(), Some(level))
        }
        None => (t, None),
    };
    Ok((Move::new(sq.parse::<Square>()?), level))
}

impl FromStr for StackLevel {
    type Err = ParseMoveError;

    /// A digit 1–4.
    fn from_str(s: &str) -> Result<StackLevel, ParseMoveError> {
        match s.as_bytes() {
            [d @ b'1'..=b'4'] => Ok(StackLevel::ALL[(d - b'1') as usize]),
            _ => Err(ParseMoveError::Level {
                text: board_core::excerpt(s),
                found: board_core::excerpt(s),
            }),
        }
    }
}

impl FromStr for Cube {
    type Err = ParseMoveError;

    /// `E5^2`, either case, surrounding blank space ignored; the level is
    /// required.
    fn from_str(s: &str) -> Result<Cube, ParseMoveError> {
        match parse_move_text(s)? {
            (square, Some(level)) => Ok(Cube::new(square.square(), level)),
            (_, None) => Err(ParseMoveError::MissingLevel {
                text: board_core::excerpt(s),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_text_forms() {
        assert_eq!(parse_move_text(" d4 "), Ok((Move::new(Square::D4), None)));
        assert_eq!(
            parse_move_text("D4^4"),
            Ok((Move::new(Square::D4), Some(StackLevel::Fourth)))
        );
        assert_eq!(parse_move_text(""), Err(ParseMoveError::Empty));
        assert!(matches!(
            parse_move_text("D4^"),
            Err(ParseMoveError::Level { .. })
        ));
        assert!(matches!(
            parse_move_text("D4^0"),
            Err(ParseMoveError::Level { .. })
        ));
        assert!(matches!(
            parse_move_text("D9"),
            Err(ParseMoveError::Square(_))
        ));
        assert!(matches!(
            parse_move_text("^2"),
            Err(ParseMoveError::Square(_))
        ));
        for sq in Square::ALL {
            assert_eq!(Move::new(sq).to_string().parse::<Move>(), Ok(Move::new(sq)));
        }
    }
}
