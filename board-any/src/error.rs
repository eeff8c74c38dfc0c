//! What the rules or this crate say when they refuse: [`Said`] (a
//! message and its English text), [`Input`] (which text was refused) and
//! [`Error`].

use std::fmt;

use board_core::{Explain, Message};

/// The longest text this crate reads (a move, a configuration, a record, a
/// position, picture options): 1 MiB. Longer input is refused before it is
/// parsed, with [`Error::TooLong`].
pub const MAX_INPUT_BYTES: usize = 1 << 20;

/// Something the rules say to a person, twice: as a [`Message`] a
/// catalogue (`board-l10n`) words in any language, and as the rules
/// crate's English (its `Display`).
///
/// ```
/// let mut game = board_any::start("kybo", "{}")?;
/// let refused = game.play("A1").unwrap_err();
/// let said = refused.said().expect("a rule refused it");
/// assert!(said.english.contains("(KY-"), "{}", said.english);
/// assert!(said.message.id.starts_with("kybo-"), "{}", said.message);
/// # Ok::<(), board_any::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// The message, for a catalogue.
    pub message: Message,
    /// The rules crate's English text.
    pub english: String,
}

impl Said {
    /// What `value` says: its message and its `Display`.
    pub fn of(value: &(impl Explain + fmt::Display)) -> Said {
        Said {
            message: value.explain(),
            english: value.to_string(),
        }
    }
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.english)
    }
}

/// Which text was refused for its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// A move text.
    Move,
    /// A configuration (JSON).
    Configuration,
    /// A record text.
    Record,
    /// A position text.
    Position,
    /// Picture options (JSON).
    PictureOptions,
}

impl Input {
    /// The catalogue key naming this input.
    fn key(self) -> &'static str {
        match self {
            Input::Move => "web-input-move",
            Input::Configuration => "web-input-configuration",
            Input::Record => "web-input-record",
            Input::Position => "web-input-position",
            Input::PictureOptions => "web-input-svg-options",
        }
    }
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Input::Move => "move",
            Input::Configuration => "configuration",
            Input::Record => "record",
            Input::Position => "position",
            Input::PictureOptions => "svg options",
        })
    }
}

/// Why a game could not be made, a text read or a move played: what was
/// wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// No game of that name is registered.
    #[error("no game named {name:?} (the games: {known})")]
    UnknownGame {
        /// The name asked for (an excerpt of it).
        name: String,
        /// The names registered, comma-separated.
        known: String,
    },
    /// A text longer than [`MAX_INPUT_BYTES`], refused unread.
    #[error("{what} too long: {bytes} bytes, at most {max}")]
    TooLong {
        /// Which text.
        what: Input,
        /// Its length in bytes.
        bytes: usize,
        /// [`MAX_INPUT_BYTES`].
        max: usize,
    },
    /// The configuration is not JSON of the game's configuration.
    #[error("bad {game} configuration: {reason}")]
    Config {
        /// The game's title.
        game: &'static str,
        /// What serde said, with the line and column.
        reason: String,
    },
    /// A move text that is not a move of the game, or an illegal move: the
    /// rule's reason, with its ID.
    #[error("{0}")]
    Move(Said),
    /// A record text that cannot be read or replayed (which move breaks
    /// which rule).
    #[error("{0}")]
    Record(Said),
    /// A position text that is not a position of the game.
    #[error("{0}")]
    Position(Said),
    /// Picture options that are not JSON of [`PictureOptions`](crate::PictureOptions).
    #[error("bad svg options: {reason}")]
    PictureOptions {
        /// What serde said.
        reason: String,
    },
    /// A place of the picture options that is not a place of the game.
    #[error("{place:?} is not a place of the game")]
    Place {
        /// The place (an excerpt of it).
        place: String,
    },
    /// A view of the picture options that is not a view of the game.
    #[error("{view:?} is not a view of the game")]
    View {
        /// The view (an excerpt of it).
        view: String,
    },
}

impl Error {
    /// What the rules said, for the errors that are a rule's refusal
    /// ([`Move`](Error::Move), [`Record`](Error::Record),
    /// [`Position`](Error::Position)).
    pub fn said(&self) -> Option<&Said> {
        match self {
            Error::Move(said) | Error::Record(said) | Error::Position(said) => Some(said),
            _ => None,
        }
    }
}

impl Explain for Error {
    fn explain(&self) -> Message {
        match self {
            Error::UnknownGame { name, .. } => Message::new("web-no-game").text("name", name),
            Error::TooLong { what, bytes, max } => Message::new("web-too-long")
                .message("what", Message::new(what.key()))
                .number("bytes", *bytes)
                .number("max", *max),
            Error::Config { game, reason } => Message::new("web-bad-config")
                .text("game", game)
                .text("error", reason),
            Error::Move(said) | Error::Record(said) | Error::Position(said) => said.message.clone(),
            Error::PictureOptions { reason } => {
                Message::new("web-bad-svg-options").text("error", reason)
            }
            Error::Place { .. } | Error::View { .. } => {
                Message::new("web-bad-svg-options").text("error", self)
            }
        }
    }
}

/// `text` if it is at most [`MAX_INPUT_BYTES`] long.
///
/// # Errors
/// [`Error::TooLong`] naming `what`.
pub fn bounded(what: Input, text: &str) -> Result<&str, Error> {
    if text.len() > MAX_INPUT_BYTES {
        Err(Error::TooLong {
            what,
            bytes: text.len(),
            max: MAX_INPUT_BYTES,
        })
    } else {
        Ok(text)
    }
}
