//! # echec-o-cube
//!
//! The complete rules of ÉCHEC O CUBE, a groove game in the family of Dots
//! and Boxes invented by Alain Dupont, on bitboards. Rule IDs (`EOC-n`) refer
//! to section 1 of the workspace's [`RULES.md`](https://github.com/board-rules/board-games/blob/main/RULES.md).
//!
//! ## The rules in brief
//! - 8 vertical grooves `A`–`H` and 8 horizontal grooves `1`–`8` cross at 64
//!   crossings (`D5`); between neighbouring crossings lie 112 segments
//!   (`D5-E5`, `D5-D6`) enclosing 49 unit squares (EOC-1, EOC-2).
//! - On a turn a player lays one pale (`P`) or dark (`F`) piece from their
//!   supply (50 pale, 20 dark) in an empty segment (EOC-4, EOC-6). The first
//!   piece is free (EOC-7); every later piece must touch a piece of the other
//!   kind at a crossing, and two darks may never end at the same crossing
//!   (EOC-8, EOC-9).
//! - Filling the outline of a 1×1 or 2×2 square closes it (EOC-11, EOC-12).
//!   A square is worth 6 (standard), 9 (one dark on its outline), 12 (two
//!   darks) or 12 (2×2), or 0 with a red on its outline (EOC-13, EOC-14).
//! - Announced (`!`), the placement scores and the player plays again;
//!   unannounced, the next player may claim the points before placing
//!   (EOC-15 to EOC-17).
//! - In red mode (off by default) a player may stand reds from a pool of 10
//!   in free crossings without using their turn (EOC-10).
//! - The game ends when the player to move has no legal placement; the final
//!   count is points − 1 per pale left − 2 per dark left (EOC-18, EOC-19).
//!
//! ## A short game
//! ```
//! use echec_o_cube::{Config, Move, Player, Position};
//!
//! let mut pos = Position::new(Config::default(), Player::One);
//! for text in ["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6", "claim"] {
//!     pos.play(text.parse::<Move>()?)?;
//! }
//! // Two closed D5-E6 (two darks: maximal, 12) without announcing;
//! // One claimed the 12 points and now places a piece.
//! assert_eq!(pos.points(Player::One), 12);
//! assert_eq!(pos.turn(), Player::One);
//! pos.play("P C5-D5".parse()?)?;
//! assert_eq!(pos.last_closed().count(), 0);
//! assert_eq!(pos.turn(), Player::Two);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Decisions where the rules are silent
//! - A game ends as soon as the player to move has no legal placement
//!   (EOC-18), even if the other player could still place: the game's
//!   "blockage". A pending claim then lapses and no red may be placed.
//! - The [`EndReason`] says why: `board full` (all 112 segments hold a piece),
//!   `out of pieces` (the player to move has none left), else `blockage`.
//! - The configuration gives both players the same supplies; every value
//!   0–255 is allowed, and so is any points value 0–255. A closing
//!   placement may be announced whenever it closes a square that is not dead,
//!   even if the points table makes that square worth 0.
//! - With `auto_announce` on, the unannounced form of a closing placement is
//!   illegal ([`PlayError::AnnouncementRequired`]), as EOC-15 removes it from
//!   the legal moves.
//! - [`Position::last_closed`] lists the squares closed by the last
//!   *placement*; a red or a claim afterwards leaves it unchanged.
//! - The move parser accepts blank space after the piece letter and before
//!   `!` (`f d6-d5 !`), and `R D5!` is an error (only placements are announced).
//! - Record text: a `config` line (preset `standard` or `family`, or fields),
//!   a `first` line, then one move per line; blank lines and `#` comments
//!   are skipped. Line numbers in errors count every line of the text.
//! - A position deserialized through serde is checked for what the rules
//!   guarantee (no two pieces per segment, no dark–dark contact, one chain of
//!   pale–dark contacts, piece and red counts, closures, claim, points within
//!   the worth of the closed live squares), not for full reachability.
//!
//! ## Bitboards
//! Pieces are four `u64` segment boards (pale and dark, horizontal by left
//! crossing and vertical by bottom crossing), reds a crossing board, closed
//! squares two boards by bottom-left corner. The crossings each kind
//! reaches, the legal segments of each kind and the squares a placement
//! closes are computed with whole-board shifts and masks. A [`Position`] is
//! a 112-byte `Copy` value (two cache lines), searched by copy-make.
//!
//! ## Features
//! - `serde`: `Serialize`/`Deserialize` for every data type; moves, segments,
//!   squares and records travel as text and positions are validated.
//! - `reference`: the module `reference`, a slow implementation written straight from
//!   the rules, used by the tests and benches to check the fast path.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod config;
mod display;
mod error;
mod geometry;
mod movegen;
mod notation;
mod play;
mod position;
mod record;
#[cfg(feature = "reference")]
pub mod reference;
#[cfg(feature = "serde")]
mod serde_impls;

pub use config::{Config, Points};
pub use error::{Error, ParseError, PlayError, PositionError, RecordError};
pub use geometry::{GameSquare, Orientation, Segment, Size};
pub use notation::Move;
pub use position::{Category, ClosedSquare, EndReason, Kind, Player, Position};
pub use record::Record;

/// A crossing of two grooves (`D5`): the shared 8×8 square type.
pub use board_core::Square as Crossing;

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
