//! # chess3d
//!
//! <div style="overflow-x: auto">
//!
#![doc = include_str!("../doc/finished.svg")]
//!
//! </div>
//!
//! *A finished game: White mates the Black king on N2/B8 with the queen
//! from N1/D5 to N3/B7, two levels up (`doc/finished.svg`, drawn by
//! `svg::to_svg` of the `svg` feature).*
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
//! - checkmate wins, stalemate draws (C3-16); of the FIDE draws (C3-17), the
//!   dead position and the 75-move rule end a [`Position`] (it then has no
//!   legal moves: every game ends), repetitions and claims are [`Match`]'s;
//! - with one level and no castling rights this is FIDE chess (C3-21).
//!
//! A whole game in ten lines (a UI asks the player instead of taking the
//! first legal move):
//!
//! ```
//! use chess3d::{Match, Position, Record};
//!
//! let mut game = Match::new(Position::default());
//! while game.outcome().is_none() {
//!     let mv = game.legal_moves()[0]; // a UI asks the player instead
//!     game.play(mv)?;
//! }
//! println!("{}\n{}", game.position(), game.outcome().unwrap());
//! assert!(game.undo().is_some() && game.outcome().is_none()); // take the last move back
//! let record: Record = game.record().to_string().parse()?;
//! assert_eq!(record.replay()?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Moves are read in the context of a position, checked with the rule they
//! break, and everything a click-to-move UI asks is there:
//!
//! ```
//! use chess3d::{perft, Match, PlayError, Position};
//!
//! let mut game = Match::default();                      // 3 levels, Black first
//! for text in ["N2/E7-N2/E5", "N2/D2-N2/D4", "N2/E5xN2/D4", "N2/D1xN2/D4"] {
//!     let mv = game.parse_move(text)?;
//!     game.play(mv)?;
//! }
//! let pos = game.position().clone();
//! assert_eq!(pos.fen(),
//!     "8/8/8/8/8/8/8/8|nrkqrbbn/pppp1ppp/8/8/3Q4/8/PPP1PPPP/NRK1RBBN|8/8/8/8/8/8/8/8 b KQkq - 0 3");
//! let bishop = "N2/F8".parse()?;
//! assert!(pos.moves_from(bishop).iter().all(|m| m.from() == bishop));
//! let wrong = pos.parse_move("N2/F8-N2/F6")?;
//! assert_eq!(pos.check(wrong).unwrap_err().to_string(),
//!     "the Black bishop on N2/F8 cannot move to N2/F6: a bishop slides along the 12 planar diagonal steps only (C3-5)");
//! assert!(matches!(game.play(wrong), Err(PlayError::Geometry { .. })));
//! assert_eq!(perft(&pos, 1), pos.legal_moves().len() as u64);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Level count: run time or compile time
//!
//! [`FixedPosition<L>`](FixedPosition) fixes the number of levels at compile
//! time: each bitboard set is a `[u64; L]`, loops over levels unroll, and all
//! cross-level code vanishes for `L = 1`. [`Position`] is an enum over the eight
//! sizes, the type to use when the count is read at run time:
//!
//! - 3 levels (default): `Position::default()`, or `FixedPosition::<3>::default()`;
//! - one level (FIDE chess): `Position::from_fen("…plain FEN…")` or
//!   `Position::new(Config::new(1)?)`, or `FixedPosition::<1>::from_fen(…)`;
//! - any count: `Position::new(Config::new(n)?)` / `Position::from_fen(fen3d)`.
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
//!   C3-20's text leaves two things to the position: that a capture is en
//!   passant, and whose king castles. So a [`Move`]'s `Display` writes the
//!   *exact* text, which alone determines the move (its `FromStr` and serde
//!   form): en passant ends in `e.p.` (`N1/D5xN2/E6e.p.`) and castling names
//!   the king's cell (`O-O@N2/C1`, `O-O-O@N2/C8`); everything else is the C3-20
//!   text. `{:#}` writes the plain C3-20 text (`N1/D5xN2/E6`, `O-O`).
//!   [`Position::parse_move`] reads both, the plain one in the position's context.
//! - Records ([`Record`]): the position text on the first line, then the moves
//!   in plain C3-20 text.
//!
//! ## Decisions where the rules are silent
//!
//! - A position text must have all six fields (no EPD-style short FEN).
//! - Castling: the landing cell must not be attacked both in the position
//!   before the move and after it (C3-15 names both conditions).
//! - [`play`](Position::play) accepts exactly the moves
//!   [`legal_moves`](Position::legal_moves) lists: a [`Move`] built by
//!   hand with the wrong kind (a capture as `Normal`) is refused with
//!   [`PlayError::WrongKind`], which names the legal move. The move *text* is
//!   forgiving: [`parse_move`](Position::parse_move) reads the kind off
//!   the position, so `N2/D4-N3/E5` is read as the capture it is (C3-20).
//! - The Zobrist hash always includes the en-passant target; the repetition key
//!   drops it when no en-passant capture is legal (C3-17).
//! - [`Position::outcome`] puts checkmate and stalemate first, then the dead
//!   position, then the 75-move rule, so every game ends; perft counts
//!   through those draws (C3-22), so the position still lists its pieces'
//!   moves, while [`Match`] lists none. Its outcome adds fivefold repetition;
//!   claims (50 moves, threefold) are about the current position;
//!   [`Match::undo`] withdraws a claim.
//! - [`Position::check`] tests the one move (its piece's movement rule, its
//!   kind, then the king's safety after it) at a small constant cost, without
//!   the move generator, and returns exactly [`Position::play`]'s error.
//! - Dead positions with one level: bare kings, king and knight against king,
//!   and kings with bishops all on squares of one colour; with two levels or
//!   more, bare kings only (C3-17).
//!
//! ## Features
//! - `serde`: a position is `{"config": {"levels": 3}, "text": "<FEN3D>"}`
//!   (the text's level count must agree), a [`Config`] an object of defaulted
//!   fields (`{}` is 3 levels), a move its exact text, records and games
//!   ([`Match`]) their record text, replayed; everything is validated on the way in.
//! - `reference`: the slow, obviously-correct reference implementation.
//! - `svg`: the module `svg`, pictures of a position as standalone SVG
//!   documents (the levels side by side, highlights for a UI).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod agent;
mod config;
mod display;
mod error;
mod eval;
mod explain;
mod game;
mod geometry;
mod legal;
mod magic;
mod movegen;
mod moves;
mod notation;
mod perft;
mod piece;
mod play;
mod position;
mod record;
mod san;
mod search;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "svg")]
pub mod svg;
mod text;
mod zobrist;

#[cfg(feature = "reference")]
pub mod reference;

/// The README's examples, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use agent::{Agent, SearchReport};
pub use board_core::{
    divide, perft, Cell, Color, Game, GameMatch, History, Level, MatchRules, MoveList, Outcome,
    Square,
};
pub use config::{Config, LevelsError};
pub use error::{Geometry, ParseMoveError, PlayError, PositionError, RecordError};
pub use game::{DrawClaims, Match};
pub use moves::{Move, MoveKind};
pub use piece::{Piece, PieceError, Role};
pub use position::{CastlingRights, EndReason, FixedPosition, Position};
pub use record::Record;
