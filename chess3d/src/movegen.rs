//! Legal move generation on bitboards (C3-4 to C3-15).
//!
//! Pins and checks are found once per position, from the king outwards
//! (in-level lines with the `BETWEEN` table, cross-level lines by stepping
//! level by level); the pieces' moves are then masked, so no move is made
//! and tested, except en passant (rare, and able to uncover two pieces at
//! once). Nothing here allocates: moves go to a [`Sink`], which either pushes
//! them onto a stack-allocated [`MoveList`] or counts them.

use board_core::{Color, MoveList};

use crate::geometry::{
    forward, pawn_captures_left, pawn_captures_right, Slide, BETWEEN, BISHOP_EMPTY, CROSS_SLIDE,
    KING, KING_NEAR, KNIGHT, ORTHO1, ORTHO2, PAWN_ATTACKS, PLANAR, PLANAR_NONE, RANK_1, RANK_8,
    ROOK_EMPTY, SHIFT,
};
use crate::magic::{bishop_attacks, rook_attacks};
use crate::moves::{Move, MoveKind};
use crate::piece::Role;
use crate::position::{FixedPosition, CELLS};

const P: usize = 0;
const N: usize = 1;
const B: usize = 2;
const R: usize = 3;
const Q: usize = 4;
const K: usize = 5;

/// `PD_OF[t + 9 - s]`: the planar offset index of the step from square `s`
/// to its neighbour (or itself) `t`.
const PD_OF: [u8; 19] = {
    let mut t = [0u8; 19];
    let mut pd = 0;
    while pd < 9 {
        let (df, dr) = PLANAR[pd];
        t[(9 + df as i32 + 8 * dr as i32) as usize] = pd as u8;
        pd += 1;
    }
    t
};

/// The squares of the next level a slider reaches in one step, by kind:
/// straight up or down (rook), one planar coordinate too (bishop), any (queen).
#[inline(always)]
fn near(sq: usize, diag: bool, ortho: bool) -> u64 {
    match (diag, ortho) {
        (true, true) => KING_NEAR[sq],
        (true, false) => ORTHO1[sq],
        _ => 1 << sq,
    }
}

/// Where generated moves go.
/// The generator's side parameter for "the side to move", not one fixed
/// side (see [`FixedPosition::generate`]).
const BOTH: usize = 2;

pub(crate) trait Sink {
    /// Moves of the piece on cell `from` to the cells `targets` of level `to_level`
    /// (`them`: the opponent's pieces on that level).
    fn piece(&mut self, from: usize, to_level: usize, targets: u64, them: u64);
    /// Pawn moves of many pawns: each target square `t` of `to_level` comes
    /// from square `t - delta` of `from_level`; promotions on ranks 1 and 8.
    fn pawns(
        &mut self,
        from_level: usize,
        to_level: usize,
        targets: u64,
        delta: i32,
        capture: bool,
    );
    /// One move built by hand (en passant, castling).
    fn special(&mut self, mv: Move);
    /// Whether the moves must come in the generator's one order (pieces by
    /// level and square): a sink that only counts or walks them takes the
    /// unpinned sliders kind by kind instead, without a branch on the kind.
    const ORDERED: bool = true;
    /// Whether the sink looks at the target squares alone (not where the
    /// pieces come from, nor whether they capture): the generator may then
    /// hand it disjoint sets of pawn targets in one call.
    const TARGETS_ONLY: bool = false;
    /// Whether the generator is worth a copy for each side for this sink
    /// (perft's counting and walking sinks): the side's pawn directions,
    /// ranks and tables become constants, at the price of compile time.
    const PER_SIDE: bool = false;
    /// Whether the sink has seen enough: the generator may stop early (it
    /// looks between groups of moves). Counting and listing sinks never are.
    #[inline(always)]
    fn done(&self) -> bool {
        false
    }
}

/// Only asks whether there is a legal move at all: stops at the first one.
#[derive(Default)]
pub(crate) struct AnyMove(pub(crate) bool);

impl Sink for AnyMove {
    const ORDERED: bool = false;
    const TARGETS_ONLY: bool = true;

