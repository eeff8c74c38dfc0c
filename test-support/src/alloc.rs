//! Counting the heap allocations of the current thread, for the tests that
//! check move generation never allocates.
//!
//! This crate forbids `unsafe`, and implementing
//! [`GlobalAlloc`](std::alloc::GlobalAlloc) needs it: the
//! [`counting_allocator!`](crate::counting_allocator) macro writes that
//! forwarding `unsafe impl` into the test binary that invokes it, and the
//! counter it bumps lives here. Each thread counts its own allocations, so
//! the test harness's other threads (seen allocating under heavy load) do not
//! count.
//!
//! ```
//! board_test_support::counting_allocator!();
//!
//! fn main() {
//!     use board_test_support::alloc::allocations;
//!     let (sum, none) = allocations(|| 1 + 1);
//!     assert_eq!((sum, none), (2, 0));
//!     let (boxed, one) = allocations(|| Box::new(7));
//!     assert_eq!((*boxed, one), (7, 1));
//! }
//! ```

use std::cell::Cell;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// Counts one allocation on this thread: called by the allocator that
/// [`counting_allocator!`](crate::counting_allocator) declares. Does nothing
/// while the thread's locals are being torn down.
pub fn record_allocation() {
    let _ = ALLOCATIONS.try_with(|a| a.set(a.get() + 1));
}

/// The allocations counted on this thread so far.
pub fn allocation_count() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Runs `f` and returns its result with the allocations it made on this
/// thread.
pub fn allocations<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = allocation_count();
    let out = f();
    (out, allocation_count() - before)
}

/// Declares, in the test binary that invokes it, a global allocator that
/// forwards to the system allocator unchanged and counts each allocation
/// with [`record_allocation`]; read the count with [`allocation_count`] or
/// [`allocations`]. Invoke it once, at the top level of a test file.
#[macro_export]
macro_rules! counting_allocator {
    () => {
        /// The system allocator, counting allocations.
        struct CountingAllocator;

        // SAFETY: forwards to the system allocator unchanged, only counting calls.
        unsafe impl ::std::alloc::GlobalAlloc for CountingAllocator {
            unsafe fn alloc(&self, layout: ::std::alloc::Layout) -> *mut u8 {
                $crate::alloc::record_allocation();
                // SAFETY: same contract as the caller's.
                unsafe { ::std::alloc::GlobalAlloc::alloc(&::std::alloc::System, layout) }
            }

            unsafe fn dealloc(&self, ptr: *mut u8, layout: ::std::alloc::Layout) {
                // SAFETY: same contract as the caller's.
                unsafe { ::std::alloc::GlobalAlloc::dealloc(&::std::alloc::System, ptr, layout) }
            }
        }

        #[global_allocator]
        static COUNTING_ALLOCATOR: CountingAllocator = CountingAllocator;
    };
}
