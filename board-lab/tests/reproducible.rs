//! A study of a few hundred fast games per cell gives the same bytes on
//! every run with the same seed, whatever the number of jobs, and others
//! with another seed; sequential stops (interval width, SPRT) play whole
//! batches; merged runs count each game once.

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

#[test]
fn an_sprt_stop_plays_whole_batches_until_a_verdict_or_its_cap() {
    let text = FAST.replace(
        "games = 240",
        "[stop]\nrule = \"sprt\"\ndelta = 0.1\nalpha = 0.05\nbeta = 0.05\nbatch = 50\nmax_games = 600",
    );
    let text = text.replace("agents = [[\"random\", \"random\"]]\n", "");
    let text = format!("agents = [[\"random\", \"random\"]]\n{text}");
    let study = Study::from_toml(&text).expect("a study");
    let dir = scratch("sprt");
    let report = run(&study, &dir, &options(2), true).expect("a run");
    for cell in &report.cells {
        assert_eq!(cell.games % 50, 0, "{}", cell.id);
        let llr = cell.sprt_llr.expect("an SPRT cell has its LLR");
        // Stopped at the cap, or at the first look past a bound.
        assert!(
            cell.games == 600 || cell.sprt_verdict.is_some(),
            "{}: {} games, LLR {llr}",
            cell.id,
            cell.games
        );
    }
    let json = String::from_utf8(bytes(&dir, "summary.json")).expect("text");
    assert!(json.contains("\"sprt_llr\""));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn merged_runs_count_each_game_once_and_give_the_whole_runs_bytes() {
    let study = Study::from_toml(FAST).expect("a study");
    let (part, whole, merged) = (scratch("part"), scratch("whole"), scratch("merged"));
    run(&study.clone().with_games(100), &part, &options(1), true).expect("a run");
    run(&study, &whole, &options(2), true).expect("a run");
    let study_file = merged.join("study.toml");
    std::fs::write(&study_file, FAST).expect("the study file");
    let out = merged.join("out");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_board-lab"))
        .arg("merge")
        .arg(&study_file)
        .arg("--out")
        .arg(&out)
        .arg(part.join("results.jsonl"))
        .arg(whole.join("results.jsonl"))
        .arg("--quiet")
        .stderr(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .status()
        .expect("the board-lab binary");
    assert!(status.success());
    for file in REPRODUCIBLE {
        assert!(bytes(&out, file) == bytes(&whole, file), "{file} differs");
    }
    for dir in [part, whole, merged] {
        let _ = std::fs::remove_dir_all(dir);
    }
}
