//! Any of the workspace's games — ÉCHEC O CUBE, KYBO and chess3d — behind
//! one object-safe face, [`AnyGame`], driven by text: a game is looked up by
//! name in a [`Registry`] and made from its configuration as JSON, or
//! replayed from its record. The web page, the server and the language
//! bindings all drive the games through it.
//!
//! Notation (moves, places, position and record texts) is data, the same
//! in every language; what a person reads is a [`board_core::Message`] that
//! a catalogue (the workspace's `board-l10n`) words in French or English,
//! given beside the rules crate's English ([`Said`]). Refusals are typed
//! ([`Error`]) and say what and where; input longer than
//! [`MAX_INPUT_BYTES`] is refused unread, and no input makes a game panic.
//!
//! ```
//! let mut game = board_any::start("kybo", "{}")?;
//! assert_eq!(game.turn(), "White");
//! let first = game.legal_moves()[0].clone();
//! game.play(&first)?;
//! let err = game.play("nonsense").unwrap_err();
//! assert!(matches!(err, board_any::Error::Move(_)));
//! let again = board_any::replay("kybo", &game.record_text())?;
//! assert_eq!(again.moves(), [first]);
//! # Ok::<(), board_any::Error>(())
//! ```
//!
//! A new game implements [`Playable`] (a file in `games/`) and adds one
//! line to [`Registry::standard`].

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod any_game;
mod error;
mod games;
mod picture;
mod playable;
mod registry;

pub use any_game::{AnyGame, End, Seat};
pub use error::{bounded, Error, Input, Said, MAX_INPUT_BYTES};
pub use picture::PictureOptions;
pub use playable::Playable;
pub use registry::{games, replay, start, GameInfo, Registry};

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
