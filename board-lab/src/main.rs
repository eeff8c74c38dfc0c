//! The `board-lab` command: runs a study, checks a study file, or merges
//! the results of runs.
//!
//! ```text
//! board-lab run STUDY.toml --out DIR [--games N] [--seed S] [--jobs J] [--lang en|fr] [--quiet]
//! board-lab check STUDY.toml
//! board-lab merge STUDY.toml --out DIR RESULTS.jsonl... [--lang en|fr]
//! ```

#![forbid(unsafe_code)]

use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use board_lab::{read_results, run, write_results, Lang, RunOptions, Study, RESULTS_FILE};

const USAGE: &str = "usage:
  board-lab run STUDY.toml --out DIR [--games N] [--seed S] [--jobs J] [--lang en|fr] [--quiet]
  board-lab check STUDY.toml
  board-lab merge STUDY.toml --out DIR RESULTS.jsonl... [--lang en|fr]";

/// The command line, read.
struct Args {
    command: String,
    study: PathBuf,
    out: Option<PathBuf>,
    games: Option<u64>,
    seed: Option<u64>,
    jobs: Option<usize>,
    lang: Lang,
    quiet: bool,
    inputs: Vec<PathBuf>,
}

fn number<T: std::str::FromStr>(flag: &str, value: Option<String>) -> Result<T, String> {
    let value = value.ok_or(format!("{flag} needs a value"))?;
    value
        .parse()
        .map_err(|_| format!("{flag} {:?}: not a number", board_core::excerpt(&value)))
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let command = args.next().ok_or("which command? run, check or merge")?;
    if !["run", "check", "merge"].contains(&command.as_str()) {
        return Err(format!(
            "unknown command {:?}: run, check or merge",
            board_core::excerpt(&command)
        ));
    }
    let mut a = Args {
        command,
        study: PathBuf::new(),
        out: None,
        games: None,
        seed: None,
        jobs: None,
        lang: Lang::En,
        quiet: false,
        inputs: Vec::new(),
    };
    let mut study = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => a.out = Some(args.next().ok_or("--out needs a directory")?.into()),
            "--games" => {
                let n: u64 = number("--games", args.next())?;
                if n == 0 || n > board_lab::MAX_GAMES {
                    return Err(format!(
                        "--games must be from 1 to {}",
                        board_lab::MAX_GAMES
                    ));
                }
                a.games = Some(n);
            }
            "--seed" => a.seed = Some(number("--seed", args.next())?),
            "--jobs" => {
                let j: usize = number("--jobs", args.next())?;
                a.jobs = Some(j.clamp(1, 256));
            }
            "--lang" => {
                let v = args.next().ok_or("--lang needs en or fr")?;
                a.lang = v
                    .parse()
                    .map_err(|_| format!("--lang {:?}: say en or fr", board_core::excerpt(&v)))?;
            }
            "--quiet" => a.quiet = true,
            flag if flag.starts_with("--") => {
                return Err(format!("unknown option {:?}", board_core::excerpt(flag)))
            }
            path if study.is_none() => study = Some(PathBuf::from(path)),
            path if a.command == "merge" => a.inputs.push(path.into()),
            other => {
                return Err(format!(
                    "unexpected argument {:?}",
                    board_core::excerpt(other)
                ))
            }
        }
    }
    a.study = study.ok_or("which study file?")?;
    if a.command != "check" && a.out.is_none() {
        return Err("--out DIR is needed".to_owned());
    }
    Ok(a)
}

fn load(path: &Path) -> Result<Study, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Study::from_toml(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn main_with(args: Args) -> Result<(), String> {
    let mut study = load(&args.study)?;
    if let Some(seed) = args.seed {
        study = study.with_seed(seed);
    }
    if let Some(games) = args.games {
        study = study.with_games(games);
    }
    if args.command == "check" {
        say(format_args!(
            "{}: {} cells, {}\n",
            args.study.display(),
            study.cells().len(),
            study.stop()
        ))?;
        for cell in study.cells() {
            say(format_args!("  {}\n", cell.id()))?;
        }
        return Ok(());
    }
    let out = args.out.unwrap_or_default();
    let mut options = RunOptions {
        lang: args.lang,
        progress: !args.quiet,
        ..RunOptions::default()
    };
    if let Some(jobs) = args.jobs {
        options.jobs = jobs;
    }
    if args.command == "merge" {
        std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
        let target = out.join(RESULTS_FILE);
        let mut games = read_results(&target, &study).map_err(|e| e.to_string())?;
        for input in &args.inputs {
            games.extend(read_results(input, &study).map_err(|e| e.to_string())?);
        }
        write_results(&target, &games).map_err(|e| e.to_string())?;
    }
    let report = run(&study, &out, &options, args.command == "run").map_err(|e| e.to_string())?;
    let per_second = if report.seconds > 0.0 {
        report.played as f64 / report.seconds
    } else {
        0.0
    };
    eprintln!(
        "board-lab: {} games resumed, {} played in {:.1} s ({per_second:.1} games/s, {} jobs); outputs in {}",
        report.resumed,
        report.played,
        report.seconds,
        options.jobs,
        out.display()
    );
    for c in &report.cells {
        say(format_args!(
            "{}: {} games, first wins {:.1} % [{:.1}, {:.1}], draws {:.1} %, plies {:.1}\n",
            c.id,
            c.games,
            100.0 * c.first_rate,
            100.0 * c.ci_low,
            100.0 * c.ci_high,
            100.0 * c.draw_rate,
            c.plies_mean
        ))?;
    }
    Ok(())
}

/// Writes `text` on standard output. A reader that has gone away (`check
/// … | head`) is not an error: the lines are only not read.
fn say(text: fmt::Arguments<'_>) -> Result<(), String> {
    match io::stdout().lock().write_fmt(text) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(format!("standard output: {e}")),
        _ => Ok(()),
    }
}

fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(e) => {
            eprintln!("board-lab: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match main_with(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("board-lab: {e}");
            ExitCode::FAILURE
        }
    }
}
