//! Legal move generation on bitboards (EOC-6 to EOC-10, EOC-15, EOC-17,
//! EOC-22).
//!
//! Everything is computed for the whole board at once with shifts and masks:
//! the crossings each kind reaches, the empty segments that touch them, and
//! the segments whose filling would close a live square. Placements and the
//! claim (at most 233) are written over blank slots of the [`MoveList`], and
//! in red mode up to 64 reds follow: the list's 512 inline slots hold them
//! all, so move generation never allocates.

use board_core::{BitRanks, Bitboard, MoveList, Rng, Square};

use crate::geometry::{Segment, BIG_SQUARES, H_SEGMENTS, V_SEGMENTS};
use crate::notation::Move;
use crate::position::{dead_bigs, dead_units, ends, Kind, Position};

/// Horizontal segments (by left crossing) with an end in `x`.
#[inline]
pub(crate) const fn touching_h(x: u64) -> u64 {
    (x | x >> 1) & H_SEGMENTS
}

/// Vertical segments (by bottom crossing) with an end in `x`.
#[inline]
pub(crate) const fn touching_v(x: u64) -> u64 {
    (x | x >> 8) & V_SEGMENTS
}

/// The empty segments `[horizontal, vertical]` whose filling closes at
/// least one live square, with the segments `fh`, `fv` filled and reds in
/// `reds` (EOC-12, EOC-13, EOC-15). `fh` and `fv` hold segments only
/// (within [`H_SEGMENTS`] and [`V_SEGMENTS`]).
///
/// A square closes when its outline misses one segment. The outline is
/// taken in pairs of opposite (unit) or side-by-side (2×2) segments: it
/// misses exactly one when all pairs but one are full and that one holds
/// exactly one piece; the empty segment of that pair is the one.
///
/// Only one mask of squares is needed: with segments only, every pair
/// test already fails off the board, except the right side of a 2×2
/// (shifted in from the next rank), so the tests are cut to the 2×2
/// corners there alone; and every segment found lies on the board.
#[inline]
pub(crate) const fn closing(fh: u64, fv: u64, reds: u64) -> [u64; 2] {
    let [ch, cv] = Closing::of(fh, fv, reds).segments;
    [ch & !fh, cv & !fv]
}

/// What [`closing`] works out, before its last mask, with what the pass
/// finds on the way: the squares one segment short of full (the stocked
/// playout loop reads what a placement closes from them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Closing {
    /// The closing segments `[horizontal, vertical]`, with some filled
    /// segments among them: a board of empty segments masked by it gives
    /// the closing ones, one mask fewer per orientation.
    pub segments: [u64; 2],
    /// The live squares `[unit, big]` one segment short of full: filling
    /// a segment closes those of them around it.
    pub one_short: [u64; 2],
}

impl Closing {
    /// The closing segments with the segments `fh`, `fv` filled and reds in
    /// `reds`, as [`closing`] finds them.
    #[inline]
    pub(crate) const fn of(fh: u64, fv: u64, reds: u64) -> Closing {
        closing_parts(fh, fv, reds)
    }
}

