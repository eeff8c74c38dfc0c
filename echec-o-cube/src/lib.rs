//! # echec-o-cube
//!
//! <div style="overflow-x: auto">
//!
#![doc = include_str!("../doc/finished.svg")]
//!
//! </div>
//!
//! *A finished game: the board is full; closed squares are tinted blue for
//! the squares One scored, orange for Two's, grey for points nobody took;
//! corner marks show the closed 2×2 squares (`doc/finished.svg`, drawn by
//! `svg::to_svg` of the `svg` feature).*
//!
//! The complete rules of ÉCHEC O CUBE, a groove game in the family of Dots
//! and Boxes invented by Alain Dupont, on bitboards. Rule IDs (`EOC-n`) refer
//! to section 1 of the workspace's [`RULES.md`](https://github.com/board-rules/board-games/blob/main/RULES.md).
//!
//! ```
//! use echec_o_cube::{Match, Position, Record};
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
//! use echec_o_cube::{Player, Position};
//!
//! let mut pos = Position::default(); // standard rules, One first
//! for text in ["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6", "claim"] {
//!     pos.play(pos.parse_move(text)?)?;
//! }
//! // Two closed D5-E6 (two darks: maximal, 12) without announcing;
//! // One claimed the 12 points and now places a piece.
//! assert_eq!(pos.points(Player::One), 12);
//! assert_eq!(pos.turn(), Player::One);
//! // The claim credits One with the square Two closed (EOC-17).
//! let d5e6 = pos.closed_squares().next().unwrap();
//! assert_eq!((d5e6.closed_by, d5e6.scored_by), (Player::Two, Some(Player::One)));
//! assert_eq!(pos.to_text(), "7/8/7/8/3p3/3ff3/3p3/8/7/8/7/8/7/8/7 - 1 48,20,50,18,10 12,0 D5-E6:21");
//! pos.play(pos.parse_move("P C5-D5")?)?;
//! assert_eq!(pos.last_closed().count(), 0);
//! assert_eq!(pos.turn(), Player::Two);
//! # Ok::<(), echec_o_cube::PlayError>(())
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
//! - Who plays first is the configuration's field [`Config::first`] (default
//!   One); [`Position::toss`] chooses it by a seeded coin toss (EOC-5).
//! - With `auto_announce` on, the unannounced form of a closing placement is
//!   illegal ([`PlayError::AnnouncementRequired`]), as EOC-15 removes it from
//!   the legal moves.
//! - [`Position::last_closed`] lists the squares closed by the last
//!   *placement*; a red or a claim afterwards leaves it unchanged.
//! - The move parser accepts blank space after the piece letter and before
//!   `!` (`f d6-d5 !`), and `R D5!` is an error (only placements are announced).
//! - Record text ([`Record`]): a `config` line (preset `standard` or
//!   `family`, or fields), a `first` line, a `start` line with the position
//!   text only when the game does not start from its configuration's start,
//!   then one move per line; blank lines and `#` comments are skipped. Line
//!   numbers in errors count every line of the text; an illegal move is also
//!   named by its 1-based number.
//! - Position text (EOC-23, [`Position::to_text`]): the text holds
//!   everything that decides the rest of the game and the score, and who
//!   closed and scored each square, but not the *last placement*. What only
//!   the last placement tells is decided as players at a real board would:
//!   - [`Position::last_closed`] (the squares the last placement closed) is
//!     empty in a position read from text: the board shows no "last move".
//!   - When points are claimable, the claim scores the squares the last
//!     placement closed. The text gives only their worth; the reader takes
//!     the first placed segment (index order) around which the closed live
//!     squares are all the other player's, unscored, and worth the
//!     claimable points, as the last placement. Points are always right; in
//!     the rare text where several groups of squares fit, the square
//!     credited to the claimer may be another one than in the game played.
//!   - So two positions are equal (`==`, `Hash`) when their texts and
//!     configurations are: the last placement is not part of a position's
//!     identity, and `Position::from_text_with_config(&pos.to_text(),
//!     pos.config()) == pos` for every position play reaches.
//!   - In a finished game points still claimable lapse (EOC-18): the text
//!     then has no `+C`.
//!   - There is no bonus-turn flag to lose: after an announced closing the
//!     player to move is simply the closer, as the turn field says.
//! - The position text reader rejects what play cannot reach as far as the
//!   board and the supplies tell (EOC-23 (a)–(f), one chain of contacts,
//!   and the pieces each player placed against the turns and bonus turns);
//!   [`Position::from_text_with_config`] lists precisely what is and is not
//!   checked. Serde reads positions through it.
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
//! - `serde`: `Serialize`/`Deserialize` for every data type. A [`Position`]
//!   is `{"config": <Config>, "text": "<position text>"}`, validated like
//!   [`Position::from_text_with_config`]; a [`Config`] is an object of its
//!   fields, each with a default (`{}` is the default configuration); moves,
//!   segments and squares travel as their text; a [`Record`] and a
//!   [`Match`] as their record text, replayed on the way in.
//! - `reference`: the module `reference`, a slow implementation written straight from
//!   the rules, used by the tests and benches to check the fast path.
//! - `svg`: the module `svg`, a position as a standalone SVG picture (grooves,
//!   crossings, pieces, reds, closed squares by scorer, highlights for a UI).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod agent;
mod config;
mod display;
mod error;
mod explain;
mod game;
mod geometry;
mod movegen;
mod moves;
mod notation;
mod piece;
mod play;
mod playout;
mod policy;
mod position;
mod record;
#[cfg(feature = "reference")]
pub mod reference;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "svg")]
pub mod svg;
mod text;
mod zobrist;

pub use agent::Agent;
pub use config::{Config, ConfigError, Points};
pub use error::{ParseMoveError, PlayError, PositionError, RecordError};
pub use game::Match;
pub use geometry::{GameSquare, Orientation, Segment, Size};
pub use moves::Move;
pub use piece::{Category, Kind, Player};
pub use policy::RulesPolicy;
pub use position::{ClosedSquare, EndReason, Position};
pub use record::Record;

/// A crossing of two grooves (`D5`): the shared 8×8 square type.
pub use board_core::Square as Crossing;
pub use board_core::{
    divide, perft, Color, Game, GameMatch, History, MatchRules, MoveList, Outcome, Square,
};

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
