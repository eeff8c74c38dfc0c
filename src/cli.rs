//! The command-line pieces the examples share: the game names, a flag's
//! value, a number, a game name, the request for the usage; each error is a
//! one-line message that quotes only a short part of the input.

use std::str::FromStr;

use board_core::excerpt;

use crate::games::{Chess3d, EchecOCube, Kybo};
use crate::Playable;

/// The games by the names the examples take.
pub const GAMES: [&str; 3] = [EchecOCube::NAME, Kybo::NAME, Chess3d::NAME];

/// The next argument, the value of `flag`.
///
/// # Errors
/// There is none: `"{flag} needs a value"`.
pub fn value(args: &mut impl Iterator<Item = String>, flag: &str) -> Result<String, String> {
    args.next().ok_or(format!("{flag} needs a value"))
}

/// `text`, the value of `flag`, read as a number.
///
/// # Errors
/// It is not one: `"{flag} \"…\": not a number"`.
pub fn number<T: FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag} {:?}: not a number", excerpt(text)))
}

/// `text` if it names a game of [`GAMES`].
///
/// # Errors
/// It does not: `"unknown game \"…\": expected one of …"`.
pub fn game(text: &str) -> Result<String, String> {
    if GAMES.contains(&text) {
        Ok(text.to_owned())
    } else {
        Err(format!(
            "unknown game {:?}: expected one of {}",
            excerpt(text),
            GAMES.join(", ")
        ))
    }
}

/// `text`, the value of `--lang`: `fr` or `en`.
///
/// # Errors
/// It is neither: `"--lang \"…\": not a language: fr or en"`.
pub fn lang(text: &str) -> Result<board_l10n::Lang, String> {
    text.parse()
        .map_err(|_| format!("--lang {:?}: not a language: fr or en", excerpt(text)))
}

/// The language `args` ask for, read before the others (for `--help`
/// and the first error): the value of the first `--lang` that names one,
/// else the environment's ([`Lang::from_env`](board_l10n::Lang::from_env)).
///
/// ```
/// use board_games::cli::lang_of;
/// use board_l10n::Lang;
///
/// let args = ["kybo", "--lang", "fr", "--help"].map(String::from);
/// assert_eq!(lang_of(&args), Lang::Fr);
/// ```
#[must_use]
pub fn lang_of(args: &[String]) -> board_l10n::Lang {
    args.windows(2)
        .find(|pair| pair[0] == "--lang")
        .and_then(|pair| pair[1].parse().ok())
        .unwrap_or_else(board_l10n::Lang::from_env)
}

/// What example `name` (`play`, `replay`, `demo`, `arena`) prints for
/// `--help`, in `lang`: the catalogues' `help-NAME`, ending in a newline.
///
/// ```
/// use board_l10n::Lang;
///
/// assert!(board_games::cli::usage("play", Lang::Fr).starts_with("usage\u{a0}: play JEU "));
/// ```
#[must_use]
pub fn usage(name: &str, lang: board_l10n::Lang) -> String {
    let text = board_l10n::Catalogue::new(lang).get(&format!("help-{name}"));
    format!("{text}\n")
}

/// Whether `args` ask for the usage: `--help` or `-h` anywhere among them.
/// An example checks this before reading its other arguments, prints its
/// usage on stdout and exits with status 0.
pub fn asks_for_help(args: &[String]) -> bool {
    args.iter().any(|a| a == "--help" || a == "-h")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_numbers_and_games_with_their_messages() {
        let mut args = ["7".to_owned()].into_iter();
        assert_eq!(value(&mut args, "--seed"), Ok("7".to_owned()));
        assert_eq!(
            value(&mut args, "--seed"),
            Err("--seed needs a value".to_owned())
        );
        assert_eq!(number::<u64>("--games", "12"), Ok(12));
        assert_eq!(
            number::<u64>("--games", "-1"),
            Err("--games \"-1\": not a number".to_owned())
        );
        assert_eq!(game("kybo"), Ok("kybo".to_owned()));
        assert_eq!(
            game("go"),
            Err("unknown game \"go\": expected one of echec-o-cube, kybo, chess3d".to_owned())
        );
        // A long argument is quoted short.
        let long = "x".repeat(500);
        assert!(number::<u64>("--seed", &long).unwrap_err().len() < 120);
    }

    #[test]
    fn help_is_asked_by_either_spelling_anywhere() {
        let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(asks_for_help(&args(&["--help"])));
        assert!(asks_for_help(&args(&["kybo", "-h"])));
        assert!(!asks_for_help(&args(&["kybo", "--helpful", "-hh", "help"])));
        assert!(!asks_for_help(&[]));
    }
}
