//! Pictures of a position (feature `svg`): the stacks of cubes as a
//! standalone SVG document, in an isometric 3-D view or a top view.
//!
//! What a UI finds, each a group with a `class` and `data-place` (the
//! square, `D5`):
//! - `cell` (the 64 squares of the board, with their zone: `gates`, `walls`,
//!   `castle`, `dungeon`, and `data-max-height`);
//! - `piece cube white|black` (every cube, with `data-level` and
//!   `data-cube="D5^2"`), plus `network` for a cube of the winning network;
//! - `last-move`, `highlight selected`, `highlight target`.
//!
//! ```
//! use kybo::{svg::SvgOptions, Move, Position, Square};
//!
//! let mut pos = Position::default();
//! pos.play(Move::new(Square::D4))?;
//! pos.play(Move::new(Square::D4))?;
//! let picture = pos.to_svg(&SvgOptions::default());
//! assert_eq!(picture.matches(r#"class="piece cube "#).count(), 2);
//! assert!(picture.contains(r#"data-cube="D4^2""#));
//! # Ok::<(), kybo::PlayError>(())
//! ```

use board_core::{svg_say as say, Color, File, Message, Rank, Square, Svg, Words};

use crate::geometry::{Cube, StackLevel, Zone};
use crate::moves::Move;
use crate::network::Network;
use crate::position::Position;

/// What a UI clicks on and highlights in KYBO: a square (a move is a square).
pub type Place = Square;

/// How the board is seen: from one of its corners (`A1`, `H1`, `H8`, `A8`,
/// read and written so), or from above (`top`).
///
/// ```
/// use kybo::svg::{Corner, View};
/// assert_eq!(View::default(), View::Isometric(Corner::A1));
/// let view: View = "H8".parse()?;
/// assert_eq!(view, View::Isometric(Corner::H8));
/// assert_eq!(View::Top.to_string(), "top");
/// # Ok::<(), kybo::svg::ParseViewError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum View {
    /// A 3-D view from a corner (its square nearest): the board as a
    /// diamond, the stacks drawn back to front so nearer cubes cover
    /// farther ones; turning to the four corners shows every cube.
    Isometric(Corner),
    /// Seen from above: each square shows its stack bottom to top as a
    /// column of chips, the empty places up to its zone's limit as dashed
    /// slots, and its height.
    Top,
}

impl Default for View {
    fn default() -> View {
        View::Isometric(Corner::A1)
    }
}

impl core::fmt::Display for View {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            View::Isometric(corner) => corner.fmt(f),
            View::Top => f.write_str("top"),
        }
    }
}

/// A text that is not a [`View`]: `A1`, `H1`, `H8`, `A8` or `top`.
///
/// ```
/// use kybo::svg::View;
/// let err = "side".parse::<View>().unwrap_err();
/// assert!(err.to_string().contains("side"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a view of the board: A1, H1, H8, A8 (a corner) or top")]
pub struct ParseViewError {
    /// The start of the text read.
    pub text: String,
}

impl core::str::FromStr for View {
    type Err = ParseViewError;

    fn from_str(text: &str) -> Result<View, ParseViewError> {
        if text.eq_ignore_ascii_case("top") {
            return Ok(View::Top);
        }
        Corner::ALL
            .into_iter()
            .find(|corner| text.eq_ignore_ascii_case(&corner.to_string()))
            .map(View::Isometric)
            .ok_or_else(|| ParseViewError {
                text: board_core::excerpt(text),
            })
    }
}

/// A corner of the board, where the isometric view looks from: its square
/// is the nearest one.
///
/// ```
/// use kybo::svg::Corner;
/// assert_eq!(Corner::A1.turned(), Corner::H1);
/// assert_eq!(Corner::A8.turned(), Corner::A1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Corner {
    /// White's left, the default.
    A1,
    /// White's right.
    H1,
    /// Black's left.
    H8,
    /// Black's right.
    A8,
}

