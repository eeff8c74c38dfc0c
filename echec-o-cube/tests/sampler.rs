//! The list-free random-move sampler (`Position::random_move`, which
//! `board_core::random_playout` plays) against the move list of EOC-22.

use board_core::random_playout;
use board_core::Rng;
use board_test_support::sampler::{check_play_random, check_random_move};
use echec_o_cube::{Config, Match, Player, Position};

/// Every combination of the options that change the move list, with short
/// supplies too (games that end out of pieces or blocked).
fn configs() -> Vec<Config> {
    let mut out = Vec::new();
    for red_mode in [false, true] {
        for auto_announce in [false, true] {
            for (pale, dark) in [(50, 20), (12, 3)] {
                for first in Player::ALL {
                    out.push(Config {
                        red_mode,
                        auto_announce,
                        pale,
                        dark,
                        ..Config::STANDARD.with_first(first)
                    });
                }
            }
        }
    }
    out
}

// EOC-22: at every ply of random games under every configuration, the
// sampler draws the move the list pick `moves[rng.below(len)]` draws (the
// claim, announced and plain placements of both kinds, reds), so it is
// uniform over the legal moves; at the end it draws nothing.
#[test]
fn eoc22_random_move_is_the_list_pick() {
    for (i, config) in configs().into_iter().enumerate() {
        let seeds = (0..40).map(|s| s + 1000 * i as u64);
        let plies = check_random_move(&Position::new(config), seeds, 10_000);
        assert!(plies > 40 * 20, "{config:?}: {plies} plies");
    }
}

// The `Match` draws what its position draws, and a playout of it is the
// playout of the position.
#[test]
fn match_random_move_and_playout_follow_the_position() {
    for seed in 0..50 {
        let config = Config::FAMILY;
        check_random_move(&Match::new(Position::new(config)), [seed], 10_000);
        let mut game = Match::new(Position::new(config));
        let mut pos = Position::new(config);
        let a = random_playout(&mut game, &mut Rng::new(seed), 10_000);
        let b = random_playout(&mut pos, &mut Rng::new(seed), 10_000);
        assert_eq!(a, b);
        assert_eq!(*game.position(), pos);
        assert_eq!(game.moves().len(), a.plies);
    }
}

// EOC-22: the playout loop (`Position::play_random`, what `random_playout`
// runs) plays the moves the sampler draws one by one, under every
// configuration, to the end and cut short: the same moves, the same final
// position, the same generator state.
#[test]
fn eoc22_play_random_plays_the_sampled_moves() {
    for (i, config) in configs().into_iter().enumerate() {
        let start = Position::new(config);
        let seeds = (0..300).map(|s| s + 1000 * i as u64);
        let plies = check_play_random(&start, seeds, 10_000);
        assert!(plies > 300 * 20, "{config:?}: {plies} plies");
        for max_plies in [0, 1, 2, 3, 17, 60] {
            let seeds = (0..20).map(|s| s + 7 * max_plies as u64);
            check_play_random(&start, seeds, max_plies);
        }
    }
}

// EOC-17, EOC-22: the playout loop keeps state the position's equality
// does not compare (the last placement, which a later claim reads, and the
// points held for a claim at the end of a game); the `Debug` text shows
// every field, so equal texts mean the loop left nothing behind. Cut
// playouts are then played on move by move, so what the loop left is used.
#[test]
fn eoc22_play_random_leaves_every_field_as_the_moves_do() {
    let mut compared = 0;
    for (i, config) in configs().into_iter().enumerate() {
        for seed in (0..60).map(|s| s + 1000 * i as u64) {
            let max_plies = [5, 30, 61, 10_000][seed as usize % 4];
            let mut fast = Position::new(config);
            let mut fast_rng = Rng::new(seed);
            let played = fast.play_random(&mut fast_rng, max_plies);
            let mut slow = Position::new(config);
            let mut slow_rng = Rng::new(seed);
            let stepped = board_core::play_random_moves(&mut slow, &mut slow_rng, max_plies);
            assert_eq!(played, stepped, "seed {seed}");
            assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "seed {seed}");
            assert_eq!(
                fast.last_closed().collect::<Vec<_>>(),
                slow.last_closed().collect::<Vec<_>>(),
                "seed {seed}"
            );
            // On to the end, the cut game one move at a time on both sides.
            for pos in [&mut fast, &mut slow] {
                let mut rng = Rng::new(seed ^ 0x5eed);
                while let Some(mv) = pos.random_move(&mut rng) {
                    pos.play_unchecked(mv);
                }
            }
            assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "seed {seed}");
            compared += played;
        }
    }
    assert!(compared > 16 * 60 * 20, "{compared} plies compared");
}

// EOC-17, EOC-22: the playout loop started mid-game (as a search's
// playouts start), a claim often pending and points already scored: the
// moves the sampler draws, every field as they leave it.
#[test]
fn eoc22_play_random_from_mid_game_plays_the_sampled_moves() {
    let mut pending = 0;
    for (i, config) in configs().into_iter().enumerate() {
        for seed in (0..40).map(|s| s + 1000 * i as u64) {
            let mut start = Position::new(config);
            let mut rng = Rng::new(seed ^ 0xc1a1);
            // Stop after a placement that opens a claim, or after 40 plies.
            for _ in 0..40 {
                let Some(mv) = start.random_move(&mut rng) else {
                    break;
                };
                start.play_unchecked(mv);
                if start.claimable().is_some() && seed % 2 == 0 {
                    break;
                }
            }
            pending += u32::from(start.claimable().is_some());
            for max_plies in [1, 2, 9, 10_000] {
                let mut fast = start;
                let mut fast_rng = Rng::new(seed);
                let played = fast.play_random(&mut fast_rng, max_plies);
                let mut slow = start;
                let mut slow_rng = Rng::new(seed);
                let stepped = board_core::play_random_moves(&mut slow, &mut slow_rng, max_plies);
                assert_eq!(played, stepped, "seed {seed}");
                assert_eq!(fast_rng, slow_rng, "seed {seed}");
                assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "seed {seed}");
            }
        }
    }
    assert!(pending > 100, "{pending} starts with a claim pending");
}
