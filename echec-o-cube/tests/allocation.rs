//! Move generation performs no heap allocation, red mode included: a counting
//! allocator watches `legal_moves` over whole random games.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use board_core::{MoveList, Rng};
use echec_o_cube::{Config, Player, Position};

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
    let before = ALLOCATIONS.with(Cell::get);
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
    assert_eq!(ALLOCATIONS.with(Cell::get), before);
    assert!(generated > 200 * 100, "{generated}");
    assert!(!moves.spilled());
    // The counter does see allocations.
    let boxed = std::hint::black_box(Box::new(generated));
    assert!(ALLOCATIONS.with(Cell::get) > before, "{boxed}");
}
