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

/// What `--help` prints.
const USAGE: &str = "\
usage: play GAME [--second] [--two-players] [--level easy|normal|hard] [--nodes N] [--seed N] [--lang fr|en]

Play GAME (echec-o-cube, kybo or chess3d) in the terminal against the computer or a friend.

  --second        the computer moves first
  --two-players   two people share the terminal, no computer
  --level LEVEL   the computer's time a move: easy 0.1 s, normal 0.5 s (the default), hard 2 s
  --nodes N       a fixed budget of N nodes a move instead: the same --seed replays the same
  --seed N        the computer's seed (default 1)
  --lang fr|en    the language of the words (default from LC_ALL, LC_MESSAGES, LANG); moves
                  and records are written the same in both
  -h, --help      this text

At the prompt: a move in the game's move text; ? lists the legal moves by place, ? PLACE
those of one place; undo, redo; draw (claim a draw, in chess3d); resign; save FILE; board;
quit. The French words (annuler, rétablir, nulle, abandonner, enregistrer, plateau, quitter,
aide) are read too, whatever --lang says.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if cli::asks_for_help(&args) {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(args.into_iter()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("play: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(mut args: impl Iterator<Item = String>) -> Result<(), String> {
    let mut game = None;
    let mut human_first = true;
    let mut budget = Difficulty::Normal.budget();
    let mut two_players = false;
    let mut seed = 1;
    let mut lang = board_l10n::Lang::from_env();
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| cli::value(&mut args, flag);
        match arg.as_str() {
            "--second" => human_first = false,
            "--two-players" => two_players = true,
            "--level" => {
                let v = value("--level")?;
                let level: Difficulty = v.parse().map_err(|e| format!("--level: {e}"))?;
                budget = level.budget();
            }
            "--nodes" => {
                let v = value("--nodes")?;
                let nodes = v.parse().ok().filter(|&n| n > 0).ok_or(format!(
                    "--nodes {:?}: not a positive number",
                    board_core::excerpt(&v)
                ))?;
                budget = Budget::nodes(nodes);
            }
            "--seed" => seed = cli::number("--seed", &value("--seed")?)?,
            "--lang" => lang = cli::lang(&value("--lang")?)?,
            name if game.is_none() && cli::GAMES.contains(&name) => game = Some(name.to_owned()),
            other => {
                return Err(format!(
                    "unexpected argument {:?} (games: {})",
                    board_core::excerpt(other),
                    cli::GAMES.join(", ")
                ))
            }
        }
    }
    let game = game.ok_or(format!("which game? one of {}", cli::GAMES.join(", ")))?;
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
    result.map_err(|e| e.to_string())
}
