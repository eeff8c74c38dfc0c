//! The command-line pieces the examples share: the game names, standard output
//! that a reader gone away does not turn into a panic ([`out`]), a flag's
//! value, a number, a game name, the request for the usage; each error is an
//! [`ArgError`], one line that quotes only a short part of the input, in
//! English (`Display`, and `String` through `From`) or in the player's
//! language ([`Explain`]).

use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

use board_core::{excerpt, Explain, Message};

use crate::games::{Chess3d, EchecOCube, Kybo};
use crate::Playable;

/// Writes `text` on standard output as `print!` does, except that a reader
/// that has gone away (`perft … --divide | head`) ends the program quietly,
/// with success, instead of with a panic; any other error ends it with the
/// error on standard error and failure. [`outln!`](crate::outln) is
/// `println!` through it.
pub fn out(text: impl fmt::Display) {
    if let Err(e) = write!(io::stdout().lock(), "{text}") {
        if e.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("standard output: {e}");
        std::process::exit(1);
    }
}

/// `println!` through [`cli::out`](crate::cli::out): a reader gone away
/// ends the program quietly instead of with a panic.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// The games by the names the examples take.
pub const GAMES: [&str; 3] = [EchecOCube::NAME, Kybo::NAME, Chess3d::NAME];

/// An argument an example cannot use; the text it quotes is cut short.
///
/// ```
/// use board_games::cli::{number, ArgError};
/// use board_l10n::{Catalogue, Lang};
///
/// let e = number::<u64>("--seed", "x").unwrap_err();
/// assert_eq!(e.to_string(), "--seed \"x\": not a number");
/// let fr = Catalogue::new(Lang::Fr);
/// assert_eq!(fr.explain(&e), "--seed \"x\"\u{a0}: ce n'est pas un nombre");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    /// `flag` is the last argument: its value is missing.
    NeedsValue {
        /// The flag (`--seed`).
        flag: String,
    },
    /// The value of `flag` is not a number.
    NotANumber {
        /// The flag.
        flag: String,
        /// The value given.
        text: String,
    },
    /// The value of `flag` is not a number above 0.
    NotPositive {
        /// The flag.
        flag: String,
        /// The value given.
        text: String,
    },
    /// No game of [`GAMES`] has this name.
    UnknownGame {
        /// The name given.
        text: String,
    },
    /// The value of `--lang` is neither `fr` nor `en`.
    NotALanguage {
        /// The value given.
        text: String,
    },
    /// The value of `--level` is not `easy`, `normal` or `hard`.
    NotALevel {
        /// The value given.
        text: String,
    },
    /// The value of `flag` is not a number of milliseconds from 0 to `max`.
    NotMilliseconds {
        /// The flag.
        flag: String,
        /// The value given.
        text: String,
        /// The most it may be.
        max: u64,
    },
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::NeedsValue { flag } => write!(f, "{flag} needs a value"),
            ArgError::NotANumber { flag, text } => write!(f, "{flag} {text:?}: not a number"),
            ArgError::NotPositive { flag, text } => {
                write!(f, "{flag} {text:?}: not a positive number")
            }
            ArgError::UnknownGame { text } => write!(
                f,
                "unknown game {text:?}: expected one of {}",
                GAMES.join(", ")
            ),
            ArgError::NotALanguage { text } => {
                write!(f, "--lang {text:?}: not a language: fr or en")
            }
            ArgError::NotALevel { text } => write!(
                f,
                "--level: {text:?} is not a difficulty: say easy, normal or hard"
            ),
            ArgError::NotMilliseconds { flag, text, max } => {
                write!(f, "{flag} {text:?}: not a number of milliseconds (0-{max})")
            }
        }
    }
}

impl std::error::Error for ArgError {}

impl From<ArgError> for String {
    /// The English message, for the examples that speak only English.
    fn from(e: ArgError) -> String {
        e.to_string()
    }
}

