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
    let mut fast = Position::with_config(config);
    let mut slow = Reference::new(config);
    let mut moves = MoveList::new();
    let mut plies = 0;
    loop {
        fast.legal_moves(&mut moves);
        let slow_moves: Vec<Square> = slow.legal_squares();
        let fast_moves: Vec<Square> = moves.iter().map(|m| m.square()).collect();
        prop_assert_eq!(&fast_moves, &slow_moves, "legal moves at ply {}", plies);
        prop_assert_eq!(fast.count_legal_moves() as usize, slow_moves.len());
        for square in Square::ALL {
            let mv = Move::new(square);
            prop_assert_eq!(fast.check(mv), slow.check(square), "verdict on {}", square);
            prop_assert_eq!(fast.is_legal(mv), slow_moves.contains(&square));
            if !fast.is_legal(mv) {
                let mut copy = fast;
                prop_assert!(copy.play(mv).is_err());
                prop_assert_eq!(copy, fast, "a refused move changes nothing");
            }
        }
        prop_assert_eq!(fast.to_move(), slow.side_to_move());
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
                next.place(Move::new(s)).unwrap();
                next.winner().is_some()
            })
            .collect();
        prop_assert_eq!(fast.winning_squares().iter().collect::<Vec<_>>(), wins);
        if moves.is_empty() {
            return Ok(plies);
        }
        let mv = moves[rng.below(moves.len())];
        fast.play(mv).unwrap();
        slow.place(mv).unwrap();
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
        let mut pos = Position::with_config(if seed % 2 == 0 {
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
