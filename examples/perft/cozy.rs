//! cozy-chess's perft in the shape of its own examples' `perft_bulk`: the
//! depth decides outside `generate_moves`'s callback whether the last ply is
//! counted by the lengths of the move lists it is handed (bulk counting, as
//! chess3d's `count_legal_moves`) or the moves are played on copies (issue
//! #42: deciding inside the callback cost cozy-chess a third of its speed).
//! Shared with `benches/chess3d.rs`; `scripts/perft-compare` times
//! the same idiom as its own program (`benches/peers/cozy/`).

/// The number of move sequences of length `depth` (at least 1) from `board`.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut n = 0;
    if depth <= 1 {
        board.generate_moves(|moves| {
            n += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut b = board.clone();
                b.play_unchecked(mv);
                n += cozy_perft(&b, depth - 1);
            }
            false
        });
    }
    n
}
