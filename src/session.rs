//! The game loops of the examples, written once for every game: an agent
//! against an agent (`demo`), a person against an agent or a person (`play`),
//! and the check of a record (`replay`).

use std::io::{self, BufRead, Write};

use board_core::{Game, Mcts, MoveList, Outcome, Rng};

use crate::Kit;

/// The outcome type of a game.
pub type OutcomeOf<K> = Outcome<<K as Game>::Player, <K as Game>::EndReason>;

/// Plays `K` from its start to the end between two search agents (the first
/// with `playouts` playouts a move, the second with half as many), writing
/// the board after each move unless `quiet`, then the record and the result.
pub fn demo<K: Kit>(
    seed: u64,
    playouts: u32,
    quiet: bool,
    out: &mut dyn Write,
) -> io::Result<Option<OutcomeOf<K>>> {
    let start = K::start();
    let first = start.turn();
    // Short playouts keep long games (3-D chess) quick to show.
    let strong = Mcts {
        max_plies: 200,
        ..Mcts::with_playouts(playouts)
    };
    let weak = Mcts {
        playouts: (playouts / 2).max(1),
        ..strong
    };
    let mut rng = Rng::new(seed);
    let mut state = start.clone();
    let mut played = Vec::new();
    writeln!(out, "=== {} (seed {seed}) ===", K::NAME)?;
    if !quiet {
        writeln!(out, "{state}")?;
    }
    while state.outcome().is_none() && K::MAX_PLIES.is_none_or(|bound| played.len() < bound) {
        let agent = if state.turn() == first {
            &strong
        } else {
            &weak
        };
        let Some(mv) = agent.choose(&state, &mut rng) else {
            break;
        };
        let mover = state.turn();
        if let Err(e) = state.play(mv) {
            writeln!(out, "agent chose an illegal move {mv}: {e}")?;
            return Ok(None);
        }
        played.push(mv);
        if !quiet {
            writeln!(out, "{}. {mover}: {mv}", played.len())?;
            writeln!(out, "{state}")?;
            writeln!(out, "{}", state.status())?;
        }
    }
    writeln!(out, "--- record ---")?;
    writeln!(out, "{}", K::record(&start, &played))?;
    writeln!(out, "--- result ---")?;
    writeln!(out, "{}", state.status())?;
    match state.outcome() {
        Some(o) => writeln!(out, "{o}")?,
        None => writeln!(out, "stopped after {} moves", played.len())?,
    }
    Ok(state.outcome())
}

/// Who plays in an interactive game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Opponent {
    /// The computer ([`Mcts`] with these settings) plays the other side.
    Computer(Mcts),
    /// Two people share the terminal.
    Person,
}

/// A person plays `K` on `input`/`out`. `human_first` says which side the
/// person takes against the computer. Commands: a move in the game's move
/// text, `?` (legal moves), `undo`, `save FILE`, `board`, `quit`.
pub fn interactive<K: Kit>(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    opponent: Opponent,
    human_first: bool,
    seed: u64,
) -> io::Result<Option<OutcomeOf<K>>> {
    let start = K::start();
    let first = start.turn();
    let mut rng = Rng::new(seed);
    let mut state = start.clone();
    // Every state reached, with the move that reached it.
    let mut history: Vec<(K, K::Move)> = Vec::new();
    let is_human = |s: &K| match opponent {
        Opponent::Person => true,
        Opponent::Computer(_) => (s.turn() == first) == human_first,
    };
    writeln!(
        out,
        "{}: type a move, ? for the legal moves, undo, save FILE, board, quit",
        K::NAME
    )?;
    writeln!(out, "{state}\n{}", state.status())?;
    let mut line = String::new();
    while state.outcome().is_none() {
        if !is_human(&state) {
            let Opponent::Computer(agent) = opponent else {
                unreachable!("a person moves when there is no computer")
            };
            let Some(mv) = agent.choose(&state, &mut rng) else {
                break;
            };
            let before = state.clone();
            state
                .play(mv)
                .map_err(|e| io::Error::other(format!("agent move {mv}: {e}")))?;
            history.push((before, mv));
            writeln!(out, "computer plays {mv}\n{state}\n{}", state.status())?;
            continue;
        }
        write!(out, "{} to move> ", state.turn())?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(None);
        }
        let command = line.trim();
        match command {
            "" => {}
            "quit" | "exit" => return Ok(None),
            "board" => writeln!(out, "{state}\n{}", state.status())?,
            "?" | "help" => {
                let mut moves = MoveList::new();
                state.generate_moves(&mut moves);
                let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                writeln!(out, "{} legal moves: {}", texts.len(), texts.join(" "))?;
            }
            "undo" => {
                // Back to the person's previous turn, taking back the replies.
                let mut undone = false;
                while let Some((before, _)) = history.pop() {
                    state = before;
                    undone = true;
                    if is_human(&state) {
                        break;
                    }
                }
                if undone {
                    writeln!(out, "taken back\n{state}\n{}", state.status())?;
                } else {
                    writeln!(out, "nothing to take back")?;
                }
            }
            _ if command.starts_with("save ") => {
                let path = command["save ".len()..].trim();
                let moves: Vec<K::Move> = history.iter().map(|h| h.1).collect();
                match std::fs::write(path, K::record(&start, &moves) + "\n") {
                    Ok(()) => writeln!(out, "record saved to {path}")?,
                    Err(e) => writeln!(out, "cannot save to {path}: {e}")?,
                }
            }
            text => match state.parse_move(text) {
                Err(e) => writeln!(out, "cannot read {text:?}: {e}")?,
                Ok(mv) => {
                    let before = state.clone();
                    match state.play(mv) {
                        Ok(()) => {
                            history.push((before, mv));
                            writeln!(out, "{state}\n{}", state.status())?;
                        }
                        Err(e) => writeln!(out, "{text} is illegal: {e}")?,
                    }
                }
            },
        }
    }
    let moves: Vec<K::Move> = history.iter().map(|h| h.1).collect();
    writeln!(out, "--- record ---\n{}", K::record(&start, &moves))?;
    if let Some(o) = state.outcome() {
        writeln!(out, "{o}")?;
    }
    Ok(state.outcome())
}

/// Replays a record, writing each position and the result; the error says
/// what in the record is wrong.
pub fn replay<K: Kit>(text: &str, out: &mut dyn Write) -> Result<Option<OutcomeOf<K>>, String> {
    let (start, moves) = K::start().replay(text)?;
    let io = |e: io::Error| e.to_string();
    let mut state = start;
    writeln!(out, "{state}").map_err(io)?;
    for (i, mv) in moves.into_iter().enumerate() {
        let mover = state.turn();
        state
            .play(mv)
            .map_err(|e| format!("move {}: {mv}: {e}", i + 1))?;
        writeln!(out, "{}. {mover}: {mv}\n{state}", i + 1).map_err(io)?;
    }
    writeln!(out, "{}", state.status()).map_err(io)?;
    match state.outcome() {
        Some(o) => writeln!(out, "{o}").map_err(io)?,
        None => writeln!(out, "game not finished").map_err(io)?,
    }
    Ok(state.outcome())
}
