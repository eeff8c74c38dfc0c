//! Wires the `chess3d` crate into the perft example.

use chess3d::{Config, Position};

use crate::Args;

/// Runs perft from `--fen TEXT` (FEN3D or plain FEN), else the default start
/// with `--levels N` levels, else the default 3-level start.
pub fn run_perft(args: &Args) -> Result<(), String> {
    let position = match (&args.fen, args.levels) {
        (Some(fen), _) => Position::from_fen(fen)
            .map_err(|e| format!("--fen {:?}: {e}", board_core::excerpt(fen)))?,
        (None, Some(n)) => {
            Position::new(Config::new(usize::from(n)).map_err(|e| format!("--levels {n}: {e}"))?)
        }
        (None, None) => Position::default(),
    };
    crate::run(position, args)
}