impl Corner {
    /// The four corners, each a quarter turn of the board after the one
    /// before.
    pub const ALL: [Corner; 4] = [Corner::A1, Corner::H1, Corner::H8, Corner::A8];

    /// The corner a quarter turn of the board brings nearest next.
    #[must_use]
    pub const fn turned(self) -> Corner {
        match self {
            Corner::A1 => Corner::H1,
            Corner::H1 => Corner::H8,
            Corner::H8 => Corner::A8,
            Corner::A8 => Corner::A1,
        }
    }

    /// The view's cell of `sq`: the board turned so that this corner's
    /// square is at (0, 0), the nearest cell (a rotation, never a mirror).
    fn cell(self, sq: Square) -> (usize, usize) {
        let (f, r) = (sq.file().index(), sq.rank().index());
        match self {
            Corner::A1 => (f, r),
            Corner::H1 => (r, 7 - f),
            Corner::H8 => (7 - f, 7 - r),
            Corner::A8 => (7 - r, f),
        }
    }

    /// A direction on the board (files, ranks) in the view's turned axes.
    fn direction(self, (df, dr): (f64, f64)) -> (f64, f64) {
        match self {
            Corner::A1 => (df, dr),
            Corner::H1 => (dr, -df),
            Corner::H8 => (-df, -dr),
            Corner::A8 => (-dr, df),
        }
    }

    /// How far back `sq` is in the view (0: nearest).
    fn depth(self, sq: Square) -> usize {
        let (x, y) = self.cell(sq);
        x + y
    }
}

impl core::fmt::Display for Corner {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Corner::A1 => "A1",
            Corner::H1 => "H1",
            Corner::H8 => "H8",
            Corner::A8 => "A8",
        })
    }
}

/// What to draw besides the board and cubes ([`board_core::SvgOptions`]
/// with this game's moves, squares and [`View`]): the coordinates on all
/// four sides; a status line (side to move or the result, cubes placed and
/// left) and the zone legend; the last move (its cube, on top of its stack);
/// selected squares; target squares, drawn where the next cube would land;
/// the isometric (default) or top view.
///
/// ```
/// use kybo::{svg::{SvgOptions, View}, Square};
/// let options = SvgOptions {
///     view: View::Top,
///     targets: vec![Square::D5, Square::E4],
///     ..SvgOptions::default()
/// };
/// assert!(options.coordinates && options.status);
/// ```
pub type SvgOptions = board_core::SvgOptions<Move, Place, View>;

/// The board colour of a zone, lighter at the edge, darker towards the Dungeon.
fn zone_fill(zone: Zone) -> &'static str {
    match zone {
        Zone::Gates => "#efe4c8",
        Zone::Walls => "#dcc69a",
        Zone::Castle => "#c6a56d",
        Zone::Dungeon => "#a98248",
    }
}

fn zone_class(zone: Zone) -> &'static str {
    match zone {
        Zone::Gates => "cell gates",
        Zone::Walls => "cell walls",
        Zone::Castle => "cell castle",
        Zone::Dungeon => "cell dungeon",
    }
}

/// The colour of the winning network's outline.
const NETWORK: &str = "#e8a800";
const TARGET: &str = "#1f9d55";
const LAST: &str = "#e53e3e";

/// Every cube on the board with its colour.
fn cubes(position: &Position) -> Vec<(Cube, Color)> {
    let mut out = Vec::new();
    for sq in Square::ALL {
        for (i, color) in position.stack(sq).iter().enumerate() {
            if let Some(level) = StackLevel::new(i as u8 + 1) {
                out.push((Cube::new(sq, level), color));
            }
        }
    }
    out
}

