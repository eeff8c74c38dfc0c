//! Random playouts in loops that keep the board in registers
//! ([`Position::play_random`]). While both players have pieces of both
//! kinds (nearly every move of a game), the stocked loop keeps the filled
//! segments, the legal placements and the segments touching a dark end in
//! locals, plays every placement by masks without a branch on what it
//! closes, and works out the points only when it stops. A claim goes
//! through the general move; once a supply is spent, the general loop
//! (any supplies) plays on.

use core::hint::select_unpredictable;

use board_core::{BitRanks, Rng};

use crate::geometry::{H_SEGMENTS, V_SEGMENTS};
use crate::movegen::{closing, touching_h, touching_v, Closing};
use crate::notation::Move;
use crate::play::{worth, worth_of_many, Closure};
use crate::position::{ends, squares_around, Player, Position};

/// Why [`Position::play_stocked`] stopped.
enum Stop {
    /// The game is over, or the plies asked for are played.
    Over,
    /// The move drawn is the claim (EOC-17), not yet played.
    Claim,
    /// A player's supply of one kind is spent.
    Supply,
}

/// An all-ones mask if `b`, else zero.
#[inline(always)]
const fn mask(b: bool) -> u64 {
    0u64.wrapping_sub(b as u64)
}

/// The segments `[horizontal, vertical]` with an end in the crossings `x`.
#[inline(always)]
const fn touching(x: u64) -> [u64; 2] {
    [touching_h(x), touching_v(x)]
}

/// The segments `[horizontal, vertical]` with an end in a crossing of the
/// segment of each index (itself included): those a piece there makes
/// touch its kind.
const TOUCHING: [[u64; 2]; 128] = {
    let mut table = [[0; 2]; 128];
    let mut i = 0;
    while i < 128 {
        let bit = 1u64 << (i & 63);
        table[i] = touching(if i < 64 {
            bit | bit << 1
        } else {
            bit | bit << 8
        });
        i += 1;
    }
    table
};

/// The player of index `i` (0 or 1).
#[inline(always)]
const fn player(i: usize) -> Player {
    if i == 0 {
        Player::One
    } else {
        Player::Two
    }
}

impl Position {
    /// Plays uniformly random legal moves until the game ends or `max_plies`
    /// moves have been played; returns how many it played. They are the
    /// moves [`random_move`](Position::random_move) would draw one after
    /// another from `rng` (this is what [`board_core::random_playout`]
    /// runs), in loops that keep the pieces in registers: while both
    /// players have pieces of both kinds, one that plays every placement
    /// the same way, without a branch on whether it closes a square, and
    /// scores when it stops; then one for any supplies.
    ///
    /// ```
    /// use board_core::Rng;
    /// use echec_o_cube::Position;
    /// let mut fast = Position::default();
    /// let plies = fast.play_random(&mut Rng::new(3), 1000);
    /// let mut slow = Position::default();
    /// let mut rng = Rng::new(3);
    /// let mut moves = 0;
    /// while let Some(mv) = slow.random_move(&mut rng) {
    ///     slow.play_unchecked(mv);
    ///     moves += 1;
    /// }
    /// assert!(fast.is_over());
    /// assert_eq!((fast, plies), (slow, moves));
    /// ```
    pub fn play_random(&mut self, rng: &mut Rng, max_plies: usize) -> usize {
        let mut plies = 0;
        // Reds, and the free first piece (EOC-7), go move by move (the
        // loop below assumes no red on the board: every closed square live).
        while plies < max_plies
            && (self.config.red_mode || self.reds != 0 || self.piece_count() == 0)
        {
            let Some(mv) = self.random_move(rng) else {
                return plies;
            };
            self.play_unchecked(mv);
            plies += 1;
        }
        if self.config.auto_announce {
            self.play_on::<true>(rng, plies, max_plies)
        } else {
            self.play_on::<false>(rng, plies, max_plies)
        }
    }

    /// [`play_random`](Position::play_random) once a piece is down, without
    /// reds, `plies` of the `max_plies` played: the stocked loop while both
    /// players have both kinds, a claim as the general move, then the
    /// general loop. Returns the plies played in all.
    fn play_on<const AUTO: bool>(
        &mut self,
        rng: &mut Rng,
        mut plies: usize,
        max_plies: usize,
    ) -> usize {
        loop {
            let (played, stop) = self.play_stocked::<AUTO>(rng, max_plies - plies);
            plies += played;
            match stop {
                Stop::Over => return plies,
                Stop::Claim => {
                    self.play_unchecked(Move::Claim);
                    plies += 1;
                }
                Stop::Supply => {
                    return plies + self.play_placements::<AUTO>(rng, max_plies - plies)
                }
            }
        }
    }