/// The body of [`Closing::of`].
#[inline(always)]
const fn closing_parts(fh: u64, fv: u64, reds: u64) -> Closing {
    let (dead1, dead2) = if reds == 0 {
        (0, 0)
    } else {
        (dead_units(reds), dead_bigs(reds))
    };
    // Unit squares by corner b: bottom h(b), top h(b+8), left v(b), right
    // v(b+1). (Off the board: file H has no horizontal segment, rank 8 no
    // vertical one, so `h_one`, `h_full` and `v_full` are empty there.)
    let (h_full, h_one) = (fh & fh >> 8, fh ^ fh >> 8);
    let (v_full, v_one) = (fv & fv >> 1, fv ^ fv >> 1);
    let miss_h = v_full & h_one & !dead1;
    let miss_v = h_full & v_one & !dead1;
    let mut ch = miss_h | miss_h << 8;
    let mut cv = miss_v | miss_v << 1;

    // 2×2 squares by corner b: bottom h(b), h(b+1); top h(b+16), h(b+17);
    // left v(b), v(b+8); right v(b+2), v(b+10). (`bottom_full` is empty on
    // files G and H, `top_full` on ranks 7 and 8, so `ends` needs no mask;
    // `right_full` on files G and H comes from the next rank, so `sides`
    // does.)
    let (bottom_full, bottom_one) = (fh & fh >> 1, fh ^ fh >> 1);
    let (top_full, top_one) = (bottom_full >> 16, bottom_one >> 16);
    let (left_full, left_one) = (fv & fv >> 8, fv ^ fv >> 8);
    let (right_full, right_one) = (left_full >> 2, left_one >> 2);
    let sides = BIG_SQUARES & !dead2 & left_full & right_full;
    let ends = bottom_full & top_full & !dead2;
    let miss_bottom = sides & top_full & bottom_one;
    let miss_top = sides & bottom_full & top_one;
    let miss_left = ends & right_full & left_one;
    let miss_right = ends & left_full & right_one;
    // Each miss marks both segments of its pair; the pair's filled one
    // goes with the mask below.
    let bottom_top = miss_bottom | miss_top << 16;
    let left_right = miss_left | miss_right << 2;
    ch |= bottom_top | bottom_top << 1;
    cv |= left_right | left_right << 8;
    Closing {
        segments: [ch, cv],
        one_short: [
            miss_h | miss_v,
            miss_bottom | miss_top | miss_left | miss_right,
        ],
    }
}

/// More than the placements a position can offer, plus a claim: a pale and
/// a dark are never both legal in one segment once a piece is down (a pale
/// needs a dark end, a dark needs none), so at most 112 segments, each listed
/// twice if it closes; on the empty board nothing closes.
const MAX_PLACEMENTS: usize = 232;

/// The blank slots written over: a power of two above [`MAX_PLACEMENTS`],
/// so that masking an index proves it in range.
const SLOTS: usize = 256;
const _: () = assert!(MAX_PLACEMENTS <= SLOTS);

/// Placeholder moves that the generator overwrites.
const BLANK: [Move; SLOTS] = [Move::place(Kind::Pale, Segment::from_raw(0)); SLOTS];

/// Writes the placements in `board` (segments of orientation `o`: 0
/// horizontal, 1 vertical), announced or not, into `buf` from `n` on, each
/// of the kind that may take it (pale where `pale` holds it, dark
/// elsewhere); returns the new count. (`n` never reaches [`SLOTS`]: see
/// [`MAX_PLACEMENTS`]; the mask only spares a bounds check.)
#[inline]
fn write_placements(
    buf: &mut [Move; SLOTS],
    mut n: usize,
    o: usize,
    board: u64,
    pale: u64,
    announced: bool,
) -> usize {
    let high = (o as u8) << 6;
    let mut bits = board;
    while bits != 0 {
        let b = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        buf[n & (SLOTS - 1)] = Move::Place {
            kind: if pale >> b & 1 == 1 {
                Kind::Pale
            } else {
                Kind::Dark
            },
            segment: Segment::from_raw(high | b),
            announced,
        };
        n += 1;
    }
    n
}

/// The legal placements of each kind as segment boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placements {
    /// Pale: `[horizontal, vertical]`.
    pub pale: [u64; 2],
    /// Dark: `[horizontal, vertical]`.
    pub dark: [u64; 2],
}

impl Placements {
    #[inline]
    pub(crate) const fn any(&self) -> bool {
        self.pale[0] | self.pale[1] | self.dark[0] | self.dark[1] != 0
    }

    /// Whether some segment takes both kinds: only before the first piece
    /// (EOC-7), when every segment does if both supplies have pieces.
    /// Otherwise a pale needs a dark end and a dark must have none (EOC-9),
    /// so each legal segment takes exactly one kind.
    #[inline]
    pub(crate) const fn overlap(&self) -> bool {
        (self.pale[0] & self.dark[0]) | (self.pale[1] & self.dark[1]) != 0
    }

    /// The placement boards in the order of the move list (EOC-22): the
    /// announced (closing) placements horizontal then vertical, then the
    /// unannounced ones (all of them, or with `auto` only the non-closing
    /// ones). Each segment is listed with the one kind it takes, so this
    /// holds only where no segment takes both (see [`overlap`](Self::overlap)).
    #[inline]
    pub(crate) const fn listed(&self, closing: [u64; 2], auto: bool) -> [u64; 4] {
        let h = self.pale[0] | self.dark[0];
        let v = self.pale[1] | self.dark[1];
        if auto {
            [
                h & closing[0],
                v & closing[1],
                h & !closing[0],
                v & !closing[1],
            ]
        } else {
            [h & closing[0], v & closing[1], h, v]
        }
    }

