//! Wires the `echec-o-cube` crate into the perft example.

use board_core::excerpt;
use echec_o_cube::{Config, Player, Position};

use crate::Args;

/// Runs perft from the start, or from `--position TEXT` (EOC-23): `--first
/// one|two` (default one) moves first, under the default configuration with
/// `--red-mode` and `--auto-announce` switched on if given, after playing
/// `args.moves`.
pub fn run_perft(args: &Args) -> Result<(), String> {
    let first = match args.first.as_deref() {
        None => Player::One,
        Some(text) => match text.to_ascii_lowercase().as_str() {
            "one" => Player::One,
            "two" => Player::Two,
            _ => return Err(format!("--first {:?}: expected one or two", excerpt(text))),
        },
    };
    let config = Config {
        red_mode: args.red_mode,
        auto_announce: args.auto_announce,
        first,
        ..Config::default()
    };
    let position = match &args.position {
        Some(text) => Position::from_text_with_config(text, config)
            .map_err(|e| format!("--position {:?}: {e}", excerpt(text)))?,
        None => Position::new(config),
    };
    crate::run(position, args)
}
