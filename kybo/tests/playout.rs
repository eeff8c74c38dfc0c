//! The playout loop `Position::play_random` (what `board_core::random_playout`
//! runs, with its networks kept in a union-find forest) against the trait's
//! default loop of `random_move` and `play_unchecked`: the same moves, the
//! same end, the same generator state, game for game.

use board_core::Game;
use board_test_support::sampler::check_play_random;
use kybo::{Color, Config, EndReason, Outcome, Position, Rng};

/// Every supply that changes how a game goes (KY-6): unlimited, none, too
/// few cubes for any KYBO, around the fewest a KYBO needs (8), the usual
/// limits, exactly half the board, and more than the board holds.
const CONFIGS: [Config; 10] = [
    Config::UNLIMITED,
    Config::with_supply(0),
    Config::with_supply(1),
    Config::with_supply(7),
    Config::with_supply(8),
    Config::with_supply(12),
    Config::with_supply(20),
    Config::with_supply(30),
    Config::with_supply(60),
    Config::with_supply(255),
];

// KY-3, KY-4, KY-6, KY-7, KY-8, KY-9: whole random games from the empty
// board, for every supply, play as the default loop plays them. Known
// totals: a KYBO needs at least 8 cubes (a network from one edge to the
// opposite one has a cube on each of the 8 ranks or files between), so with
// n < 8 cubes each every game lasts exactly 2n plies (KY-6); with 60 or more
// each nobody runs out before the 120 places fill up, so those supplies
// play the unlimited games.
#[test]
fn whole_games_play_as_the_default_loop() {
    let seeds = 0..3000u64;
    let n = seeds.clone().count() as u64;
    let mut totals = Vec::new();
    for config in CONFIGS {
        let plies = check_play_random(&Position::new(config), seeds.clone(), usize::MAX);
        match config.supply.cubes() {
            Some(cubes) if cubes < 8 => assert_eq!(plies, n * 2 * u64::from(cubes), "{config}"),
            Some(cubes) => assert!(plies <= n * 2 * u64::from(cubes), "{config}: {plies}"),
            None => {}
        }
        totals.push((config, plies));
    }
    let unlimited = totals[0].1;
    // Random games last about 97 plies (a KYBO in most, a full board in some).
    assert!(unlimited > n * 80 && unlimited < n * 120, "{unlimited}");
    for (config, plies) in &totals {
        if config.supply.cubes().is_some_and(|c| c >= 60) {
            assert_eq!(*plies, unlimited, "{config}");
        }
    }
}

// A playout cut after a few plies leaves the state the default loop leaves,
// at every cut (mid-game, at the first move, and at no move at all).
#[test]
fn cut_playouts_leave_the_same_state() {
    for config in [Config::UNLIMITED, Config::with_supply(12)] {
        for max_plies in [0, 1, 2, 3, 5, 17, 40, 64, 99, 119, 120] {
            check_play_random(&Position::new(config), 0..400, max_plies);
        }
    }
}

// Positions in the middle of a game (so the loop starts from cubes it did
// not place: its networks, heights and reach are read from the position),
// including finished ones, where it plays nothing and draws nothing.
#[test]
fn playouts_from_mid_game_positions() {
    let mut finished = 0;
    for config in [
        Config::UNLIMITED,
        Config::with_supply(20),
        Config::with_supply(60),
    ] {
        for seed in 0..300u64 {
            let mut start = Position::new(config);
            let mut rng = Rng::new(seed ^ 0xfeed);
            for _ in 0..(seed % 90) {
                let Some(mv) = start.random_move(&mut rng) else {
                    break;
                };
                start.play_unchecked(mv);
            }
            finished += usize::from(start.is_over());
            check_play_random(&start, seed * 10..seed * 10 + 10, usize::MAX);
            check_play_random(&start, [seed], 3);
            // Read back from its text too, as a user would give it.
            let read = Position::from_text_with_config(&start.to_text(), config).unwrap();
            check_play_random(&read, [seed], usize::MAX);
        }
    }
    assert!(finished > 10, "{finished} finished starts");
}

// KY-6, KY-8: a KYBO made with a player's last cube wins (it is not the draw
// of an exhausted supply), and the loop says so as the default loop does.
#[test]
fn ky6_ky8_a_kybo_on_the_last_cube_of_the_supply_wins() {
    // About one game in 400 of this supply ends so.
    let supply = 25;
    let mut wins_on_last_cube = 0;
    for seed in 0..3000 {
        let mut pos = Position::new(Config::with_supply(supply));
        let plies = pos.play_random(&mut Rng::new(seed), usize::MAX);
        if let Some(winner) = pos.winner() {
            if pos.placed(winner) == u32::from(supply) {
                wins_on_last_cube += 1;
                assert_eq!(pos.cubes_left(winner), Some(0));
                assert!(matches!(
                    pos.outcome(),
                    Some(Outcome::Win {
                        reason: EndReason::Kybo,
                        ..
                    })
                ));
                assert!(pos.has_kybo(winner));
                assert!(!pos.has_kybo(!winner));
                assert_eq!(pos.turn(), !winner);
                // White's 25th cube is ply 49, Black's ply 50.
                let last_ply = if winner == Color::White { 49 } else { 50 };
                assert_eq!(plies, last_ply, "seed {seed}");
                check_play_random(&Position::new(Config::with_supply(supply)), [seed], 200);
            }
        }
    }
    assert!(wins_on_last_cube >= 2, "{wins_on_last_cube}");
}

// KY-8, KY-9: over whole games, the loop's ends are those of the rules: a
// winner holds a KYBO and the loser none; a draw has no KYBO and no legal
// move left; and every game ends.
#[test]
fn ky8_ky9_every_playout_ends_as_the_rules_say() {
    let (mut wins, mut draws) = (0, 0);
    for seed in 0..2000 {
        let mut pos = Position::default();
        let plies = pos.play_random(&mut Rng::new(seed), usize::MAX);
        assert_eq!(pos.total_cubes() as usize, plies);
        match pos.outcome() {
            Some(Outcome::Win { winner, .. }) => {
                wins += 1;
                assert!(pos.has_kybo(winner), "seed {seed}");
                assert!(!pos.has_kybo(!winner), "seed {seed}");
            }
            Some(Outcome::Draw { reason }) => {
                draws += 1;
                assert_eq!(reason, EndReason::BoardFull);
                assert_eq!(plies, 120);
                assert!(!pos.has_kybo(Color::White) && !pos.has_kybo(Color::Black));
            }
            None => panic!("seed {seed}: a playout to the end did not end"),
        }
        assert_eq!(pos.legal_moves().len(), 0);
    }
    assert!(wins > 1000, "{wins} wins, {draws} draws");
}

// Through the trait (what `board_core::random_playout` calls) it is the
// override, and the games are those of `board_core::random_playout`.
#[test]
fn random_playout_runs_the_override() {
    for seed in 0..200 {
        let mut a = Position::default();
        let done = board_core::random_playout(&mut a, &mut Rng::new(seed), usize::MAX);
        let mut b = Position::default();
        let plies = Game::play_random(&mut b, &mut Rng::new(seed), usize::MAX);
        assert_eq!((a, done.plies), (b, plies));
        assert_eq!(done.outcome, b.outcome());
    }
}
