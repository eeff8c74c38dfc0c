//! Runs every example's built binary the way a user runs it, with piped
//! input for `play`, so that they cannot rot. The binaries are those `cargo
//! test` builds beside this test (`target/<profile>/examples/NAME`); no
//! nested cargo runs, so nothing is rebuilt in another profile.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The path of an example's binary: `cargo test` builds the package's
/// examples into `target/<profile>/examples/`, and this test runs from
/// `target/<profile>/deps/`.
///
/// # Panics
/// The binary is missing (`cargo test --test examples` alone does not build
/// the examples): the message says what to run.
fn example_binary(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("the test binary lies in target/<profile>/deps/");
    let path = profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "the example binary {} is missing: `cargo test --test examples` does not build the \
         examples; run `cargo build --examples` (same profile) first, or plain `cargo test`",
        path.display()
    );
    path
}

fn run_example(name: &str, args: &[&str], input: &str) -> Output {
    run_example_in(name, args, input, "C.UTF-8")
}

/// [`run_example`] with `LANG=lang` (and no `LC_ALL` or `LC_MESSAGES`): the
/// examples' default language.
fn run_example_in(name: &str, args: &[&str], input: &str, lang: &str) -> Output {
    let mut child = Command::new(example_binary(name))
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("example {name} runs: {e}"));
    // An example may exit before reading all its input (a bad argument):
    // a broken pipe here is not the test's failure.
    let mut stdin = child.stdin.take().expect("piped stdin");
    match stdin.write_all(input.as_bytes()) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        Err(e) => panic!("input to {name}: {e}"),
    }
    drop(stdin);
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
    let o = run_example("demo", &["--quiet", "--nodes", "4", "--seed", "5"], "");
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    for game in ["echec-o-cube", "kybo", "chess3d"] {
        assert!(out.contains(&format!("=== {game} (seed 5) ===")), "{out}");
    }
    // One short block a game: the title, the result with the status line,
    // the number of moves, then the moves; no board, no record header.
    let blocks: Vec<&str> = out.split("\n\n").filter(|b| !b.is_empty()).collect();
    assert_eq!(blocks.len(), 3, "{out}");
    for block in &blocks {
        let lines: Vec<&str> = block.lines().collect();
        assert!(lines[0].starts_with("=== "), "{block}");
        // Every game ended with a result: a win or a draw.
        assert!(
            lines[1].contains(" wins (") || lines[1].starts_with("draw ("),
            "{block}"
        );
        let count: usize = lines[2]
            .strip_suffix(" moves:")
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{block}"));
        let listed: usize = lines[3..].iter().map(|l| l.split(", ").count()).sum();
        assert_eq!(listed, count, "{block}");
        assert!(lines[3..].iter().all(|l| l.len() <= 100), "{block}");
    }
    assert!(!out.contains("--- record ---"), "{out}");
    assert!(!out.contains("  A   B"), "no board: {out}");
    assert!(
        out.contains("final count One"),
        "ÉCHEC O CUBE shows its final score"
    );
    assert!(!out.contains('\x1b'), "no terminal codes through a pipe");
    // (a board a move came to 13,647 lines; the final boards and the
    // records one move a line to 228 at seed 1)
    assert!(out.lines().count() < 60, "{} lines", out.lines().count());
    let bad = run_example("demo", &["--game", "go"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("\"go\""));
}

