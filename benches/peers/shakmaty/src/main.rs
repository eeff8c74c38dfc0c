//! shakmaty's perft as its users run it: `shakmaty::perft`, the crate's own
//! function (bulk counting: the last ply is the length of `legal_moves`).
//!
//! `perft-shakmaty FEN DEPTH` prints the count; bad arguments get status 2.

use std::process::ExitCode;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [fen, depth] = &args[..] else {
        eprintln!("usage: perft-shakmaty FEN DEPTH");
        return ExitCode::from(2);
    };
    let Some(depth) = depth.parse::<u32>().ok().filter(|d| (1..=12).contains(d)) else {
        eprintln!(
            "perft-shakmaty: the depth is a count from 1 to 12, not {:?}",
            excerpt(depth)
        );
        return ExitCode::from(2);
    };
    let pos: Chess = match Fen::from_ascii(fen.as_bytes()) {
        Ok(f) => match f.into_position(CastlingMode::Standard) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!(
                    "perft-shakmaty: shakmaty refuses the position {:?}: {e}",
                    excerpt(fen)
                );
                return ExitCode::from(2);
            }
        },
        Err(e) => {
            eprintln!(
                "perft-shakmaty: shakmaty cannot read the FEN {:?}: {e}",
                excerpt(fen)
            );
            return ExitCode::from(2);
        }
    };
    println!("{}", shakmaty::perft(&pos, depth));
    ExitCode::SUCCESS
}

/// At most the first 40 characters of `text`, for messages.
fn excerpt(text: &str) -> String {
    text.chars().take(40).collect()
}
