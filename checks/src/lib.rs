//! The board-games workspace's benchmarks (`benches/`, `cargo bench -p
//! board-games-checks`) and its cross-game property tests (`tests/`).
//!
//! They live in a package of their own so that their heavy dependencies
//! (criterion, proptest, and the benchmark peers cozy-chess and shakmaty)
//! stay out of what `cargo run --example demo` compiles. The library holds
//! what the tests and the fuzz targets (`fuzz/`) share: the invariant
//! harness ([`invariants`]) and the fuzz target bodies ([`fuzzing`]),
//! written once against the small [`Checked`] trait, which each game
//! implements in [`games`]; and the perft programs' command line.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod checked;
pub mod fuzzing;
pub mod games;
pub mod invariants;

pub use checked::{replay_text, Checked};

/// board-core's README, whose example runs one generic function over the
/// three games: a doctest here, where the game crates are at hand (board-core
/// itself cannot depend on them).
#[doc = include_str!("../../board-core/README.md")]
#[cfg(doctest)]
pub struct BoardCoreReadme;

/// The command line of the perft programs in `src/bin/` (the side-by-side
/// harness `scripts/perft-compare`): a FEN and a depth, `PROGRAM FEN DEPTH`.
///
/// # Errors
/// A message naming what is missing or wrong, quoting a short part of it.
pub fn perft_args(mut args: impl Iterator<Item = String>) -> Result<(String, u32), String> {
    let program = args.next().unwrap_or_else(|| "perft".into());
    let usage = format!("usage: {program} FEN DEPTH");
    let fen = args.next().ok_or_else(|| usage.clone())?;
    let depth = args.next().ok_or_else(|| usage.clone())?;
    if args.next().is_some() {
        return Err(usage);
    }
    let depth = depth
        .parse()
        .ok()
        .filter(|d| (1..=12).contains(d))
        .ok_or_else(|| format!("depth {:?}: not a number from 1 to 12", excerpt(&depth)))?;
    Ok((fen, depth))
}

/// At most the first 40 characters of `text`, for messages.
pub fn excerpt(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s
}

/// The `main` of a perft program in `src/bin/`: reads `FEN DEPTH` from the
/// command line ([`perft_args`]), counts with `count`, and prints the count
/// (status 0) or the error (status 2).
pub fn perft_main(count: impl FnOnce(&str, u32) -> Result<u64, String>) -> std::process::ExitCode {
    match perft_args(std::env::args()).and_then(|(fen, depth)| count(&fen, depth)) {
        Ok(n) => {
            println!("{n}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::ExitCode::from(2)
        }
    }
}

/// shakmaty's perft, the peer's own idiom: copy-make, the last ply counted
/// in bulk (the length of the legal move list). Used by the side-by-side
/// program `perft-shakmaty` and the criterion bench alike.
#[must_use]
pub fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position as _;
    let moves = pos.legal_moves();
    if depth <= 1 {
        moves.len() as u64
    } else {
        moves
            .iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(*m);
                shakmaty_perft(&child, depth - 1)
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Result<(String, u32), String> {
        perft_args(a.iter().map(|s| s.to_string()))
    }

    #[test]
    fn perft_args_read_fen_and_depth() {
        assert_eq!(args(&["p", "8/8 w", "5"]), Ok(("8/8 w".into(), 5)));
        assert!(args(&["p", "8/8 w"]).unwrap_err().contains("usage"));
        assert!(args(&["p", "f", "5", "x"]).unwrap_err().contains("usage"));
        assert!(args(&["p", "f", "0"]).unwrap_err().contains("1 to 12"));
        assert!(args(&["p", "f", "deep"]).unwrap_err().contains("\"deep\""));
        assert_eq!(excerpt(&"x".repeat(100)).chars().count(), 41);
    }
}
