//! A small SVG writer (feature `svg`): the one place the games' pictures
//! write XML, so escaping and number formatting are right once.

use core::fmt::Write;

/// A standalone SVG document being written: shapes are appended in paint
/// order (later ones on top), then [`finish`](Svg::finish) closes it.
///
/// Coordinates are in user units of the `viewBox` `0 0 width height`;
/// numbers are written with at most two decimals.
///
/// ```
/// use board_core::Svg;
/// let mut svg = Svg::new(100.0, 50.0, "A <test>");
/// svg.rect(0.0, 0.0, 100.0, 50.0, "fill:#eee");
/// svg.text(50.0, 25.0, "D5 & more", "font-size:10px", "middle");
/// let doc = svg.finish();
/// assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(doc.contains("viewBox=\"0 0 100 50\""));
/// assert!(doc.contains("<title>A &lt;test&gt;</title>"));
/// assert!(doc.contains(">D5 &amp; more</text>"));
/// assert!(doc.ends_with("</svg>\n"));
/// ```
#[derive(Clone, Debug)]
pub struct Svg {
    out: String,
    open_groups: usize,
}

/// What a game's picture shows besides the position, the same for every
/// game: `M` is the game's move, `P` its place (what a player clicks: a
/// segment, a square, a cell; every shape is tagged with it as
/// `data-place`), and `V` the way it is drawn where a game has several
/// (KYBO: 3-D or from above; `()` for the others).
///
/// ```
/// use board_core::{Square, SvgOptions};
/// let options: SvgOptions<(), Square> = SvgOptions {
///     targets: vec![Square::D5, Square::E4],
///     ..SvgOptions::default()
/// };
/// assert!(options.coordinates && options.status && options.selected.is_empty());
/// // A UI holding its places as text reads them back.
/// let typed: SvgOptions<(), String> = SvgOptions {
///     selected: vec!["E4".to_owned()],
///     ..SvgOptions::default()
/// };
/// let read = typed.read_places(|t| t.parse::<Square>())?;
/// assert_eq!(read.selected, [Square::E4]);
/// # Ok::<(), board_core::NotationError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SvgOptions<M, P, V = ()> {
    /// Files and ranks on the rim (default true).
    pub coordinates: bool,
    /// The status lines: the turn or the result and the game's counts
    /// (default true).
    pub status: bool,
    /// The move to mark, usually the last one played.
    pub last_move: Option<M>,
    /// Places to mark as selected (what the player picked).
    pub selected: Vec<P>,
    /// Places to mark as targets (where the selection may go).
    pub targets: Vec<P>,
    /// How the game is drawn, where it can be drawn several ways.
    pub view: V,
}

impl<M, P, V: Default> Default for SvgOptions<M, P, V> {
    fn default() -> Self {
        SvgOptions {
            coordinates: true,
            status: true,
            last_move: None,
            selected: Vec::new(),
            targets: Vec::new(),
            view: V::default(),
        }
    }
}

impl<M: Clone, P, V: Clone> SvgOptions<M, P, V> {
    /// The same options with each place read by `read` (places kept as
    /// text, say, read as the game's own); the first place it refuses is
    /// the error.
    ///
    /// # Errors
    /// What `read` says of the first place it cannot read.
    pub fn read_places<Q, E>(
        &self,
        mut read: impl FnMut(&P) -> Result<Q, E>,
    ) -> Result<SvgOptions<M, Q, V>, E> {
        let mut list = |places: &[P]| places.iter().map(&mut read).collect::<Result<Vec<Q>, E>>();
        Ok(SvgOptions {
            coordinates: self.coordinates,
            status: self.status,
            last_move: self.last_move.clone(),
            selected: list(&self.selected)?,
            targets: list(&self.targets)?,
            view: self.view.clone(),
        })
    }
}

impl<M, P, V> SvgOptions<M, P, V> {
    /// The same options drawn in `view`.
    pub fn with_view<W>(self, view: W) -> SvgOptions<M, P, W> {
        SvgOptions {
            coordinates: self.coordinates,
            status: self.status,
            last_move: self.last_move,
            selected: self.selected,
            targets: self.targets,
            view,
        }
    }
}

/// A text of a picture: without `words`, `english()` (the game crate's own
/// words, byte for byte what its pictures always wrote); with them,
/// `message()` in their language.
///
/// ```
/// use board_core::{svg_say, Message, Words};
/// struct Shout;
/// impl Words for Shout {
///     fn say(&self, m: &Message) -> String {
///         m.id.to_uppercase()
///     }
/// }
/// let english = || "one to move".to_owned();
/// let message = || Message::new("to-move");
/// assert_eq!(svg_say(None, english, message), "one to move");
/// assert_eq!(svg_say(Some(&Shout), english, message), "TO-MOVE");
/// ```
pub fn say(
    words: Option<&dyn crate::Words>,
    english: impl FnOnce() -> String,
    message: impl FnOnce() -> crate::Message,
) -> String {
    match words {
        None => english(),
        Some(words) => words.say(&message()),
    }
}

/// A number as SVG writes it: at most two decimals, no trailing zeros.
fn num(x: f64) -> String {
    let rounded = (x * 100.0).round() / 100.0;
    let text = format!("{rounded:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_owned()
    } else {
        text.to_owned()
    }
}

