//! The board's geometry: zones (KY-2), cube levels, cube positions and the
//! constant masks the bitboard code works with.

use core::fmt;

use board_core::{Bitboard, File, Rank, Square};

/// The ring of a square: `min(file, 7 - file, rank, 7 - rank)` (KY-2).
const fn ring_of_index(i: usize) -> usize {
    let (f, r) = (i % 8, i / 8);
    let mut m = f;
    if 7 - f < m {
        m = 7 - f;
    }
    if r < m {
        m = r;
    }
    if 7 - r < m {
        m = 7 - r;
    }
    m
}

const fn ring_mask(ring: usize) -> Bitboard {
    let mut bits = 0u64;
    let mut i = 0;
    while i < 64 {
        if ring_of_index(i) == ring {
            bits |= 1 << i;
        }
        i += 1;
    }
    Bitboard(bits)
}

/// The 28 edge squares: Zone 1, the Gates (height limit 1).
pub const GATES: Bitboard = ring_mask(0);
/// The 20 squares of ring 1: Zone 2, the Walls (height limit 2).
pub const WALLS: Bitboard = ring_mask(1);
/// The 12 squares of ring 2: Zone 3, the Castle (height limit 3).
pub const CASTLE: Bitboard = ring_mask(2);
/// D4, E4, D5, E5: Zone 4, the Dungeon (height limit 4).
pub const DUNGEON: Bitboard = ring_mask(3);

/// Rank 1, the bottom edge.
pub const RANK_1: Bitboard = Bitboard::rank(Rank::First);
/// Rank 8, the top edge.
pub const RANK_8: Bitboard = Bitboard::rank(Rank::Eighth);
/// File A, the left edge.
pub const FILE_A: Bitboard = Bitboard::file(File::A);
/// File H, the right edge.
pub const FILE_H: Bitboard = Bitboard::file(File::H);

/// The most cubes the board can hold: 28 + 2·20 + 3·12 + 4·4 = 120 (KY-2).
pub const MAX_CUBES: u32 = 120;

/// One of the four concentric rings of the board (KY-2). Each allows stacks
/// up to its number of cubes.
///
/// ```
/// use kybo::{Square, Zone};
/// assert_eq!(Zone::of(Square::A1), Zone::Gates);
/// assert_eq!(Zone::of(Square::E5), Zone::Dungeon);
/// assert_eq!(Zone::of(Square::C6).max_height(), 3);
/// assert_eq!(Zone::Walls.name(), "Walls");
/// assert_eq!(Zone::Walls.squares().count(), 20);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[repr(u8)]
pub enum Zone {
    /// Zone 1, the Gates (Portes): the 28 edge squares, one cube high.
    Gates = 1,
    /// Zone 2, the Walls (Remparts): 20 squares, two cubes high.
    Walls = 2,
    /// Zone 3, the Castle (Château): 12 squares, three cubes high.
    Castle = 3,
    /// Zone 4, the Dungeon (Donjon): D4, E4, D5, E5, four cubes high.
    Dungeon = 4,
}

impl Zone {
    /// The four zones from the edge inwards.
    pub const ALL: [Zone; 4] = [Zone::Gates, Zone::Walls, Zone::Castle, Zone::Dungeon];

    /// The zone of `square`.
    #[inline]
    pub const fn of(square: Square) -> Zone {
        Zone::ALL[ring_of_index(square as usize)]
    }

    /// The zone's number, 1 (Gates) to 4 (Dungeon).
    #[inline]
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The highest stack the zone allows (equal to its number).
    #[inline]
    pub const fn max_height(self) -> u8 {
        self as u8
    }

    /// The English name: `Gates`, `Walls`, `Castle` or `Dungeon`.
    pub const fn name(self) -> &'static str {
        match self {
            Zone::Gates => "Gates",
            Zone::Walls => "Walls",
            Zone::Castle => "Castle",
            Zone::Dungeon => "Dungeon",
        }
    }

    /// The original French name: `Portes`, `Remparts`, `Château`, `Donjon`.
    pub const fn french_name(self) -> &'static str {
        match self {
            Zone::Gates => "Portes",
            Zone::Walls => "Remparts",
            Zone::Castle => "Château",
            Zone::Dungeon => "Donjon",
        }
    }

    /// The squares of the zone.
    #[inline]
    pub const fn squares(self) -> Bitboard {
        match self {
            Zone::Gates => GATES,
            Zone::Walls => WALLS,
            Zone::Castle => CASTLE,
            Zone::Dungeon => DUNGEON,
        }
    }
}

impl fmt::Display for Zone {
    /// `Zone 2 (Walls)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Zone {} ({})", self.number(), self.name())
    }
}

