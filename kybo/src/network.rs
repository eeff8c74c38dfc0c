//! Networks (KY-7) and the KYBO test (KY-8) as whole-board bitboard fills.
//!
//! A colour's cubes are four bitboards, one per level. A network grows by
//! orthogonal shifts within a level (masked by the colour's cubes at that
//! level) and by stepping to the level above or below on the same square
//! (masked the same way), until nothing changes. No allocation.
//!
//! (Kogge-Stone directional fills were tried for the planar step: the
//! networks of real games are compact blobs, and the plain one-step shift
//! took about half the instructions.)

use core::fmt;

use board_core::{Bitboard, Square};

use crate::geometry::{Cube, StackLevel, FILE_A, FILE_H, RANK_1, RANK_8};

/// The orthogonal neighbours of a set of squares, as a raw `u64`.
#[inline(always)]
pub(crate) const fn ortho(x: u64) -> u64 {
    const NOT_A: u64 = !FILE_A.0;
    const NOT_H: u64 = !FILE_H.0;
    (x << 8) | (x >> 8) | ((x & NOT_H) << 1) | ((x & NOT_A) >> 1)
}

/// The cubes of `own` on one level orthogonally connected to `x` (a subset of `own`).
#[inline(always)]
pub(crate) const fn planar_fill(mut x: u64, own: u64) -> u64 {
    loop {
        let y = x | (ortho(x) & own);
        if y == x {
            return x;
        }
        x = y;
    }
}

/// The cubes of `own` (one bitboard per level) connected to the cubes of
/// `net` (KY-7). With `stop_at_kybo`, returns as soon as level 1 spans two
/// opposite edges (the result is then only partly grown).
#[inline(always)]
fn grow(own: &[u64; 4], mut net: [u64; 4], stop_at_kybo: bool) -> [u64; 4] {
    // `dirty` bit l: level l gained cubes that have not been spread yet.
    let mut dirty: u8 = 0;
    for (l, bits) in net.iter().enumerate() {
        if *bits != 0 {
            dirty |= 1 << l;
        }
    }
    while dirty != 0 {
        let l = dirty.trailing_zeros() as usize;
        dirty &= !(1 << l);
        let filled = planar_fill(net[l], own[l]);
        net[l] = filled;
        if l == 0 && stop_at_kybo && spans(filled) {
            return net;
        }
        if l > 0 {
            let up = filled & own[l - 1] & !net[l - 1];
            if up != 0 {
                net[l - 1] |= up;
                dirty |= 1 << (l - 1);
            }
        }
        if l < 3 {
            let down = filled & own[l + 1] & !net[l + 1];
            if down != 0 {
                net[l + 1] |= down;
                dirty |= 1 << (l + 1);
            }
        }
    }
    net
}

/// The cubes of `own` (one bitboard per level) connected to `seed` (KY-7).
#[inline]
pub(crate) fn flood(own: &[u64; 4], seed: [u64; 4]) -> [u64; 4] {
    grow(own, seed, false)
}

/// Whether level-1 cubes `ground` reach two opposite edges (KY-8). Gates are
/// one cube high, so only level 1 can touch them; a corner counts for both of
/// its edges.
#[inline(always)]
pub(crate) const fn spans(ground: u64) -> bool {
    (ground & RANK_1.0 != 0 && ground & RANK_8.0 != 0)
        || (ground & FILE_A.0 != 0 && ground & FILE_H.0 != 0)
}

/// Whether some network of `own` could span two opposite edges: level 1
/// touches both edges of a pair and the own cubes of all levels together
/// cover every rank between them (or every file). A necessary condition for
/// a KYBO, in a few bit operations.
#[inline(always)]
pub(crate) const fn could_span(own: &[u64; 4]) -> bool {
    const LOW_BYTES: u64 = 0x0101_0101_0101_0101;
    const HIGH_BYTES: u64 = 0x8080_8080_8080_8080;
    let ground = own[0];
    let all = own[0] | own[1] | own[2] | own[3];
    // Every rank holds a cube: no zero byte in `all`.
    let ranks = ground & RANK_1.0 != 0
        && ground & RANK_8.0 != 0
        && (all.wrapping_sub(LOW_BYTES) & !all & HIGH_BYTES) == 0;
    if ranks {
        return true;
    }
    // Every file holds a cube: the ranks folded onto one byte are all set.
    let mut files = all | (all >> 32);
    files |= files >> 16;
    files |= files >> 8;
    ground & FILE_A.0 != 0 && ground & FILE_H.0 != 0 && files & 0xff == 0xff
}

