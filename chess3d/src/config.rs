//! The rule options of RULES section 3 ("option" items), with their defaults.

use crate::error::LevelsError;
use crate::position::Position;

/// The options of the game: the number of levels (C3-1, default 3) and the
/// starting setup (C3-18: the default armies on the home level).
///
/// ```
/// use chess3d::Config;
/// let config = Config::default();
/// assert_eq!(config.levels(), 3);
/// let five = Config::new(5)?;
/// assert_eq!(five.start().levels(), 5);
/// assert!(Config::new(9).is_err());
/// # Ok::<(), chess3d::LevelsError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawConfig"))]
pub struct Config {
    levels: usize,
}

#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawConfig {
    levels: usize,
}

#[cfg(feature = "serde")]
impl TryFrom<RawConfig> for Config {
    type Error = LevelsError;
    fn try_from(raw: RawConfig) -> Result<Config, LevelsError> {
        Config::new(raw.levels)
    }
}

impl Default for Config {
    fn default() -> Config {
        Config { levels: 3 }
    }
}

impl Config {
    /// A configuration with `levels` levels (1 to 8).
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

    /// The default start (C3-18) with these options.
    pub fn start(&self) -> Position {
        Position::start_with_levels(self.levels).unwrap_or_default()
    }
}
