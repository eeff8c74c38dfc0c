//! # kybo
//!
//! The complete rules of **KYBO**, a connection game in three dimensions by
//! Marzipan: two players place white and black cubes on an 8×8 board, next to
//! or on top of other cubes; a face-connected network of your cubes that joins
//! two opposite edges is a KYBO and wins.
//!
//! ## The rules in brief ([RULES.md](https://github.com/board-rules/board-games/blob/main/RULES.md) section 2, KY-1 … KY-13)
//! - 8×8 board `A1`–`H8`, White (`w`) and Black (`b`) (KY-1). Four concentric
//!   [`Zone`]s: Gates (the edge, stacks of 1), Walls (2), Castle (3) and the
//!   Dungeon D4, E4, D5, E5 (4) (KY-2).
//! - White's first cube goes on the Dungeon; then the players alternate, one
//!   cube a turn, no passing (KY-3). A cube rests on top of its square's stack;
//!   the stack must be lower than its zone allows, and a cube on the board
//!   (level 1) needs a stack on an orthogonal neighbour (KY-4). Cubes never
//!   move (KY-5). Supply: unlimited, or N cubes per player ([`Config`], KY-6).
//! - Cubes of one colour sharing a face (same level side by side, or one on
//!   the other) are connected (KY-7). A network holding a Gate cube on one edge
//!   and one on the opposite edge is a KYBO: the player who placed wins at once
//!   (KY-8). No legal placement and no KYBO: a draw (KY-9).
//! - Move text `E5`, or `E5^2` with the level (KY-10); position text
//!   `......../......../......../...(wb)..../...w..../......../......../........ b`
//!   (KY-11); a [`Record`] is the moves from the empty board (KY-12); perft
//!   counts placements (KY-13).
//!
//! ## A game
//! ```
//! use kybo::{Color, Game, Position, Record};
//!
//! // White builds file D from rank 1 towards rank 8; Black stacks on E4 and E5.
//! let record: Record = "D4 E4 D3 E5 D2 E4^2 D1 E5^2 D5 E4^3 D6 E5^3 D7 E4^4".parse()?;
//! let mut pos = record.replay()?;
//! assert_eq!(pos.winning_squares().iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["D8"]);
//! let d8 = pos.parse_move("d8")?;
//! pos.play(d8)?;
//! assert_eq!(pos.winner(), Some(Color::White));
//! assert_eq!(pos.winning_network().unwrap().len(), 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Decisions where RULES and the seed are silent
//! - After a KYBO the side to move passes to the loser, who has no move; the
//!   position text of a won game names the loser as side to move (as KY-11 (d)
//!   implies).
//! - A placement whose stack is full is reported as [`PlayError::StackFull`]
//!   even before the contact rule; on the empty board a square outside the
//!   Dungeon is [`PlayError::FirstCubeOutsideDungeon`], whatever its zone. The
//!   order of checks is: game over (KYBO or board full), no cube left, first
//!   cube, stack full, contact.
//! - `E5^n` with a full stack on E5 is reported as `StackFull`, not as a level
//!   mismatch.
//! - A game with a limited supply ends in a draw as soon as the player to move
//!   has no cube left (with equal supplies and White first, that is after
//!   Black's last cube). With `PerPlayer(0)` the game is drawn before the first
//!   move. A KYBO made with a player's last cube still wins.
//! - Position text accepts `w`/`b` in either case; blank space around and
//!   between the two fields is tolerated. A stack of more than four cubes is
//!   rejected as (a). A limited supply also rejects a position text in which a
//!   player has more cubes than the supply.
//! - The winning network of a position text with two separate KYBO networks of
//!   the winner (impossible in play, allowed by KY-11) is the union of both.
//! - The text board shows each square's top colour and height (`w2`), upper
//!   case for squares of the winning network.
//!
//! ## Features
//! - `serde`: `Serialize`/`Deserialize` for moves, cubes, levels, records (as
//!   text), zones, configurations and positions. A position travels as
//!   `{"text": <position text>, "config": …}` and is validated like
//!   [`Position::from_text_with_config`].
//! - `reference`: `kybo::reference::Reference`, the slow, plain implementation the
//!   tests compare against.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod config;
mod display;
mod error;
mod geometry;
mod movegen;
mod network;
mod notation;
mod play;
mod position;
mod record;
#[cfg(feature = "reference")]
pub mod reference;
#[cfg(feature = "serde")]
mod serde_impls;

pub use board_core::{Bitboard, Color, Game, MoveList, Outcome, Rng, Square};
pub use config::{Config, Supply};
pub use error::{ParseMoveError, PlayError, PositionError, RecordError};
pub use geometry::{
    Cube, Level, Zone, CASTLE, DUNGEON, FILE_A, FILE_H, GATES, MAX_CUBES, RANK_1, RANK_8, WALLS,
};
pub use network::Network;
pub use notation::Move;
pub use position::{EndReason, Position, Stack};
pub use record::Record;

/// The code of README.md, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
