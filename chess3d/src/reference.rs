//! The slow, obviously-correct mailbox reference implementation (feature `reference`).
//!
//! [`RefPosition`] is written straight from the rules (section 3 of `RULES.md`,
//! C3-1 to C3-22) with nothing but a board of `64 × L` cells holding an
//! optional piece, so that the fast bitboard path can be checked against it
//! move for move. It shares no code with the fast path: only board-core's
//! [`Cell`], [`Square`], [`Level`] and [`Color`].
//!
//! How it works, in the plainest way that can be checked by reading:
//! - pseudo-legal moves are generated per piece by walking the 26 steps
//!   (C3-2, C3-4 to C3-6), the 24 knight leaps (C3-7), the king's steps
//!   (C3-8) and the pawn rules (C3-9 to C3-11), plus castling (C3-15);
//! - each one is played on a copy of the position and kept only if the mover's
//!   king is then not attacked (C3-14);
//! - "is this cell attacked by that side" looks outwards from the cell along
//!   every step and leap for a piece that would attack it.
//!
//! It is meant for tests and benches, not for play: it is many times slower
//! than [`crate`]'s fast path.
//!
//! ```
//! use chess3d::reference::RefPosition;
//!
//! let mut pos = RefPosition::start(3)?;
//! // C3-13: Black moves first; 55 legal moves in the default 3-level start.
//! assert_eq!(pos.legal_moves().len(), 55);
//! pos.play_text("N2/E7-N2/E5")?;
//! assert_eq!(
//!     pos.fen(),
//!     "8/8/8/8/8/8/8/8|nrkqrbbn/pppp1ppp/8/4p3/8/8/PPPPPPPP/NRKQRBBN|8/8/8/8/8/8/8/8 w KQkq N2/E6 0 2"
//! );
//! // White answers with the same 55 moves: nothing Black did reaches its side.
//! assert_eq!(pos.perft(1), 55);
//! # Ok::<(), String>(())
//! ```

use core::fmt;

use board_core::{Cell, Color, Level, Square};

/// The most cells a space can have: 8 levels of 64 cells.
const MAX_CELLS: usize = 64 * Level::MAX;

/// The six kinds of piece (C3-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefKind {
    /// Pawn, `P`.
    Pawn,
    /// Knight, `N`.
    Knight,
    /// Bishop, `B`.
    Bishop,
    /// Rook, `R`.
    Rook,
    /// Queen, `Q`.
    Queen,
    /// King, `K`.
    King,
}

impl RefKind {
    /// The pieces a pawn may become, in the order moves are listed (C3-11).
    pub const PROMOTIONS: [RefKind; 4] = [
        RefKind::Queen,
        RefKind::Rook,
        RefKind::Bishop,
        RefKind::Knight,
    ];

    /// The upper-case letter of the kind (`P`, `N`, `B`, `R`, `Q`, `K`).
    pub fn letter(self) -> char {
        match self {
            RefKind::Pawn => 'P',
            RefKind::Knight => 'N',
            RefKind::Bishop => 'B',
            RefKind::Rook => 'R',
            RefKind::Queen => 'Q',
            RefKind::King => 'K',
        }
    }

    /// The kind of a letter, either case.
    pub fn from_letter(c: char) -> Option<RefKind> {
        match c.to_ascii_uppercase() {
            'P' => Some(RefKind::Pawn),
            'N' => Some(RefKind::Knight),
            'B' => Some(RefKind::Bishop),
            'R' => Some(RefKind::Rook),
            'Q' => Some(RefKind::Queen),
            'K' => Some(RefKind::King),
            _ => None,
        }
    }
}

/// A piece: a colour and a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RefPiece {
    /// Whose piece it is.
    pub color: Color,
    /// What piece it is.
    pub kind: RefKind,
}

impl RefPiece {
    /// The position-text letter: upper case for White, lower case for Black (C3-3).
    pub fn letter(self) -> char {
        match self.color {
            Color::White => self.kind.letter(),
            Color::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }
}

/// Which castling a castling move is (C3-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefCastling {
    /// Short castling, `O-O`: king and rook on file B swap cells.
    Short,
    /// Long castling, `O-O-O`: king C → D, rook E → C.
    Long,
}

/// What a move does besides moving a piece from one cell to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Special {
    /// Nothing else.
    None,
    /// A pawn's two-cell advance: leaves an en-passant target.
    DoubleStep,
    /// An en-passant capture: removes the pawn beyond the target.
    EnPassant,
    /// Castling; `from`/`to` are the king's cells.
    Castle(RefCastling),
}

