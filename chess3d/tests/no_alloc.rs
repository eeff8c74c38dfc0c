//! Move generation and copy-make never touch the heap (3-level and
//! 1-level positions), checked with a counting allocator.
//!
//! This test file (not the library, which forbids `unsafe`) installs a global
//! allocator that counts allocations on the current thread.

use board_core::{perft, Game, MoveList};
use board_test_support::alloc::allocations;
use chess3d::{FixedPosition, Position};

board_test_support::counting_allocator!();

#[test]
fn move_generation_does_not_allocate() {
    let three = Position::default();
    let kiwi =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1")
            .unwrap();
    let fixed = FixedPosition::<3>::default();
    let mut list = MoveList::new();
    let (n, allocs) = allocations(|| {
        let mut n = perft(&three, 3) + perft(&kiwi, 3) + perft(&fixed, 3);
        three.generate_moves(&mut list);
        n += list.len() as u64 + three.count_legal_moves();
        n
    });
    assert!(n > 100_000);
    assert_eq!(allocs, 0);
    // The counter does see allocations.
    let (_, allocs) = allocations(|| Position::new(chess3d::Config::new(5).unwrap()));
    assert!(allocs > 0);
}
