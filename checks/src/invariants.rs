//! The invariant harness: one set of checks, written against [`Checked`], run
//! along random games of every game.
//!
//! These are the checks that catch quiet engine bugs: an undo or copy that
//! forgets a field, a serializer that drops whose turn it is, a hash that
//! drifts, a move generator and a validator that disagree.

use std::collections::HashSet;

use board_core::{Game, MoveList, Rng};

use board_core::GameMatch;

use crate::{replay_text, Checked};

/// Plays a random game from `start` (moves chosen by `seed`) and checks every
/// invariant at every ply, for at most `max_plies` moves (the game's own
/// bound, [`Playable::MAX_PLIES`](board_any::Playable::MAX_PLIES), is checked as well); then takes every move back
/// with the game's `Match` and plays them again. Returns the number of moves
/// played, or the first broken invariant with the ply and the record so far.
pub fn check_random_game<K: Checked>(
    start: &K,
    seed: u64,
    max_plies: usize,
) -> Result<usize, String> {
    let mut rng = Rng::new(seed);
    let mut state = start.clone();
    let mut game = K::Match::new(start.clone());
    // Every position reached, the start first.
    let mut reached = vec![start.clone()];
    let mut moves = MoveList::new();
    loop {
        check_position(&state).map_err(|e| failure::<K>(&game, e))?;
        state.generate_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        if K::MAX_PLIES.is_some_and(|bound| game.moves().len() >= bound) {
            return Err(failure::<K>(
                &game,
                format!("the game is longer than {:?} moves", K::MAX_PLIES),
            ));
        }
        if game.moves().len() >= max_plies {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        // Copy-make leaves the original untouched.
        let before = state.clone();
        let mut child = state.clone();
        child.play_unchecked(mv);
        if state != before {
            return Err(failure::<K>(
                &game,
                "playing on a copy changed the original".into(),
            ));
        }
        if let Err(e) = state.check(mv) {
            return Err(failure::<K>(
                &game,
                format!("check({mv}) refused a listed move: {e}"),
            ));
        }
        state
            .play(mv)
            .map_err(|e| failure::<K>(&game, format!("play({mv}) refused a listed move: {e}")))?;
        if state != child {
            return Err(failure::<K>(
                &game,
                format!("play and play_unchecked differ after {mv}"),
            ));
        }
        game.play(mv)
            .map_err(|e| failure::<K>(&game, format!("the Match refused {mv}: {e}")))?;
        if game.position() != &state {
            return Err(failure::<K>(
                &game,
                format!("the Match's position differs after {mv}"),
            ));
        }
        reached.push(state.clone());
    }
    let played = game.moves().to_vec();
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
    // The record round trips and replays to the same game.
    let text = game.record().to_string();
    let replayed = replay_text::<K::Match>(&text)
        .map_err(|e| fail(format!("record does not replay: {e}\n{text}")))?;
    if replayed != game || replayed.moves() != played.as_slice() || replayed.start() != start {
        return Err(fail(format!("record replays to another game\n{text}")));
    }
    if replayed.record().to_string() != text {
        return Err(fail(format!("record text does not round trip\n{text}")));
    }
    // Undo to the start, through every position reached, then redo to the end.
    check_undo_redo(&mut game, &reached, &text).map_err(fail)?;
    Ok(played.len())
}

/// A broken invariant at the current ply of `game`, with the record so far.
fn failure<K: Checked>(game: &K::Match, what: String) -> String {
    format!(
        "{} ply {}: {what}\nrecord:\n{}",
        K::NAME,
        game.moves().len(),
        game.record()
    )
}

/// Takes back every move of `game`, checking that each position reached in
/// `reached` comes back (hash included), then plays them again with redo and
/// checks the end and the record.
fn check_undo_redo<K: Checked>(
    game: &mut K::Match,
    reached: &[K],
    record: &str,
) -> Result<(), String> {
    let played = game.moves().to_vec();
    for ply in (0..played.len()).rev() {
        let undone = game.undo();
        if undone != Some(played[ply]) {
            return Err(format!("undo at ply {} gave {undone:?}", ply + 1));
        }
        let position = game.position();
        if position != &reached[ply] || position.hashes() != reached[ply].hashes() {
            return Err(format!("undo to ply {ply} gives another position"));
        }
        if game.moves() != &played[..ply] {
            return Err(format!("undo to ply {ply} left other moves"));
        }
    }
    if game.undo().is_some() {
        return Err("undo went past the start".into());
    }
    for (ply, &mv) in played.iter().enumerate() {
        if game.redo() != Some(mv) {
            return Err(format!("redo at ply {} did not replay {mv}", ply + 1));
        }
        if game.position() != &reached[ply + 1] {
            return Err(format!("redo to ply {} gives another position", ply + 1));
        }
    }
    if game.redo().is_some() {
        return Err("redo went past the last move".into());
    }
    if game.record().to_string() != record {
        return Err("undo and redo changed the record".into());
    }
    if let Some(last) = reached.last() {
        if game.position().hashes() != last.hashes() {
            return Err("undo and redo changed the hash".into());
        }
    }
    Ok(())
}

/// The invariants of one position (see [`check_random_game`]).
pub fn check_position<K: Checked>(state: &K) -> Result<(), String> {
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
    // The position text round trips, through the full validation of the reader.
    let text = state.to_text();
    let parsed = state
        .read_text(&text)
        .map_err(|e| format!("position text {text:?} does not read back: {e}"))?;
    if parsed != *state || parsed.to_text() != text {
        return Err(format!("position text {text:?} does not round trip"));
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