/// A move of the reference implementation. `Display` writes the C3-20 text.
///
/// ```
/// use chess3d::reference::RefPosition;
/// let pos = RefPosition::start(3)?;
/// let texts: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
/// assert!(texts.contains(&"N2/E7-N2/E5".to_string()));
/// assert!(texts.contains(&"O-O".to_string()));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RefMove {
    from: Cell,
    to: Cell,
    capture: bool,
    promotion: Option<RefKind>,
    special: Special,
}

impl RefMove {
    /// The cell the moving piece leaves (the king's, for castling).
    pub fn from(&self) -> Cell {
        self.from
    }

    /// The cell the moving piece lands on (the king's, for castling).
    pub fn to(&self) -> Cell {
        self.to
    }

    /// Whether the move captures (en passant included).
    pub fn is_capture(&self) -> bool {
        self.capture
    }

    /// Whether the move is an en-passant capture.
    pub fn is_en_passant(&self) -> bool {
        self.special == Special::EnPassant
    }

    /// The piece a pawn becomes, for a promotion.
    pub fn promotion(&self) -> Option<RefKind> {
        self.promotion
    }

    /// Which castling the move is, if it is one.
    pub fn castling(&self) -> Option<RefCastling> {
        match self.special {
            Special::Castle(c) => Some(c),
            _ => None,
        }
    }
}

impl fmt::Display for RefMove {
    /// C3-20: `N2/E2-N2/E4`, `N2/D4xN3/E5`, `N1/A7-N1/A8=Q`, `O-O`, `O-O-O`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.special {
            Special::Castle(RefCastling::Short) => f.write_str("O-O"),
            Special::Castle(RefCastling::Long) => f.write_str("O-O-O"),
            _ => {
                let sep = if self.capture { 'x' } else { '-' };
                write!(f, "{}{}{}", self.from, sep, self.to)?;
                if let Some(kind) = self.promotion {
                    write!(f, "={}", kind.letter())?;
                }
                Ok(())
            }
        }
    }
}

/// A position of 3-D chess on 1 to 8 levels, kept as a plain mailbox.
///
/// Built from the default start ([`RefPosition::start`]) or from FEN3D
/// ([`RefPosition::from_fen`]); every position it holds satisfies C3-19's
/// validity conditions, and [`play`](RefPosition::play) keeps them.
///
/// ```
/// use chess3d::reference::RefPosition;
/// // C3-21: one level and no castling rights is FIDE chess.
/// let pos = RefPosition::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")?;
/// assert_eq!(pos.perft(2), 400);
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    /// The number of levels, 1 to 8.
    levels: usize,
    /// `board[cell.index()]`; cells on levels `>= levels` stay empty.
    board: [Option<RefPiece>; MAX_CELLS],
    /// The side to move.
    turn: Color,
    /// Castling rights in the order `K`, `Q`, `k`, `q`.
    rights: [bool; 4],
    /// The en-passant target, written after every two-cell advance.
    en_passant: Option<Cell>,
    /// Plies since the last capture or pawn move.
    halfmove: u32,
    /// Starts at 1, increases after each Black move.
    fullmove: u32,
}

/// A cell as three signed coordinates: file, rank, level (C3-2).
type Coord = (i8, i8, i8);

/// The 26 steps (C3-2), each with the number of coordinates it changes
/// (1 orthogonal, 2 planar diagonal, 3 triagonal).
fn steps() -> impl Iterator<Item = (Coord, usize)> {
    (-1i8..=1).flat_map(|df| {
        (-1i8..=1).flat_map(move |dr| {
            (-1i8..=1).filter_map(move |dl| {
                let changed = [df, dr, dl].iter().filter(|&&d| d != 0).count();
                (changed > 0).then_some(((df, dr, dl), changed))
            })
        })
    })
}

/// The 24 knight leaps (C3-7): 2 along one axis, 1 along another, 0 on the third.
fn leaps() -> impl Iterator<Item = Coord> {
    (-2i8..=2).flat_map(|df| {
        (-2i8..=2).flat_map(move |dr| {
            (-2i8..=2).filter_map(move |dl| {
                let mut a = [df.abs(), dr.abs(), dl.abs()];
                a.sort_unstable();
                (a == [0, 1, 2]).then_some((df, dr, dl))
            })
        })
    })
}

