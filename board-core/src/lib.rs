//! # board-core
//!
//! What the board-game rules crates [`echec-o-cube`], [`kybo`] and [`chess3d`]
//! share, written once:
//!
//! - [`File`], [`Rank`] and [`Square`] for the 8×8 plane, and [`Level`] and
//!   [`Cell`] for up to eight stacked planes, with their notation (`D5`,
//!   `N2/C1`): formatters write upper case, parsers accept either case and
//!   return a typed [`NotationError`] that names what was wrong;
//! - [`Bitboard`], a set of squares in one `u64`, with shifts that never wrap;
//! - [`Color`] and [`Outcome`], the players and the result of a game;
//! - the [`Game`] trait, and written once against it: [`History`] (undo and
//!   redo), [`perft`], [`divide`], [`random_playout`] with the seeded [`Rng`];
//! - [`Match`], the one match of every game crate (a game with its moves,
//!   undo, redo, record, repetitions and draw claims), built on what a
//!   position tells it ([`MatchRules`]), and the [`GameMatch`] trait through
//!   which code written once for every game drives it;
//! - what a computer player is: the [`Agent`] trait, its [`Budget`] (nodes
//!   or time), the [`Difficulty`] a person picks, the [`Computer`] trait of a game
//!   that ships its own opponent, and [`Mcts`], a search for any game;
//! - [`Message`] and [`Explain`], what a player reads as a catalogue key and
//!   named arguments, which every error type gives for rendering in a language;
//! - [`excerpt`], how every error message of the workspace quotes its input;
//! - [`zobrist_keys`], [`zobrist_of_bits`] and [`zobrist_of_value`], from which
//!   each game computes its position's 64-bit `zobrist()` key.
//!
//! The index of a square is `rank * 8 + file` (A1 = 0, H1 = 7, A8 = 56, H8 = 63).
//!
//! ```
//! use board_core::{Bitboard, Cell, Square};
//!
//! let d5: Square = "d5".parse()?;
//! assert_eq!(d5.to_string(), "D5");
//! let around = Bitboard::from_square(d5).orthogonal_neighbours();
//! assert_eq!(around.count(), 4);
//! let cell: Cell = "N2/C1".parse()?;
//! assert_eq!(cell.level().number(), 2);
//! # Ok::<(), board_core::NotationError>(())
//! ```
//!
//! ## Features
//! - `serde`: `Serialize`/`Deserialize` for every public data type. Squares and
//!   cells travel as their text (`"D5"`, `"N2/C1"`) and are validated on the way in.
//! - `svg`: [`Svg`], the small SVG writer the games draw their boards with.
//!
//! [`echec-o-cube`]: https://docs.rs/echec-o-cube
//! [`kybo`]: https://docs.rs/kybo
//! [`chess3d`]: https://docs.rs/chess3d

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod agent;
mod bitboard;
mod cell;
mod error;
mod game;
mod game_match;
mod history;
mod message;
mod perft;
mod player;
mod playout;
mod rng;
mod search;
mod select;
#[cfg(feature = "serde")]
mod serde_impls;
mod square;
#[cfg(feature = "svg")]
mod svg;
mod text;
#[cfg(test)]
mod tictactoe;
mod zobrist;

pub use agent::{Agent, Budget, Clock, Computer, Difficulty, ParseDifficultyError, Timer};
pub use bitboard::{Bitboard, BitboardIter};
pub use cell::{Cell, Level};
pub use error::NotationError;
pub use game::{copy_make_perft, play_random_moves, Game, MoveList};
pub use game_match::{GameMatch, Match, MatchRules};
pub use history::History;
pub use message::{expected_word, Arg, Explain, Message, Status, Words};
pub use perft::{divide, perft};
pub use player::{Color, Outcome};
pub use playout::{random_playout, Playout};
pub use rng::Rng;
pub use search::{Mcts, Policy, Uniform};
pub use select::{BitRanks, ListedRanks};
/// The `serde` crate, for [`serde_via_text!`] to name from other crates.
#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde as __serde;
#[cfg(feature = "serde")]
pub use serde_impls::{
    deserialize_config_and_text, deserialize_from_str, serialize_config_and_text,
};
pub use square::{File, Rank, Square};
#[cfg(feature = "svg")]
pub use svg::{escape as svg_escape, say as svg_say, Svg, SvgOptions};
pub use text::{excerpt, EXCERPT_CHARS};
pub use zobrist::{zobrist_keys, zobrist_of_bits, zobrist_of_value};