/// The level of a cube (KY-2): its height in its stack, 1 (on the board) to
/// 4 (the top of a full Dungeon stack), written after `^` in `E5^2`.
///
/// (Named `StackLevel`, not `Level`, because `board_core::Level` is another
/// thing: a 0-based plane of a 3-D chess space, `N1`…`N8`.)
///
/// ```
/// use kybo::StackLevel;
/// assert_eq!(StackLevel::new(2), Some(StackLevel::Second));
/// assert_eq!(StackLevel::new(5), None);
/// assert_eq!(StackLevel::Fourth.number(), 4);
/// assert_eq!("3".parse::<StackLevel>().unwrap(), StackLevel::Third);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum StackLevel {
    /// On the board.
    First = 1,
    /// On top of one cube.
    Second = 2,
    /// On top of two cubes.
    Third = 3,
    /// On top of three cubes (Dungeon only).
    Fourth = 4,
}

impl StackLevel {
    /// The four levels, bottom first.
    pub const ALL: [StackLevel; 4] = [
        StackLevel::First,
        StackLevel::Second,
        StackLevel::Third,
        StackLevel::Fourth,
    ];

    /// The level numbered `n` (1–4).
    #[inline]
    pub const fn new(n: u8) -> Option<StackLevel> {
        match n {
            1..=4 => Some(StackLevel::ALL[n as usize - 1]),
            _ => None,
        }
    }

    /// The level of the cube placed on a stack of `height` cubes (0–3).
    #[inline]
    pub const fn above(height: u8) -> Option<StackLevel> {
        StackLevel::new(height + 1)
    }

    /// The number, 1–4.
    #[inline]
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The index, 0–3 (number − 1).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize - 1
    }
}

impl fmt::Display for StackLevel {
    /// The number, `1`–`4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// Where a cube sits: its square and its level. Written `E5^2` (KY-10).
///
/// ```
/// use kybo::{Cube, StackLevel, Square};
/// let cube: Cube = "e5^2".parse()?;
/// assert_eq!(cube, Cube::new(Square::E5, StackLevel::Second));
/// assert_eq!(cube.to_string(), "E5^2");
/// # Ok::<(), kybo::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cube {
    level: StackLevel,
    square: Square,
}

impl Cube {
    /// The cube at `level` on `square`.
    #[inline]
    pub const fn new(square: Square, level: StackLevel) -> Cube {
        Cube { level, square }
    }

    /// Its square.
    #[inline]
    pub const fn square(self) -> Square {
        self.square
    }

    /// Its level.
    #[inline]
    pub const fn level(self) -> StackLevel {
        self.level
    }
}

impl fmt::Display for Cube {
    /// `E5^2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^{}", self.square, self.level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ParseMoveError;

    // KY-2: ring sizes and zones.
    #[test]
    fn ky2_zone_masks_match_the_ring_formula() {
        assert_eq!(GATES.count(), 28);
        assert_eq!(WALLS.count(), 20);
        assert_eq!(CASTLE.count(), 12);
        assert_eq!(DUNGEON.count(), 4);
        assert_eq!((GATES | WALLS | CASTLE | DUNGEON).0, !0);
        assert_eq!(GATES, Bitboard::EDGES);
        for sq in Square::ALL {
            let (f, r) = (sq.file().index(), sq.rank().index());
            let ring = f.min(7 - f).min(r).min(7 - r);
            let zone = Zone::of(sq);
            assert_eq!(zone.number() as usize, ring + 1);
            assert!(zone.squares().contains(sq));
        }
        let dungeon: Vec<Square> = DUNGEON.iter().collect();
        assert_eq!(dungeon, [Square::D4, Square::E4, Square::D5, Square::E5]);
        let total: u32 = Zone::ALL
            .iter()
            .map(|z| z.squares().count() * z.max_height() as u32)
            .sum();
        assert_eq!(total, MAX_CUBES);
        assert_eq!(Zone::Castle.to_string(), "Zone 3 (Castle)");
        assert_eq!(Zone::Castle.french_name(), "Château");
    }

    #[test]
    fn levels_and_cubes_round_trip() {
        for (i, l) in StackLevel::ALL.into_iter().enumerate() {
            assert_eq!(l.index(), i);
            assert_eq!(StackLevel::new(l.number()), Some(l));
            assert_eq!(l.to_string().parse::<StackLevel>(), Ok(l));
            for sq in Square::ALL {
                let c = Cube::new(sq, l);
                assert_eq!(c.to_string().parse::<Cube>(), Ok(c));
                assert_eq!(c.to_string().to_lowercase().parse::<Cube>(), Ok(c));
            }
        }
        assert_eq!(StackLevel::new(0), None);
        assert_eq!(StackLevel::above(3), Some(StackLevel::Fourth));
        assert_eq!(StackLevel::above(4), None);
        assert!("5".parse::<StackLevel>().is_err());
        assert!("".parse::<StackLevel>().is_err());
        assert!(matches!(
            "E5".parse::<Cube>(),
            Err(ParseMoveError::MissingLevel { .. })
        ));
    }
}