fn cube_group(svg: &mut Svg, cube: Cube, color: Color, network: &Network) {
    let class = match (color, network.contains(cube)) {
        (Color::White, false) => "piece cube white",
        (Color::White, true) => "piece cube white network",
        (Color::Black, false) => "piece cube black",
        (Color::Black, true) => "piece cube black network",
    };
    svg.group_with(
        class,
        &[
            ("data-place", &cube.square().to_string()),
            ("data-level", &cube.level().to_string()),
            ("data-cube", &cube.to_string()),
        ],
    );
}

/// The status line: the result or the side to move, and the cubes; in
/// `words`' language if given.
fn status_text(position: &Position, words: Option<&dyn Words>) -> String {
    let Some(words) = words else {
        return english_status(position);
    };
    let mut parts = vec![match position.outcome() {
        Some(outcome) => words.say(
            &Message::new("svg-kybo-over")
                .explained("outcome", &outcome)
                .number("count", position.total_cubes()),
        ),
        None => words.say(
            &Message::new("svg-kybo-turn")
                .explained("player", &position.turn())
                .number("number", position.total_cubes() + 1),
        ),
    }];
    for color in Color::ALL {
        let m = match position.cubes_left(color) {
            Some(left) => Message::new("svg-kybo-cubes-left").number("left", left),
            None => Message::new("svg-kybo-cubes"),
        };
        parts.push(
            words.say(
                &m.explained("player", &color)
                    .number("count", position.placed(color)),
            ),
        );
    }
    parts.join(", ")
}

/// [`status_text`] in the crate's own English.
fn english_status(position: &Position) -> String {
    let mut line = match position.outcome() {
        Some(outcome) => format!("{outcome} after {} moves", position.total_cubes()),
        None => format!(
            "{} to move, move {}",
            position.turn(),
            position.total_cubes() + 1
        ),
    };
    for color in Color::ALL {
        line.push_str(&format!(", {color} {} cubes", position.placed(color)));
        if let Some(left) = position.cubes_left(color) {
            line.push_str(&format!(" ({left} left)"));
        }
    }
    line
}

/// Draws `position` as a standalone SVG document: the isometric view of the
/// stacks (every cube with its true colour, zones shaded on the board with
/// their height limits, the winning network outlined in gold through every
/// level it uses) or, with [`View::Top`], the top view with stack heights.
///
/// ```
/// use kybo::{svg::{to_svg, SvgOptions, View}, Record};
///
/// let record: Record = "D4 E4 D3 E5 D2 E4 D1 E5 D5 E4 D6 E5 D7 E4 D8".parse()?;
/// let game = record.replay()?;
/// let pos = game.position();
/// let picture = to_svg(pos, &SvgOptions::default());
/// // White's file D from rank 1 to rank 8 is a KYBO: 8 cubes of the network.
/// assert_eq!(picture.matches(" network\"").count(), 8);
/// let top = to_svg(pos, &SvgOptions { view: View::Top, ..SvgOptions::default() });
/// assert_eq!(top.matches(" network\"").count(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn to_svg(position: &Position, options: &SvgOptions) -> String {
    draw(position, options, None)
}

/// [`to_svg`] with its captions and legend in the language of `words`
/// (`board-l10n`'s catalogue: the keys `svg-kybo-*`); notation (squares,
/// heights) stays as it is.
#[must_use]
pub fn to_svg_in(position: &Position, options: &SvgOptions, words: &dyn Words) -> String {
    draw(position, options, Some(words))
}

fn draw(position: &Position, options: &SvgOptions, words: Option<&dyn Words>) -> String {
    match options.view {
        View::Isometric(corner) => isometric(position, options, corner, words),
        View::Top => top(position, options, words),
    }
}

