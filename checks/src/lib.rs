//! The board-games workspace's cross-game property tests (`tests/`); the
//! criterion benchmarks are in the top-level `benches/` package, the
//! side-by-side perft programs in `benches/peers/`.
//!
//! They live in a package of their own so that their heavy dependencies
//! (proptest, and the benchmark peers cozy-chess and shakmaty) stay out of
//! what `cargo run --example demo` compiles. The library holds what the
//! tests, the benchmarks and the fuzz targets (`fuzz/`) share: the invariant
//! harness ([`invariants`]) and the fuzz target bodies ([`fuzzing`]),
//! written once against the small [`Checked`] trait, which each game
//! implements in [`games`]; and shakmaty's perft for the benchmarks.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod checked;
pub mod fuzzing;
pub mod games;
pub mod invariants;

pub use checked::{replay_text, Checked};

/// board-core's README, whose example runs one generic function over the
/// three games: a doctest here, where the game crates are at hand (board-core
/// itself cannot depend on them).
#[doc = include_str!("../../board-core/README.md")]
#[cfg(doctest)]
pub struct BoardCoreReadme;

/// shakmaty's perft, the peer's own idiom (`shakmaty::perft`): copy-make,
/// the last ply counted in bulk (the length of the legal move list). Used by
/// the criterion bench; `scripts/perft-compare` times `shakmaty::perft`
/// itself, in `benches/peers/shakmaty/`.
#[must_use]
pub fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position as _;
    let moves = pos.legal_moves();
    if depth <= 1 {
        moves.len() as u64
    } else {
        moves
            .iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(*m);
                shakmaty_perft(&child, depth - 1)
            })
            .sum()
    }
}
