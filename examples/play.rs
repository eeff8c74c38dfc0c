//! Play any of the three games in the terminal, against the computer or a friend.
//!
//! ```text
//! cargo run --release --example play -- GAME [--second] [--two-players] [--level easy|normal|hard] [--nodes N] [--seed N] [--lang fr|en]
//! ```
//!
//! GAME is `echec-o-cube`, `kybo` or `chess3d`. You move first unless
//! `--second`. The computer is the game's own agent; `--level` sets the time
//! it thinks a move (easy 0.1 s, normal 0.5 s, the default, hard 2 s), and
//! `--nodes` gives it a fixed budget instead, for games that replay
//! identically with the same `--seed`. At the prompt:
//! a move in the game's move text, `?` for the legal moves grouped by place
//! (`? D5` for one place), `undo` and `redo` (which name the moves they take
//! back or play again), `draw` (claim a draw, in chess3d; `claim` is an
//! ÉCHEC O CUBE move), `resign`, `save FILE` for the game record, `board`,
//! `quit`, or their French words (`annuler`, `rétablir`, `nulle`,
//! `abandonner`, `enregistrer FICHIER`, `plateau`, `quitter`, `aide`),
//! read in either language. Spaces in a move are read as its notation
//! (`p d5 e5`, `e7 e5`); in French chess3d's piece letters are French
//! (R roi, D dame, T tour, F fou, C cavalier: `Cb6`) on the board and at
//! the prompt, while records keep the notation's. A chess3d short move that
//! matches nothing says whose turn it is. A
//! move the game cannot read or refuses gets the reason, and "did you mean"
//! with the legal moves it matches but for their piece letter or levels
//! (`D5-E5` for `P D5-E5`, `E7-E5` for `N2/E7-N2/E5`). Each board has a
//! legend of its symbols under it. Leaving a game with moves
//! played saves its record to a file named in the message. A line may be at
//! most 4 KiB; a longer one ends the program with status 2.

use board_core::{Budget, Difficulty};
use board_games::cli;
use board_games::games::{Chess3d, EchecOCube, Kybo};
use board_games::session::{interactive, Opponent, Words};
use board_games::Playable;
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if cli::asks_for_help(&args) {
        cli::out(cli::usage("play", cli::lang_of(&args)));
        return ExitCode::SUCCESS;
    }
    let lang = cli::lang_of(&args);
    match run(args.into_iter(), lang) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("play: {e}");
            ExitCode::from(2)
        }
    }
}

/// Plays as `args` say, in `lang` unless they say otherwise (`lang` is
/// the language of a `--lang` anywhere among them, for the messages about
/// the arguments before it).
fn run(mut args: impl Iterator<Item = String>, mut lang: board_l10n::Lang) -> Result<(), String> {
    let mut game = None;
    let mut human_first = true;
    let mut budget = Difficulty::Normal.budget();
    let mut two_players = false;
    let mut seed = 1;
    let catalogue = board_l10n::Catalogue::new(lang);
    let games = board_l10n::Value::Text(cli::GAMES.join(", "));
    // An argument's error in the player's words.
    let said = |e: cli::ArgError| catalogue.explain(&e);
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| cli::value(&mut args, flag).map_err(said);
        match arg.as_str() {
            "--second" => human_first = false,
            "--two-players" => two_players = true,
            "--level" => {
                let v = value("--level")?;
                let level: Difficulty = v.parse().map_err(|_| {
                    said(cli::ArgError::NotALevel {
                        text: board_core::excerpt(&v),
                    })
                })?;
                budget = level.budget();
            }
            "--nodes" => {
                let v = value("--nodes")?;
                let nodes = v.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                    said(cli::ArgError::NotPositive {
                        flag: "--nodes".into(),
                        text: board_core::excerpt(&v),
                    })
                })?;
                budget = Budget::nodes(nodes);
            }
            "--seed" => seed = cli::number("--seed", &value("--seed")?).map_err(said)?,
            "--lang" => lang = cli::lang(&value("--lang")?).map_err(said)?,
            name if game.is_none() && cli::GAMES.contains(&name) => game = Some(name.to_owned()),
            other => {
                let text = board_l10n::Value::Text(format!("{:?}", board_core::excerpt(other)));
                return Err(catalogue.format(
                    "term-arg-unexpected-game",
                    &[("text", text), ("games", games)],
                ));
            }
        }
    }
    let game =
        game.ok_or_else(|| catalogue.format("term-arg-which-game", &[("games", games.clone())]))?;
    let opponent = if two_players {
        Opponent::Person
    } else {
        Opponent::Computer(budget)
    };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let words = Words::new(lang);
    let result = match game.as_str() {
        "echec-o-cube" => interactive(
            EchecOCube::start(),
            &mut input,
            &mut out,
            opponent,
            human_first,
            seed,
            &words,
        )
        .map(|_| ()),
        "kybo" => interactive(
            Kybo::start(),
            &mut input,
            &mut out,
            opponent,
            human_first,
            seed,
            &words,
        )
        .map(|_| ()),
        _ => interactive(
            Chess3d::start(),
            &mut input,
            &mut out,
            opponent,
            human_first,
            seed,
            &words,
        )
        .map(|_| ()),
    };
    match result {
        // The reader has gone away (`| head`): nothing is wrong.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(|e| e.to_string()),
    }
}
