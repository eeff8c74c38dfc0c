//! Applying a move: validation with a typed error naming the broken rule,
//! closures and scoring, bonus turns and claims, and the [`Game`] trait.

use board_core::{Game, MoveList, Outcome, Rng};

use crate::config::Points;
use crate::error::PlayError;
use crate::geometry::Segment;
use crate::moves::Move;
use crate::position::{
    dead_bigs, dead_units, ends, full_bigs, full_units, squares_around, EndReason, Kind, Player,
    Position,
};

/// What a placement closed: `[unit, big]` squares newly closed, and the
/// live ones among them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Closure {
    pub(crate) new: [u64; 2],
    pub(crate) live: [u64; 2],
}

impl Closure {
    /// What filling the segment of index `i` closed, once the filled
    /// segments are `h`, `v` (the segment among them) with reds `reds`:
    /// those of its outline squares (EOC-11) that are now full.
    #[inline]
    pub(crate) const fn of(i: u8, h: u64, v: u64, reds: u64) -> Closure {
        let around = squares_around(i);
        let new = [around[0] & full_units(h, v), around[1] & full_bigs(h, v)];
        let live = if reds == 0 {
            new
        } else {
            [new[0] & !dead_units(reds), new[1] & !dead_bigs(reds)]
        };
        Closure { new, live }
    }

    #[inline]
    const fn any_live(&self) -> bool {
        self.live[0] | self.live[1] != 0
    }
}

/// The bits of `x`, which has at most four (what one placement closes: a
/// segment lies on the outline of at most two 1×1 and four 2×2 squares,
/// EOC-11), counted without a branch or a `popcnt`.
#[inline(always)]
const fn few_bits(x: u64) -> u16 {
    let x1 = x & x.wrapping_sub(1);
    let x2 = x1 & x1.wrapping_sub(1);
    let x3 = x2 & x2.wrapping_sub(1);
    (x != 0) as u16 + (x1 != 0) as u16 + (x2 != 0) as u16 + (x3 != 0) as u16
}

/// The bits of `x`, which has at most two (the 1×1 squares one placement
/// closes, EOC-11), counted without a branch or a `popcnt`.
#[inline(always)]
const fn two_bits(x: u64) -> u16 {
    (x != 0) as u16 + (x & x.wrapping_sub(1) != 0) as u16
}

/// The points of the live squares `live` (`[unit, big]`, those one
/// placement closed) under the points table `p`, with the darks `dark` on
/// the board (EOC-14): a 1×1 by the darks on its outline, a 2×2 at its own
/// rate.
#[inline(always)]
pub(crate) const fn worth(p: Points, dark: [u64; 2], live: [u64; 2]) -> u16 {
    let [standard, enriched, maximal, big] = by_category(dark, live);
    two_bits(standard) * p.standard as u16
        + two_bits(enriched) * p.enriched as u16
        + two_bits(maximal) * p.maximal as u16
        + few_bits(big) * p.big as u16
}

/// [`worth`] for any number of squares: the points of the live squares
/// `live`, however many (at most 49 units and 36 bigs, so at most 21,675
/// points).
pub(crate) const fn worth_of_many(p: Points, dark: [u64; 2], live: [u64; 2]) -> u32 {
    let [standard, enriched, maximal, big] = by_category(dark, live);
    standard.count_ones() * p.standard as u32
        + enriched.count_ones() * p.enriched as u32
        + maximal.count_ones() * p.maximal as u32
        + big.count_ones() * p.big as u32
}

/// The squares `live` (`[unit, big]`) by what they are worth with the darks
/// `dark` on the board (EOC-14): the 1×1 standard, enriched and maximal
/// ones, then the 2×2.
#[inline(always)]
const fn by_category(dark: [u64; 2], live: [u64; 2]) -> [u64; 4] {
    let (dh, dv) = (dark[0], dark[1]);
    let (bot, top, left, right) = (dh, dh >> 8, dv, dv >> 1);
    // Two darks on one outline stand on opposite sides: sides that meet
    // share a crossing, where no two darks may end (EOC-9).
    let maximal = (bot & top) | (left & right);
    let any = bot | top | left | right;
    let u = live[0];
    [u & !any, u & any & !maximal, u & maximal, live[1]]
}

