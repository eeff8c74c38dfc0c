//! Runs every example the way a user does (`cargo run --example NAME`), with
//! piped input for `play`, so that they cannot rot.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run_example(name: &str, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", name, "--"])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cargo runs");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    child.wait_with_output().expect("the example ends")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn demo_plays_every_game_to_the_end() {
    let o = run_example("demo", &["--quiet", "--playouts", "4", "--seed", "5"], "");
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    for game in ["echec-o-cube", "kybo", "chess3d"] {
        assert!(out.contains(&format!("=== {game} (seed 5) ===")), "{out}");
    }
    assert_eq!(out.matches("--- record ---").count(), 3);
    // Every game ended with a result line: a win or a draw.
    let results = out
        .lines()
        .filter(|l| l.contains(" wins (") || l.starts_with("draw ("));
    assert_eq!(results.count(), 3, "{out}");
    assert!(
        out.contains("final count One"),
        "ÉCHEC O CUBE shows its final score"
    );
    let bad = run_example("demo", &["--game", "go"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("\"go\""));
}

#[test]
fn demo_shows_the_board_after_each_move() {
    let o = run_example("demo", &["--game", "kybo", "--playouts", "2"], "");
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.contains("1. White: "), "{out}");
    assert!(out.contains("2. Black: "), "{out}");
}

#[test]
fn play_lists_refuses_undoes_saves_and_replay_reads_it_back() {
    let dir = std::env::temp_dir().join(format!("board-games-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("kybo.txt");
    let input = format!(
        "?\nA1\nE5\nundo\nD4\nsave {}\nquit\n",
        file.to_str().unwrap()
    );
    let o = run_example("play", &["kybo", "--playouts", "20"], &input);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    // KY-3: the first cube goes on a Dungeon square, so 4 legal moves.
    assert!(out.contains("4 legal moves: D4 E4 D5 E5"), "{out}");
    assert!(out.contains("A1 is illegal: "), "{out}");
    assert!(out.contains("computer plays "), "{out}");
    assert!(out.contains("taken back"), "{out}");
    assert!(out.contains("record saved to"), "{out}");
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.starts_with("D4 "), "{record}");
    let shown = run_example("replay", &[file.to_str().unwrap()], "");
    assert!(shown.status.success(), "{}", stderr(&shown));
    assert!(stdout(&shown).contains("kybo record"));
    assert!(stdout(&shown).contains("game not finished"));
    // A record with an illegal move: the reason, and status 2.
    std::fs::write(&file, "D4 A1\n").unwrap();
    let bad = run_example("replay", &[file.to_str().unwrap(), "--game", "kybo"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("A1"), "{}", stderr(&bad));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn play_chess3d_and_echec_o_cube_against_each_other_person() {
    let o = run_example(
        "play",
        &["chess3d", "--two-players"],
        "N2/E7-N2/E5\nN2/E2-N2/E5\nN2/E2-N2/E4\n?\nquit\n",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.contains("N2/E2-N2/E5 is illegal"), "{out}");
    assert!(out.contains("legal moves: "), "{out}");
    let o = run_example(
        "play",
        &["echec-o-cube", "--two-players"],
        "P D5-E5\nP D6-E6\nF E5-E6\nboard\nquit\n",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    // EOC-9: a pale that touches no dark is refused with the reason.
    assert!(out.contains("P D6-E6 is illegal"), "{out}");
    let bad = run_example("play", &["chess"], "");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn perft_counts_and_reports_bad_input() {
    // KY-3, KY-13: four Dungeon squares, then every neighbour or stack.
    let o = run_example("perft", &["kybo", "--depth", "1"], "");
    assert_eq!(stdout(&o).lines().last(), Some("4"));
    let o = run_example("perft", &["kybo", "--depth", "2", "--divide"], "");
    let out = stdout(&o);
    let parts: u64 = out
        .lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(_, n)| n.parse::<u64>().unwrap())
        .sum();
    assert_eq!(out.lines().last().unwrap().parse::<u64>().unwrap(), parts);
    // C3-21: one level without castling is FIDE chess: 20 moves from the start.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    let o = run_example("perft", &["chess3d", "--fen", fen, "--depth", "2"], "");
    assert_eq!(stdout(&o).lines().last(), Some("400"), "{}", stderr(&o));
    let o = run_example(
        "perft",
        &["echec-o-cube", "--depth", "1", "--first", "two"],
        "",
    );
    // EOC-7: the first piece is free: 112 segments, two kinds.
    assert_eq!(stdout(&o).lines().last(), Some("224"), "{}", stderr(&o));
    for (args, named) in [
        (vec!["kybo", "--depth", "1", "--moves", "A1"], "A1"),
        (
            vec!["chess3d", "--fen", "bad fen", "--depth", "1"],
            "bad fen",
        ),
        (vec!["chess3d", "--levels", "9", "--depth", "1"], "9"),
        (
            vec!["echec-o-cube", "--first", "three", "--depth", "1"],
            "three",
        ),
        (vec!["kybo", "--depth", "x"], "x"),
    ] {
        let o = run_example("perft", &args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(named), "{args:?}: {}", stderr(&o));
    }
}
