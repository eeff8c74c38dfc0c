//! The position types: [`FixedPosition`] (level count fixed at compile time,
//! the fast core) and [`Position`] (level count chosen at run time).

use core::fmt;

use board_core::{Bitboard, Cell, Color, Level, Square};

use crate::config::Config;
use crate::geometry::home_level;
use crate::piece::{Piece, Role};
use crate::zobrist::{key_of, KEYS};

/// The 512 cells by index, so the move generator builds cells by lookup.
pub(crate) const CELLS: [Cell; 512] = {
    let mut t = [Cell::new(Level::N1, Square::A1); 512];
    let mut i = 0;
    while i < 512 {
        t[i] = match Cell::from_index(i) {
            Some(c) => c,
            None => Cell::new(Level::N1, Square::A1),
        };
        i += 1;
    }
    t
};

/// Castling rights (C3-15, C3-19): `K` White short, `Q` White long, `k`, `q` Black.
///
/// ```
/// use chess3d::CastlingRights;
/// let r: CastlingRights = "Kq".parse()?;
/// assert!(r.has(board_core::Color::White, true));
/// assert!(!r.has(board_core::Color::White, false));
/// assert_eq!(r.to_string(), "Kq");
/// assert_eq!(CastlingRights::NONE.to_string(), "-");
/// # Ok::<(), chess3d::PositionError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No right.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights.
    pub const ALL: CastlingRights = CastlingRights(15);

    /// The bit of one right.
    #[inline]
    pub(crate) const fn bit(color: Color, short: bool) -> u8 {
        1 << (color as u8 * 2 + if short { 0 } else { 1 })
    }

    /// Whether `color` still has the short (`true`) or long castling right.
    #[inline]
    pub const fn has(self, color: Color, short: bool) -> bool {
        self.0 & CastlingRights::bit(color, short) != 0
    }

    /// The rights with one more.
    #[inline]
    pub const fn with(self, color: Color, short: bool) -> CastlingRights {
        CastlingRights(self.0 | CastlingRights::bit(color, short))
    }

    /// The rights with one fewer.
    #[inline]
    pub const fn without(self, color: Color, short: bool) -> CastlingRights {
        CastlingRights(self.0 & !CastlingRights::bit(color, short))
    }

    /// Whether no right is left.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub(crate) const fn bits(self) -> usize {
        self.0 as usize
    }

    pub(crate) const LETTERS: [(char, Color, bool); 4] = [
        ('K', Color::White, true),
        ('Q', Color::White, false),
        ('k', Color::Black, true),
        ('q', Color::Black, false),
    ];
}

impl fmt::Display for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (c, color, short) in CastlingRights::LETTERS {
            if self.has(color, short) {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndReason {
    /// The side to move is in check and has no legal move (C3-16).
    Checkmate,
    /// The side to move is not in check and has no legal move (C3-16).
    Stalemate,
    /// 75 moves by each side without capture or pawn move (C3-17, automatic).
    SeventyFiveMoves,
    /// The same position for the fifth time (C3-17, automatic).
    FivefoldRepetition,
    /// Neither side can ever checkmate (C3-17).
    DeadPosition,
    /// The 50-move rule, claimed (C3-17).
    FiftyMovesClaimed,
    /// Threefold repetition, claimed (C3-17).
    ThreefoldClaimed,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::SeventyFiveMoves => "75-move rule",
            EndReason::FivefoldRepetition => "fivefold repetition",
            EndReason::DeadPosition => "dead position",
            EndReason::FiftyMovesClaimed => "50-move rule claimed",
            EndReason::ThreefoldClaimed => "threefold repetition claimed",
        })
    }
}