impl Position {
    /// What filling `segment` would close in the current position.
    #[inline]
    fn closure(&self, segment: Segment) -> Closure {
        let i = segment.index();
        let (o, bit) = (i >> 6, 1u64 << (i & 63));
        let h = self.pale[0] | self.dark[0] | if o == 0 { bit } else { 0 };
        let v = self.pale[1] | self.dark[1] | if o == 0 { 0 } else { bit };
        Closure::of(i as u8, h, v, self.reds)
    }

    /// The points of the live squares in `live` (EOC-14), with the darks as
    /// they stand (the placed piece included).
    #[inline]
    fn worth(&self, live: [u64; 2]) -> u16 {
        worth(self.config.points, self.dark, live)
    }

    /// `Ok` if `mv` is legal here.
    ///
    /// # Errors
    /// Why `mv` is illegal: the rule it breaks, the same error
    /// [`play`](Position::play) would return.
    ///
    /// ```
    /// use echec_o_cube::{PlayError, Position};
    /// let pos = Position::default();
    /// assert_eq!(pos.check(pos.parse_move("claim")?), Err(PlayError::NothingToClaim));
    /// assert!(pos.check(pos.parse_move("F A1-B1")?).is_ok()); // the first piece is free
    /// # Ok::<(), PlayError>(())
    /// ```
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        match mv {
            Move::Claim => {
                if !self.claim_pending {
                    return Err(PlayError::NothingToClaim);
                }
            }
            Move::Red(sq) => {
                if !self.config.red_mode {
                    return Err(PlayError::RedModeOff);
                }
                if self.reds_left == 0 {
                    return Err(PlayError::NoRedLeft);
                }
                if !self.free_crossings().contains(sq) {
                    return Err(PlayError::CrossingNotFree(sq));
                }
            }
            Move::Place {
                kind,
                segment,
                announced,
            } => {
                if self.piece_at(segment).is_some() {
                    return Err(PlayError::SegmentOccupied(segment));
                }
                let (pale, dark) = self.supply(self.to_move);
                if match kind {
                    Kind::Pale => pale,
                    Kind::Dark => dark,
                } == 0
                {
                    return Err(PlayError::NoPieceLeft {
                        player: self.to_move,
                        kind,
                    });
                }
                if self.piece_count() > 0 {
                    let at = segment.crossings().0;
                    let darks = ends(self.dark[0], self.dark[1]);
                    match kind {
                        Kind::Pale if at & darks == 0 => {
                            return Err(PlayError::PaleTouchesNoDark(segment))
                        }
                        Kind::Dark if at & darks != 0 => {
                            return Err(PlayError::DarkTouchesDark(segment))
                        }
                        Kind::Dark if at & ends(self.pale[0], self.pale[1]) == 0 => {
                            return Err(PlayError::DarkTouchesNoPale(segment))
                        }
                        _ => {}
                    }
                }
                let live = self.closure(segment).any_live();
                if announced && !live {
                    return Err(PlayError::NothingToAnnounce(segment));
                }
                if !announced && live && self.config.auto_announce {
                    return Err(PlayError::AnnouncementRequired(segment));
                }
            }
        }
        Ok(())
    }

    /// Whether `mv` is legal here.
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Plays `mv` if it is legal. The squares a placement closed are then
    /// given by [`last_closed`](Position::last_closed).
    ///
    /// # Errors
    /// Why `mv` is illegal, as [`check`](Position::check) says; the position
    /// is unchanged then.
    ///
    /// ```
    /// use echec_o_cube::{Player, Position};
    /// let mut pos = Position::default();
    /// pos.play(pos.parse_move("P D5-E5")?)?;
    /// assert_eq!(pos.turn(), Player::Two);
    /// let before = pos;
    /// assert!(pos.play(pos.parse_move("P A1-B1")?).is_err()); // touches no dark (EOC-9)
    /// assert_eq!(pos, before);
    /// # Ok::<(), echec_o_cube::PlayError>(())
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Reads a move in the move text of EOC-20 (`P D5-E5`, `F D5-D6!`,
    /// `R D5`, `claim`); the text alone determines the move, so this is
    /// `text.parse::<Move>()` with the error as a [`PlayError`]. Reading does
    /// not check legality.
    ///
    /// # Errors
    /// [`PlayError::Parse`] with what in `text` is not a move.
    ///
    /// ```
    /// use echec_o_cube::{Move, Position};
    /// let pos = Position::default();
    /// assert_eq!(pos.parse_move(" claim ")?, Move::Claim);
    /// assert!(pos.parse_move("Q D5-E5").is_err());
    /// # Ok::<(), echec_o_cube::PlayError>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        Ok(text.parse()?)
    }

    /// Plays a legal move without checking it. An illegal move leaves the
    /// position in an unspecified (but memory-safe) state.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        let me = self.to_move as usize;
        match mv {
            Move::Claim => {
                self.points[me] = self.points[me].saturating_add(self.claimable);
                // EOC-17: the claimer scores the live squares the last
                // placement closed.
                let last = self.last_closed_boards();
                let live = [
                    last[0] & !dead_units(self.reds),
                    last[1] & !dead_bigs(self.reds),
                ];
                self.scored[0] |= live[0];
                self.scored[1] |= live[1];
                if self.to_move == Player::Two {
                    self.scored_by_two[0] |= live[0];
                    self.scored_by_two[1] |= live[1];
                }
                self.claimable = 0;
                self.claim_pending = false;
            }
            Move::Red(sq) => {
                self.reds |= 1 << sq as u8;
                self.reds_left = self.reds_left.saturating_sub(1);
            }
            Move::Place {
                kind,
                segment,
                announced,
            } => self.place(kind, segment, announced),
        }
    }

    /// Plays a legal placement: the piece, what it closes and scores
    /// (EOC-12 to EOC-16), the claim it opens or lets lapse (EOC-17), and
    /// the turn.
    #[inline]
    pub(crate) fn place(&mut self, kind: Kind, segment: Segment, announced: bool) {
        let me = self.to_move as usize;
        let i = segment.index();
        let (o, bit) = (i >> 6, 1u64 << (i & 63));
        match kind {
            Kind::Pale => {
                self.pale[o] |= bit;
                self.pale_left[me] = self.pale_left[me].saturating_sub(1);
            }
            Kind::Dark => {
                self.dark[o] |= bit;
                self.dark_left[me] = self.dark_left[me].saturating_sub(1);
            }
        }
        let h = self.pale[0] | self.dark[0];
        let v = self.pale[1] | self.dark[1];
        self.settle(i as u8, Closure::of(i as u8, h, v, self.reds), announced);
    }

    /// What follows the piece of a placement into the segment of index `i`
    /// (already on the board and out of the supply): the squares it closed
    /// (`closure`), their points scored with a bonus turn if `announced`
    /// (EOC-16) or left to claim (EOC-17), an earlier claim lapsed, and the
    /// turn passed unless it scored.
    #[inline]
    pub(crate) fn settle(&mut self, i: u8, closure: Closure, announced: bool) {
        let me = self.to_move as usize;
        let two = 0u64.wrapping_sub(me as u64);
        self.closed[0] |= closure.new[0];
        self.closed[1] |= closure.new[1];
        self.closed_by_two[0] |= closure.new[0] & two;
        self.closed_by_two[1] |= closure.new[1] & two;
        self.last = i;
        self.claim_pending = false;
        self.claimable = 0;
        if closure.any_live() {
            let worth = self.worth(closure.live);
            if announced {
                // EOC-16: score and play again.
                self.points[me] = self.points[me].saturating_add(worth);
                self.scored[0] |= closure.live[0];
                self.scored[1] |= closure.live[1];
                self.scored_by_two[0] |= closure.live[0] & two;
                self.scored_by_two[1] |= closure.live[1] & two;
                return;
            }
            self.claim_pending = true;
            self.claimable = worth;
        }
        self.to_move = !self.to_move;
    }
}

impl Game for Position {
    type Move = Move;
    type Player = Player;
    type EndReason = EndReason;
    type Error = PlayError;
    type Config = crate::Config;

    fn from_config(config: crate::Config) -> Position {
        Position::new(config)
    }

    #[inline]
    fn turn(&self) -> Player {
        self.to_move
    }

    #[inline]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        self.generate(moves);
    }

    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        Position::random_move(self, rng)
    }

    #[inline]
    fn play_random(&mut self, rng: &mut Rng, max_plies: usize) -> usize {
        Position::play_random(self, rng, max_plies)
    }

    fn check(&self, mv: Move) -> Result<(), PlayError> {
        Position::check(self, mv)
    }

    fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        Position::play(self, mv)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        Position::play_unchecked(self, mv);
    }

    fn outcome(&self) -> Option<Outcome<Player, EndReason>> {
        Position::outcome(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        Position::parse_move(self, text)
    }

    fn is_legal(&self, mv: Move) -> bool {
        Position::is_legal(self, mv)
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        self.count()
    }
}
