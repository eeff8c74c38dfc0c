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

use board_games::games::{Chess3d, EchecOCube, Kybo};
use board_games::input::{read_file, MAX_RECORD_BYTES};
use board_games::session::{replay, Words};
use board_games::{cli, outln};
use board_l10n::Value;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let lang = cli::lang_of(&args);
    if cli::asks_for_help(&args) {
        cli::out(cli::usage("replay", lang));
        return ExitCode::SUCCESS;
    }
    match run(args.into_iter(), lang) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("replay: {e}");
            ExitCode::from(2)
        }
    }
}

/// Replays as `args` say, in `lang` unless they say otherwise (`lang` is
/// the language of a `--lang` anywhere among them).
fn run(mut args: impl Iterator<Item = String>, mut lang: board_l10n::Lang) -> Result<(), String> {
    let mut file = None;
    let mut game = None;
    let mut svg: Option<PathBuf> = None;
    // The errors about the arguments in the language of a `--lang` among
    // them, or the environment's.
    let early = Words::new(lang);
    let said = |e: cli::ArgError| early.catalogue().explain(&e);
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| cli::value(&mut args, flag).map_err(said);
        match arg.as_str() {
            "--svg" => svg = Some(value("--svg")?.into()),
            "--game" => game = Some(cli::game(&value("--game")?).map_err(said)?),
            "--lang" => lang = cli::lang(&value("--lang")?).map_err(said)?,
            _ if file.is_none() => file = Some(arg),
            other => {
                let text = Value::Text(format!("{:?}", board_core::excerpt(other)));
                return Err(early
                    .catalogue()
                    .format("term-arg-unexpected", &[("text", text)]));
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
                outln!("{name} record");
                return std::io::Write::write_all(&mut out, &shown).map_err(|e| e.to_string());
            }
            Err(e) => errors.push(say("term-replay-as", &[("game", name), ("error", &e)])),
        }
    }
    let head = say("term-replay-not-a-record", &[("file", &file)]);
    Err(format!("{head}\n  {}", errors.join("\n  ")))
}