/// A position whose number of levels `L` (1 to 8) is fixed at compile time:
/// the fast, copy-make core. [`Position`] wraps the eight sizes behind one
/// run-time type.
///
/// Pieces are kept as one bitboard per level for each kind and each colour,
/// so the 3-level position is 216 bytes and the 1-level one 80.
///
/// ```
/// use board_core::{perft, Game};
/// use chess3d::FixedPosition;
/// let pos = FixedPosition::<1>::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")?;
/// assert_eq!(perft(&pos, 3), 8902);
/// # Ok::<(), chess3d::PositionError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct FixedPosition<const L: usize> {
    /// `roles[role][level]`: the cells of each kind (both colours).
    pub(crate) roles: [[u64; L]; 6],
    /// `colors[color][level]`: the cells of each side.
    pub(crate) colors: [[u64; L]; 2],
    pub(crate) hash: u64,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// Cell indices of the two kings.
    pub(crate) kings: [u16; 2],
    pub(crate) ep: Option<Cell>,
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
}

impl<const L: usize> FixedPosition<L> {
    /// Fails to compile for a level count outside 1–8 (C3-1).
    pub(crate) const VALID: () = assert!(L >= 1 && L <= 8, "a space has 1 to 8 levels");

    /// The index of the home level (C3-15).
    pub(crate) const HOME: usize = home_level(L);

    /// An empty space, White to move, no rights (not a valid position: no kings).
    pub(crate) fn empty() -> FixedPosition<L> {
        #[allow(clippy::let_unit_value)]
        let () = Self::VALID;
        FixedPosition {
            roles: [[0; L]; 6],
            colors: [[0; L]; 2],
            hash: 0,
            halfmove: 0,
            fullmove: 1,
            kings: [0; 2],
            ep: None,
            turn: Color::White,
            castling: CastlingRights::NONE,
        }
    }

    /// The default start (C3-18): both armies on the home level, Black to move.
    fn start() -> FixedPosition<L> {
        let mut pos = FixedPosition::empty();
        let home = Level::new(Self::HOME as u8).unwrap_or(Level::N1);
        let back = [
            Role::Knight,
            Role::Rook,
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Bishop,
            Role::Knight,
        ];
        for (file, role) in back.into_iter().enumerate() {
            for (color, rank, pawn_rank) in [(Color::White, 0, 1), (Color::Black, 7, 6)] {
                let back_sq = Square::ALL[rank * 8 + file];
                let pawn_sq = Square::ALL[pawn_rank * 8 + file];
                pos.put(Cell::new(home, back_sq), Piece { color, role });
                pos.put(
                    Cell::new(home, pawn_sq),
                    Piece {
                        color,
                        role: Role::Pawn,
                    },
                );
            }
        }
        pos.turn = Color::Black;
        pos.castling = CastlingRights::ALL;
        pos.hash = pos.compute_hash();
        pos
    }

    /// The number of levels, `L`.
    #[inline]
    pub const fn levels(&self) -> usize {
        L
    }

    /// The side to move.
    #[inline]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The castling rights.
    #[inline]
    pub const fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// The en-passant target: the cell a pawn passed over on the last move, if
    /// that move was a two-cell advance (C3-10, C3-19).
    #[inline]
    pub const fn ep_target(&self) -> Option<Cell> {
        self.ep
    }

