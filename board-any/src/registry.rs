//! The games by name: [`Registry`], and [`games`], [`start`] and
//! [`replay`] over [`Registry::standard`].

use std::fmt;

use board_core::GameMatch;
use serde::Deserialize as _;

use crate::any_game::{AnyGame, Erased};
use crate::error::{bounded, Error, Input, Said};
use crate::playable::Playable;

/// A registered game: its `name` (what [`Registry::start`] takes) and its
/// `title` (what a person reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameInfo {
    /// The game's name: `echec-o-cube`, `kybo`, `chess3d`.
    pub name: &'static str,
    /// The game's title: `ÉCHEC O CUBE`, `KYBO`, `Chess 3D`.
    pub title: &'static str,
}

/// A configuration as it arrives: JSON text, or JSON already parsed.
enum Config<'a> {
    Text(&'a str),
    Value(&'a serde_json::Value),
}

/// What a registry keeps of a game: its name and title, and how to make one.
#[derive(Clone, Copy)]
struct Entry {
    info: GameInfo,
    start: fn(Config<'_>) -> Result<Box<dyn AnyGame>, Error>,
    replay: fn(&str) -> Result<Box<dyn AnyGame>, Error>,
}

/// A new game of `G` under `config`.
fn start_game<G: Playable>(config: Config<'_>) -> Result<Box<dyn AnyGame>, Error> {
    let bad = |e: serde_json::Error| Error::Config {
        game: G::TITLE,
        reason: e.to_string(),
    };
    let config: G::Config = match config {
        Config::Text(text) => serde_json::from_str(bounded(Input::Configuration, text)?),
        Config::Value(serde_json::Value::Null) => Ok(G::Config::default()),
        Config::Value(serde_json::Value::Object(map)) if map.is_empty() => Ok(G::Config::default()),
        Config::Value(value) => G::Config::deserialize(value),
    }
    .map_err(bad)?;
    Ok(Erased::<G>::boxed(GameMatch::new(G::from_config(config))))
}

/// A game of `G` replayed from its record text, every move checked.
fn replay_game<G: Playable>(record: &str) -> Result<Box<dyn AnyGame>, Error> {
    let refused = |e: &<G::Match as GameMatch>::RecordError| Error::Record(Said::of(e));
    let record: <G::Match as GameMatch>::Record = bounded(Input::Record, record)?
        .parse()
        .map_err(|e| refused(&e))?;
    let game = <G::Match as GameMatch>::replay(&record).map_err(|e| refused(&e))?;
    Ok(Erased::<G>::boxed(game))
}

/// The games by name, in the order they were registered: each makes an
/// [`AnyGame`] from a JSON configuration or from a record.
///
/// ```
/// use board_any::Registry;
///
/// let registry = Registry::standard();
/// let names: Vec<_> = registry.games().iter().map(|g| g.name).collect();
/// assert_eq!(names, ["echec-o-cube", "kybo", "chess3d"]);
/// let game = registry.start("chess3d", r#"{"levels": 5}"#)?;
/// assert_eq!(game.config()["levels"], 5);
/// assert!(matches!(registry.start("go", "{}"), Err(board_any::Error::UnknownGame { .. })));
/// # Ok::<(), board_any::Error>(())
/// ```
#[derive(Clone, Default)]
pub struct Registry {
    entries: Vec<Entry>,
}

impl fmt::Debug for Registry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.entries.iter().map(|e| e.info.name))
            .finish()
    }
}

impl Registry {
    /// An empty registry.
    #[must_use]
    pub fn new() -> Registry {
        Registry::default()
    }

    /// The workspace's games, in the order a page lists them: the one
    /// place that names them.
    #[must_use]
    pub fn standard() -> Registry {
        Registry::new()
            .with::<echec_o_cube::Position>()
            .with::<kybo::Position>()
            .with::<chess3d::Position>()
    }

