//! The invariant harness: one set of checks, written against [`Kit`], run
//! along random games of every game.
//!
//! These are the checks that catch quiet engine bugs: an undo or copy that
//! forgets a field, a serializer that drops whose turn it is, a hash that
//! drifts, a move generator and a validator that disagree.

use std::collections::HashSet;

use board_core::{MoveList, Rng};

use crate::Kit;

/// Plays a random game from `start` (moves chosen by `seed`) and checks every
/// invariant at every ply, for at most `max_plies` moves (the game's own
/// bound, [`Kit::MAX_PLIES`], is checked as well). Returns the number of
/// moves played, or the first broken invariant with the ply and the record so far.
pub fn check_random_game<K: Kit>(start: &K, seed: u64, max_plies: usize) -> Result<usize, String> {
    let mut rng = Rng::new(seed);
    let mut state = start.clone();
    let mut played: Vec<K::Move> = Vec::new();
    let mut moves = MoveList::new();
    loop {
        let fail = |what: String| {
            format!(
                "{} ply {}: {what}\nrecord:\n{}",
                K::NAME,
                played.len(),
                K::record(start, &played)
            )
        };
        check_position(&state).map_err(fail)?;
        state.generate_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        if K::MAX_PLIES.is_some_and(|bound| played.len() >= bound) {
            return Err(fail(format!(
                "the game is longer than {:?} moves",
                K::MAX_PLIES
            )));
        }
        if played.len() >= max_plies {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        // Copy-make leaves the original untouched.
        let before = state.clone();
        let mut child = state.clone();
        child.play_unchecked(mv);
        if state != before {
            return Err(fail("playing on a copy changed the original".into()));
        }
        state
            .play(mv)
            .map_err(|e| fail(format!("play({mv}) refused a listed move: {e}")))?;
        if state != child {
            return Err(fail(format!("play and play_unchecked differ after {mv}")));
        }
        played.push(mv);
    }
    // The outcome, once reached, is stable.
    let outcome = state.outcome();
    let fail = |what: String| format!("{} at the end: {what}", K::NAME);
    let finished = outcome.is_some();
    for mv in state.move_space().into_iter().filter(|_| finished) {
        let mut copy = state.clone();
        if copy.play(mv).is_ok() {
            return Err(fail(format!("finished game accepted {mv}")));
        }
        if copy != state || copy.outcome() != outcome {
            return Err(fail(format!("refusing {mv} changed the finished game")));
        }
    }
    // The record round trips and replays to the same state.
    let text = K::record(start, &played);
    let (replayed_start, replayed_moves) = start
        .replay(&text)
        .map_err(|e| fail(format!("record does not replay: {e}\n{text}")))?;
    if replayed_moves != played || &replayed_start != start {
        return Err(fail(format!("record replays to other moves\n{text}")));
    }
    let mut again = replayed_start;
    for mv in replayed_moves {
        again.play(mv).map_err(|e| fail(e.to_string()))?;
    }
    if again != state {
        return Err(fail("replayed record ends in another state".into()));
    }
    Ok(played.len())
}

/// The invariants of one position (see [`check_random_game`]).
pub fn check_position<K: Kit>(state: &K) -> Result<(), String> {
    let mut moves = MoveList::new();
    state.generate_moves(&mut moves);
    let legal: HashSet<K::Move> = moves.iter().copied().collect();
    if legal.len() != moves.len() {
        return Err("a move is generated twice".into());
    }
    if state.count_legal_moves() != moves.len() as u64 {
        return Err("count_legal_moves disagrees with legal_moves".into());
    }
    if moves.is_empty() != state.outcome().is_some() {
        return Err(format!(
            "no legal move is not the same as game over ({} moves, outcome {:?})",
            moves.len(),
            state.outcome()
        ));
    }
    // Every generated move is legal, and its text reads back to it.
    for &mv in &moves {
        if !state.is_legal(mv) {
            return Err(format!("generated {mv} is not is_legal"));
        }
        let text = mv.to_string();
        match state.parse_move(&text) {
            Ok(back) if back == mv => {}
            Ok(back) => return Err(format!("{text:?} reads back as {back}")),
            Err(e) => return Err(format!("{text:?} does not read back: {e}")),
        }
    }
    // No move outside the list is accepted, and a refusal changes nothing.
    for mv in state.move_space() {
        let mut copy = state.clone();
        let accepted = copy.play(mv).is_ok();
        if accepted != legal.contains(&mv) {
            return Err(format!(
                "play({mv}) {} but legal_moves {} it",
                if accepted { "accepts" } else { "refuses" },
                if legal.contains(&mv) {
                    "lists"
                } else {
                    "does not list"
                }
            ));
        }
        if !accepted && copy != *state {
            return Err(format!("refusing {mv} changed the state"));
        }
        if state.is_legal(mv) != legal.contains(&mv) {
            return Err(format!("is_legal({mv}) disagrees with legal_moves"));
        }
    }
    // Clones and serde round trips are equal and generate the same moves.
    let json = state.to_json();
    let back = K::from_json(&json).map_err(|e| format!("JSON does not read back: {e}\n{json}"))?;
    if back != *state {
        return Err(format!("JSON round trip changed the state\n{json}"));
    }
    let mut back_moves = MoveList::new();
    back.generate_moves(&mut back_moves);
    if back_moves != moves {
        return Err("the JSON copy generates other moves".into());
    }
    // The position text round trips.
    if let Some(text) = state.position_text() {
        let parsed = state
            .read_position_text(&text)
            .map_err(|e| format!("position text {text:?} does not read back: {e}"))?;
        if parsed.position_text().as_deref() != Some(text.as_str()) {
            return Err(format!("position text {text:?} does not round trip"));
        }
        let mut parsed_moves = MoveList::new();
        parsed.generate_moves(&mut parsed_moves);
        let parsed_set: HashSet<K::Move> = parsed_moves.iter().copied().collect();
        if parsed_set != legal {
            return Err(format!("position {text:?} read back generates other moves"));
        }
    }
    // Incremental hashes equal recomputed ones, and equal states hash equally.
    if let Some((kept, fresh)) = state.hashes() {
        if kept != fresh {
            return Err(format!(
                "hash drifted: kept {kept:#x}, recomputed {fresh:#x}"
            ));
        }
        if back.hashes() != Some((kept, fresh)) {
            return Err("equal states hash differently".into());
        }
    }
    state.check_bounds()
}
