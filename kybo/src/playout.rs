//! The random-playout loop ([`Position::play_random`]): uniform random legal
//! moves to the end, with the board knowledge kept from one move to the next.
//!
//! Cubes are only ever added, so a colour's networks (KY-7) only ever merge:
//! the loop keeps them in a union-find forest over the colour's 256 cube
//! places, each root carrying the edges its network touches at level 1, and
//! a KYBO (KY-8) is one look at the root of the new cube instead of a flood
//! fill. The stack heights, the squares whose stacks are full and the
//! squares next to a level-1 cube are kept too, so the legal squares are two
//! bit operations a move. All of it lives on the stack for one playout;
//! [`Position`] stays a small `Copy` value and gets the result back.

use board_core::{BitRanks, Color, Rng};

use crate::geometry::{Zone, FILE_A, FILE_H, RANK_1, RANK_8};
use crate::network::ortho;
use crate::position::Position;

/// Edge flag: the square is on rank 1.
const EDGE_RANK_1: u8 = 1;
/// Edge flag: the square is on rank 8.
const EDGE_RANK_8: u8 = 2;
/// Edge flag: the square is on file A.
const EDGE_FILE_A: u8 = 4;
/// Edge flag: the square is on file H.
const EDGE_FILE_H: u8 = 8;

/// The edges each square lies on, as edge flags (a corner has two).
const EDGES: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut s = 0;
    while s < 64 {
        let bit = 1u64 << s;
        let mut f = 0;
        if RANK_1.0 & bit != 0 {
            f |= EDGE_RANK_1;
        }
        if RANK_8.0 & bit != 0 {
            f |= EDGE_RANK_8;
        }
        if FILE_A.0 & bit != 0 {
            f |= EDGE_FILE_A;
        }
        if FILE_H.0 & bit != 0 {
            f |= EDGE_FILE_H;
        }
        t[s] = f;
        s += 1;
    }
    t
};

/// The orthogonal neighbours of each square.
const ORTHO: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        t[s] = ortho(1 << s);
        s += 1;
    }
    t
};

/// The highest stack each square allows (KY-2).
const MAX_HEIGHT: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut s = 0;
    while s < 64 {
        t[s] = Zone::ALL[ring(s)].max_height();
        s += 1;
    }
    t
};

/// The ring of square index `s`, 0 (the edge) to 3 (the Dungeon).
const fn ring(s: usize) -> usize {
    let (f, r) = (s % 8, s / 8);
    let f = if f < 7 - f { f } else { 7 - f };
    let r = if r < 7 - r { r } else { 7 - r };
    if f < r {
        f
    } else {
        r
    }
}

/// Whether edge flags hold two opposite edges (KY-8): a corner counts for
/// both of its edges, but only opposite edges together make a KYBO.
#[inline(always)]
pub(crate) const fn opposite_edges(edges: u8) -> bool {
    // Bit 0 of `edges & edges >> 1` is rank 1 and rank 8, bit 2 file A and file H.
    edges & (edges >> 1) & (EDGE_RANK_1 | EDGE_FILE_A) != 0
}

/// A uniformly random set bit of `bits` (nonzero): the `rng.below(n)`-th of
/// its `n` set bits by increasing index, drawing one number (a broadword
/// select, [`BitRanks`]).
#[inline(always)]
pub(crate) fn random_bit(bits: u64, rng: &mut Rng) -> u32 {
    BitRanks::new(bits).random(rng)
}

/// The place of a cube in a [`Forest`]: `level * 64 + square`.
#[inline(always)]
const fn place(square: u32, level: usize) -> u8 {
    (level as u32 * 64 + square) as u8
}

/// The networks (KY-7) of one colour as a union-find forest over its 256
/// cube places, each root with the edges its network touches at level 1.
/// Only the places holding a cube of the colour mean anything.
#[derive(Clone)]
pub(crate) struct Forest {
    /// The parent of each place; a root is its own parent.
    parent: [u8; 256],
    /// The edge flags of each root's network.
    edges: [u8; 256],
}

impl Forest {
    /// A forest with no cube.
    pub(crate) const fn new() -> Forest {
        Forest {
            parent: [0; 256],
            edges: [0; 256],
        }
    }

    /// The root of the network of `x`, halving the path on the way.
    #[inline(always)]
    fn find(&mut self, x: u8) -> u8 {
        // Two steps up without a test (a root is its own parent): most
        // networks are that shallow, and then the loop ends at once.
        let p = self.parent[x as usize];
        let g = self.parent[p as usize];
        self.parent[x as usize] = g;
        let mut x = g;
        loop {
            let p = self.parent[x as usize];
            if p == x {
                return x;
            }
            let g = self.parent[p as usize];
            self.parent[x as usize] = g;
            x = g;
        }
    }

