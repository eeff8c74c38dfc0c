//! Files, ranks and squares of the 8×8 plane.
//!
//! Files are `A`–`H` from left to right, ranks `1`–`8` from bottom to top. The
//! index of a square is `rank * 8 + file` (A1 = 0, H1 = 7, A8 = 56, H8 = 63).

use core::fmt;
use core::str::FromStr;

use crate::error::NotationError;

/// A file (column) of the board, `A` to `H`.
///
/// ```
/// use board_core::File;
/// assert_eq!(File::C.index(), 2);
/// assert_eq!(File::C.to_string(), "C");
/// assert_eq!("c".parse::<File>(), Ok(File::C));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row) of the board, `1` (bottom) to `8` (top).
///
/// ```
/// use board_core::Rank;
/// assert_eq!(Rank::Fifth.index(), 4);
/// assert_eq!(Rank::Fifth.to_string(), "5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// All files, left to right.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file of index `i` (0 = `A`), or `None` past `H`.
    #[inline]
    pub const fn new(i: u8) -> Option<File> {
        if i < 8 {
            Some(File::ALL[i as usize])
        } else {
            None
        }
    }

    /// Index 0–7.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter of the file.
    #[inline]
    pub const fn char(self) -> char {
        (b'A' + self as u8) as char
    }

    /// The file mirrored left to right (`A` ↔ `H`).
    #[inline]
    pub const fn flip(self) -> File {
        File::ALL[7 - self as usize]
    }

    /// Reads one letter `A`–`H` or `a`–`h`.
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'A'..='H' => File::new(c as u8 - b'A'),
            'a'..='h' => File::new(c as u8 - b'a'),
            _ => None,
        }
    }
}

impl Rank {
    /// All ranks, bottom to top.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank of index `i` (0 = rank 1), or `None` past rank 8.
    #[inline]
    pub const fn new(i: u8) -> Option<Rank> {
        if i < 8 {
            Some(Rank::ALL[i as usize])
        } else {
            None
        }
    }

    /// Index 0–7 (rank 1 is 0).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The digit of the rank, `'1'`–`'8'`.
    #[inline]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank mirrored top to bottom (1 ↔ 8).
    #[inline]
    pub const fn flip(self) -> Rank {
        Rank::ALL[7 - self as usize]
    }
}

/// A square of the 8×8 plane (a crossing in ÉCHEC O CUBE).
///
/// Stored as its index `rank * 8 + file`, so it can never be off the board.
///
/// ```
/// use board_core::{File, Rank, Square};
/// let sq: Square = "d5".parse()?;
/// assert_eq!(sq, Square::new(File::D, Rank::Fifth));
/// assert_eq!(sq.index(), 4 * 8 + 3);
/// assert_eq!(sq.to_string(), "D5");
/// assert_eq!(sq.offset(1, -1), Some(Square::E4));
/// assert_eq!(Square::H8.offset(1, 0), None);
/// assert!("I9".parse::<Square>().unwrap_err().to_string().contains("rank 9 is outside 1-8"));
/// # Ok::<(), board_core::NotationError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
#[rustfmt::skip]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// All 64 squares in index order (A1, B1, …, H8).
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = {
        use Square::*;
        [
            A1, B1, C1, D1, E1, F1, G1, H1,
            A2, B2, C2, D2, E2, F2, G2, H2,
            A3, B3, C3, D3, E3, F3, G3, H3,
            A4, B4, C4, D4, E4, F4, G4, H4,
            A5, B5, C5, D5, E5, F5, G5, H5,
            A6, B6, C6, D6, E6, F6, G6, H6,
            A7, B7, C7, D7, E7, F7, G7, H7,
            A8, B8, C8, D8, E8, F8, G8, H8,
        ]
    };

    /// The square at `file` and `rank`.
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::ALL[rank as usize * 8 + file as usize]
    }

    /// The square of index `i` (`rank * 8 + file`), or `None` if `i >= 64`.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < 64 {
            Some(Square::ALL[i])
        } else {
            None
        }
    }

    /// The index `rank * 8 + file`, 0–63.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file of the square.
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }

    /// The rank of the square.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    /// The square `df` files right and `dr` ranks up, or `None` off the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square::ALL[(r * 8 + f) as usize])
        } else {
            None
        }
    }

    /// The square mirrored top to bottom (same file, rank `9 - rank`).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square::ALL[self as usize ^ 56]
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl FromStr for File {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<File, NotationError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (None, _) => Err(NotationError::Empty { expected: "file" }),
            (Some(c), None) => File::from_char(c).ok_or_else(|| NotationError::File {
                text: crate::excerpt(s),
                found: c,
            }),
            _ => Err(NotationError::Syntax {
                text: crate::excerpt(s),
                expected: "one letter A-H",
            }),
        }
    }
}

impl FromStr for Rank {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Rank, NotationError> {
        if s.is_empty() {
            return Err(NotationError::Empty { expected: "rank" });
        }
        parse_rank(s, s)
    }
}

