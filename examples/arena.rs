//! Two computer agents play a series of games; the score of the first is the
//! strength benchmark of the README (a benchmark, not a test).
//!
//! ```text
//! cargo run --release --example arena -- GAME --games N --ms M [--a AGENT] [--b AGENT] [--nodes N] [--seed S] [--jobs J]
//! ```
//!
//! GAME is `echec-o-cube`, `kybo` or `chess3d`. AGENT is `computer` (the
//! game's own agent, the default for A), `mcts` (Monte Carlo tree search
//! with uniformly random playouts, the computer of earlier versions, the
//! default for B) or `mcts-list` (the same search drawing each playout move
//! from the move list, as that computer did when issue #15 measured it,
//! before the list-free samplers and playout loops). Each agent gets M
//! milliseconds a move (and at most N nodes with `--nodes`; `--ms 0 --nodes
//! N` plays fixed budgets, so the same seed replays the same games). A
//! starts the even games (0, 2, …) and B the odd ones. `--jobs` plays that many games at once on separate threads (each
//! agent still thinks M ms a move, so use no more jobs than idle cores).
//!
//! One line per game, then the score of A on the last line:
//! `score: 78.5% (W-D-L)`, a draw counting half.

use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use board_core::GameMatch;
use board_core::{excerpt, Agent, Budget, Game, Mcts, MoveList, Policy, Rng};
use board_games::baseline::list_playout;
use board_games::games::{Chess3d, EchecOCube, Kybo};
use board_games::Kit;
use board_games::{cli, outln};

/// The agents `--a` and `--b` name.
const AGENTS: [&str; 3] = ["computer", "mcts", "mcts-list"];

/// A game longer than this is stopped and counted as a draw.
const MAX_PLIES: usize = 2000;

#[derive(Clone, Debug)]
struct Options {
    game: String,
    games: usize,
    ms: u64,
    nodes: Option<u64>,
    a: String,
    b: String,
    seed: u64,
    jobs: usize,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut game = None;
    let mut o = Options {
        game: String::new(),
        games: 100,
        ms: 50,
        nodes: None,
        a: AGENTS[0].to_owned(),
        b: AGENTS[1].to_owned(),
        seed: 1,
        jobs: 1,
    };
    use cli::number;
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| cli::value(&mut args, flag);
        match arg.as_str() {
            "--games" => o.games = number("--games", &value("--games")?)?,
            "--ms" => o.ms = number("--ms", &value("--ms")?)?,
            "--nodes" => o.nodes = Some(number("--nodes", &value("--nodes")?)?),
            "--seed" => o.seed = number("--seed", &value("--seed")?)?,
            // The language of `--help` (read before the other arguments).
            "--lang" => {
                cli::lang(&value("--lang")?)?;
            }
            "--jobs" => o.jobs = number::<usize>("--jobs", &value("--jobs")?)?.clamp(1, 64),
            "--a" | "--b" => {
                let v = value(&arg)?;
                if !AGENTS.contains(&v.as_str()) {
                    return Err(format!(
                        "{arg} {:?}: agents are {}",
                        excerpt(&v),
                        AGENTS.join(", ")
                    ));
                }
                if arg == "--a" {
                    o.a = v;
                } else {
                    o.b = v;
                }
            }
            name if game.is_none() && cli::GAMES.contains(&name) => game = Some(name.to_owned()),
            other => {
                return Err(format!(
                    "unexpected argument {:?} (games: {})",
                    excerpt(other),
                    cli::GAMES.join(", ")
                ))
            }
        }
    }
    o.game = game.ok_or(format!("which game? one of {}", cli::GAMES.join(", ")))?;
    if o.ms == 0 && o.nodes.is_none() {
        return Err("--ms 0 needs --nodes N: an agent needs some budget".to_owned());
    }
    Ok(o)
}

/// Uniformly random playouts that draw every move from the move list
/// ([`list_playout`]): the `mcts-list` agent's.
struct ListUniform;

impl<G: Game> Policy<G> for ListUniform {
    fn playout(&mut self, game: &mut G, rng: &mut Rng, max_plies: usize) -> Option<G::Player> {
        list_playout(game, rng, max_plies, &mut MoveList::new())
            .outcome
            .and_then(|o| o.winner())
    }
}

