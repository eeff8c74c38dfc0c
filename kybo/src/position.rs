//! The game state: [`Position`], its invariants and the queries a user
//! interface or a search needs.

use core::fmt;

use board_core::{Bitboard, Color, Outcome, Square};

use crate::config::Config;
use crate::geometry::{Cube, StackLevel, Zone, MAX_CUBES};
use crate::network::{kybo_networks, Network};

/// Why a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndReason {
    /// The winner's network joins two opposite edges (KY-8).
    Kybo,
    /// All 120 places are taken and nobody made KYBO (KY-9).
    BoardFull,
    /// The player to move has no cube left and nobody made KYBO (KY-6, KY-9).
    NoCubeLeft,
}

impl fmt::Display for EndReason {
    /// `KYBO`, `board full` or `no cube left`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Kybo => "KYBO",
            EndReason::BoardFull => "board full",
            EndReason::NoCubeLeft => "no cube left",
        })
    }
}

/// The cubes of one square, bottom to top (at most 4).
///
/// ```
/// use kybo::{Color, StackLevel, Position, Square};
/// let pos = Position::from_text("......../......../......../...(wb)..../...w..../......../......../........ b")?;
/// let stack = pos.stack(Square::D5);
/// assert_eq!(stack.height(), 2);
/// assert_eq!(stack.get(StackLevel::First), Some(Color::White));
/// assert_eq!(stack.top(), Some(Color::Black));
/// assert_eq!(stack.iter().collect::<Vec<_>>(), [Color::White, Color::Black]);
/// # Ok::<(), kybo::PositionError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stack {
    height: u8,
    /// Bit `i` set: the cube at level `i + 1` is Black.
    black: u8,
}

impl Stack {
    /// The number of cubes, 0–4.
    #[inline]
    pub const fn height(self) -> u8 {
        self.height
    }

    /// Whether there is no cube.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.height == 0
    }

    /// The colour of the cube at `level`, if there is one.
    #[inline]
    pub const fn get(self, level: StackLevel) -> Option<Color> {
        if level.number() > self.height {
            None
        } else if self.black >> level.index() & 1 == 1 {
            Some(Color::Black)
        } else {
            Some(Color::White)
        }
    }

    /// The colour of the top cube.
    #[inline]
    pub const fn top(self) -> Option<Color> {
        match StackLevel::new(self.height) {
            Some(l) => self.get(l),
            None => None,
        }
    }

    /// The colours bottom to top.
    pub fn iter(self) -> impl Iterator<Item = Color> {
        StackLevel::ALL.into_iter().map_while(move |l| self.get(l))
    }
}

/// A KYBO position: the cubes on the board, the side to move, the supply
/// option and whether someone has won. It is small (`Copy`, 72 bytes): search
/// by copy-make.
///
/// Every `Position` obeys the rules: it is built from the empty board by
/// legal moves, or from a position text that passed the checks of KY-11.
///
/// ```
/// use kybo::{Color, Move, Position, Square};
/// let mut pos = Position::default();
/// assert_eq!(pos.turn(), Color::White);
/// pos.play(Move::new(Square::E5))?;
/// pos.play(Move::new(Square::E5))?; // Black stacks on White: level 2
/// assert_eq!(pos.height(Square::E5), 2);
/// assert!(pos.play(Move::new(Square::A1)).is_err()); // touches nothing
/// # Ok::<(), kybo::PlayError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// `cubes[colour][level - 1]`: the squares where that colour has a cube at that level.
    pub(crate) cubes: [[u64; 4]; 2],
    /// Cubes placed by each colour.
    pub(crate) placed: [u8; 2],
    pub(crate) to_move: Color,
    pub(crate) winner: Option<Color>,
    pub(crate) config: Config,
}

impl Default for Position {
    /// The empty board, White to move, with the default configuration
    /// (unlimited supply).
    fn default() -> Position {
        Position::new(Config::UNLIMITED)
    }
}

impl Position {
    /// The empty board, White to move, in a game with `config`.
    ///
    /// ```
    /// use kybo::{Color, Config, Position};
    /// let pos = Position::new(Config::with_supply(20));
    /// assert_eq!(pos.cubes_left(Color::White), Some(20));
    /// assert_eq!(Position::new(Config::default()), Position::default());
    /// ```
    pub const fn new(config: Config) -> Position {
        Position {
            cubes: [[0; 4]; 2],
            placed: [0; 2],
            to_move: Color::White,
            winner: None,
            config,
        }
    }