    /// The loop of [`play_random`](Position::play_random) while each player
    /// has pieces of both kinds, so that the legal placements are the empty
    /// segments touching a piece (EOC-8, EOC-9), kept move to move as two
    /// words, the kind of each set by whether it touches a dark. What
    /// scoring needs only at the end (the points, the points held for a
    /// claim, the closed squares) is worked out when the loop stops. At most
    /// `max_plies` moves; returns how many it played and why it stopped.
    #[inline(never)]
    fn play_stocked<const AUTO: bool>(&mut self, rng: &mut Rng, max_plies: usize) -> (usize, Stop) {
        if self.pale_left.contains(&0) || self.dark_left.contains(&0) {
            return (0, Stop::Supply);
        }
        let [mut fh, mut fv] = [self.pale[0] | self.dark[0], self.pale[1] | self.dark[1]];
        // Segments touching a dark end, and the legal placements: the empty
        // segments touching any end.
        let [mut dark_h, mut dark_v] = touching(ends(self.dark[0], self.dark[1]));
        let [any_h, any_v] = touching(ends(fh, fv));
        let (mut legal_h, mut legal_v) = (any_h & !fh, any_v & !fv);
        let mut me = self.to_move as usize & 1;
        let mut claim = self.claim_pending;
        let mut r = rng.clone();
        let last = self.last;
        // The squares closed here, by who closed them (One, Two) and
        // whether they announced it.
        let mut closed_by = [[0u64; 2]; 4];
        let mut plies = 0;
        let stop = loop {
            let (h, v) = (legal_h, legal_v);
            if plies == max_plies || h | v == 0 {
                break Stop::Over; // EOC-18 (or the plies asked for)
            }
            let closing = Closing::of(fh, fv, 0);
            let [ch, cv] = closing.segments;
            let (a, b) = (h & ch, v & cv);
            let (c, d) = if AUTO { (h & !ch, v & !cv) } else { (h, v) };
            // The list: the claim, then the four boards; move k is found
            // in them by selects, not branches.
            let [ra, rb, rc, rd] = [a, b, c, d].map(BitRanks::new);
            let e0 = u32::from(claim) + ra.count();
            let e1 = e0 + rb.count();
            let e2 = e1 + rc.count();
            // (The total written as a tree, not after the prefixes: the
            // draw waits on it.)
            let total = (e0 + rb.count()) + (rc.count() + rd.count());
            let k = r.below(total as usize) as u32;
            if k < u32::from(claim) {
                break Stop::Claim; // EOC-17
            }
            // Each board placed in the list beforehand, so that once k is
            // drawn only the choice of board and one select are left.
            // (A branch on whether the move is an announced closing, most
            // often foreseen, so the processor starts the select before k
            // is known; then a select, not a branch: which board of the
            // two holds move k is as good as a coin toss. Measured: 7 %
            // faster than selects alone, 12 % than branches alone.)
            let listed = if k >= e1 {
                select_unpredictable(k >= e2, rd.after(e2), rc.after(e1))
            } else {
                select_unpredictable(k >= e0, rb.after(e0), ra.after(u32::from(claim)))
            };
            let o = (k >= e0) ^ (k >= e1) ^ (k >= e2);
            let announced = k < e1;
            let bit = listed.select(k) as u8;
            let i = u8::from(o) << 6 | bit;
            let one = 1u64 << (bit & 63);
            let (put_h, put_v) = (one & mask(!o), one & mask(o));
            // The piece: pale if it touches a dark end (EOC-9).
            let pale = if o { dark_v } else { dark_h } & one != 0;
            let is_dark = mask(!pale);
            fh |= put_h;
            fv |= put_v;
            self.dark[usize::from(o)] |= one & is_dark;
            let t = TOUCHING[usize::from(i & 127)];
            dark_h |= t[0] & is_dark;
            dark_v |= t[1] & is_dark;
            legal_h = (legal_h | t[0]) & !fh;
            legal_v = (legal_v | t[1]) & !fv;
            let left = if pale {
                &mut self.pale_left[me]
            } else {
                &mut self.dark_left[me]
            };
            *left -= 1;
            let spent = *left == 0;
            // What it closes (no reds here: every square is live), who
            // closed it and, announced, scored it (EOC-12 to EOC-16).
            let around = squares_around(i);
            let short = closing.one_short;
            let new = [around[0] & short[0], around[1] & short[1]];
            let by = &mut closed_by[me << 1 | usize::from(announced)];
            by[0] |= new[0];
            by[1] |= new[1];
            self.last = i;
            // EOC-17: not announced, the other player may claim them; a
            // placement lets an earlier claim lapse.
            claim = new[0] | new[1] != 0 && !announced;
            // The turn passes unless an announced closing scored.
            me ^= usize::from(!announced);
            plies += 1;
            if spent {
                break Stop::Supply;
            }
        };
        *rng = r;
        self.end_stocked([fh, fv], closed_by, last, claim, me);
        (plies, stop)
    }

