//! The game state [`Position`]: pieces as segment bitboards, reds, closed
//! squares, scores, supplies, the pending claim and whose turn it is.

use core::fmt;

use board_core::{Bitboard, Outcome, Rng, Square};

use crate::config::Config;
// `pub(crate)` for the files that still name them through `position`.
use crate::geometry::{GameSquare, Segment, Size, BIG_SQUARES, UNIT_SQUARES};
pub(crate) use crate::piece::{Category, Kind, Player};

/// A closed square as a UI shows it: which square, who closed it, who
/// scored it, its category, whether it is dead and what it is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ClosedSquare {
    /// The square.
    pub square: GameSquare,
    /// The player whose placement closed it.
    pub closed_by: Player,
    /// The player who scored its points: the closer if they announced
    /// (EOC-16), the other player if they claimed them (EOC-17); `None` if
    /// it is dead, its points lapsed, or they are still claimable.
    pub scored_by: Option<Player>,
    /// Its category by the darks on its outline.
    pub category: Category,
    /// A red stands on its outline: it is worth 0 (EOC-13).
    pub dead: bool,
    /// Its worth: the configured points of its category, or 0 if dead.
    pub points: u16,
}

/// Why a game ended (EOC-18): the player to move has no legal placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum EndReason {
    /// All 112 segments hold a piece.
    BoardFull,
    /// The player to move has no piece left in their supply.
    OutOfPieces,
    /// Empty segments remain but none can take a piece the player has (blockage).
    Blockage,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::BoardFull => "board full",
            EndReason::OutOfPieces => "out of pieces",
            EndReason::Blockage => "blockage",
        })
    }
}

/// The state of a game of ÉCHEC O CUBE, a small `Copy` value (128 bytes, two
/// cache lines) to be searched by copy-make.
///
/// Two positions are equal (and hash alike) when their position texts
/// (EOC-23) and configurations are equal: the last placement, which the
/// text does not hold, is not part of a position's identity (see
/// [`last_closed`](Position::last_closed)).
///
/// ```
/// use echec_o_cube::{Move, Player, Position};
///
/// let mut pos = Position::default(); // standard rules, One first
/// pos.play("P D5-E5".parse()?)?;          // the first piece is free (EOC-7)
/// assert_eq!(pos.turn(), Player::Two);
/// assert!(pos.play("P D5-D6".parse()?).is_err()); // a pale must touch a dark
/// pos.play("F E5-E6".parse()?)?;
/// assert_eq!(pos.supply(Player::Two), (50, 19));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Position {
    /// Pale pieces: `[horizontal by left crossing, vertical by bottom crossing]`.
    pub(crate) pale: [u64; 2],
    /// Dark pieces, same layout.
    pub(crate) dark: [u64; 2],
    /// Crossings holding a red.
    pub(crate) reds: u64,
    /// Closed squares `[unit, big]` by bottom-left corner.
    pub(crate) closed: [u64; 2],
    /// Of the closed squares, those closed by player Two.
    pub(crate) closed_by_two: [u64; 2],
    /// Of the closed squares, those somebody scored.
    pub(crate) scored: [u64; 2],
    /// Of the scored squares, those player Two scored.
    pub(crate) scored_by_two: [u64; 2],
    /// Points scored by each player.
    pub(crate) points: [u16; 2],
    /// Points a claim would score.
    pub(crate) claimable: u16,
    /// Pales left per player.
    pub(crate) pale_left: [u8; 2],
    /// Darks left per player.
    pub(crate) dark_left: [u8; 2],
    /// Reds left in the shared pool.
    pub(crate) reds_left: u8,
    /// Whose turn it is.
    pub(crate) to_move: Player,
    /// Whether a claim is possible.
    pub(crate) claim_pending: bool,
    /// The segment index of the last placement, or [`NO_LAST`].
    pub(crate) last: u8,
    /// The rules in force.
    pub(crate) config: Config,
}

/// [`Position::last`] before any placement.
pub(crate) const NO_LAST: u8 = 0xff;

/// The squares `[unit, big]` (by corner) whose outline holds the segment of
/// index `i` (EOC-11), read from a table (no branch on the orientation).
#[inline]
pub(crate) const fn squares_around(i: u8) -> [u64; 2] {
    SQUARES_AROUND[(i & 127) as usize]
}

/// [`squares_around`] for every segment index (128 × 16 bytes).
const SQUARES_AROUND: [[u64; 2]; 128] = {
    let mut table = [[0u64; 2]; 128];
    let mut i = 0;
    while i < 128 {
        let bit = 1u64 << (i & 63);
        table[i] = if i < 64 {
            [
                (bit | bit >> 8) & UNIT_SQUARES,
                (bit | bit >> 1 | bit >> 16 | bit >> 17) & BIG_SQUARES,
            ]
        } else {
            [
                (bit | bit >> 1) & UNIT_SQUARES,
                (bit | bit >> 2 | bit >> 8 | bit >> 10) & BIG_SQUARES,
            ]
        };
        i += 1;
    }
    table
};