    #[inline(always)]
    fn piece(&mut self, _: usize, _: usize, targets: u64, _: u64) {
        self.0 |= targets != 0;
    }
    #[inline(always)]
    fn pawns(&mut self, _: usize, _: usize, targets: u64, _: i32, _: bool) {
        self.0 |= targets != 0;
    }
    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.0 = true;
    }
    #[inline(always)]
    fn done(&self) -> bool {
        self.0
    }
}

/// Counts moves without building them.
///
/// The targets are summed square by square in two bit-sliced counters
/// (`ones`, `twos`: each square's count in binary, carries spilling into
/// `spilled` once a square is reached four times, which few squares are):
/// adding a bitboard is four bit operations and a rarely taken branch, where
/// a population count is a dozen on a CPU without `popcnt` (the default
/// x86-64 target), and the two counts are only taken at the end.
#[derive(Default)]
pub(crate) struct Counter {
    ones: u64,
    twos: u64,
    spilled: u64,
}

impl Counter {
    /// Adds one move onto each square of `targets`.
    #[inline(always)]
    fn add(&mut self, targets: u64) {
        let c1 = self.ones & targets;
        self.ones ^= targets;
        let c2 = self.twos & c1;
        self.twos ^= c1;
        if c2 != 0 {
            // Few squares spill at once: a bit at a time is cheaper than a
            // population count without `popcnt`.
            let mut spill = c2;
            while spill != 0 {
                self.spilled += 4;
                spill &= spill - 1;
            }
        }
    }

    /// The number of moves counted.
    #[inline(always)]
    pub(crate) fn total(&self) -> u64 {
        // The two population counts in one: each word's bits summed into
        // nibbles (at most 4), `ones + 2 × twos` nibble by nibble (at most
        // 12), then the nibbles summed.
        const M1: u64 = 0x5555_5555_5555_5555;
        const M2: u64 = 0x3333_3333_3333_3333;
        const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
        let nibbles = |x: u64| {
            let x = x - (x >> 1 & M1);
            (x & M2) + (x >> 2 & M2)
        };
        let n = nibbles(self.ones) + 2 * nibbles(self.twos);
        let bytes = (n & M4) + (n >> 4 & M4);
        self.spilled + (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56)
    }
}

impl Sink for Counter {
    const ORDERED: bool = false;
    const TARGETS_ONLY: bool = true;
    const PER_SIDE: bool = true;

    #[inline(always)]
    fn piece(&mut self, _: usize, _: usize, targets: u64, _: u64) {
        self.add(targets);
    }
    #[inline(always)]
    fn pawns(&mut self, _: usize, _: usize, targets: u64, _: i32, _: bool) {
        self.add(targets);
        let promotions = targets & (RANK_1 | RANK_8);
        if promotions != 0 {
            self.spilled += promotion_moves(promotions);
        }
    }
    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.spilled += 1;
    }
}

/// The moves beyond the first of the promotions onto `promotions`: three
/// more (four promotion pieces) on each square. Out of line and cold, so
/// that the rare promotions cost a predicted branch, not a population
/// count at every counted leaf (the compiler would count unconditionally).
#[cold]
#[inline(never)]
fn promotion_moves(promotions: u64) -> u64 {
    3 * u64::from(promotions.count_ones())
}

/// Pushes moves onto a list.
pub(crate) struct Lister<'a>(pub(crate) &'a mut MoveList<Move>);

impl Sink for Lister<'_> {
    #[inline(always)]
    fn piece(&mut self, from: usize, to_level: usize, mut targets: u64, them: u64) {
        let from = CELLS[from];
        while targets != 0 {
            let t = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let kind = if them >> t & 1 != 0 {
                MoveKind::Capture
            } else {
                MoveKind::Normal
            };
            self.0.push(Move::new(from, CELLS[to_level * 64 + t], kind));
        }
    }
    #[inline(always)]
    fn pawns(
        &mut self,
        from_level: usize,
        to_level: usize,
        mut targets: u64,
        delta: i32,
        capture: bool,
    ) {
        while targets != 0 {
            let t = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let from = CELLS[from_level * 64 + (t as i32 - delta) as usize];
            let to = CELLS[to_level * 64 + t];
            if (RANK_1 | RANK_8) >> t & 1 != 0 {
                for role in Role::PROMOTIONS {
                    let kind = if capture {
                        MoveKind::CapturePromotion(role)
                    } else {
                        MoveKind::Promotion(role)
                    };
                    self.0.push(Move::new(from, to, kind));
                }
            } else {
                let kind = if capture {
                    MoveKind::Capture
                } else {
                    MoveKind::Normal
                };
                self.0.push(Move::new(from, to, kind));
            }
        }
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.0.push(mv);
    }
}

