//! A study of a few hundred fast games per cell gives the same bytes on
//! every run with the same seed, whatever the number of jobs, and others
//! with another seed.

mod common;

use board_lab::{run, Lang, RunOptions, Study};
use common::{bytes, scratch, FAST, REPRODUCIBLE};

fn options(jobs: usize) -> RunOptions {
    RunOptions {
        jobs,
        lang: Lang::En,
        progress: false,
    }
}

#[test]
fn the_same_study_and_seed_give_the_same_bytes() {
    let study = Study::from_toml(FAST).expect("a study");
    let (one, two) = (scratch("one-job"), scratch("two-jobs"));
    let first = run(&study, &one, &options(1), true).expect("a run");
    let second = run(&study, &two, &options(2), true).expect("a run");
    assert_eq!(first.played, 3 * 240);
    assert_eq!(second.played, 3 * 240);
    assert_eq!(first.cells, second.cells);
    for file in REPRODUCIBLE {
        assert!(bytes(&one, file) == bytes(&two, file), "{file} differs");
    }
    // A run over a finished directory plays nothing and writes the same.
    let again = run(&study, &one, &options(2), true).expect("a run");
    assert_eq!((again.resumed, again.played), (720, 0));
    for file in REPRODUCIBLE {
        assert!(
            bytes(&one, file) == bytes(&two, file),
            "{file} differs after a rerun"
        );
    }
    // Another seed, other games.
    let other = scratch("other-seed");
    run(&study.clone().with_seed(6), &other, &options(2), true).expect("a run");
    assert!(bytes(&one, "results.jsonl") != bytes(&other, "results.jsonl"));
    let lines = String::from_utf8(bytes(&one, "results.jsonl")).expect("text");
    assert_eq!(lines.lines().count(), 720);
    for dir in [one, two, other] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn a_sequential_stop_plays_whole_batches_and_stops_the_same_way() {
    let text = FAST.replace(
        "games = 240",
        "[stop]\nrule = \"width\"\nwidth = 0.08\nbatch = 40\nmax_games = 400",
    );
    // TOML wants the top-level keys before the tables.
    let text = text.replace("agents = [[\"random\", \"random\"]]\n", "");
    let text = format!("agents = [[\"random\", \"random\"]]\n{text}");
    let study = Study::from_toml(&text).expect("a study");
    let (one, two) = (scratch("width-one"), scratch("width-two"));
    let a = run(&study, &one, &options(1), true).expect("a run");
    let b = run(&study, &two, &options(2), true).expect("a run");
    assert_eq!(a.cells, b.cells);
    for cell in &a.cells {
        // ±8 points needs about 150 games at 50 %: four batches of 40.
        assert_eq!(cell.games % 40, 0, "{}", cell.id);
        assert!((cell.ci_high - cell.ci_low) / 2.0 <= 0.08, "{}", cell.id);
        assert!(cell.games < 400, "{}", cell.id);
    }
    for file in REPRODUCIBLE {
        assert!(bytes(&one, file) == bytes(&two, file), "{file} differs");
    }
    for dir in [one, two] {
        let _ = std::fs::remove_dir_all(dir);
    }
}
