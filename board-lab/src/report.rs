//! The outputs of a study from its games: `summary.json`
//! ([`summary_json`]), `summary.csv` ([`summary_csv`]) and `report.html`
//! ([`report_html`]), all three written by [`write_outputs`]. The same
//! games give the same bytes, whatever their order and however they were
//! played (threads, batches, machines).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use board_any::PictureOptions;
use board_core::svg_escape;
use board_l10n::{Catalogue, Lang, Value};

use crate::chart::{self, Words};
use crate::error::LabError;
use crate::play::{play_game, GameResult};
use crate::study::{Stop, Study};
use crate::summary::{summarize, CellSummary};

/// The summaries of every cell of `study` from `games`, in the study's
/// order.
#[must_use]
pub fn summaries(study: &Study, games: &[GameResult]) -> Vec<CellSummary> {
    study.cells().iter().map(|c| summarize(c, games)).collect()
}

/// `summary.json`: `{"study": NAME, "seed": S, "stop": TEXT, "cells":
/// [CELL...]}`, one object a cell with the fields of [`CellSummary`]
/// (`game`, `config`, `agents`, `games`, `first_wins`, `second_wins`,
/// `draws`, `first_rate`, `ci_low`, `ci_high`…), pretty-printed, with a
/// final newline.
#[must_use]
pub fn summary_json(study: &Study, cells: &[CellSummary]) -> String {
    let value = serde_json::json!({
        "study": study.name(),
        "seed": study.seed(),
        "stop": study.stop().to_string(),
        "cells": cells,
    });
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}

/// The columns of `summary.csv`.
pub const CSV_COLUMNS: [&str; 26] = [
    "id",
    "game",
    "label",
    "config",
    "agent_a",
    "agent_b",
    "games",
    "first_wins",
    "second_wins",
    "draws",
    "first_rate",
    "ci_low",
    "ci_high",
    "score",
    "score_low",
    "score_high",
    "draw_rate",
    "decisiveness",
    "plies_mean",
    "plies_p10",
    "plies_p50",
    "plies_p90",
    "branching_mean",
    "lead_changes_mean",
    "margin_mean",
    "sprt_llr",
];

