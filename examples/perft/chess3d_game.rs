//! Wires the `chess3d` crate into the perft example.

use chess3d::Position;

use crate::Args;

/// Runs perft from `--fen TEXT` (FEN3D or plain FEN), else the default start
/// with `--levels N` levels, else the default 3-level start.
pub fn run_perft(args: &Args) -> Result<(), String> {
    let position = match (&args.fen, args.levels) {
        (Some(fen), _) => Position::from_fen(fen).map_err(|e| format!("--fen {fen:?}: {e}"))?,
        (None, Some(n)) => {
            Position::start_with_levels(usize::from(n)).map_err(|e| format!("--levels {n}: {e}"))?
        }
        (None, None) => Position::start(),
    };
    crate::run(position, args)
}