    #[inline]
    pub(crate) const fn of(&self, kind: Kind) -> [u64; 2] {
        match kind {
            Kind::Pale => self.pale,
            Kind::Dark => self.dark,
        }
    }
}

impl Position {
    /// The empty segments that each kind may take, ignoring supplies (EOC-7,
    /// EOC-8, EOC-9).
    #[inline]
    pub(crate) const fn reachable(&self) -> Placements {
        let fh = self.pale[0] | self.dark[0];
        let fv = self.pale[1] | self.dark[1];
        let empty_h = H_SEGMENTS & !fh;
        let empty_v = V_SEGMENTS & !fv;
        if fh | fv == 0 {
            // EOC-7: the first piece is free.
            return Placements {
                pale: [empty_h, empty_v],
                dark: [empty_h, empty_v],
            };
        }
        let d = ends(self.dark[0], self.dark[1]);
        let p = ends(self.pale[0], self.pale[1]);
        Placements {
            pale: [empty_h & touching_h(d), empty_v & touching_v(d)],
            dark: [
                empty_h & touching_h(p) & !touching_h(d),
                empty_v & touching_v(p) & !touching_v(d),
            ],
        }
    }

    /// The placements legal for the player to move, supplies included.
    #[inline]
    pub(crate) const fn placements(&self) -> Placements {
        let mut p = self.reachable();
        let i = self.to_move as usize;
        if self.pale_left[i] == 0 {
            p.pale = [0, 0];
        }
        if self.dark_left[i] == 0 {
            p.dark = [0, 0];
        }
        p
    }

    /// Whether the player to move has a legal placement (EOC-18).
    #[inline]
    pub(crate) const fn has_placement(&self) -> bool {
        self.placements().any()
    }

    /// The empty segments `[horizontal, vertical]` whose filling (by either
    /// kind) closes at least one live square (EOC-12, EOC-13, EOC-15).
    #[inline]
    pub(crate) fn closing(&self) -> [u64; 2] {
        closing(
            self.pale[0] | self.dark[0],
            self.pale[1] | self.dark[1],
            self.reds,
        )
    }

    /// Whether a red may be placed now (red mode, pool not empty), ignoring
    /// the crossing.
    #[inline]
    pub(crate) const fn reds_playable(&self) -> bool {
        self.config.red_mode && self.reds_left > 0
    }

    /// Fills `moves` with every legal move (EOC-22): the claim, the
    /// announced placements (horizontal segments, then vertical, by index),
    /// the unannounced ones the same way (all, or the non-closing ones with
    /// auto-announce), then the reds. Before the first piece a segment takes
    /// both kinds, pale listed before dark.
    #[inline]
    pub(crate) fn generate(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        let placements = self.placements();
        if !placements.any() {
            return;
        }
        if placements.overlap() {
            self.generate_plain(moves);
            return;
        }
        // Blank slots copied in one go, then overwritten, then cut to size:
        // cheaper than a capacity check and a length update per move.
        moves.extend_from_slice(&BLANK);
        let Ok(buf) = <&mut [Move; SLOTS]>::try_from(moves.as_mut_slice()) else {
            // Unreachable (the list was cleared, then given SLOTS moves);
            // the plain generator keeps the result right all the same.
            self.generate_plain(moves);
            return;
        };
        if self.claim_pending {
            buf[0] = Move::Claim;
        }
        let mut n = usize::from(self.claim_pending);
        let boards = placements.listed(self.closing(), self.config.auto_announce);
        for (i, &board) in boards.iter().enumerate() {
            let o = i & 1;
            n = write_placements(buf, n, o, board, placements.pale[o], i < 2);
        }
        moves.truncate(n);
        if self.reds_playable() {
            moves.extend(self.free_crossings().into_iter().map(Move::Red));
        }
    }