/// Checks and pins of the side to move.
struct Safety<const L: usize> {
    checkers: u32,
    /// Where non-king moves may go: not on own pieces; when in check, only
    /// onto the checker or between it and the king.
    target: [u64; L],
    pinned: [u64; L],
}

impl<const L: usize> FixedPosition<L> {
    /// Occupied cells, level by level.
    #[inline(always)]
    pub(crate) fn occupied(&self) -> [u64; L] {
        let mut occ = [0; L];
        for (l, o) in occ.iter_mut().enumerate() {
            *o = self.colors[0][l] | self.colors[1][l];
        }
        occ
    }

    /// Whether the piece on `(level, bit)` of side `by` slides along a
    /// direction of kind `slide`.
    #[inline(always)]
    fn slides(&self, level: usize, bit: u64, slide: Slide) -> bool {
        let r = &self.roles;
        let m = match slide {
            Slide::Rook => r[R][level] | r[Q][level],
            Slide::Bishop => r[B][level] | r[Q][level],
            Slide::Queen => r[Q][level],
        };
        m & bit != 0
    }

    /// Whether side `by` has a slider on a level strictly above (`dl > 0`) or
    /// below `level`.
    #[inline(always)]
    fn sliders_beyond(&self, by: usize, level: usize, dl: isize) -> bool {
        let r = &self.roles;
        let them = &self.colors[by];
        let mut l = level as isize + dl;
        while l >= 0 && (l as usize) < L {
            let u = l as usize;
            if (r[B][u] | r[R][u] | r[Q][u]) & them[u] != 0 {
                return true;
            }
            l += dl;
        }
        false
    }

    /// Whether side `by` attacks `cell` (an index), with `occ` as the occupancy.
    #[inline]
    pub(crate) fn attacked(&self, cell: usize, by: usize, occ: &[u64; L]) -> bool {
        self.attacked_inline(cell, by, occ)
    }

