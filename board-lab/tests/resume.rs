//! A study killed mid-run (SIGKILL of the real binary) resumes where it
//! stopped: no game counted twice or lost, the same bytes as a run that
//! was never interrupted; a torn last line is played again; a results file
//! of another seed is refused.

mod common;

use std::collections::BTreeSet;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use board_lab::{read_results, run, GameResult, Lang, RunOptions, Study};
use common::{bytes, scratch, FAST, REPRODUCIBLE};

fn lines(dir: &std::path::Path) -> usize {
    std::fs::read(dir.join("results.jsonl"))
        .map(|b| b.iter().filter(|&&c| c == b'\n').count())
        .unwrap_or(0)
}

fn board_lab(dir: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_board-lab"));
    command
        .arg("run")
        .arg(dir.join("study.toml"))
        .arg("--out")
        .arg(dir.join("out"))
        .args(["--jobs", "2", "--quiet"])
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

#[test]
fn a_killed_run_resumes_without_losing_or_repeating_a_game() {
    let dir = scratch("killed");
    std::fs::write(dir.join("study.toml"), FAST).expect("the study file");
    let out = dir.join("out");
    let mut child = board_lab(&dir).spawn().expect("the board-lab binary");
    let started = Instant::now();
    while lines(&out) < 30 && started.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().expect("SIGKILL");
    child.wait().expect("the killed run");
    let before = lines(&out);
    assert!(
        (30..720).contains(&before),
        "killed after {before} games of 720: the test needs a run cut in the middle"
    );
    // A kill in the middle of a write leaves a torn line: add one.
    let mut torn = std::fs::read(out.join("results.jsonl")).expect("results");
    torn.extend_from_slice(b"{\"cell\":\"kybo/unlimited/random~ran");
    std::fs::write(out.join("results.jsonl"), torn).expect("results");

    let status = board_lab(&dir).status().expect("the resumed run");
    assert!(status.success());
    let text = String::from_utf8(bytes(&out, "results.jsonl")).expect("text");
    let games: Vec<GameResult> = text
        .lines()
        .map(|l| GameResult::from_json_line(l).expect("a game"))
        .collect();
    let keys: BTreeSet<(String, u64)> = games.iter().map(|g| (g.cell.clone(), g.index)).collect();
    assert_eq!(games.len(), 720, "a game counted twice or lost");
    assert_eq!(keys.len(), 720);

    // The same bytes as a run never interrupted.
    let whole = dir.join("whole");
    let study = Study::from_toml(FAST).expect("a study");
    let options = RunOptions {
        jobs: 1,
        lang: Lang::En,
        progress: false,
    };
    run(&study, &whole, &options, true).expect("a run");
    for file in REPRODUCIBLE {
        assert!(bytes(&out, file) == bytes(&whole, file), "{file} differs");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn results_of_another_seed_are_refused_with_their_line() {
    let dir = scratch("other-seed");
    let study = Study::from_toml(FAST).expect("a study");
    let games = board_lab::play_batch(&study.cells()[0], 0, 3).expect("games");
    let text: String = games.iter().map(|g| g.to_json_line() + "\n").collect();
    let path = dir.join("results.jsonl");
    std::fs::write(&path, &text).expect("results");
    assert_eq!(read_results(&path, &study).expect("its own games").len(), 3);
    let err = read_results(&path, &study.clone().with_seed(99)).expect_err("another seed");
    assert!(err.to_string().contains("line 1"), "{err}");
    assert!(err.to_string().contains("another seed"), "{err}");
    std::fs::write(&path, format!("not json\n{text}")).expect("results");
    let err = read_results(&path, &study).expect_err("not a game");
    assert!(err.to_string().contains("line 1"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}
