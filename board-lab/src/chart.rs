//! The report's SVG charts, one per metric: plain SVG text, no script,
//! every number written with a fixed precision so the same summaries give
//! the same bytes.

use std::fmt::Write as _;

use board_core::svg_escape;

use crate::summary::CellSummary;

/// The width of every chart, in SVG units.
const WIDTH: f64 = 760.0;
/// The width of the labels' column.
const LABELS: f64 = 280.0;
/// The height of one cell's row.
const ROW: f64 = 26.0;
/// The colours of the series, in turn.
pub(crate) const COLOURS: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
];

/// Words a chart writes, already in the report's language.
pub(crate) struct Words<'a> {
    /// The chart's title (its `<title>`, for screen readers).
    pub title: &'a str,
    /// Further words, by position, as each chart documents.
    pub extra: Vec<String>,
}

/// How the charts name the cells: the configuration's label, after the
/// game's name where the cells are of several games, and the agents where
/// the cells have several pairs (the table under the charts gives the ids).
pub(crate) fn names(cells: &[CellSummary]) -> Vec<String> {
    let games = cells
        .iter()
        .map(|c| &c.game)
        .collect::<std::collections::BTreeSet<_>>();
    let pairs = cells
        .iter()
        .map(|c| &c.agents)
        .collect::<std::collections::BTreeSet<_>>();
    cells
        .iter()
        .map(|c| {
            let mut name = if games.len() > 1 {
                format!("{} {}", c.game, c.label)
            } else {
                c.label.clone()
            };
            if pairs.len() > 1 {
                name = format!("{name} ({}~{})", c.agents[0], c.agents[1]);
            }
            name
        })
        .collect()
}

/// An SVG document of `height` with `body`, titled.
fn svg(height: f64, title: &str, body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {height:.0}\" \
         width=\"{WIDTH}\" height=\"{height:.0}\" font-family=\"sans-serif\" font-size=\"12\">\
         <title>{}</title>{body}</svg>",
        svg_escape(title)
    )
}

/// The x of share `p` (0 to 1) on the plotting band.
fn x_of(p: f64) -> f64 {
    LABELS + p.clamp(0.0, 1.0) * (WIDTH - LABELS - 20.0)
}

/// A label at the left of row `i`.
fn label(out: &mut String, i: usize, text: &str) {
    let y = 30.0 + i as f64 * ROW + ROW / 2.0 + 4.0;
    let _ = write!(
        out,
        "<text x=\"4\" y=\"{y:.1}\">{}</text>",
        svg_escape(text)
    );
}

/// The axis of shares at the top, with ticks every 10 points.
fn share_axis(out: &mut String, rows: usize) {
    let bottom = 30.0 + rows as f64 * ROW;
    for tick in 0..=10 {
        let x = x_of(f64::from(tick) / 10.0);
        let _ = write!(
            out,
            "<line x1=\"{x:.1}\" y1=\"24\" x2=\"{x:.1}\" y2=\"{bottom:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{x:.1}\" y=\"18\" text-anchor=\"middle\">{}</text>",
            tick * 10
        );
    }
}

