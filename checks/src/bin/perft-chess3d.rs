//! chess3d's perft as a user runs it: `chess3d::Position` read from the FEN
//! (plain FEN: one level; FEN3D: its level count), counted by
//! `chess3d::perft` (bulk counting at the last ply). Prints the count.
//!
//! `perft-chess3d FEN DEPTH`; built by `scripts/perft-compare` with the
//! `perft` profile, the same as its peers `perft-cozy` and `perft-shakmaty`.

use std::process::ExitCode;

use board_games_checks::{excerpt, perft_main};

fn main() -> ExitCode {
    perft_main(|fen, depth| {
        let pos: chess3d::Position = fen
            .parse()
            .map_err(|e| format!("chess3d cannot read {:?}: {e}", excerpt(fen)))?;
        Ok(chess3d::perft(&pos, depth))
    })
}
