//! The bodies of the fuzz targets in `fuzz/`, as plain functions: cargo-fuzz
//! calls them with its inputs, and the normal tests call them with random
//! inputs, so CI covers them without a nightly toolchain.
//!
//! Each body panics only when it finds a bug (a parser that panics, a state
//! that breaks an invariant); bad input itself must give a typed error.

use board_core::MoveList;

use board_core::GameMatch;

use crate::{invariants::check_position, replay_text, Checked};

/// Every notation parser of `K` on `data` as text: moves, position text and
/// records. Whatever parses must satisfy the position invariants.
pub fn parse_text<K: Checked>(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    // Configurations that read the text into the same state are checked once.
    let mut checked: Vec<K> = Vec::new();
    for start in K::variants() {
        start.parse_everything(&text);
        if let Ok(state) = start.read_text(&text) {
            if checked.contains(&state) {
                continue;
            }
            if let Err(e) = check_position(&state) {
                panic!("position text {text:?} read into a broken state: {e}");
            }
            checked.push(state);
        }
    }
    if let Ok(game) = replay_text::<K::Match>(&text) {
        let mut state = game.start().clone();
        for &mv in game.moves() {
            if let Err(e) = state.play(mv) {
                panic!("replayed record {text:?} holds an illegal move {mv}: {e}");
            }
        }
        if &state != game.position() {
            panic!("record {text:?} replays into another position");
        }
        if let Err(e) = check_position(&state) {
            panic!("record {text:?} replays into a broken state: {e}");
        }
    }
}

/// serde deserialization of the state of `K` from `data` as JSON: whatever is
/// accepted must satisfy every position invariant.
pub fn json<K: Checked>(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(state) = K::from_json(&text) {
        if let Err(e) = check_position(&state) {
            panic!("JSON {text:?} read into a broken state: {e}");
        }
    }
}

/// The shared notation of board-core on `data` as text: squares, levels,
/// cells, colours. Whatever parses must write back to an equivalent text.
pub fn notation(data: &[u8]) {
    use board_core::{Cell, Color, Level, Square};
    let text = String::from_utf8_lossy(data);
    if let Ok(sq) = text.parse::<Square>() {
        assert!(
            sq.to_string().eq_ignore_ascii_case(&text),
            "{text:?} -> {sq}"
        );
    }
    if let Ok(level) = text.parse::<Level>() {
        assert_eq!(level.to_string().parse::<Level>(), Ok(level));
    }
    if let Ok(cell) = text.parse::<Cell>() {
        assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
        assert_eq!(
            cell.to_string().replace('/', ""),
            text.to_ascii_uppercase().replace('/', "")
        );
    }
    if let Ok(color) = text.parse::<Color>() {
        assert_eq!(color.to_string().parse::<Color>(), Ok(color));
    }
}

/// Plays a game driven by `data`: the first byte picks the start, then each
/// byte either picks a legal move (even bytes) or tries a move of the whole
/// move space (odd bytes), checking that `is_legal`, `play` and the move list
/// agree, and that a refused move changes nothing.
pub fn play_bytes<K: Checked>(data: &[u8]) {
    let variants = K::variants();
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let mut state = variants[first as usize % variants.len()].clone();
    let mut moves = MoveList::new();
    for pair in rest.chunks(2) {
        let (choice, index) = (pair[0], *pair.get(1).unwrap_or(&0) as usize);
        state.generate_moves(&mut moves);
        if moves.is_empty() {
            assert!(state.outcome().is_some(), "no move but no outcome");
            return;
        }
        let mv = if choice % 2 == 0 {
            moves[(choice as usize / 2 * 256 + index) % moves.len()]
        } else {
            match state.move_from_bytes(choice / 2, index as u8) {
                Some(mv) => mv,
                None => continue,
            }
        };
        let listed = moves.contains(&mv);
        assert_eq!(
            state.is_legal(mv),
            listed,
            "is_legal({mv}) vs the move list"
        );
        let before = state.clone();
        match state.play(mv) {
            Ok(()) => assert!(listed, "play accepted {mv}, which is not listed"),
            Err(_) => {
                assert!(!listed, "play refused the listed move {mv}");
                assert!(state == before, "refusing {mv} changed the state");
                continue;
            }
        }
        // Every state reached passes the full validation of the position
        // text reader, and the game is over exactly when no move is left.
        let text = state.to_text();
        match state.read_text(&text) {
            Ok(back) => assert!(back == state, "{text:?} reads back as another state"),
            Err(e) => panic!("a reached state fails the reader's validation: {text:?}: {e}"),
        }
        assert_eq!(
            state.count_legal_moves() == 0,
            state.outcome().is_some(),
            "no legal move is not the same as game over after {mv}"
        );
    }
}
