//! A game's configuration as Python keywords: `load("kybo", supply=20)`.

use core::fmt;

/// One keyword's value, as read from Python.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `None`.
    None,
    /// `True` or `False`.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A string.
    Str(String),
    /// A list or tuple of whole numbers.
    Ints(Vec<i64>),
}

impl fmt::Display for Value {
    /// As Python writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::None => f.write_str("None"),
            Value::Bool(true) => f.write_str("True"),
            Value::Bool(false) => f.write_str("False"),
            Value::Int(n) => write!(f, "{n}"),
            Value::Str(s) => write!(f, "{:?}", board_core::excerpt(s)),
            Value::Ints(v) => {
                let parts: Vec<String> = v.iter().map(i64::to_string).collect();
                write!(f, "({})", parts.join(", "))
            }
        }
    }
}

/// The keywords of a configuration, in the order given.
pub type Entries = Vec<(String, Value)>;

/// Walks `entries`, handing each to `set`, and refuses a key given twice.
///
/// # Errors
/// A key given twice, or `set`'s own error.
pub fn each(
    entries: &Entries,
    mut set: impl FnMut(&str, &Value) -> Result<(), String>,
) -> Result<(), String> {
    for (i, (key, value)) in entries.iter().enumerate() {
        if entries[..i].iter().any(|(k, _)| k == key) {
            return Err(format!("{key} is given twice"));
        }
        set(key, value)?;
    }
    Ok(())
}
