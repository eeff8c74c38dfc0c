//! Move generation and play (with the KYBO test) never touch the heap.
//!
//! A counting allocator wraps the system one for this test binary only (the
//! crate itself forbids `unsafe`; implementing `GlobalAlloc` needs it). This
//! file holds a single test so that no other test allocates meanwhile.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use board_core::{MoveList, Rng};
use kybo::{Config, Move, Position};

struct Counting;

thread_local! {
    /// Allocations made by this thread: the test harness's own threads may
    /// allocate meanwhile (seen under heavy load) and must not count.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: forwards to the system allocator unchanged, only counting calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|a| a.set(a.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

// KY-4, KY-8: legal moves, play and the KYBO test allocate nothing.
#[test]
fn movegen_play_and_kybo_test_do_not_allocate() {
    let mut moves: MoveList<Move> = MoveList::new();
    let mut rng = Rng::new(11);
    let mut plies = 0u64;
    let mut wins = 0u64;
    let before = ALLOCATIONS.with(Cell::get);
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
    let after = ALLOCATIONS.with(Cell::get);
    assert_eq!(after - before, 0, "{plies} plies allocated");
    assert!(plies > 10_000 && wins > 100, "{plies} plies, {wins} wins");
}