/// Whether `kind` slides along a step that changes `changed` coordinates:
/// the rook along orthogonal steps (1, C3-4), the bishop along planar
/// diagonal steps (2, C3-5), the queen along all 26 (C3-6).
fn slides_along(kind: RefKind, changed: usize) -> bool {
    match kind {
        RefKind::Rook => changed == 1,
        RefKind::Bishop => changed == 2,
        RefKind::Queen => true,
        _ => false,
    }
}

/// +1 for White (towards rank 8), −1 for Black (C3-9).
fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The rank index (0-based) of a side's back rank: rank 1 White, rank 8 Black.
fn back_rank(color: Color) -> i8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

fn coord(cell: Cell) -> Coord {
    (
        cell.square().file().index() as i8,
        cell.square().rank().index() as i8,
        cell.level().index() as i8,
    )
}

fn add(c: Coord, d: Coord) -> Coord {
    (c.0 + d.0, c.1 + d.1, c.2 + d.2)
}

/// Index into the castling rights: `K`, `Q`, `k`, `q`.
fn right_index(color: Color, castling: RefCastling) -> usize {
    color.index() * 2
        + match castling {
            RefCastling::Short => 0,
            RefCastling::Long => 1,
        }
}

const RIGHT_LETTERS: [char; 4] = ['K', 'Q', 'k', 'q'];

/// The home level of C3-15: level number `(L + 1) / 2` rounded down.
fn home_level(levels: usize) -> Level {
    // (L + 1) / 2 rounded down is L / 2 rounded up; level number n has index n - 1.
    Level::new((levels.div_ceil(2) - 1) as u8).expect("levels is 1..=8")
}

fn parse_placement(text: &str) -> Result<[Option<RefPiece>; 64], String> {
    let mut plane = [None; 64];
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!(
            "level {text:?} has {} ranks, expected 8",
            ranks.len()
        ));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0usize;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(format!("rank {} of {text:?}: bad digit {c}", rank + 1));
                }
                file += d as usize;
            } else {
                let kind = RefKind::from_letter(c)
                    .ok_or_else(|| format!("rank {} of {text:?}: bad piece {c:?}", rank + 1))?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if file >= 8 {
                    return Err(format!("rank {} of {text:?} is longer than 8", rank + 1));
                }
                plane[rank * 8 + file] = Some(RefPiece { color, kind });
                file += 1;
            }
            if file > 8 {
                return Err(format!("rank {} of {text:?} is longer than 8", rank + 1));
            }
        }
        if file != 8 {
            return Err(format!(
                "rank {} of {text:?} has {file} cells, expected 8",
                rank + 1
            ));
        }
    }
    Ok(plane)
}

impl RefPosition {
    /// The default start of C3-18 on `levels` levels (1 to 8): both armies on
    /// the home level, Black to move, all castling rights.
    pub fn start(levels: usize) -> Result<RefPosition, String> {
        if !(1..=8).contains(&levels) {
            return Err(format!("{levels} levels: expected 1 to 8"));
        }
        let empty = "8/8/8/8/8/8/8/8";
        let home = "nrkqrbbn/pppppppp/8/8/8/8/PPPPPPPP/NRKQRBBN";
        let h = home_level(levels).index();
        let boards: Vec<&str> = (0..levels)
            .map(|l| if l == h { home } else { empty })
            .collect();
        RefPosition::from_fen(&format!("{} b KQkq - 0 1", boards.join("|")))
    }

