//! Test helpers shared by the game crates of the workspace, written once:
//! each crate takes this unpublished crate as a dev-dependency.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod alloc;
pub mod game_match;
pub mod sampler;
pub mod svg;