/// Crossings where the pieces of the given segment boards end (EOC-8).
#[inline]
pub(crate) const fn ends(h: u64, v: u64) -> u64 {
    h | h << 1 | v | v << 8
}

/// Unit squares (by corner) with a red on their outline (EOC-13).
#[inline]
pub(crate) const fn dead_units(reds: u64) -> u64 {
    (reds | reds >> 1 | reds >> 8 | reds >> 9) & UNIT_SQUARES
}

/// 2×2 squares (by corner) with a red on their outline (EOC-13).
#[inline]
pub(crate) const fn dead_bigs(reds: u64) -> u64 {
    let row = reds | reds >> 1 | reds >> 2;
    (row | row >> 16 | reds >> 8 | reds >> 10) & BIG_SQUARES
}

/// Unit squares whose four sides are filled.
#[inline]
pub(crate) const fn full_units(h: u64, v: u64) -> u64 {
    h & h >> 8 & v & v >> 1 & UNIT_SQUARES
}

/// 2×2 squares whose eight outline segments are filled.
#[inline]
pub(crate) const fn full_bigs(h: u64, v: u64) -> u64 {
    let h2 = h & h >> 1;
    let v2 = v & v >> 8;
    h2 & h2 >> 16 & v2 & v2 >> 2 & BIG_SQUARES
}

/// What makes a position's identity: everything but the last placement,
/// with the claim as [`Position::claimable`] gives it.
type Key = (
    [u64; 2],
    [u64; 2],
    u64,
    [[u64; 2]; 4],
    [u16; 2],
    Option<u16>,
    [u8; 4],
    u8,
    Player,
    Config,
);