// The view: turned 45° about the vertical and seen from 50° above the
// board (steeper than isometric, so that fewer cubes hide behind nearer
// stacks): with a square of side L on screen, A = L·cos 45°,
// B = L·cos 45°·sin 50°, H = L·cos 50°.
/// Half the width of a square's diamond.
const A: f64 = 29.0;
/// Half the height of a square's diamond.
const B: f64 = 22.2;
/// Screen height of one unit of height.
const H: f64 = 26.4;
/// The side of a cube in squares (the rest is the gap between stacks).
const SIDE: f64 = 0.62;
/// Room above the board's back corner.
const TOP_ROOM: f64 = 56.0;
/// Side room around the board.
const SIDE_ROOM: f64 = 58.0;

/// The screen point of board coordinates (x along files, y along ranks, z up).
fn iso(x: f64, y: f64, z: f64) -> (f64, f64) {
    let ox = SIDE_ROOM + 8.0 * A;
    let oy = TOP_ROOM + 16.0 * B;
    (ox + (x - y) * A, oy - (x + y) * B - z * H)
}

fn diamond(x: f64, y: f64, z: f64, side: f64) -> [(f64, f64); 4] {
    [
        iso(x, y, z),
        iso(x + side, y, z),
        iso(x + side, y + side, z),
        iso(x, y + side, z),
    ]
}