    /// Adds the cube at `square`/`level` and returns the edge flags of the
    /// network it joins. `beside` holds the colour's cubes on its level and
    /// `under` those on the level below (0 for level 1): its links are the
    /// orthogonal neighbours in `beside` and the cube under it (it is on top
    /// of its stack, nothing is above it). Its own edges count only at level
    /// 1, which is the only level an edge square has (KY-2).
    #[inline(always)]
    pub(crate) fn add(&mut self, beside: u64, under: u64, square: u32, level: usize) -> u8 {
        let me = place(square, level);
        let mut beside = ORTHO[square as usize & 63] & beside;
        let mut edges = EDGES[square as usize & 63];
        // The root the new cube hangs under: the cube under it's, the first
        // neighbour's, or its own (a root of itself), chosen by selects.
        self.parent[me as usize] = me;
        self.edges[me as usize] = edges;
        // (Masks: all ones when true, zero when false.)
        let under = (under >> square & 1).wrapping_neg();
        let first = place(beside.trailing_zeros() & 63, level);
        let has_beside = 0u8.wrapping_sub(u8::from(beside != 0));
        let start = me ^ ((me ^ first) & has_beside);
        let start = start ^ ((start ^ me.wrapping_sub(64)) & under as u8);
        // Without a cube under it, the first neighbour is taken.
        beside &= beside.wrapping_sub(1) | under;
        let root = self.find(start);
        self.parent[me as usize] = root;
        edges |= self.edges[root as usize];
        while beside != 0 {
            let other = self.find(place(beside.trailing_zeros(), level));
            beside &= beside - 1;
            // (Also right when `other` is `root`: no branch to mispredict.)
            self.parent[other as usize] = root;
            edges |= self.edges[other as usize];
        }
        self.edges[root as usize] = edges;
        edges
    }

    /// Adds the cubes `own` (one bitboard per level), level 1 first.
    pub(crate) fn add_all(&mut self, own: &[u64; 4]) {
        let mut under = 0;
        for (level, &bits) in own.iter().enumerate() {
            let mut added = 0;
            let mut rest = bits;
            while rest != 0 {
                let square = rest.trailing_zeros();
                rest &= rest - 1;
                self.add(added, under, square, level);
                added |= 1 << square;
            }
            under = bits;
        }
    }
}

