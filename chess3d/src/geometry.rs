//! The geometry of the 3-D space: steps (C3-2), pieces' patterns on one
//! level and between levels, all as `const` tables built by `const fn`
//! (the sliders' lookups on one level are in [`magic`](crate::magic)).
//!
//! Bitboards here are raw `u64` (bit `i` = square of index `i`, A1 = 0) so
//! the move generator can use plain integer operations; the public API uses
//! [`board_core::Bitboard`].

/// Bits of file A.
pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Bits of file H.
pub(crate) const FILE_H: u64 = FILE_A << 7;
/// Bits of rank 1.
pub(crate) const RANK_1: u64 = 0xff;
/// Bits of rank 8.
pub(crate) const RANK_8: u64 = 0xff << 56;

/// The 9 planar offsets (file, rank) a step may take, `(0, 0)` included (index 4).
pub(crate) const PLANAR: [(i8, i8); 9] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (0, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// Index of `(0, 0)` in [`PLANAR`].
pub(crate) const PLANAR_NONE: usize = 4;

const fn sq_offset(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    if f >= 0 && f < 8 && r >= 0 && r < 8 {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

const fn pattern(offsets: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < offsets.len() {
            if let Some(t) = sq_offset(sq, offsets[i].0, offsets[i].1) {
                table[sq] |= 1 << t;
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// Knight targets on its own level (8 at most).
pub(crate) const KNIGHT: [u64; 64] = pattern(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

/// Squares two files or two ranks away: a knight's targets one level up or down.
pub(crate) const ORTHO2: [u64; 64] = pattern(&[(2, 0), (-2, 0), (0, 2), (0, -2)]);

/// Orthogonal neighbours: a knight's targets two levels up or down.
pub(crate) const ORTHO1: [u64; 64] = pattern(&[(1, 0), (-1, 0), (0, 1), (0, -1)]);

/// The 8 planar neighbours (a king's cells on its own level).
pub(crate) const KING: [u64; 64] = pattern(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);

/// The 9 squares of a king's reach on the level above or below (its own
/// square and the 8 around it).
pub(crate) const KING_NEAR: [u64; 64] = {
    let mut t = KING;
    let mut sq = 0;
    while sq < 64 {
        t[sq] |= 1 << sq;
        sq += 1;
    }
    t
};

/// `PAWN_ATTACKS[color][sq]`: the squares (on a level) a pawn of `color`
/// standing on `sq` (on that level or one level away) attacks (C3-9).
pub(crate) const PAWN_ATTACKS: [[u64; 64]; 2] =
    [pattern(&[(-1, 1), (1, 1)]), pattern(&[(-1, -1), (1, -1)])];

/// Lower and upper halves of the four lines through a square (file, rank,
/// diagonal, anti-diagonal), without the square itself.
#[derive(Clone, Copy)]
pub(crate) struct Line {
    pub(crate) lower: u64,
    pub(crate) upper: u64,
}

const fn ray(sq: usize, df: i8, dr: i8) -> u64 {
    let mut bb = 0u64;
    let mut cur = sq;
    while let Some(t) = sq_offset(cur, df, dr) {
        bb |= 1 << t;
        cur = t;
    }
    bb
}

/// `LINES[sq]`: file, rank, diagonal, anti-diagonal.
pub(crate) const LINES: [[Line; 4]; 64] = {
    let empty = Line { lower: 0, upper: 0 };
    let mut t = [[empty; 4]; 64];
    let dirs: [(i8, i8); 4] = [(0, 1), (1, 0), (1, 1), (-1, 1)];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 4 {
            // Upper half: towards higher indices.
            t[sq][d] = Line {
                upper: ray(sq, dirs[d].0, dirs[d].1),
                lower: ray(sq, -dirs[d].0, -dirs[d].1),
            };
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Attacks along one line by obstruction difference: the squares up to and
/// including the first blocker on each side.
const fn line_attacks(line: Line, occ: u64) -> u64 {
    let lower = line.lower & occ;
    let upper = line.upper & occ;
    // The highest blocker below (bit 0 if none): `63 ^ lz` is its index.
    let ms1b = 1u64 << (63 ^ (lower | 1).leading_zeros());
    let odiff = upper ^ upper.wrapping_sub(ms1b);
    (line.lower | line.upper) & odiff
}

/// A rook's lines in [`LINES`]: the file and the rank.
pub(crate) const ROOK_LINES: [usize; 2] = [0, 1];
/// A bishop's lines in [`LINES`]: the two diagonals.
pub(crate) const BISHOP_LINES: [usize; 2] = [2, 3];

/// The squares a slider on `sq` attacks along its two `lines` (of
/// [`LINES`]) under the occupancy `occ`, by obstruction difference: for
/// building tables; the move generator looks them up
/// ([`magic`](crate::magic)).
pub(crate) const fn slide(sq: usize, lines: [usize; 2], occ: u64) -> u64 {
    line_attacks(LINES[sq][lines[0]], occ) | line_attacks(LINES[sq][lines[1]], occ)
}

/// Rook attacks on an empty level.
pub(crate) const ROOK_EMPTY: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = slide(sq, ROOK_LINES, 0);
        sq += 1;
    }
    t
};

/// Bishop attacks on an empty level.
pub(crate) const BISHOP_EMPTY: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = slide(sq, BISHOP_LINES, 0);
        sq += 1;
    }
    t
};

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` when they share
/// a rank, file or diagonal; 0 otherwise.
pub(crate) static BETWEEN: [[u64; 64]; 64] = {
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = match d {
                0 => (0, 1),
                1 => (0, -1),
                2 => (1, 0),
                3 => (-1, 0),
                4 => (1, 1),
                5 => (1, -1),
                6 => (-1, 1),
                _ => (-1, -1),
            };
            let mut between = 0u64;
            let mut cur = a;
            while let Some(b) = sq_offset(cur, df, dr) {
                t[a][b] = between;
                between |= 1 << b;
                cur = b;
            }
            d += 1;
        }
        a += 1;
    }
    t
};

/// `SHIFT[pd][sq]`: the square reached from `sq` by the planar offset
/// `PLANAR[pd]`, or 64 off the board.
pub(crate) const SHIFT: [[u8; 64]; 9] = {
    let mut t = [[64u8; 64]; 9];
    let mut pd = 0;
    while pd < 9 {
        let mut sq = 0;
        while sq < 64 {
            if let Some(s) = sq_offset(sq, PLANAR[pd].0, PLANAR[pd].1) {
                t[pd][sq] = s as u8;
            }
            sq += 1;
        }
        pd += 1;
    }
    t
};

/// What slides along a cross-level direction with planar offset `pd`:
/// `true` for rook-like (no planar change), bishop-like (one planar
/// coordinate changes) or only the queen (two planar coordinates change).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slide {
    /// Orthogonal: rooks and queens.
    Rook,
    /// Planar diagonal: bishops and queens.
    Bishop,
    /// Triagonal: queens only.
    Queen,
}

/// The slider kind of the cross-level directions, by planar offset index.
pub(crate) const CROSS_SLIDE: [Slide; 9] = {
    let mut t = [Slide::Queen; 9];
    let mut pd = 0;
    while pd < 9 {
        let (df, dr) = PLANAR[pd];
        t[pd] = match (df != 0) as u8 + (dr != 0) as u8 {
            0 => Slide::Rook,
            1 => Slide::Bishop,
            _ => Slide::Queen,
        };
        pd += 1;
    }
    t
};

/// Squares one rank forward for `color` (0 White, 1 Black).
#[inline(always)]
pub(crate) const fn forward(bb: u64, color: usize) -> u64 {
    if color == 0 {
        bb << 8
    } else {
        bb >> 8
    }
}

/// Pawn captures of a set of pawns of `color`, onto a level.
#[inline(always)]
pub(crate) const fn pawn_captures_left(bb: u64, color: usize) -> u64 {
    forward(bb & !FILE_A, color) >> 1
}

/// Pawn captures towards file H.
#[inline(always)]
pub(crate) const fn pawn_captures_right(bb: u64, color: usize) -> u64 {
    forward(bb & !FILE_H, color) << 1
}

/// The index of the home level (C3-15) of a space with `levels` levels.
#[inline(always)]
pub(crate) const fn home_level(levels: usize) -> usize {
    levels.div_ceil(2) - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::magic::{bishop_attacks, rook_attacks};

    fn naive_slide(sq: usize, occ: u64, dirs: &[(i8, i8)]) -> u64 {
        let mut bb = 0;
        for &(df, dr) in dirs {
            let mut cur = sq;
            while let Some(t) = sq_offset(cur, df, dr) {
                bb |= 1 << t;
                if occ >> t & 1 == 1 {
                    break;
                }
                cur = t;
            }
        }
        bb
    }

    // C3-4, C3-5: sliding on one level matches naive stepping.
    #[test]
    fn c3_4_c3_5_sliding_attacks_match_naive_stepping() {
        let mut x = 0x1234_5678_9abc_def0u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = x & x.rotate_left(17);
            for sq in 0..64 {
                let rook = [(0, 1), (0, -1), (1, 0), (-1, 0)];
                let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
                assert_eq!(rook_attacks(sq, occ), naive_slide(sq, occ, &rook));
                assert_eq!(bishop_attacks(sq, occ), naive_slide(sq, occ, &bishop));
            }
        }
    }

    // C3-4, C3-5: the lookups agree with stepping for every occupancy of
    // the file, rank and diagonals through each square (with noise off them).
    #[test]
    fn c3_4_c3_5_sliding_lookups_cover_every_line_occupancy() {
        let rook = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        for (sq, line) in LINES.iter().enumerate() {
            for (lines, dirs) in [([0, 1], &rook), ([2, 3], &bishop)] {
                let mask = lines.map(|d| line[d].lower | line[d].upper);
                let mask = mask[0] | mask[1];
                // Every subset of the mask (Carry-Rippler), up to 2^14.
                let mut subset = 0u64;
                loop {
                    for noise in [0, !mask & 0x5a5a_a5a5_5a5a_a5a5] {
                        let occ = subset | noise;
                        let got = if dirs == &rook {
                            rook_attacks(sq, occ)
                        } else {
                            bishop_attacks(sq, occ)
                        };
                        assert_eq!(
                            got,
                            naive_slide(sq, occ, dirs),
                            "square {sq}, occupancy {occ:#x}"
                        );
                    }
                    subset = subset.wrapping_sub(mask) & mask;
                    if subset == 0 {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn tables_by_hand() {
        // D4 = 27: a knight has 8 targets, 4 two away, 4 neighbours.
        assert_eq!(KNIGHT[27].count_ones(), 8);
        assert_eq!(ORTHO2[27].count_ones(), 4);
        assert_eq!(KING_NEAR[27].count_ones(), 9);
        assert_eq!(KNIGHT[0].count_ones(), 2);
        assert_eq!(BETWEEN[0][63].count_ones(), 6);
        assert_eq!(BETWEEN[0][9], 0);
        assert_eq!(BETWEEN[0][10], 0);
        assert_eq!(BETWEEN[0][16], 1 << 8);
        assert_eq!(PAWN_ATTACKS[0][8], 1 << 17);
        assert_eq!(PAWN_ATTACKS[1][9], (1 << 0) | (1 << 2));
        assert_eq!(home_level(1), 0);
        assert_eq!(home_level(2), 0);
        assert_eq!(home_level(3), 1);
        assert_eq!(home_level(8), 3);
    }
}
