//! The committed build in `board-online/web/pkg/` (what the server serves) loaded in node
//! as a page loads it, every game played to its end through the JavaScript
//! API by `node-smoke.mjs`. Skipped, with a note, where node or the build is
//! missing; `scripts/build-web` rebuilds `board-online/web/pkg/`.

use std::path::Path;
use std::process::Command;

#[test]
fn the_built_bindings_play_every_game_to_the_end_in_node() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let pkg = root.join("board-online/web/pkg");
    if !pkg.join("board_web_bg.wasm").exists() {
        eprintln!("skipped: no board-online/web/pkg/board_web_bg.wasm (run scripts/build-web)");
        return;
    }
    let script = root.join("board-web/tests/node-smoke.mjs");
    // 16 nodes a move: quick games, still the agent's own choices.
    let output = match Command::new("node")
        .arg(&script)
        .arg(&pkg)
        .arg("16")
        .output()
    {
        Ok(output) => output,
        Err(e) => {
            eprintln!("skipped: node cannot be run ({e})");
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "node-smoke failed:\n{stdout}\n{stderr}"
    );
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.ends_with(" passed, 0 failed"), "{stdout}");
    for title in ["ÉCHEC O CUBE: ", "KYBO: ", "Chess 3D: "] {
        assert!(stdout.contains(title), "{title} missing from\n{stdout}");
    }
}
