//! Criterion benchmarks for echec_o_cube (filled by the crate's issue).

fn main() {}
