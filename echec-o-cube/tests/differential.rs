//! Differential test: random games from random first players and random
//! configurations, the bitboard fast path against the reference
//! implementation written straight from the rules, compared at every ply.
#![cfg(feature = "reference")]

use board_core::{MoveList, Rng, Square};
use echec_o_cube::{reference, Config, Kind, Move, Player, Points, Position, Segment};
use proptest::prelude::*;

fn config_strategy() -> impl Strategy<Value = Config> {
    let supplies = prop_oneof![(0u8..=6, 0u8..=4), (0u8..=25, 0u8..=10), Just((50u8, 20u8)),];
    (
        supplies,
        0u8..=10,
        any::<bool>(),
        any::<bool>(),
        prop_oneof![
            Just(Points::DEFAULT),
            (0u8..=20, 0u8..=20, 0u8..=20, 0u8..=20).prop_map(|(a, b, c, d)| Points {
                standard: a,
                enriched: b,
                maximal: c,
                big: d,
            })
        ],
    )
        .prop_map(
            |((pale, dark), reds, red_mode, auto_announce, points)| Config {
                pale,
                dark,
                reds,
                red_mode,
                auto_announce,
                points,
                first: Player::One,
            },
        )
}

/// A random move, legal or not, to throw at both implementations.
fn random_move(rng: &mut Rng) -> Move {
    match rng.below(10) {
        0 => Move::Claim,
        1 => Move::Red(Square::ALL[rng.below(64)]),
        _ => Move::Place {
            kind: if rng.below(2) == 0 {
                Kind::Pale
            } else {
                Kind::Dark
            },
            segment: Segment::ALL[rng.below(112)],
            announced: rng.below(3) == 0,
        },
    }
}

/// Compares everything a UI can ask for.
fn compare(fast: &Position, slow: &reference::Position) -> Result<(), TestCaseError> {
    let mut moves = MoveList::new();
    fast.generate_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    texts.sort();
    let n = texts.len();
    texts.dedup();
    prop_assert_eq!(texts.len(), n, "duplicate moves");
    prop_assert_eq!(&texts, &slow.legal_moves());
    prop_assert_eq!(fast.count_legal_moves(), n as u64);
    prop_assert_eq!(fast.is_over(), slow.is_over());
    prop_assert_eq!(fast.is_over(), n == 0);
    prop_assert_eq!(fast.turn(), slow.turn());
    prop_assert_eq!(fast.claimable().map(u32::from), slow.claimable());
    prop_assert_eq!(fast.reds_left() as u32, slow.reds_left());
    for p in Player::ALL {
        prop_assert_eq!(fast.points(p) as u32, slow.points(p));
        let (a, b) = fast.supply(p);
        prop_assert_eq!((a as u32, b as u32), slow.supply(p));
        prop_assert_eq!(fast.final_count(p) as i64, slow.final_count(p));
    }
    let mut closed: Vec<(String, Player, bool, u32)> = fast
        .closed_squares()
        .map(|c| (c.square.to_string(), c.closed_by, c.dead, c.points as u32))
        .collect();
    closed.sort();
    prop_assert_eq!(closed, slow.closed_squares());
    let mut last: Vec<String> = fast.last_closed().map(|c| c.square.to_string()).collect();
    last.sort();
    prop_assert_eq!(last, slow.last_closed());
    prop_assert_eq!(
        fast.outcome().map(|o| o.winner()),
        slow.winner(),
        "winner or draw"
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    // EOC-1..EOC-22: identical legal moves, closures, points, claims, supplies,
    // end and final counts at every ply of random games.
    #[test]
    fn fast_path_matches_reference(
        config in config_strategy(),
        first_two in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let first = if first_two { Player::Two } else { Player::One };
        let mut fast = Position::new(config.with_first(first));
        let mut slow = reference::Position::new(config.with_first(first));
        let mut rng = Rng::new(seed);
        let mut moves = MoveList::new();
        for _ply in 0..400 {
            compare(&fast, &slow)?;
            // Random moves, legal or not: both agree, and a rejected move
            // changes nothing.
            for _ in 0..4 {
                let mv = random_move(&mut rng);
                let mut copy = fast;
                let fast_ok = copy.play(mv).is_ok();
                prop_assert_eq!(fast_ok, slow.clone().play(&mv.to_string()).is_ok(), "{}", mv);
                prop_assert_eq!(fast_ok, fast.is_legal(mv));
                if !fast_ok {
                    prop_assert_eq!(copy, fast);
                }
            }
            fast.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            // Favour claims, announcements and reds a little so that they
            // are exercised often.
            let special: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| match m {
                    Move::Claim | Move::Red(_) => true,
                    Move::Place { announced, .. } => *announced,
                })
                .collect();
            let mv = if !special.is_empty() && rng.below(3) == 0 {
                special[rng.below(special.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            let mut unchecked = fast;
            unchecked.play_unchecked(mv);
            fast.play(mv).map_err(|e| TestCaseError::fail(format!("{mv}: {e}")))?;
            prop_assert_eq!(unchecked, fast);
            slow.play(&mv.to_string()).map_err(TestCaseError::fail)?;
        }
        prop_assert!(fast.is_over());
    }
}