/// Reads the rank digits of `digits` (part of the whole `text`).
fn parse_rank(text: &str, digits: &str) -> Result<Rank, NotationError> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NotationError::Syntax {
            text: crate::excerpt(text),
            expected: "a rank digit 1-8",
        });
    }
    match digits.as_bytes() {
        &[d @ b'1'..=b'8'] => Ok(Rank::ALL[(d - b'1') as usize]),
        _ => Err(NotationError::Rank {
            text: crate::excerpt(text),
            found: crate::excerpt(digits),
        }),
    }
}

/// Reads a square from the start of `text` (`whole` is the text reported in errors).
pub(crate) fn parse_square(whole: &str, text: &str) -> Result<Square, NotationError> {
    let mut chars = text.chars();
    let Some(c) = chars.next() else {
        return Err(NotationError::Empty { expected: "square" });
    };
    let rest = chars.as_str();
    // The rank is checked first so that "I9" names its out-of-range rank.
    let rank = parse_rank(whole, rest)?;
    let file = File::from_char(c).ok_or_else(|| NotationError::File {
        text: crate::excerpt(whole),
        found: c,
    })?;
    Ok(Square::new(file, rank))
}

impl FromStr for Square {
    type Err = NotationError;

    /// Parses `D5` or `d5`.
    fn from_str(s: &str) -> Result<Square, NotationError> {
        parse_square(s, s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_squares_round_trip() {
        for (i, sq) in Square::ALL.iter().enumerate() {
            assert_eq!(sq.index(), i);
            assert_eq!(Square::from_index(i), Some(*sq));
            assert_eq!(sq.file().index(), i % 8);
            assert_eq!(sq.rank().index(), i / 8);
            let text = sq.to_string();
            assert_eq!(text.parse::<Square>(), Ok(*sq));
            assert_eq!(text.to_lowercase().parse::<Square>(), Ok(*sq));
            let expected = format!("{}{}", (b'A' + (i % 8) as u8) as char, i / 8 + 1);
            assert_eq!(text, expected);
        }
        assert_eq!(Square::from_index(64), None);
    }

    #[test]
    fn index_convention() {
        assert_eq!(Square::A1.index(), 0);
        assert_eq!(Square::H1.index(), 7);
        assert_eq!(Square::A8.index(), 56);
        assert_eq!(Square::H8.index(), 63);
        assert_eq!(Square::D5.index(), 4 * 8 + 3);
    }

    #[test]
    fn parse_errors() {
        use NotationError as E;
        assert_eq!("".parse::<Square>(), Err(E::Empty { expected: "square" }));
        assert!(matches!("I9".parse::<Square>(), Err(E::Rank { found, .. }) if found == "9"));
        assert!(matches!(
            "I5".parse::<Square>(),
            Err(E::File { found: 'I', .. })
        ));
        assert!(matches!("A0".parse::<Square>(), Err(E::Rank { .. })));
        assert!(matches!("A10".parse::<Square>(), Err(E::Rank { .. })));
        // One digit only: no leading zero.
        assert!(matches!("A05".parse::<Square>(), Err(E::Rank { .. })));
        assert!(matches!("A".parse::<Square>(), Err(E::Syntax { .. })));
        assert!(matches!("A5x".parse::<Square>(), Err(E::Syntax { .. })));
        assert!(matches!(
            "é5".parse::<Square>(),
            Err(E::File { found: 'é', .. })
        ));
        assert!(matches!("A+5".parse::<Square>(), Err(E::Syntax { .. })));
        assert_eq!(
            "I9".parse::<Square>().unwrap_err().to_string(),
            "\"I9\": rank 9 is outside 1-8"
        );
        assert_eq!(
            "I5".parse::<Square>().unwrap_err().to_string(),
            "\"I5\": file 'I' is outside A-H"
        );
        assert!(matches!("".parse::<File>(), Err(E::Empty { .. })));
        assert!(matches!("AB".parse::<File>(), Err(E::Syntax { .. })));
        assert!(matches!("9".parse::<Rank>(), Err(E::Rank { .. })));
        assert_eq!("h".parse::<File>(), Ok(File::H));
        assert_eq!("8".parse::<super::Rank>(), Ok(Rank::Eighth));
    }

    #[test]
    fn flips_mirror_the_board() {
        assert_eq!(File::A.flip(), File::H);
        assert_eq!(File::D.flip(), File::E);
        assert_eq!(Rank::First.flip(), Rank::Eighth);
        for f in File::ALL {
            assert_eq!(f.flip().index(), 7 - f.index());
            assert_eq!(f.flip().flip(), f);
        }
    }

    #[test]
    fn offsets_stay_on_board() {
        for sq in Square::ALL {
            for df in -8i8..=8 {
                for dr in -8i8..=8 {
                    let f = sq.file() as i8 + df;
                    let r = sq.rank() as i8 + dr;
                    let expect = ((0..8).contains(&f) && (0..8).contains(&r))
                        .then(|| Square::ALL[(r * 8 + f) as usize]);
                    assert_eq!(sq.offset(df, dr), expect);
                }
            }
            assert_eq!(sq.flip_rank().flip_rank(), sq);
            assert_eq!(sq.flip_rank().rank(), sq.rank().flip());
        }
    }
}
