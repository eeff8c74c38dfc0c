//! Whole random games of each game to their end through the erased face,
//! and garbage input that must never panic.

use board_any::{AnyGame, PictureOptions};
use proptest::prelude::*;

/// A small deterministic generator (xorshift), to pick moves.
struct Picker(u64);

impl Picker {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays random legal moves until the game ends; the number of moves.
fn play_to_the_end(game: &mut dyn AnyGame, seed: u64) -> usize {
    let mut pick = Picker(seed);
    // Every game ends: ÉCHEC O CUBE and KYBO within a few hundred moves,
    // chess3d by its 75-move rule at the latest.
    for ply in 0..20_000 {
        if game.outcome().is_some() {
            return ply;
        }
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "{}: no move and no outcome", game.name());
        let mv = &moves[pick.below(moves.len())];
        assert_eq!(game.play(mv).as_deref(), Ok(mv.as_str()), "{}", game.name());
    }
    panic!("{}: no end after 20000 moves", game.name());
}

#[test]
fn a_random_game_of_each_reaches_its_end_and_replays() {
    for info in board_any::games() {
        for seed in [1, 2] {
            let mut game = board_any::start(info.name, "{}").unwrap();
            let plies = play_to_the_end(game.as_mut(), seed);
            assert!(plies > 10, "{}: {plies} moves", info.name);
            assert_eq!(game.moves().len(), plies);
            let end = game.outcome().expect("over");
            assert!(!end.said.english.is_empty() && !end.said.message.id.is_empty());
            if let Some(seat) = end.winner {
                let facts = game.details(None);
                assert_eq!(facts["winner"], game.player(seat), "{}", info.name);
            }
            assert!(game
                .computer_move(seed, board_core::Budget::nodes(20))
                .is_none());
            // The record replays to the same end.
            let again = board_any::replay(info.name, &game.record_text()).unwrap();
            assert_eq!(again.position_text(), game.position_text(), "{}", info.name);
            assert_eq!(again.outcome(), game.outcome());
            // Undo all, redo all.
            let mut undone = 0;
            while game.undo() {
                undone += 1;
            }
            assert_eq!(undone, plies);
            assert!(game.moves().is_empty());
            while game.redo() {}
            assert_eq!(game.position_text(), again.position_text());
        }
    }
}

#[test]
fn the_computer_plays_legal_moves() {
    for info in board_any::games() {
        let mut game = board_any::start(info.name, "{}").unwrap();
        for seed in 0..3 {
            let mv = game
                .computer_move(seed, board_core::Budget::nodes(30))
                .expect("a move at the start");
            game.play(&mv).unwrap();
        }
        assert_eq!(game.moves().len(), 3);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn garbage_never_panics(text in ".{0,40}", name in prop::sample::select(vec!["echec-o-cube", "kybo", "chess3d"])) {
        let mut game = board_any::start(name, "{}").unwrap();
        let _ = game.check(&text);
        let _ = game.play(&text);
        let _ = game.place_of(&text);
        let _ = game.target_of(&text);
        let _ = game.moves_at(&text);
        let _ = game.start_at(&text);
        let _ = board_any::replay(name, &text);
        let _ = board_any::start(name, &text);
        let _ = board_any::start(&text, &text);
        if let Ok(options) = PictureOptions::from_json(&text) {
            let _ = game.svg(&options, None);
        }
        let options = PictureOptions {
            selected: Some(text.clone()),
            targets: vec![text.clone()],
            view: Some(text.clone()),
            ..PictureOptions::default()
        };
        let _ = game.svg(&options, None);
    }

    #[test]
    fn a_refused_move_changes_nothing(text in "[A-Z0-9/ =x!-]{0,12}") {
        for info in board_any::games() {
            let mut game = board_any::start(info.name, "{}").unwrap();
            let before = game.position_text();
            match game.play(&text) {
                Ok(played) => prop_assert_eq!(game.moves(), vec![played]),
                Err(err) => {
                    prop_assert!(err.said().is_some(), "{:?}", err);
                    prop_assert_eq!(game.position_text(), before);
                }
            }
        }
    }
}
