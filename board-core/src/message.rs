//! Localisable messages: what a player reads, as a catalogue key and named
//! arguments, rendered in a language by a catalogue outside the rules
//! crates (the workspace's `board-l10n`).
//!
//! The rules crates' `Display` stays English; [`Explain`] gives the same
//! facts as a [`Message`] a catalogue renders in any language. Each error
//! type implements it with an exhaustive `match`, so a new variant does not
//! compile without its message.

use std::fmt;

/// One named argument of a [`Message`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Text that is data and never translated: notation (`D5-E5`,
    /// `N2/C1`), a quoted excerpt of the input, a rule ID.
    Text(String),
    /// A number (plural forms follow it).
    Number(i64),
    /// A message rendered first, in the same language: a player's name, a
    /// piece kind, a nested reason.
    Message(Box<Message>),
}

/// A message for a person: the catalogue key `id` and its named arguments.
///
/// ```
/// use board_core::{Arg, Message};
/// let m = Message::new("kybo-stack-full").text("square", "E5").number("max", 4);
/// assert_eq!(m.id, "kybo-stack-full");
/// assert_eq!(m.arg("max"), Some(&Arg::Number(4)));
/// assert_eq!(m.to_string(), "kybo-stack-full(square: E5, max: 4)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The catalogue key (`eoc-pale-touches-no-dark`).
    pub id: &'static str,
    /// The named arguments, in the order they were added.
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    /// A message without arguments.
    #[must_use]
    pub fn new(id: &'static str) -> Message {
        Message {
            id,
            args: Vec::new(),
        }
    }

    /// Adds a text argument (data: notation, an excerpt, a rule ID).
    #[must_use]
    pub fn text(mut self, name: &'static str, value: impl fmt::Display) -> Message {
        self.args.push((name, Arg::Text(value.to_string())));
        self
    }

    /// Adds a number argument.
    #[must_use]
    pub fn number(mut self, name: &'static str, value: impl TryInto<i64>) -> Message {
        let value = value.try_into().unwrap_or(i64::MAX);
        self.args.push((name, Arg::Number(value)));
        self
    }

    /// Adds an argument that is itself a message, rendered in the same
    /// language (a player, a piece kind, a nested reason).
    #[must_use]
    pub fn message(mut self, name: &'static str, value: Message) -> Message {
        self.args.push((name, Arg::Message(Box::new(value))));
        self
    }

    /// Adds what `value` explains as an argument.
    #[must_use]
    pub fn explained(self, name: &'static str, value: &impl Explain) -> Message {
        self.message(name, value.explain())
    }

    /// The argument named `name`, if any.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }
}

impl fmt::Display for Message {
    /// The key and its arguments, for logs and tests (not for players):
    /// `key(name: value, ...)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id)?;
        if self.args.is_empty() {
            return Ok(());
        }
        f.write_str("(")?;
        for (i, (name, arg)) in self.args.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            match arg {
                Arg::Text(t) => write!(f, "{name}: {t}")?,
                Arg::Number(n) => write!(f, "{name}: {n}")?,
                Arg::Message(m) => write!(f, "{name}: {m}")?,
            }
        }
        f.write_str(")")
    }
}

/// A value a person can be told about in their language: an error, a
/// player, an end reason. Implementations match exhaustively, without a
/// wildcard, so every variant has its message.
pub trait Explain {
    /// The message that says this.
    fn explain(&self) -> Message;
}

/// A position that can tell its status in any language: whose turn, scores,
/// supplies or material, as messages a catalogue (`board-l10n`) words, shown
/// one after the other (the terminal separates them with ` | `). The
/// terminal of the examples and the online client both show it.
pub trait Status {
    /// The status, part by part.
    fn status_words(&self) -> Vec<Message>;
}

/// Words for [`Message`]s in some language: what the games' pictures
/// (feature `svg`) write their captions and legends with, when asked to
/// speak a language. `board-l10n`'s `Catalogue` implements it; without it
/// the pictures write the game crates' own English.
pub trait Words {
    /// The text of `message`.
    fn say(&self, message: &Message) -> String;
}

impl Explain for Message {
    fn explain(&self) -> Message {
        self.clone()
    }
}

impl<T: Explain + ?Sized> Explain for &T {
    fn explain(&self) -> Message {
        (**self).explain()
    }
}

impl Explain for crate::Color {
    fn explain(&self) -> Message {
        Message::new(match self {
            crate::Color::White => "color-white",
            crate::Color::Black => "color-black",
        })
    }
}

impl<P: Explain, R: Explain> Explain for crate::Outcome<P, R> {
    /// `outcome-win(winner, reason)` or `outcome-draw(reason)`.
    fn explain(&self) -> Message {
        match self {
            crate::Outcome::Win { winner, reason } => Message::new("outcome-win")
                .explained("winner", winner)
                .explained("reason", reason),
            crate::Outcome::Draw { reason } => {
                Message::new("outcome-draw").explained("reason", reason)
            }
        }
    }
}

impl Explain for crate::NotationError {
    fn explain(&self) -> Message {
        use crate::NotationError as E;
        match self {
            E::Empty { expected } => {
                Message::new("notation-empty").message("expected", expected_word(expected))
            }
            E::File { text, found } => Message::new("notation-file")
                .text("text", text)
                .text("found", found),
            E::Rank { text, found } => Message::new("notation-rank")
                .text("text", text)
                .text("found", found),
            E::Level { text, found } => Message::new("notation-level")
                .text("text", text)
                .text("found", found),
            E::Syntax { text, expected } => Message::new("notation-syntax")
                .text("text", text)
                .message("expected", expected_word(expected)),
        }
    }
}

/// The message of one of the short `expected` words the notation errors
/// carry (`"square"`, `"cell"`, …): `expected-square`; any other text as
/// `expected-other` with the text.
pub fn expected_word(expected: &str) -> Message {
    let id = match expected {
        "square" => "expected-square",
        "cell" => "expected-cell",
        "file" => "expected-file",
        "rank" => "expected-rank",
        "level" => "expected-level",
        "colour" => "expected-colour",
        "a colour: w, b, white or black" => "expected-colour-text",
        "a level N1-N8" => "expected-level-text",
        "a level number after N" => "expected-level-number",
        "a rank digit 1-8" => "expected-rank-digit",
        "nothing after the level" => "expected-nothing-after-level",
        "one letter A-H" => "expected-file-letter",
        _ => return Message::new("expected-other").text("text", expected),
    };
    Message::new(id)
}
