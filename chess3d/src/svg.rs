//! Pictures of a position (feature `svg`): the levels side by side as a
//! standalone SVG document, for a UI or the docs.
//!
//! Every cell is a group `class="cell light|dark"` with `data-place="N2/C1"`,
//! every piece a group `class="piece white|black ROLE"` with the same
//! `data-place` and `data-piece` (its FEN letter); highlights are groups of
//! class `last-move`, `check`, `highlight selected` and `highlight target`.
//! Light and dark cells follow the parity of file + rank + level, the colour a
//! bishop never leaves (C3-5).
//!
//! ```
//! use chess3d::{Position, svg::SvgOptions};
//!
//! let picture = Position::default().to_svg(&SvgOptions::default());
//! assert!(picture.starts_with("<svg "));
//! assert_eq!(picture.matches("class=\"piece ").count(), 32);
//! assert!(picture.contains("data-place=\"N2/C1\""));
//! ```

use board_core::{svg_say as say, Cell, Color, Level, Message, Square, Svg, Words};

use crate::moves::Move;
use crate::piece::{Piece, Role};
use crate::position::Position;

/// What a UI clicks on and highlights in chess3d: a cell (`N2/C1`).
pub type Place = Cell;

/// What to draw besides the boards and pieces ([`board_core::SvgOptions`]
/// with this game's moves and cells): files and ranks on the rim of every
/// level; a status line (side to move, move number, check, material or the
/// result); the last move (its two cells); the selected cells (a piece the
/// player picked up) and the targets (the legal moves of the selection).
///
/// ```
/// use chess3d::{svg::SvgOptions, Cell};
///
/// let options = SvgOptions {
///     selected: vec!["N2/E2".parse::<Cell>()?],
///     targets: vec!["N2/E3".parse()?, "N2/E4".parse()?],
///     ..SvgOptions::default()
/// };
/// assert!(options.coordinates && options.status && options.last_move.is_none());
/// # Ok::<(), board_core::NotationError>(())
/// ```
pub type SvgOptions = board_core::SvgOptions<Move, Place>;

/// Side of a cell in user units.
const CELL: f64 = 40.0;
/// Room left of, right of and below a board for coordinates.
const RIM: f64 = 22.0;
/// Room above a board for its level name.
const TITLE: f64 = 30.0;
/// Space between two boards side by side.
const GAP: f64 = 16.0;
/// Boards per row of the picture.
const PER_ROW: usize = 4;
/// Height of the status line.
const STATUS: f64 = 34.0;

const LIGHT: &str = "fill:#f0d9b5";
const DARK: &str = "fill:#b58863";

