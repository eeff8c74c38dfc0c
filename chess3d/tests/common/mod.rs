//! Helpers shared by the chess3d test files.

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