    /// Reads FEN3D (C3-19), plain FEN for one level, and checks every
    /// validity condition C3-19 lists. The error says what was wrong.
    pub fn from_fen(text: &str) -> Result<RefPosition, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 6 {
            return Err(format!(
                "{} fields, expected 6 (placement, side, castling, en passant, halfmove, fullmove)",
                fields.len()
            ));
        }
        let levels_text: Vec<&str> = fields[0].split('|').collect();
        let levels = levels_text.len();
        if levels > 8 {
            return Err(format!("{levels} levels, expected 1 to 8"));
        }
        let mut board = [None; MAX_CELLS];
        for (l, t) in levels_text.iter().enumerate() {
            let plane = parse_placement(t).map_err(|e| format!("N{}: {e}", l + 1))?;
            board[l * 64..l * 64 + 64].copy_from_slice(&plane);
        }
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(format!("side to move {s:?}: expected w or b")),
        };
        // Castling letters: `-`, or some of `KQkq` in that order, each once
        // (FEN's order; RULES does not say, the fast path asks for it too).
        let mut rights = [false; 4];
        if fields[2] != "-" {
            let mut last = None;
            for c in fields[2].chars() {
                let i = RIGHT_LETTERS
                    .iter()
                    .position(|&r| r == c)
                    .ok_or_else(|| format!("castling field: bad letter {c:?}"))?;
                if rights[i] {
                    return Err(format!("castling field: {c} appears twice"));
                }
                if last.is_some_and(|l| l > i) {
                    return Err(format!(
                        "castling field {:?}: letters out of the order KQkq",
                        fields[2]
                    ));
                }
                rights[i] = true;
                last = Some(i);
            }
        }
        let en_passant = match fields[3] {
            "-" => None,
            t => {
                let cell = if levels == 1 {
                    match t.parse::<Square>() {
                        Ok(sq) => Cell::new(Level::N1, sq),
                        Err(_) => t
                            .parse::<Cell>()
                            .map_err(|e| format!("en-passant field: {e}"))?,
                    }
                } else {
                    t.parse::<Cell>()
                        .map_err(|e| format!("en-passant field: {e}"))?
                };
                if cell.level().index() >= levels {
                    return Err(format!(
                        "en-passant target {cell} is outside the {levels} levels"
                    ));
                }
                Some(cell)
            }
        };
        let halfmove: u32 = fields[4]
            .parse()
            .map_err(|_| format!("halfmove clock {:?} is not a number", fields[4]))?;
        let fullmove: u32 = fields[5]
            .parse()
            .map_err(|_| format!("fullmove number {:?} is not a number", fields[5]))?;
        if fullmove == 0 {
            return Err("fullmove number 0: it starts at 1".to_string());
        }
        let pos = RefPosition {
            levels,
            board,
            turn,
            rights,
            en_passant,
            halfmove,
            fullmove,
        };
        pos.validate()?;
        Ok(pos)
    }

    /// C3-19's validity conditions.
    fn validate(&self) -> Result<(), String> {
        for color in Color::ALL {
            let kings = self
                .cells()
                .filter(|&c| {
                    self.at(c)
                        == Some(RefPiece {
                            color,
                            kind: RefKind::King,
                        })
                })
                .count();
            if kings != 1 {
                return Err(format!("{color} has {kings} kings, expected exactly 1"));
            }
        }
        for c in self.cells() {
            if let Some(p) = self.at(c) {
                let r = c.square().rank().index();
                if p.kind == RefKind::Pawn && (r == 0 || r == 7) {
                    return Err(format!("pawn on {c}: no pawn may stand on rank 1 or 8"));
                }
            }
        }
        for color in Color::ALL {
            for castling in [RefCastling::Short, RefCastling::Long] {
                if self.rights[right_index(color, castling)] {
                    let (king, rook) = self.castling_cells(color, castling);
                    let letter = RIGHT_LETTERS[right_index(color, castling)];
                    if self.at(king)
                        != Some(RefPiece {
                            color,
                            kind: RefKind::King,
                        })
                    {
                        return Err(format!(
                            "castling right {letter}: the {color} king is not on {king}"
                        ));
                    }
                    if self.at(rook)
                        != Some(RefPiece {
                            color,
                            kind: RefKind::Rook,
                        })
                    {
                        return Err(format!(
                            "castling right {letter}: no {color} rook on {rook}"
                        ));
                    }
                }
            }
        }
        if let Some(ep) = self.en_passant {
            let mover = !self.turn; // the side that just moved
            let dir = forward(mover);
            let (f, r, l) = coord(ep);
            let expected_rank = back_rank(mover) + 2 * dir; // rank 3 White, 6 Black
            if r != expected_rank {
                return Err(format!(
                    "en-passant target {ep} must be on rank {} with {} to move",
                    expected_rank + 1,
                    match self.turn {
                        Color::White => "White",
                        Color::Black => "Black",
                    }
                ));
            }
            if self.at(ep).is_some() {
                return Err(format!("en-passant target {ep} is not empty"));
            }
            let beyond = self.cell_at((f, r + dir, l)).expect("on the board");
            if self.at(beyond)
                != Some(RefPiece {
                    color: mover,
                    kind: RefKind::Pawn,
                })
            {
                return Err(format!(
                    "en-passant target {ep}: no {mover} pawn on {beyond}"
                ));
            }
            let before = self.cell_at((f, r - dir, l)).expect("on the board");
            if self.at(before).is_some() {
                return Err(format!("en-passant target {ep}: {before} is not empty"));
            }
        }
        if self.king_attacked(!self.turn) {
            return Err(format!("{} is not to move but is in check", !self.turn));
        }
        Ok(())
    }

    /// The position text (C3-19).
    pub fn fen(&self) -> String {
        let mut out = String::new();
        for l in 0..self.levels {
            if l > 0 {
                out.push('|');
            }
            for rank in (0..8).rev() {
                let mut empty = 0;
                for file in 0..8 {
                    match self.board[l * 64 + rank * 8 + file] {
                        None => empty += 1,
                        Some(p) => {
                            if empty > 0 {
                                out.push_str(&empty.to_string());
                                empty = 0;
                            }
                            out.push(p.letter());
                        }
                    }
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                }
                if rank > 0 {
                    out.push('/');
                }
            }
        }
        out.push(' ');
        out.push(self.turn.letter());
        out.push(' ');
        if self.rights.iter().any(|&r| r) {
            for (i, &r) in self.rights.iter().enumerate() {
                if r {
                    out.push(RIGHT_LETTERS[i]);
                }
            }
        } else {
            out.push('-');
        }
        out.push(' ');
        match self.en_passant {
            None => out.push('-'),
            Some(ep) if self.levels == 1 => {
                out.push_str(&ep.square().to_string().to_ascii_lowercase())
            }
            Some(ep) => out.push_str(&ep.to_string()),
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }

    /// The number of levels.
    pub fn levels(&self) -> usize {
        self.levels
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.turn
    }

    /// The piece on `cell`, if any (`None` also for a cell above the top level).
    pub fn piece_at(&self, cell: Cell) -> Option<RefPiece> {
        self.at(cell)
    }

    /// The en-passant target, if the last move was a two-cell pawn advance.
    pub fn en_passant(&self) -> Option<Cell> {
        self.en_passant
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.turn)
    }

    fn at(&self, cell: Cell) -> Option<RefPiece> {
        self.board[cell.index()]
    }

    /// Every cell of the space, `N1/A1` first.
    fn cells(&self) -> impl Iterator<Item = Cell> {
        (0..self.levels * 64).map(|i| Cell::from_index(i).expect("i < 512"))
    }

    /// The cell at `c`, if it is inside the space of `self.levels` levels.
    fn cell_at(&self, c: Coord) -> Option<Cell> {
        let (f, r, l) = c;
        if (0..8).contains(&f) && (0..8).contains(&r) && l >= 0 && (l as usize) < self.levels {
            Cell::from_index(l as usize * 64 + r as usize * 8 + f as usize)
        } else {
            None
        }
    }

    /// The king's and the rook's cells of a castling (C3-15).
    fn castling_cells(&self, color: Color, castling: RefCastling) -> (Cell, Cell) {
        let h = home_level(self.levels).index() as i8;
        let r = back_rank(color);
        let king = self.cell_at((2, r, h)).expect("on the board"); // file C
        let rook_file = match castling {
            RefCastling::Short => 1, // file B
            RefCastling::Long => 4,  // file E
        };
        (king, self.cell_at((rook_file, r, h)).expect("on the board"))
    }

    fn king_cell(&self, color: Color) -> Option<Cell> {
        self.cells().find(|&c| {
            self.at(c)
                == Some(RefPiece {
                    color,
                    kind: RefKind::King,
                })
        })
    }

    fn king_attacked(&self, color: Color) -> bool {
        match self.king_cell(color) {
            Some(k) => self.attacked_by(k, !color),
            None => false,
        }
    }

    /// Whether a piece of `by` attacks `cell`, looking outwards from `cell`:
    /// a slider on the first occupied cell of a step's line that moves along
    /// that step (a king at distance 1), a knight a leap away, or a pawn whose
    /// capture cells (C3-9) include `cell`.
    pub fn attacked_by(&self, cell: Cell, by: Color) -> bool {
        let c = coord(cell);
        for (step, changed) in steps() {
            let mut t = add(c, step);
            let mut distance = 1;
            while let Some(tc) = self.cell_at(t) {
                if let Some(p) = self.at(tc) {
                    if p.color == by
                        && (slides_along(p.kind, changed)
                            || (p.kind == RefKind::King && distance == 1))
                    {
                        return true;
                    }
                    break;
                }
                t = add(t, step);
                distance += 1;
            }
        }
        for leap in leaps() {
            if let Some(tc) = self.cell_at(add(c, leap)) {
                if self.at(tc)
                    == Some(RefPiece {
                        color: by,
                        kind: RefKind::Knight,
                    })
                {
                    return true;
                }
            }
        }
        // A pawn of `by` on P attacks P + (±1, forward, −1..=1).
        let back = -forward(by);
        for df in [-1, 1] {
            for dl in -1..=1 {
                if let Some(tc) = self.cell_at(add(c, (df, back, dl))) {
                    if self.at(tc)
                        == Some(RefPiece {
                            color: by,
                            kind: RefKind::Pawn,
                        })
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The cells the piece on `from` attacks, found by walking forwards from
    /// the piece (the other direction from [`attacked_by`](Self::attacked_by);
    /// the unit tests check that the two agree).
    pub fn attacks_from(&self, from: Cell) -> Vec<Cell> {
        let Some(piece) = self.at(from) else {
            return Vec::new();
        };
        let c = coord(from);
        let mut out = Vec::new();
        match piece.kind {
            RefKind::Pawn => {
                for df in [-1, 1] {
                    for dl in -1..=1 {
                        out.extend(self.cell_at(add(c, (df, forward(piece.color), dl))));
                    }
                }
            }
            RefKind::Knight => out.extend(leaps().filter_map(|d| self.cell_at(add(c, d)))),
            RefKind::King => out.extend(steps().filter_map(|(d, _)| self.cell_at(add(c, d)))),
            kind => {
                for (step, changed) in steps() {
                    if !slides_along(kind, changed) {
                        continue;
                    }
                    let mut t = add(c, step);
                    while let Some(tc) = self.cell_at(t) {
                        out.push(tc);
                        if self.at(tc).is_some() {
                            break;
                        }
                        t = add(t, step);
                    }
                }
            }
        }
        out
    }

    /// Pushes the moves of a pawn reaching `to`, one per promotion piece on the last rank.
    fn push_pawn_move(
        out: &mut Vec<RefMove>,
        from: Cell,
        to: Cell,
        capture: bool,
        special: Special,
    ) {
        let r = to.square().rank().index();
        if r == 0 || r == 7 {
            for kind in RefKind::PROMOTIONS {
                out.push(RefMove {
                    from,
                    to,
                    capture,
                    promotion: Some(kind),
                    special,
                });
            }
        } else {
            out.push(RefMove {
                from,
                to,
                capture,
                promotion: None,
                special,
            });
        }
    }

    /// Every move of the side to move that follows the pieces' movement
    /// rules, before the king-safety test of C3-14 (castling excepted: its
    /// conditions are checked here, save the last one).
    fn pseudo_legal_moves(&self) -> Vec<RefMove> {
        let us = self.turn;
        let mut out = Vec::new();
        for from in self.cells() {
            let Some(piece) = self.at(from) else {
                continue;
            };
            if piece.color != us {
                continue;
            }
            let c = coord(from);
            let simple = |to: Cell, capture: bool| RefMove {
                from,
                to,
                capture,
                promotion: None,
                special: Special::None,
            };
            match piece.kind {
                RefKind::Rook | RefKind::Bishop | RefKind::Queen => {
                    // C3-4, C3-5, C3-6: slide along the steps until blocked.
                    for (step, changed) in steps() {
                        if !slides_along(piece.kind, changed) {
                            continue;
                        }
                        let mut t = add(c, step);
                        while let Some(to) = self.cell_at(t) {
                            match self.at(to) {
                                None => out.push(simple(to, false)),
                                Some(p) => {
                                    if p.color != us {
                                        out.push(simple(to, true));
                                    }
                                    break;
                                }
                            }
                            t = add(t, step);
                        }
                    }
                }
                RefKind::Knight => {
                    // C3-7: leaps, jumping over anything.
                    for leap in leaps() {
                        if let Some(to) = self.cell_at(add(c, leap)) {
                            match self.at(to) {
                                None => out.push(simple(to, false)),
                                Some(p) if p.color != us => out.push(simple(to, true)),
                                Some(_) => {}
                            }
                        }
                    }
                }
                RefKind::King => {
                    // C3-8: quiet steps within the level; captures on all 26 neighbours.
                    for ((df, dr, dl), _) in steps() {
                        if let Some(to) = self.cell_at(add(c, (df, dr, dl))) {
                            match self.at(to) {
                                None if dl == 0 => out.push(simple(to, false)),
                                Some(p) if p.color != us => out.push(simple(to, true)),
                                _ => {}
                            }
                        }
                    }
                }
                RefKind::Pawn => {
                    // C3-9: forward on its own level; two from the starting rank.
                    let dir = forward(us);
                    if let Some(one) = self.cell_at(add(c, (0, dir, 0))) {
                        if self.at(one).is_none() {
                            Self::push_pawn_move(&mut out, from, one, false, Special::None);
                            let start_rank = back_rank(us) + dir;
                            if c.1 == start_rank {
                                if let Some(two) = self.cell_at(add(c, (0, 2 * dir, 0))) {
                                    if self.at(two).is_none() {
                                        out.push(RefMove {
                                            from,
                                            to: two,
                                            capture: false,
                                            promotion: None,
                                            special: Special::DoubleStep,
                                        });
                                    }
                                }
                            }
                        }
                    }
                    // C3-9 captures on its 6 cells; C3-10 en passant onto the target.
                    for df in [-1, 1] {
                        for dl in -1..=1 {
                            let Some(to) = self.cell_at(add(c, (df, dir, dl))) else {
                                continue;
                            };
                            match self.at(to) {
                                Some(p) if p.color != us => {
                                    Self::push_pawn_move(&mut out, from, to, true, Special::None)
                                }
                                None if self.en_passant == Some(to) => Self::push_pawn_move(
                                    &mut out,
                                    from,
                                    to,
                                    true,
                                    Special::EnPassant,
                                ),
                                _ => {}
                            }
                        }
                    }
                }
            }
        }
        // C3-15: castling on the home level.
        for castling in [RefCastling::Short, RefCastling::Long] {
            if !self.rights[right_index(us, castling)] {
                continue;
            }
            let (king, rook) = self.castling_cells(us, castling);
            if self.at(king)
                != Some(RefPiece {
                    color: us,
                    kind: RefKind::King,
                })
                || self.at(rook)
                    != Some(RefPiece {
                        color: us,
                        kind: RefKind::Rook,
                    })
            {
                continue; // cannot happen in a valid position
            }
            if self.in_check() {
                continue;
            }
            let landing = match castling {
                RefCastling::Short => rook, // king and rook swap
                RefCastling::Long => {
                    // The king moves one cell towards the rook: D, which must be empty.
                    let d = self
                        .cell_at(add(coord(king), (1, 0, 0)))
                        .expect("on the board");
                    if self.at(d).is_some() {
                        continue;
                    }
                    d
                }
            };
            if self.attacked_by(landing, !us) {
                continue;
            }
            out.push(RefMove {
                from: king,
                to: landing,
                capture: false,
                promotion: None,
                special: Special::Castle(castling),
            });
        }
        out
    }

    /// Every legal move of the side to move (C3-14: pseudo-legal moves that
    /// do not leave the mover's king attacked).
    pub fn legal_moves(&self) -> Vec<RefMove> {
        let us = self.turn;
        self.pseudo_legal_moves()
            .into_iter()
            .filter(|m| {
                let mut after = self.clone();
                after.play(m);
                !after.king_attacked(us)
            })
            .collect()
    }

    /// Plays `mv`, which must be one of [`legal_moves`](Self::legal_moves)
    /// (anything else gives a position that may break the rules).
    pub fn play(&mut self, mv: &RefMove) {
        let us = self.turn;
        let piece = self.at(mv.from);
        let is_pawn = piece.map(|p| p.kind) == Some(RefKind::Pawn);
        match mv.special {
            Special::Castle(castling) => {
                let (king, rook) = self.castling_cells(us, castling);
                let king_piece = self.board[king.index()].take();
                let rook_piece = self.board[rook.index()].take();
                // The rook takes the cell the king left (C3-15).
                self.board[king.index()] = rook_piece;
                self.board[mv.to.index()] = king_piece;
            }
            Special::EnPassant => {
                // The captured pawn stands beyond the target: the target's
                // file and level, the capturing pawn's rank.
                let victim = Cell::new(
                    mv.to.level(),
                    Square::new(mv.to.square().file(), mv.from.square().rank()),
                );
                self.board[victim.index()] = None;
                self.board[mv.to.index()] = self.board[mv.from.index()].take();
            }
            Special::None | Special::DoubleStep => {
                let moving = self.board[mv.from.index()].take();
                self.board[mv.to.index()] = match mv.promotion {
                    Some(kind) => Some(RefPiece { color: us, kind }),
                    None => moving,
                };
            }
        }
        // Rights are lost when the king or that rook leaves its cell or is captured there.
        for color in Color::ALL {
            for castling in [RefCastling::Short, RefCastling::Long] {
                let (king, rook) = self.castling_cells(color, castling);
                for cell in [mv.from, mv.to] {
                    if cell == king || cell == rook {
                        self.rights[right_index(color, castling)] = false;
                    }
                }
            }
        }
        self.en_passant = match mv.special {
            Special::DoubleStep => {
                let (f, r, l) = coord(mv.from);
                self.cell_at((f, r + forward(us), l))
            }
            _ => None,
        };
        if is_pawn || mv.capture {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.turn = !us;
    }

    /// Finds the legal move written `text` (C3-20): either separator, either
    /// case, `=Q` etc. for promotions, `O-O`/`O-O-O` (or `0-0`/`0-0-0`,
    /// `o-o`/`o-o-o`) for castling; surrounding blanks are ignored.
    pub fn parse_move(&self, text: &str) -> Result<RefMove, String> {
        let legal = self.legal_moves();
        let text = text.trim();
        let castling = match text {
            "O-O" | "0-0" | "o-o" => Some(RefCastling::Short),
            "O-O-O" | "0-0-0" | "o-o-o" => Some(RefCastling::Long),
            _ => None,
        };
        if let Some(castling) = castling {
            return legal
                .into_iter()
                .find(|m| m.castling() == Some(castling))
                .ok_or_else(|| format!("{text}: castling is not legal here"));
        }
        let (cells, promotion) = match text.split_once('=') {
            Some((cells, p)) => {
                let mut chars = p.chars();
                let kind = match (chars.next(), chars.next()) {
                    (Some(c), None) => RefKind::from_letter(c)
                        .filter(|k| RefKind::PROMOTIONS.contains(k))
                        .ok_or_else(|| format!("{text}: cannot promote to {p:?}"))?,
                    _ => return Err(format!("{text}: cannot promote to {p:?}")),
                };
                (cells, Some(kind))
            }
            None => (text, None),
        };
        let (from, to) = cells
            .split_once(['-', 'x', 'X'])
            .ok_or_else(|| format!("{text}: expected FROM-TO or FROMxTO"))?;
        let from: Cell = from.parse().map_err(|e| format!("{text}: {e}"))?;
        let to: Cell = to.parse().map_err(|e| format!("{text}: {e}"))?;
        legal
            .into_iter()
            .find(|m| {
                m.castling().is_none() && m.from == from && m.to == to && m.promotion == promotion
            })
            .ok_or_else(|| format!("{text}: not a legal move here"))
    }

    /// Plays the move written `text` if it is legal; otherwise says why and
    /// changes nothing.
    pub fn play_text(&mut self, text: &str) -> Result<(), String> {
        let mv = self.parse_move(text)?;
        self.play(&mv);
        Ok(())
    }

    /// The number of legal move sequences of length `depth` (C3-22).
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.legal_moves().len() as u64,
            _ => self
                .legal_moves()
                .iter()
                .map(|m| {
                    let mut child = self.clone();
                    child.play(m);
                    child.perft(depth - 1)
                })
                .sum(),
        }
    }

    /// Perft split by first move (for finding where two counts differ).
    pub fn divide(&self, depth: u32) -> Vec<(RefMove, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        self.legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = self.clone();
                child.play(&m);
                (m, child.perft(depth - 1))
            })
            .collect()
    }
}

