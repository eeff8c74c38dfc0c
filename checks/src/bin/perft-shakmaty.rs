//! shakmaty's perft (bulk counting: the last ply is the length of
//! `legal_moves`), as its own program. Prints the count. shakmaty is GPL-3.0
//! and a dependency of this unpublished package only.
//!
//! `perft-shakmaty FEN DEPTH`; built by `scripts/perft-compare` with the
//! `perft` profile, the same as `perft-chess3d` and `perft-cozy`.

use std::process::ExitCode;

use board_games_checks::{excerpt, perft_main, shakmaty_perft};

fn main() -> ExitCode {
    perft_main(|fen, depth| {
        let pos: shakmaty::Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
            .map_err(|e| format!("shakmaty cannot read {:?}: {e}", excerpt(fen)))?
            .into_position(shakmaty::CastlingMode::Standard)
            .map_err(|e| format!("shakmaty refuses {:?}: {e}", excerpt(fen)))?;
        Ok(shakmaty_perft(&pos, depth))
    })
}
