//! Pictures of a position (feature `svg`): the board of grooves and
//! crossings as a standalone SVG document, for a UI or the docs.
//!
//! What a UI finds, each a group with a `class` and `data-place` (the
//! notation of the place):
//! - `square` (the 49 unit squares, `data-place="D5-E6"`), with `closed`,
//!   `scored-one`, `scored-two`, `unscored` and `dead` once closed; a closed
//!   2×2 (`square big`, `data-place="D5-F7"`) is four corner marks around
//!   its centre crossing, in the colour of its scorer;
//! - `segment` (all 112 grooves, `D5-E5`) and `crossing` (all 64, `D5`);
//! - `piece pale`, `piece dark` (`data-place` its segment), `piece red`
//!   (its crossing);
//! - `last-move`, `highlight selected`, `highlight target`.
//!
//! ```
//! use echec_o_cube::{svg::SvgOptions, Position};
//!
//! let mut pos = Position::default();
//! pos.play("P D5-E5".parse()?)?;
//! let picture = pos.to_svg(&SvgOptions::default());
//! assert!(picture.contains(r#"<g class="piece pale" data-place="D5-E5">"#));
//! assert_eq!(picture.matches(r#"<g class="segment""#).count(), 112);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use board_core::{svg_say as say, File, Message, Rank, Square, Svg, Words};

use crate::geometry::{GameSquare, Orientation, Segment, Size};
use crate::moves::Move;
use crate::position::{ClosedSquare, Kind, Player, Position};

/// What a UI clicks on and highlights in ÉCHEC O CUBE.
///
/// ```
/// use echec_o_cube::{svg::Place, Crossing};
/// let groove = Place::Segment("D5-E5".parse()?);
/// assert_eq!(groove.to_string(), "D5-E5");
/// assert_eq!(Place::from(Crossing::D5).to_string(), "D5");
/// assert_eq!(Place::Square("D5-F7".parse()?).to_string(), "D5-F7");
/// # Ok::<(), echec_o_cube::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Place {
    /// A segment of a groove, where pale and dark pieces lie.
    Segment(Segment),
    /// A crossing, where reds stand.
    Crossing(Square),
    /// A 1×1 or 2×2 square of the game.
    Square(GameSquare),
}

impl fmt::Display for Place {
    /// The notation of the place: `D5-E5`, `D5` or `D5-F7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Segment(s) => s.fmt(f),
            Place::Crossing(c) => c.fmt(f),
            Place::Square(s) => s.fmt(f),
        }
    }
}

impl From<Segment> for Place {
    fn from(segment: Segment) -> Place {
        Place::Segment(segment)
    }
}

impl From<Square> for Place {
    fn from(crossing: Square) -> Place {
        Place::Crossing(crossing)
    }
}

impl From<GameSquare> for Place {
    fn from(square: GameSquare) -> Place {
        Place::Square(square)
    }
}

/// What to draw besides the board and pieces ([`board_core::SvgOptions`]
/// with this game's moves and places): the coordinates on all four sides;
/// the status lines (the turn or the result, each player's points and
/// supply, and once the game is over their final count; claimable points and
/// reds left); the last move (a placement marks its segment and the squares
/// it closed, a red its crossing); selected and target places (segments,
/// squares, crossings).
///
/// ```
/// use echec_o_cube::svg::{Place, SvgOptions};
/// let options = SvgOptions {
///     targets: vec![Place::Segment("D5-D6".parse()?)],
///     ..SvgOptions::default()
/// };
/// assert!(options.coordinates && options.status);
/// # Ok::<(), echec_o_cube::ParseMoveError>(())
/// ```
pub type SvgOptions = board_core::SvgOptions<Move, Place>;

/// Distance between two neighbouring crossings.
const PITCH: f64 = 64.0;
/// Half the width of a groove.
const GROOVE: f64 = 7.0;
/// Room around the grid for coordinates.
const MARGIN: f64 = 46.0;
/// Height of one status line.
const LINE: f64 = 22.0;