impl fmt::Display for RefPosition {
    /// The position text, as [`fen`](RefPosition::fen).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_six_steps_and_twenty_four_leaps() {
        // C3-2, C3-7
        assert_eq!(steps().count(), 26);
        assert_eq!(steps().filter(|s| s.1 == 1).count(), 6);
        assert_eq!(steps().filter(|s| s.1 == 2).count(), 12);
        assert_eq!(steps().filter(|s| s.1 == 3).count(), 8);
        assert_eq!(leaps().count(), 24);
    }

    #[test]
    fn home_levels() {
        // C3-15
        let numbers: Vec<u8> = (1..=8).map(|l| home_level(l).number()).collect();
        assert_eq!(numbers, [1, 1, 2, 2, 3, 3, 4, 4]);
    }

    /// The backward attack scan agrees with the forward attack sets on
    /// positions reached by random play.
    #[test]
    fn attack_scan_agrees_with_forward_attacks() {
        let mut seed = 12345u64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as usize) % n
        };
        for levels in [1, 2, 3] {
            let mut pos = RefPosition::start(levels).unwrap();
            for _ in 0..40 {
                for by in Color::ALL {
                    let mut forward_set = [false; MAX_CELLS];
                    for from in pos.cells() {
                        if pos.at(from).map(|p| p.color) == Some(by) {
                            for t in pos.attacks_from(from) {
                                forward_set[t.index()] = true;
                            }
                        }
                    }
                    for cell in pos.cells() {
                        assert_eq!(
                            pos.attacked_by(cell, by),
                            forward_set[cell.index()],
                            "{cell} by {by} in {}",
                            pos.fen()
                        );
                    }
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(&moves[next(moves.len())]);
            }
        }
    }
}