/// `text` with the XML special characters escaped, for content and attributes.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

impl Svg {
    /// A document of `width` × `height` user units with a `<title>` (what
    /// screen readers and browsers show for the picture).
    pub fn new(width: f64, height: f64, title: &str) -> Svg {
        let mut out = String::with_capacity(16 * 1024);
        let (w, h) = (num(width), num(height));
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\">"
        );
        let _ = writeln!(out, "<title>{}</title>", escape(title));
        Svg {
            out,
            open_groups: 0,
        }
    }

    /// Opens a group `<g>` with a `class` (what a UI or a test finds the
    /// shapes by) and optional extra attributes written as given (`transform="…"`).
    pub fn group(&mut self, class: &str, attributes: &str) {
        let extra = if attributes.is_empty() {
            String::new()
        } else {
            format!(" {attributes}")
        };
        let _ = writeln!(self.out, "<g class=\"{}\"{extra}>", escape(class));
        self.open_groups += 1;
    }

    /// Opens a group `<g>` with a `class` and named attributes, each value
    /// escaped: how a game tags what a UI finds (`data-place="D5"`).
    /// Attribute names are written as given and must be XML names.
    ///
    /// ```
    /// use board_core::Svg;
    /// let mut svg = Svg::new(10.0, 10.0, "t");
    /// svg.group_with("cell", &[("data-place", "N2/C1"), ("data-note", "a<b")]);
    /// svg.rect(0.0, 0.0, 1.0, 1.0, "fill:red");
    /// let doc = svg.finish();
    /// assert!(doc.contains(r#"<g class="cell" data-place="N2/C1" data-note="a&lt;b">"#));
    /// ```
    pub fn group_with(&mut self, class: &str, attributes: &[(&str, &str)]) {
        let mut extra = String::new();
        for (name, value) in attributes {
            debug_assert!(
                !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == ':'),
                "not an attribute name: {name:?}"
            );
            let _ = write!(extra, " {name}=\"{}\"", escape(value));
        }
        let _ = writeln!(self.out, "<g class=\"{}\"{extra}>", escape(class));
        self.open_groups += 1;
    }

    /// Closes the innermost open group (nothing if none is open).
    pub fn end_group(&mut self) {
        if self.open_groups > 0 {
            self.out.push_str("</g>\n");
            self.open_groups -= 1;
        }
    }

    /// A rectangle with its top-left corner at (`x`, `y`).
    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, style: &str) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" style=\"{}\"/>",
            num(x),
            num(y),
            num(width),
            num(height),
            escape(style)
        );
    }

    /// A circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, style: &str) {
        let _ = writeln!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" style=\"{}\"/>",
            num(cx),
            num(cy),
            num(r),
            escape(style)
        );
    }

    /// A straight line.
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, style: &str) {
        let _ = writeln!(
            self.out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" style=\"{}\"/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            escape(style)
        );
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], style: &str) {
        let list: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", num(x), num(y)))
            .collect();
        let _ = writeln!(
            self.out,
            "<polygon points=\"{}\" style=\"{}\"/>",
            list.join(" "),
            escape(style)
        );
    }

    /// Text with its anchor (`start`, `middle` or `end`) at (`x`, `y`),
    /// vertically centred on `y`.
    pub fn text(&mut self, x: f64, y: f64, content: &str, style: &str, anchor: &str) {
        let _ = writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"{}\" dominant-baseline=\"central\" style=\"{}\">{}</text>",
            num(x),
            num(y),
            escape(anchor),
            escape(style),
            escape(content)
        );
    }

    /// The document, every open group closed.
    #[must_use]
    pub fn finish(mut self) -> String {
        while self.open_groups > 0 {
            self.end_group();
        }
        self.out.push_str("</svg>\n");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_at_most_two_decimals() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(2.0 / 3.0), "0.67");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-12.345), "-12.35");
    }

    #[test]
    fn groups_nest_and_close() {
        let mut svg = Svg::new(10.0, 10.0, "t");
        svg.group("board", "transform=\"translate(1,2)\"");
        svg.group("cell c'1", "");
        svg.circle(1.0, 2.0, 3.0, "fill:red");
        svg.end_group();
        svg.polygon(&[(0.0, 0.0), (1.0, 0.5)], "");
        let doc = svg.finish();
        assert!(doc.contains("<g class=\"board\" transform=\"translate(1,2)\">"));
        assert!(doc.contains("<g class=\"cell c&apos;1\">"));
        assert!(doc.contains("<polygon points=\"0,0 1,0.5\" style=\"\"/>"));
        assert_eq!(doc.matches("<g ").count(), doc.matches("</g>").count());
    }

    #[test]
    fn group_attributes_are_escaped_and_closed() {
        let mut svg = Svg::new(10.0, 10.0, "t");
        svg.group_with("segment", &[("data-place", "D5-E5"), ("data-x", "\"&'")]);
        svg.group_with("inner", &[]);
        let doc = svg.finish();
        assert!(
            doc.contains("<g class=\"segment\" data-place=\"D5-E5\" data-x=\"&quot;&amp;&apos;\">")
        );
        assert!(doc.contains("<g class=\"inner\">"));
        assert_eq!(doc.matches("</g>").count(), 2);
    }
}