/// First-player win rates with their Wilson intervals, a line at 50 %, and
/// the score counting draws half (hollow, with its trinomial interval)
/// where there are draws. `extra`: nothing.
pub(crate) fn first_rate(cells: &[CellSummary], words: &Words<'_>) -> String {
    let mut body = String::new();
    share_axis(&mut body, cells.len());
    let bottom = 30.0 + cells.len() as f64 * ROW;
    let _ = write!(
        body,
        "<line x1=\"{0:.1}\" y1=\"24\" x2=\"{0:.1}\" y2=\"{bottom:.1}\" stroke=\"#000\" stroke-dasharray=\"4 3\"/>",
        x_of(0.5)
    );
    let names = names(cells);
    for (i, c) in cells.iter().enumerate() {
        label(&mut body, i, &names[i]);
        let y = 30.0 + i as f64 * ROW + ROW / 2.0;
        let _ = write!(
            body,
            "<line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"{}\" stroke-width=\"2\"/>\
             <circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"4\" fill=\"{}\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\">{:.1} [{:.1}, {:.1}]</text>",
            x_of(c.ci_low),
            x_of(c.ci_high),
            COLOURS[0],
            x_of(c.first_rate),
            COLOURS[0],
            x_of(c.ci_high) + 4.0,
            y + 4.0,
            100.0 * c.first_rate,
            100.0 * c.ci_low,
            100.0 * c.ci_high
        );
        if c.draws > 0 {
            let y2 = y + 7.0;
            let _ = write!(
                body,
                "<line x1=\"{:.1}\" y1=\"{y2:.1}\" x2=\"{:.1}\" y2=\"{y2:.1}\" stroke=\"{}\"/>\
                 <circle cx=\"{:.1}\" cy=\"{y2:.1}\" r=\"3\" fill=\"#fff\" stroke=\"{}\"/>",
                x_of(c.score_low),
                x_of(c.score_high),
                COLOURS[1],
                x_of(c.score),
                COLOURS[1]
            );
        }
    }
    svg(bottom + 10.0, words.title, &body)
}

/// Stacked bars of one row per cell: `parts` (share, colour) in turn.
fn stacked(body: &mut String, i: usize, parts: &[(f64, &str)]) {
    let y = 30.0 + i as f64 * ROW + 4.0;
    let mut from = 0.0;
    for (share, colour) in parts {
        let (x0, x1) = (x_of(from), x_of(from + share));
        if x1 > x0 {
            let _ = write!(
                body,
                "<rect x=\"{x0:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{colour}\"/>",
                x1 - x0,
                ROW - 8.0
            );
        }
        from += share;
    }
}

/// A legend of `(word, colour)` under the rows.
fn legend(body: &mut String, rows: usize, items: &[(String, &str)]) -> f64 {
    let mut y = 30.0 + rows as f64 * ROW + 18.0;
    let mut x = LABELS;
    for (word, colour) in items {
        let width = 24.0 + 7.0 * word.chars().count() as f64;
        if x + width > WIDTH {
            x = LABELS;
            y += 18.0;
        }
        let _ = write!(
            body,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"12\" height=\"12\" fill=\"{colour}\"/>\
             <text x=\"{:.1}\" y=\"{y:.1}\">{}</text>",
            y - 10.0,
            x + 16.0,
            svg_escape(word)
        );
        x += width;
    }
    y + 10.0
}

/// First-player wins, draws and second-player wins as shares of each
/// cell's games (decisiveness is the share outside the draws). `extra`:
/// the words first wins, draws, second wins.
pub(crate) fn draws(cells: &[CellSummary], words: &Words<'_>) -> String {
    let mut body = String::new();
    share_axis(&mut body, cells.len());
    let names = names(cells);
    for (i, c) in cells.iter().enumerate() {
        label(&mut body, i, &names[i]);
        stacked(
            &mut body,
            i,
            &[
                (c.first_rate, COLOURS[0]),
                (c.draw_rate, "#aaa"),
                (c.second_rate, COLOURS[1]),
            ],
        );
    }
    let items: Vec<(String, &str)> = words
        .extra
        .iter()
        .cloned()
        .zip([COLOURS[0], "#aaa", COLOURS[1]])
        .collect();
    let height = legend(&mut body, cells.len(), &items);
    svg(height, words.title, &body)
}