impl Position {
    fn key(&self) -> Key {
        (
            self.pale,
            self.dark,
            self.reds,
            [
                self.closed,
                self.closed_by_two,
                self.scored,
                self.scored_by_two,
            ],
            self.points,
            self.claimable(),
            [
                self.pale_left[0],
                self.pale_left[1],
                self.dark_left[0],
                self.dark_left[1],
            ],
            self.reds_left,
            self.to_move,
            self.config,
        )
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl Default for Position {
    /// The start of a game under the default configuration, One first.
    fn default() -> Position {
        Position::new(Config::default())
    }
}

impl Position {
    /// The start of a game under `config`, `config.first` to move (EOC-5).
    ///
    /// ```
    /// use echec_o_cube::{Config, Player, Position};
    /// let pos = Position::new(Config::FAMILY.with_first(Player::Two));
    /// assert_eq!(pos.turn(), Player::Two);
    /// assert_eq!(pos.reds_left(), 10);
    /// ```
    pub const fn new(config: Config) -> Position {
        Position {
            pale: [0; 2],
            dark: [0; 2],
            reds: 0,
            closed: [0; 2],
            closed_by_two: [0; 2],
            scored: [0; 2],
            scored_by_two: [0; 2],
            points: [0; 2],
            claimable: 0,
            pale_left: [config.pale; 2],
            dark_left: [config.dark; 2],
            reds_left: config.reds,
            to_move: config.first,
            claim_pending: false,
            last: NO_LAST,
            config,
        }
    }

    /// The start of a game under `config` whose first player is chosen by a
    /// coin toss with the caller's `seed` (EOC-5), whatever `config.first`
    /// says; the position's [`config`](Position::config) names the winner of
    /// the toss.
    ///
    /// ```
    /// use echec_o_cube::{Config, Position};
    /// let pos = Position::toss(Config::default(), 3);
    /// assert_eq!(pos.config().first, pos.turn());
    /// ```
    pub fn toss(config: Config, seed: u64) -> Position {
        let first = if Rng::new(seed).below(2) == 0 {
            Player::One
        } else {
            Player::Two
        };
        Position::new(config.with_first(first))
    }

    /// The rules in force (its `first` is who played first).
    #[inline]
    pub const fn config(&self) -> Config {
        self.config
    }

    /// The player whose turn it is (also during a bonus turn).
    #[inline]
    pub const fn turn(&self) -> Player {
        self.to_move
    }

    /// Points scored so far by `player` (EOC-16, EOC-17).
    #[inline]
    pub const fn points(&self, player: Player) -> u16 {
        self.points[player as usize]
    }

    /// `(pale, dark)` pieces left in `player`'s supply.
    #[inline]
    pub const fn supply(&self, player: Player) -> (u8, u8) {
        (
            self.pale_left[player as usize],
            self.dark_left[player as usize],
        )
    }

    /// Reds left in the shared pool.
    #[inline]
    pub const fn reds_left(&self) -> u8 {
        self.reds_left
    }

    /// The points a claim would score now, or `None` if no claim is legal
    /// (EOC-17).
    pub fn claimable(&self) -> Option<u16> {
        (self.claim_pending && !self.is_over()).then_some(self.claimable)
    }

    /// The piece in `segment`, if any.
    pub const fn piece_at(&self, segment: Segment) -> Option<Kind> {
        let i = segment.index();
        let (o, bit) = (i >> 6, 1u64 << (i & 63));
        if self.pale[o] & bit != 0 {
            Some(Kind::Pale)
        } else if self.dark[o] & bit != 0 {
            Some(Kind::Dark)
        } else {
            None
        }
    }

    /// Every piece on the board with its segment.
    pub fn pieces(&self) -> impl Iterator<Item = (Segment, Kind)> + '_ {
        Segment::ALL
            .iter()
            .filter_map(|&s| self.piece_at(s).map(|k| (s, k)))
    }

    /// The number of pieces (pale and dark) on the board.
    #[inline]
    pub const fn piece_count(&self) -> u32 {
        (self.pale[0] | self.dark[0]).count_ones() + (self.pale[1] | self.dark[1]).count_ones()
    }

    /// Crossings holding a red.
    #[inline]
    pub const fn reds(&self) -> Bitboard {
        Bitboard(self.reds)
    }

    /// Crossings where a piece of `kind` ends (EOC-8).
    #[inline]
    pub const fn ends_of(&self, kind: Kind) -> Bitboard {
        let b = match kind {
            Kind::Pale => self.pale,
            Kind::Dark => self.dark,
        };
        Bitboard(ends(b[0], b[1]))
    }

    /// Crossings where a red may stand: no red, no piece ending there (EOC-10).
    #[inline]
    pub const fn free_crossings(&self) -> Bitboard {
        let h = self.pale[0] | self.dark[0];
        let v = self.pale[1] | self.dark[1];
        Bitboard(!(ends(h, v) | self.reds))
    }

    /// Whether a red stands on the outline of `square` (EOC-13).
    pub const fn is_dead(&self, square: GameSquare) -> bool {
        let c = square.corner() as u8;
        let dead = match square.size() {
            Size::Unit => dead_units(self.reds),
            Size::Big => dead_bigs(self.reds),
        };
        dead >> c & 1 == 1
    }

    /// The category of `square` by the darks on its outline (EOC-14).
    pub const fn category(&self, square: GameSquare) -> Category {
        match square.size() {
            Size::Big => Category::Big,
            Size::Unit => {
                let c = square.corner() as u8;
                let (h, v) = (self.dark[0], self.dark[1]);
                let n = (h >> c & 1) + (h >> (c + 8) & 1) + (v >> c & 1) + (v >> (c + 1) & 1);
                match n {
                    0 => Category::Standard,
                    1 => Category::Enriched,
                    _ => Category::Maximal,
                }
            }
        }
    }

    fn closed_square(&self, square: GameSquare) -> ClosedSquare {
        let (o, c) = (square.size() as usize, square.corner() as u8);
        let category = self.category(square);
        let dead = self.is_dead(square);
        let bit = |b: [u64; 2]| b[o] >> c & 1 == 1;
        let player = |two: bool| if two { Player::Two } else { Player::One };
        ClosedSquare {
            square,
            closed_by: player(bit(self.closed_by_two)),
            scored_by: bit(self.scored).then(|| player(bit(self.scored_by_two))),
            category,
            dead,
            points: if dead {
                0
            } else {
                self.config.points.of(category) as u16
            },
        }
    }

    fn squares_in(&self, boards: [u64; 2]) -> impl Iterator<Item = ClosedSquare> + '_ {
        let units = Bitboard(boards[0]).into_iter().filter_map(GameSquare::unit);
        let bigs = Bitboard(boards[1]).into_iter().filter_map(GameSquare::big);
        units.chain(bigs).map(|s| self.closed_square(s))
    }

    /// Whether `square` is closed (EOC-12).
    pub const fn is_closed(&self, square: GameSquare) -> bool {
        self.closed[square.size() as usize] >> square.corner() as u8 & 1 == 1
    }

