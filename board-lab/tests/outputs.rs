//! The outputs of a small study of the three games: written, reproducible
//! from the games in any order, with one chart per metric.

mod common;

use board_lab::{play_batch, report_html, summaries, summary_csv, summary_json, Lang, Study};

#[test]
fn outputs_do_not_depend_on_the_order_of_the_games() {
    let study = Study::from_toml(common::THREE).expect("a study");
    let mut games = Vec::new();
    for cell in study.cells() {
        games.extend(play_batch(cell, 0, 6).expect("games"));
    }
    let cells = summaries(&study, &games);
    let json = summary_json(&study, &cells);
    let csv = summary_csv(&cells);
    let html = report_html(&study, &cells, Lang::Fr).expect("a report");
    games.reverse();
    let again = summaries(&study, &games);
    assert_eq!(summary_json(&study, &again), json);
    assert_eq!(summary_csv(&again), csv);
    assert_eq!(
        report_html(&study, &again, Lang::Fr).expect("a report"),
        html
    );
    assert_eq!(csv.lines().count(), 4);
    let eoc = &cells[1];
    assert!(eoc.lead_changes_mean.is_some() && eoc.margin_mean.is_some());
    assert!(cells[0].lead_changes_mean.is_none());
    std::fs::write(std::env::temp_dir().join("board-lab-outputs.html"), &html).ok();
}
