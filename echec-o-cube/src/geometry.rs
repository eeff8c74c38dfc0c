//! The board of ÉCHEC O CUBE: crossings, segments, the squares a game closes,
//! and the `const` masks the bitboard code works with (EOC-1, EOC-2, EOC-11).
//!
//! A crossing is a [`board_core::Square`] (`D5`). A horizontal segment is
//! indexed by its left crossing, a vertical one by its bottom crossing, so a
//! set of segments of one orientation is a `u64` with one bit per crossing.

use core::fmt;

use board_core::{Bitboard, Square};

/// Crossings that start a horizontal segment (files `A`–`G`).
pub(crate) const H_SEGMENTS: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// Crossings that start a vertical segment (ranks `1`–`7`).
pub(crate) const V_SEGMENTS: u64 = 0x00ff_ffff_ffff_ffff;
/// Bottom-left corners of the 49 unit squares (files `A`–`G`, ranks `1`–`7`).
pub(crate) const UNIT_SQUARES: u64 = H_SEGMENTS & V_SEGMENTS;
/// Bottom-left corners of the 36 2×2 squares (files `A`–`F`, ranks `1`–`6`).
pub(crate) const BIG_SQUARES: u64 = 0x0000_3f3f_3f3f_3f3f;

/// Which way a segment runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Orientation {
    /// Along a horizontal groove (a rank), left to right.
    Horizontal,
    /// Along a vertical groove (a file), bottom to top.
    Vertical,
}

/// One of the 112 segments of the grooves, between two neighbouring crossings
/// (EOC-2).
///
/// Written by its two crossings, left first for a horizontal segment (`D5-E5`)
/// and bottom first for a vertical one (`D5-D6`). The parser also accepts the
/// two crossings in the other order, never two crossings that are not
/// neighbours.
///
/// ```
/// use echec_o_cube::{Orientation, Segment};
/// use board_core::Square;
///
/// let s: Segment = "e5-d5".parse()?;
/// assert_eq!(s.to_string(), "D5-E5");
/// assert_eq!(s.orientation(), Orientation::Horizontal);
/// assert_eq!(s.ends(), (Square::D5, Square::E5));
/// assert!("D5-F5".parse::<Segment>().is_err());
/// assert_eq!(Segment::ALL.len(), 112);
/// # Ok::<(), echec_o_cube::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Segment(u8);

impl Segment {
    /// All 112 segments: the 56 horizontal ones in crossing order, then the 56
    /// vertical ones.
    pub const ALL: [Segment; 112] = {
        let mut all = [Segment(0); 112];
        let mut n = 0;
        let mut i = 0;
        while i < 128 {
            let valid = if i < 64 {
                H_SEGMENTS >> i & 1 == 1
            } else {
                V_SEGMENTS >> (i - 64) & 1 == 1
            };
            if valid {
                all[n] = Segment(i as u8);
                n += 1;
            }
            i += 1;
        }
        all
    };

    /// The horizontal segment whose left crossing is `left`, or `None` on
    /// file `H`.
    #[inline]
    pub const fn horizontal(left: Square) -> Option<Segment> {
        if H_SEGMENTS >> left as u8 & 1 == 1 {
            Some(Segment(left as u8))
        } else {
            None
        }
    }

    /// The vertical segment whose bottom crossing is `bottom`, or `None` on
    /// rank 8.
    #[inline]
    pub const fn vertical(bottom: Square) -> Option<Segment> {
        if V_SEGMENTS >> bottom as u8 & 1 == 1 {
            Some(Segment(64 + bottom as u8))
        } else {
            None
        }
    }

    /// The segment between two crossings given in either order, or `None` if
    /// they are not neighbours on one groove.
    pub const fn between(a: Square, b: Square) -> Option<Segment> {
        let (lo, hi) = if (a as u8) < (b as u8) {
            (a, b)
        } else {
            (b, a)
        };
        let d = hi as u8 - lo as u8;
        if d == 1 && (lo as u8) & 7 != 7 {
            Segment::horizontal(lo)
        } else if d == 8 {
            Segment::vertical(lo)
        } else {
            None
        }
    }