const PLATE: &str = "fill:#c9a46c";
const TILE: &str = "fill:#ead2a4";
const GROOVE_STYLE: &str = "fill:#8c6a3f";
/// Tints of the two players (closed squares they scored, legend).
const ONE: &str = "#2f6fd0";
const TWO: &str = "#d0521f";
const NOBODY: &str = "#8a8a8a";

fn player_colour(player: Option<Player>) -> &'static str {
    match player {
        Some(Player::One) => ONE,
        Some(Player::Two) => TWO,
        None => NOBODY,
    }
}

/// The centre of a crossing.
fn at(sq: Square) -> (f64, f64) {
    (
        MARGIN + sq.file().index() as f64 * PITCH,
        MARGIN + (7 - sq.rank().index()) as f64 * PITCH,
    )
}

/// The rectangle of a groove segment between its crossings, shortened by
/// `inset` at both ends and `half` wide on each side.
fn bar(segment: Segment, inset: f64, half: f64) -> (f64, f64, f64, f64) {
    let (a, b) = segment.ends();
    let ((ax, ay), (bx, by)) = (at(a), at(b));
    match segment.orientation() {
        Orientation::Horizontal => (ax + inset, ay - half, bx - ax - 2.0 * inset, 2.0 * half),
        Orientation::Vertical => (bx - half, by + inset, 2.0 * half, ay - by - 2.0 * inset),
    }
}

/// The inside of a unit square, between its grooves.
fn tile(square: GameSquare) -> (f64, f64, f64) {
    let (x, y) = at(square.corner());
    (x + GROOVE, y - PITCH + GROOVE, PITCH - 2.0 * GROOVE)
}

/// The centre of a 2×2 square (its middle crossing).
fn centre(square: GameSquare) -> (f64, f64) {
    let (x, y) = at(square.corner());
    let n = match square.size() {
        Size::Unit => 0.5,
        Size::Big => 1.0,
    };
    (x + n * PITCH, y - n * PITCH)
}

/// Draws `position` as a standalone SVG document: the 8×8 crossings and
/// their grooves as on the real board, pale pieces stopping short of the
/// crossings and dark ones reaching into them, reds standing in crossings,
/// closed squares tinted by who scored them (blue One, orange Two, grey
/// nobody), dead squares crossed out, coordinates and the score.
///
/// ```
/// use echec_o_cube::{svg::{to_svg, SvgOptions}, Position};
///
/// let mut pos = Position::default();
/// for text in ["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6!"] {
///     pos.play(text.parse()?)?;
/// }
/// let picture = to_svg(&pos, &SvgOptions::default());
/// // Two announced and scored D5-E6 (two darks on it: 12 points).
/// assert!(picture.contains(r#"class="square closed scored-two" data-place="D5-E6""#));
/// assert!(picture.contains(">Two: 12 points"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn to_svg(position: &Position, options: &SvgOptions) -> String {
    draw(position, options, None)
}

/// [`to_svg`] with its captions in the language of `words` (`board-l10n`'s
/// catalogue: the keys `svg-eoc-*`); notation (squares, segments) stays as
/// it is.
#[must_use]
pub fn to_svg_in(position: &Position, options: &SvgOptions, words: &dyn Words) -> String {
    draw(position, options, Some(words))
}

