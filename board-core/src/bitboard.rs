//! `Bitboard`: a set of squares of the 8×8 plane in one `u64`.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::square::{File, Rank, Square};

/// A set of squares, bit `i` standing for the square of index `i` (A1 = bit 0).
///
/// Shifts in the eight compass directions drop what falls off the board and
/// never wrap from one side of the board to the other.
///
/// ```
/// use board_core::{Bitboard, Square};
/// let bb = Bitboard::from_square(Square::H4) | Square::D5.bitboard();
/// assert_eq!(bb.count(), 2);
/// assert_eq!(bb.east(), Square::E5.bitboard()); // H4 falls off the board
/// assert_eq!(bb.iter().collect::<Vec<_>>(), vec![Square::H4, Square::D5]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The 28 squares on the edge of the board.
    pub const EDGES: Bitboard = Bitboard(0xff81_8181_8181_81ff);

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u8)
    }

    /// The 8 squares of a file.
    #[inline]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file as u8)
    }

    /// The 8 squares of a rank.
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank as u8))
    }

    /// Whether no square is in the set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether at least one square is in the set.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq as u8 & 1 != 0
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u8)
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u8))
    }

    /// Adds `sq` to the set.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq as u8;
    }

    /// Removes `sq` from the set.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq as u8);
    }

    /// The lowest-index square of the set, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        Square::from_index(self.0.trailing_zeros() as usize)
    }

    /// Removes and returns the lowest-index square.
    #[inline]
    pub fn pop(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    /// Whether the two sets share a square.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Every square moved one rank up (towards rank 8).
    #[inline]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Every square moved one rank down (towards rank 1).
    #[inline]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// Every square moved one file right (towards file H).
    #[inline]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 & !Bitboard::file(File::H).0) << 1)
    }

    /// Every square moved one file left (towards file A).
    #[inline]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 & !Bitboard::file(File::A).0) >> 1)
    }

    /// Every square moved up and right.
    #[inline]
    pub const fn north_east(self) -> Bitboard {
        self.east().north()
    }

    /// Every square moved up and left.
    #[inline]
    pub const fn north_west(self) -> Bitboard {
        self.west().north()
    }

    /// Every square moved down and right.
    #[inline]
    pub const fn south_east(self) -> Bitboard {
        self.east().south()
    }

    /// Every square moved down and left.
    #[inline]
    pub const fn south_west(self) -> Bitboard {
        self.west().south()
    }

    /// The squares that share an edge with a square of the set (the set
    /// itself only where two of its squares are neighbours).
    #[inline]
    pub const fn orthogonal_neighbours(self) -> Bitboard {
        Bitboard(self.north().0 | self.south().0 | self.east().0 | self.west().0)
    }

    /// Iterates over the squares of the set in index order.
    #[inline]
    pub const fn iter(self) -> BitboardIter {
        BitboardIter(self)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest index first.
#[derive(Clone, Copy, Debug)]
pub struct BitboardIter(Bitboard);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;

    #[inline]
    fn into_iter(self) -> BitboardIter {
        BitboardIter(self)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $assign:ident $assign_method:ident $op:tt;)*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    )*};
}