    /// Half-moves since the last capture or pawn move.
    #[inline]
    pub const fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The fullmove number: 1 at the start, increased after each Black move.
    #[inline]
    pub const fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The Zobrist key, kept up to date move by move (pieces, side to move,
    /// castling rights, en-passant target). Named `zobrist` so that it does
    /// not shadow [`core::hash::Hash::hash`].
    #[inline]
    #[must_use]
    pub const fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The cell of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Cell {
        CELLS[self.kings[color as usize] as usize]
    }

    /// The piece on `cell`, if any (`None` also for a level beyond `L`).
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        let l = cell.level().index();
        if l >= L {
            return None;
        }
        let bit = 1u64 << cell.square().index();
        let role = self.role_on(l, bit)?;
        // Every piece has a colour: not White's means Black's.
        let color = if self.colors[0][l] & bit != 0 {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The kind of the piece on the square `bit` of level `level`, if any.
    /// Without branches on the kinds (one kind holds the square, so the
    /// index is the OR of each kind's index times whether it does).
    #[inline]
    pub(crate) fn role_on(&self, level: usize, bit: u64) -> Option<Role> {
        if (self.colors[0][level] | self.colors[1][level]) & bit == 0 {
            return None;
        }
        let mut index = 0;
        for (i, role) in self.roles.iter().enumerate().skip(1) {
            index |= i * usize::from(role[level] & bit != 0);
        }
        Role::ALL.get(index).copied()
    }

    /// The cells of level `level` (index, 0 = `N1`) holding pieces of `color`.
    pub fn pieces_on(&self, color: Color, level: Level) -> Bitboard {
        match self.colors[color as usize].get(level.index()) {
            Some(bb) => Bitboard(*bb),
            None => Bitboard::EMPTY,
        }
    }

    /// The cells of level `level` holding pieces of kind `role` (both colours).
    pub fn role_on_level(&self, role: Role, level: Level) -> Bitboard {
        match self.roles[role.index()].get(level.index()) {
            Some(bb) => Bitboard(*bb),
            None => Bitboard::EMPTY,
        }
    }

    /// Every piece with its cell, level by level, square by square.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        CELLS[..64 * L]
            .iter()
            .filter_map(move |&c| self.piece_at(c).map(|p| (c, p)))
    }

    /// Number of pieces on the board.
    pub fn piece_count(&self) -> u32 {
        (0..L)
            .map(|l| (self.colors[0][l] | self.colors[1][l]).count_ones())
            .sum()
    }

    /// Puts `piece` on the empty `cell` (hash updated).
    #[inline]
    pub(crate) fn put(&mut self, cell: Cell, piece: Piece) {
        let (l, bit, i) = (
            cell.level().index(),
            1u64 << cell.square().index(),
            cell.index(),
        );
        self.roles[piece.role.index()][l] |= bit;
        self.colors[piece.color as usize][l] |= bit;
        self.hash ^= KEYS.pieces[piece.color as usize][piece.role.index()][i];
        if piece.role == Role::King {
            self.kings[piece.color as usize] = i as u16;
        }
    }

    /// Takes `piece` off `cell` (hash updated).
    #[inline]
    pub(crate) fn take(&mut self, cell: Cell, piece: Piece) {
        let (l, bit, i) = (
            cell.level().index(),
            1u64 << cell.square().index(),
            cell.index(),
        );
        self.roles[piece.role.index()][l] &= !bit;
        self.colors[piece.color as usize][l] &= !bit;
        self.hash ^= KEYS.pieces[piece.color as usize][piece.role.index()][i];
    }

    /// The hash computed from scratch (written in `zobrist.rs`).
    pub fn compute_hash(&self) -> u64 {
        key_of(self.pieces(), self.castling.bits(), self.ep, self.turn)
    }

    /// The home cell of `color`'s king, rook for short castling and rook for
    /// long castling (C3-15).
    pub fn castling_cells(color: Color) -> (Cell, Cell, Cell) {
        let home = Level::new(Self::HOME as u8).unwrap_or(Level::N1);
        let (k, short, long) = match color {
            Color::White => (Square::C1, Square::B1, Square::E1),
            Color::Black => (Square::C8, Square::B8, Square::E8),
        };
        (
            Cell::new(home, k),
            Cell::new(home, short),
            Cell::new(home, long),
        )
    }
}

impl<const L: usize> Default for FixedPosition<L> {
    /// The default start (C3-18): both armies on the home level, Black to move.
    ///
    /// ```
    /// use chess3d::FixedPosition;
    /// let pos = FixedPosition::<3>::default();
    /// assert_eq!(pos.fen(), "8/8/8/8/8/8/8/8|nrkqrbbn/pppppppp/8/8/8/8/PPPPPPPP/NRKQRBBN|8/8/8/8/8/8/8/8 b KQkq - 0 1");
    /// ```
    fn default() -> FixedPosition<L> {
        FixedPosition::start()
    }
}

impl<const L: usize> fmt::Debug for FixedPosition<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FixedPosition<{L}>({:?})", self.fen())
    }
}

impl<const L: usize> core::hash::Hash for FixedPosition<L> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
    }
}

