//! Perft for any of the workspace's games.
//!
//! ```text
//! cargo run --release --example perft -- GAME [OPTIONS] --depth N
//!
//! GAME            echec-o-cube | kybo | chess3d
//! --depth N       plies to count (required)
//! --moves "A;B"   moves in the game's move text, played from the start first
//! --divide        also print each first move with its count
//! --position TEXT echec-o-cube and kybo: start from a position text
//! chess3d:        --fen TEXT (FEN3D or plain FEN), --levels N (1-8),
//!                 --reps N (time N runs), --versus cozy (one level: time
//!                 cozy-chess's perft too, alternating with chess3d's; needs
//!                 `--features peers`)
//! echec-o-cube:   --first one|two, --red-mode, --auto-announce
//! ```
//!
//! With `--reps` or `--versus`, each run's CPU time is printed, then a
//! summary (best run of each). `--versus cozy` runs cozy-chess inside this
//! binary, where code layout alone moves tight loops by tens of percent: a
//! quick look, not a comparison. The fair one is `scripts/perft-compare`
//! (each engine its own program, the same profile; issue #28). The last line printed is the node count alone. A bad argument, position or
//! move prints a message naming the offending text on stderr and exits with 2.

mod chess3d_game;
#[cfg(feature = "peers")]
mod cozy;
mod echec_o_cube_game;
mod kybo_game;

use board_games::{cli, outln};
use std::process::ExitCode;

use board_core::{divide, perft, Game};

/// The parsed command line.
#[derive(Debug, Default)]
pub struct Args {
    pub game: String,
    pub depth: u32,
    pub moves: Vec<String>,
    pub divide: bool,
    pub fen: Option<String>,
    pub position: Option<String>,
    pub levels: Option<u8>,
    pub first: Option<String>,
    pub red_mode: bool,
    pub auto_announce: bool,
    pub reps: Option<u32>,
    pub versus: Option<String>,
}

fn parse_args(mut it: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut args = Args::default();
    let mut depth = None;
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--depth" => {
                let v = cli::value(&mut it, "--depth")?;
                depth = Some(v.parse().map_err(|_| {
                    format!(
                        "--depth {:?}: not a number of plies",
                        board_core::excerpt(&v)
                    )
                })?);
            }
            "--moves" => {
                let v = cli::value(&mut it, "--moves")?;
                args.moves = v
                    .split(';')
                    .map(str::trim)
                    .filter(|m| !m.is_empty())
                    .map(str::to_owned)
                    .collect();
            }
            "--divide" => args.divide = true,
            "--fen" => args.fen = Some(cli::value(&mut it, "--fen")?),
            "--position" => args.position = Some(cli::value(&mut it, "--position")?),
            "--levels" => {
                let v = cli::value(&mut it, "--levels")?;
                args.levels = Some(v.parse().map_err(|_| {
                    format!(
                        "--levels {:?}: not a number of levels",
                        board_core::excerpt(&v)
                    )
                })?);
            }
            "--reps" => {
                let v = cli::value(&mut it, "--reps")?;
                args.reps = Some(
                    v.parse()
                        .ok()
                        .filter(|&n| (1..=1000).contains(&n))
                        .ok_or_else(|| {
                            format!(
                                "--reps {:?}: not a count from 1 to 1000",
                                board_core::excerpt(&v)
                            )
                        })?,
                );
            }
            "--versus" => {
                let v = cli::value(&mut it, "--versus")?;
                if v != "cozy" {
                    return Err(format!(
                        "--versus {:?}: the only peer is cozy",
                        board_core::excerpt(&v)
                    ));
                }
                args.versus = Some(v);
            }
            "--first" => args.first = Some(cli::value(&mut it, "--first")?),
            "--red-mode" => args.red_mode = true,
            "--auto-announce" => args.auto_announce = true,
            other if other.starts_with("--") => {
                return Err(format!("unknown option {:?}", board_core::excerpt(other)))
            }
            other if args.game.is_empty() => args.game = cli::game(other)?,
            other => {
                return Err(format!(
                    "unexpected argument {:?}",
                    board_core::excerpt(other)
                ))
            }
        }
    }
    if args.game.is_empty() {
        return Err(format!(
            "no game given: expected one of {}",
            cli::GAMES.join(", ")
        ));
    }
    args.depth = depth.ok_or("--depth N is required")?;
    let game_options = [
        ("--fen", args.fen.is_some(), "chess3d"),
        ("--levels", args.levels.is_some(), "chess3d"),
        ("--reps", args.reps.is_some(), "chess3d"),
        ("--versus", args.versus.is_some(), "chess3d"),
        ("--first", args.first.is_some(), "echec-o-cube"),
        ("--red-mode", args.red_mode, "echec-o-cube"),
        ("--auto-announce", args.auto_announce, "echec-o-cube"),
    ];
    if args.position.is_some() && args.game == "chess3d" {
        return Err("--position applies to echec-o-cube and kybo; chess3d takes --fen".into());
    }
    for (flag, given, game) in game_options {
        if given && args.game != game {
            return Err(format!("{flag} applies to {game} only, not {}", args.game));
        }
    }
    Ok(args)
}

/// Plays `args.moves` from `game`, then prints the (divided) perft count.
pub fn run<G: Game>(mut game: G, args: &Args) -> Result<(), String> {
    for text in &args.moves {
        let quoted = board_core::excerpt(text);
        let mv = game
            .parse_move(text)
            .map_err(|e| format!("move {quoted:?}: {e}"))?;
        game.play(mv).map_err(|e| format!("move {quoted:?}: {e}"))?;
    }
    let total = if args.divide {
        let parts = divide(&game, args.depth);
        for (mv, count) in &parts {
            outln!("{mv}: {count}");
        }
        parts.iter().map(|p| p.1).sum()
    } else {
        perft(&game, args.depth)
    };
    outln!("{total}");
    Ok(())
}

/// What `--help` prints.
const USAGE: &str = "\
usage: perft GAME --depth N [OPTIONS]

Counts the move sequences of a game to a depth (perft); the last line is the count.

  GAME              echec-o-cube, kybo or chess3d
  --depth N         plies to count (required)
  --moves \"A;B\"     moves in the game's move text, played from the start first
  --divide          also print each first move with its count
  --position TEXT   echec-o-cube and kybo: start from a position text
  --fen TEXT        chess3d: start from a FEN3D or plain FEN
  --levels N        chess3d: 1 to 8 levels (default 3)
  --reps N          chess3d: time N runs, in CPU time
  --versus cozy     chess3d, one level: time cozy-chess's perft too, alternating
                    (needs `--features peers`)
  --first one|two   echec-o-cube: who starts
  --red-mode        echec-o-cube: the red pieces' mode
  --auto-announce   echec-o-cube: announce automatically
  -h, --help        this text
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if cli::asks_for_help(&args) {
        cli::out(USAGE);
        return ExitCode::SUCCESS;
    }
    let result = parse_args(args.into_iter()).and_then(|args| match args.game.as_str() {
        "echec-o-cube" => echec_o_cube_game::run_perft(&args),
        "kybo" => kybo_game::run_perft(&args),
        _ => chess3d_game::run_perft(&args),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("perft: {message}");
            ExitCode::from(2)
        }
    }
}