/// One length histogram per cell, with its p10, p50 and p90. `extra`:
/// the word for plies.
pub(crate) fn length(cells: &[CellSummary], words: &Words<'_>) -> String {
    const HIST: f64 = 64.0;
    let mut body = String::new();
    let plies = words.extra.first().map_or("plies", String::as_str);
    let names = names(cells);
    for (i, c) in cells.iter().enumerate() {
        let top = 10.0 + i as f64 * (HIST + 30.0);
        let _ = write!(
            body,
            "<text x=\"4\" y=\"{:.1}\">{}</text><text x=\"4\" y=\"{:.1}\" font-size=\"10\">\
             p10 {} · p50 {} · p90 {} {}</text>",
            top + 14.0,
            svg_escape(&names[i]),
            top + 30.0,
            c.plies_p10,
            c.plies_p50,
            c.plies_p90,
            svg_escape(plies)
        );
        let most = c.length_histogram.iter().copied().max().unwrap_or(0).max(1);
        let band = (WIDTH - LABELS - 20.0) / c.length_histogram.len().max(1) as f64;
        for (b, &count) in c.length_histogram.iter().enumerate() {
            let h = HIST * count as f64 / most as f64;
            let x = LABELS + b as f64 * band;
            let _ = write!(
                body,
                "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"{}\"/>",
                top + HIST - h,
                band - 1.0,
                COLOURS[i % COLOURS.len()]
            );
        }
        let last = c.length_bin as usize * c.length_histogram.len();
        let _ = write!(
            body,
            "<text x=\"{LABELS:.1}\" y=\"{:.1}\" font-size=\"10\">0</text>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"end\">{last}</text>",
            top + HIST + 12.0,
            WIDTH - 20.0,
            top + HIST + 12.0
        );
    }
    svg(
        20.0 + cells.len() as f64 * (HIST + 30.0),
        words.title,
        &body,
    )
}

/// The mean number of legal moves in each tenth of the game, one line per
/// cell. `extra`: the words for the x axis and the y axis.
pub(crate) fn branching(cells: &[CellSummary], words: &Words<'_>) -> String {
    const TOP: f64 = 20.0;
    const HEIGHT: f64 = 220.0;
    let (left, right) = (60.0, WIDTH - 20.0);
    let most = cells
        .iter()
        .flat_map(|c| c.branching_by_tenth.iter().copied())
        .fold(1.0f64, f64::max);
    let mut body = String::new();
    for tick in 0..=4 {
        let value = most * f64::from(tick) / 4.0;
        let y = TOP + HEIGHT - HEIGHT * f64::from(tick) / 4.0;
        let _ = write!(
            body,
            "<line x1=\"{left}\" y1=\"{y:.1}\" x2=\"{right}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{value:.0}</text>",
            left - 4.0,
            y + 4.0
        );
    }
    let x_of_tenth = |t: usize| left + (right - left) * (t as f64 + 0.5) / 10.0;
    for t in 0..10 {
        let _ = write!(
            body,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            x_of_tenth(t),
            TOP + HEIGHT + 16.0,
            t + 1
        );
    }
    let axis = |k: usize| words.extra.get(k).map_or("", String::as_str);
    let _ = write!(
        body,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\
         <text x=\"4\" y=\"{:.1}\">{}</text>",
        (left + right) / 2.0,
        TOP + HEIGHT + 32.0,
        svg_escape(axis(0)),
        TOP - 6.0,
        svg_escape(axis(1))
    );
    for (i, c) in cells.iter().enumerate() {
        let points: Vec<String> = c
            .branching_by_tenth
            .iter()
            .enumerate()
            .map(|(t, &b)| {
                format!(
                    "{:.1},{:.1}",
                    x_of_tenth(t),
                    TOP + HEIGHT - HEIGHT * b / most
                )
            })
            .collect();
        let _ = write!(
            body,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"/>",
            points.join(" "),
            COLOURS[i % COLOURS.len()]
        );
    }
    let base = ((TOP + HEIGHT + 40.0 - 30.0) / ROW).ceil() as usize;
    let items: Vec<(String, &str)> = names(cells)
        .into_iter()
        .enumerate()
        .map(|(i, name)| (name, COLOURS[i % COLOURS.len()]))
        .collect();
    let height = legend_lines(&mut body, base, &items);
    svg(height, words.title, &body)
}

/// A legend of one item per line from row `base` on.
fn legend_lines(body: &mut String, base: usize, items: &[(String, &str)]) -> f64 {
    let mut y = 30.0 + base as f64 * ROW;
    for (word, colour) in items {
        let _ = write!(
            body,
            "<rect x=\"60\" y=\"{:.1}\" width=\"12\" height=\"12\" fill=\"{colour}\"/>\
             <text x=\"78\" y=\"{y:.1}\">{}</text>",
            y - 10.0,
            svg_escape(word)
        );
        y += 18.0;
    }
    y
}