    /// [`attacked`](Self::attacked), inlined into the king's moves (the
    /// hottest caller: each target of the king at every leaf of perft).
    #[inline(always)]
    fn attacked_inline(&self, cell: usize, by: usize, occ: &[u64; L]) -> bool {
        let l = cell >> 6;
        let s = cell & 63;
        let them = &self.colors[by];
        let r = &self.roles;
        let t = them[l];
        let o = occ[l];
        if (KNIGHT[s] & r[N][l] | KING[s] & r[K][l] | PAWN_ATTACKS[1 - by][s] & r[P][l]) & t != 0 {
            return true;
        }
        // Sliders: only those on a line through `s` (on an empty level) are
        // looked at more closely, each by the cells between it and `s`.
        let mut lines =
            (ROOK_EMPTY[s] & (r[R][l] | r[Q][l]) | BISHOP_EMPTY[s] & (r[B][l] | r[Q][l])) & t;
        while lines != 0 {
            let a = lines.trailing_zeros() as usize;
            lines &= lines - 1;
            if BETWEEN[s][a] & o == 0 {
                return true;
            }
        }
        if L == 1 {
            return false;
        }
        for l2 in [l.wrapping_sub(1), l + 1] {
            if l2 < L
                && (ORTHO2[s] & r[N][l2]
                    | KING_NEAR[s] & r[K][l2]
                    | PAWN_ATTACKS[1 - by][s] & r[P][l2])
                    & them[l2]
                    != 0
            {
                return true;
            }
        }
        for l2 in [l.wrapping_sub(2), l + 2] {
            if l2 < L && ORTHO1[s] & r[N][l2] & them[l2] != 0 {
                return true;
            }
        }
        for dl in [-1isize, 1] {
            let l1 = l.wrapping_add(dl as usize);
            if l1 >= L || !self.sliders_beyond(by, l, dl) {
                continue;
            }
            let t1 = them[l1];
            if ((1u64 << s) & (r[R][l1] | r[Q][l1])
                | ORTHO1[s] & (r[B][l1] | r[Q][l1])
                | KING_NEAR[s] & r[Q][l1])
                & t1
                != 0
            {
                return true;
            }
            if L > 2 {
                let mut open = KING_NEAR[s] & !occ[l1];
                while open != 0 {
                    let t = open.trailing_zeros() as usize;
                    open &= open - 1;
                    let pd = PD_OF[t + 9 - s] as usize;
                    if let Some((lev, bit)) = walk_cross(occ, l1, t, pd, dl, |_, _| {}) {
                        if them[lev] & bit != 0 && self.slides(lev, bit, CROSS_SLIDE[pd]) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        let us = self.turn as usize;
        self.attacked(self.kings[us] as usize, 1 - us, &self.occupied())
    }

    /// Whether side `color`'s king is attacked.
    pub(crate) fn king_attacked(&self, color: Color) -> bool {
        let c = color as usize;
        self.attacked(self.kings[c] as usize, 1 - c, &self.occupied())
    }

    /// The checks and pins of side `us`, the side to move.
    #[inline(always)]
    fn safety(&self, occ: &[u64; L], us: usize) -> Safety<L> {
        let them = 1 - us;
        let kc = self.kings[us] as usize;
        let (lk, ks) = (kc >> 6, kc & 63);
        let r = &self.roles;
        let th = &self.colors[them];
        let own = &self.colors[us];
        let mut checkers = 0;
        let mut block = [0u64; L];
        let mut pinned = [0u64; L];

        let mut snipers = (ROOK_EMPTY[ks] & (r[R][lk] | r[Q][lk])
            | BISHOP_EMPTY[ks] & (r[B][lk] | r[Q][lk]))
            & th[lk];
        while snipers != 0 {
            let s = snipers.trailing_zeros() as usize;
            snipers &= snipers - 1;
            let between = BETWEEN[ks][s];
            let b = between & occ[lk];
            if b == 0 {
                checkers += 1;
                block[lk] |= between | 1 << s;
            } else if b & (b - 1) == 0 && b & own[lk] != 0 {
                pinned[lk] |= b;
            }
        }
        let mut leapers = |level: usize, bb: u64| {
            if bb != 0 {
                checkers += bb.count_ones();
                block[level] |= bb;
            }
        };
        leapers(
            lk,
            (KNIGHT[ks] & r[N][lk] | PAWN_ATTACKS[us][ks] & r[P][lk]) & th[lk],
        );
        if L > 1 {
            for l2 in [lk.wrapping_sub(1), lk + 1] {
                if l2 < L {
                    leapers(
                        l2,
                        (ORTHO2[ks] & r[N][l2] | PAWN_ATTACKS[us][ks] & r[P][l2]) & th[l2],
                    );
                }
            }
            for l2 in [lk.wrapping_sub(2), lk + 2] {
                if l2 < L {
                    leapers(l2, ORTHO1[ks] & r[N][l2] & th[l2]);
                }
            }
            for dl in [-1isize, 1] {
                if !self.sliders_beyond(them, lk, dl) {
                    continue;
                }
                for pd in 0..9 {
                    let mut sq = ks;
                    let mut lev = lk as isize;
                    let mut path = [0u64; L];
                    let mut shield: Option<(usize, u64)> = None;
                    loop {
                        lev += dl;
                        if lev < 0 || lev as usize >= L {
                            break;
                        }
                        sq = SHIFT[pd][sq] as usize;
                        if sq == 64 {
                            break;
                        }
                        let u = lev as usize;
                        let bit = 1u64 << sq;
                        if occ[u] & bit == 0 {
                            path[u] = bit;
                            continue;
                        }
                        if th[u] & bit != 0 {
                            if self.slides(u, bit, CROSS_SLIDE[pd]) {
                                match shield {
                                    None => {
                                        checkers += 1;
                                        path[u] = bit;
                                        for (b, p) in block.iter_mut().zip(path) {
                                            *b |= p;
                                        }
                                    }
                                    Some((pl, pb)) => pinned[pl] |= pb,
                                }
                            }
                            break;
                        }
                        if shield.is_some() {
                            break;
                        }
                        shield = Some((u, bit));
                    }
                }
            }
        }
        let mut target = [0u64; L];
        match checkers {
            0 => {
                for (t, o) in target.iter_mut().zip(own) {
                    *t = !o;
                }
            }
            1 => target = block,
            _ => {}
        }
        Safety {
            checkers,
            target,
            pinned,
        }
    }

    /// The cells of the line from the king through the pinned piece on `cell`.
    fn pin_ray(&self, cell: usize) -> [u64; L] {
        let kc = self.kings[self.turn as usize] as usize;
        if kc >> 6 == cell >> 6 {
            // On the king's level: the line through both squares, from the
            // empty-board attacks of each (the part beyond the king is out
            // of the piece's reach, the king standing in the way).
            let (ks, s) = (kc & 63, cell & 63);
            let line = if ROOK_EMPTY[ks] >> s & 1 != 0 {
                ROOK_EMPTY[ks] & ROOK_EMPTY[s]
            } else {
                BISHOP_EMPTY[ks] & BISHOP_EMPTY[s]
            };
            let mut ray = [0u64; L];
            ray[kc >> 6] = line;
            return ray;
        }
        let (kl, kf, kr) = ((kc >> 6) as i8, (kc & 7) as i8, ((kc >> 3) & 7) as i8);
        let (pl, pf, pr) = ((cell >> 6) as i8, (cell & 7) as i8, ((cell >> 3) & 7) as i8);
        let (dl, df, dr) = ((pl - kl).signum(), (pf - kf).signum(), (pr - kr).signum());
        let mut ray = [0u64; L];
        let (mut l, mut f, mut r) = (kl, kf, kr);
        loop {
            l += dl;
            f += df;
            r += dr;
            if !(0..L as i8).contains(&l) || !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            ray[l as usize] |= 1 << (r * 8 + f);
        }
        ray
    }

    /// The cells a slider on `(level, sq)` attacks on the other levels: all
    /// of `first` (its one-step cells) on the levels next to it, then on
    /// along the directions whose first cell is empty.
    #[inline(always)]
    fn cross_slides(&self, level: usize, sq: usize, first: u64, occ: &[u64; L]) -> [u64; L] {
        let mut att = [0u64; L];
        for dl in [-1isize, 1] {
            let l1 = level.wrapping_add(dl as usize);
            if l1 >= L {
                continue;
            }
            att[l1] |= first;
            if L > 2 {
                let mut open = first & !occ[l1];
                while open != 0 {
                    let t = open.trailing_zeros() as usize;
                    open &= open - 1;
                    let pd = PD_OF[t + 9 - sq] as usize;
                    walk_cross(occ, l1, t, pd, dl, |lev, bit| att[lev] |= bit);
                }
            }
        }
        att
    }

    /// Every legal move, into `sink`.
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        // Perft's sinks get one generator for each side (`Sink::PER_SIDE`);
        // the others one for both: a copy per side of every sink and level
        // count doubled the crate's compile time.
        match (S::PER_SIDE, self.turn) {
            (false, _) => self.generate_for::<S, BOTH>(sink),
            (true, Color::White) => self.generate_for::<S, 0>(sink),
            (true, Color::Black) => self.generate_for::<S, 1>(sink),
        }
    }

    /// Every legal move of side `US` (0 White, 1 Black, [`BOTH`]: the side
    /// to move, read from the position), the side to move, into `sink`.
    #[inline(always)]
    fn generate_for<S: Sink, const US: usize>(&self, sink: &mut S) {
        let us = if US == BOTH { self.turn as usize } else { US };
        let them = 1 - us;
        let occ = self.occupied();
        let safety = self.safety(&occ, us);
        let own = &self.colors[us];
        let th = &self.colors[them];
        let r = &self.roles;

        self.king_moves(sink, &occ, us);
        if safety.checkers >= 2 || sink.done() {
            return;
        }
        let target = &safety.target;
        let pinned = &safety.pinned;

        for l in 0..L {
            // Knights (a pinned knight never stays on its line).
            let mut knights = r[N][l] & own[l] & !pinned[l];
            while knights != 0 {
                let s = knights.trailing_zeros() as usize;
                knights &= knights - 1;
                let from = l * 64 + s;
                sink.piece(from, l, KNIGHT[s] & target[l], th[l]);
                if L > 1 {
                    for l2 in [l.wrapping_sub(1), l + 1] {
                        if l2 < L {
                            sink.piece(from, l2, ORTHO2[s] & target[l2], th[l2]);
                        }
                    }
                    for l2 in [l.wrapping_sub(2), l + 2] {
                        if l2 < L {
                            sink.piece(from, l2, ORTHO1[s] & target[l2], th[l2]);
                        }
                    }
                }
            }

            // Sliders.
            let diag = (r[B][l] | r[Q][l]) & own[l];
            let ortho = (r[R][l] | r[Q][l]) & own[l];
            let mut sliders = diag | ortho;
            if !S::ORDERED {
                // Unpinned bishops, rooks and queens, kind by kind; the
                // pinned ones below.
                let free = !pinned[l];
                let (o, queens) = (occ[l], diag & ortho & free);
                let mut queens = queens;
                while queens != 0 {
                    let s = queens.trailing_zeros() as usize;
                    queens &= queens - 1;
                    let att = bishop_attacks(s, o) | rook_attacks(s, o);
                    self.free_slider(sink, l, s, att, [true, true], target, &occ);
                }
                let mut bishops = diag & !ortho & free;
                while bishops != 0 {
                    let s = bishops.trailing_zeros() as usize;
                    bishops &= bishops - 1;
                    self.free_slider(
                        sink,
                        l,
                        s,
                        bishop_attacks(s, o),
                        [true, false],
                        target,
                        &occ,
                    );
                }
                let mut rooks = ortho & !diag & free;
                while rooks != 0 {
                    let s = rooks.trailing_zeros() as usize;
                    rooks &= rooks - 1;
                    self.free_slider(sink, l, s, rook_attacks(s, o), [false, true], target, &occ);
                }
                sliders &= pinned[l];
            }
            while sliders != 0 {
                let s = sliders.trailing_zeros() as usize;
                let bit = sliders & sliders.wrapping_neg();
                sliders &= sliders - 1;
                let from = l * 64 + s;
                let mut in_level = 0;
                if diag & bit != 0 {
                    in_level |= bishop_attacks(s, occ[l]);
                }
                if ortho & bit != 0 {
                    in_level |= rook_attacks(s, occ[l]);
                }
                if pinned[l] & bit == 0 {
                    self.free_slider(
                        sink,
                        l,
                        s,
                        in_level,
                        [diag & bit != 0, ortho & bit != 0],
                        target,
                        &occ,
                    );
                } else {
                    let ray = self.pin_ray(from);
                    sink.piece(from, l, in_level & target[l] & ray[l], th[l]);
                    if L > 1 {
                        let first = near(s, diag & bit != 0, ortho & bit != 0);
                        let cross = self.cross_slides(l, s, first, &occ);
                        for l2 in 0..L {
                            if l2 != l {
                                sink.piece(from, l2, cross[l2] & target[l2] & ray[l2], th[l2]);
                            }
                        }
                    }
                }
            }

            // Pawns, all unpinned ones of the level at once.
            let pawns = r[P][l] & own[l];
            let free = pawns & !pinned[l];
            let empty = !occ[l];
            let third = if us == 0 { 0xff << 16 } else { 0xff << 40 };
            let (push, left, right) = if us == 0 { (8, 7, 9) } else { (-8, -9, -7) };
            let single = forward(free, us) & empty;
            let double = forward(single & third, us) & empty;
            if S::TARGETS_ONLY {
                // Pushes (onto empty squares) and captures to the left
                // (onto opposing pieces) never share a square: one set.
                let t = th[l] & target[l];
                let quiet = (single | double) & target[l];
                sink.pawns(l, l, quiet | pawn_captures_left(free, us) & t, push, false);
                sink.pawns(l, l, pawn_captures_right(free, us) & t, right, true);
            } else {
                sink.pawns(l, l, single & target[l], push, false);
                sink.pawns(l, l, double & target[l], 2 * push, false);
            }
            for l2 in [l.wrapping_sub(1), l, l + 1] {
                if l2 < L && !(S::TARGETS_ONLY && l2 == l) {
                    let t = th[l2] & target[l2];
                    sink.pawns(l, l2, pawn_captures_left(free, us) & t, left, true);
                    sink.pawns(l, l2, pawn_captures_right(free, us) & t, right, true);
                }
            }
            let mut pinned_pawns = pawns & pinned[l];
            while pinned_pawns != 0 {
                let bit = pinned_pawns & pinned_pawns.wrapping_neg();
                pinned_pawns &= pinned_pawns - 1;
                let ray = self.pin_ray(l * 64 + bit.trailing_zeros() as usize);
                let single = forward(bit, us) & empty;
                let double = forward(single & third, us) & empty;
                sink.pawns(l, l, single & target[l] & ray[l], push, false);
                sink.pawns(l, l, double & target[l] & ray[l], 2 * push, false);
                for l2 in [l.wrapping_sub(1), l, l + 1] {
                    if l2 < L {
                        let t = th[l2] & target[l2] & ray[l2];
                        sink.pawns(l, l2, pawn_captures_left(bit, us) & t, left, true);
                        sink.pawns(l, l2, pawn_captures_right(bit, us) & t, right, true);
                    }
                }
            }
            if sink.done() {
                return;
            }
        }

        self.en_passant(sink);
        if safety.checkers == 0 && !self.castling.is_empty() {
            self.castling_moves(sink, &occ);
        }
    }

    /// The moves of the unpinned slider on `(level, sq)`: `in_level`, its
    /// attacks on its level, and across the levels along the directions of
    /// its kind (`[diagonal, orthogonal]`), onto `target`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn free_slider<S: Sink>(
        &self,
        sink: &mut S,
        level: usize,
        sq: usize,
        in_level: u64,
        [diag, ortho]: [bool; 2],
        target: &[u64; L],
        occ: &[u64; L],
    ) {
        let th = &self.colors[1 - self.turn as usize];
        let from = level * 64 + sq;
        sink.piece(from, level, in_level & target[level], th[level]);
        if L > 1 {
            let cross = self.cross_slides(level, sq, near(sq, diag, ortho), occ);
            for l2 in 0..L {
                if l2 != level {
                    sink.piece(from, l2, cross[l2] & target[l2], th[l2]);
                }
            }
        }
    }

    /// The king's moves of side `us`, the side to move.
    #[inline(always)]
    fn king_moves<S: Sink>(&self, sink: &mut S, occ: &[u64; L], us: usize) {
        let them = 1 - us;
        let kc = self.kings[us] as usize;
        let (lk, ks) = (kc >> 6, kc & 63);
        let mut without_king = *occ;
        without_king[lk] &= !(1u64 << ks);
        let th = &self.colors[them];
        let mut quiet = KING[ks] & !self.colors[us][lk];
        let mut ok = 0;
        while quiet != 0 {
            let t = quiet.trailing_zeros() as usize;
            quiet &= quiet - 1;
            if !self.attacked_inline(lk * 64 + t, them, &without_king) {
                ok |= 1 << t;
            }
        }
        sink.piece(kc, lk, ok, th[lk]);
        if L > 1 {
            for l2 in [lk.wrapping_sub(1), lk + 1] {
                if l2 < L {
                    let mut caps = KING_NEAR[ks] & th[l2];
                    let mut ok = 0;
                    while caps != 0 {
                        let t = caps.trailing_zeros() as usize;
                        caps &= caps - 1;
                        if !self.attacked(l2 * 64 + t, them, &without_king) {
                            ok |= 1 << t;
                        }
                    }
                    sink.piece(kc, l2, ok, th[l2]);
                }
            }
        }
    }

    /// En-passant captures (C3-10), each tested on the board after it.
    /// Inlined, as castling, so that the sink stays in registers.
    #[inline(always)]
    fn en_passant<S: Sink>(&self, sink: &mut S) {
        let Some(ep) = self.ep else { return };
        let us = self.turn as usize;
        let (le, se) = (ep.level().index(), ep.square().index());
        if le >= L {
            return;
        }
        for l2 in [le.wrapping_sub(1), le, le + 1] {
            if l2 >= L {
                continue;
            }
            let mut cands = self.roles[P][l2] & self.colors[us][l2] & PAWN_ATTACKS[1 - us][se];
            while cands != 0 {
                let s = cands.trailing_zeros() as usize;
                cands &= cands - 1;
                let mv = Move::new(CELLS[l2 * 64 + s], ep, MoveKind::EnPassant);
                let mut after = *self;
                after.apply_ep_pieces(mv);
                if !after.king_attacked(self.turn) {
                    sink.special(mv);
                }
            }
        }
    }

    /// Moves the pieces of an en-passant capture (no clocks, hash or turn).
    pub(crate) fn apply_ep_pieces(&mut self, mv: Move) {
        let us = self.turn as usize;
        let (lf, sf) = (mv.from.level().index(), mv.from.square().index());
        let (lt, st) = (mv.to.level().index(), mv.to.square().index());
        let sc = if us == 0 { st - 8 } else { st + 8 };
        self.roles[P][lf] &= !(1 << sf);
        self.colors[us][lf] &= !(1 << sf);
        self.roles[P][lt] |= 1 << st;
        self.colors[us][lt] |= 1 << st;
        self.roles[P][lt] &= !(1 << sc);
        self.colors[1 - us][lt] &= !(1 << sc);
    }

    /// Whether an en-passant capture is legal here (C3-17 repetitions).
    pub(crate) fn has_legal_ep(&self) -> bool {
        let mut c = Counter::default();
        self.en_passant(&mut c);
        c.total() > 0
    }

    /// Castling (C3-15), when not in check.
    #[inline(always)]
    fn castling_moves<S: Sink>(&self, sink: &mut S, occ: &[u64; L]) {
        let color = self.turn;
        let them = 1 - color as usize;
        if self.castling.has(color, true) {
            let (k, rook, _) = Self::castling_cells(color);
            // King and rook swap: the occupancy is the same before and after.
            if !self.attacked(rook.index(), them, occ) {
                sink.special(Move::new(k, rook, MoveKind::ShortCastle));
            }
        }
        if self.castling.has(color, false) {
            let (k, _, rook) = Self::castling_cells(color);
            let h = Self::HOME;
            let d = 1u64 << (k.square().index() + 1);
            if occ[h] & d == 0 {
                let landing = k.index() + 1;
                let mut after = *occ;
                after[h] ^= d | 1 << rook.square().index();
                if !self.attacked(landing, them, occ) && !self.attacked(landing, them, &after) {
                    sink.special(Move::new(k, CELLS[landing], MoveKind::LongCastle));
                }
            }
        }
    }
}

#[allow(dead_code)]
const _: () = {
    // The planar offset table puts "no change" in the middle.
    assert!(PLANAR[PLANAR_NONE].0 == 0 && PLANAR[PLANAR_NONE].1 == 0);
};

/// Walks on from the empty cell `sq` of level `lev` along the planar
/// direction `pd`, one level further (`dl`) each step, handing each cell to
/// `visit`. Stops at the edge of the space (`None`) or after the first
/// occupied cell, which it returns as `(level, bit)`.
#[inline(always)]
fn walk_cross<const L: usize>(
    occ: &[u64; L],
    mut lev: usize,
    mut sq: usize,
    pd: usize,
    dl: isize,
    mut visit: impl FnMut(usize, u64),
) -> Option<(usize, u64)> {
    loop {
        lev = lev.wrapping_add(dl as usize);
        if lev >= L {
            return None;
        }
        sq = SHIFT[pd][sq] as usize;
        if sq == 64 {
            return None;
        }
        let bit = 1u64 << sq;
        visit(lev, bit);
        if occ[lev] & bit != 0 {
            return Some((lev, bit));
        }
    }
}
