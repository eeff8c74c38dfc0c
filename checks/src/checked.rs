//! [`Checked`]: what the invariant harness and the fuzz bodies need of a
//! game beyond board-any's [`Playable`], implemented for each game in
//! [`games`](crate::games).

use board_any::Playable;
use board_core::GameMatch;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// A game the harness checks: the starts worth covering, its move space,
/// its own bounds and parsers, and serde of the whole state.
pub trait Checked:
    Playable<Match: PartialEq + Serialize + DeserializeOwned> + Serialize + DeserializeOwned
{
    /// The starts the invariant harness and the fuzzers cover: one per
    /// configuration worth covering (options on and off, level counts…).
    fn variants() -> Vec<Self>;
    /// Every move that could be written in this position, legal or not (the
    /// move space the harness checks `play` against). May be a large sample.
    fn move_space(&self) -> Vec<Self::Move>;
    /// A move of the move space picked by two bytes, for the byte-driven
    /// fuzzer; games with a large move space build it directly, cheaply.
    fn move_from_bytes(&self, a: u8, b: u8) -> Option<Self::Move> {
        let space = self.move_space();
        (!space.is_empty()).then(|| space[(usize::from(a) * 256 + usize::from(b)) % space.len()])
    }
    /// The state as JSON (serde).
    fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a game state always serializes")
    }
    /// The state from JSON (serde), validated.
    ///
    /// # Errors
    /// What serde says of a text that is not a valid state.
    fn from_json(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }
    /// The incrementally kept hash and the same hash recomputed from scratch,
    /// for games that keep one.
    fn hashes(&self) -> Option<(u64, u64)>;
    /// Game-specific invariants (score bounds…), as an error message.
    ///
    /// # Errors
    /// The first invariant broken.
    fn check_bounds(&self) -> Result<(), String>;
    /// Feeds `text` to every parser of the game; must never panic.
    fn parse_everything(&self, text: &str);
}

/// Reads a record text and replays it, every move checked.
///
/// # Errors
/// What in the text is not a record of the game, or the first illegal move.
pub fn replay_text<M: GameMatch>(text: &str) -> Result<M, String> {
    let record: M::Record = text.parse().map_err(|e| format!("{e}"))?;
    M::replay(&record).map_err(|e| format!("{e}"))
}
