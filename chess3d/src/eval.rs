//! The static evaluation of the computer opponent: material, mobility,
//! centralisation (on the level and between levels), pawns pushed (passed
//! ones most), and in won endings the enemy king driven to the edge of its
//! level with the winning king near it, so the search finds the mate.
//!
//! Scores are centipawns from the side to move's point of view.

use crate::geometry::{KING_NEAR, KNIGHT, ORTHO1, ORTHO2};
use crate::magic::{bishop_attacks, rook_attacks};
use crate::position::FixedPosition;

/// Material value by role index (pawn, knight, bishop, rook, queen, king).
pub(crate) const VALUE: [i32; 6] = [100, 320, 340, 500, 950, 0];

/// Game-phase weight by role index: the start has 24 (both sides).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const MAX_PHASE: i32 = 24;

/// Mobility weight (centipawns per reachable cell) by role index.
const MOBILITY: [i32; 6] = [0, 4, 3, 2, 1, 0];

/// Manhattan distance of a square to the four centre squares (0 to 6).
const CENTRE: [i32; 64] = {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let df = if f < 4 { 3 - f } else { f - 4 };
        let dr = if r < 4 { 3 - r } else { r - 4 };
        t[sq] = df + dr;
        sq += 1;
    }
    t
};

/// Bonus of a passed pawn by its rank counted from its own side (0 to 7).
const PASSED: [i32; 8] = [0, 10, 15, 25, 45, 75, 120, 0];

/// The squares ahead of a pawn of `color` (0 White, 1 Black) on `sq`, on its
/// file and the two next to it: where an enemy pawn could stop it.
const SPAN: [[u64; 64]; 2] = {
    let mut t = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut files = 0u64;
        let mut df = -1;
        while df <= 1 {
            if f + df >= 0 && f + df < 8 {
                files |= 0x0101_0101_0101_0101u64 << (f + df);
            }
            df += 1;
        }
        let ahead_white = if r < 7 { !0u64 << ((r + 1) * 8) } else { 0 };
        let ahead_black = if r > 0 { !0u64 >> ((8 - r) * 8) } else { 0 };
        t[0][sq] = files & ahead_white;
        t[1][sq] = files & ahead_black;
        sq += 1;
    }
    t
};

/// How far level `l` is from the middle of `levels` levels, in levels.
#[inline]
const fn level_distance(l: usize, levels: usize) -> i32 {
    let d = 2 * l as i32 - (levels as i32 - 1);
    d.abs() / 2
}

/// The planar distance between two squares (kings' steps on a level).
#[inline]
fn planar_distance(a: usize, b: usize) -> i32 {
    let df = ((a % 8) as i32 - (b % 8) as i32).abs();
    let dr = ((a / 8) as i32 - (b / 8) as i32).abs();
    df.max(dr)
}

/// One side's score split into middlegame and endgame parts.
#[derive(Clone, Copy, Default)]
struct Side {
    material: i32,
    non_pawn: i32,
    pawns: i32,
    bishops: i32,
    mg: i32,
    eg: i32,
    phase: i32,
}