    /// The segment of internal index `i` (0–63 horizontal by left crossing,
    /// 64–127 vertical by bottom crossing), if that index names a segment.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Segment> {
        if i < 64 {
            match Square::from_index(i) {
                Some(sq) => Segment::horizontal(sq),
                None => None,
            }
        } else if i < 128 {
            match Square::from_index(i - 64) {
                Some(sq) => Segment::vertical(sq),
                None => None,
            }
        } else {
            None
        }
    }

    /// The segment of a valid internal index (callers guarantee it).
    #[inline]
    pub(crate) const fn from_raw(i: u8) -> Segment {
        Segment(i)
    }

    /// The internal index: the left crossing's index for a horizontal segment,
    /// 64 + the bottom crossing's index for a vertical one.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Which way the segment runs.
    #[inline]
    pub const fn orientation(self) -> Orientation {
        if self.0 < 64 {
            Orientation::Horizontal
        } else {
            Orientation::Vertical
        }
    }

    /// The left (horizontal) or bottom (vertical) crossing.
    #[inline]
    pub const fn start(self) -> Square {
        Square::ALL[(self.0 & 63) as usize]
    }

    /// The right (horizontal) or top (vertical) crossing.
    #[inline]
    pub const fn end(self) -> Square {
        let step = if self.0 < 64 { 1 } else { 8 };
        Square::ALL[(self.0 & 63) as usize + step]
    }

    /// Both crossings the segment ends at, left/bottom first (EOC-8).
    #[inline]
    pub const fn ends(self) -> (Square, Square) {
        (self.start(), self.end())
    }

    /// The two crossings as a bitboard.
    #[inline]
    pub const fn crossings(self) -> Bitboard {
        Bitboard(1 << self.start() as u8 | 1 << self.end() as u8)
    }
}

impl fmt::Display for Segment {
    /// `D5-E5` or `D5-D6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.start(), self.end())
    }
}

/// Size of a square of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Size {
    /// A unit square (1×1), outlined by 4 segments.
    Unit,
    /// A 2×2 square, outlined by 8 segments.
    Big,
}

/// A square the game can close: one of the 49 unit squares or the 36 2×2
/// squares (EOC-11). Named `GameSquare` so as not to clash with
/// [`board_core::Square`], which names a crossing here.
///
/// Written by two opposite corners, bottom-left first: `D5-E6` (1×1),
/// `D5-F7` (2×2). The parser also accepts the other two corners or the
/// reversed order (`E6-D5`, `E5-D6`).
///
/// ```
/// use echec_o_cube::{GameSquare, Size};
/// let sq: GameSquare = "D5-F7".parse()?;
/// assert_eq!(sq.size(), Size::Big);
/// assert_eq!(sq.outline().len(), 8);
/// assert_eq!(sq.to_string(), "D5-F7");
/// assert_eq!(GameSquare::ALL.len(), 85);
/// # Ok::<(), echec_o_cube::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameSquare(u8);

impl GameSquare {
    /// All 85 squares: the 49 unit squares, then the 36 2×2 squares, each by
    /// bottom-left corner index.
    pub const ALL: [GameSquare; 85] = {
        let mut all = [GameSquare(0); 85];
        let mut n = 0;
        let mut i = 0;
        while i < 128 {
            let valid = if i < 64 {
                UNIT_SQUARES >> i & 1 == 1
            } else {
                BIG_SQUARES >> (i - 64) & 1 == 1
            };
            if valid {
                all[n] = GameSquare(i as u8);
                n += 1;
            }
            i += 1;
        }
        all
    };

    /// The unit square with bottom-left corner `corner`, if it fits on the board.
    #[inline]
    pub const fn unit(corner: Square) -> Option<GameSquare> {
        if UNIT_SQUARES >> corner as u8 & 1 == 1 {
            Some(GameSquare(corner as u8))
        } else {
            None
        }
    }

    /// The 2×2 square with bottom-left corner `corner`, if it fits on the board.
    #[inline]
    pub const fn big(corner: Square) -> Option<GameSquare> {
        if BIG_SQUARES >> corner as u8 & 1 == 1 {
            Some(GameSquare(64 + corner as u8))
        } else {
            None
        }
    }

    /// The square of `size` with bottom-left corner `corner`, if it fits.
    #[inline]
    pub const fn new(size: Size, corner: Square) -> Option<GameSquare> {
        match size {
            Size::Unit => GameSquare::unit(corner),
            Size::Big => GameSquare::big(corner),
        }
    }

    /// 1×1 or 2×2.
    #[inline]
    pub const fn size(self) -> Size {
        if self.0 < 64 {
            Size::Unit
        } else {
            Size::Big
        }
    }

    /// The bottom-left corner crossing.
    #[inline]
    pub const fn corner(self) -> Square {
        Square::ALL[(self.0 & 63) as usize]
    }