/// Runs `$body` with `$p` bound to the fixed-size position inside a [`Position`].
macro_rules! dispatch {
    ($self:expr, $p:ident => $body:expr) => {
        match $self {
            $crate::position::Position::L1($p) => $body,
            $crate::position::Position::L2($p) => $body,
            $crate::position::Position::L3($p) => $body,
            $crate::position::Position::L4($p) => $body,
            $crate::position::Position::L5($p) => $body,
            $crate::position::Position::L6($p) => $body,
            $crate::position::Position::L7($p) => $body,
            $crate::position::Position::L8($p) => $body,
        }
    };
}
pub(crate) use dispatch;

/// A position with 1 to 8 levels chosen at run time: the type to use unless
/// the level count is known when compiling (then [`FixedPosition`] is a
/// little faster and smaller).
///
/// Each variant holds a [`FixedPosition`]; 1 to 3 levels are stored inline
/// (so the type is at most 256 bytes and copying it never allocates), 4 to 8
/// levels are boxed.
///
/// ```
/// use board_core::{Game, perft};
/// use chess3d::Position;
/// let start = Position::default();        // 3 levels, Black to move
/// assert_eq!(start.levels(), 3);
/// let one = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")?; // plain FEN: 1 level
/// assert_eq!(one.levels(), 1);
/// assert_eq!(perft(&one, 1), 6); // king: D1 F1 D2 F2; pawn: E3 E4
/// let five = Position::new(chess3d::Config::new(5)?);
/// assert_eq!(five.fen().matches('|').count(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Position {
    /// One level: FIDE chess (C3-21).
    L1(FixedPosition<1>),
    /// Two levels.
    L2(FixedPosition<2>),
    /// Three levels (the default).
    L3(FixedPosition<3>),
    /// Four levels.
    L4(Box<FixedPosition<4>>),
    /// Five levels.
    L5(Box<FixedPosition<5>>),
    /// Six levels.
    L6(Box<FixedPosition<6>>),
    /// Seven levels.
    L7(Box<FixedPosition<7>>),
    /// Eight levels.
    L8(Box<FixedPosition<8>>),
}

impl Default for Position {
    /// The default start with the default 3 levels (C3-18, C3-1), Black to move.
    fn default() -> Position {
        Position::new(Config::default())
    }
}

impl Position {
    /// The default start (C3-18) of a space of `config.levels()` levels:
    /// the armies on the home level `(levels + 1) / 2` (C3-15).
    ///
    /// ```
    /// use chess3d::{Config, Position};
    /// let five = Position::new(Config::new(5)?);
    /// assert_eq!(five.levels(), 5);
    /// assert_eq!(five.config(), Config::new(5)?);
    /// # Ok::<(), chess3d::LevelsError>(())
    /// ```
    pub fn new(config: Config) -> Position {
        match config.levels() {
            1 => Position::L1(FixedPosition::start()),
            2 => Position::L2(FixedPosition::start()),
            3 => Position::L3(FixedPosition::start()),
            4 => Position::L4(Box::default()),
            5 => Position::L5(Box::default()),
            6 => Position::L6(Box::default()),
            7 => Position::L7(Box::default()),
            _ => Position::L8(Box::default()),
        }
    }

    /// The configuration: the level count.
    pub fn config(&self) -> Config {
        Config::new(self.levels()).unwrap_or_default()
    }

    /// The number of levels.
    pub fn levels(&self) -> usize {
        dispatch!(self, p => p.levels())
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        dispatch!(self, p => p.turn())
    }

    /// The castling rights.
    pub fn castling(&self) -> CastlingRights {
        dispatch!(self, p => p.castling())
    }

    /// The en-passant target cell, if the last move was a two-cell advance.
    pub fn ep_target(&self) -> Option<Cell> {
        dispatch!(self, p => p.ep_target())
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        dispatch!(self, p => p.halfmove_clock())
    }

    /// The fullmove number.
    pub fn fullmove_number(&self) -> u32 {
        dispatch!(self, p => p.fullmove_number())
    }

    /// The full move this position is in, Black first (C3-1): Black's move
    /// and White's reply share a number. The FEN counter, as in FIDE chess,
    /// goes up after Black's move, so White's reply carries the next one.
    pub fn full_move(&self) -> u32 {
        match self.turn() {
            Color::Black => self.fullmove_number(),
            Color::White => self.fullmove_number().saturating_sub(1).max(1),
        }
    }