/// The static evaluation of `pos` for the side to move, in centipawns.
pub(crate) fn evaluate<const L: usize>(pos: &FixedPosition<L>) -> i32 {
    let occ = pos.occupied();
    let mut sides = [Side::default(); 2];
    for (c, side) in sides.iter_mut().enumerate() {
        let own = &pos.colors[c];
        let enemy = &pos.colors[1 - c];
        for l in 0..L {
            let ld = level_distance(l, L);
            for role in 0..5 {
                let mut bb = pos.roles[role][l] & own[l];
                while bb != 0 {
                    let s = bb.trailing_zeros() as usize;
                    bb &= bb - 1;
                    side.material += VALUE[role];
                    side.phase += PHASE[role];
                    let cd = CENTRE[s];
                    let reach = mobility::<L>(role, l, s, &occ, own);
                    side.mg += MOBILITY[role] * reach;
                    side.eg += MOBILITY[role] * reach;
                    match role {
                        0 => {
                            side.pawns += 1;
                            let rank = (s / 8) as i32;
                            let rel = if c == 0 { rank } else { 7 - rank } as usize;
                            // Pawns of the middle files advance in the middlegame.
                            let file = (s % 8) as i32;
                            let central = if (2..=5).contains(&file) { 4 } else { 1 };
                            side.mg += central * rel as i32;
                            side.eg += 6 * rel as i32;
                            let span = SPAN[c][s];
                            let lo = l.saturating_sub(1);
                            let hi = (l + 1).min(L - 1);
                            let blocked = (lo..=hi).any(|m| pos.roles[0][m] & enemy[m] & span != 0);
                            if !blocked {
                                side.mg += PASSED[rel] / 2;
                                side.eg += PASSED[rel] * 3 / 2;
                            }
                        }
                        1 => {
                            side.non_pawn += VALUE[role];
                            side.mg -= 5 * cd + 8 * ld;
                            side.eg -= 4 * cd + 6 * ld;
                        }
                        2 => {
                            side.non_pawn += VALUE[role];
                            side.bishops += 1;
                            side.mg -= 2 * cd + 4 * ld;
                            side.eg -= 2 * cd + 4 * ld;
                        }
                        3 => {
                            side.non_pawn += VALUE[role];
                            side.mg -= 2 * ld;
                            side.eg -= cd + 2 * ld;
                        }
                        _ => {
                            side.non_pawn += VALUE[role];
                            side.mg -= cd + 2 * ld;
                            side.eg -= 2 * cd + 3 * ld;
                        }
                    }
                }
            }
        }
        if side.bishops >= 2 {
            side.mg += 30;
            side.eg += 40;
        }
        // The king: at home in the middlegame, in the centre in the endgame.
        let k = pos.kings[c] as usize;
        let ks = k & 63;
        let rank = (ks / 8) as i32;
        let rel = if c == 0 { rank } else { 7 - rank };
        side.mg -= 12 * rel + 3 * (6 - CENTRE[ks]);
        side.eg -= 5 * CENTRE[ks];
    }
    let phase = (sides[0].phase + sides[1].phase).min(MAX_PHASE);
    let mut score = [0i32; 2];
    for c in 0..2 {
        let s = &sides[c];
        score[c] = s.material + (s.mg * phase + s.eg * (MAX_PHASE - phase)) / MAX_PHASE;
    }
    let white = score[0] - score[1] + mop_up(pos, &sides);
    let white = scale_for_draws(white, &sides);
    let us = pos.turn as usize;
    let mut v = if us == 0 { white } else { -white };
    // A little for the move, and towards zero as the 50-move rule nears, so
    // the winning side keeps making progress.
    v += 10;
    let hm = pos.halfmove.min(100) as i32;
    v * (200 - hm) / 200
}

/// The cells a piece of role index `role` on `(l, s)` reaches, roughly:
/// exact on its level, one step (or a knight's leap) onto the others.
#[inline]
fn mobility<const L: usize>(
    role: usize,
    l: usize,
    s: usize,
    occ: &[u64; L],
    own: &[u64; L],
) -> i32 {
    let near = |l2: usize, mask: u64| -> u32 {
        if l2 < L {
            (mask & !own[l2]).count_ones()
        } else {
            0
        }
    };
    let (up, down) = (l + 1, l.wrapping_sub(1));
    let n = match role {
        1 => {
            (KNIGHT[s] & !own[l]).count_ones()
                + near(up, ORTHO2[s])
                + near(down, ORTHO2[s])
                + near(l + 2, ORTHO1[s])
                + near(l.wrapping_sub(2), ORTHO1[s])
        }
        2 => {
            (bishop_attacks(s, occ[l]) & !own[l]).count_ones()
                + near(up, ORTHO1[s])
                + near(down, ORTHO1[s])
        }
        3 => {
            (rook_attacks(s, occ[l]) & !own[l]).count_ones() + near(up, 1 << s) + near(down, 1 << s)
        }
        4 => {
            ((rook_attacks(s, occ[l]) | bishop_attacks(s, occ[l])) & !own[l]).count_ones()
                + near(up, KING_NEAR[s])
                + near(down, KING_NEAR[s])
        }
        _ => 0,
    };
    n as i32
}

