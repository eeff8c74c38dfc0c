//! cozy-chess's perft, its own idiom (bulk counting: the last ply is the
//! lengths of the move lists `generate_moves` hands the callback), as its
//! own program. Prints the count.
//!
//! `perft-cozy FEN DEPTH`; built by `scripts/perft-compare` with the `perft`
//! profile, the same as `perft-chess3d` and `perft-shakmaty`.

use std::process::ExitCode;

use board_games_checks::{excerpt, perft_main};

#[path = "../../../examples/perft/cozy.rs"]
mod cozy;

fn main() -> ExitCode {
    perft_main(|fen, depth| {
        let board: cozy_chess::Board = fen
            .parse()
            .map_err(|e| format!("cozy-chess cannot read {:?}: {e:?}", excerpt(fen)))?;
        Ok(cozy::cozy_perft(&board, depth))
    })
}
