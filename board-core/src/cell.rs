//! Levels and the cells of a stack of up to eight 8×8 levels (`N2/C1`).

use core::fmt;
use core::str::FromStr;

use crate::error::NotationError;
use crate::square::{parse_square, Square};

/// A level of a 3-D board, `N1` (bottom) to `N8` (top).
///
/// ```
/// use board_core::Level;
/// let n2: Level = "n2".parse()?;
/// assert_eq!(n2.index(), 1);
/// assert_eq!(n2.to_string(), "N2");
/// assert_eq!(Level::new(8), None);
/// # Ok::<(), board_core::NotationError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The most levels a 3-D board can have.
    pub const MAX: usize = 8;

    /// The bottom level, `N1`.
    pub const N1: Level = Level(0);

    /// The level of index `i` (0 = `N1`), or `None` past `N8`.
    #[inline]
    pub const fn new(i: u8) -> Option<Level> {
        if (i as usize) < Level::MAX {
            Some(Level(i))
        } else {
            None
        }
    }

    /// Index 0–7 (`N1` is 0).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The level number as written, 1–8.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The level `d` above (or below, for negative `d`), if it exists.
    #[inline]
    pub const fn offset(self, d: i8) -> Option<Level> {
        let l = self.0 as i8 + d;
        if l >= 0 && (l as usize) < Level::MAX {
            Some(Level(l as u8))
        } else {
            None
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "N{}", self.number())
    }
}

/// Reads `N<digit>` at the start of `text`; returns the level and the rest.
fn parse_level<'a>(whole: &str, text: &'a str) -> Result<(Level, &'a str), NotationError> {
    let Some(rest) = text.strip_prefix(['N', 'n']) else {
        return Err(NotationError::Syntax {
            text: crate::excerpt(whole),
            expected: "a level N1-N8",
        });
    };
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (num, rest) = rest.split_at(digits);
    match num.as_bytes() {
        &[d @ b'1'..=b'8'] => Ok((Level(d - b'1'), rest)),
        [] => Err(NotationError::Syntax {
            text: crate::excerpt(whole),
            expected: "a level number after N",
        }),
        _ => Err(NotationError::Level {
            text: crate::excerpt(whole),
            found: crate::excerpt(num),
        }),
    }
}

impl FromStr for Level {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Level, NotationError> {
        if s.is_empty() {
            return Err(NotationError::Empty { expected: "level" });
        }
        let (level, rest) = parse_level(s, s)?;
        if rest.is_empty() {
            Ok(level)
        } else {
            Err(NotationError::Syntax {
                text: crate::excerpt(s),
                expected: "nothing after the level",
            })
        }
    }
}

/// A cell of a 3-D board: a level and a square, written `N2/C1`.
///
/// Its [`index`](Cell::index) is `level * 64 + square`, so the cells of
/// `L` levels are numbered `0..64 * L`.
///
/// ```
/// use board_core::{Cell, Level, Square};
/// let c: Cell = "n2c1".parse()?;
/// assert_eq!(c, Cell::new(Level::new(1).unwrap(), Square::C1));
/// assert_eq!(c.to_string(), "N2/C1");
/// assert_eq!(c.index(), 64 + 2);
/// # Ok::<(), board_core::NotationError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    level: Level,
    square: Square,
}

impl Cell {
    /// The cell of `square` on `level`.
    #[inline]
    pub const fn new(level: Level, square: Square) -> Cell {
        Cell { level, square }
    }

