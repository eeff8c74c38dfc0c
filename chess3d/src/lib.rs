//! # chess3d
//!
//! "La première variante 3D des échecs réellement jouable": FIDE chess on 1 to 8
//! stacked 8×8 levels (default 3), with legal move generation on bitboards.
//! The rules are section 3 of the workspace's [RULES.md](https://github.com/board-rules/board-games/blob/main/RULES.md) (IDs C3-1 … C3-22):
//!
//! - cells are written `N2/C1` (level, slash, square); Black moves first (C3-13);
//! - rooks slide along the 6 orthogonal steps of the space, bishops along the 12
//!   planar diagonal ones, queens along all 26 (C3-4 … C3-6); knights leap
//!   (2, 1, 0) in any axis order, up to 24 targets (C3-7);
//! - a king steps within its level, but captures (and gives check) on all 26
//!   neighbours (C3-8); a pawn moves forward on its own level and captures on 6
//!   cells: file ± 1, one rank forward, same level or one up or down (C3-9);
//!   en passant works across levels (C3-10); promotion on any level (C3-11);
//! - castling on the home level `(L + 1) / 2`, king on C: `O-O` swaps king and
//!   rook B, `O-O-O` puts the king on D and rook E on C (C3-15);
//! - checkmate wins, stalemate draws (C3-16); the FIDE draws (C3-17) are in [`Match`];
//! - with one level and no castling rights this is FIDE chess (C3-21).
//!
//! ```
//! use board_core::{perft, Game};
//! use chess3d::{Match, Position};
//!
//! let mut game = Match::new(Position::start());        // 3 levels, Black first
//! for text in ["N2/E7-N2/E5", "N2/D2-N2/D4", "N2/E5xN2/D4", "N2/D1xN2/D4"] {
//!     let mv = game.parse_move(text)?;
//!     game.play(mv)?;
//! }
//! assert_eq!(game.position().fen(),
//!     "8/8/8/8/8/8/8/8|nrkqrbbn/pppp1ppp/8/8/3Q4/8/PPP1PPPP/NRK1RBBN|8/8/8/8/8/8/8/8 b KQkq - 0 3");
//! assert_eq!(game.outcome(), None);
//! assert_eq!(perft(game.position(), 1), game.position().legal_move_list().len() as u64);
//! # Ok::<(), chess3d::PlayError>(())
//! ```
//!
//! ## Level count: run time or compile time
//!
//! [`FixedPosition<L>`](FixedPosition) fixes the number of levels at compile
//! time: each bitboard set is a `[u64; L]`, loops over levels unroll, and all
//! cross-level code vanishes for `L = 1`. [`Position`] is an enum over the eight
//! sizes, the type to use when the count is read at run time:
//!
//! - 3 levels (default): `Position::start()`, or `FixedPosition::<3>::start()`;
//! - one level (FIDE chess): `Position::from_fen("…plain FEN…")` or
//!   `Position::start_with_levels(1)`, or `FixedPosition::<1>::from_fen(…)`;
//! - any count: `Position::start_with_levels(n)` / `Position::from_fen(fen3d)`.
//!
//! This was chosen by measurement (see the crate README for the figures): a
//! run-time level count stored inline would need room for 8 levels (over 500
//! bytes to copy per node) and loops with unknown bounds, while the enum
//! dispatches once per call on top of the const-generic core and costs little;
//! 1 to 3 levels are stored inline (at most 256 bytes), 4 to 8 boxed.
//!
//! ## Notation
//!
//! - Positions (C3-19): FEN3D, the level boards `N1|N2|…` then side, castling,
//!   en passant, clocks; with one level plain FEN ([`Position::fen`], [`Position::from_fen`]).
//! - Moves (C3-20): `N2/E2-N2/E4`, `N2/D4xN3/E5`, `N2/A7-N2/A8=Q`, `O-O`, `O-O-O`.
//! - Records ([`Record`]): the position text on the first line, then the moves.
//!
//! ## Decisions where the rules are silent
//!
//! - A position text must have all six fields (no EPD-style short FEN).
//! - Castling: the landing cell must not be attacked both in the position
//!   before the move and after it (C3-15 names both conditions).
//! - [`play`](Position::play) accepts exactly the moves
//!   [`legal_moves`](board_core::Game::legal_moves) lists: a [`Move`] built by
//!   hand with the wrong kind (a capture as `Normal`) is refused with
//!   [`PlayError::WrongKind`], which names the legal move. The move *text* is
//!   forgiving: [`parse_move`](board_core::Game::parse_move) reads the kind off
//!   the position, so `N2/D4-N3/E5` is read as the capture it is (C3-20).
//! - The Zobrist hash always includes the en-passant target; the repetition key
//!   drops it when no en-passant capture is legal (C3-17).
//! - [`Match`]'s outcome puts checkmate and stalemate first, then the dead
//!   position, the 75-move rule and fivefold repetition; claims (50 moves,
//!   threefold) are about the current position.
//! - Dead positions with one level: bare kings, king and knight against king,
//!   and kings with bishops all on squares of one colour; with two levels or
//!   more, bare kings only (C3-17).
//!
//! ## Features
//! - `serde`: positions, games ([`Match`]) and records travel as their text and
//!   are validated on the way in; moves as their cells and kind.
//! - `reference`: the slow, obviously-correct reference implementation.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod config;
mod display;
mod error;
mod game;
mod geometry;
mod movegen;
mod moves;
mod notation;
mod piece;
mod play;
mod position;
mod record;
#[cfg(feature = "serde")]
mod serde_impls;
mod zobrist;

#[cfg(feature = "reference")]
pub mod reference;

/// The README's examples, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use board_core::{Cell, Color, Game, Level, MoveList, Outcome, Square};
pub use config::Config;
pub use error::{FenError, LevelsError, MoveTextError, PieceError, PlayError, RecordError};
pub use game::Match;
pub use moves::{Move, MoveKind};
pub use piece::{Piece, Role};
pub use play::EndReason;
pub use position::{CastlingRights, FixedPosition, Position};
pub use record::Record;