bit_ops! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl Sub for Bitboard {
    type Output = Bitboard;

    /// The squares of `self` that are not in `rhs`.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;

    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Display for Bitboard {
    /// Eight lines, rank 8 first, `X` for a square in the set and `.` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = if self.contains(Square::new(file, *rank)) {
                    'X'
                } else {
                    '.'
                };
                f.write_str(if file == File::A { "" } else { " " })?;
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Square {
    /// The bitboard holding just this square.
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Moves each square of `bb` by (df, dr), one square at a time.
    fn naive_shift(bb: Bitboard, df: i8, dr: i8) -> Bitboard {
        Square::ALL
            .into_iter()
            .filter(|sq| bb.contains(*sq))
            .filter_map(|sq| sq.offset(df, dr))
            .collect()
    }

    proptest! {
        #[test]
        fn shifts_match_naive(bits: u64) {
            let bb = Bitboard(bits);
            prop_assert_eq!(bb.north(), naive_shift(bb, 0, 1));
            prop_assert_eq!(bb.south(), naive_shift(bb, 0, -1));
            prop_assert_eq!(bb.east(), naive_shift(bb, 1, 0));
            prop_assert_eq!(bb.west(), naive_shift(bb, -1, 0));
            prop_assert_eq!(bb.north_east(), naive_shift(bb, 1, 1));
            prop_assert_eq!(bb.north_west(), naive_shift(bb, -1, 1));
            prop_assert_eq!(bb.south_east(), naive_shift(bb, 1, -1));
            prop_assert_eq!(bb.south_west(), naive_shift(bb, -1, -1));
            let ortho = naive_shift(bb, 0, 1) | naive_shift(bb, 0, -1)
                | naive_shift(bb, 1, 0) | naive_shift(bb, -1, 0);
            prop_assert_eq!(bb.orthogonal_neighbours(), ortho);
        }

        #[test]
        fn iteration_matches_naive(bits: u64) {
            let bb = Bitboard(bits);
            let naive: Vec<Square> = (0..64)
                .filter(|i| bits >> i & 1 == 1)
                .map(|i| Square::from_index(i).unwrap())
                .collect();
            prop_assert_eq!(bb.iter().len(), naive.len());
            prop_assert_eq!(bb.iter().collect::<Vec<_>>(), naive.clone());
            prop_assert_eq!(bb.count() as usize, naive.len());
            prop_assert_eq!(naive.iter().copied().collect::<Bitboard>(), bb);
            prop_assert_eq!(bb.first(), naive.first().copied());
            for sq in Square::ALL {
                prop_assert_eq!(bb.contains(sq), naive.contains(&sq));
                prop_assert!(bb.with(sq).contains(sq));
                prop_assert!(!bb.without(sq).contains(sq));
            }
        }

        #[test]
        fn set_operations(a: u64, b: u64) {
            let (x, y) = (Bitboard(a), Bitboard(b));
            prop_assert_eq!((x & y).0, a & b);
            prop_assert_eq!((x | y).0, a | b);
            prop_assert_eq!((x ^ y).0, a ^ b);
            prop_assert_eq!((x - y).0, a & !b);
            prop_assert_eq!((!x).0, !a);
            prop_assert_eq!(x.intersects(y), a & b != 0);
        }
    }

    #[test]
    fn constants() {
        assert_eq!(Bitboard::EDGES.count(), 28);
        let edges: Bitboard = Square::ALL
            .into_iter()
            .filter(|s| {
                let (f, r) = (s.file().index(), s.rank().index());
                f == 0 || f == 7 || r == 0 || r == 7
            })
            .collect();
        assert_eq!(Bitboard::EDGES, edges);
        assert_eq!(Bitboard::file(File::C).count(), 8);
        assert!(Bitboard::file(File::C).iter().all(|s| s.file() == File::C));
        assert!(Bitboard::rank(Rank::Sixth)
            .iter()
            .all(|s| s.rank() == Rank::Sixth));
        assert_eq!(Bitboard::FULL.count(), 64);
        assert_eq!(Bitboard::rank(Rank::Sixth).count(), 8);
        assert_eq!(Bitboard::rank(Rank::Sixth).first(), Some(Square::A6));
        assert_eq!(Bitboard::from(Square::E4), Bitboard(1 << 28));
        let mut bb = Bitboard::EMPTY;
        assert!(bb.is_empty() && !bb.any());
        bb.insert(Square::C3);
        assert!(bb.contains(Square::C3) && bb.any() && !bb.is_empty());
        bb.insert(Square::A1);
        assert_eq!(bb, Bitboard((1 << 18) | 1));
        assert_eq!(bb.pop(), Some(Square::A1));
        bb.remove(Square::C3);
        assert!(bb.is_empty() && !bb.any());
        // Disjoint and overlapping sets (random u64s almost never are disjoint).
        let (a, b) = (Bitboard::file(File::A), Bitboard::file(File::B));
        assert!(!a.intersects(b));
        assert!(a.intersects(Bitboard::rank(Rank::First)));
        assert!(!Bitboard::EMPTY.intersects(Bitboard::FULL));
    }

    #[test]
    fn display_grid() {
        let bb = Bitboard::from_square(Square::A1) | Bitboard::from_square(Square::H8);
        let text = bb.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 8);
        assert_eq!(lines[0], ". . . . . . . X");
        assert_eq!(lines[7], "X . . . . . . .");
    }
}
