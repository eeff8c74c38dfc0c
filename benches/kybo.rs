//! Criterion benchmarks for kybo (filled by the crate's issue).

fn main() {}