fn draw(position: &Position, options: &SvgOptions, words: Option<&dyn Words>) -> String {
    let grid = 7.0 * PITCH;
    let width = 2.0 * MARGIN + grid;
    let board_height = 2.0 * MARGIN + grid;
    let lines = status_lines(position, words);
    let height = board_height
        + if options.status {
            LINE * lines.len() as f64 + 12.0
        } else {
            0.0
        };
    let title = say(
        words,
        || format!("ÉCHEC O CUBE, {}", lines[0].0),
        || Message::new("svg-eoc-title").text("status", &lines[0].0),
    );
    let mut svg = Svg::new(width, height, &title);
    svg.rect(0.0, 0.0, width, height, "fill:#fbf8f2");
    svg.rect(
        MARGIN - 26.0,
        MARGIN - 26.0,
        grid + 52.0,
        grid + 52.0,
        PLATE,
    );

    let closed: Vec<ClosedSquare> = position.closed_squares().collect();
    let last_closed: Vec<GameSquare> = match options.last_move {
        Some(Move::Place { .. }) => position.last_closed().map(|c| c.square).collect(),
        _ => Vec::new(),
    };

    // The 49 unit squares, closed ones tinted by their scorer.
    for &square in &GameSquare::ALL[..49] {
        let (x, y, side) = tile(square);
        let info = closed.iter().find(|c| c.square == square);
        let class = match info {
            None => "square".to_owned(),
            Some(c) if c.dead => "square closed dead".to_owned(),
            Some(c) => match c.scored_by {
                Some(Player::One) => "square closed scored-one".to_owned(),
                Some(Player::Two) => "square closed scored-two".to_owned(),
                None => "square closed unscored".to_owned(),
            },
        };
        svg.group_with(&class, &[("data-place", &square.to_string())]);
        svg.rect(x, y, side, side, TILE);
        if let Some(c) = info {
            if c.dead {
                svg.rect(x, y, side, side, "fill:#5c5c5c;fill-opacity:0.55");
                let d = side * 0.22;
                let style = "stroke:#f5f5f5;stroke-width:4;stroke-linecap:round";
                svg.line(x + d, y + d, x + side - d, y + side - d, style);
                svg.line(x + side - d, y + d, x + d, y + side - d, style);
            } else {
                let colour = player_colour(c.scored_by);
                svg.rect(
                    x,
                    y,
                    side,
                    side,
                    &format!("fill:{colour};fill-opacity:0.55"),
                );
                let style = if c.scored_by.is_some() {
                    "font-size:20px;font-weight:bold;fill:#ffffff"
                } else {
                    "font-size:20px;font-style:italic;fill:#f0f0f0"
                };
                svg.text(
                    x + side / 2.0,
                    y + side / 2.0,
                    &c.points.to_string(),
                    style,
                    "middle",
                );
            }
        }
        svg.end_group();
    }

    // Grooves, then crossings (the corners where grooves meet).
    for segment in Segment::ALL {
        let (x, y, w, h) = bar(segment, 0.0, GROOVE);
        svg.group_with("segment", &[("data-place", &segment.to_string())]);
        svg.rect(x, y, w, h, GROOVE_STYLE);
        svg.end_group();
    }
    for sq in Square::ALL {
        let (x, y) = at(sq);
        svg.group_with("crossing", &[("data-place", &sq.to_string())]);
        svg.rect(
            x - GROOVE - 2.0,
            y - GROOVE - 2.0,
            2.0 * GROOVE + 4.0,
            2.0 * GROOVE + 4.0,
            "fill:#6f522d",
        );
        svg.end_group();
    }

    // Marks under the pieces.
    match options.last_move {
        Some(Move::Place { segment, .. }) => {
            let (x, y, w, h) = bar(segment, -GROOVE, GROOVE + 4.0);
            svg.group_with("last-move", &[("data-place", &segment.to_string())]);
            svg.rect(x, y, w, h, "fill:#ffe14d");
            svg.end_group();
        }
        Some(Move::Red(sq)) => {
            let (x, y) = at(sq);
            svg.group_with("last-move", &[("data-place", &sq.to_string())]);
            svg.circle(x, y, GROOVE + 9.0, "fill:#ffe14d");
            svg.end_group();
        }
        Some(Move::Claim) | None => {}
    }
    for &place in &options.selected {
        highlight(&mut svg, "highlight selected", place, "#1f9d55");
    }

    // Pieces: pale ones stop short of the crossings, dark ones reach into them.
    for (segment, kind) in position.pieces() {
        let (class, inset, style) = match kind {
            Kind::Pale => (
                "piece pale",
                GROOVE + 4.0,
                "fill:#f7efdc;stroke:#7a6a48;stroke-width:1.5",
            ),
            Kind::Dark => (
                "piece dark",
                -GROOVE + 2.0,
                "fill:#3b2412;stroke:#1c0f05;stroke-width:1.5",
            ),
        };
        let (x, y, w, h) = bar(segment, inset, GROOVE - 1.0);
        svg.group_with(class, &[("data-place", &segment.to_string())]);
        svg.rect(x, y, w, h, style);
        svg.end_group();
    }
    for sq in position.reds() {
        let (x, y) = at(sq);
        svg.group_with("piece red", &[("data-place", &sq.to_string())]);
        svg.circle(
            x,
            y,
            GROOVE + 4.0,
            "fill:#d62828;stroke:#7a0e0e;stroke-width:2",
        );
        svg.circle(x - 3.0, y - 3.0, 3.5, "fill:#ff9b9b");
        svg.end_group();
    }

    // Closed 2×2 squares: a corner mark in each of the four unit squares
    // around their centre crossing, which stays visible with its pieces.
    for c in closed.iter().filter(|c| c.square.size() == Size::Big) {
        let (x, y) = centre(c.square);
        let (class, fill) = if c.dead {
            ("square big closed dead", "#3f3f3f")
        } else {
            match c.scored_by {
                Some(Player::One) => ("square big closed scored-one", ONE),
                Some(Player::Two) => ("square big closed scored-two", TWO),
                None => ("square big closed unscored", NOBODY),
            }
        };
        svg.group_with(class, &[("data-place", &c.square.to_string())]);
        let (near, side) = (GROOVE + 2.0, 12.0);
        for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            let cx = if dx < 0.0 { x - near - side } else { x + near };
            let cy = if dy < 0.0 { y - near - side } else { y + near };
            svg.rect(
                cx,
                cy,
                side,
                side,
                &format!("fill:{fill};stroke:#ffffff;stroke-width:1.5"),
            );
        }
        svg.end_group();
    }

    // The squares the last placement closed, outlined.
    for &square in &last_closed {
        let (cx, cy) = centre(square);
        let half = match square.size() {
            Size::Unit => PITCH / 2.0 - GROOVE - 2.0,
            Size::Big => PITCH - GROOVE - 2.0,
        };
        svg.group_with("last-move", &[("data-place", &square.to_string())]);
        svg.rect(
            cx - half,
            cy - half,
            2.0 * half,
            2.0 * half,
            "fill:none;stroke:#ffe14d;stroke-width:3",
        );
        svg.end_group();
    }
    for &place in &options.targets {
        highlight(&mut svg, "highlight target", place, "#1f9d55");
    }

    if options.coordinates {
        let style = "font-size:14px;font-weight:bold;fill:#4a3820";
        for file in File::ALL {
            let (x, _) = at(Square::new(file, Rank::First));
            let label = file.char().to_string();
            svg.text(x, MARGIN - 36.0, &label, style, "middle");
            svg.text(x, MARGIN + grid + 36.0, &label, style, "middle");
        }
        for rank in Rank::ALL {
            let (_, y) = at(Square::new(File::A, rank));
            let label = rank.char().to_string();
            svg.text(MARGIN - 36.0, y, &label, style, "middle");
            svg.text(MARGIN + grid + 36.0, y, &label, style, "middle");
        }
    }

    if options.status {
        svg.group("status", "");
        for (i, (line, colour)) in lines.iter().enumerate() {
            let y = board_height + 4.0 + LINE * (i as f64 + 0.5);
            let mut x = MARGIN - 26.0;
            if let Some(colour) = colour {
                svg.rect(
                    x,
                    y - 7.0,
                    14.0,
                    14.0,
                    &format!("fill:{colour};fill-opacity:0.8"),
                );
                x += 20.0;
            }
            let style = if i == 0 {
                "font-size:15px;font-weight:bold;fill:#222"
            } else {
                "font-size:14px;fill:#222"
            };
            svg.text(x, y, line, style, "start");
        }
        svg.end_group();
    }
    svg.finish()
}