#[test]
fn demo_through_a_pipe_is_quiet_and_watch_redraws_in_place() {
    let piped = run_example("demo", &["--game", "kybo", "--nodes", "2"], "");
    let out = stdout(&piped);
    assert!(piped.status.success(), "{}", stderr(&piped));
    assert!(!out.contains("1. White: "), "{out}");
    let watched = run_example(
        "demo",
        &["--game", "kybo", "--nodes", "2", "--watch", "--delay", "0"],
        "",
    );
    let out = stdout(&watched);
    assert!(watched.status.success(), "{}", stderr(&watched));
    // One clear-and-redraw a move, each with the move line.
    let redraws = out.matches("\x1b[H\x1b[2J").count();
    assert!(redraws > 4, "{redraws} redraws");
    assert!(out.contains("1. White: "), "{out}");
    assert!(out.contains("2. Black: "), "{out}");
    assert_eq!(out.matches("--- record ---").count(), 1);
    let bad = run_example("demo", &["--delay", "soon"], "");
    assert_eq!(bad.status.code(), Some(2));
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
    let o = run_example("play", &["kybo", "--nodes", "20"], &input);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    // KY-3: the first cube goes on a Dungeon square, so 4 legal moves.
    assert!(out.contains("4 legal moves at 4 places:"), "{out}");
    for square in ["D4", "E4", "D5", "E5"] {
        assert!(out.contains(&format!("  {square}: {square}\n")), "{out}");
    }
    assert!(out.contains("A1 is illegal: "), "{out}");
    assert!(out.contains("computer plays "), "{out}");
    // Undo names the person's move and the computer's reply it took back.
    let reply = out
        .lines()
        .find_map(|l| l.strip_prefix("2. computer plays "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        out.contains(&format!("taken back: E5 and {reply}\n")),
        "{out}"
    );
    assert!(out.contains("record saved to"), "{out}");
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.starts_with("D4 "), "{record}");
    let pictures = dir.join("pictures");
    let shown = run_example(
        "replay",
        &[file.to_str().unwrap(), "--svg", pictures.to_str().unwrap()],
        "",
    );
    assert!(shown.status.success(), "{}", stderr(&shown));
    assert!(stdout(&shown).contains("kybo record"));
    assert!(stdout(&shown).contains("game not finished"));
    // One picture for the start and one a move of the record.
    let moves = record.split_whitespace().filter(|w| w.len() == 2).count();
    for n in 0..=moves {
        let svg = std::fs::read_to_string(pictures.join(format!("{n:03}.svg"))).unwrap();
        assert!(svg.starts_with("<svg ") && svg.contains("viewBox"), "{n}");
    }
    assert!(!pictures.join(format!("{:03}.svg", moves + 1)).exists());
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
    assert!(out.contains("legal moves at "), "{out}");
    // Full moves in chess, Black first (C3-1): Black's first move, White's
    // reply in the same full move, then Black's second.
    assert!(out.contains("1. Black to move> "), "{out}");
    assert!(out.contains("1... White to move> "), "{out}");
    assert!(out.contains("2. Black to move> "), "{out}");
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

#[test]
#[cfg(feature = "peers")]
fn perft_times_chess3d_against_cozy_chess() {
    // C3-21: one level without castling rights is FIDE chess, so cozy-chess
    // counts the same 8 902 leaves at depth 3 (published perft of the start).
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    let args = [
        "chess3d", "--fen", fen, "--depth", "3", "--versus", "cozy", "--reps", "2",
    ];
    let o = run_example("perft", &args, "");
    let out = stdout(&o);
    assert_eq!(out.lines().last(), Some("8902"), "{}", stderr(&o));
    assert_eq!(out.lines().filter(|l| l.starts_with("run ")).count(), 3 * 2);
    assert!(out.contains("x cozy-chess"), "{out}");
    // Three levels: chess3d only; cozy-chess needs one level without castling.
    let o = run_example("perft", &["chess3d", "--depth", "2", "--reps", "1"], "");
    assert_eq!(stdout(&o).lines().last(), Some("3025"), "{}", stderr(&o));
    for (args, named) in [
        (
            vec!["chess3d", "--depth", "1", "--versus", "cozy"],
            "one-level",
        ),
        (
            vec!["chess3d", "--depth", "1", "--versus", "stockfish"],
            "stockfish",
        ),
        (vec!["chess3d", "--depth", "1", "--reps", "0"], "0"),
        (vec!["kybo", "--depth", "1", "--reps", "2"], "--reps"),
    ] {
        let o = run_example("perft", &args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(named), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn perft_starts_from_a_position_text() {
    // EOC-23: the position text after `P D5-E5` (the rule's own example)
    // counts what the same move played from the start counts.
    let text = "7/8/7/8/7/8/3p3/8/7/8/7/8/7/8/7 - 2 49,20,50,20,10 0,0 -";
    let from_text = run_example(
        "perft",
        &["echec-o-cube", "--position", text, "--depth", "2"],
        "",
    );
    let from_moves = run_example(
        "perft",
        &["echec-o-cube", "--moves", "P D5-E5", "--depth", "2"],
        "",
    );
    assert!(from_text.status.success(), "{}", stderr(&from_text));
    assert_eq!(stdout(&from_text), stdout(&from_moves));
    // KYBO: the text of the position after D4, written by the crate.
    let mut after_d4 = kybo::Position::default();
    after_d4.play(after_d4.parse_move("D4").unwrap()).unwrap();
    let kybo_text = after_d4.to_text();
    let from_moves = run_example("perft", &["kybo", "--moves", "D4", "--depth", "3"], "");
    let from_text = run_example(
        "perft",
        &["kybo", "--position", &kybo_text, "--depth", "3"],
        "",
    );
    assert!(from_text.status.success(), "{}", stderr(&from_text));
    assert_eq!(stdout(&from_text), stdout(&from_moves));
    let written = run_example("perft", &["kybo", "--depth", "1", "--position", "?"], "");
    assert_eq!(
        written.status.code(),
        Some(2),
        "a bad position text is refused"
    );
    assert!(
        stderr(&written).contains("--position \"?\""),
        "{}",
        stderr(&written)
    );
    let bad = run_example(
        "perft",
        &["chess3d", "--position", text, "--depth", "1"],
        "",
    );
    assert_eq!(bad.status.code(), Some(2));
    // A huge bad position text is quoted by its first characters only.
    // (one argument may hold at most 128 KiB)
    let huge = "7/".repeat(50_000);
    let o = run_example(
        "perft",
        &["echec-o-cube", "--position", &huge, "--depth", "1"],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).len() < 400,
        "{} bytes of error",
        stderr(&o).len()
    );
}

/// Runs a built example under a 256 MiB address-space limit with `stdin`
/// from a file, and returns its output and how long it took.
fn run_limited(name: &str, args: &[&str], stdin: &str) -> (Output, std::time::Duration) {
    let mut script = format!(
        "ulimit -v 262144; exec '{}'",
        example_binary(name).display()
    );
    for a in args {
        script += &format!(" '{a}'");
    }
    script += &format!(" < '{stdin}'");
    let start = std::time::Instant::now();
    let out = Command::new("sh")
        .args(["-c", &script])
        .output()
        .expect("sh runs");
    (out, start.elapsed())
}

// Issue: hostile input. A record of /dev/zero or /dev/urandom, or an endless
// line typed into `play`, is refused at once, within a bounded memory.
#[test]
fn examples_refuse_endless_input_quickly_in_bounded_memory() {
    for source in ["/dev/zero", "/dev/urandom"] {
        let (o, took) = run_limited("replay", &[source, "--game", "kybo"], "/dev/null");
        assert_eq!(o.status.code(), Some(2), "{source}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("larger than 16 MiB"),
            "{source}: {}",
            stderr(&o)
        );
        assert!(took.as_secs() < 5, "{source}: {took:?}");
    }
    let (o, took) = run_limited("play", &["kybo", "--two-players"], "/dev/zero");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("a line longer than 4096 bytes"),
        "{}",
        stderr(&o)
    );
    assert!(took.as_secs() < 5, "{took:?}");
}

#[test]
fn a_huge_bad_record_line_gives_a_short_message() {
    let dir = std::env::temp_dir().join(format!("board-games-huge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("huge.txt");
    std::fs::write(&file, "Z".repeat(10 << 20)).unwrap();
    for game in ["echec-o-cube", "kybo", "chess3d"] {
        let o = run_example("replay", &[file.to_str().unwrap(), "--game", game], "");
        assert_eq!(o.status.code(), Some(2), "{game}");
        assert!(stderr(&o).len() < 400, "{game}: {} bytes", stderr(&o).len());
    }
    let line = format!("{}\nquit\n", "x".repeat(4000));
    let o = run_example("play", &["echec-o-cube", "--two-players"], &line);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).lines().all(|l| l.len() < 400),
        "a long line is not echoed whole"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A scripted two-player session of `game`: its whole transcript is compared
/// with `tests/transcripts/GAME.txt` (regenerate with `UPDATE_TRANSCRIPTS=1`
/// after a deliberate change of the text, and read the diff).
fn check_transcript(game: &str, input: &str) -> String {
    check_transcript_in(game, "en", input)
}

/// [`check_transcript`] in language `lang` (`--lang`), compared with
/// `tests/transcripts/GAME.LANG.txt` for another language than English.
fn check_transcript_in(game: &str, lang: &str, input: &str) -> String {
    let o = run_example("play", &[game, "--two-players", "--lang", lang], input);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut out = stdout(&o);
    // The saved record's file name changes from run to run.
    let saved = out
        .lines()
        .find_map(|l| {
            l.split_once("record of this game saved to ")
                .or_else(|| l.split_once("journal de cette partie enregistré dans "))
                .map(|(_, rest)| rest)
        })
        .map(|rest| rest.split(' ').next().unwrap_or_default().to_owned());
    if let Some(path) = &saved {
        let record = std::fs::read_to_string(path).expect("the record is saved");
        std::fs::remove_file(path).ok();
        out = out.replace(path.as_str(), "FILE") + "--- saved record ---\n" + &record;
    }
    // The replay command names the profile the examples were built in.
    let out = out.replace("cargo run --release --example", "cargo run --example");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/transcripts")
        .join(match lang {
            "en" => format!("{game}.txt"),
            _ => format!("{game}.{lang}.txt"),
        });
    if std::env::var_os("UPDATE_TRANSCRIPTS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &out).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        out == expected,
        "the transcript of {game} differs from {}:\n{out}",
        path.display()
    );
    out
}

#[test]
fn play_transcripts_of_every_game() {
    // KY-3: the first cube on a Dungeon square; KY-4 refuses a cube that
    // touches nothing.
    let out = check_transcript("kybo", "?\nA1\nD4\n? E4\nE4\nundo\nredo\ndraw\nquit\n");
    assert!(out.contains("  D4: D4\n"));
    assert!(out.contains("A1 is illegal: "));
    assert!(out.contains("no draw can be claimed here"));
    assert!(out.contains("--- saved record ---"));
    assert!(
        out.contains(
            "record of this game saved to FILE (to see the game again: \
             cargo run --example replay -- FILE)"
        ),
        "{out}"
    );
    // EOC-9: a pale that touches no dark is refused with the reason; `?`
    // lists at most a screen, `? D5` the moves of one place.
    let out = check_transcript(
        "echec-o-cube",
        "?\n? D5-E5\nP D5-E5\nP D6-E6\nE5-E6\nF E5-E6\nboard\nundo\nquit\n",
    );
    assert!(out.contains("P D6-E6 is illegal"));
    assert!(out.contains("did you mean: F E5-E6?"));
    assert!(out.contains("\nkey: --- | pale piece, === H dark piece"));
    assert!(out.contains("taken back: F E5-E6\n"));
    assert!(out.contains("legal moves at D5-E5: "));
    let listing = out.split("legal moves at ").nth(1).unwrap();
    assert!(listing.lines().count() <= 25, "{listing}");
    // C3-1: Black moves first; `draw` is refused while no draw applies,
    // `claim` is no chess3d move; a move without its levels is read when one
    // level makes it legal (C3-20).
    let out = check_transcript(
        "chess3d",
        "? N2/E7\nE7-E5\nN2/E2-N2/E4\ndraw\nclaim\nundo\nquit\n",
    );
    assert!(out.contains("legal moves at N2/E7: "));
    assert!(out.contains("1. Black to move> 1. N2/E7-N2/E5\n"));
    assert!(out.contains("no draw can be claimed here"));
    assert!(out.contains("cannot read \"claim\""));
    assert!(out.contains("taken back: N2/E2-N2/E4\n"));
}

/// The same sessions in French (`--lang fr`): the prompts, legends, status
/// lines, refusals with their rule IDs and results in French; the moves and
/// the saved record in the same notation as in English.
#[test]
fn play_transcripts_of_every_game_in_french() {
    // KY-3 in French, with the French command words (issue #38).
    let out = check_transcript_in(
        "kybo",
        "fr",
        "aide\nA1\nD4\n? E4\nE4\nannuler\nrétablir\nnulle\nquitter\n",
    );
    assert!(out.contains("1. trait : Blanc> "), "{out}");
    assert!(out.contains("A1 est illégal : le premier cube se pose sur une case du Donjon"));
    assert!(out.contains("(KY-3)"));
    assert!(out.contains("aucune nulle ne peut être réclamée ici"));
    assert!(out.contains("Portes 1, Remparts 2, Château 3, Donjon 4"));
    assert!(!out.contains("to move"), "{out}");
    // KYBO's cubes in French letters, b Blanc and n Noir, as the legend
    // says; the record keeps the notation.
    assert!(
        out.contains("b n\u{a0}: cubes de bas en haut (b Blanc, n Noir)"),
        "{out}"
    );
    assert!(!out.contains("w Blanc"), "{out}");
    assert!(
        out.contains("\n4  .    ..   ...  b... n... ...  ..   .     4\n"),
        "{out}"
    );
    // The end hint: how a player sees the saved game again.
    assert!(
        out.contains(
            "journal de cette partie enregistré dans FILE (pour revoir la partie\u{a0}: \
             cargo run --example replay -- FILE --lang fr)"
        ),
        "{out}"
    );
    // EOC-9 in French, the issue's own example.
    let out = check_transcript_in(
        "echec-o-cube",
        "fr",
        "?\n? D5-E5\nP D5-E5\nP D6-E6\nE5-E6\nF E5-E6\nboard\nundo\nquit\n",
    );
    assert!(
        out.contains(
            "P D6-E6 est illégal : le pion pâle en D6-E6 ne touche aucun pion foncé (EOC-9)"
        ),
        "{out}"
    );
    assert!(out.contains("vouliez-vous dire : F E5-E6 ?"));
    assert!(
        out.contains("Joueur Un : 0 points, il reste 50 pâles et 20 foncés"),
        "{out}"
    );
    // C3-13 and the results in French; the record is the same notation.
    let out = check_transcript_in("chess3d", "fr", "N2/E2-N2/E4\nE7-E5\ndraw\nundo\nquit\n");
    assert!(
        out.contains("la pièce en N2/E2 n'est pas à Noir : le trait est à Noir (C3-13)"),
        "{out}"
    );
    assert!(
        out.contains("rangée") || out.contains("clé : majuscules Blanc"),
        "{out}"
    );
    assert!(!out.contains("Black"), "{out}");
}

/// `--lang` defaults to the environment's language; a record saved under
/// French replays under English (notation is data).
#[test]
fn the_language_comes_from_the_environment_and_records_cross_languages() {
    let o = run_example_in(
        "play",
        &["kybo", "--two-players"],
        "D4\nquit\n",
        "fr_CA.UTF-8",
    );
    assert!(stdout(&o).contains("trait : Blanc> "), "{}", stdout(&o));
    let o = run_example("play", &["kybo", "--two-players", "--lang", "de"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--lang \"de\": not a language: fr or en"),
        "{}",
        stderr(&o)
    );
    let dir = std::env::temp_dir().join(format!("board-games-lang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("fr.txt");
    let input = format!("D4\nE4\nD3\nsave {}\nquit\n", file.display());
    let o = run_example("play", &["kybo", "--two-players", "--lang", "fr"], &input);
    assert!(
        stdout(&o).contains("journal enregistré dans"),
        "{}",
        stdout(&o)
    );
    let o = run_example("replay", &[file.to_str().unwrap(), "--lang", "en"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("3. White: D3"), "{}", stdout(&o));
    let o = run_example("replay", &[file.to_str().unwrap(), "--lang", "fr"], "");
    assert!(stdout(&o).contains("3. Blanc\u{a0}: D3"), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).ok();
}

/// `arena` plays its series and scores A: the last line's counts are those of
/// the game lines, and a node budget replays the same games with any `--jobs`.
#[test]
fn arena_scores_the_games_it_played_and_replays_a_node_budget() {
    let args = ["kybo", "--games", "4", "--ms", "0", "--nodes", "30"];
    let o = run_example("arena", &args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{out}");
    let count = |end: &str| games.iter().filter(|l| l.ends_with(end)).count();
    let (w, d, l) = (count("A wins"), count("draw"), count("B wins"));
    assert_eq!(w + d + l, 4, "{out}");
    let score = (w as f64 + d as f64 / 2.0) * 100.0 / 4.0;
    let last = out.lines().last().unwrap();
    assert_eq!(last, format!("score: {score:.1}% ({w}-{d}-{l})"));
    // A starts the odd-numbered games (the first, the third), B the others.
    assert!(games
        .iter()
        .any(|l| l.starts_with("game 1: A (computer) plays ") && l.contains("computer starts")));
    let mut sorted = games.clone();
    sorted.sort();
    let parallel = run_example("arena", &[&args[..], &["--jobs", "2"]].concat(), "");
    let parallel_out = stdout(&parallel);
    let mut again: Vec<&str> = parallel_out
        .lines()
        .filter(|l| l.starts_with("game "))
        .collect();
    again.sort();
    assert_eq!(sorted, again);
    let bad = run_example("arena", &["kybo", "--ms", "0"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("--ms 0 needs --nodes N"),
        "{}",
        stderr(&bad)
    );
    let bad = run_example("arena", &["kybo", "--a", "oracle"], "");
    assert!(
        stderr(&bad).contains("agents are computer, mcts, mcts-list"),
        "{}",
        stderr(&bad)
    );
}

/// `play --level` takes easy, normal or hard and says so when it is not one.
#[test]
fn play_refuses_an_unknown_level() {
    let o = run_example("play", &["kybo", "--level", "expert"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("\"expert\" is not a difficulty: say easy, normal or hard"),
        "{}",
        stderr(&o)
    );
}

/// The moves of random games `seed..seed + games` of `K` from its start, each
/// replayed here through a move list (`moves[rng.below(len)]`), as the
/// `playout` example documents them.
fn replayed_moves<K: board_games::Kit>(seed: u64, games: u64, max_plies: usize) -> u64 {
    use board_core::{MoveList, Rng};
    let mut total = 0;
    let mut moves = MoveList::new();
    for i in 0..games {
        let mut game = K::start();
        let mut rng = Rng::new(seed + i);
        for _ in 0..max_plies {
            game.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.play_unchecked(moves[rng.below(moves.len())]);
            total += 1;
        }
    }
    total
}

#[test]
fn playout_counts_the_moves_of_its_games_and_reports_bad_input() {
    use board_games::games::{Chess3d, EchecOCube, Kybo};
    use board_games::Playable;
    let games = [
        (
            EchecOCube::NAME,
            replayed_moves::<EchecOCube>(40, 3, EchecOCube::MAX_PLIES.unwrap()),
        ),
        (
            Kybo::NAME,
            replayed_moves::<Kybo>(40, 3, Kybo::MAX_PLIES.unwrap()),
        ),
        (Chess3d::NAME, replayed_moves::<Chess3d>(40, 3, 10_000)),
    ];
    // The sampler and the move list (`--list`) play the same games.
    for ((name, expected), list) in games.iter().flat_map(|&g| [(g, false), (g, true)]) {
        let mut args = vec![name, "--games", "3", "--seed", "40"];
        if list {
            args.push("--list");
        }
        let o = run_example("playout", &args, "");
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        let last = out.lines().last().unwrap_or_default();
        // `3 games, M moves, X moves/s (CPU time)`
        let fields: Vec<&str> = last.split(", ").collect();
        assert_eq!(fields.len(), 3, "{last}");
        assert_eq!(fields[0], "3 games", "{last}");
        assert_eq!(fields[1], format!("{expected} moves"), "{name}: {last}");
        let rate = fields[2]
            .strip_suffix(" moves/s (CPU time)")
            .unwrap_or_else(|| panic!("{last}"));
        assert!(rate.parse::<f64>().is_ok_and(|r| r > 0.0), "{last}");
        // The outcome lines before it count the 3 games.
        let counted: u64 = out
            .lines()
            .rev()
            .skip(1)
            .map(|l| l.split_whitespace().next().unwrap().parse::<u64>().unwrap())
            .sum();
        assert_eq!(counted, 3, "{out}");
    }
    for (args, needle) in [
        (&["tic-tac-toe"][..], "unknown game"),
        (&["kybo", "--games", "x"][..], "not a number"),
        (&["kybo", "--seed"][..], "needs a value"),
        (&[][..], "no game given"),
        (&["kybo", "--fast"][..], "unknown option"),
    ] {
        let o = run_example("playout", args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    }
}

/// Every example answers `--help` and `-h` with its usage on stdout and
/// status 0, before reading (or refusing) its other arguments; the usage
/// names each of the example's options.
#[test]
fn every_example_answers_help_with_its_usage() {
    let examples: [(&str, &[&str]); 6] = [
        (
            "demo",
            &[
                "--game", "--seed", "--nodes", "--watch", "--quiet", "--delay",
            ],
        ),
        (
            "play",
            &[
                "GAME",
                "--second",
                "--two-players",
                "--level",
                "--nodes",
                "--seed",
                "draw",
            ],
        ),
        (
            "arena",
            &[
                "GAME", "--games", "--ms", "--a", "--b", "--nodes", "--seed", "--jobs",
            ],
        ),
        ("playout", &["GAME", "--games", "--seed", "--list"]),
        ("replay", &["FILE", "--game", "--svg"]),
        (
            "perft",
            &[
                "GAME",
                "--depth",
                "--moves",
                "--divide",
                "--position",
                "--fen",
                "--levels",
                "--reps",
                "--versus",
                "--first",
                "--red-mode",
                "--auto-announce",
            ],
        ),
    ];
    for (name, options) in examples {
        for args in [&["--help"][..], &["-h"], &["kybo", "--no-such-flag", "-h"]] {
            let o = run_example(name, args, "");
            assert_eq!(o.status.code(), Some(0), "{name} {args:?}: {}", stderr(&o));
            assert!(stderr(&o).is_empty(), "{name} {args:?}: {}", stderr(&o));
            let usage = stdout(&o);
            assert!(
                usage.starts_with(&format!("usage: {name} ")),
                "{name}: {usage}"
            );
            for option in options {
                assert!(usage.contains(option), "{name} names {option}: {usage}");
            }
            assert!(usage.contains("-h, --help"), "{name}: {usage}");
        }
        // Without it, a bad argument is still refused with status 2.
        let o = run_example(name, &["kybo", "--no-such-flag"], "");
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stderr(&o));
    }
}

/// The examples a player runs answer `--help` in French when the locale
/// is French or `--lang fr` is given (before or after `--help`), naming
/// the same options; `--lang en` keeps English under a French locale.
#[test]
fn the_players_examples_answer_help_in_french() {
    let examples: [(&str, &[&str], &str); 4] = [
        (
            "play",
            &[
                "--second",
                "--two-players",
                "--level",
                "--nodes",
                "--seed",
                "--lang",
                "abandonner",
                "quitter",
            ],
            "Jouer à JEU (echec-o-cube, kybo ou chess3d) dans le terminal",
        ),
        (
            "replay",
            &["--game", "--svg", "--lang"],
            "Vérifie et montre le journal d'une partie",
        ),
        (
            "demo",
            &[
                "--game", "--seed", "--nodes", "--watch", "--quiet", "--delay", "--lang",
            ],
            "Joue chaque jeu du début à la fin",
        ),
        (
            "arena",
            &[
                "--games", "--ms", "--a", "--b", "--nodes", "--seed", "--jobs", "--lang",
            ],
            "Deux ordinateurs jouent une série de parties",
        ),
    ];
    for (name, options, pitch) in examples {
        for (args, locale) in [
            (&["--help"][..], "fr_FR.UTF-8"),
            (&["-h", "--lang", "fr"], "C.UTF-8"),
            (&["--lang", "fr", "--help"], "en_GB.UTF-8"),
        ] {
            let o = run_example_in(name, args, "", locale);
            assert_eq!(o.status.code(), Some(0), "{name} {args:?}: {}", stderr(&o));
            let usage = stdout(&o);
            assert!(
                usage.starts_with(&format!("usage\u{a0}: {name} ")),
                "{name} {args:?}: {usage}"
            );
            assert!(usage.contains(pitch), "{name}: {usage}");
            for option in options {
                assert!(usage.contains(option), "{name} names {option}: {usage}");
            }
            assert!(usage.contains("\n  -h, --help    "), "{name}: {usage}");
            assert!(usage.contains("ce texte"), "{name}: {usage}");
        }
        let o = run_example_in(name, &["--help", "--lang", "en"], "", "fr_FR.UTF-8");
        assert!(
            stdout(&o).starts_with(&format!("usage: {name} ")),
            "{}",
            stdout(&o)
        );
    }
}

/// `replay` in French: a missing file and a file that is no record are
/// said in French with the file's name, not in the system's English.
#[test]
fn replay_says_its_errors_in_french() {
    let o = run_example("replay", &["no-such-record.txt", "--lang", "fr"], "");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "replay: fichier introuvable\u{a0}: no-such-record.txt\n"
    );
    let o = run_example("replay", &["no-such-record.txt"], "");
    assert_eq!(stderr(&o), "replay: file not found: no-such-record.txt\n");
    let o = run_example("replay", &["tests", "--lang", "fr"], "");
    assert!(
        stderr(&o).contains("tests est un dossier, pas un fichier"),
        "{}",
        stderr(&o)
    );
    let dir = std::env::temp_dir().join(format!("board-games-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "this is no record\n").unwrap();
    let bad = bad.to_str().unwrap();
    let o = run_example("replay", &[bad, "--lang", "fr"], "");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!(
            "replay: {bad} n'est pas un journal valable\u{a0}:\n"
        )),
        "{err}"
    );
    assert!(err.contains("\n  comme journal de kybo\u{a0}: "), "{err}");
    assert!(!err.contains("no valid record"), "{err}");
    let o = run_example("replay", &[bad, "--game", "kybo", "--lang", "fr"], "");
    assert!(
        stderr(&o).starts_with(&format!("replay: {bad}\u{a0}: journal de kybo\u{a0}: ")),
        "{}",
        stderr(&o)
    );
    let o = run_example("replay", &["--lang", "fr"], "");
    assert_eq!(stderr(&o), "replay: quel fichier de journal\u{202f}?\n");
    // The arguments' errors in French, whichever side of --lang they are.
    for (args, said) in [
        (
            &["kybo", "--level", "expert", "--lang", "fr"][..],
            "play: --level\u{a0}: \"expert\" n'est pas un niveau\u{a0}: easy, normal ou hard\n",
        ),
        (
            &["kybo", "--lang", "fr", "--nodes", "0"],
            "play: --nodes \"0\"\u{a0}: ce n'est pas un nombre positif\n",
        ),
        (
            &["kybo", "--lang", "fr", "--seed"],
            "play: --seed attend une valeur\n",
        ),
    ] {
        let o = run_example("play", args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o), said, "{args:?}");
    }
    let o = run_example("demo", &["--delay", "soon", "--lang", "fr"], "");
    assert_eq!(
        stderr(&o),
        "demo: --delay \"soon\"\u{a0}: ce n'est pas un nombre de millisecondes (0-10000)\n"
    );
    let o = run_example("replay", &["a.txt", "b.txt", "--lang", "fr"], "");
    assert_eq!(stderr(&o), "replay: argument inattendu \"b.txt\"\n");
    let o = run_example("replay", &["a.txt", "--game", "go", "--lang", "fr"], "");
    assert_eq!(
        stderr(&o),
        "replay: jeu inconnu \"go\"\u{a0}: l'un de echec-o-cube, kybo, chess3d\n"
    );
    // `play` without a game, or with a misspelt one, in French.
    let o = run_example_in("play", &[], "", "fr_FR.UTF-8");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "play: quel jeu\u{202f}? l'un de echec-o-cube, kybo, chess3d\n"
    );
    let o = run_example("play", &["kybi", "--lang", "fr"], "");
    assert_eq!(
        stderr(&o),
        "play: argument inattendu \"kybi\" (jeux\u{a0}: echec-o-cube, kybo, chess3d)\n"
    );
    // A save into a folder that does not exist, in French.
    let missing = "no-such-folder-38/game.txt";
    let input = format!("D4\nenregistrer {missing}\nquitter\n");
    let o = run_example("play", &["kybo", "--two-players", "--lang", "fr"], &input);
    assert!(
        stdout(&o).contains(&format!(
            "impossible d'enregistrer dans {missing}\u{a0}: dossier introuvable pour {missing}"
        )),
        "{}",
        stdout(&o)
    );
    assert!(!stdout(&o).contains("os error"), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).ok();
}

/// A reader that goes away (`perft … --divide | head`) ends an example
/// quietly and with success, where `println!` panicked.
#[test]
fn a_reader_gone_away_ends_the_examples_quietly() {
    let runs: [(&str, &[&str]); 4] = [
        ("perft", &["echec-o-cube", "--depth", "3", "--divide"]),
        ("playout", &["kybo", "--games", "200"]),
        (
            "arena",
            &["kybo", "--games", "2", "--ms", "0", "--nodes", "20"],
        ),
        ("demo", &["--quiet", "--nodes", "4", "--game", "kybo"]),
    ];
    for (name, args) in runs {
        let mut child = Command::new(example_binary(name))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("example {name} runs: {e}"));
        // The read end closed before the example writes its first line.
        drop(child.stdout.take());
        let o = child.wait_with_output().expect("the example ends");
        assert!(
            o.status.success(),
            "{name}: {:?}, stderr {}",
            o.status,
            stderr(&o)
        );
        assert_eq!(stderr(&o), "", "{name}");
    }
}