    /// The same moves in the same order as [`generate`](Position::generate),
    /// pushed one by one.
    pub(crate) fn generate_plain(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        let placements = self.placements();
        if !placements.any() {
            return;
        }
        if self.claim_pending {
            moves.push(Move::Claim);
        }
        let closing = self.closing();
        for announced in [true, false] {
            for (o, &closes) in closing.iter().enumerate() {
                for sq in Bitboard([H_SEGMENTS, V_SEGMENTS][o]) {
                    let bit = sq.bitboard().0;
                    let listed = match (announced, self.config.auto_announce) {
                        (true, _) => closes & bit != 0,
                        (false, true) => closes & bit == 0,
                        (false, false) => true,
                    };
                    for kind in [Kind::Pale, Kind::Dark] {
                        if listed && placements.of(kind)[o] & bit != 0 {
                            moves.push(Move::Place {
                                kind,
                                segment: Segment::from_raw((o as u8) << 6 | sq as u8),
                                announced,
                            });
                        }
                    }
                }
            }
        }
        if self.reds_playable() {
            moves.extend(self.free_crossings().into_iter().map(Move::Red));
        }
    }

    /// A legal move drawn uniformly at random without a move list, or `None`
    /// when the game is over (for playouts and search).
    ///
    /// It draws exactly the move `moves[rng.below(moves.len())]` of
    /// [`legal_moves`](Position::legal_moves), and as much from `rng`: the
    /// moves are counted on the bitboards, the index is drawn, and the move
    /// of that index is found in the order of the list (the claim, the
    /// announced placements, the unannounced ones, the reds). So a playout
    /// driven by it repeats [`board_core::random_playout`] over the list,
    /// move for move.
    ///
    /// ```
    /// use board_core::Rng;
    /// use echec_o_cube::Position;
    /// let start = Position::default();
    /// let moves = start.legal_moves();
    /// let drawn = start.random_move(&mut Rng::new(7));
    /// assert_eq!(drawn, Some(moves[Rng::new(7).below(moves.len())]));
    /// let mut pos = start;
    /// let mut rng = Rng::new(7);
    /// while let Some(mv) = pos.random_move(&mut rng) {
    ///     pos.play_unchecked(mv);
    /// }
    /// assert!(pos.is_over());
    /// ```
    #[inline]
    pub fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        let p = self.placements();
        if !p.any() {
            return None;
        }
        Some(self.draw(&p, self.closing(), rng))
    }

    /// The move of index `rng.below(count)` in the list, for a position with
    /// a legal placement `p` and closing segments `closing`.
    #[inline]
    pub(crate) fn draw(&self, p: &Placements, closing: [u64; 2], rng: &mut Rng) -> Move {
        let reds = if self.reds_playable() {
            self.free_crossings().0
        } else {
            0
        };
        if p.overlap() {
            return self.draw_first(p, reds, rng);
        }
        let claim = u32::from(self.claim_pending);
        let boards = p.listed(closing, self.config.auto_announce);
        let [a, b, c, d] = boards.map(u64::count_ones);
        // ends[i]: the moves up to the end of board i, the claim included.
        let ends = [
            claim + a,
            claim + a + b,
            claim + a + b + c,
            claim + a + b + c + d,
        ];
        let total = ends[3] + reds.count_ones();
        let k = rng.below(total as usize) as u32;
        if k < claim {
            return Move::Claim;
        }
        // The board that holds move k, found without a branch on k.
        let i = ends.iter().map(|&e| usize::from(k >= e)).sum::<usize>();
        let (board, before) = match i {
            0 => (boards[0], claim),
            1..=3 => (boards[i], ends[i - 1]),
            _ => (reds, ends[3]),
        };
        let bit = BitRanks::new(board).select(k - before) as u8;
        if i == 4 {
            return Square::from_index(usize::from(bit)).map_or(Move::Claim, Move::Red);
        }
        let o = i & 1;
        Move::Place {
            kind: if p.pale[o] >> bit & 1 == 1 {
                Kind::Pale
            } else {
                Kind::Dark
            },
            segment: Segment::from_raw((o as u8) << 6 | bit),
            announced: i < 2,
        }
    }

    /// [`draw`](Self::draw) before the first piece, where both kinds go
    /// anywhere: each segment is listed pale then dark.
    #[cold]
    fn draw_first(&self, p: &Placements, reds: u64, rng: &mut Rng) -> Move {
        let [h, v] = p.pale;
        let (nh, nv) = (2 * h.count_ones(), 2 * v.count_ones());
        let k = rng.below((nh + nv + reds.count_ones()) as usize) as u32;
        let (board, high, k) = if k < nh {
            (h, 0, k)
        } else if k < nh + nv {
            (v, 64, k - nh)
        } else {
            let bit = BitRanks::new(reds).select(k - nh - nv);
            return Square::from_index(bit as usize).map_or(Move::Claim, Move::Red);
        };
        Move::Place {
            kind: if k & 1 == 0 { Kind::Pale } else { Kind::Dark },
            segment: Segment::from_raw(high | BitRanks::new(board).select(k / 2) as u8),
            announced: false,
        }
    }

    /// The number of legal moves, counted on the bitboards.
    pub(crate) fn count(&self) -> u64 {
        let p = self.placements();
        if !p.any() {
            return 0;
        }
        let [ch, cv] = self.closing();
        let mut n = 0;
        for [h, v] in [p.pale, p.dark] {
            n += (h.count_ones() + v.count_ones()) as u64;
            if !self.config.auto_announce {
                n += ((h & ch).count_ones() + (v & cv).count_ones()) as u64;
            }
        }
        if self.claim_pending {
            n += 1;
        }
        if self.reds_playable() {
            n += self.free_crossings().count() as u64;
        }
        n
    }

    /// Every legal move (EOC-22): the claim, the announced placements (the
    /// closing ones), the unannounced ones (all, or the non-closing ones with
    /// auto-announce), each by segment (horizontal before vertical), then the
    /// reds in red mode. Once a piece is down a segment takes one kind only;
    /// before, pale is listed before dark. A finished game has none.
    ///
    /// ```
    /// use echec_o_cube::{Config, Position};
    /// assert_eq!(Position::default().legal_moves().len(), 224);
    /// assert_eq!(Position::new(Config::FAMILY).legal_moves().len(), 224 + 64);
    /// ```
    #[inline]
    pub fn legal_moves(&self) -> MoveList<Move> {
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        moves
    }

    /// Clears `moves` and fills it with [`legal_moves`](Position::legal_moves),
    /// without allocating: the form for loops that reuse one list.
    #[inline]
    pub fn generate_moves(&self, moves: &mut MoveList<Move>) {
        self.generate(moves);
    }

    /// Every legal placement into `segment`, for a UI where the player
    /// clicks a groove: each kind, announced and unannounced as the rules
    /// allow (EOC-6 to EOC-9, EOC-15), in the order of
    /// [`legal_moves`](Position::legal_moves). Empty if the segment can take
    /// no piece now.
    ///
    /// ```
    /// use echec_o_cube::{Kind, Move, Position, Segment};
    /// let mut pos = Position::default();
    /// for text in ["P D5-E5", "F E5-E6", "P D6-E6"] {
    ///     pos.play(pos.parse_move(text)?)?;
    /// }
    /// let d5d6: Segment = "D5-D6".parse()?;
    /// // A dark closes D5-E6: announced or not. A pale touches no dark there.
    /// assert_eq!(
    ///     pos.moves_into(d5d6).as_slice(),
    ///     [Move::announce(Kind::Dark, d5d6), Move::place(Kind::Dark, d5d6)]
    /// );
    /// assert!(pos.moves_into("A1-B1".parse()?).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves_into(&self, segment: Segment) -> MoveList<Move> {
        let mut moves = MoveList::new();
        for kind in [Kind::Pale, Kind::Dark] {
            for mv in [Move::announce(kind, segment), Move::place(kind, segment)] {
                if self.is_legal(mv) {
                    moves.push(mv);
                }
            }
        }
        moves
    }

    /// The legal red move into `crossing`, if there is one (red mode, a red
    /// left in the pool, the crossing free: EOC-10).
    ///
    /// ```
    /// use board_core::Square;
    /// use echec_o_cube::{Config, Move, Position};
    /// let mut pos = Position::new(Config::FAMILY);
    /// assert_eq!(pos.red_into(Square::D5), Some(Move::Red(Square::D5)));
    /// pos.play(pos.parse_move("P D5-E5")?)?;
    /// assert_eq!(pos.red_into(Square::D5), None); // a piece ends there
    /// assert_eq!(Position::default().red_into(Square::A1), None); // red mode off
    /// # Ok::<(), echec_o_cube::PlayError>(())
    /// ```
    pub fn red_into(&self, crossing: Square) -> Option<Move> {
        let mv = Move::Red(crossing);
        self.is_legal(mv).then_some(mv)
    }

    /// The segments where a piece of `kind` may be placed now (EOC-6 to
    /// EOC-9), as a list, for a UI to highlight.
    pub fn legal_segments(&self, kind: Kind) -> Vec<Segment> {
        let [h, v] = self.placements().of(kind);
        Bitboard(h)
            .into_iter()
            .map(|s| Segment::from_raw(s as u8))
            .chain(
                Bitboard(v)
                    .into_iter()
                    .map(|s| Segment::from_raw(64 | s as u8)),
            )
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_core::Rng;

    use crate::config::Config;

    #[test]
    fn placements_any_sees_each_kind_and_direction() {
        let none = Placements {
            pale: [0, 0],
            dark: [0, 0],
        };
        assert!(!none.any());
        for (pale, dark) in [
            ([1, 0], [0, 0]),
            ([0, 1], [0, 0]),
            ([0, 0], [1, 0]),
            ([0, 0], [0, 1]),
            // The same bits in both directions: only darks, as when a player's
            // pales are spent.
            ([0, 0], [1 << 9, 1 << 9]),
            ([1 << 9, 1 << 9], [0, 0]),
            ([0, 1 << 9], [1 << 9, 0]),
        ] {
            assert!(Placements { pale, dark }.any(), "{pale:?} {dark:?}");
        }
    }

    /// The closing segments square by square: each empty segment on the
    /// outline of a live square whose other segments are all filled.
    fn closing_by_squares(fh: u64, fv: u64, reds: u64) -> [u64; 2] {
        let mut out = [0u64; 2];
        let filled = [fh, fv];
        for square in crate::geometry::GameSquare::ALL {
            let dead = match square.size() {
                crate::geometry::Size::Unit => dead_units(reds),
                crate::geometry::Size::Big => dead_bigs(reds),
            } >> square.corner() as u8
                & 1
                == 1;
            let empty: Vec<Segment> = square
                .outline()
                .into_iter()
                .filter(|s| filled[s.index() >> 6] >> (s.index() & 63) & 1 == 0)
                .collect();
            if let [s] = empty[..] {
                if !dead {
                    out[s.index() >> 6] |= 1 << (s.index() & 63);
                }
            }
        }
        out
    }

    // EOC-12, EOC-13, EOC-15: the pairwise test finds the segments that
    // close a live square, on boards of every density, with and without reds.
    #[test]
    fn eoc15_closing_matches_square_by_square() {
        let mut rng = Rng::new(11);
        for round in 0..4000 {
            let mut draw = || {
                let mut x = rng.next_u64();
                for _ in 0..round % 4 {
                    x |= rng.next_u64();
                }
                x
            };
            let (fh, fv) = (draw() & H_SEGMENTS, draw() & V_SEGMENTS);
            let reds = if round % 3 == 0 {
                0
            } else {
                draw() & draw() & draw()
            };
            assert_eq!(
                closing(fh, fv, reds),
                closing_by_squares(fh, fv, reds),
                "{fh:#x} {fv:#x} {reds:#x}"
            );
        }
    }

    // EOC-22: the fast generator lists what the plain one lists, in order,
    // and the count matches.
    #[test]
    fn eoc22_fast_and_plain_generators_agree() {
        let (mut fast, mut plain) = (MoveList::new(), MoveList::new());
        for seed in 0..40u64 {
            let config = Config {
                red_mode: seed % 2 == 0,
                auto_announce: seed % 3 == 0,
                ..Config::default()
            };
            let mut pos = Position::new(config);
            let mut rng = Rng::new(seed);
            loop {
                pos.generate(&mut fast);
                pos.generate_plain(&mut plain);
                assert_eq!(fast, plain);
                assert_eq!(pos.count(), fast.len() as u64);
                if fast.is_empty() {
                    break;
                }
                pos.play_unchecked(fast[rng.below(fast.len())]);
            }
        }
    }
}