/// The status lines, each with the colour swatch to show before it.
fn status_lines(
    position: &Position,
    words: Option<&dyn Words>,
) -> Vec<(String, Option<&'static str>)> {
    let Some(words) = words else {
        return english_lines(position);
    };
    let mut first = vec![match position.outcome() {
        Some(outcome) => Message::new("svg-eoc-over").explained("outcome", &outcome),
        None => Message::new("svg-eoc-turn").explained("player", &position.turn()),
    }];
    if let Some(points) = position.claimable() {
        first.push(Message::new("svg-eoc-claimable").number("points", points));
    }
    if position.config().red_mode {
        first.push(Message::new("svg-eoc-reds").number("count", position.reds_left()));
    }
    let join = |parts: Vec<Message>| {
        parts
            .iter()
            .map(|m| words.say(m))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut lines = vec![(join(first), None)];
    for player in Player::ALL {
        let (pale, dark) = position.supply(player);
        let mut parts = vec![Message::new("svg-eoc-player")
            .explained("player", &player)
            .number("points", position.points(player))
            .number("pale", pale)
            .number("dark", dark)];
        if position.outcome().is_some() {
            parts.push(Message::new("svg-eoc-final").number("count", position.final_count(player)));
        }
        lines.push((join(parts), Some(player_colour(Some(player)))));
    }
    if position.closed_squares().next().is_some() {
        // Two lines: one would run past the picture's edge.
        lines.push((words.say(&Message::new("svg-eoc-key-nobody")), Some(NOBODY)));
        lines.push((words.say(&Message::new("svg-eoc-key-marks")), None));
    }
    lines
}

/// [`status_lines`] in the crate's own English.
fn english_lines(position: &Position) -> Vec<(String, Option<&'static str>)> {
    let mut first = match position.outcome() {
        Some(outcome) => format!("Game over: {outcome}"),
        None => format!("{} to move", position.turn()),
    };
    if let Some(points) = position.claimable() {
        first.push_str(&format!(", {points} points claimable"));
    }
    if position.config().red_mode {
        first.push_str(&format!(", {} reds left", position.reds_left()));
    }
    let mut lines = vec![(first, None)];
    for player in Player::ALL {
        let (pale, dark) = position.supply(player);
        let mut line = format!(
            "{player}: {} points, {pale} pale and {dark} dark left",
            position.points(player)
        );
        // The final count (EOC-19) means something once the game is over,
        // as in the position's Display.
        if position.outcome().is_some() {
            line.push_str(&format!(", final count {}", position.final_count(player)));
        }
        lines.push((line, Some(player_colour(Some(player)))));
    }
    if position.closed_squares().next().is_some() {
        lines.push((
            "grey: closed, scored by nobody yet (claimable, or lost)".to_owned(),
            Some(NOBODY),
        ));
        lines.push((
            "crossed out: dead, 0 points; corner marks: a 2×2 square".to_owned(),
            None,
        ));
    }
    lines
}

/// A selection or target mark on a place.
fn highlight(svg: &mut Svg, class: &str, place: Place, colour: &str) {
    svg.group_with(class, &[("data-place", &place.to_string())]);
    match place {
        Place::Segment(segment) => {
            let (x, y, w, h) = bar(segment, GROOVE + 2.0, GROOVE + 2.0);
            svg.rect(
                x,
                y,
                w,
                h,
                &format!("fill:{colour};fill-opacity:0.35;stroke:{colour};stroke-width:2.5"),
            );
        }
        Place::Crossing(sq) => {
            let (x, y) = at(sq);
            svg.circle(
                x,
                y,
                GROOVE + 7.0,
                &format!("fill:none;stroke:{colour};stroke-width:3"),
            );
        }
        Place::Square(square) => {
            let (cx, cy) = centre(square);
            let half = match square.size() {
                Size::Unit => PITCH / 2.0 - GROOVE - 4.0,
                Size::Big => PITCH - GROOVE - 4.0,
            };
            svg.rect(
                cx - half,
                cy - half,
                2.0 * half,
                2.0 * half,
                &format!("fill:none;stroke:{colour};stroke-width:3;stroke-dasharray:6 4"),
            );
        }
    }
    svg.end_group();
}

impl Position {
    /// This position as a standalone SVG document: see [`to_svg`].
    ///
    /// ```
    /// use echec_o_cube::{svg::SvgOptions, Position};
    /// let picture = Position::default().to_svg(&SvgOptions::default());
    /// assert!(picture.contains("viewBox="));
    /// assert!(picture.contains(">One to move</text>"));
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
