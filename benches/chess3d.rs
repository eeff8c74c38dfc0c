//! Criterion benchmarks for chess3d (filled by the crate's issue).

fn main() {}
