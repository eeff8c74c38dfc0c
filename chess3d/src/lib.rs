//! # chess3d
//!
//! Skeleton: the rules land with this crate's own issue.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "reference")]
pub mod reference;