/// In a won ending (one side far ahead, the other with at most a minor
/// piece), the losing king is driven to the edge of its level and the
/// winning king brought near it: the White-point-of-view bonus.
fn mop_up<const L: usize>(pos: &FixedPosition<L>, sides: &[Side; 2]) -> i32 {
    for winner in 0..2 {
        let loser = 1 - winner;
        let (w, l) = (&sides[winner], &sides[loser]);
        if w.material - l.material >= 300 && l.non_pawn <= VALUE[2] && l.pawns == 0 {
            let wk = pos.kings[winner] as usize;
            let lk = pos.kings[loser] as usize;
            let mut bonus = 12 * CENTRE[lk & 63];
            let levels_apart = ((wk >> 6) as i32 - (lk >> 6) as i32).abs();
            if levels_apart <= 1 {
                bonus += 6 * (7 - planar_distance(wk & 63, lk & 63));
            }
            // Pieces near the losing king.
            return if winner == 0 { bonus } else { -bonus };
        }
    }
    0
}

/// Endings without pawns where the side ahead has too little to win are
/// scored near a draw, so the search trades into won endings instead.
fn scale_for_draws(white: i32, sides: &[Side; 2]) -> i32 {
    let ahead = if white > 0 { 0 } else { 1 };
    let (w, l) = (&sides[ahead], &sides[1 - ahead]);
    if w.pawns == 0 && w.non_pawn - l.non_pawn < VALUE[3] && w.non_pawn <= VALUE[3] + VALUE[2] {
        white / 4
    } else {
        white
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    fn eval(fen: &str) -> i32 {
        match Position::from_fen(fen).unwrap() {
            Position::L1(p) => evaluate(&p),
            Position::L3(p) => evaluate(&p),
            _ => unreachable!(),
        }
    }

    #[test]
    fn the_start_is_balanced_but_for_the_move() {
        // The same army on both sides: only the tempo bonus is left.
        let v = eval(&Position::default().fen());
        assert_eq!(v, 10);
    }

    #[test]
    fn a_queen_up_is_a_lot_better() {
        let even = eval("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1");
        let up = eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert!(up > even + 800, "{up} vs {even}");
        // And the same seen from the other side is as bad.
        let down = eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(down < -800, "{down}");
    }

    #[test]
    fn passed_pawns_count_more_the_further_they_are() {
        let far = eval("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1");
        let near = eval("4k3/8/8/8/8/1P6/8/4K3 w - - 0 1");
        let stopped = eval("4k3/p7/1P6/8/8/8/8/4K3 w - - 0 1");
        assert!(far > near, "{far} vs {near}");
        // A Black pawn on A7 stops it (and is material of its own).
        assert!(far > stopped + VALUE[0], "{far} vs {stopped}");
    }

    #[test]
    fn the_losing_king_in_a_corner_is_better_for_the_winner() {
        let corner = eval("k7/8/8/8/8/8/8/3QK3 w - - 0 1");
        let centre = eval("8/8/8/2k5/8/8/8/3QK3 w - - 0 1");
        assert!(corner > centre + 40, "{corner} vs {centre}");
    }

    #[test]
    fn level_distance_is_from_the_middle() {
        assert_eq!(level_distance(1, 3), 0);
        assert_eq!(level_distance(0, 3), 1);
        assert_eq!(level_distance(2, 3), 1);
        assert_eq!(level_distance(0, 1), 0);
        assert_eq!(level_distance(0, 8), 3);
        assert_eq!(level_distance(4, 8), 0);
    }
}
