//! [`Kit`](crate::Kit) for each game of the workspace.

mod chess3d;
mod echec_o_cube;
mod kybo;

pub use self::chess3d::Chess3d;
pub use self::echec_o_cube::EchecOCube;
pub use self::kybo::Kybo;

use std::str::FromStr;

/// Whatever `T` parses from `text` must write back to a text that parses to it.
pub(crate) fn round_trips<T>(text: &str)
where
    T: FromStr + ToString + PartialEq + std::fmt::Debug,
{
    if let Ok(value) = text.parse::<T>() {
        let again = value.to_string();
        match again.parse::<T>() {
            Ok(back) => assert_eq!(back, value, "{text:?} -> {again:?}"),
            Err(_) => panic!("{text:?} parses, but its text {again:?} does not"),
        }
    }
}

/// Implements [`MatchKit`](crate::MatchKit) for a game crate's `Match` by
/// calling its inherent methods: one macro serves the three crates because
/// they share one vocabulary.
macro_rules! match_kit {
    ($game:ident) => {
        impl $crate::MatchKit for ::$game::Match {
            type Position = ::$game::Position;
            fn new(start: ::$game::Position) -> Self {
                ::$game::Match::new(start)
            }
            fn start(&self) -> &::$game::Position {
                ::$game::Match::start(self)
            }
            fn position(&self) -> &::$game::Position {
                ::$game::Match::position(self)
            }
            fn moves(&self) -> &[::$game::Move] {
                ::$game::Match::moves(self)
            }
            fn undo(&mut self) -> Option<::$game::Move> {
                ::$game::Match::undo(self)
            }
            fn redo(&mut self) -> Option<::$game::Move> {
                ::$game::Match::redo(self)
            }
            fn record(&self) -> String {
                ::$game::Match::record(self).to_string()
            }
            fn replay(text: &str) -> Result<Self, String> {
                let record: ::$game::Record = text.parse().map_err(|e| format!("{e}"))?;
                record.replay().map_err(|e| format!("{e}"))
            }
        }
    };
}

match_kit!(echec_o_cube);
match_kit!(kybo);
match_kit!(chess3d);