fn isometric(
    position: &Position,
    options: &SvgOptions,
    corner: Corner,
    words: Option<&dyn Words>,
) -> String {
    let width = 2.0 * SIDE_ROOM + 16.0 * A;
    let board_bottom = TOP_ROOM + 16.0 * B + 40.0;
    let legend = if options.status { 118.0 } else { 0.0 };
    let height = board_bottom + legend;
    let network = position.winning_network().unwrap_or_default();
    let status = status_text(position, words);
    let title = say(
        words,
        || format!("KYBO, {status}"),
        || Message::new("svg-kybo-title").text("status", &status),
    );
    let mut svg = Svg::new(width, height, &title);
    svg.rect(0.0, 0.0, width, height, "fill:#f7f4ee");

    // The board's thickness on its two front sides, then its squares.
    let t = 0.28;
    let slab = "fill:#7a5a32;stroke:#4d371c;stroke-width:1";
    svg.polygon(
        &[
            iso(0.0, 8.0, 0.0),
            iso(0.0, 0.0, 0.0),
            iso(0.0, 0.0, -t),
            iso(0.0, 8.0, -t),
        ],
        slab,
    );
    svg.polygon(
        &[
            iso(0.0, 0.0, 0.0),
            iso(8.0, 0.0, 0.0),
            iso(8.0, 0.0, -t),
            iso(0.0, 0.0, -t),
        ],
        "fill:#5f4525;stroke:#4d371c;stroke-width:1",
    );
    for sq in Square::ALL {
        let zone = Zone::of(sq);
        let (x, y) = corner.cell(sq);
        let (x, y) = (x as f64, y as f64);
        svg.group_with(
            zone_class(zone),
            &[
                ("data-place", &sq.to_string()),
                ("data-max-height", &zone.max_height().to_string()),
            ],
        );
        svg.polygon(
            &diamond(x, y, 0.0, 1.0),
            &format!("fill:{};stroke:#8c6a3f;stroke-width:0.8", zone_fill(zone)),
        );
        if position.height(sq) == 0 {
            // The height limit of the square's zone, readable on an empty square.
            let (cx, cy) = iso(x + 0.5, y + 0.5, 0.0);
            svg.text(
                cx,
                cy,
                &zone.max_height().to_string(),
                "font-size:11px;fill:#6b5330;fill-opacity:0.75",
                "middle",
            );
        }
        svg.end_group();
    }
    for &sq in &options.selected {
        let (x, y) = corner.cell(sq);
        let (x, y) = (x as f64, y as f64);
        svg.group_with("highlight selected", &[("data-place", &sq.to_string())]);
        svg.polygon(
            &diamond(x, y, 0.0, 1.0),
            &format!("fill:{TARGET};fill-opacity:0.45;stroke:{TARGET};stroke-width:2"),
        );
        svg.end_group();
    }

    // Cubes back to front: farther squares first (larger file + rank), each
    // stack bottom to top. A cube only ever hides cubes of squares behind it.
    let mut all = cubes(position);
    all.sort_by_key(|(cube, _)| {
        let sq = cube.square();
        (
            core::cmp::Reverse(corner.depth(sq)),
            corner.cell(sq).0,
            cube.level().index(),
        )
    });
    let g = (1.0 - SIDE) / 2.0;
    let mut targets: Vec<Square> = options.targets.clone();
    targets.sort_by_key(|&sq| core::cmp::Reverse(corner.depth(sq)));
    let mut next_target = 0;
    for &(cube, color) in &all {
        // Targets behind this cube's square are drawn before it.
        let depth = corner.depth(cube.square());
        while next_target < targets.len() {
            let sq = targets[next_target];
            if corner.depth(sq) > depth {
                draw_target(&mut svg, position, sq, corner);
                next_target += 1;
            } else {
                break;
            }
        }
        let sq = cube.square();
        let (x, y) = corner.cell(sq);
        let (x, y) = (x as f64 + g, y as f64 + g);
        let z = cube.level().index() as f64 * SIDE;
        let (top, left, right, edge) = match color {
            Color::White => ("#fdfdfb", "#d6d6d2", "#b4b4ae", "#3a3a3a"),
            Color::Black => ("#4a4a4e", "#2a2a2e", "#18181b", "#8a8a90"),
        };
        let in_network = network.contains(cube);
        let stroke = if in_network {
            format!("stroke:{NETWORK};stroke-width:2.6;stroke-linejoin:round")
        } else {
            format!("stroke:{edge};stroke-width:0.9;stroke-linejoin:round")
        };
        cube_group(&mut svg, cube, color, &network);
        // Left face (x = const), right face (y = const), then the top.
        svg.polygon(
            &[
                iso(x, y, z),
                iso(x, y + SIDE, z),
                iso(x, y + SIDE, z + SIDE),
                iso(x, y, z + SIDE),
            ],
            &format!("fill:{left};{stroke}"),
        );
        svg.polygon(
            &[
                iso(x, y, z),
                iso(x + SIDE, y, z),
                iso(x + SIDE, y, z + SIDE),
                iso(x, y, z + SIDE),
            ],
            &format!("fill:{right};{stroke}"),
        );
        svg.polygon(
            &diamond(x, y, z + SIDE, SIDE),
            &format!("fill:{top};{stroke}"),
        );
        svg.end_group();
        if options.last_move.map(Move::square) == Some(sq)
            && cube.level().number() == position.height(sq)
        {
            let (cx, cy) = iso(x + SIDE / 2.0, y + SIDE / 2.0, z + SIDE);
            svg.group_with("last-move", &[("data-place", &sq.to_string())]);
            svg.circle(
                cx,
                cy,
                6.0,
                &format!("fill:{LAST};stroke:#ffffff;stroke-width:1.5"),
            );
            svg.end_group();
        }
    }
    for &sq in &targets[next_target..] {
        draw_target(&mut svg, position, sq, corner);
    }

    if options.coordinates {
        // Each file's letter beyond its two end squares, each rank's digit
        // beyond its two; the far labels raised so stacks do not hide them.
        let style = "font-size:13px;font-weight:bold;fill:#4a3820";
        for i in 0..8 {
            let ends = [
                (Square::new(File::ALL[i], Rank::ALL[0]), (0.0, -1.0)),
                (Square::new(File::ALL[i], Rank::ALL[7]), (0.0, 1.0)),
                (Square::new(File::ALL[0], Rank::ALL[i]), (-1.0, 0.0)),
                (Square::new(File::ALL[7], Rank::ALL[i]), (1.0, 0.0)),
            ];
            for (k, (sq, outward)) in ends.into_iter().enumerate() {
                let label = if k < 2 {
                    File::ALL[i].char()
                } else {
                    Rank::ALL[i].char()
                };
                let (cx, cy) = corner.cell(sq);
                let (dx, dy) = corner.direction(outward);
                let near = dx + dy < 0.0;
                let (reach, z) = if near { (1.25, -0.15) } else { (1.05, 0.75) };
                let (x, y) = iso(
                    cx as f64 + 0.5 + dx * reach,
                    cy as f64 + 0.5 + dy * reach,
                    z,
                );
                svg.text(x, y, &label.to_string(), style, "middle");
            }
        }
    }

    if options.status {
        status_block(&mut svg, position, board_bottom, width, words);
    }
    svg.finish()
}

