//! Random playouts in one loop that keeps the board in registers
//! ([`Position::play_random`]).

use board_core::{BitRanks, Rng};

use crate::geometry::{Segment, H_SEGMENTS, V_SEGMENTS};
use crate::movegen::{closing, touching_h, touching_v};
use crate::notation::Move;
use crate::position::{ends, Kind, Player, Position};

/// An all-ones mask if `b`, else zero.
#[inline(always)]
const fn mask(b: bool) -> u64 {
    0u64.wrapping_sub(b as u64)
}

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
    /// runs), in one loop that keeps the pieces in registers and passes a
    /// quiet placement (one that closes nothing) without working out what
    /// it closes.
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
        // Reds, and the free first piece (EOC-7), go move by move.
        while plies < max_plies && (self.config.red_mode || self.piece_count() == 0) {
            let Some(mv) = self.random_move(rng) else {
                return plies;
            };
            self.play_unchecked(mv);
            plies += 1;
        }
        let auto = self.config.auto_announce;
        let [mut ph, mut pv] = self.pale;
        let [mut dh, mut dv] = self.dark;
        let mut me = self.to_move as usize;
        let mut pale_left = self.pale_left[me];
        let mut dark_left = self.dark_left[me];
        while plies < max_plies {
            // The legal placements, as `placements` and `listed` find them,
            // each segment with the one kind it takes (EOC-8, EOC-9).
            let (fh, fv) = (ph | dh, pv | dv);
            let (d, p) = (ends(dh, dv), ends(ph, pv));
            let (dark_h, dark_v) = (touching_h(d), touching_v(d));
            let (empty_h, empty_v) = (H_SEGMENTS & !fh, V_SEGMENTS & !fv);
            let (pale_ok, dark_ok) = (mask(pale_left > 0), mask(dark_left > 0));
            let pale_h = empty_h & dark_h & pale_ok;
            let pale_v = empty_v & dark_v & pale_ok;
            let h = pale_h | (empty_h & touching_h(p) & !dark_h & dark_ok);
            let v = pale_v | (empty_v & touching_v(p) & !dark_v & dark_ok);
            if h | v == 0 {
                break; // EOC-18
            }
            let [ch, cv] = closing(fh, fv, 0);
            let boards = if auto {
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
            if k < claim || announced || closes {
                // A claim, or a placement that closes a square: the
                // general move, on the position brought up to date.
                self.pale = [ph, pv];
                self.dark = [dh, dv];
                self.pale_left[me] = pale_left;
                self.dark_left[me] = dark_left;
                self.to_move = player(me);
                if k < claim {
                    self.play_unchecked(Move::Claim);
                } else {
                    let kind = if pale { Kind::Pale } else { Kind::Dark };
                    self.place(kind, Segment::from_raw((o as u8) << 6 | bit), announced);
                }
                me = self.to_move as usize;
                pale_left = self.pale_left[me];
                dark_left = self.dark_left[me];
                [ph, pv] = self.pale;
                [dh, dv] = self.dark;
            } else {
                // A quiet placement: the piece, the supply, the turn.
                let (put_h, put_v) = (one & mask(o == 0), one & mask(o == 1));
                let is_pale = mask(pale);
                ph |= put_h & is_pale;
                pv |= put_v & is_pale;
                dh |= put_h & !is_pale;
                dv |= put_v & !is_pale;
                pale_left = pale_left.saturating_sub(u8::from(pale));
                dark_left = dark_left.saturating_sub(u8::from(!pale));
                // EOC-17: a placement without a claim lets the claim lapse.
                self.claim_pending = false;
                self.claimable = 0;
                self.last = (o as u8) << 6 | bit;
                self.pale_left[me] = pale_left;
                self.dark_left[me] = dark_left;
                me ^= 1;
                pale_left = self.pale_left[me];
                dark_left = self.dark_left[me];
            }
            plies += 1;
        }
        self.pale = [ph, pv];
        self.dark = [dh, dv];
        self.pale_left[me] = pale_left;
        self.dark_left[me] = dark_left;
        self.to_move = player(me);
        plies
    }
}