/// [`Position::play_random`]: the moves `random_move` draws, played with the
/// networks, heights, full stacks and reach kept from move to move.
pub(crate) fn play_random(pos: &mut Position, rng: &mut Rng, max_plies: usize) -> usize {
    let mut legal = pos.legal_squares().0;
    if max_plies == 0 || legal == 0 {
        return 0;
    }
    // The ply at which the player to move has no cube left (KY-6): the first
    // player moves at the even plies, the other at the odd ones.
    let first = pos.to_move as usize;
    let bound = match pos.config.supply.cubes() {
        Some(n) => {
            let first_out = 2 * n.saturating_sub(pos.placed[first]) as usize;
            let second_out = 2 * n.saturating_sub(pos.placed[first ^ 1]) as usize + 1;
            first_out.min(second_out).min(max_plies)
        }
        None => max_plies,
    };
    // The cubes of each colour by level, below a level of none, so that the
    // level under the cube placed is always there to look at.
    let mut own = [[0u64; 5]; 2];
    let mut forests = [Forest::new(), Forest::new()];
    for c in 0..2 {
        own[c][1..].copy_from_slice(&pos.cubes[c]);
        forests[c].add_all(&pos.cubes[c]);
    }
    let mut heights = [0u8; 64];
    let mut full = 0u64;
    let ground = pos.occ(0);
    let mut reach = ground | ortho(ground);
    let mut rest = ground;
    while rest != 0 {
        let s = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let h = 1 + (1..4).filter(|&l| pos.occ(l) >> s & 1 == 1).count() as u8;
        heights[s] = h;
        full |= u64::from(h >= MAX_HEIGHT[s]) << s;
    }

    let mut c = first;
    let mut plies = 0;
    let mut won = false;
    while plies < bound && legal != 0 {
        let square = random_bit(legal, rng);
        let s = square as usize & 63;
        let bit = 1u64 << s;
        let level = heights[s] as usize & 3;
        heights[s] = level as u8 + 1;
        full |= u64::from(level as u8 + 1 >= MAX_HEIGHT[s]) << s;
        // Any cube stands on a level-1 cube of its square: its neighbours
        // are in reach from now on, if they were not already.
        reach |= bit | ORTHO[s];
        legal = reach & !full;
        let edges = forests[c].add(own[c][level + 1], own[c][level], square, level);
        own[c][level + 1] |= bit;
        plies += 1;
        if opposite_edges(edges) {
            won = true;
            break;
        }
        c ^= 1;
    }

    for (c, levels) in own.iter().enumerate() {
        pos.cubes[c].copy_from_slice(&levels[1..]);
    }
    // The first player played the even plies, the other the odd ones.
    let moves = [plies.div_ceil(2), plies / 2];
    pos.placed[first] = pos.placed[first].saturating_add(moves[0].min(255) as u8);
    pos.placed[first ^ 1] = pos.placed[first ^ 1].saturating_add(moves[1].min(255) as u8);
    let color = |c: usize| if c == 0 { Color::White } else { Color::Black };
    if won {
        pos.winner = Some(color(c));
        pos.to_move = color(c ^ 1);
    } else {
        pos.to_move = color(c);
    }
    plies
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::flood;
    use board_core::Square;

    fn bb(squares: &[Square]) -> u64 {
        squares.iter().fold(0, |b, &s| b | 1 << s as u8)
    }

    /// Adds the cube at `square`/`level` to the forest of the cubes `own`.
    fn add(forest: &mut Forest, own: &[u64; 4], square: u32, level: usize) -> u8 {
        let under = if level > 0 { own[level - 1] } else { 0 };
        forest.add(own[level], under, square, level)
    }

    /// Adds `cubes` (square, level index) one by one, as play does, and
    /// returns the forest, the cubes and the edge flags of each addition.
    fn build(cubes: &[(Square, usize)]) -> (Forest, [u64; 4], Vec<u8>) {
        let mut forest = Forest::new();
        let mut own = [0u64; 4];
        let mut flags = Vec::new();
        for &(s, l) in cubes {
            flags.push(add(&mut forest, &own, s as u32, l));
            own[l] |= 1 << s as u8;
        }
        (forest, own, flags)
    }

    #[test]
    fn edge_and_height_tables() {
        assert_eq!(EDGES[Square::A1 as usize], EDGE_RANK_1 | EDGE_FILE_A);
        assert_eq!(EDGES[Square::H8 as usize], EDGE_RANK_8 | EDGE_FILE_H);
        assert_eq!(EDGES[Square::D1 as usize], EDGE_RANK_1);
        assert_eq!(EDGES[Square::D4 as usize], 0);
        for s in Square::ALL {
            assert_eq!(MAX_HEIGHT[s as usize], Zone::of(s).max_height());
        }
    }

    // The bit `random_bit` picks is the k-th set bit for the k it draws.
    #[test]
    fn random_bit_is_the_kth_set_bit() {
        let mut bits_rng = Rng::new(5);
        for _ in 0..20_000 {
            let bits = bits_rng.next_u64() & bits_rng.next_u64() | 1 << bits_rng.below(64);
            let seed = bits_rng.next_u64();
            let (mut a, mut b) = (Rng::new(seed), Rng::new(seed));
            let set: Vec<u32> = (0..64).filter(|i| bits >> i & 1 == 1).collect();
            let expected = set[b.below(set.len())];
            assert_eq!(random_bit(bits, &mut a), expected, "{bits:#x}");
            assert_eq!(a, b);
        }
    }

    // KY-8: a corner touches two edges, but two adjacent edges are no KYBO;
    // only rank 1 with rank 8, or file A with file H.
    #[test]
    fn ky8_corners_count_for_both_edges_but_only_opposite_edges_span() {
        use Square::*;
        let (_, _, flags) = build(&[(A1, 0)]);
        assert_eq!(flags, [EDGE_RANK_1 | EDGE_FILE_A]);
        assert!(!opposite_edges(flags[0]));
        // File A from A1 to A8: the corners give rank 1, rank 8 and file A.
        let column: Vec<_> = [A1, A2, A3, A4, A5, A6, A7, A8]
            .iter()
            .map(|&s| (s, 0))
            .collect();
        let (_, _, flags) = build(&column);
        assert!(flags[..7].iter().all(|&f| !opposite_edges(f)));
        assert_eq!(flags[7], EDGE_RANK_1 | EDGE_RANK_8 | EDGE_FILE_A);
        assert!(opposite_edges(flags[7]));
        // Rank 8 from A8 to H8: file A meets file H at the last corner.
        let row: Vec<_> = [A8, B8, C8, D8, E8, F8, G8, H8]
            .iter()
            .map(|&s| (s, 0))
            .collect();
        let (_, _, flags) = build(&row);
        assert!(flags[..7].iter().all(|&f| !opposite_edges(f)));
        assert!(opposite_edges(flags[7]));
        assert!(!opposite_edges(EDGE_RANK_1 | EDGE_FILE_H));
        assert!(!opposite_edges(EDGE_RANK_8 | EDGE_FILE_A));
        assert!(opposite_edges(EDGE_FILE_A | EDGE_FILE_H));
    }

    // KY-7, KY-8: a network spans through a vertical link: D1–D3 and D6–D8
    // on level 1 are joined only by a bridge on level 2 over D3, D4, D5, D6,
    // which stands on level-1 cubes of the other colour on D4 and D5.
    #[test]
    fn ky7_ky8_a_network_spans_through_vertical_links() {
        use Square::*;
        let cubes = [
            (D1, 0),
            (D2, 0),
            (D3, 0),
            (D8, 0),
            (D7, 0),
            (D6, 0),
            (D4, 1),
            (D5, 1),
            (D3, 1), // up from D3: joins the bridge to the south half
            (D6, 1), // up from D6: joins the north half, a KYBO
        ];
        let (mut forest, own, flags) = build(&cubes);
        assert!(flags[..9].iter().all(|&f| !opposite_edges(f)), "{flags:?}");
        assert_eq!(flags[9], EDGE_RANK_1 | EDGE_RANK_8);
        // Every cube now has one root, the same as the flood fill says.
        let net = flood(&own, [bb(&[D1]), 0, 0, 0]);
        assert_eq!(net, own);
        let root = forest.find(place(D1 as u32, 0));
        for &(s, l) in &cubes {
            assert_eq!(forest.find(place(s as u32, l)), root, "{s}^{}", l + 1);
        }
    }

    // KY-7: cubes of one colour on the same square but not on adjacent
    // levels are not linked, nor are diagonal neighbours.
    #[test]
    fn ky7_no_link_across_a_gap_or_a_diagonal() {
        use Square::*;
        // D4^1 and D4^3 (D4^2 is the other colour's), E5^1 diagonal to D4.
        let (mut forest, _, _) = build(&[(D4, 0), (D4, 2), (E5, 0)]);
        let roots = [
            forest.find(place(D4 as u32, 0)),
            forest.find(place(D4 as u32, 2)),
            forest.find(place(E5 as u32, 0)),
        ];
        assert_ne!(roots[0], roots[1]);
        assert_ne!(roots[0], roots[2]);
        assert_ne!(roots[1], roots[2]);
    }

    // KY-7: the forest's networks are the flood fill's, for random cube sets
    // added in random order, level by level (each network is one tree, and edge flags are the
    // edges its level-1 cubes touch).
    #[test]
    fn ky7_forest_networks_match_the_flood_fill() {
        let mut rng = Rng::new(3);
        for _ in 0..300 {
            let mut own = [0u64; 4];
            for (l, bits) in own.iter_mut().enumerate() {
                // Only squares whose zone allows level l + 1 (KY-2).
                let allowed = (0..64)
                    .filter(|&s| MAX_HEIGHT[s] as usize > l)
                    .fold(0u64, |b, s| b | 1 << s);
                *bits = rng.next_u64() & rng.next_u64() & allowed;
            }
            let mut order: Vec<(u32, usize)> = (0..4)
                .flat_map(|l| {
                    (0..64)
                        .filter(move |s| own[l] >> s & 1 == 1)
                        .map(move |s| (s, l))
                })
                .collect();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i + 1));
            }
            // A cube is placed on top of its stack: lower levels first.
            order.sort_by_key(|&(_, l)| l);
            let mut forest = Forest::new();
            let mut added = [0u64; 4];
            for &(s, l) in &order {
                add(&mut forest, &added, s, l);
                added[l] |= 1 << s;
            }
            for &(s, l) in &order {
                let mut seed = [0u64; 4];
                seed[l] = 1 << s;
                let net = flood(&own, seed);
                let root = forest.find(place(s, l));
                for &(t, m) in &order {
                    let same = forest.find(place(t, m)) == root;
                    assert_eq!(same, net[m] >> t & 1 == 1, "{s}^{l} and {t}^{m}");
                }
                let touches = |edge: board_core::Bitboard, flag: u8| {
                    if net[0] & edge.0 != 0 {
                        flag
                    } else {
                        0
                    }
                };
                let edges = touches(RANK_1, EDGE_RANK_1)
                    | touches(RANK_8, EDGE_RANK_8)
                    | touches(FILE_A, EDGE_FILE_A)
                    | touches(FILE_H, EDGE_FILE_H);
                assert_eq!(forest.edges[root as usize], edges);
            }
        }
    }
}
