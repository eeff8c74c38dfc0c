//! Move text (C3-20): reading and writing a [`Move`](crate::Move).

use core::fmt;

use board_core::{Cell, Square};

use crate::error::ParseMoveError;
use crate::moves::{Move, MoveKind};
use crate::piece::Role;
use crate::position::CELLS;

/// A move text read without a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MoveText {
    Castle {
        short: bool,
        /// The king's cell, when written (`O-O@N2/C1`).
        king: Option<Cell>,
    },
    Cells {
        from: Cell,
        to: Cell,
        /// Written with `x`.
        capture: bool,
        promotion: Option<Role>,
        /// Followed by `e.p.`.
        en_passant: bool,
    },
}

/// Reads `N2/E2-N2/E4`, `N2/D4xN3/E5`, `…=Q`, `N2/D5xN2/E6e.p.`, `O-O`,
/// `O-O-O` (and `0-0`, `0-0-0`), castling optionally with the king's cell
/// (`O-O@N2/C1`).
pub(crate) fn parse_move_text(text: &str) -> Result<MoveText, ParseMoveError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(ParseMoveError::Empty);
    }
    let quoted = || board_core::excerpt(text);
    let (castle, king) = match t.split_once('@') {
        Some((c, k)) => (c, Some(k)),
        None => (t, None),
    };
    let short = match castle {
        "O-O" | "0-0" | "o-o" => Some(true),
        "O-O-O" | "0-0-0" | "o-o-o" => Some(false),
        _ => None,
    };
    if let Some(short) = short {
        let king = match king {
            None => None,
            Some(k) => Some(k.parse::<Cell>().map_err(|source| ParseMoveError::Cell {
                text: quoted(),
                source,
            })?),
        };
        return Ok(MoveText::Castle { short, king });
    }
    let (t, en_passant) = match t.len().checked_sub(4) {
        Some(i) if t.is_char_boundary(i) && t[i..].eq_ignore_ascii_case("e.p.") => (&t[..i], true),
        _ => (t, false),
    };
    let (body, promotion) = match t.split_once('=') {
        Some((body, p)) => {
            let role = p
                .parse::<Role>()
                .ok()
                .filter(|r| Role::PROMOTIONS.contains(r))
                .ok_or_else(|| ParseMoveError::Promotion { text: quoted() })?;
            (body, Some(role))
        }
        None => (t, None),
    };
    let Some(i) = body.find(['-', 'x', 'X']) else {
        return Err(ParseMoveError::Shape { text: quoted() });
    };
    let (a, b) = (&body[..i], &body[i + 1..]);
    let capture = body.as_bytes()[i] != b'-';
    if en_passant && (!capture || promotion.is_some()) {
        return Err(ParseMoveError::EnPassant { text: quoted() });
    }
    let cell = |s: &str| {
        s.parse::<Cell>().map_err(|source| ParseMoveError::Cell {
            text: quoted(),
            source,
        })
    };
    Ok(MoveText::Cells {
        from: cell(a)?,
        to: cell(b)?,
        capture,
        promotion,
        en_passant,
    })
}

impl fmt::Display for Move {
    /// The move text. `{}` writes the exact text, which alone determines the
    /// move (what [`FromStr`](core::str::FromStr) and serde read): the C3-20
    /// text `N2/E2-N2/E4`, `N2/D4xN3/E5`, `N2/A7-N2/A8=Q`, with en passant
    /// marked `N2/D5xN2/E6e.p.` and castling naming the king's cell,
    /// `O-O@N2/C1`, `O-O-O@N2/C8`.
    ///
    /// `{:#}` writes the plain C3-20 text, as records do: en passant without
    /// `e.p.`, castling as `O-O` / `O-O-O`; reading it back needs the
    /// position ([`Position::parse_move`](crate::Position::parse_move)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let exact = !f.alternate();
        match self.kind {
            MoveKind::ShortCastle | MoveKind::LongCastle => {
                f.write_str(if self.kind == MoveKind::ShortCastle {
                    "O-O"
                } else {
                    "O-O-O"
                })?;
                if exact {
                    write!(f, "@{}", self.from)?;
                }
                Ok(())
            }
            _ => {
                let sep = if self.is_capture() { 'x' } else { '-' };
                write!(f, "{}{sep}{}", self.from, self.to)?;
                if let Some(r) = self.promotion() {
                    write!(f, "={r}")?;
                }
                if exact && self.kind == MoveKind::EnPassant {
                    f.write_str("e.p.")?;
                }
                Ok(())
            }
        }
    }
}

