//! The errors the door raises: a refused move with the rule's own message
//! and ID, unreadable text, a configuration the game does not take.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    _board_games,
    IllegalMoveError,
    PyValueError,
    "A move the rules refuse: the message is the rule's own, with its rule ID \
     (`rule`, such as \"KY-4\", or None)."
);
create_exception!(
    _board_games,
    ParseError,
    PyValueError,
    "A move or position text that cannot be read."
);
create_exception!(
    _board_games,
    InvalidConfigError,
    PyValueError,
    "An unknown game name, or a configuration the game does not take."
);

/// What kind of refusal a [`MoveError`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The text could not be read.
    Parse,
    /// A rule refuses the move (or the action names no move).
    Illegal,
}

/// A refused move or text, before it becomes a Python exception.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// Parse or illegal.
    pub kind: Kind,
    /// The crate's message (its `Display`), in English.
    pub message: String,
    /// The rule ID the message ends with, such as `KY-4`.
    pub rule: Option<String>,
}

impl MoveError {
    /// An unreadable text.
    pub fn parse(message: String) -> MoveError {
        MoveError {
            kind: Kind::Parse,
            rule: rule_id(&message),
            message,
        }
    }

    /// A move the rules refuse.
    pub fn illegal(message: String) -> MoveError {
        MoveError {
            kind: Kind::Illegal,
            rule: rule_id(&message),
            message,
        }
    }

    /// The Python exception: [`ParseError`] or [`IllegalMoveError`] with
    /// its `rule` attribute.
    pub fn into_py(self, py: Python<'_>) -> PyErr {
        let err = match self.kind {
            Kind::Parse => ParseError::new_err(self.message),
            Kind::Illegal => IllegalMoveError::new_err(self.message),
        };
        let value = err.value(py);
        // Setting an attribute on a fresh exception object cannot fail in
        // practice; if it did, the exception still carries the message.
        let _ = value.setattr("rule", self.rule);
        err
    }
}

/// The last rule ID (`EOC-9`, `KY-4`, `C3-15`) a message names.
pub fn rule_id(message: &str) -> Option<String> {
    message
        .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|word| {
            word.split_once('-').is_some_and(|(game, n)| {
                matches!(game, "EOC" | "KY" | "C3")
                    && !n.is_empty()
                    && n.bytes().all(|b| b.is_ascii_digit())
            })
        })
        .map(str::to_owned)
        .next()
}

/// An [`InvalidConfigError`].
pub fn config_error(message: impl Into<String>) -> PyErr {
    InvalidConfigError::new_err(message.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_id_is_the_last_one_named() {
        assert_eq!(
            rule_id("a pale must touch a dark (EOC-9)").as_deref(),
            Some("EOC-9")
        );
        assert_eq!(rule_id("over (KY-8/KY-9)").as_deref(), Some("KY-9"));
        assert_eq!(
            rule_id("castling path blocked at N2/B1 (C3-15)").as_deref(),
            Some("C3-15")
        );
        assert_eq!(rule_id("(EOC-23 a, EOC-8)").as_deref(), Some("EOC-8"));
        assert_eq!(rule_id("empty move text"), None);
        assert_eq!(rule_id("N2/E7-N2/E5 is fine"), None);
    }
}
