//! The report: one figure a metric, each an SVG chart (the pictures one a
//! game picture per cell), every figure well-formed XML, in English or
//! French; a study naming fewer metrics gets fewer charts.

mod common;

use board_lab::{play_batch, report_html, summaries, Lang, Study, METRICS};
use common::THREE;
use quick_xml::events::Event;

fn report(text: &str, lang: Lang) -> String {
    let study = Study::from_toml(text).expect("a study");
    let mut games = Vec::new();
    for cell in study.cells() {
        games.extend(play_batch(cell, 0, 30).expect("games"));
    }
    report_html(&study, &summaries(&study, &games), lang).expect("a report")
}

/// The figures of a report, each `<figure …>…</figure>`.
fn figures(html: &str) -> Vec<&str> {
    html.match_indices("<figure")
        .map(|(start, _)| {
            let end = html[start..].find("</figure>").expect("a closed figure") + start;
            &html[start..end + "</figure>".len()]
        })
        .collect()
}

fn well_formed(xml: &str) -> Result<usize, String> {
    let mut reader = quick_xml::Reader::from_str(xml);
    reader.config_mut().check_end_names = true;
    let (mut depth, mut elements) = (0i64, 0usize);
    loop {
        match reader
            .read_event()
            .map_err(|e| format!("{e} at {}", reader.buffer_position()))?
        {
            Event::Start(_) => {
                depth += 1;
                elements += 1;
            }
            Event::Empty(_) => elements += 1,
            Event::End(_) => depth -= 1,
            Event::Eof => break,
            _ => {}
        }
    }
    if depth == 0 {
        Ok(elements)
    } else {
        Err(format!("{depth} elements left open"))
    }
}

#[test]
fn the_report_has_one_well_formed_chart_per_metric() {
    for lang in Lang::ALL {
        let html = report(THREE, lang);
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert!(html.contains(&format!("<html lang=\"{}\">", lang.tag())));
        assert!(!html.contains("<script"), "no script");
        assert!(
            !html.contains(" src=") && !html.contains("href=\"http"),
            "nothing from the network"
        );
        let figures = figures(&html);
        assert_eq!(figures.len(), METRICS.len());
        for (figure, metric) in figures.iter().zip(METRICS) {
            assert!(
                figure.contains(&format!("data-metric=\"{metric}\"")),
                "{metric}"
            );
            let svgs = figure.matches("<svg").count();
            let expected = if metric == "picture" { 3 } else { 1 };
            assert_eq!(svgs, expected, "{metric}: {svgs} SVG");
            let elements = well_formed(figure).unwrap_or_else(|e| panic!("{metric}: {e}"));
            assert!(elements > 3, "{metric}: an empty chart");
        }
        assert_eq!(html.matches("<svg").count(), METRICS.len() - 1 + 3);
    }
}

#[test]
fn the_report_speaks_the_language_asked() {
    let en = report(THREE, Lang::En);
    let fr = report(THREE, Lang::Fr);
    assert!(en.contains("Game length") && !en.contains("Durée des parties"));
    assert!(fr.contains("Durée des parties") && !fr.contains("Game length"));
    // End reasons come from the games' catalogues.
    assert!(fr.contains("plateau plein") || fr.contains("plus de pions") || fr.contains("blocage"));
    assert!(en.contains("board full") || en.contains("out of pieces") || en.contains("blockage"));
}

#[test]
fn a_study_naming_two_metrics_gets_two_charts() {
    let text = THREE.replace(
        "games = 30\n",
        "games = 30\nmetrics = [\"picture\", \"first_rate\"]\n",
    );
    let html = report(&text, Lang::En);
    let figures = figures(&html);
    assert_eq!(figures.len(), 2);
    assert!(figures[0].contains("data-metric=\"first_rate\""));
    assert!(figures[1].contains("data-metric=\"picture\""));
}
