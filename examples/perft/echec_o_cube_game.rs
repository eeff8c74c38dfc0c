//! Wires the `echec-o-cube` crate into the perft example.

use echec_o_cube::{Config, Player, Position};

use crate::Args;

/// Runs perft from the start: `--first one|two` (default one) moves first,
/// under the default configuration with `--red-mode` and `--auto-announce`
/// switched on if given, after playing `args.moves`.
pub fn run_perft(args: &Args) -> Result<(), String> {
    let first = match args.first.as_deref() {
        None => Player::One,
        Some(text) => match text.to_ascii_lowercase().as_str() {
            "one" => Player::One,
            "two" => Player::Two,
            _ => return Err(format!("--first {text:?}: expected one or two")),
        },
    };
    let config = Config {
        red_mode: args.red_mode,
        auto_announce: args.auto_announce,
        ..Config::default()
    };
    crate::run(Position::new(config, first), args)
}
