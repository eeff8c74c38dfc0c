//! # echec-o-cube
//!
//! Skeleton: the rules land with this crate's own issue.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