/// A CSV field: quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// `summary.csv`: a header of [`CSV_COLUMNS`], then one row a cell;
/// shares with six decimals, an absent number empty.
#[must_use]
pub fn summary_csv(cells: &[CellSummary]) -> String {
    let mut out = CSV_COLUMNS.join(",");
    out.push('\n');
    let f = |x: f64| format!("{x:.6}");
    let o = |x: Option<f64>| x.map_or(String::new(), f);
    for c in cells {
        let row = [
            c.id.clone(),
            c.game.clone(),
            c.label.clone(),
            c.config.to_string(),
            c.agents[0].clone(),
            c.agents[1].clone(),
            c.games.to_string(),
            c.first_wins.to_string(),
            c.second_wins.to_string(),
            c.draws.to_string(),
            f(c.first_rate),
            f(c.ci_low),
            f(c.ci_high),
            f(c.score),
            f(c.score_low),
            f(c.score_high),
            f(c.draw_rate),
            f(c.decisiveness),
            f(c.plies_mean),
            c.plies_p10.to_string(),
            c.plies_p50.to_string(),
            c.plies_p90.to_string(),
            f(c.branching_mean),
            o(c.lead_changes_mean),
            o(c.margin_mean),
            o(c.sprt_llr),
        ];
        let fields: Vec<String> = row.iter().map(|t| csv_field(t)).collect();
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

/// The report's inline style sheet.
const STYLE: &str = "body{font-family:sans-serif;max-width:64em;margin:2em auto;padding:0 1em;color:#222}\
table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}\
td:first-child,th:first-child{text-align:left}figure{margin:2em 0}figcaption{font-weight:bold;margin-bottom:.5em}\
.pictures{display:flex;flex-wrap:wrap;gap:1em}.pictures div{width:360px}.pictures svg{width:360px;height:auto}";

/// A catalogue message of the lab with its arguments.
fn say(words: &Catalogue, id: &str, args: &[(&str, Value)]) -> String {
    words.format(id, args)
}

/// A number for a message, with `digits` decimals.
fn num(x: f64, digits: usize) -> Value {
    Value::Text(format!("{x:.digits$}"))
}

/// The stop in words.
fn stop_words(words: &Catalogue, stop: Stop) -> String {
    match stop {
        Stop::Games(n) => say(
            words,
            "lab-stop-games",
            &[("games", Value::Number(n as f64))],
        ),
        Stop::Sprt {
            delta, alpha, beta, ..
        } => say(
            words,
            "lab-stop-sprt",
            &[
                ("delta", num(100.0 * delta, 1)),
                ("alpha", num(alpha, 3)),
                ("beta", num(beta, 3)),
            ],
        ),
        Stop::Width { width, .. } => {
            say(words, "lab-stop-width", &[("width", num(100.0 * width, 1))])
        }
    }
}

/// A figure of one metric: its caption and its chart(s).
fn figure(out: &mut String, metric: &str, caption: &str, body: &str) {
    let _ = writeln!(
        out,
        "<figure class=\"chart\" data-metric=\"{metric}\"><figcaption>{}</figcaption>{body}</figure>",
        svg_escape(caption)
    );
}

/// The last position of game 0 of each cell, drawn by the game (no XML
/// declaration, so it can sit in the page).
fn pictures(study: &Study, words: &Catalogue) -> Result<String, LabError> {
    let mut out = String::from("<div class=\"pictures\">");
    for cell in study.cells() {
        let (result, game) = play_game(cell, 0)?;
        let picture = game.svg(&PictureOptions::default(), Some(words))?;
        let start = picture.find("<svg").unwrap_or(0);
        let caption = say(
            words,
            "lab-picture-caption",
            &[
                ("cell", Value::Text(cell.id().to_owned())),
                ("result", Value::Text(result.result.clone())),
                ("plies", Value::Number(f64::from(result.plies))),
            ],
        );
        let _ = write!(
            out,
            "<div><p>{}</p>{}</div>",
            svg_escape(&caption),
            &picture[start..]
        );
    }
    out.push_str("</div>");
    Ok(out)
}

/// The table of the numbers.
fn table(words: &Catalogue, cells: &[CellSummary]) -> String {
    let heads = [
        "lab-col-cell",
        "lab-col-games",
        "lab-col-first-rate",
        "lab-col-score",
        "lab-col-draw-rate",
        "lab-col-decisive",
        "lab-col-plies",
        "lab-col-branching",
        "lab-col-lead",
        "lab-col-margin",
        "lab-col-verdict",
    ];
    let mut out = String::from("<table><tr>");
    for h in heads {
        let _ = write!(out, "<th>{}</th>", svg_escape(&say(words, h, &[])));
    }
    out.push_str("</tr>\n");
    let pct = |x: f64| format!("{:.1}", 100.0 * x);
    for c in cells {
        let verdict = match (c.sprt_llr, c.sprt_verdict) {
            (None, _) => String::new(),
            (Some(_), Some(crate::stats::Verdict::Edge)) => say(words, "lab-verdict-edge", &[]),
            (Some(_), Some(crate::stats::Verdict::Fair)) => say(words, "lab-verdict-fair", &[]),
            (Some(_), None) => say(words, "lab-verdict-open", &[]),
        };
        let cols = [
            c.id.clone(),
            c.games.to_string(),
            format!(
                "{} [{}, {}]",
                pct(c.first_rate),
                pct(c.ci_low),
                pct(c.ci_high)
            ),
            format!(
                "{} [{}, {}]",
                pct(c.score),
                pct(c.score_low),
                pct(c.score_high)
            ),
            pct(c.draw_rate),
            pct(c.decisiveness),
            format!(
                "{:.1} ({}/{}/{})",
                c.plies_mean, c.plies_p10, c.plies_p50, c.plies_p90
            ),
            format!("{:.1}", c.branching_mean),
            c.lead_changes_mean
                .map_or(String::new(), |x| format!("{x:.2}")),
            c.margin_mean.map_or(String::new(), |x| format!("{x:+.1}")),
            verdict,
        ];
        out.push_str("<tr>");
        for col in cols {
            let _ = write!(out, "<td>{}</td>", svg_escape(&col));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    out
}

/// `report.html`: one self-contained page (inline style and SVG, no
/// script) in `lang`, with a figure per metric of the study (`<figure
/// class="chart" data-metric="…">`, one SVG chart each; `picture` holds one
/// game picture per cell) and the table of the numbers.
///
/// # Errors
/// [`LabError::Game`]: replaying a cell's game 0 for its picture failed.
pub fn report_html(study: &Study, cells: &[CellSummary], lang: Lang) -> Result<String, LabError> {
    let words = Catalogue::new(lang);
    let title = say(
        &words,
        "lab-report-title",
        &[("study", Value::Text(study.name().to_owned()))],
    );
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title>\
         <style>{STYLE}</style></head><body>\n<h1>{}</h1>\n<p>{}</p>\n<p>{}</p>\n",
        lang.tag(),
        svg_escape(&title),
        svg_escape(&title),
        svg_escape(&say(
            &words,
            "lab-report-intro",
            &[
                ("seed", Value::Text(study.seed().to_string())),
                ("stop", Value::Text(stop_words(&words, study.stop()))),
            ]
        )),
        svg_escape(&say(&words, "lab-agents-note", &[])),
    );
    let all_reasons: Vec<String> = cells
        .iter()
        .flat_map(|c| c.reasons.keys().cloned())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    for metric in study.metrics() {
        let caption = say(
            &words,
            &format!("lab-chart-{}", metric.replace('_', "-")),
            &[],
        );
        let w = |extra: Vec<String>| Words {
            title: &caption,
            extra,
        };
        let word = |id: &str| say(&words, id, &[]);
        let body = match metric.as_str() {
            "first_rate" => chart::first_rate(cells, &w(vec![])),
            "draws" => chart::draws(
                cells,
                &w(vec![
                    word("lab-legend-first-wins"),
                    word("lab-legend-draws"),
                    word("lab-legend-second-wins"),
                ]),
            ),
            "length" => chart::length(cells, &w(vec![word("lab-axis-plies")])),
            "branching" => chart::branching(
                cells,
                &w(vec![word("lab-axis-tenth"), word("lab-axis-moves")]),
            ),
            "reasons" => {
                let names = all_reasons.iter().map(|r| word(r)).collect();
                chart::reasons(cells, &all_reasons, &w(names))
            }
            "lead" => chart::lead(
                cells,
                &w(vec![
                    word("lab-lead-changes"),
                    word("lab-margin"),
                    word("lab-no-scores"),
                ]),
            ),
            _ => pictures(study, &words)?,
        };
        figure(&mut out, metric, &caption, &body);
    }
    let _ = write!(
        out,
        "<h2>{}</h2>\n{}</body></html>\n",
        svg_escape(&say(&words, "lab-table-title", &[])),
        table(&words, cells)
    );
    Ok(out)
}

/// Writes `summary.json`, `summary.csv` and `report.html` of `study` from
/// `games` into `dir` (which must exist), and returns the summaries.
///
/// # Errors
/// [`LabError::Io`] on a file that cannot be written; as [`report_html`].
pub fn write_outputs(
    dir: &Path,
    study: &Study,
    games: &[GameResult],
    lang: Lang,
) -> Result<Vec<CellSummary>, LabError> {
    let cells = summaries(study, games);
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        fs::write(&path, text).map_err(LabError::io(path))
    };
    write("summary.json", &summary_json(study, &cells))?;
    write("summary.csv", &summary_csv(&cells))?;
    write("report.html", &report_html(study, &cells, lang)?)?;
    Ok(cells)
}