/// A target in the isometric view: a dashed ghost cube where the next cube
/// on `sq` would land, or a ring on the top of a full stack.
fn draw_target(svg: &mut Svg, position: &Position, sq: Square, corner: Corner) {
    let g = (1.0 - SIDE) / 2.0;
    let (x, y) = corner.cell(sq);
    let (x, y) = (x as f64 + g, y as f64 + g);
    let z = f64::from(position.height(sq)) * SIDE;
    svg.group_with("highlight target", &[("data-place", &sq.to_string())]);
    let style = format!(
        "fill:{TARGET};fill-opacity:0.25;stroke:{TARGET};stroke-width:2;stroke-dasharray:4 3"
    );
    if position.height(sq) < Zone::of(sq).max_height() {
        svg.polygon(
            &[
                iso(x, y, z),
                iso(x, y + SIDE, z),
                iso(x, y + SIDE, z + SIDE),
                iso(x, y, z + SIDE),
            ],
            &style,
        );
        svg.polygon(
            &[
                iso(x, y, z),
                iso(x + SIDE, y, z),
                iso(x + SIDE, y, z + SIDE),
                iso(x, y, z + SIDE),
            ],
            &style,
        );
        svg.polygon(&diamond(x, y, z + SIDE, SIDE), &style);
    } else {
        svg.polygon(&diamond(x, y, z, SIDE), &style);
    }
    svg.end_group();
}

/// The status line and the zone legend under the board.
fn status_block(svg: &mut Svg, position: &Position, y: f64, width: f64, words: Option<&dyn Words>) {
    svg.group("status", "");
    let bold = if position.outcome().is_some() {
        "font-size:15px;font-weight:bold;fill:#222"
    } else {
        "font-size:15px;fill:#222"
    };
    svg.text(
        width / 2.0,
        y + 12.0,
        &status_text(position, words),
        bold,
        "middle",
    );
    svg.end_group();
    svg.group("legend", "");
    let step = (width - 40.0) / 2.0;
    for (i, zone) in Zone::ALL.into_iter().enumerate() {
        let x = 20.0 + (i % 2) as f64 * step;
        let row = y + 30.0 + (i / 2) as f64 * 20.0;
        svg.rect(
            x,
            row,
            14.0,
            14.0,
            &format!("fill:{};stroke:#8c6a3f", zone_fill(zone)),
        );
        let label = say(
            words,
            || {
                format!(
                    "{} ({}): {} high",
                    zone.name(),
                    zone.french_name(),
                    if zone.max_height() == 1 {
                        "1 cube".to_owned()
                    } else {
                        format!("{} cubes", zone.max_height())
                    }
                )
            },
            || {
                let name = Message::new(match zone {
                    Zone::Gates => "svg-kybo-zone-gates",
                    Zone::Walls => "svg-kybo-zone-walls",
                    Zone::Castle => "svg-kybo-zone-castle",
                    Zone::Dungeon => "svg-kybo-zone-dungeon",
                });
                Message::new("svg-kybo-zone")
                    .message("zone", name)
                    .number("height", zone.max_height())
            },
        );
        svg.text(
            x + 19.0,
            row + 7.0,
            &label,
            "font-size:12px;fill:#333",
            "start",
        );
    }
    svg.rect(
        20.0,
        y + 70.0,
        14.0,
        14.0,
        &format!("fill:none;stroke:{NETWORK};stroke-width:2.6"),
    );
    svg.text(
        39.0,
        y + 77.0,
        &say(
            words,
            || "gold: the winning network (KYBO), cube by cube".to_owned(),
            || Message::new("svg-kybo-key-network"),
        ),
        "font-size:12px;fill:#333",
        "start",
    );
    // The other marks: the last move's dot and the targets' ghost cubes.
    svg.circle(
        27.0,
        y + 97.0,
        6.0,
        &format!("fill:{LAST};stroke:#ffffff;stroke-width:1.5"),
    );
    svg.text(
        39.0,
        y + 97.0,
        &say(
            words,
            || "red dot: the last cube placed".to_owned(),
            || Message::new("svg-kybo-key-last"),
        ),
        "font-size:12px;fill:#333",
        "start",
    );
    svg.rect(
        20.0 + step,
        y + 90.0,
        14.0,
        14.0,
        &format!(
            "fill:{TARGET};fill-opacity:0.25;stroke:{TARGET};stroke-width:2;stroke-dasharray:4 3"
        ),
    );
    svg.text(
        39.0 + step,
        y + 97.0,
        &say(
            words,
            || "green dashes: where a cube may land".to_owned(),
            || Message::new("svg-kybo-key-target"),
        ),
        "font-size:12px;fill:#333",
        "start",
    );
    svg.end_group();
}

