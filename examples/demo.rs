//! The main job: each game played from start to end between two of its computer agents.
//!
//! ```text
//! cargo run --release --example demo -- [--game NAME] [--seed N] [--nodes N] [--watch | --quiet] [--delay MS] [--lang fr|en]
//! ```
//!
//! In a terminal, redraws one board in place after each move with a short
//! pause (`--delay`, default 10 ms, so the three games take under 20 s) and
//! a line with the move and the score or material, then the game record and
//! the result. Through a pipe, or with `--quiet`, prints one short block a
//! game instead: its name, the result with the final score or material, and
//! the moves, no board. `--nodes` is the first
//! agent's budget a move (the second gets half); the same seed and budget
//! always give the same game. `--watch` redraws even
//! through a pipe. NAME is `echec-o-cube`, `kybo` or `chess3d`; without
//! `--game` all three are played in turn.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use board_games::cli;
use board_games::games::{Chess3d, EchecOCube, Kybo};
use board_games::session::{demo, Show, Words};

struct Options {
    games: Vec<String>,
    seed: u64,
    nodes: u64,
    watch: Option<bool>,
    delay: Duration,
    lang: board_l10n::Lang,
}

/// The options `args` give; `lang` is the language of a `--lang` among
/// them (or the environment's), for their errors.
fn parse(
    mut args: impl Iterator<Item = String>,
    lang: board_l10n::Lang,
) -> Result<Options, String> {
    let mut o = Options {
        games: cli::GAMES.iter().map(|s| s.to_string()).collect(),
        seed: 1,
        nodes: 150,
        watch: None,
        delay: Duration::from_millis(10),
        lang,
    };
    // An argument's error in the language of a `--lang` among them.
    let catalogue = board_l10n::Catalogue::new(lang);
    let said = |e: cli::ArgError| catalogue.explain(&e);
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| cli::value(&mut args, flag).map_err(said);
        match arg.as_str() {
            "--game" => o.games = vec![cli::game(&value("--game")?).map_err(said)?],
            "--seed" => o.seed = cli::number("--seed", &value("--seed")?).map_err(said)?,
            "--nodes" => {
                let v = value("--nodes")?;
                o.nodes = v.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                    said(cli::ArgError::NotPositive {
                        flag: "--nodes".into(),
                        text: board_core::excerpt(&v),
                    })
                })?;
            }
            "--lang" => o.lang = cli::lang(&value("--lang")?).map_err(said)?,
            "--quiet" => o.watch = Some(false),
            "--watch" => o.watch = Some(true),
            "--delay" => {
                let v = value("--delay")?;
                let ms: u64 = v.parse().ok().filter(|&ms| ms <= 10_000).ok_or_else(|| {
                    said(cli::ArgError::NotMilliseconds {
                        flag: "--delay".into(),
                        text: board_core::excerpt(&v),
                        max: 10_000,
                    })
                })?;
                o.delay = Duration::from_millis(ms);
            }
            other => {
                let text = board_l10n::Value::Text(format!("{:?}", board_core::excerpt(other)));
                return Err(catalogue.format("term-arg-unexpected", &[("text", text)]));
            }
        }
    }
    Ok(o)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let lang = cli::lang_of(&args);
    if cli::asks_for_help(&args) {
        cli::out(cli::usage("demo", lang));
        return ExitCode::SUCCESS;
    }
    let o = match parse(args.into_iter(), lang) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("demo: {e}");
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    let show = if o.watch.unwrap_or_else(|| stdout.is_terminal()) {
        Show::Watch { delay: o.delay }
    } else {
        Show::Quiet
    };
    let mut out = stdout.lock();
    let words = Words::new(o.lang);
    for game in &o.games {
        let result = match game.as_str() {
            "echec-o-cube" => {
                demo::<EchecOCube>(o.seed, o.nodes, show, &words, &mut out).map(|_| ())
            }
            "kybo" => demo::<Kybo>(o.seed, o.nodes, show, &words, &mut out).map(|_| ()),
            _ => demo::<Chess3d>(o.seed, o.nodes, show, &words, &mut out).map(|_| ()),
        };
        if let Err(e) = result.and_then(|()| writeln!(out)) {
            if e.kind() == io::ErrorKind::BrokenPipe {
                // The reader has gone away (`| head`): nothing is wrong.
                return ExitCode::SUCCESS;
            }
            eprintln!("demo: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