impl core::str::FromStr for Move {
    type Err = ParseMoveError;

    /// Reads the exact move text that `Display` writes: the kind is the
    /// text's (`-` a move to an empty cell, `x` a capture, `=Q` a promotion,
    /// `e.p.` en passant, `O-O@N2/C1` castling). Plain C3-20 castling (`O-O`)
    /// needs a position: use [`Position::parse_move`](crate::Position::parse_move).
    ///
    /// ```
    /// use chess3d::{Move, MoveKind};
    /// for text in ["N2/E7-N2/E5", "N2/D4xN3/E5", "N2/A7-N2/A8=Q", "N1/D5xN2/E6e.p.", "O-O@N2/C1", "O-O-O@N4/C8"] {
    ///     let mv: Move = text.parse()?;
    ///     assert_eq!(mv.to_string(), text);
    /// }
    /// let castle: Move = "O-O@N2/C8".parse()?;
    /// assert_eq!((castle.to().to_string(), castle.kind()), ("N2/B8".to_string(), MoveKind::ShortCastle));
    /// assert!("O-O".parse::<Move>().is_err()); // whose king? A position knows.
    /// # Ok::<(), chess3d::ParseMoveError>(())
    /// ```
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        match parse_move_text(s)? {
            MoveText::Castle { short, king } => {
                let bad = || ParseMoveError::Castling {
                    text: board_core::excerpt(s),
                };
                let king = king.ok_or_else(bad)?;
                let sq = king.square();
                if sq != Square::C1 && sq != Square::C8 {
                    return Err(bad());
                }
                let to = CELLS[king.index() - 1 + 2 * usize::from(!short)];
                let kind = if short {
                    MoveKind::ShortCastle
                } else {
                    MoveKind::LongCastle
                };
                Ok(Move::new(king, to, kind))
            }
            MoveText::Cells {
                from,
                to,
                capture,
                promotion,
                en_passant,
            } => {
                let kind = match (promotion, capture) {
                    _ if en_passant => MoveKind::EnPassant,
                    (Some(r), false) => MoveKind::Promotion(r),
                    (Some(r), true) => MoveKind::CapturePromotion(r),
                    (None, true) => MoveKind::Capture,
                    (None, false) => MoveKind::Normal,
                };
                Ok(Move::new(from, to, kind))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // C3-20: move text shapes.
    #[test]
    fn c3_20_move_text_shapes() {
        let m = parse_move_text("n2/e2-N2E4").unwrap();
        assert_eq!(
            m,
            MoveText::Cells {
                from: "N2/E2".parse().unwrap(),
                to: "N2/E4".parse().unwrap(),
                capture: false,
                promotion: None,
                en_passant: false,
            }
        );
        assert!(matches!(
            parse_move_text("N2/A7xN3/B8=n"),
            Ok(MoveText::Cells {
                promotion: Some(Role::Knight),
                ..
            })
        ));
        assert_eq!(
            parse_move_text("0-0-0"),
            Ok(MoveText::Castle {
                short: false,
                king: None
            })
        );
        assert_eq!(
            parse_move_text("O-O"),
            Ok(MoveText::Castle {
                short: true,
                king: None
            })
        );
        assert!(matches!(parse_move_text(""), Err(ParseMoveError::Empty)));
        assert!(matches!(
            parse_move_text("N2/E2N2/E4"),
            Err(ParseMoveError::Shape { .. })
        ));
        assert!(matches!(
            parse_move_text("N2/E2-N2/E4=K"),
            Err(ParseMoveError::Promotion { .. })
        ));
        assert!(matches!(
            parse_move_text("N2/E2-N9/E4"),
            Err(ParseMoveError::Cell { .. })
        ));
        assert!(matches!(
            parse_move_text("N2/E2-"),
            Err(ParseMoveError::Cell { .. })
        ));
    }
}