/// Whether the cube just placed at `square`/`level_index` makes a KYBO for
/// the colour whose cubes are `own` (which already include it).
#[inline(always)]
pub(crate) fn makes_kybo(own: &[u64; 4], square: Square, level_index: usize) -> bool {
    // Cheap filter: without own cubes on two opposite edges no network can
    // span, and a network's squares are orthogonally connected (a planar step
    // moves to a neighbour square, a vertical one stays on the square), so a
    // network from rank 1 to rank 8 has a cube on every rank, one from file A
    // to file H a cube on every file.
    if !could_span(own) {
        return false;
    }
    let bit = 1u64 << square as u8;
    // A cube linked to no own cube is a network of one, which spans no two
    // opposite edges: no flood for it.
    let below = if level_index > 0 {
        own[level_index - 1]
    } else {
        0
    };
    let above = if level_index < 3 {
        own[level_index + 1]
    } else {
        0
    };
    if (ortho(bit) & own[level_index & 3]) | ((below | above) & bit) == 0 {
        return false;
    }
    let mut seed = [0u64; 4];
    seed[level_index & 3] = bit;
    spans(grow(own, seed, true)[0])
}

/// The union of the networks of `own` that make a KYBO.
pub(crate) fn kybo_networks(own: &[u64; 4]) -> [u64; 4] {
    let mut result = [0u64; 4];
    let mut seeds = own[0] & (RANK_1.0 | FILE_A.0);
    while seeds != 0 {
        let bit = seeds & seeds.wrapping_neg();
        let net = flood(own, [bit, 0, 0, 0]);
        if spans(net[0]) {
            for l in 0..4 {
                result[l] |= net[l];
            }
        }
        seeds &= !net[0];
    }
    result
}

/// A set of cubes, one bitboard per level: for example the winning network
/// of a KYBO, which a user interface can light up.
///
/// ```
/// use kybo::{Cube, StackLevel, Network, Square, Bitboard};
/// let net = Network::from_levels([Bitboard::from_square(Square::E5), Bitboard::from_square(Square::E5), Bitboard::EMPTY, Bitboard::EMPTY]);
/// assert_eq!(net.len(), 2);
/// assert!(net.contains(Cube::new(Square::E5, StackLevel::Second)));
/// assert_eq!(net.to_string(), "E5^1 E5^2");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Network([Bitboard; 4]);

impl Network {
    /// The set with the cubes of `levels[i]` at level `i + 1`.
    #[inline]
    pub const fn from_levels(levels: [Bitboard; 4]) -> Network {
        Network(levels)
    }

    #[inline]
    pub(crate) const fn from_raw(raw: [u64; 4]) -> Network {
        Network([
            Bitboard(raw[0]),
            Bitboard(raw[1]),
            Bitboard(raw[2]),
            Bitboard(raw[3]),
        ])
    }

    /// The squares of its cubes at `level`.
    #[inline]
    pub const fn level(&self, level: StackLevel) -> Bitboard {
        self.0[level.index()]
    }

    /// The squares that hold at least one of its cubes.
    #[inline]
    pub const fn squares(&self) -> Bitboard {
        Bitboard(self.0[0].0 | self.0[1].0 | self.0[2].0 | self.0[3].0)
    }

    /// Whether it holds `cube`.
    #[inline]
    pub const fn contains(&self, cube: Cube) -> bool {
        self.0[cube.level().index()].contains(cube.square())
    }

    /// The number of cubes.
    #[inline]
    pub const fn len(&self) -> usize {
        (self.0[0].count() + self.0[1].count() + self.0[2].count() + self.0[3].count()) as usize
    }

    /// Whether it holds no cube.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Its cubes, level 1 first, then by square.
    pub fn cubes(&self) -> impl Iterator<Item = Cube> + '_ {
        StackLevel::ALL
            .into_iter()
            .flat_map(move |l| self.0[l.index()].iter().map(move |sq| Cube::new(sq, l)))
    }
}

