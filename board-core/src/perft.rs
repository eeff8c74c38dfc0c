//! Perft: counting the leaves of the move tree to a given depth.

use crate::game::{Game, MoveList};

/// The number of move sequences of length `depth` from `game` (1 at depth 0).
///
/// The last ply is counted in bulk with [`Game::count_legal_moves`]. This
/// calls [`Game::perft`], whose default is [`copy_make_perft`](crate::copy_make_perft); a game may
/// override it (chess3d's run-time-sized `Position` dispatches to its
/// fixed-size core once at the root, not at every node).
///
/// ```
/// # use board_core::{perft, Game};
/// # fn check<G: Game>(start: &G) {
/// let leaves = perft(start, 3);
/// # let _ = leaves;
/// # }
/// ```
#[inline]
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    game.perft(depth)
}

/// Perft split by first move: each legal move with the number of sequences of
/// length `depth` that start with it, in move-generation order. Empty when
/// `depth` is 0.
pub fn divide<G: Game>(game: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = MoveList::new();
    game.generate_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = game.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}
