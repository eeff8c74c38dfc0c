//! Check and show a game record of any of the three games.
//!
//! ```text
//! cargo run --release --example replay -- FILE [--game NAME]
//! ```
//!
//! Prints each position and the result. Without `--game` the record's game is
//! recognised by trying each game's record format. A bad record prints the line
//! or move and the reason, and exits with status 2.

use std::process::ExitCode;

use board_games::games::{Chess3dMatch, EchecOCube, Kybo};
use board_games::session::replay;
use board_games::Kit;

fn main() -> ExitCode {
    match run(std::env::args().skip(1)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("replay: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(mut args: impl Iterator<Item = String>) -> Result<(), String> {
    let names = [EchecOCube::NAME, Kybo::NAME, Chess3dMatch::NAME];
    let mut file = None;
    let mut game = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--game" => {
                let g = args.next().ok_or("--game needs a value")?;
                if !names.contains(&g.as_str()) {
                    return Err(format!(
                        "unknown game {g:?}: expected one of {}",
                        names.join(", ")
                    ));
                }
                game = Some(g);
            }
            _ if file.is_none() => file = Some(arg),
            other => return Err(format!("unexpected argument {other:?}")),
        }
    }
    let file = file.ok_or("which record file?")?;
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
    let mut out = std::io::stdout().lock();
    let try_game = |name: &str, out: &mut dyn std::io::Write| match name {
        "echec-o-cube" => replay::<EchecOCube>(&text, out).map(|_| ()),
        "kybo" => replay::<Kybo>(&text, out).map(|_| ()),
        _ => replay::<Chess3dMatch>(&text, out).map(|_| ()),
    };
    if let Some(name) = game {
        return try_game(&name, &mut out).map_err(|e| format!("{file}: {name} record: {e}"));
    }
    let mut errors = Vec::new();
    for name in names {
        let mut shown = Vec::new();
        match try_game(name, &mut shown) {
            Ok(()) => {
                println!("{name} record");
                return std::io::Write::write_all(&mut out, &shown).map_err(|e| e.to_string());
            }
            Err(e) => errors.push(format!("as {name}: {e}")),
        }
    }
    Err(format!(
        "{file} is no valid record:\n  {}",
        errors.join("\n  ")
    ))
}
