//! What the tests that run whole studies share: a fast study and the
//! files of a run's directory.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// A study of fast games: a few hundred random games per cell of KYBO and
/// ÉCHEC O CUBE.
pub const FAST: &str = r#"
name = "fast"
seed = 5
games = 240
agents = [["random", "random"]]

[[configs]]
game = "kybo"
label = "unlimited"

[[configs]]
game = "kybo"
label = "20 cubes"
rules = { supply = { per_player = 20 } }

[[configs]]
game = "echec-o-cube"
label = "family"
rules = { red_mode = true }
"#;

/// The files a run writes that must be the same from run to run.
pub const REPRODUCIBLE: [&str; 4] = [
    "results.jsonl",
    "summary.json",
    "summary.csv",
    "report.html",
];

/// A fresh directory for a test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("board-lab-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// The bytes of `file` in `dir`.
pub fn bytes(dir: &Path, file: &str) -> Vec<u8> {
    std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{}/{file}: {e}", dir.display()))
}

/// A study of the three games, short games (the ply limit cuts chess3d's
/// random games).
pub const THREE: &str = r#"
name = "report"
seed = 3
games = 30
max_plies = 240
agents = [["random", "random"]]

[[configs]]
game = "kybo"
label = "unlimited"

[[configs]]
game = "echec-o-cube"
label = "standard"

[[configs]]
game = "chess3d"
label = "1 level"
rules = { levels = 1 }
"#;
