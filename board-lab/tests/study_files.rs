//! Bad study files are refused with the line and the reason.

use board_lab::{Stop, Study};

fn refused(text: &str) -> (usize, String) {
    let err = Study::from_toml(text).expect_err("a bad study");
    (err.line, err.reason)
}

const GOOD: &str = "games = 10\n[[configs]]\ngame = \"kybo\"\n";

#[test]
fn a_good_study_is_read() {
    let study = Study::from_toml(GOOD).expect("a study");
    assert_eq!(study.stop(), Stop::Games(10));
    assert_eq!(study.cells()[0].id(), "kybo/default/random~random");
    assert_eq!(study.metrics().len(), board_lab::METRICS.len());
}

#[test]
fn an_unknown_game_is_refused_at_its_line() {
    let (line, reason) = refused("games = 10\n\n[[configs]]\ngame = \"go\"\n");
    assert_eq!(line, 4);
    assert!(reason.contains("go") && reason.contains("kybo"), "{reason}");
}

#[test]
fn a_bad_configuration_is_refused_at_its_line() {
    let text = "games = 10\n[[configs]]\ngame = \"chess3d\"\nrules = { levels = 9 }\n";
    let (line, reason) = refused(text);
    assert_eq!(line, 4);
    assert!(reason.contains("levels"), "{reason}");
    let text = "games = 10\n[[configs]]\ngame = \"kybo\"\nrules = { cubes = 3 }\n";
    let (line, reason) = refused(text);
    assert_eq!(line, 4);
    assert!(reason.contains("cubes"), "{reason}");
}

#[test]
fn zero_games_are_refused() {
    let (line, reason) = refused("seed = 1\ngames = 0\n[[configs]]\ngame = \"kybo\"\n");
    assert_eq!(line, 2);
    assert!(reason.contains("games must be from 1"), "{reason}");
    let (line, reason) = refused("[[configs]]\ngame = \"kybo\"\n");
    assert_eq!(line, 1);
    assert!(reason.contains("how many games"), "{reason}");
}

#[test]
fn an_unknown_metric_is_refused_at_its_line() {
    let text =
        "games = 5\nmetrics = [\n  \"first_rate\",\n  \"fun\",\n]\n[[configs]]\ngame = \"kybo\"\n";
    let (line, reason) = refused(text);
    assert_eq!(line, 4);
    assert!(reason.contains("unknown metric \"fun\""), "{reason}");
}

#[test]
fn an_unknown_key_is_refused_at_its_line() {
    let (line, reason) = refused("games = 5\ngamez = 6\n[[configs]]\ngame = \"kybo\"\n");
    assert_eq!(line, 2);
    assert!(reason.contains("gamez"), "{reason}");
    let (line, reason) = refused("games = 5\n[[configs]]\ngame = \"kybo\"\ncolour = \"red\"\n");
    assert_eq!(line, 4);
    assert!(reason.contains("colour"), "{reason}");
}

#[test]
fn other_faults_are_refused_at_their_lines() {
    let cases: [(&str, usize, &str); 7] = [
        ("games = 5\nagents = [[\"random\", \"greedy\"]]\n[[configs]]\ngame = \"kybo\"\n", 2, "unknown agent"),
        ("games = 5\nagents = [[\"random\"]]\n[[configs]]\ngame = \"kybo\"\n", 2, "two agents"),
        ("games = 5\n[stop]\nrule = \"sprt\"\ndelta = 0.05\n[[configs]]\ngame = \"kybo\"\n", 2, "needs alpha"),
        ("games = 5\n[stop]\nrule = \"luck\"\n[[configs]]\ngame = \"kybo\"\n", 3, "unknown stop rule"),
        ("games = 5\n[stop]\nrule = \"width\"\nwidth = 2.0\n[[configs]]\ngame = \"kybo\"\n", 4, "width must be"),
        ("games = 5\n[[configs]]\ngame = \"kybo\"\nlabel = \"a\"\n[[configs]]\ngame = \"kybo\"\nlabel = \"a\"\n", 7, "twice"),
        ("games = 5\nseed = \"x\"\n[[configs]]\ngame = \"kybo\"\n", 2, "expected i64"),
    ];
    for (text, line, words) in cases {
        let (at, reason) = refused(text);
        assert_eq!(at, line, "{text}: {reason}");
        assert!(reason.contains(words), "{text}: {reason}");
    }
    let (line, reason) = refused("games = 5\n[[configs]\n");
    assert_eq!(line, 2, "{reason}");
    let (_, reason) = refused(GOOD.replace("[[configs]]\ngame = \"kybo\"\n", "").as_str());
    assert!(reason.contains("no configuration"), "{reason}");
}
