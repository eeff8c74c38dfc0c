//! Quoting input in error messages.

/// The longest part of an input, in characters, that an error message quotes.
pub const EXCERPT_CHARS: usize = 40;

/// `text` as an error message quotes it: whole if it has at most
/// [`EXCERPT_CHARS`] characters, otherwise its first ones followed by `…`, so
/// a huge input never makes a huge message.
///
/// ```
/// use board_core::excerpt;
/// assert_eq!(excerpt("D5"), "D5");
/// let long = "x".repeat(10_000);
/// assert_eq!(excerpt(&long).chars().count(), 41);
/// assert!(excerpt(&long).ends_with('…'));
/// ```
#[must_use]
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpt_cuts_on_a_character_boundary() {
        let text = "é".repeat(50);
        let quoted = excerpt(&text);
        assert_eq!(quoted, format!("{}…", "é".repeat(40)));
        assert_eq!(excerpt(&"é".repeat(40)), "é".repeat(40));
    }
}
