//! Random games from the start, timed by the CPU time the thread used.
//!
//! ```text
//! cargo run --release --example playout -- GAME [--games N] [--seed S] [--list]
//! ```
//!
//! GAME is `echec-o-cube`, `kybo` or `chess3d`. Game `i` (from 0) plays
//! uniformly random legal moves through `board_core::random_playout` with
//! `Rng::new(S + i)`, from the default start to the end (chess3d: at most
//! 10,000 plies). With `--list`, each move is picked from a move list
//! instead, `moves[rng.below(moves.len())]` (what `random_playout` did before
//! the games had list-free samplers): the same games, for comparing the
//! speeds. Defaults: `--games 10000 --seed 0`. Prints how the games
//! ended, then, on its last line, `N games, M moves, X moves/s (CPU time)`
//! (`wall clock` instead where thread CPU time cannot be read). The CPU time
//! is that of the playouts alone, so the figure means something on a busy
//! machine. A bad argument prints a message on stderr and exits with 2.

use std::process::ExitCode;

use board_core::{random_playout, MoveList, Rng};
use board_games::baseline::list_playout;
use board_games::cpu_time::{thread_cpu_time, KIND};
use board_games::games::{Chess3d, EchecOCube, Kybo};
use board_games::Kit;
use board_games::{cli, outln};

/// Plies a chess3d game may last here (it has no bound of its own).
const CHESS3D_MAX_PLIES: usize = 10_000;

struct Options {
    game: String,
    games: u64,
    seed: u64,
    list: bool,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut o = Options {
        game: String::new(),
        games: 10_000,
        seed: 0,
        list: false,
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--games" => o.games = cli::number("--games", &cli::value(&mut args, "--games")?)?,
            "--seed" => o.seed = cli::number("--seed", &cli::value(&mut args, "--seed")?)?,
            "--list" => o.list = true,
            other if other.starts_with("--") => {
                return Err(format!("unknown option {:?}", board_core::excerpt(other)))
            }
            other if o.game.is_empty() => o.game = cli::game(other)?,
            other => {
                return Err(format!(
                    "unexpected argument {:?}",
                    board_core::excerpt(other)
                ))
            }
        }
    }
    if o.game.is_empty() {
        return Err(format!(
            "no game given: expected one of {}",
            cli::GAMES.join(", ")
        ));
    }
    Ok(o)
}

/// Plays the games, then prints the outcomes and the summary line.
fn run<K: Kit>(o: &Options) {
    let max_plies = K::MAX_PLIES.unwrap_or(CHESS3D_MAX_PLIES);
    let start = K::start();
    // How the games ended, with their counts: a handful of distinct
    // outcomes, tallied in the timed loop without allocating per game.
    let mut outcomes = Vec::new();
    let mut moves: u64 = 0;
    let mut list = MoveList::new();
    let t0 = thread_cpu_time();
    for i in 0..o.games {
        let mut game = start.clone();
        let mut rng = Rng::new(o.seed.wrapping_add(i));
        let done = if o.list {
            list_playout(&mut game, &mut rng, max_plies, &mut list)
        } else {
            random_playout(&mut game, &mut rng, max_plies)
        };
        moves += done.plies as u64;
        match outcomes.iter_mut().find(|(end, _)| *end == done.outcome) {
            Some((_, n)) => *n += 1,
            None => outcomes.push((done.outcome, 1u64)),
        }
    }
    let cpu = thread_cpu_time().saturating_sub(t0);
    let mut lines: Vec<(String, u64)> = outcomes
        .into_iter()
        .map(|(end, n)| {
            (
                end.map_or_else(|| "unfinished".to_owned(), |e| e.to_string()),
                n,
            )
        })
        .collect();
    lines.sort();
    for (end, n) in &lines {
        outln!("{n:>8}  {end}");
    }
    let rate = moves as f64 / cpu.as_secs_f64().max(1e-9);
    outln!(
        "{} games, {moves} moves, {rate:.0} moves/s ({KIND})",
        o.games
    );
}

/// What `--help` prints.
const USAGE: &str = "\
usage: playout GAME [--games N] [--seed S] [--list]

Random games of GAME (echec-o-cube, kybo or chess3d) from the start, timed by the
thread's CPU time; the last line is `N games, M moves, X moves/s (CPU time)`.

  --games N     games to play (default 10000)
  --seed S      game i uses the seed S + i (default 0)
  --list        pick each move from a move list instead of the game's sampler
                (the same games, to compare the speeds)
  -h, --help    this text
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if cli::asks_for_help(&args) {
        cli::out(USAGE);
        return ExitCode::SUCCESS;
    }
    let o = match parse(args.into_iter()) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("playout: {e}");
            return ExitCode::from(2);
        }
    };
    match o.game.as_str() {
        "echec-o-cube" => run::<EchecOCube>(&o),
        "kybo" => run::<Kybo>(&o),
        _ => run::<Chess3d>(&o),
    }
    ExitCode::SUCCESS
}
