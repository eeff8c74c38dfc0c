//! The bitboard `Position` against the plain reference implementation: random
//! games, unlimited and limited supplies, compared at every ply.
#![cfg(feature = "reference")]

use board_core::{Game, MoveList, Rng, Square};
use kybo::reference::Reference;
use kybo::{Config, Move, Position};
use proptest::prelude::*;

/// Plays a random game on both implementations and compares them at every ply:
/// legal moves, the verdict of `play` on every square, winner, winning
/// network, outcome, side to move, and the position text round trip.
fn compare_game(seed: u64, config: Config) -> Result<usize, TestCaseError> {
    let mut rng = Rng::new(seed);
    let mut fast = Position::new(config);
    let mut slow = Reference::new(config);
    let mut moves = MoveList::new();
    let mut plies = 0;
    loop {
        fast.generate_moves(&mut moves);
        let slow_moves: Vec<Square> = slow.legal_squares();
        let fast_moves: Vec<Square> = moves.iter().map(|m| m.square()).collect();
        prop_assert_eq!(&fast_moves, &slow_moves, "legal moves at ply {}", plies);
        prop_assert_eq!(fast.count_legal_moves() as usize, slow_moves.len());
        for square in Square::ALL {
            let mv = Move::new(square);
            prop_assert_eq!(
                fast.check(mv),
                slow.check(Move::new(square)),
                "verdict on {}",
                square
            );
            prop_assert_eq!(fast.is_legal(mv), slow_moves.contains(&square));
            if !fast.is_legal(mv) {
                let mut copy = fast;
                prop_assert!(copy.play(mv).is_err());
                prop_assert_eq!(copy, fast, "a refused move changes nothing");
            }
        }
        prop_assert_eq!(fast.turn(), slow.turn());
        prop_assert_eq!(fast.winner(), slow.winner());
        let net = fast.winning_network().map(|n| {
            let mut v: Vec<_> = n.cubes().collect();
            v.sort();
            v
        });
        prop_assert_eq!(net, slow.winning_network());
        prop_assert_eq!(Game::outcome(&fast), Game::outcome(&slow));
        for square in Square::ALL {
            prop_assert_eq!(
                fast.stack(square).iter().collect::<Vec<_>>(),
                slow.stack(square)
            );
        }
        let text = fast.to_text();
        prop_assert_eq!(Position::from_text_with_config(&text, config), Ok(fast));
        // the squares where the mover would win at once
        let wins: Vec<Square> = slow_moves
            .iter()
            .copied()
            .filter(|&s| {
                let mut next = slow.clone();
                next.play(Move::new(s)).unwrap();
                next.winner().is_some()
            })
            .collect();
        prop_assert_eq!(fast.winning_squares().iter().collect::<Vec<_>>(), wins);
        if moves.is_empty() {
            return Ok(plies);
        }
        let mv = moves[rng.below(moves.len())];
        fast.play(mv).unwrap();
        slow.play(mv).unwrap();
        plies += 1;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    // KY-2..KY-9: identical legal moves, winners and winning networks at every ply.
    #[test]
    fn differential_unlimited(seed: u64) {
        compare_game(seed, Config::default())?;
    }

    // KY-6, KY-9: the same with a limited supply.
    #[test]
    fn differential_limited(seed: u64, supply in 0u8..70) {
        compare_game(seed, Config::with_supply(supply))?;
    }
}

// KY-8, KY-9: the random games reach all three endings (so the comparison
// above covers wins and draws).
#[test]
fn random_games_reach_every_ending() {
    let mut endings = std::collections::BTreeSet::new();
    for seed in 0..400 {
        let mut pos = Position::new(if seed % 2 == 0 {
            Config::default()
        } else {
            Config::with_supply(20 + (seed % 41) as u8)
        });
        board_core::random_playout(&mut pos, &mut Rng::new(seed), 1000);
        endings.insert(format!("{:?}", pos.outcome().unwrap().reason()));
    }
    assert!(endings.contains("Kybo"), "{endings:?}");
    assert!(endings.contains("NoCubeLeft"), "{endings:?}");
}

/// A position text with the stacks of a random game but its cube colours
/// shuffled (counts kept): shapes and colour patterns play rarely reaches.
fn shuffled_text(seed: u64, plies: usize) -> String {
    let mut pos = Position::default();
    let mut rng = Rng::new(seed);
    board_core::random_playout(&mut pos, &mut rng, plies);
    let mut colours: Vec<char> = Square::ALL
        .iter()
        .flat_map(|&s| pos.stack(s).iter().map(|c| c.letter()))
        .collect();
    for i in (1..colours.len()).rev() {
        colours.swap(i, rng.below(i + 1));
    }
    let mut it = colours.into_iter();
    let mut ranks = Vec::new();
    for rank in (0..8).rev() {
        let mut r = String::new();
        for file in 0..8 {
            let h = pos.stack(Square::ALL[rank * 8 + file]).height();
            let stack: String = (&mut it).take(h as usize).collect();
            match h {
                0 => r.push('.'),
                1 => r.push_str(&stack),
                _ => r.push_str(&format!("({stack})")),
            }
        }
        ranks.push(r);
    }
    format!("{} {}", ranks.join("/"), pos.turn().letter())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    // KY-7, KY-8, KY-11: positions read from text (colours shuffled) agree
    // with the reference on legal moves, verdicts, winner and winning network.
    #[test]
    fn differential_position_texts(seed: u64, plies in 1usize..120) {
        let text = shuffled_text(seed, plies);
        let Ok(fast) = Position::from_text(&text) else { return Ok(()) };
        let slow = Reference::from_position(&fast);
        prop_assert_eq!(fast.winner(), slow.winner());
        let net = fast.winning_network().map(|n| n.cubes().collect::<Vec<_>>());
        let mut slow_net = slow.winning_network();
        if let Some(v) = slow_net.as_mut() {
            v.sort_by_key(|c| (c.level(), c.square()));
        }
        prop_assert_eq!(net, slow_net);
        let fast_moves: Vec<Square> = fast.legal_squares().iter().collect();
        prop_assert_eq!(fast_moves, slow.legal_squares());
        for square in Square::ALL {
            prop_assert_eq!(fast.check(Move::new(square)), slow.check(Move::new(square)));
        }
        for color in [board_core::Color::White, board_core::Color::Black] {
            prop_assert_eq!(fast.has_kybo(color), !slow.kybo_networks(color).is_empty());
        }
    }
}

// The shuffled texts above do reach wins, including read-in ones.
#[test]
fn shuffled_texts_include_wins() {
    let mut parsed = 0;
    let mut won = 0;
    for seed in 0..300 {
        if let Ok(pos) = Position::from_text(&shuffled_text(seed, 30 + (seed % 90) as usize)) {
            parsed += 1;
            won += usize::from(pos.winner().is_some());
        }
    }
    assert!(parsed > 50 && won > 5, "{parsed} parsed, {won} won");
}

// KY-13: `Position::random_move` (what `board_core::random_playout` plays)
// draws at every ply the move the list pick `moves[rng.below(len)]` draws,
// so it is uniform over the legal moves, and the `Match` draws the same.
#[test]
fn random_move_is_the_list_pick() {
    for config in [Config::default(), Config::with_supply(30)] {
        let plies =
            board_test_support::sampler::check_random_move(&Position::new(config), 0..200, 1000);
        assert!(plies > 200 * 30, "{config:?}: {plies} plies");
        board_test_support::sampler::check_random_move(
            &kybo::Match::new(Position::new(config)),
            0..20,
            1000,
        );
    }
}
