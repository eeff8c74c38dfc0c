//! The command line's standard output.

use std::process::{Command, Stdio};

/// A reader that goes away (`board-lab check … | head`) is not an error:
/// the listing stops, quietly, with success, where `println!` panicked.
#[test]
fn a_reader_gone_away_ends_check_quietly() {
    let study = concat!(env!("CARGO_MANIFEST_DIR"), "/studies/chess3d-levels.toml");
    let mut child = Command::new(env!("CARGO_BIN_EXE_board-lab"))
        .args(["check", study])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("board-lab runs");
    drop(child.stdout.take());
    let o = child.wait_with_output().expect("board-lab ends");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{:?}, stderr {stderr}", o.status);
    assert_eq!(stderr, "");
}
