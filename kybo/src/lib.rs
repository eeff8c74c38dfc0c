//! # kybo
//!
//! <div style="overflow-x: auto">
//!
#![doc = include_str!("../doc/finished.svg")]
//!
//! </div>
//!
//! *A finished game seen from the A1 corner: White's network (outlined in
//! gold, through the levels it climbs) joins rank 1 to rank 8; the board is
//! shaded by zone, each empty square showing how high it may be stacked
//! (`doc/finished.svg`, drawn by `svg::to_svg` of the `svg` feature).*
//!
//! The complete rules of **KYBO**, a connection game in three dimensions by
//! Marzipan: two players place white and black cubes on an 8×8 board, next to
//! or on top of other cubes; a face-connected network of your cubes that joins
//! two opposite edges is a KYBO and wins.
//!
//! ```
//! use kybo::{Match, Position, Record};
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
//! The crate speaks the vocabulary of every game crate of its workspace:
//! [`Position`] (`Position::default()`, `Position::new(config)`, `turn`,
//! `legal_moves`, `check`, `is_legal`, `play`, `play_unchecked`,
//! `parse_move`, `outcome`, `to_text`, `from_text`, `from_text_with_config`),
//! [`Match`] (a game with undo and redo), [`Record`] (a game's text, which
//! replays it exactly), [`Config`], [`Move`], [`EndReason`], and the errors
//! [`PlayError`], [`ParseMoveError`], [`PositionError`], [`RecordError`] and
//! [`ConfigError`]. Both `Position` and `Match` implement [`Game`], so
//! [`perft`], [`divide`] and the playouts and search of `board-core` drive
//! them; everything a user needs from `board-core` is re-exported here.
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
//!   (KY-11); a [`Record`] is the moves from the empty board (KY-12), after
//!   the tags `[supply N]` and `[start <position text>]` when the game needs
//!   them; perft counts placements (KY-13).
//!
//! ## A game
//! ```
//! use kybo::{Color, Record};
//!
//! // White builds file D from rank 1 towards rank 8; Black stacks on E4 and E5.
//! let record: Record = "D4 E4 D3 E5 D2 E4^2 D1 E5^2 D5 E4^3 D6 E5^3 D7 E4^4".parse()?;
//! let mut game = record.replay()?;
//! let pos = game.position();
//! assert_eq!(pos.winning_squares().iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["D8"]);
//! let d8 = game.parse_move("d8")?;
//! game.play(d8)?;
//! assert_eq!(game.position().winner(), Some(Color::White));
//! assert_eq!(game.position().winning_network().unwrap().len(), 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## A click-to-move user interface
//! A click on a square asks [`Position::move_at`] for the legal move there (a
//! cube always goes on top of the square's stack, so the square is the whole
//! move); [`Position::landing_level`] says where the cube will rest. After the
//! move, [`LastCube::last_cube`] is where it came to rest and
//! [`Position::winning_network`] the cubes to light up when it won.
//!
//! ```
//! use kybo::{LastCube, Match, Position, Record, Square, StackLevel};
//!
//! let record: Record = "D4 E4 D3 E5 D2 E4 D1 E5 D5 E4 D6 E5 D7 E4".parse()?;
//! let mut game: Match = record.replay()?;
//! // The player clicks A1 or the full stack on E4: nothing happens there.
//! assert_eq!(game.position().move_at(Square::E4), None);
//! assert_eq!(game.position().move_at(Square::A1), None);
//! // The player clicks E5: the cube would rest at level 4.
//! let mv = game.position().move_at(Square::E5).expect("legal");
//! assert_eq!(game.position().landing_level(mv), Some(StackLevel::Fourth));
//! // The player clicks D8 instead and wins.
//! let mv = game.position().move_at(Square::D8).expect("legal");
//! game.play(mv)?;
//! assert_eq!(game.last_cube().unwrap().to_string(), "D8^1");
//! let network = game.position().winning_network().expect("a KYBO");
//! assert_eq!(network.to_string(), "D1^1 D2^1 D3^1 D4^1 D5^1 D6^1 D7^1 D8^1");
//! assert_eq!(game.undo(), Some(mv)); // take it back
//! assert_eq!(game.position().winning_network(), None);
//! # let _ = Position::default();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Search and playouts keep their fast paths on [`Position`] (`Copy`, 72
//! bytes: search by copy-make): [`Position::legal_squares`] (the legal moves
//! as one bitboard), [`Position::random_move`] (a uniform legal move without
//! a list), [`Position::play_random`] (a whole random playout),
//! [`Position::winning_squares`] and [`Position::play_unchecked`].
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
//! - The text board shows every stack bottom to top with one character per
//!   place its zone allows (`wb..`: White under Black on a Dungeon square,
//!   room for two more), so the zones and their limits are visible; upper
//!   case marks the cubes of the winning network one by one.
//! - A game record carries what else a game needs, so that it replays from
//!   its text alone: `[supply N]` when the supply is limited, `[start
//!   <position text>]` when the game did not start on the empty board (a
//!   [`Match`] may start at any valid position); the record of a default game
//!   from the empty board is the bare move list of KY-12.
//! - Position text (KY-11 (b)): the connected group is flooded from the first
//!   occupied Dungeon square (in square order D4, E4, D5, E5) and the first
//!   square it does not reach is reported; with no occupied Dungeon square,
//!   the first occupied square.
//! - Two [`Match`]es are equal when they have the same start and the same
//!   moves; the moves kept for redo do not count (a match equals the replay
//!   of its record).
//!
//! ## Features
//! - `serde`: `Serialize`/`Deserialize`, validated on the way in. A
//!   [`Position`] travels as `{"config": <Config>, "text": <position text>}`
//!   and is checked like [`Position::from_text_with_config`] (`config` may be
//!   left out); a [`Config`] as an object of its fields, each with its
//!   default (`{}` is the default; `{"supply": "unlimited"}`,
//!   `{"supply": {"per_player": 20}}`); a [`Move`] as its text `"E5"`, a
//!   [`Cube`] as `"E5^2"`, a [`StackLevel`] as `"2"`; a [`Record`] and a
//!   [`Match`] as their record text (a match is replayed, its undone moves
//!   are not kept); [`Zone`] and [`EndReason`] as lower-case names.
//! - `reference`: `kybo::reference::Reference`, the slow, plain implementation the
//!   tests compare against.
//! - `svg`: the module `svg`, a position as a standalone SVG picture, an
//!   isometric view of the stacks or a top view with stack heights (zones,
//!   the winning network cube by cube, highlights for a UI).

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
mod network;
mod notation;
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
pub use board_core::{
    divide, perft, Bitboard, Color, Game, GameMatch, History, MatchRules, MoveList, Outcome, Rng,
    Square,
};
pub use config::{Config, ConfigError, Supply};
pub use error::{ParseMoveError, PlayError, PositionError, RecordError};
pub use game::{LastCube, Match};
pub use geometry::{
    Cube, StackLevel, Zone, CASTLE, DUNGEON, FILE_A, FILE_H, GATES, MAX_CUBES, RANK_1, RANK_8,
    WALLS,
};
pub use moves::Move;
pub use network::Network;
pub use policy::RulesPolicy;
pub use position::{EndReason, Position, Stack};
pub use record::Record;

/// The code of README.md, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