    /// The top-right corner crossing.
    #[inline]
    pub const fn opposite(self) -> Square {
        let step = if self.0 < 64 { 9 } else { 18 };
        Square::ALL[(self.0 & 63) as usize + step]
    }

    /// The segments of its structuring line (outline): 4 or 8 (EOC-11).
    pub fn outline(self) -> Vec<Segment> {
        let c = self.corner() as usize;
        let n = if self.0 < 64 { 1 } else { 2 };
        let mut out = Vec::with_capacity(4 * n);
        for k in 0..n {
            out.extend(Segment::from_index(c + k)); // bottom
            out.extend(Segment::from_index(c + 8 * n + k)); // top
            out.extend(Segment::from_index(64 + c + 8 * k)); // left
            out.extend(Segment::from_index(64 + c + n + 8 * k)); // right
        }
        out
    }

    /// The crossings of its structuring line: 4 or 8 (the centre of a 2×2 is
    /// not part of it).
    pub fn outline_crossings(self) -> Bitboard {
        self.outline()
            .into_iter()
            .fold(Bitboard::EMPTY, |bb, s| bb | s.crossings())
    }
}

impl fmt::Display for GameSquare {
    /// `D5-E6` or `D5-F7`: bottom-left and top-right corners.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.corner(), self.opposite())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // EOC-1, EOC-2: 64 crossings, 112 segments, round-trip text.
    #[test]
    fn eoc2_segments_round_trip() {
        assert_eq!(Segment::ALL.len(), 112);
        let h = Segment::ALL
            .iter()
            .filter(|s| s.orientation() == Orientation::Horizontal)
            .count();
        assert_eq!(h, 56);
        for s in Segment::ALL {
            let text = s.to_string();
            assert_eq!(text.parse::<Segment>(), Ok(s));
            let (a, b) = s.ends();
            assert_eq!(format!("{b}-{a}").parse::<Segment>(), Ok(s));
            assert_eq!(text.to_lowercase().parse::<Segment>(), Ok(s));
            assert_eq!(Segment::from_index(s.index()), Some(s));
        }
        assert_eq!(
            "D5-E5".parse::<Segment>().unwrap().ends(),
            (Square::D5, Square::E5)
        );
        assert_eq!("D6-D5".parse::<Segment>().unwrap().to_string(), "D5-D6");
        for bad in [
            "D5-F5", "D5-E6", "D5-D5", "H5-A6", "D5", "", "-", "D5-", "I5-J5", "D5-E5-F5",
        ] {
            assert!(bad.parse::<Segment>().is_err(), "{bad}");
        }
        assert_eq!(Segment::horizontal(Square::H3), None);
        assert_eq!(Segment::vertical(Square::C8), None);
        assert_eq!(Segment::from_index(128), None);
        assert_eq!(Segment::from_index(7), None);
    }

    // EOC-11: 49 unit squares and 36 2×2, outlines of 4 and 8 segments.
    #[test]
    fn eoc11_squares_and_outlines() {
        assert_eq!(GameSquare::ALL.len(), 85);
        for sq in GameSquare::ALL {
            assert_eq!(sq.to_string().parse::<GameSquare>(), Ok(sq));
            let outline = sq.outline();
            match sq.size() {
                Size::Unit => {
                    assert_eq!(outline.len(), 4);
                    assert_eq!(sq.outline_crossings().count(), 4);
                }
                Size::Big => {
                    assert_eq!(outline.len(), 8);
                    assert_eq!(sq.outline_crossings().count(), 8);
                    let centre = sq.corner().offset(1, 1).unwrap();
                    assert!(!sq.outline_crossings().contains(centre));
                }
            }
        }
        let d5e6: GameSquare = "D5-E6".parse().unwrap();
        let mut texts: Vec<String> = d5e6.outline().iter().map(|s| s.to_string()).collect();
        texts.sort();
        assert_eq!(texts, ["D5-D6", "D5-E5", "D6-E6", "E5-E6"]);
        assert_eq!("E6-D5".parse::<GameSquare>(), Ok(d5e6));
        assert_eq!("E5-D6".parse::<GameSquare>(), Ok(d5e6));
        for bad in ["D5-F6", "D5-D6", "G7-I9", "G7-I8", "", "D5", "F7-H9"] {
            assert!(bad.parse::<GameSquare>().is_err(), "{bad}");
        }
        assert_eq!(GameSquare::big(Square::G1), None);
        assert_eq!(GameSquare::unit(Square::H1), None);
    }
}
