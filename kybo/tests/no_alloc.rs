//! Move generation and play (with the KYBO test) never touch the heap.
//!
//! A counting allocator wraps the system one for this test binary only (the
//! crate itself forbids `unsafe`; implementing `GlobalAlloc` needs it). This
//! file holds a single test so that no other test allocates meanwhile.

use board_core::{MoveList, Rng};
use board_test_support::alloc::allocation_count;
use kybo::{Config, Move, Position};

board_test_support::counting_allocator!();

// KY-4, KY-8: legal moves, play and the KYBO test allocate nothing.
#[test]
fn movegen_play_and_kybo_test_do_not_allocate() {
    let mut moves: MoveList<Move> = MoveList::new();
    let mut rng = Rng::new(11);
    let mut plies = 0u64;
    let mut wins = 0u64;
    let before = allocation_count();
    for game in 0..200u64 {
        let config = if game % 2 == 0 {
            Config::default()
        } else {
            Config::with_supply(40)
        };
        let mut pos = Position::new(config);
        loop {
            pos.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            pos.play(mv).expect("a listed move is legal");
            let _ = pos.winning_squares();
            plies += 1;
        }
        wins += u64::from(pos.winner().is_some());
        let _ = pos.winning_network();
    }
    let after = allocation_count();
    assert_eq!(after - before, 0, "{plies} plies allocated");
    assert!(plies > 10_000 && wins > 100, "{plies} plies, {wins} wins");
}