impl fmt::Display for Network {
    /// The cubes, `E5^1 E5^2 …`, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, cube) in self.cubes().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{cube}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ortho_matches_board_core() {
        for bits in [
            1u64,
            0x8000_0000_0000_0000,
            0x0101_0101_0101_0101,
            0x8181_8181_8181_8181,
            0x1234_5678_9abc_def0,
        ] {
            assert_eq!(ortho(bits), Bitboard(bits).orthogonal_neighbours().0);
        }
    }

    // KY-8: the filter never rejects a board where some network spans (it is
    // checked against the full fill of every network), and it rejects boards
    // with a rank or file left empty.
    #[test]
    fn ky8_could_span_is_implied_by_every_kybo() {
        let mut rng = board_core::Rng::new(11);
        let mut rejected = 0;
        for _ in 0..20_000 {
            let density = rng.below(4) as u32 + 1;
            let mut own = [0u64; 4];
            for bits in own.iter_mut() {
                let mut b = u64::MAX;
                for _ in 0..density {
                    b &= rng.next_u64();
                }
                *bits = b;
            }
            let any_kybo = kybo_networks(&own) != [0; 4];
            if any_kybo {
                assert!(could_span(&own), "{own:x?}");
            }
            if !could_span(&own) {
                rejected += 1;
            }
        }
        assert!(rejected > 0);
        // Rank 1 full: every file holds a cube and files A and H are touched.
        // File A without A5: rank 5 is empty and only one file is held.
        let rank1 = RANK_1.0;
        assert!(could_span(&[rank1, 0, 0, 0]));
        let column_a_but_rank5 = FILE_A.0 & !(0xffu64 << 32);
        assert!(!could_span(&[column_a_but_rank5, 0, 0, 0]));
        assert!(could_span(&[FILE_A.0, 0, 0, 0]));
        // A gap filled only at level 2 still passes (the filter is only necessary).
        assert!(could_span(&[
            column_a_but_rank5,
            FILE_A.0 & (0xffu64 << 32),
            0,
            0
        ]));
    }

    // KY-7: a vertical link needs both cubes of one colour.
    #[test]
    fn ky7_flood_goes_up_only_through_own_cubes() {
        let d4 = 1u64 << Square::D4 as u8;
        let e4 = 1u64 << Square::E4 as u8;
        // Own cubes: D4 level 1, D4 level 3, E4 level 3; level 2 on D4 is the opponent's.
        let own = [d4, 0, d4 | e4, 0];
        assert_eq!(flood(&own, [d4, 0, 0, 0]), [d4, 0, 0, 0]);
        assert_eq!(flood(&own, [0, 0, e4, 0]), [0, 0, d4 | e4, 0]);
    }

    #[test]
    fn network_counts_cubes_and_squares_over_all_levels() {
        use Square::*;
        let bb = |squares: &[Square]| squares.iter().copied().collect::<Bitboard>();
        // A stack D4^1..D4^4, a cube on E4 at levels 1 and 2, one on F4 at level 1.
        let net = Network::from_levels([bb(&[D4, E4, F4]), bb(&[D4, E4]), bb(&[D4]), bb(&[D4])]);
        assert_eq!(net.len(), 7);
        assert!(!net.is_empty());
        assert_eq!(net.squares(), bb(&[D4, E4, F4]));
        // A square counts once however many of its levels hold a cube,
        // including squares held only at upper levels.
        let high = Network::from_levels([Bitboard::EMPTY, bb(&[A1, G7]), bb(&[G7, H8]), bb(&[H8])]);
        assert_eq!(high.squares(), bb(&[A1, G7, H8]));
        assert_eq!(high.len(), 5);
        for level in 0..4 {
            let mut levels = [Bitboard::EMPTY; 4];
            levels[level] = bb(&[C3]);
            assert_eq!(
                Network::from_levels(levels).squares(),
                bb(&[C3]),
                "level {level}"
            );
        }
        assert!(Network::default().is_empty());
        assert_eq!(Network::default().len(), 0);
    }
}
