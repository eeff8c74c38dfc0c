//! The rule options of RULES section 3 ("option" items), with their defaults.

use thiserror::Error;

/// The options of the game: the number of levels (C3-1, default 3); the
/// start is the default setup of C3-18 on the home level.
///
/// ```
/// use chess3d::{Config, Position};
/// let config = Config::default();
/// assert_eq!(config.levels(), 3);
/// let five = Config::new(5)?;
/// assert_eq!(Position::new(five).levels(), 5);
/// assert!(Config::new(9).is_err());
/// # Ok::<(), chess3d::LevelsError>(())
/// ```
///
/// With the `serde` feature a configuration is an object of its fields,
/// each with its default: `{"levels": 5}`, and `{}` is the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    levels: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config { levels: 3 }
    }
}

impl Config {
    /// A configuration with `levels` levels.
    ///
    /// # Errors
    /// A level count outside 1 to 8 (C3-1).
    pub fn new(levels: usize) -> Result<Config, LevelsError> {
        if (1..=8).contains(&levels) {
            Ok(Config { levels })
        } else {
            Err(LevelsError { found: levels })
        }
    }

    /// The number of levels.
    pub fn levels(&self) -> usize {
        self.levels
    }

    /// The home level's number (C3-15): `(levels + 1) / 2`.
    pub fn home_level(&self) -> usize {
        self.levels.div_ceil(2)
    }
}

/// A level count outside 1–8 (C3-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{found} levels: a space has 1 to 8 levels")]
pub struct LevelsError {
    /// The count given.
    pub found: usize,
}
