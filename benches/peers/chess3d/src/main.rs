//! chess3d's perft as its users run it: a `chess3d::Position` read from the
//! FEN (plain FEN: one level; FEN3D: its level count), counted by
//! `chess3d::perft` (bulk counting at the last ply).
//!
//! `perft-chess3d FEN DEPTH` prints the count; bad arguments get status 2.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [fen, depth] = &args[..] else {
        eprintln!("usage: perft-chess3d FEN DEPTH");
        return ExitCode::from(2);
    };
    let Some(depth) = depth.parse::<u32>().ok().filter(|d| (1..=12).contains(d)) else {
        eprintln!(
            "perft-chess3d: the depth is a count from 1 to 12, not {:?}",
            excerpt(depth)
        );
        return ExitCode::from(2);
    };
    match fen.parse::<chess3d::Position>() {
        Ok(pos) => {
            println!("{}", chess3d::perft(&pos, depth));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!(
                "perft-chess3d: chess3d cannot read the FEN {:?}: {e}",
                excerpt(fen)
            );
            ExitCode::from(2)
        }
    }
}

/// At most the first 40 characters of `text`, for messages.
fn excerpt(text: &str) -> String {
    text.chars().take(40).collect()
}