/// The glyph of a role (the filled set, painted in the piece's colour).
fn glyph(role: Role) -> &'static str {
    match role {
        Role::King => "\u{265A}",
        Role::Queen => "\u{265B}",
        Role::Rook => "\u{265C}",
        Role::Bishop => "\u{265D}",
        Role::Knight => "\u{265E}",
        Role::Pawn => "\u{265F}",
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

/// Material value of a role (the usual 9-5-3-3-1; the king counts 0).
fn value(role: Role) -> u32 {
    match role {
        Role::Queen => 9,
        Role::Rook => 5,
        Role::Bishop | Role::Knight => 3,
        Role::Pawn => 1,
        Role::King => 0,
    }
}

/// Top-left corner of a level's board.
fn board_origin(level: usize) -> (f64, f64) {
    let (col, row) = (level % PER_ROW, level / PER_ROW);
    let x = RIM + col as f64 * (8.0 * CELL + 2.0 * RIM + GAP);
    let y = TITLE + row as f64 * (8.0 * CELL + TITLE + RIM);
    (x, y)
}

/// Top-left corner of a cell.
fn cell_origin(cell: Cell) -> (f64, f64) {
    let (x, y) = board_origin(cell.level().index());
    let sq = cell.square();
    (
        x + sq.file().index() as f64 * CELL,
        y + (7 - sq.rank().index()) as f64 * CELL,
    )
}

fn place_text(cell: Cell) -> String {
    cell.to_string()
}

/// Draws `position` as a standalone SVG document: the levels `N1`…`NL` side
/// by side (four to a row), each with its name over it, piece glyphs,
/// coordinates on the rim, the king in check and the marks of `options`.
///
/// ```
/// use chess3d::{svg::{to_svg, SvgOptions}, Position};
///
/// let mut pos = Position::default();
/// let mv = pos.parse_move("N2/E7-N2/E5")?;
/// pos.play(mv)?;
/// let picture = to_svg(&pos, &SvgOptions { last_move: Some(mv), ..SvgOptions::default() });
/// assert_eq!(picture.matches("class=\"last-move\"").count(), 2);
/// assert!(picture.contains(">N3</text>"));
/// # Ok::<(), chess3d::PlayError>(())
/// ```
#[must_use]
pub fn to_svg(position: &Position, options: &SvgOptions) -> String {
    draw(position, options, None)
}

/// [`to_svg`] with its captions in the language of `words` (`board-l10n`'s
/// catalogue: the keys `svg-c3-*`); notation (cells, levels) stays as it
/// is.
#[must_use]
pub fn to_svg_in(position: &Position, options: &SvgOptions, words: &dyn Words) -> String {
    draw(position, options, Some(words))
}

fn draw(position: &Position, options: &SvgOptions, words: Option<&dyn Words>) -> String {
    let levels = position.levels();
    let cols = levels.min(PER_ROW);
    let rows = levels.div_ceil(PER_ROW);
    let width = cols as f64 * (8.0 * CELL + 2.0 * RIM) + (cols - 1) as f64 * GAP;
    let boards_height = rows as f64 * (8.0 * CELL + TITLE + RIM);
    let height = boards_height + if options.status { STATUS } else { 0.0 };
    let turn = position.turn();
    let outcome = position.outcome();
    let status = status_text(position, words);
    let title = say(
        words,
        || format!("chess3d, {levels} levels, {status}"),
        || {
            Message::new("svg-c3-title")
                .number("levels", levels)
                .text("status", &status)
        },
    );
    let mut svg = Svg::new(width, height, &title);
    svg.rect(0.0, 0.0, width, height, "fill:#fbfaf7");

    for l in 0..levels {
        let level = Level::new(l as u8).unwrap_or(Level::N1);
        let (x, y) = board_origin(l);
        svg.group_with("level", &[("data-level", &level.to_string())]);
        svg.text(
            x + 4.0 * CELL,
            y - TITLE / 2.0,
            &level.to_string(),
            "font-size:18px;font-weight:bold;fill:#333",
            "middle",
        );
        svg.rect(
            x - 1.5,
            y - 1.5,
            8.0 * CELL + 3.0,
            8.0 * CELL + 3.0,
            "fill:none;stroke:#5a4632;stroke-width:3",
        );
        for sq in Square::ALL {
            let cell = Cell::new(level, sq);
            let (cx, cy) = cell_origin(cell);
            let dark = (sq.file().index() + sq.rank().index() + l) % 2 == 0;
            svg.group_with(
                if dark { "cell dark" } else { "cell light" },
                &[("data-place", &place_text(cell))],
            );
            svg.rect(cx, cy, CELL, CELL, if dark { DARK } else { LIGHT });
            svg.end_group();
        }
        if options.coordinates {
            let style = "font-size:12px;fill:#555";
            for i in 0..8 {
                let file = (b'A' + i as u8) as char;
                let fx = x + (i as f64 + 0.5) * CELL;
                svg.text(
                    fx,
                    y + 8.0 * CELL + RIM / 2.0,
                    &file.to_string(),
                    style,
                    "middle",
                );
                let rank = (b'8' - i as u8) as char;
                let ry = y + (i as f64 + 0.5) * CELL;
                svg.text(x - RIM / 2.0, ry, &rank.to_string(), style, "middle");
                svg.text(
                    x + 8.0 * CELL + RIM / 2.0,
                    ry,
                    &rank.to_string(),
                    style,
                    "middle",
                );
            }
        }
        svg.end_group();
    }

    // Marks under the pieces: last move, check, selection.
    if let Some(mv) = options.last_move {
        for cell in [mv.from(), mv.to()] {
            mark(
                &mut svg,
                "last-move",
                cell,
                "fill:#f6e05e;fill-opacity:0.55",
            );
        }
    }
    if position.is_check() {
        let king = position.king(turn);
        mark(&mut svg, "check", king, "fill:#e53e3e;fill-opacity:0.75");
    }
    for &cell in &options.selected {
        mark(
            &mut svg,
            "highlight selected",
            cell,
            "fill:#38a169;fill-opacity:0.55",
        );
    }

    for (cell, piece) in position.pieces() {
        draw_piece(&mut svg, cell, piece);
    }

    // Targets over the pieces: a dot on an empty cell, a ring on a capture.
    for &cell in &options.targets {
        let (cx, cy) = cell_origin(cell);
        svg.group_with("highlight target", &[("data-place", &place_text(cell))]);
        if position.piece_at(cell).is_some() {
            svg.circle(
                cx + CELL / 2.0,
                cy + CELL / 2.0,
                CELL * 0.45,
                "fill:none;stroke:#2f855a;stroke-width:4;stroke-opacity:0.8",
            );
        } else {
            svg.circle(
                cx + CELL / 2.0,
                cy + CELL / 2.0,
                CELL * 0.16,
                "fill:#2f855a;fill-opacity:0.7",
            );
        }
        svg.end_group();
    }

    if options.status {
        svg.group("status", "");
        let style = if outcome.is_some() {
            "font-size:16px;font-weight:bold;fill:#222"
        } else {
            "font-size:15px;fill:#222"
        };
        svg.text(
            width / 2.0,
            boards_height + STATUS / 2.0,
            &status,
            style,
            "middle",
        );
        svg.end_group();
    }
    svg.finish()
}

/// The status line: result, or side to move with move number and check;
/// then the material of each side.
fn status_text(position: &Position, words: Option<&dyn Words>) -> String {
    let mut material = [0u32; 2];
    for (_, piece) in position.pieces() {
        material[piece.color as usize] += value(piece.role);
    }
    // A full move is Black's move then White's (Black moves first, C3-13),
    // and the FEN number grows after Black's move: while White is to move,
    // the move in progress is the one before.
    let turn = position.turn();
    let fullmove = position.fullmove_number();
    let in_progress = match turn {
        Color::Black => fullmove,
        Color::White => fullmove.saturating_sub(1).max(1),
    };
    if let Some(words) = words {
        let state = match position.outcome() {
            Some(outcome) => Message::new("svg-c3-over")
                .explained("outcome", &outcome)
                .number("number", fullmove.saturating_sub(1).max(1)),
            None => Message::new(if position.is_check() {
                "svg-c3-turn-check"
            } else {
                "svg-c3-turn"
            })
            .number("number", in_progress)
            .explained("player", &turn),
        };
        let material = Message::new("svg-c3-material")
            .number("white", material[Color::White as usize])
            .number("black", material[Color::Black as usize]);
        return format!("{} · {}", words.say(&state), words.say(&material));
    }
    let state = match position.outcome() {
        Some(outcome) => format!("{outcome} in move {}", fullmove.saturating_sub(1).max(1)),
        None => {
            let check = if position.is_check() {
                ", in check"
            } else {
                ""
            };
            format!("move {in_progress}, {turn} to move{check}")
        }
    };
    format!(
        "{state} · material: White {}, Black {}",
        material[Color::White as usize],
        material[Color::Black as usize]
    )
}

fn mark(svg: &mut Svg, class: &str, cell: Cell, style: &str) {
    let (x, y) = cell_origin(cell);
    svg.group_with(class, &[("data-place", &place_text(cell))]);
    svg.rect(x, y, CELL, CELL, style);
    svg.end_group();
}

fn draw_piece(svg: &mut Svg, cell: Cell, piece: Piece) {
    let (x, y) = cell_origin(cell);
    let (color, style) = match piece.color {
        Color::White => (
            "white",
            "font-size:34px;fill:#ffffff;stroke:#1a1a1a;stroke-width:1.6;paint-order:stroke;font-family:'DejaVu Sans','Segoe UI Symbol','Noto Sans Symbols2',serif",
        ),
        Color::Black => (
            "black",
            "font-size:34px;fill:#1a1a1a;stroke:#1a1a1a;stroke-width:0.6;font-family:'DejaVu Sans','Segoe UI Symbol','Noto Sans Symbols2',serif",
        ),
    };
    let class = format!("piece {color} {}", role_name(piece.role));
    svg.group_with(
        &class,
        &[
            ("data-place", &place_text(cell)),
            ("data-piece", &piece.char().to_string()),
        ],
    );
    // U+FE0E asks for the text (not emoji) form of the glyph.
    let text = format!("{}\u{FE0E}", glyph(piece.role));
    svg.text(x + CELL / 2.0, y + CELL / 2.0 + 2.0, &text, style, "middle");
    svg.end_group();
}

impl Position {
    /// This position as a standalone SVG document: see [`to_svg`].
    ///
    /// ```
    /// use chess3d::{svg::SvgOptions, Position};
    /// let picture = Position::default().to_svg(&SvgOptions { coordinates: false, ..SvgOptions::default() });
    /// assert!(picture.contains("viewBox="));
    /// assert!(!picture.contains(">A</text>"));
    /// ```
    #[must_use]
    pub fn to_svg(&self, options: &SvgOptions) -> String {
        to_svg(self, options)
    }

    /// This position as a standalone SVG document in the language of
    /// `words`: see [`to_svg_in`].
    #[must_use]
    pub fn to_svg_in(&self, options: &SvgOptions, words: &dyn Words) -> String {
        to_svg_in(self, options, words)
    }
}
