//! chess3d's perft as a user runs it: `chess3d::Position` read from the FEN
//! (plain FEN: one level; FEN3D: its level count), counted by
//! `chess3d::perft` (bulk counting at the last ply). Prints the count.
//!
//! `perft-chess3d FEN DEPTH`; built by `scripts/perft-compare` with the
//! `perft` profile, the same as its peers `perft-cozy` and `perft-shakmaty`.

use std::process::ExitCode;

use board_games_checks::{excerpt, perft_args};

fn main() -> ExitCode {
    let run = || -> Result<u64, String> {
        let (fen, depth) = perft_args(std::env::args())?;
        let pos: chess3d::Position = fen
            .parse()
            .map_err(|e| format!("chess3d cannot read {:?}: {e}", excerpt(&fen)))?;
        Ok(chess3d::perft(&pos, depth))
    };
    match run() {
        Ok(n) => {
            println!("{n}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