    /// The incremental Zobrist key (pieces, side to move, castling rights,
    /// en-passant target).
    ///
    /// ```
    /// use chess3d::Position;
    /// let pos = Position::default();
    /// assert_eq!(pos.zobrist(), pos.compute_hash());
    /// ```
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        dispatch!(self, p => p.zobrist())
    }

    /// The Zobrist key computed from scratch (equal to [`zobrist`](Self::zobrist)).
    pub fn compute_hash(&self) -> u64 {
        dispatch!(self, p => p.compute_hash())
    }

    /// The piece on `cell`, if any.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        dispatch!(self, p => p.piece_at(cell))
    }

    /// Every piece with its cell, level by level, square by square.
    ///
    /// ```
    /// use chess3d::Position;
    /// assert_eq!(Position::default().pieces().count(), 32);
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        CELLS[..64 * self.levels()]
            .iter()
            .filter_map(move |&c| self.piece_at(c).map(|p| (c, p)))
    }

    /// The cell of `color`'s king.
    pub fn king(&self, color: Color) -> Cell {
        dispatch!(self, p => p.king(color))
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        dispatch!(self, p => p.is_check())
    }

    /// The key positions are compared by for repetitions (C3-17): the hash,
    /// counting the en-passant target only when an en-passant capture is legal.
    pub fn repetition_key(&self) -> u64 {
        dispatch!(self, p => p.repetition_key())
    }

    /// Whether only the material of a dead position is left (C3-17).
    pub fn is_dead(&self) -> bool {
        dispatch!(self, p => p.is_dead())
    }

    /// Whether the game is over by a rule the position decides alone
    /// ([`outcome`](Self::outcome): C3-16, the dead position and the 75-move
    /// rule of C3-17).
    ///
    /// ```
    /// use chess3d::Position;
    /// let pos = Position::default();
    /// assert_eq!((pos.is_over(), pos.winner(), pos.is_draw()), (false, None, false));
    /// ```
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The side that checkmated (C3-16), `None` while the game goes on or
    /// after a draw.
    pub fn winner(&self) -> Option<Color> {
        self.outcome()?.winner()
    }

    /// Whether the position is drawn (stalemate, dead position, 75-move rule).
    pub fn is_draw(&self) -> bool {
        self.outcome().is_some_and(|o| o.is_draw())
    }

    /// Plays uniformly random legal moves until the game ends or `max_plies`
    /// moves have been played, and returns how many it played (what
    /// [`board_core::random_playout`] runs; the moves of
    /// [`board_core::play_random_moves`]).
    ///
    /// ```
    /// use board_core::Rng;
    /// use chess3d::Position;
    /// let mut pos = Position::default();
    /// assert_eq!(pos.play_random(&mut Rng::new(1), 10), 10);
    /// ```
    pub fn play_random(&mut self, rng: &mut board_core::Rng, max_plies: usize) -> usize {
        board_core::play_random_moves(self, rng, max_plies)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?})", self.fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_level_position_fits_in_256_bytes() {
        assert!(core::mem::size_of::<FixedPosition<3>>() <= 256);
        assert!(core::mem::size_of::<Position>() <= 256);
        assert!(core::mem::size_of::<FixedPosition<1>>() <= 96);
    }

    #[test]
    fn castling_rights_text() {
        for text in ["-", "K", "Q", "k", "q", "KQ", "Kk", "KQkq", "Qq", "kq"] {
            assert_eq!(text.parse::<CastlingRights>().unwrap().to_string(), text);
        }
        for bad in ["", "QK", "KK", "x", "K-", "kQ"] {
            assert!(bad.parse::<CastlingRights>().is_err(), "{bad}");
        }
    }

    // C3-1: levels 1 to 8, default 3.
    #[test]
    fn c3_1_level_counts() {
        assert_eq!(Position::default().levels(), 3);
        for n in 1..=8 {
            let config = Config::new(n).unwrap();
            assert_eq!(Position::new(config).levels(), n);
            assert_eq!(Position::new(config).config(), config);
        }
        assert_eq!(Config::new(0), Err(crate::LevelsError { found: 0 }));
        assert!(Config::new(9).is_err());
    }
}