    /// Every closed square, 1×1 first, with who closed and who scored it,
    /// its category, whether it is dead and its worth.
    pub fn closed_squares(&self) -> impl Iterator<Item = ClosedSquare> + '_ {
        self.squares_in(self.closed)
    }

    /// The squares `[unit, big]` the last placement closed.
    #[inline]
    pub(crate) const fn last_closed_boards(&self) -> [u64; 2] {
        if self.last == NO_LAST {
            return [0; 2];
        }
        let around = squares_around(self.last);
        [self.closed[0] & around[0], self.closed[1] & around[1]]
    }

    /// The squares the last placement closed, if any, with who scored them
    /// so far. Reds and claims close nothing and leave this list as the last
    /// placement set it (a claim fills in the scorer).
    ///
    /// A position read from text ([`from_text`](Position::from_text)) knows
    /// no last placement: the list is empty, unless points are claimable,
    /// when it holds the squares a claim would score (see the text module's
    /// decisions in the crate docs).
    ///
    /// ```
    /// use echec_o_cube::{Player, Position};
    /// let mut pos = Position::default();
    /// for text in ["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6"] {
    ///     pos.play(pos.parse_move(text)?)?;
    /// }
    /// let closed: Vec<_> = pos.last_closed().collect();
    /// assert_eq!(closed.len(), 1);
    /// assert_eq!((closed[0].closed_by, closed[0].scored_by), (Player::Two, None));
    /// pos.play(pos.parse_move("claim")?)?;
    /// assert_eq!(pos.last_closed().next().unwrap().scored_by, Some(Player::One));
    /// # Ok::<(), echec_o_cube::PlayError>(())
    /// ```
    pub fn last_closed(&self) -> impl Iterator<Item = ClosedSquare> + '_ {
        self.squares_in(self.last_closed_boards())
    }

    /// Whether the game is over: the player to move has no legal placement
    /// (EOC-18).
    #[inline]
    pub fn is_over(&self) -> bool {
        !self.has_placement()
    }

    /// Why the game ended, or `None` while it goes on (EOC-18).
    pub fn end_reason(&self) -> Option<EndReason> {
        if !self.is_over() {
            None
        } else if self.piece_count() == 112 {
            Some(EndReason::BoardFull)
        } else if self.supply(self.to_move) == (0, 0) {
            Some(EndReason::OutOfPieces)
        } else {
            Some(EndReason::Blockage)
        }
    }

    /// The final count of `player` (EOC-19): points − 1 per pale left − 2 per
    /// dark left. Meaningful at any time; final once the game is over.
    pub const fn final_count(&self, player: Player) -> i32 {
        let i = player as usize;
        self.points[i] as i32 - self.pale_left[i] as i32 - 2 * self.dark_left[i] as i32
    }

    /// The winner or draw once the game is over (EOC-19), `None` while it
    /// goes on.
    pub fn outcome(&self) -> Option<Outcome<Player, EndReason>> {
        let reason = self.end_reason()?;
        let (a, b) = (self.final_count(Player::One), self.final_count(Player::Two));
        Some(match a.cmp(&b) {
            core::cmp::Ordering::Greater => Outcome::Win {
                winner: Player::One,
                reason,
            },
            core::cmp::Ordering::Less => Outcome::Win {
                winner: Player::Two,
                reason,
            },
            core::cmp::Ordering::Equal => Outcome::Draw { reason },
        })
    }

    /// The player with the higher final count once the game is over
    /// (EOC-19), `None` while it goes on or after a draw.
    ///
    /// ```
    /// use echec_o_cube::Position;
    /// let pos = Position::default();
    /// assert_eq!((pos.winner(), pos.is_draw(), pos.is_over()), (None, false, false));
    /// ```
    pub fn winner(&self) -> Option<Player> {
        self.outcome()?.winner()
    }

    /// Whether the game is over with equal final counts (EOC-19).
    pub fn is_draw(&self) -> bool {
        self.outcome().is_some_and(|o| o.is_draw())
    }

    /// The number of legal moves (what perft counts at its last ply),
    /// without listing them.
    ///
    /// ```
    /// use echec_o_cube::Position;
    /// let pos = Position::default();
    /// assert_eq!(pos.count_legal_moves(), pos.legal_moves().len() as u64);
    /// ```
    pub fn count_legal_moves(&self) -> u64 {
        self.count()
    }

    /// Whether a red stands in crossing `sq`.
    #[inline]
    pub const fn has_red(&self, sq: Square) -> bool {
        self.reds >> sq as u8 & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_index_and_order() {
        assert_eq!(Player::One.index(), 0);
        assert_eq!(Player::Two.index(), 1);
        assert_eq!(Player::ALL.map(Player::index), [0, 1]);
    }

    // Copy-make stays cheap: the state fits in two cache lines.
    #[test]
    fn position_fits_two_cache_lines() {
        assert!(core::mem::size_of::<Position>() <= 128);
        assert_eq!(core::mem::size_of::<crate::Move>(), 3);
    }

    // EOC-18: end reasons read back what they print.
    #[test]
    fn eoc18_end_reason_text() {
        for r in [
            EndReason::BoardFull,
            EndReason::OutOfPieces,
            EndReason::Blockage,
        ] {
            assert_eq!(r.to_string().parse::<EndReason>(), Ok(r));
        }
        assert!("stalemate".parse::<EndReason>().is_err());
    }
}
