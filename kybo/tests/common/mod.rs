// Shared helpers of the whole-game tests (included with `mod common;`).
#![allow(dead_code)]

use kybo::{Config, Position, Record, Square};

/// Replays a record from the empty board (unlimited supply), panicking with
/// the record error if a move is illegal.
pub fn replay(moves: &str) -> Position {
    let game = moves
        .parse::<Record>()
        .and_then(|r| r.replay())
        .unwrap_or_else(|e| panic!("{moves}: {e}"));
    *game.position()
}

/// Replays the moves of a record from the empty board of a game with `config`.
pub fn replay_with(moves: &str, config: Config) -> Position {
    let parsed: Record = moves.parse().unwrap_or_else(|e| panic!("{moves}: {e}"));
    let mut record = Record::new(Position::new(config));
    record.extend(parsed.moves().iter().copied());
    let game = record.replay().unwrap_or_else(|e| panic!("{moves}: {e}"));
    *game.position()
}

/// A position text from `(square, stack bottom-to-top)` pairs and the side to move.
pub fn text(stacks: &[(&str, &str)], side: char) -> String {
    let mut cells: Vec<String> = vec![".".into(); 64];
    for (sq, stack) in stacks {
        let sq: Square = sq.parse().unwrap();
        cells[sq.index()] = if stack.len() == 1 {
            stack.to_string()
        } else {
            format!("({stack})")
        };
    }
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|r| cells[r * 8..r * 8 + 8].concat())
        .collect();
    format!("{} {side}", ranks.join("/"))
}

/// Parses a position built with [`text`], panicking with the error.
pub fn position(stacks: &[(&str, &str)], side: char) -> Position {
    let t = text(stacks, side);
    Position::from_text(&t).unwrap_or_else(|e| panic!("{t}: {e}"))
}

pub fn sq(s: &str) -> Square {
    s.parse().unwrap()
}
