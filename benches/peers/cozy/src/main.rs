//! cozy-chess's perft as its users run it: `perft_bulk` of cozy-chess's own
//! `cozy-chess/examples/perft.rs` (github.com/analog-hors/cozy-chess), which
//! matches on the depth outside `generate_moves`'s callback and counts the
//! last ply by the lengths of the move lists it is handed.
//!
//! `perft-cozy FEN DEPTH` prints the count; bad arguments get status 2.

use std::process::ExitCode;

use cozy_chess::Board;

/// cozy-chess's bulk perft in the shape of its examples' `perft_bulk`: the
/// depth decides outside the callback whether the lists are counted (last
/// ply) or their moves played on copies of the board.
fn perft_bulk(board: &Board, depth: u8) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += perft_bulk(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [fen, depth] = &args[..] else {
        eprintln!("usage: perft-cozy FEN DEPTH");
        return ExitCode::from(2);
    };
    let Some(depth) = depth.parse::<u8>().ok().filter(|d| (1..=12).contains(d)) else {
        eprintln!(
            "perft-cozy: the depth is a count from 1 to 12, not {:?}",
            excerpt(depth)
        );
        return ExitCode::from(2);
    };
    match Board::from_fen(fen, false) {
        Ok(board) => {
            println!("{}", perft_bulk(&board, depth));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!(
                "perft-cozy: cozy-chess cannot read the FEN {:?}: {e:?}",
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