    /// What [`play_stocked`](Position::play_stocked) leaves to its end,
    /// written into the position: the pale pieces (the loop keeps the
    /// filled segments `filled`, the darks are already in), the squares
    /// closed (`closed_by`: by One unannounced, One announced, Two
    /// unannounced, Two announced), who scored them and their points, the
    /// points held for a claim (`claim`) if a placement was played (the
    /// last one was `last` before the loop), and the player to move (`me`).
    /// Out of line: the loop's code does not depend on it.
    #[inline(never)]
    fn end_stocked(
        &mut self,
        filled: [u64; 2],
        closed_by: [[u64; 2]; 4],
        last: u8,
        claim: bool,
        me: usize,
    ) {
        let [fh, fv] = filled;
        self.pale = [fh & !self.dark[0], fv & !self.dark[1]];
        let points = self.config.points;
        for (j, squares) in closed_by.into_iter().enumerate() {
            let (two, announced) = (mask(j >> 1 == 1), mask(j & 1 == 1));
            for (b, squares) in squares.into_iter().enumerate() {
                self.closed[b] |= squares;
                self.closed_by_two[b] |= squares & two;
                self.scored[b] |= squares & announced;
                self.scored_by_two[b] |= squares & announced & two;
            }
            if j & 1 == 1 {
                // Announced: the closer scored them (EOC-16), at the
                // worth their darks, which cannot change once they are
                // closed, give them.
                let worth = worth_of_many(points, self.dark, squares);
                let worth = u16::try_from(worth).unwrap_or(u16::MAX);
                self.points[j >> 1] = self.points[j >> 1].saturating_add(worth);
            }
        }
        if self.last != last {
            // A placement: the points held for a claim are those of the
            // last one, if it opened a claim (EOC-17).
            self.claimable = if claim {
                let closure = Closure::of(self.last, fh, fv, 0);
                worth(points, self.dark, closure.new)
            } else {
                0
            };
        }
        self.claim_pending = claim;
        self.to_move = player(me);
    }

