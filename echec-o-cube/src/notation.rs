//! Move text (EOC-20) and the text of players, kinds and categories.

use core::fmt;
use core::str::FromStr;

use board_core::Square;

use crate::error::ParseMoveError;
use crate::geometry::Segment;
use crate::position::{Category, Kind, Player};
use board_core::excerpt;

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

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Place {
                kind,
                segment,
                announced,
            } => write!(
                f,
                "{} {}{}",
                kind.letter(),
                segment,
                if announced { "!" } else { "" }
            ),
            Move::Red(sq) => write!(f, "R {sq}"),
            Move::Claim => f.write_str("claim"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads the forms of EOC-20, ignoring case and blank space around the
    /// move, after the letter and before `!`.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("claim") {
            return Ok(Move::Claim);
        }
        let mut chars = t.chars();
        let Some(letter) = chars.next() else {
            return Err(ParseMoveError::Syntax {
                text: excerpt(s),
                expected: "a move: P D5-E5, F D5-D6, F D5-D6!, R D5 or claim",
            });
        };
        let rest = chars.as_str();
        let (body, announced) = match rest.trim_end().strip_suffix('!') {
            Some(b) => (b, true),
            None => (rest, false),
        };
        let kind = match letter.to_ascii_uppercase() {
            'P' => Kind::Pale,
            'F' => Kind::Dark,
            'R' => {
                if announced {
                    return Err(ParseMoveError::AnnouncedRed { text: excerpt(s) });
                }
                return Ok(Move::Red(body.trim().parse()?));
            }
            found => {
                return Err(ParseMoveError::PieceLetter {
                    text: excerpt(s),
                    found,
                })
            }
        };
        Ok(Move::Place {
            kind,
            segment: body.parse()?,
            announced,
        })
    }
}

impl fmt::Display for Player {
    /// `One` or `Two`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::One => "One",
            Player::Two => "Two",
        })
    }
}

impl FromStr for Player {
    type Err = ParseMoveError;

    /// `One`, `Two`, `1` or `2`, any case.
    fn from_str(s: &str) -> Result<Player, ParseMoveError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "one" | "1" => Ok(Player::One),
            "two" | "2" => Ok(Player::Two),
            _ => Err(ParseMoveError::Player { text: excerpt(s) }),
        }
    }
}

impl fmt::Display for Kind {
    /// `pale` or `dark`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Pale => "pale",
            Kind::Dark => "dark",
        })
    }
}

impl FromStr for Kind {
    type Err = ParseMoveError;

    /// `P`, `F`, `pale` or `dark`, any case.
    fn from_str(s: &str) -> Result<Kind, ParseMoveError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "p" | "pale" => Ok(Kind::Pale),
            "f" | "dark" => Ok(Kind::Dark),
            _ => Err(ParseMoveError::Syntax {
                text: excerpt(s),
                expected: "a piece kind: P (pale) or F (dark)",
            }),
        }
    }
}

impl fmt::Display for Category {
    /// `standard`, `enriched`, `maximal` or `2x2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Category::Standard => "standard",
            Category::Enriched => "enriched",
            Category::Maximal => "maximal",
            Category::Big => "2x2",
        })
    }
}

impl FromStr for Category {
    type Err = ParseMoveError;

    /// The forms `Display` writes, any case.
    fn from_str(s: &str) -> Result<Category, ParseMoveError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "standard" => Ok(Category::Standard),
            "enriched" => Ok(Category::Enriched),
            "maximal" => Ok(Category::Maximal),
            "2x2" => Ok(Category::Big),
            _ => Err(ParseMoveError::Syntax {
                text: excerpt(s),
                expected: "a category: standard, enriched, maximal or 2x2",
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // EOC-20: every move round-trips, case and blank space are ignored.
    #[test]
    fn eoc20_move_text_round_trip() {
        let mut all = vec![Move::Claim];
        for s in Segment::ALL {
            for kind in [Kind::Pale, Kind::Dark] {
                all.push(Move::place(kind, s));
                all.push(Move::announce(kind, s));
            }
        }
        all.extend(Square::ALL.into_iter().map(Move::Red));
        for mv in all {
            let text = mv.to_string();
            assert_eq!(text.parse::<Move>(), Ok(mv), "{text}");
            assert_eq!(
                format!("  {}\t", text.to_lowercase()).parse::<Move>(),
                Ok(mv)
            );
        }
        assert_eq!("P D5-E5".parse::<Move>().unwrap().to_string(), "P D5-E5");
        assert_eq!("f d6-d5!".parse::<Move>().unwrap().to_string(), "F D5-D6!");
        assert_eq!("p e5-d5 !".parse::<Move>().unwrap().to_string(), "P D5-E5!");
        for bad in [
            "",
            "!",
            "X D5-E5",
            "P D5-F5",
            "P",
            "R D5!",
            "R D5-E5",
            "claims",
            "P D5-E5!!",
            "R",
            "F D5-E6",
            "é",
            "P D9-D10",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }

    // EOC-5: players' text.
    #[test]
    fn eoc5_player_text() {
        for p in Player::ALL {
            assert_eq!(p.to_string().parse::<Player>(), Ok(p));
            assert_eq!(!!p, p);
        }
        assert!("three".parse::<Player>().is_err());
        for k in [Kind::Pale, Kind::Dark] {
            assert_eq!(k.to_string().parse::<Kind>(), Ok(k));
            assert_eq!(k.letter().to_string().parse::<Kind>(), Ok(k));
        }
        for c in [
            Category::Standard,
            Category::Enriched,
            Category::Maximal,
            Category::Big,
        ] {
            assert_eq!(c.to_string().parse::<Category>(), Ok(c));
        }
        assert!("big".parse::<Category>().is_err());
    }
}