    /// This registry with `G` registered under its [`Playable::NAME`]
    /// (replacing a game of that name).
    #[must_use]
    pub fn with<G: Playable>(mut self) -> Registry {
        let entry = Entry {
            info: GameInfo {
                name: G::NAME,
                title: G::TITLE,
            },
            start: start_game::<G>,
            replay: replay_game::<G>,
        };
        match self.entries.iter_mut().find(|e| e.info.name == G::NAME) {
            Some(old) => *old = entry,
            None => self.entries.push(entry),
        }
        self
    }

    /// The games, in the order they were registered.
    #[must_use]
    pub fn games(&self) -> Vec<GameInfo> {
        self.entries.iter().map(|e| e.info).collect()
    }

    /// The game named `name`.
    ///
    /// # Errors
    /// [`Error::UnknownGame`]: no game has that name.
    pub fn info(&self, name: &str) -> Result<GameInfo, Error> {
        self.entry(name).map(|e| e.info)
    }

    fn entry(&self, name: &str) -> Result<&Entry, Error> {
        self.entries
            .iter()
            .find(|e| e.info.name == name)
            .ok_or_else(|| Error::UnknownGame {
                name: board_core::excerpt(name),
                known: self
                    .entries
                    .iter()
                    .map(|e| e.info.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// A new game of `name` under `config`, the game's configuration as
    /// JSON text (`{}` for the default; chess3d: `{"levels": 5}`).
    ///
    /// # Errors
    /// [`Error::UnknownGame`], [`Error::TooLong`], or [`Error::Config`]:
    /// the text is not JSON of the game's configuration.
    pub fn start(&self, name: &str, config: &str) -> Result<Box<dyn AnyGame>, Error> {
        (self.entry(name)?.start)(Config::Text(config))
    }

    /// [`start`](Registry::start) with the configuration as parsed JSON;
    /// `null` and `{}` mean the default.
    ///
    /// # Errors
    /// [`Error::UnknownGame`], or [`Error::Config`].
    pub fn start_value(
        &self,
        name: &str,
        config: &serde_json::Value,
    ) -> Result<Box<dyn AnyGame>, Error> {
        (self.entry(name)?.start)(Config::Value(config))
    }

    /// A game of `name` replayed from its record text, every move checked.
    ///
    /// # Errors
    /// [`Error::UnknownGame`], [`Error::TooLong`], or [`Error::Record`]:
    /// the text is not a record of the game, or a move breaks a rule (the
    /// message says which move and which rule).
    pub fn replay(&self, name: &str, record: &str) -> Result<Box<dyn AnyGame>, Error> {
        (self.entry(name)?.replay)(record)
    }
}

/// The standard games ([`Registry::standard`]), in the order a page lists them.
///
/// ```
/// let titles: Vec<_> = board_any::games().iter().map(|g| g.title).collect();
/// assert_eq!(titles, ["ÉCHEC O CUBE", "KYBO", "Chess 3D"]);
/// ```
#[must_use]
pub fn games() -> Vec<GameInfo> {
    Registry::standard().games()
}

/// A new standard game: [`Registry::start`] on [`Registry::standard`].
///
/// ```
/// let game = board_any::start("kybo", "{}")?;
/// assert_eq!(game.turn(), "White");
/// # Ok::<(), board_any::Error>(())
/// ```
///
/// # Errors
/// As [`Registry::start`].
pub fn start(name: &str, config: &str) -> Result<Box<dyn AnyGame>, Error> {
    Registry::standard().start(name, config)
}

/// A standard game replayed from its record: [`Registry::replay`] on
/// [`Registry::standard`].
///
/// ```
/// let mut game = board_any::start("kybo", "{}")?;
/// game.play("D4")?;
/// let again = board_any::replay("kybo", &game.record_text())?;
/// assert_eq!(again.moves(), ["D4"]);
/// # Ok::<(), board_any::Error>(())
/// ```
///
/// # Errors
/// As [`Registry::replay`].
pub fn replay(name: &str, record: &str) -> Result<Box<dyn AnyGame>, Error> {
    Registry::standard().replay(name, record)
}