/// The agent `name`, seeded.
fn agent<K: Kit>(name: &str, seed: u64) -> Box<dyn Agent<K>> {
    match name {
        "mcts" => Box::new(Mcts::new(seed)),
        "mcts-list" => Box::new(Mcts::with_policy(ListUniform, seed)),
        _ => Box::new(K::computer(seed)),
    }
}

/// How one game ended, for A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result3 {
    Win,
    Draw,
    Loss,
}

/// Plays game `index` of the series: A starts when `index` is even.
fn play_one<K: Kit>(o: &Options, index: usize) -> Result<(Result3, String), String> {
    let seed = o.seed.wrapping_mul(1_000_003).wrapping_add(index as u64);
    let mut a = agent::<K>(&o.a, seed);
    let mut b = agent::<K>(&o.b, seed ^ 0x5555);
    let mut budget = match o.nodes {
        Some(n) => Budget::nodes(n),
        None => Budget::time(Duration::from_millis(o.ms)),
    };
    if o.ms > 0 && o.nodes.is_some() {
        budget = budget.and_time(Duration::from_millis(o.ms));
    }
    let mut game = K::Match::new(K::start());
    let a_side = if index.is_multiple_of(2) {
        game.turn()
    } else {
        !game.turn()
    };
    while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
        let mover = if game.turn() == a_side {
            &mut a
        } else {
            &mut b
        };
        let Some(mv) = mover.choose(game.position(), budget) else {
            break;
        };
        if let Err(e) = game.play(mv) {
            return Err(format!(
                "game {index}: an agent chose the illegal move {mv}: {e}"
            ));
        }
    }
    let plies = game.moves().len();
    let (result, how) = match game.outcome() {
        None => (Result3::Draw, format!("stopped after {plies} moves")),
        Some(outcome) => {
            let result = match outcome.winner() {
                Some(w) if w == a_side => Result3::Win,
                Some(_) => Result3::Loss,
                None => Result3::Draw,
            };
            (result, format!("{outcome} after {plies} moves"))
        }
    };
    let first = if index.is_multiple_of(2) { &o.a } else { &o.b };
    let line = format!(
        "game {}: A ({}) plays {a_side}, {first} starts: {how}; {}",
        index + 1,
        o.a,
        match result {
            Result3::Win => "A wins",
            Result3::Draw => "draw",
            Result3::Loss => "B wins",
        }
    );
    Ok((result, line))
}

fn series<K: Kit>(o: &Options) -> Result<[usize; 3], String> {
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(([0usize; 3], None::<String>));
    std::thread::scope(|scope| {
        for _ in 0..o.jobs.min(o.games.max(1)) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= o.games {
                    return;
                }
                let played = play_one::<K>(o, index);
                let mut tally = tally.lock().expect("no thread panics holding the tally");
                match played {
                    Ok((result, line)) => {
                        outln!("{line}");
                        tally.0[result as usize] += 1;
                    }
                    Err(e) => {
                        tally.1.get_or_insert(e);
                        next.store(o.games, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let (counts, error) = tally.into_inner().expect("the threads are done");
    match error {
        Some(e) => Err(e),
        None => Ok(counts),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if cli::asks_for_help(&args) {
        cli::out(cli::usage("arena", cli::lang_of(&args)));
        return ExitCode::SUCCESS;
    }
    let o = match parse(args.into_iter()) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("arena: {e}");
            return ExitCode::from(2);
        }
    };
    outln!(
        "{}: A = {}, B = {}, {} games, {} ms a move{}",
        o.game,
        o.a,
        o.b,
        o.games,
        o.ms,
        o.nodes.map_or(String::new(), |n| format!(", {n} nodes"))
    );
    let counts = match o.game.as_str() {
        "echec-o-cube" => series::<EchecOCube>(&o),
        "kybo" => series::<Kybo>(&o),
        _ => series::<Chess3d>(&o),
    };
    match counts {
        Ok([w, d, l]) => {
            let played = (w + d + l).max(1);
            let score = (w as f64 + d as f64 / 2.0) * 100.0 / played as f64;
            outln!("score: {score:.1}% ({w}-{d}-{l})");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arena: {e}");
            ExitCode::FAILURE
        }
    }
}
