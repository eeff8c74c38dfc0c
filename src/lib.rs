//! Helpers shared by the workspace's examples, invariant tests and fuzz
//! targets (this package is not published).
//!
//! Everything here is written once against [`board_core::Game`] plus the small
//! [`Kit`] trait, which each game implements in [`games`]: the examples
//! (`demo`, `play`, `replay`, `perft`), the invariant harness ([`invariants`])
//! and the fuzz target bodies ([`fuzzing`]) never name a game except to pick one.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use board_core::Game;
use serde::de::DeserializeOwned;
use serde::Serialize;

pub mod fuzzing;
pub mod games;
pub mod invariants;
pub mod session;

/// What the examples and the harness need from a game beyond [`Game`]: its
/// name, start, records, position text, serde and its own bounds.
pub trait Kit: Game + PartialEq + Serialize + DeserializeOwned {
    /// The game's name on the command line (`echec-o-cube`, `kybo`, `chess3d`).
    const NAME: &'static str;
    /// No game lasts more moves than this (claims and reds included), or
    /// `None` for a game with no such bound.
    const MAX_PLIES: Option<usize>;

    /// The default start position.
    fn start() -> Self;
    /// The starts the invariant harness and the fuzzers cover: one per
    /// configuration worth covering (options on and off, level counts…).
    fn variants() -> Vec<Self>;
    /// One line for a player: whose turn, scores, supplies or material.
    fn status(&self) -> String;
    /// The game record of `moves` played from `start`.
    fn record(start: &Self, moves: &[Self::Move]) -> String;
    /// Reads and replays a record: the start and the moves, all checked.
    /// `self` gives what a record does not say (a KYBO supply limit).
    fn replay(&self, text: &str) -> Result<(Self, Vec<Self::Move>), String>;
    /// The position text, for games that have one.
    fn position_text(&self) -> Option<String>;
    /// Reads a position text (for games that have one); `self` gives what
    /// the text does not say (the configuration).
    fn read_position_text(&self, text: &str) -> Result<Self, String>;
    /// Every move that could be written in this position, legal or not (the
    /// move space the harness checks `play` against). May be a large sample.
    fn move_space(&self) -> Vec<Self::Move>;
    /// The state as JSON (serde).
    fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a game state always serializes")
    }
    /// The state from JSON (serde), validated.
    fn from_json(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }
    /// The incrementally kept hash and the same hash recomputed from scratch,
    /// for games that keep one.
    fn hashes(&self) -> Option<(u64, u64)>;
    /// Game-specific invariants (score bounds…), as an error message.
    fn check_bounds(&self) -> Result<(), String>;
    /// Feeds `text` to every parser of the game; must never panic.
    fn parse_everything(&self, text: &str);
}
