//! cozy-chess's perft, counted the way its own examples count: the last ply
//! by the lengths of the move lists `generate_moves` hands its callback
//! (bulk counting, as chess3d's `count_legal_moves`). Shared with
//! `benches/chess3d.rs`.

/// The number of move sequences of length `depth` (at least 1) from `board`.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut n = 0;
    board.generate_moves(|moves| {
        if depth <= 1 {
            n += moves.len() as u64;
        } else {
            for mv in moves {
                let mut b = board.clone();
                b.play_unchecked(mv);
                n += cozy_perft(&b, depth - 1);
            }
        }
        false
    });
    n
}
