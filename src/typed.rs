//! What a person types for a move, read as the game's move text: spaces
//! where the notation has a `-` or nothing (`p d5 e5`, `e7 e5`, `C b6`),
//! and the piece letters of the player's language (`Cb6`, a knight, in
//! French) made the notation's. The game reads the texts; these are only
//! the readings to try, in order.
//!
//! ```
//! use board_games::typed::readings;
//! use board_l10n::{Catalogue, Lang};
//!
//! let en = Catalogue::new(Lang::En);
//! assert_eq!(readings("p d5 e5", "echec-o-cube", &en), ["p d5 e5", "p d5-e5", "pd5-e5"]);
//! let fr = Catalogue::new(Lang::Fr);
//! assert_eq!(readings("Cb6", "chess3d", &fr), ["Nb6"]);
//! ```

use board_l10n::Catalogue;

/// The texts to try for `text`, a move of `game` typed by a person who
/// reads `words`: first `text` itself, then its spaces read as the
/// notation's (between two squares a `-`, after a lone piece letter a
/// space or nothing), each with the piece letters of the language made
/// the notation's ([`Catalogue::notation_letters`]). No text repeats.
#[must_use]
pub fn readings(text: &str, game: &str, words: &Catalogue) -> Vec<String> {
    let text = text.trim();
    let mut texts = vec![text.to_owned()];
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.len() >= 2 {
        let lone_letter =
            tokens[0].chars().count() == 1 && tokens[0].chars().all(|c| c.is_alphabetic());
        if lone_letter {
            let rest = joined(&tokens[1..]);
            texts.push(format!("{} {rest}", tokens[0]));
            texts.push(format!("{}{rest}", tokens[0]));
        } else {
            texts.push(joined(&tokens));
        }
    }
    let mut out: Vec<String> = Vec::with_capacity(texts.len());
    for t in texts {
        let t = words.notation_letters(game, &t);
        if !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// `tokens` joined by `-`, or by nothing where one side is already a `-`
/// or a capture's `x`.
fn joined(tokens: &[&str]) -> String {
    let mut text = String::new();
    for token in tokens {
        let glued = text.is_empty()
            || text.ends_with(['-', 'x', 'X'])
            || token.starts_with(['-', 'x', 'X']);
        if !glued {
            text.push('-');
        }
        text.push_str(token);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_l10n::Lang;

    #[test]
    fn spaces_are_read_as_the_notation_s() {
        let en = Catalogue::new(Lang::En);
        let read = |text| readings(text, "chess3d", &en);
        assert_eq!(read("e7 e5"), ["e7 e5", "e7-e5"]);
        assert_eq!(read(" D4 x E5 "), ["D4 x E5", "D4xE5"]);
        assert_eq!(read("N2/E2 N2/E4"), ["N2/E2 N2/E4", "N2/E2-N2/E4"]);
        assert_eq!(read("N f3"), ["N f3", "Nf3"]);
        assert_eq!(read("P D5-E5"), ["P D5-E5", "PD5-E5"]);
        assert_eq!(read("D4"), ["D4"]);
        assert_eq!(read(""), [""]);
        // English letters are the notation's.
        assert_eq!(read("Rd2"), ["Rd2"]);
    }

    #[test]
    fn french_letters_are_read_with_the_spaces() {
        let fr = Catalogue::new(Lang::Fr);
        assert_eq!(readings("C b6", "chess3d", &fr), ["N b6", "Nb6"]);
        assert_eq!(readings("Cb6", "chess3d", &fr), ["Nb6"]);
        // ÉCHEC O CUBE's letters are French already.
        assert_eq!(
            readings("f d5 e5", "echec-o-cube", &fr),
            ["f d5 e5", "f d5-e5", "fd5-e5"]
        );
    }
}
