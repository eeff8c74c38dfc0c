//! The main job: each game played from start to end between two search agents.
//!
//! ```text
//! cargo run --release --example demo -- [--game NAME] [--seed N] [--playouts N] [--quiet]
//! ```
//!
//! Shows the board after each move (unless `--quiet`), then the game record and
//! the result with the final score. NAME is `echec-o-cube`, `kybo` or `chess3d`;
//! without `--game` all three are played in turn.

use std::io::{self, Write};
use std::process::ExitCode;

use board_games::games::{Chess3dMatch, EchecOCube, Kybo};
use board_games::session::demo;
use board_games::Kit;

struct Options {
    games: Vec<String>,
    seed: u64,
    playouts: u32,
    quiet: bool,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let names = [EchecOCube::NAME, Kybo::NAME, Chess3dMatch::NAME];
    let mut o = Options {
        games: names.iter().map(|s| s.to_string()).collect(),
        seed: 1,
        playouts: 150,
        quiet: false,
    };
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| args.next().ok_or(format!("{flag} needs a value"));
        match arg.as_str() {
            "--game" => {
                let g = value("--game")?;
                if !names.contains(&g.as_str()) {
                    return Err(format!(
                        "unknown game {g:?}: expected one of {}",
                        names.join(", ")
                    ));
                }
                o.games = vec![g];
            }
            "--seed" => {
                let v = value("--seed")?;
                o.seed = v
                    .parse()
                    .map_err(|_| format!("--seed {v:?}: not a number"))?;
            }
            "--playouts" => {
                let v = value("--playouts")?;
                o.playouts = v
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("--playouts {v:?}: not a positive number"))?;
            }
            "--quiet" => o.quiet = true,
            other => return Err(format!("unexpected argument {other:?}")),
        }
    }
    Ok(o)
}

fn main() -> ExitCode {
    let o = match parse(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("demo: {e}");
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for game in &o.games {
        let result = match game.as_str() {
            "echec-o-cube" => demo::<EchecOCube>(o.seed, o.playouts, o.quiet, &mut out).map(|_| ()),
            "kybo" => demo::<Kybo>(o.seed, o.playouts, o.quiet, &mut out).map(|_| ()),
            _ => demo::<Chess3dMatch>(o.seed, o.playouts, o.quiet, &mut out).map(|_| ()),
        };
        if let Err(e) = result.and_then(|()| writeln!(out)) {
            eprintln!("demo: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
