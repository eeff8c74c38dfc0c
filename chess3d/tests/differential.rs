//! The fast bitboard path against the mailbox reference implementation
//! (feature `reference`): stored perft counts (C3-22), and random games on 1,
//! 2, 3 and 5 levels where at every ply both must list the same legal moves
//! (C3-4 to C3-15) and write the same position text (C3-19, C3-20).
#![cfg(feature = "reference")]

mod common;
use common::perft_data;

use std::collections::BTreeSet;

use board_core::{perft, Game, MoveList, Rng};
use chess3d::reference::RefPosition;
use chess3d::{Move, Position};
use proptest::prelude::*;

/// Counts above this are left to the ignored test below (release mode): the
/// rest take about two seconds in the dev profile, since the fast path counts
/// the last ply in bulk.
const MAX_LEAVES_IN_TESTS: u64 = 100_000_000;

// C3-22: the fast path's perft equals the counts stored by the reference.
#[test]
fn c3_22_fast_perft_matches_stored_reference_counts() {
    let mut checked = 0;
    for (fen, counts) in perft_data() {
        let pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), fen);
        for (depth, count) in counts {
            if count <= MAX_LEAVES_IN_TESTS {
                assert_eq!(perft(&pos, depth), count, "{fen} depth {depth}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 28, "only {checked} counts checked");
}

// C3-22: `Position`'s own perft (the variant chosen once at the root)
// counts the same tree as copy-make through `Position` node by node.
#[test]
fn c3_22_position_perft_equals_copy_make_through_position() {
    let mut checked = 0;
    for (fen, counts) in perft_data() {
        let pos = Position::from_fen(&fen).unwrap();
        for (depth, count) in counts {
            if count <= 200_000 {
                assert_eq!(
                    board_core::copy_make_perft(&pos, depth),
                    perft(&pos, depth),
                    "{fen} depth {depth}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 10, "only {checked} counts checked");
}

// C3-22: every stored count, depth 5 of the 3-level start (790 016 190)
// included. Run with
// `cargo test --release -p chess3d --all-features --test differential -- --ignored`.
#[test]
#[ignore = "about 10 s in the dev profile; run in release"]
fn c3_22_fast_perft_matches_every_stored_count() {
    for (fen, counts) in perft_data() {
        let pos = Position::from_fen(&fen).unwrap();
        for (depth, count) in counts {
            assert_eq!(perft(&pos, depth), count, "{fen} depth {depth}");
        }
    }
}

fn fast_moves(pos: &Position) -> Vec<(String, Move)> {
    let mut list = MoveList::new();
    pos.generate_moves(&mut list);
    let mut v: Vec<(String, Move)> = list.iter().map(|m| (format!("{m:#}"), *m)).collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

/// Plays `plies` random moves from `fen` on both implementations, comparing
/// their legal moves, check and position text at every ply. Returns the
/// number of plies played.
fn play_in_step(fen: &str, seed: u64, plies: usize) -> Result<usize, TestCaseError> {
    let mut reference = RefPosition::from_fen(fen).map_err(TestCaseError::fail)?;
    let mut fast = Position::from_fen(fen).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut rng = Rng::new(seed);
    for ply in 0..plies {
        let fen_now = reference.fen();
        prop_assert_eq!(&fast.fen(), &fen_now, "ply {}", ply);
        prop_assert_eq!(fast.is_check(), reference.in_check(), "{}", fen_now);
        prop_assert_eq!(fast.turn(), reference.side_to_move());
        let ours: BTreeSet<String> = reference
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect();
        let theirs = fast_moves(&fast);
        let theirs_set: BTreeSet<String> = theirs.iter().map(|(t, _)| t.clone()).collect();
        prop_assert_eq!(
            theirs.len(),
            theirs_set.len(),
            "duplicate moves in {}",
            fen_now
        );
        prop_assert_eq!(&theirs_set, &ours, "legal moves differ in {}", fen_now);
        prop_assert_eq!(fast.count_legal_moves(), ours.len() as u64);
        if theirs.is_empty() {
            prop_assert!(
                fast.outcome().is_some(),
                "no move but no outcome: {}",
                fen_now
            );
            return Ok(ply);
        }
        let (text, mv) = &theirs[rng.below(theirs.len())];
        // The fast path reads its own text back to the same move.
        prop_assert_eq!(
            fast.parse_move(text).ok(),
            Some(*mv),
            "{} in {}",
            text,
            fen_now
        );
        reference.play_text(text).map_err(TestCaseError::fail)?;
        fast.play(*mv)
            .map_err(|e| TestCaseError::fail(format!("{text} in {fen_now}: {e}")))?;
    }
    prop_assert_eq!(&fast.fen(), &reference.fen());
    Ok(plies)
}

/// Where the random games start: the default starts on 3, 1, 2 and 5 levels
/// and every position of `data/perft3d.txt`.
fn starts() -> Vec<String> {
    let mut v: Vec<String> = [3, 1, 2, 5]
        .iter()
        .map(|&l| RefPosition::start(l).unwrap().fen())
        .collect();
    v.extend(perft_data().into_iter().map(|(fen, _)| fen));
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    // C3-4 to C3-16, C3-19, C3-20: random games from the default 3-level start.
    #[test]
    fn c3_random_three_level_games_agree(seed in any::<u64>(), plies in 20usize..120) {
        let fen = RefPosition::start(3).unwrap().fen();
        play_in_step(&fen, seed, plies)?;
    }

    // C3-1, C3-15, C3-21: random games on 1, 2 and 5 levels and from the
    // en-passant, promotion and castling positions of data/perft3d.txt.
    #[test]
    fn c3_random_games_from_every_start_agree(
        start in 0usize..11,
        seed in any::<u64>(),
        plies in 20usize..100,
    ) {
        let starts = starts();
        play_in_step(&starts[start % starts.len()], seed, plies)?;
    }
}

// C3-4 to C3-16: a few long fixed-seed games so that endgames (promotions,
// mates, stalemates) are reached whatever proptest draws.
#[test]
fn c3_long_games_agree() {
    let mut total = 0;
    for (i, fen) in starts().iter().enumerate() {
        for seed in 0..2u64 {
            total += play_in_step(fen, seed * 1000 + i as u64, 300).unwrap();
        }
    }
    assert!(total > 2000, "only {total} plies played");
}

/// `fen` with one random edit: a character replaced, deleted or inserted.
fn mutate(fen: &str, rng: &mut Rng) -> String {
    const ALPHABET: &[u8] = b"pnbrqkPNBRQK0123456789/| -wbKQkqNEe\n";
    let mut bytes = fen.as_bytes().to_vec();
    let at = rng.below(bytes.len() + 1);
    let c = ALPHABET[rng.below(ALPHABET.len())];
    match rng.below(3) {
        0 if at < bytes.len() => bytes[at] = c,
        1 if at < bytes.len() => {
            bytes.remove(at);
        }
        _ => bytes.insert(at, c),
    }
    String::from_utf8(bytes).expect("ASCII")
}

/// The reference position reached from start number `start` (of [`starts`])
/// by up to `plies` random legal moves drawn from `rng`.
fn after_random_plies(start: usize, plies: usize, rng: &mut Rng) -> RefPosition {
    let starts = starts();
    let mut reference = RefPosition::from_fen(&starts[start % starts.len()]).unwrap();
    for _ in 0..plies {
        let moves = reference.legal_moves();
        if moves.is_empty() {
            break;
        }
        reference.play(&moves[rng.below(moves.len())]);
    }
    reference
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    // C3-19: both implementations accept and reject the same position texts
    // (each a valid text with a few random edits), and write an accepted one
    // the same way.
    #[test]
    fn c3_19_position_text_acceptance_agrees(
        start in 0usize..11,
        seed in any::<u64>(),
        plies in 0usize..40,
    ) {
        let mut rng = Rng::new(seed);
        let reference = after_random_plies(start, plies, &mut rng);
        let valid = reference.fen();
        for _ in 0..40 {
            let mut text = valid.clone();
            for _ in 0..=rng.below(3) {
                text = mutate(&text, &mut rng);
            }
            let ours = RefPosition::from_fen(&text);
            let theirs = Position::from_fen(&text);
            prop_assert_eq!(
                ours.is_ok(),
                theirs.is_ok(),
                "{:?}: reference {:?}, fast path {:?}",
                text,
                ours.as_ref().err(),
                theirs.as_ref().err().map(|e| e.to_string())
            );
            if let (Ok(a), Ok(b)) = (ours, theirs) {
                prop_assert_eq!(a.fen(), b.fen());
            }
        }
    }
}

/// A legal move's text with a random edit of the kinds a person makes:
/// another case, the other separator, no slash, a character changed,
/// removed or added.
fn mutate_move(text: &str, rng: &mut Rng) -> String {
    const ALPHABET: &[u8] = b"N123456789ABCDEFGHIabcdefghn/-xX=QRBNKPqO0o ";
    let mut bytes = text.as_bytes().to_vec();
    let at = rng.below(bytes.len());
    match rng.below(6) {
        0 => bytes.make_ascii_lowercase(),
        1 => {
            for b in bytes.iter_mut() {
                *b = match *b {
                    b'-' => b'x',
                    b'x' => b'-',
                    other => other,
                };
            }
        }
        2 => bytes.retain(|&b| b != b'/'),
        3 => bytes[at] = ALPHABET[rng.below(ALPHABET.len())],
        4 => {
            bytes.remove(at);
        }
        _ => bytes.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
    }
    String::from_utf8(bytes).expect("ASCII")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    // C3-20: both implementations accept the same move texts (legal moves'
    // texts with random edits) and play them to the same position; a refused
    // text leaves the fast path's position unchanged.
    #[test]
    fn c3_20_move_text_acceptance_agrees(
        start in 0usize..11,
        seed in any::<u64>(),
        plies in 0usize..40,
    ) {
        let mut rng = Rng::new(seed);
        let reference = after_random_plies(start, plies, &mut rng);
        let fast = Position::from_fen(&reference.fen()).unwrap();
        let moves = reference.legal_moves();
        if moves.is_empty() {
            return Ok(());
        }
        for _ in 0..40 {
            let text = mutate_move(&moves[rng.below(moves.len())].to_string(), &mut rng);
            let mut ours = reference.clone();
            let mut ours_ok = ours.play_text(&text);
            let mut theirs = fast.clone();
            let parsed = theirs.parse_move(&text);
            let theirs_ok = parsed
                .clone()
                .and_then(|mv| Game::play(&mut theirs, mv));
            // The fast path also reads texts for people (two squares without
            // levels, the short text): the reference knows only C3-20's, so
            // the move read must be one it plays from its C3-20 text.
            if let (Err(_), Ok(mv)) = (&ours_ok, &parsed) {
                if theirs_ok.is_ok() {
                    ours_ok = ours.play_text(&format!("{mv:#}"));
                }
            }
            prop_assert_eq!(
                ours_ok.is_ok(),
                theirs_ok.is_ok(),
                "{:?} in {}: reference {:?}, fast path {:?}",
                text,
                reference.fen(),
                ours_ok.err(),
                theirs_ok.err().map(|e| e.to_string())
            );
            if theirs_ok.is_err() {
                prop_assert_eq!(&theirs, &fast, "a refused move changed the position");
            }
            prop_assert_eq!(ours.fen(), theirs.fen());
        }
    }
}