/// How each cell's games ended, as shares. `extra`: the reasons' words,
/// in the order of `reasons`.
pub(crate) fn reasons(cells: &[CellSummary], reasons: &[String], words: &Words<'_>) -> String {
    let mut body = String::new();
    share_axis(&mut body, cells.len());
    let names = names(cells);
    for (i, c) in cells.iter().enumerate() {
        label(&mut body, i, &names[i]);
        let parts: Vec<(f64, &str)> = reasons
            .iter()
            .enumerate()
            .map(|(k, r)| {
                let count = c.reasons.get(r).copied().unwrap_or(0);
                let share = if c.games == 0 {
                    0.0
                } else {
                    count as f64 / c.games as f64
                };
                (share, COLOURS[k % COLOURS.len()])
            })
            .collect();
        stacked(&mut body, i, &parts);
    }
    let items: Vec<(String, &str)> = words
        .extra
        .iter()
        .cloned()
        .enumerate()
        .map(|(k, w)| (w, COLOURS[k % COLOURS.len()]))
        .collect();
    let height = legend(&mut body, cells.len(), &items);
    svg(height, words.title, &body)
}

/// Lead changes per game and the mean final margin, for the cells with
/// scores. `extra`: the words for lead changes, for the margin, and the
/// note when no cell has scores.
pub(crate) fn lead(cells: &[CellSummary], words: &Words<'_>) -> String {
    let scored: Vec<&CellSummary> = cells
        .iter()
        .filter(|c| c.lead_changes_mean.is_some())
        .collect();
    let word = |k: usize| words.extra.get(k).map_or("", String::as_str);
    let mut body = String::new();
    if scored.is_empty() {
        let _ = write!(
            body,
            "<text x=\"4\" y=\"24\">{}</text>",
            svg_escape(word(2))
        );
        return svg(40.0, words.title, &body);
    }
    let most_changes = scored
        .iter()
        .filter_map(|c| c.lead_changes_mean)
        .fold(1.0f64, f64::max);
    let most_margin = scored
        .iter()
        .filter_map(|c| c.margin_abs_mean)
        .fold(1.0f64, f64::max);
    let half = (WIDTH - LABELS - 40.0) / 2.0;
    // Room for the numbers after the bars.
    let bar = half - 90.0;
    let _ = write!(
        body,
        "<text x=\"{LABELS:.1}\" y=\"16\">{}</text><text x=\"{:.1}\" y=\"16\">{}</text>",
        svg_escape(word(0)),
        LABELS + half + 20.0,
        svg_escape(word(1))
    );
    let names = names(&scored.iter().map(|c| (*c).clone()).collect::<Vec<_>>());
    for (i, c) in scored.iter().enumerate() {
        label(&mut body, i, &names[i]);
        let y = 30.0 + i as f64 * ROW + 4.0;
        let changes = c.lead_changes_mean.unwrap_or(0.0);
        let margin = c.margin_mean.unwrap_or(0.0);
        let margin_abs = c.margin_abs_mean.unwrap_or(0.0);
        let w1 = bar * changes / most_changes;
        let w2 = bar * margin_abs / most_margin;
        let _ = write!(
            body,
            "<rect x=\"{LABELS:.1}\" y=\"{y:.1}\" width=\"{w1:.1}\" height=\"{:.1}\" fill=\"{}\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\">{changes:.2}</text>\
             <rect x=\"{:.1}\" y=\"{y:.1}\" width=\"{w2:.1}\" height=\"{:.1}\" fill=\"{}\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\">|{margin_abs:.1}| ({margin:+.1})</text>",
            ROW - 8.0,
            COLOURS[2],
            LABELS + w1 + 3.0,
            y + 12.0,
            LABELS + half + 20.0,
            ROW - 8.0,
            COLOURS[3],
            LABELS + half + 20.0 + w2 + 3.0,
            y + 12.0
        );
    }
    svg(40.0 + scored.len() as f64 * ROW, words.title, &body)
}
