//! Wires the `kybo` crate into the perft example.

use board_core::excerpt;
use kybo::Position;

use crate::Args;

/// Runs perft from the empty board, White to move (unlimited supply), or
/// from `--position TEXT`, after playing `args.moves`.
pub fn run_perft(args: &Args) -> Result<(), String> {
    let position = match &args.position {
        Some(text) => {
            Position::from_text(text).map_err(|e| format!("--position {:?}: {e}", excerpt(text)))?
        }
        None => Position::default(),
    };
    crate::run(position, args)
}