    /// The loop of [`play_random`](Position::play_random) once a piece is
    /// down, without reds, for any supplies (in practice once one is
    /// spent), for the auto-announce option `AUTO` (a constant, so the
    /// list's boards cost nothing to choose): at most `max_plies` moves,
    /// returns how many it played. It plays a placement that closes a
    /// square in place (what it closes, scores and leaves to claim) and
    /// passes a quiet one without working out what it closes.
    #[inline(never)]
    fn play_placements<const AUTO: bool>(&mut self, rng: &mut Rng, max_plies: usize) -> usize {
        let mut plies = 0;
        // The filled segments and the darks (the pales are the rest).
        let [mut fh, mut fv] = [self.pale[0] | self.dark[0], self.pale[1] | self.dark[1]];
        let [mut dh, mut dv] = self.dark;
        // The segments touching a dark end and those touching any end
        // (EOC-8, EOC-9), kept up to date piece by piece: a dark may go
        // where a pale ends and no dark does, that is where some piece
        // ends and no dark does.
        let [mut dark_h, mut dark_v] = touching(ends(dh, dv));
        let [mut any_h, mut any_v] = touching(ends(fh, fv));
        let mut me = self.to_move as usize;
        let mut pale_left = self.pale_left[me];
        let mut dark_left = self.dark_left[me];
        while plies < max_plies {
            // The legal placements, as `placements` and `listed` find them,
            // each segment with the one kind it takes (EOC-8, EOC-9).
            let (empty_h, empty_v) = (H_SEGMENTS & !fh, V_SEGMENTS & !fv);
            let (pale_ok, dark_ok) = (mask(pale_left > 0), mask(dark_left > 0));
            let pale_h = empty_h & dark_h & pale_ok;
            let pale_v = empty_v & dark_v & pale_ok;
            let h = pale_h | (empty_h & any_h & !dark_h & dark_ok);
            let v = pale_v | (empty_v & any_v & !dark_v & dark_ok);
            if h | v == 0 {
                break; // EOC-18
            }
            let [ch, cv] = closing(fh, fv, 0);
            let boards = if AUTO {
                [h & ch, v & cv, h & !ch, v & !cv]
            } else {
                [h & ch, v & cv, h, v]
            };
            let claim = u32::from(self.claim_pending);
            let [a, b, c, d] = boards;
            // The list: the claim, then the four boards; move k is found
            // in them by selects, not branches.
            let e0 = claim + a.count_ones();
            let e1 = e0 + b.count_ones();
            let e2 = e1 + c.count_ones();
            let k = rng.below((e2 + d.count_ones()) as usize) as u32;
            let (mut board, mut before, mut o) = (a, claim, 0);
            if k >= e0 {
                (board, before, o) = (b, e0, 1);
            }
            if k >= e1 {
                (board, before, o) = (c, e1, 0);
            }
            if k >= e2 {
                (board, before, o) = (d, e2, 1);
            }
            let announced = k < e1;
            let bit = BitRanks::new(board).select(k.wrapping_sub(before)) as u8;
            let one = 1u64 << (bit & 63);
            let pale = if o == 0 { pale_h } else { pale_v } & one != 0;
            let closes = if o == 0 { ch } else { cv } & one != 0;
            if k < claim {
                // A claim (EOC-17): the general move, on the position
                // brought up to date.
                self.pale = [fh & !dh, fv & !dv];
                self.dark = [dh, dv];
                self.pale_left[me] = pale_left;
                self.dark_left[me] = dark_left;
                self.to_move = player(me);
                self.play_unchecked(Move::Claim);
                me = self.to_move as usize;
                pale_left = self.pale_left[me];
                dark_left = self.dark_left[me];
            } else {
                // A placement: the piece and the supply, by masks.
                let (put_h, put_v) = (one & mask(o == 0), one & mask(o == 1));
                let is_pale = mask(pale);
                fh |= put_h;
                fv |= put_v;
                dh |= put_h & !is_pale;
                dv |= put_v & !is_pale;
                let t = TOUCHING[usize::from((o as u8) << 6 | bit) & 127];
                any_h |= t[0];
                any_v |= t[1];
                dark_h |= t[0] & !is_pale;
                dark_v |= t[1] & !is_pale;
                pale_left = pale_left.saturating_sub(u8::from(pale));
                dark_left = dark_left.saturating_sub(u8::from(!pale));
                let i = (o as u8) << 6 | bit;
                if announced || closes {
                    // It closes a square (no reds here, so every square it
                    // closes is live): what it closes and scores, the bonus
                    // turn or the claim (EOC-12 to EOC-17), as `place` and
                    // `settle` do it, without branches.
                    let closure = Closure::of(i, fh, fv, 0);
                    let new = closure.new;
                    let worth = worth(self.config.points, [dh, dv], new);
                    let (two, ann) = (mask(me == 1), mask(announced));
                    self.closed[0] |= new[0];
                    self.closed[1] |= new[1];
                    self.closed_by_two[0] |= new[0] & two;
                    self.closed_by_two[1] |= new[1] & two;
                    // EOC-16: announced, the closer scores and plays again.
                    let scored = [new[0] & ann, new[1] & ann];
                    self.scored[0] |= scored[0];
                    self.scored[1] |= scored[1];
                    self.scored_by_two[0] |= scored[0] & two;
                    self.scored_by_two[1] |= scored[1] & two;
                    self.points[me] = self.points[me].saturating_add(worth & ann as u16);
                    // EOC-17: not announced, the other player may claim them.
                    self.claim_pending = !announced;
                    self.claimable = worth & !ann as u16;
                } else {
                    // A quiet one: a claim lapses (EOC-17).
                    self.claim_pending = false;
                    self.claimable = 0;
                }
                // The turn passes unless an announced closing scored (a
                // quiet placement is never announced).
                self.last = i;
                self.pale_left[me] = pale_left;
                self.dark_left[me] = dark_left;
                me ^= usize::from(!announced);
                pale_left = self.pale_left[me];
                dark_left = self.dark_left[me];
            }
            plies += 1;
        }
        self.pale = [fh & !dh, fv & !dv];
        self.dark = [dh, dv];
        self.pale_left[me] = pale_left;
        self.dark_left[me] = dark_left;
        self.to_move = player(me);
        plies
    }
}