/// Side of a square in the top view.
const CELL: f64 = 58.0;
/// Room around the top view's board for coordinates.
const RIM: f64 = 28.0;

fn top(position: &Position, options: &SvgOptions, words: Option<&dyn Words>) -> String {
    let width = 2.0 * RIM + 8.0 * CELL;
    let board_bottom = 2.0 * RIM + 8.0 * CELL;
    let legend = if options.status { 118.0 } else { 0.0 };
    let height = board_bottom + legend;
    let network = position.winning_network().unwrap_or_default();
    let status = status_text(position, words);
    let title = say(
        words,
        || format!("KYBO, top view, {status}"),
        || Message::new("svg-kybo-title-top").text("status", &status),
    );
    let mut svg = Svg::new(width, height, &title);
    svg.rect(0.0, 0.0, width, height, "fill:#f7f4ee");
    let origin = |sq: Square| {
        (
            RIM + sq.file().index() as f64 * CELL,
            RIM + (7 - sq.rank().index()) as f64 * CELL,
        )
    };
    let (chip_w, chip_h, chip_gap) = (CELL * 0.56, CELL * 0.17, CELL * 0.05);
    for sq in Square::ALL {
        let zone = Zone::of(sq);
        let (x, y) = origin(sq);
        let height = position.height(sq);
        svg.group_with(
            zone_class(zone),
            &[
                ("data-place", &sq.to_string()),
                ("data-max-height", &zone.max_height().to_string()),
                ("data-height", &height.to_string()),
            ],
        );
        svg.rect(
            x,
            y,
            CELL,
            CELL,
            &format!("fill:{};stroke:#8c6a3f;stroke-width:1", zone_fill(zone)),
        );
        // Empty places up to the zone's limit, as dashed slots.
        let chip_x = x + (CELL - chip_w) / 2.0 - 6.0;
        for level in height..zone.max_height() {
            let cy = y + CELL - chip_gap * 1.5 - (f64::from(level) + 1.0) * (chip_h + chip_gap);
            svg.rect(
                chip_x,
                cy,
                chip_w,
                chip_h,
                "fill:none;stroke:#7a5a32;stroke-width:1;stroke-dasharray:3 2;stroke-opacity:0.6",
            );
        }
        if height > 0 {
            svg.text(
                x + CELL - 8.0,
                y + 10.0,
                &height.to_string(),
                "font-size:12px;font-weight:bold;fill:#222",
                "middle",
            );
        }
        svg.end_group();
        if options.selected.contains(&sq) {
            svg.group_with("highlight selected", &[("data-place", &sq.to_string())]);
            svg.rect(
                x + 2.0,
                y + 2.0,
                CELL - 4.0,
                CELL - 4.0,
                &format!("fill:{TARGET};fill-opacity:0.3;stroke:{TARGET};stroke-width:3"),
            );
            svg.end_group();
        }
        // The stack, bottom to top.
        for (i, color) in position.stack(sq).iter().enumerate() {
            let Some(level) = StackLevel::new(i as u8 + 1) else {
                continue;
            };
            let cube = Cube::new(sq, level);
            let cy = y + CELL - chip_gap * 1.5 - (i as f64 + 1.0) * (chip_h + chip_gap);
            let (fill, edge) = match color {
                Color::White => ("#fdfdfb", "#3a3a3a"),
                Color::Black => ("#26262a", "#000000"),
            };
            let stroke = if network.contains(cube) {
                format!("stroke:{NETWORK};stroke-width:3")
            } else {
                format!("stroke:{edge};stroke-width:1")
            };
            cube_group(&mut svg, cube, color, &network);
            svg.rect(chip_x, cy, chip_w, chip_h, &format!("fill:{fill};{stroke}"));
            svg.end_group();
        }
        if options.last_move.map(Move::square) == Some(sq) && height > 0 {
            let cy =
                y + CELL - chip_gap * 1.5 - f64::from(height) * (chip_h + chip_gap) + chip_h / 2.0;
            svg.group_with("last-move", &[("data-place", &sq.to_string())]);
            svg.circle(
                chip_x + chip_w + 7.0,
                cy,
                4.5,
                &format!("fill:{LAST};stroke:#ffffff;stroke-width:1"),
            );
            svg.end_group();
        }
        if options.targets.contains(&sq) {
            svg.group_with("highlight target", &[("data-place", &sq.to_string())]);
            if height < zone.max_height() {
                let cy =
                    y + CELL - chip_gap * 1.5 - (f64::from(height) + 1.0) * (chip_h + chip_gap);
                svg.rect(
                    chip_x,
                    cy,
                    chip_w,
                    chip_h,
                    &format!("fill:{TARGET};fill-opacity:0.5;stroke:{TARGET};stroke-width:2"),
                );
            } else {
                svg.rect(
                    x + 3.0,
                    y + 3.0,
                    CELL - 6.0,
                    CELL - 6.0,
                    &format!("fill:none;stroke:{TARGET};stroke-width:3;stroke-dasharray:5 3"),
                );
            }
            svg.end_group();
        }
    }
    if options.coordinates {
        let style = "font-size:13px;font-weight:bold;fill:#4a3820";
        for i in 0..8 {
            let c = i as f64 * CELL + CELL / 2.0;
            let file = File::ALL[i].char().to_string();
            let rank = Rank::ALL[7 - i].char().to_string();
            svg.text(RIM + c, RIM / 2.0, &file, style, "middle");
            svg.text(RIM + c, RIM * 1.5 + 8.0 * CELL, &file, style, "middle");
            svg.text(RIM / 2.0, RIM + c, &rank, style, "middle");
            svg.text(RIM * 1.5 + 8.0 * CELL, RIM + c, &rank, style, "middle");
        }
    }
    if options.status {
        status_block(&mut svg, position, board_bottom - 6.0, width, words);
    }
    svg.finish()
}

impl Position {
    /// This position as a standalone SVG document: see [`to_svg`].
    ///
    /// ```
    /// use kybo::{svg::SvgOptions, Position};
    /// let picture = Position::default().to_svg(&SvgOptions::default());
    /// assert!(picture.contains("viewBox="));
    /// assert_eq!(picture.matches(r#"<g class="cell "#).count(), 64);
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
