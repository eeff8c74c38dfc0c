//! Move generation performs no heap allocation, red mode included: a counting
//! allocator watches `legal_moves` over whole random games.

use board_core::{MoveList, Rng};
use board_test_support::alloc::allocation_count;
use echec_o_cube::{Config, Player, Position};

board_test_support::counting_allocator!();

// EOC-22: generating the moves of every position of 200 random games, red
// mode included, allocates nothing (the list's 512 inline slots always
// suffice: at most 232 placements and a claim, plus 64 reds).
#[test]
fn legal_moves_do_not_allocate() {
    let mut moves = MoveList::new();
    let mut generated = 0usize;
    let configs = [
        Config::default(),
        Config {
            auto_announce: true,
            ..Config::default()
        },
        Config::FAMILY,
        Config {
            auto_announce: true,
            ..Config::FAMILY
        },
    ];
    let before = allocation_count();
    for seed in 0..200u64 {
        let config = configs[seed as usize % configs.len()];
        let mut pos = Position::new(config.with_first(Player::ALL[seed as usize % 2]));
        let mut rng = Rng::new(seed);
        loop {
            pos.generate_moves(&mut moves);
            generated += moves.len();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    assert_eq!(allocation_count(), before);
    assert!(generated > 200 * 100, "{generated}");
    assert!(!moves.spilled());
    // The counter does see allocations.
    let boxed = std::hint::black_box(Box::new(generated));
    assert!(allocation_count() > before, "{boxed}");
}
