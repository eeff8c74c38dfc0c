//! # chess3d
//!
//! Skeleton being filled: see the crate README.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod display;
mod error;
mod geometry;
mod movegen;
mod moves;
mod notation;
mod piece;
mod play;
mod position;
mod zobrist;

#[cfg(feature = "reference")]
pub mod reference;

pub use board_core::{Cell, Color, Game, Level, MoveList, Outcome, Square};
pub use error::{FenError, LevelsError, MoveTextError, PieceError, PlayError, RecordError};
pub use moves::{Move, MoveKind};
pub use piece::{Piece, Role};
pub use play::EndReason;
pub use position::{CastlingRights, FixedPosition, Position};