impl Explain for ArgError {
    fn explain(&self) -> Message {
        let quoted = |text: &str| format!("{text:?}");
        match self {
            ArgError::NeedsValue { flag } => {
                Message::new("term-arg-needs-value").text("flag", flag)
            }
            ArgError::NotANumber { flag, text } => Message::new("term-arg-not-a-number")
                .text("flag", flag)
                .text("text", quoted(text)),
            ArgError::NotPositive { flag, text } => Message::new("term-arg-not-positive")
                .text("flag", flag)
                .text("text", quoted(text)),
            ArgError::UnknownGame { text } => Message::new("term-arg-unknown-game")
                .text("text", quoted(text))
                .text("games", GAMES.join(", ")),
            ArgError::NotALanguage { text } => {
                Message::new("term-arg-not-a-language").text("text", quoted(text))
            }
            ArgError::NotALevel { text } => {
                Message::new("term-arg-not-a-level").text("text", quoted(text))
            }
            ArgError::NotMilliseconds { flag, text, max } => {
                Message::new("term-arg-not-milliseconds")
                    .text("flag", flag)
                    .text("text", quoted(text))
                    .number("max", *max)
            }
        }
    }
}

/// The next argument, the value of `flag`.
///
/// # Errors
/// There is none: [`ArgError::NeedsValue`].
pub fn value(args: &mut impl Iterator<Item = String>, flag: &str) -> Result<String, ArgError> {
    args.next().ok_or_else(|| ArgError::NeedsValue {
        flag: flag.to_owned(),
    })
}

/// `text`, the value of `flag`, read as a number.
///
/// # Errors
/// It is not one: [`ArgError::NotANumber`].
pub fn number<T: FromStr>(flag: &str, text: &str) -> Result<T, ArgError> {
    text.parse().map_err(|_| ArgError::NotANumber {
        flag: flag.to_owned(),
        text: excerpt(text),
    })
}

/// `text` if it names a game of [`GAMES`].
///
/// # Errors
/// It does not: [`ArgError::UnknownGame`].
pub fn game(text: &str) -> Result<String, ArgError> {
    if GAMES.contains(&text) {
        Ok(text.to_owned())
    } else {
        Err(ArgError::UnknownGame {
            text: excerpt(text),
        })
    }
}

/// `text`, the value of `--lang`: `fr` or `en`.
///
/// # Errors
/// It is neither: [`ArgError::NotALanguage`].
pub fn lang(text: &str) -> Result<board_l10n::Lang, ArgError> {
    text.parse().map_err(|_| ArgError::NotALanguage {
        text: excerpt(text),
    })
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
            value(&mut args, "--seed").map_err(String::from),
            Err("--seed needs a value".to_owned())
        );
        assert_eq!(number::<u64>("--games", "12"), Ok(12));
        assert_eq!(
            number::<u64>("--games", "-1").map_err(String::from),
            Err("--games \"-1\": not a number".to_owned())
        );
        assert_eq!(game("kybo"), Ok("kybo".to_owned()));
        assert_eq!(
            game("go").map_err(String::from),
            Err("unknown game \"go\": expected one of echec-o-cube, kybo, chess3d".to_owned())
        );
        // A long argument is quoted short.
        let long = "x".repeat(500);
        assert!(
            number::<u64>("--seed", &long)
                .unwrap_err()
                .to_string()
                .len()
                < 120
        );
        // Every error in French, with French typography.
        let fr = board_l10n::Catalogue::new(board_l10n::Lang::Fr);
        let errors = [
            value(&mut args, "--seed").unwrap_err(),
            number::<u64>("--games", "-1").unwrap_err(),
            game("go").unwrap_err(),
            lang("de").unwrap_err(),
            ArgError::NotPositive {
                flag: "--nodes".into(),
                text: "0".into(),
            },
            ArgError::NotALevel {
                text: "expert".into(),
            },
            ArgError::NotMilliseconds {
                flag: "--delay".into(),
                text: "soon".into(),
                max: 10_000,
            },
        ];
        let french: Vec<String> = errors.iter().map(|e| fr.explain(e)).collect();
        assert_eq!(
            french,
            [
                "--seed attend une valeur",
                "--games \"-1\"\u{a0}: ce n'est pas un nombre",
                "jeu inconnu \"go\"\u{a0}: l'un de echec-o-cube, kybo, chess3d",
                "--lang \"de\"\u{a0}: ce n'est pas une langue\u{a0}: fr ou en",
                "--nodes \"0\"\u{a0}: ce n'est pas un nombre positif",
                "--level\u{a0}: \"expert\" n'est pas un niveau\u{a0}: easy, normal ou hard",
                "--delay \"soon\"\u{a0}: ce n'est pas un nombre de millisecondes (0-10000)",
            ]
        );
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
