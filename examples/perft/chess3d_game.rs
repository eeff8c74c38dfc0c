//! Wires the `chess3d` crate into the perft example.

use crate::Args;

/// Runs perft as `args` asks (the game is not implemented yet).
pub fn run_perft(_args: &Args) -> Result<(), String> {
    Err("chess3d is not implemented yet".to_owned())
}