    /// The cell of index `i = level * 64 + square`, or `None` if `i >= 512`.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Cell> {
        if i >= 64 * Level::MAX {
            // Also keeps `i / 64` from wrapping in the cast below.
            return None;
        }
        match (Level::new((i / 64) as u8), Square::from_index(i % 64)) {
            (Some(level), Some(square)) => Some(Cell { level, square }),
            _ => None,
        }
    }

    /// The level of the cell.
    #[inline]
    pub const fn level(self) -> Level {
        self.level
    }

    /// The square of the cell on its level.
    #[inline]
    pub const fn square(self) -> Square {
        self.square
    }

    /// `level * 64 + square`.
    #[inline]
    pub const fn index(self) -> usize {
        self.level.index() * 64 + self.square.index()
    }

    /// The cell `df` files, `dr` ranks and `dl` levels away, if it is within
    /// eight levels (a game with fewer levels checks its own bound).
    #[inline]
    pub const fn offset(self, df: i8, dr: i8, dl: i8) -> Option<Cell> {
        match (self.square.offset(df, dr), self.level.offset(dl)) {
            (Some(square), Some(level)) => Some(Cell { level, square }),
            _ => None,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.level, self.square)
    }
}

impl FromStr for Cell {
    type Err = NotationError;

    /// Parses `N2/C1`, `n2/c1` or `n2c1`.
    fn from_str(s: &str) -> Result<Cell, NotationError> {
        if s.is_empty() {
            return Err(NotationError::Empty { expected: "cell" });
        }
        let (level, rest) = parse_level(s, s)?;
        let rest = rest.strip_prefix('/').unwrap_or(rest);
        let square = parse_square(s, rest)?;
        Ok(Cell { level, square })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_cells_of_every_level_count_round_trip() {
        for levels in 1..=8usize {
            for i in 0..levels * 64 {
                let cell = Cell::from_index(i).unwrap();
                assert_eq!(cell.index(), i);
                let text = cell.to_string();
                assert_eq!(
                    text,
                    format!("N{}/{}", i / 64 + 1, Square::from_index(i % 64).unwrap())
                );
                assert_eq!(text.parse::<Cell>(), Ok(cell));
                assert_eq!(text.to_lowercase().parse::<Cell>(), Ok(cell));
                assert_eq!(text.replace('/', "").parse::<Cell>(), Ok(cell));
            }
        }
        assert_eq!(Cell::from_index(512), None);
        assert_eq!(Cell::from_index(64 * 256 + 3), None);
    }

    #[test]
    fn parse_errors() {
        use NotationError as E;
        assert!(matches!("".parse::<Cell>(), Err(E::Empty { .. })));
        assert!(matches!("N9/A1".parse::<Cell>(), Err(E::Level { found, .. }) if found == "9"));
        assert!(matches!("N0/A1".parse::<Cell>(), Err(E::Level { .. })));
        assert!(matches!("N02/A1".parse::<Cell>(), Err(E::Level { .. })));
        assert!(matches!("N/A1".parse::<Cell>(), Err(E::Syntax { .. })));
        assert!(matches!("X2/A1".parse::<Cell>(), Err(E::Syntax { .. })));
        assert!(matches!(
            "N2/I1".parse::<Cell>(),
            Err(E::File { found: 'I', .. })
        ));
        assert!(matches!("N2/A9".parse::<Cell>(), Err(E::Rank { .. })));
        assert!(matches!("N2/".parse::<Cell>(), Err(E::Empty { .. })));
        assert!(matches!("N2//A1".parse::<Cell>(), Err(E::Syntax { .. })));
        assert!(matches!(
            "N99999999999/A1".parse::<Cell>(),
            Err(E::Level { .. })
        ));
        assert_eq!(
            "N9/A1".parse::<Cell>().unwrap_err().to_string(),
            "\"N9/A1\": level N9 is outside N1-N8"
        );
        assert_eq!("N3".parse::<Level>(), Ok(Level(2)));
        assert!(matches!("N3x".parse::<Level>(), Err(E::Syntax { .. })));
        assert!(matches!("".parse::<Level>(), Err(E::Empty { .. })));
    }

    #[test]
    fn offsets() {
        let c: Cell = "N1/A1".parse().unwrap();
        assert_eq!(c.offset(0, 0, -1), None);
        assert_eq!(c.offset(1, 1, 1), Some("N2/B2".parse().unwrap()));
        assert_eq!(c.offset(-1, 0, 0), None);
        let top: Cell = "N8/H8".parse().unwrap();
        assert_eq!(top.offset(0, 0, 1), None);
    }
}
