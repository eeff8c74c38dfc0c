//! Helpers shared by the chess3d test files (each uses a part of them).
#![allow(dead_code)]

use board_core::Cell;

/// The positions of `data/perft3d.txt`: each FEN with its `(depth, count)` lines.
pub fn perft_data() -> Vec<(String, Vec<(u32, u64)>)> {
    let text = include_str!("../data/perft3d.txt");
    let mut out: Vec<(String, Vec<(u32, u64)>)> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match line.split_once(' ') {
            Some((d, n)) if d.parse::<u32>().is_ok() && n.parse::<u64>().is_ok() => {
                let entry = out.last_mut().expect("a FEN line comes first");
                entry.1.push((d.parse().unwrap(), n.parse().unwrap()));
            }
            _ => out.push((line.to_string(), Vec::new())),
        }
    }
    out
}

/// A FEN3D text with `levels` levels holding `pieces` (`("N2/C1", 'K')`).
pub fn fen(levels: usize, pieces: &[(&str, char)], rest: &str) -> String {
    let mut boards = vec![[[None::<char>; 8]; 8]; levels];
    for (cell, p) in pieces {
        let c: Cell = cell.parse().unwrap();
        boards[c.level().index()][c.square().rank().index()][c.square().file().index()] = Some(*p);
    }
    let text: Vec<String> = boards
        .iter()
        .map(|b| {
            (0..8)
                .rev()
                .map(|r| {
                    let mut s = String::new();
                    let mut empty = 0;
                    for square in b[r] {
                        match square {
                            Some(p) => {
                                if empty > 0 {
                                    s.push_str(&empty.to_string());
                                }
                                empty = 0;
                                s.push(p);
                            }
                            None => empty += 1,
                        }
                    }
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                    }
                    s
                })
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    format!("{} {rest}", text.join("|"))
}