    /// The options of this game.
    #[inline]
    pub const fn config(&self) -> Config {
        self.config
    }

    /// The player whose turn it is (after a KYBO: the loser, who may not move).
    #[inline]
    pub const fn turn(&self) -> Color {
        self.to_move
    }

    /// The squares where `color` has a cube at `level`.
    #[inline]
    pub const fn cubes(&self, color: Color, level: StackLevel) -> Bitboard {
        Bitboard(self.cubes[color as usize][level.index()])
    }

    /// Every cube on the board with its colour: level by level from the
    /// ground, White's before Black's, squares in index order.
    ///
    /// ```
    /// use kybo::{Color, Match, StackLevel};
    /// let mut game = Match::default();
    /// game.play(game.parse_move("E5")?)?;
    /// game.play(game.parse_move("E5")?)?;
    /// let pieces: Vec<_> = game.position().pieces().collect();
    /// assert_eq!(pieces.len(), 2);
    /// assert_eq!(pieces[1].0.level(), StackLevel::Second);
    /// assert_eq!(pieces[1].1, Color::Black);
    /// # Ok::<(), kybo::PlayError>(())
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Cube, Color)> + '_ {
        StackLevel::ALL.into_iter().flat_map(move |level| {
            Color::ALL.into_iter().flat_map(move |color| {
                self.cubes(color, level)
                    .into_iter()
                    .map(move |square| (Cube::new(square, level), color))
            })
        })
    }

    /// The squares whose stack reaches `level`.
    #[inline]
    pub const fn occupied(&self, level: StackLevel) -> Bitboard {
        let l = level.index();
        Bitboard(self.cubes[0][l] | self.cubes[1][l])
    }

    #[inline(always)]
    pub(crate) const fn occ(&self, l: usize) -> u64 {
        self.cubes[0][l] | self.cubes[1][l]
    }

    /// The number of cubes on `square`, 0–4.
    #[inline]
    pub const fn height(&self, square: Square) -> u8 {
        let s = square as u8;
        ((self.occ(0) >> s & 1)
            + (self.occ(1) >> s & 1)
            + (self.occ(2) >> s & 1)
            + (self.occ(3) >> s & 1)) as u8
    }

    /// The cubes on `square`, bottom to top.
    pub const fn stack(&self, square: Square) -> Stack {
        let s = square as u8;
        let mut black = 0u8;
        let mut l = 0;
        while l < 4 {
            black |= ((self.cubes[1][l] >> s & 1) as u8) << l;
            l += 1;
        }
        Stack {
            height: self.height(square),
            black,
        }
    }

    /// The colour of the cube at `cube`'s place, if there is one.
    #[inline]
    pub const fn cube(&self, cube: Cube) -> Option<Color> {
        let s = cube.square() as u8;
        let l = cube.level().index();
        if self.cubes[0][l] >> s & 1 == 1 {
            Some(Color::White)
        } else if self.cubes[1][l] >> s & 1 == 1 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The top cube of the stack on `square` (its square and level), or
    /// `None` on an empty square: where a cube just placed there came to rest.
    ///
    /// ```
    /// use kybo::{Move, Position, Square, StackLevel};
    /// let mut pos = Position::default();
    /// assert_eq!(pos.top_cube(Square::E5), None);
    /// pos.play(Move::new(Square::E5))?;
    /// assert_eq!(pos.top_cube(Square::E5).map(|c| c.level()), Some(StackLevel::First));
    /// # Ok::<(), kybo::PlayError>(())
    /// ```
    pub fn top_cube(&self, square: Square) -> Option<Cube> {
        let level = StackLevel::new(self.height(square))?;
        Some(Cube::new(square, level))
    }

    /// The zone of `square` (same as [`Zone::of`]).
    #[inline]
    pub const fn zone(&self, square: Square) -> Zone {
        Zone::of(square)
    }

    /// The cubes `color` has placed.
    #[inline]
    pub const fn placed(&self, color: Color) -> u32 {
        self.placed[color as usize] as u32
    }

    /// The cubes `color` still has, or `None` with an unlimited supply.
    #[inline]
    pub const fn cubes_left(&self, color: Color) -> Option<u32> {
        match self.config.supply.cubes() {
            Some(n) => Some((n as u32).saturating_sub(self.placed(color))),
            None => None,
        }
    }

    /// All cubes on the board.
    #[inline]
    pub const fn total_cubes(&self) -> u32 {
        self.placed[0] as u32 + self.placed[1] as u32
    }

    /// Whether the player to move has used up a limited supply.
    #[inline(always)]
    pub(crate) const fn supply_exhausted(&self) -> bool {
        match self.config.supply.cubes() {
            Some(n) => self.placed[self.to_move as usize] >= n,
            None => false,
        }
    }

    /// The player who made KYBO, if any.
    #[inline]
    pub const fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// How the game ended, or `None` while it goes on.
    pub const fn outcome(&self) -> Option<Outcome<Color, EndReason>> {
        if let Some(winner) = self.winner {
            Some(Outcome::Win {
                winner,
                reason: EndReason::Kybo,
            })
        } else if self.supply_exhausted() {
            Some(Outcome::Draw {
                reason: EndReason::NoCubeLeft,
            })
        } else if self.total_cubes() >= MAX_CUBES {
            Some(Outcome::Draw {
                reason: EndReason::BoardFull,
            })
        } else {
            None
        }
    }

    /// Whether the game ended in a draw (KY-9).
    #[inline]
    pub const fn is_draw(&self) -> bool {
        matches!(self.outcome(), Some(Outcome::Draw { .. }))
    }

    /// Whether the game has ended.
    #[inline]
    pub const fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The cubes of the winning network, so that a user interface can light
    /// up the KYBO; `None` while nobody has won. (In a game played from the
    /// empty board it is one network, the one holding the last cube placed.)
    pub fn winning_network(&self) -> Option<Network> {
        let winner = self.winner?;
        Some(Network::from_raw(kybo_networks(
            &self.cubes[winner as usize],
        )))
    }

    /// The network (KY-7) of the cube at `cube`, or `None` if the place is empty.
    pub fn network_of(&self, cube: Cube) -> Option<Network> {
        let color = self.cube(cube)?;
        let mut seed = [0u64; 4];
        seed[cube.level().index()] = cube.square().bitboard().0;
        Some(Network::from_raw(crate::network::flood(
            &self.cubes[color as usize],
            seed,
        )))
    }

    /// Whether `color`'s cubes hold a KYBO (KY-8), whoever is to move.
    pub fn has_kybo(&self, color: Color) -> bool {
        kybo_networks(&self.cubes[color as usize])[0] != 0
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("text", &self.to_text())
            .field("config", &self.config)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_is_small_and_copy() {
        fn is_copy<T: Copy>() {}
        is_copy::<Position>();
        assert!(core::mem::size_of::<Position>() <= 72);
    }

    #[test]
    fn stack_queries() {
        let s = Stack {
            height: 3,
            black: 0b010,
        };
        assert_eq!(s.get(StackLevel::First), Some(Color::White));
        assert_eq!(s.get(StackLevel::Second), Some(Color::Black));
        assert_eq!(s.get(StackLevel::Fourth), None);
        assert_eq!(s.top(), Some(Color::White));
        assert_eq!(Stack::default().top(), None);
        assert!(Stack::default().is_empty());
    }

    #[test]
    fn stacks_and_occupied_levels_count_both_colours() {
        // White D4; D5 holds White then Black; Black E4.
        let pos = Position::from_text(
            "......../......../......../...(wb)..../...wb.../......../......../........ w",
        )
        .unwrap();
        let bb = |squares: &[Square]| squares.iter().copied().collect::<Bitboard>();
        assert_eq!(
            pos.occupied(StackLevel::First),
            bb(&[Square::D4, Square::D5, Square::E4])
        );
        assert_eq!(pos.occupied(StackLevel::Second), bb(&[Square::D5]));
        assert_eq!(pos.occupied(StackLevel::Third), Bitboard::EMPTY);
        assert!(!pos.stack(Square::D5).is_empty());
        assert!(!pos.stack(Square::E4).is_empty());
        assert!(pos.stack(Square::A1).is_empty());
    }
}
