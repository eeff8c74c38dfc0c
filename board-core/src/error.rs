//! Typed errors for the shared notation.

use thiserror::Error;

/// What was wrong with a piece of notation (a file, rank, square, level or cell).
///
/// Each variant quotes the text it was given (at most its first
/// [`EXCERPT_CHARS`](crate::EXCERPT_CHARS) characters, see [`excerpt`](crate::excerpt))
/// and says what in it was wrong.
///
/// ```
/// use board_core::{NotationError, Square};
/// let err = "I9".parse::<Square>().unwrap_err();
/// assert_eq!(err.to_string(), "\"I9\": rank 9 is outside 1-8");
/// assert!(matches!(err, NotationError::Rank { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NotationError {
    /// The text was empty.
    #[error("empty text where a {expected} was expected")]
    Empty {
        /// What was expected (`"square"`, `"cell"`, …).
        expected: &'static str,
    },
    /// The file letter is not `A`–`H`.
    #[error("{text:?}: file {found:?} is outside A-H")]
    File {
        /// The text (its first characters if long).
        text: String,
        /// The character found where the file letter belongs.
        found: char,
    },
    /// The rank number is not 1–8.
    #[error("{text:?}: rank {found} is outside 1-8")]
    Rank {
        /// The text (its first characters if long).
        text: String,
        /// The digits found where the rank belongs.
        found: String,
    },
    /// The level number is not 1–8.
    #[error("{text:?}: level N{found} is outside N1-N8")]
    Level {
        /// The text (its first characters if long).
        text: String,
        /// The digits found after `N`.
        found: String,
    },
    /// The text does not have the expected shape.
    #[error("{text:?}: expected {expected}")]
    Syntax {
        /// The text (its first characters if long).
        text: String,
        /// A description of what was expected at the point of failure.
        expected: &'static str,
    },
}
