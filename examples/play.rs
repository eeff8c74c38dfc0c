//! Play any of the three games in the terminal, against the computer or a friend.
//!
//! ```text
//! cargo run --release --example play -- GAME [--second] [--two-players] [--playouts N] [--seconds S] [--seed N]
//! ```
//!
//! GAME is `echec-o-cube`, `kybo` or `chess3d`. You move first unless
//! `--second`. The computer is a Monte Carlo tree search; `--playouts` (default
//! 2000) and `--seconds` (a time limit per move) set its strength. At the prompt:
//! a move in the game's move text, `?` for the legal moves grouped by place
//! (`? D5` for one place), `undo`, `redo`, `claim` (a draw, in chess3d),
//! `save FILE` for the game record, `board`, `quit`. Leaving a game with moves
//! played saves its record to a file named in the message. A line may be at
//! most 4 KiB; a longer one ends the program with status 2.

use std::io;
use std::process::ExitCode;
use std::time::Duration;

use board_core::Mcts;
use board_games::games::{Chess3d, EchecOCube, Kybo};
use board_games::session::{interactive, Opponent};
use board_games::Kit;

fn main() -> ExitCode {
    match run(std::env::args().skip(1)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("play: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(mut args: impl Iterator<Item = String>) -> Result<(), String> {
    let names = [EchecOCube::NAME, Kybo::NAME, Chess3d::NAME];
    let mut game = None;
    let mut human_first = true;
    let mut agent = Mcts::with_playouts(2000);
    let mut two_players = false;
    let mut seed = 1;
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| args.next().ok_or(format!("{flag} needs a value"));
        match arg.as_str() {
            "--second" => human_first = false,
            "--two-players" => two_players = true,
            "--playouts" => {
                let v = value("--playouts")?;
                agent.playouts = v.parse().ok().filter(|&n| n > 0).ok_or(format!(
                    "--playouts {:?}: not a positive number",
                    board_core::excerpt(&v)
                ))?;
            }
            "--seconds" => {
                let v = value("--seconds")?;
                let s: f64 = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s > 0.0)
                    .ok_or(format!(
                        "--seconds {:?}: not a positive number",
                        board_core::excerpt(&v)
                    ))?;
                agent.time_limit = Some(Duration::from_secs_f64(s));
                agent.playouts = u32::MAX;
            }
            "--seed" => {
                let v = value("--seed")?;
                seed = v
                    .parse()
                    .map_err(|_| format!("--seed {:?}: not a number", board_core::excerpt(&v)))?;
            }
            name if game.is_none() && names.contains(&name) => game = Some(name.to_owned()),
            other => {
                return Err(format!(
                    "unexpected argument {:?} (games: {})",
                    board_core::excerpt(other),
                    names.join(", ")
                ))
            }
        }
    }
    let game = game.ok_or(format!("which game? one of {}", names.join(", ")))?;
    let opponent = if two_players {
        Opponent::Person
    } else {
        Opponent::Computer(agent)
    };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let result = match game.as_str() {
        "echec-o-cube" => interactive(
            EchecOCube::start(),
            &mut input,
            &mut out,
            opponent,
            human_first,
            seed,
        )
        .map(|_| ()),
        "kybo" => interactive(
            Kybo::start(),
            &mut input,
            &mut out,
            opponent,
            human_first,
            seed,
        )
        .map(|_| ()),
        _ => interactive(
            Chess3d::start(),
            &mut input,
            &mut out,
            opponent,
            human_first,
            seed,
        )
        .map(|_| ()),
    };
    result.map_err(|e| e.to_string())
}
