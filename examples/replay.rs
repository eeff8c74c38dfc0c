//! Check and show a game record of any of the three games.
//!
//! ```text
//! cargo run --release --example replay -- FILE [--game NAME] [--svg DIR]
//! ```
//!
//! Prints each position and the result; with `--svg DIR`, also writes a
//! picture of each position (`DIR/000.svg` for the start, then one a move).
//! A record file may be at most 16 MiB. Without `--game` the record's game is
//! recognised by trying each game's record format. A bad record prints the line
//! or move and the reason, and exits with status 2.

use std::process::ExitCode;

use std::path::PathBuf;

use board_games::cli;
use board_games::games::{Chess3d, EchecOCube, Kybo};
use board_games::input::{read_file, MAX_RECORD_BYTES};
use board_games::session::{replay, Words};
use board_l10n::Value;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if cli::asks_for_help(&args) {
        print!("{}", cli::usage("replay", cli::lang_of(&args)));
        return ExitCode::SUCCESS;
    }
    match run(args.into_iter()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("replay: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(mut args: impl Iterator<Item = String>) -> Result<(), String> {
    let mut file = None;
    let mut game = None;
    let mut svg: Option<PathBuf> = None;
    let mut lang = board_l10n::Lang::from_env();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--svg" => svg = Some(args.next().ok_or("--svg needs a directory")?.into()),
            "--game" => game = Some(cli::game(&cli::value(&mut args, "--game")?)?),
            "--lang" => lang = cli::lang(&cli::value(&mut args, "--lang")?)?,
            _ if file.is_none() => file = Some(arg),
            other => {
                return Err(format!(
                    "unexpected argument {:?}",
                    board_core::excerpt(other)
                ))
            }
        }
    }
    let words = Words::new(lang);
    let catalogue = words.catalogue();
    let say = |id: &str, args: &[(&str, &str)]| {
        let args: Vec<(&str, Value)> = args
            .iter()
            .map(|(name, text)| (*name, Value::Text((*text).to_owned())))
            .collect();
        catalogue.format(id, &args)
    };
    let file = file.ok_or_else(|| say("term-replay-which-file", &[]))?;
    let text = read_file(&file, MAX_RECORD_BYTES).map_err(|e| catalogue.explain(&e))?;
    let svg = svg.as_deref();
    let mut out = std::io::stdout().lock();
    let try_game = |name: &str, out: &mut dyn std::io::Write| match name {
        "echec-o-cube" => replay::<EchecOCube>(&text, out, svg, &words).map(|_| ()),
        "kybo" => replay::<Kybo>(&text, out, svg, &words).map(|_| ()),
        _ => replay::<Chess3d>(&text, out, svg, &words).map(|_| ()),
    };
    if let Some(name) = game {
        return try_game(&name, &mut out).map_err(|e| {
            say(
                "term-replay-of-game",
                &[("file", &file), ("game", &name), ("error", &e)],
            )
        });
    }
    let mut errors = Vec::new();
    for name in cli::GAMES {
        let mut shown = Vec::new();
        match try_game(name, &mut shown) {
            Ok(()) => {
                println!("{name} record");
                return std::io::Write::write_all(&mut out, &shown).map_err(|e| e.to_string());
            }
            Err(e) => errors.push(say("term-replay-as", &[("game", name), ("error", &e)])),
        }
    }
    let head = say("term-replay-not-a-record", &[("file", &file)]);
    Err(format!("{head}\n  {}", errors.join("\n  ")))
}
