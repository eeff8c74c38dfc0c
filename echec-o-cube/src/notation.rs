//! Move text (EOC-20), and the text of players, kinds, categories, end
//! reasons, segments and squares of the game.

use core::fmt;
use core::str::FromStr;

use board_core::{excerpt, Square};

use crate::error::ParseMoveError;
use crate::geometry::{GameSquare, Segment, Size};
// `pub(crate)` for the files that still name `notation::Move`.
pub(crate) use crate::moves::Move;
use crate::piece::{Category, Kind, Player};
use crate::position::EndReason;

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

impl core::str::FromStr for EndReason {
    type Err = ParseMoveError;

    /// The forms `Display` writes, any case.
    fn from_str(s: &str) -> Result<EndReason, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "board full" => Ok(EndReason::BoardFull),
            "out of pieces" => Ok(EndReason::OutOfPieces),
            "blockage" => Ok(EndReason::Blockage),
            _ => Err(ParseMoveError::Syntax {
                text: board_core::excerpt(s),
                expected: "an end reason: board full, out of pieces or blockage",
            }),
        }
    }
}

/// Splits `A-B` into its two crossings.
pub(crate) fn parse_pair(s: &str, what: &'static str) -> Result<(Square, Square), ParseMoveError> {
    let t = s.trim();
    let Some((a, b)) = t.split_once('-') else {
        return Err(ParseMoveError::Syntax {
            text: excerpt(s),
            expected: what,
        });
    };
    let a: Square = a.trim().parse()?;
    let b: Square = b.trim().parse()?;
    Ok((a, b))
}

impl FromStr for Segment {
    type Err = ParseMoveError;

    /// Parses `D5-E5`, `e5-d5`, `D5-D6`… (EOC-2).
    fn from_str(s: &str) -> Result<Segment, ParseMoveError> {
        let (a, b) = parse_pair(s, "a segment: two crossings joined by '-', like D5-E5")?;
        Segment::between(a, b).ok_or_else(|| ParseMoveError::NotNeighbours {
            text: excerpt(s.trim()),
        })
    }
}

impl FromStr for GameSquare {
    type Err = ParseMoveError;

    /// Parses two opposite corners of a 1×1 or 2×2 square, in any order.
    fn from_str(s: &str) -> Result<GameSquare, ParseMoveError> {
        let (a, b) = parse_pair(
            s,
            "a square: two opposite corners joined by '-', like D5-E6",
        )?;
        let (fa, ra) = (a.file().index() as i32, a.rank().index() as i32);
        let (fb, rb) = (b.file().index() as i32, b.rank().index() as i32);
        let (df, dr) = ((fa - fb).abs(), (ra - rb).abs());
        let corner = Square::ALL[(ra.min(rb) * 8 + fa.min(fb)) as usize];
        let size = match (df, dr) {
            (1, 1) => Size::Unit,
            (2, 2) => Size::Big,
            _ => {
                return Err(ParseMoveError::NotASquare {
                    text: excerpt(s.trim()),
                })
            }
        };
        // Opposite corners of a square that fits: always on the board.
        GameSquare::new(size, corner).ok_or_else(|| ParseMoveError::NotASquare {
            text: excerpt(s.trim()),
        })
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
