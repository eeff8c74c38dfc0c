//! Wires the `kybo` crate into the perft example.

use kybo::Position;

use crate::Args;

/// Runs perft from the empty board, White to move (unlimited supply),
/// after playing `args.moves`.
pub fn run_perft(args: &Args) -> Result<(), String> {
    crate::run(Position::new(), args)
}
