//! Helpers shared by the workspace's examples and benchmarks (not published).

#![forbid(unsafe_code)]
#![deny(missing_docs)]
