//! The rule options of KYBO (RULES "(option)" items): the cube supply (KY-6),
//! and the configuration text that game records carry.

use core::fmt;
use core::str::FromStr;

use board_core::excerpt;

use thiserror::Error;

/// How many cubes each player may place (KY-6).
///
/// ```
/// use kybo::Supply;
/// assert_eq!(Supply::default(), Supply::Unlimited);
/// assert_eq!(Supply::PerPlayer(20).cubes(), Some(20));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Supply {
    /// No limit: the board's 120 places bound the game (the default).
    #[default]
    Unlimited,
    /// Each player has this many cubes. A player who has placed them all
    /// cannot place, and the game is drawn (KY-9) unless someone made KYBO.
    PerPlayer(u8),
}

impl Supply {
    /// The cubes per player, or `None` when unlimited.
    #[inline]
    pub const fn cubes(self) -> Option<u8> {
        match self {
            Supply::Unlimited => None,
            Supply::PerPlayer(n) => Some(n),
        }
    }
}

impl fmt::Display for Supply {
    /// `unlimited` or `20 cubes per player`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Supply::Unlimited => f.write_str("unlimited"),
            Supply::PerPlayer(n) => write!(f, "{n} cubes per player"),
        }
    }
}

/// The game's options: all a game needs besides its moves.
/// `Config::default()` is the game of RULES: unlimited supply.
///
/// Its text (`Display`/`FromStr`) is a list of `option value` pairs, today
/// the one option `supply`, `unlimited` or a number of cubes per player:
/// `supply 20`. The empty text is the default configuration. A
/// [`Record`](crate::Record) of a game with a limited supply carries it as a
/// tag, `[supply 20]`.
///
/// ```
/// use kybo::{Config, Supply};
/// assert_eq!(Config::default().supply, Supply::Unlimited);
/// assert_eq!(Config::with_supply(30).supply, Supply::PerPlayer(30));
/// assert_eq!(Config::with_supply(30).to_string(), "supply 30");
/// assert_eq!("supply 30".parse::<Config>()?, Config::with_supply(30));
/// assert_eq!("".parse::<Config>()?, Config::default());
/// assert!("supply 300".parse::<Config>().is_err());
/// # Ok::<(), kybo::ConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Config {
    /// The cube supply of each player (KY-6).
    pub supply: Supply,
}

impl Config {
    /// Unlimited supply (the default).
    pub const UNLIMITED: Config = Config {
        supply: Supply::Unlimited,
    };

    /// The names of the options, as the configuration text writes them.
    pub const OPTIONS: [&'static str; 1] = ["supply"];

    /// Each player has `cubes` cubes.
    #[inline]
    pub const fn with_supply(cubes: u8) -> Config {
        Config {
            supply: Supply::PerPlayer(cubes),
        }
    }

    /// Sets the option named `name` to the value written `value`
    /// (`("supply", "20")`): what one `option value` pair of the text does.
    ///
    /// # Errors
    /// An unknown option, or a value the option does not take.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ConfigError> {
        match name {
            "supply" => {
                self.supply = match value {
                    "unlimited" => Supply::Unlimited,
                    n => Supply::PerPlayer(
                        n.parse()
                            .map_err(|_| ConfigError::Supply { found: excerpt(n) })?,
                    ),
                };
                Ok(())
            }
            _ => Err(ConfigError::UnknownOption {
                found: excerpt(name),
            }),
        }
    }

    /// The `(option, value)` pairs that differ from the default, as a record
    /// writes them in its tags.
    pub(crate) fn non_default_options(&self) -> impl Iterator<Item = (&'static str, String)> {
        let supply = match self.supply {
            Supply::Unlimited => None,
            Supply::PerPlayer(n) => Some(("supply", n.to_string())),
        };
        supply.into_iter()
    }
}

impl fmt::Display for Config {
    /// Every option with its value: `supply unlimited`, `supply 20`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.supply {
            Supply::Unlimited => f.write_str("supply unlimited"),
            Supply::PerPlayer(n) => write!(f, "supply {n}"),
        }
    }
}

impl FromStr for Config {
    type Err = ConfigError;

    /// `option value` pairs separated by blank space; options not given keep
    /// their default, an option given twice is an error.
    fn from_str(s: &str) -> Result<Config, ConfigError> {
        let mut config = Config::default();
        let mut seen = [false; Config::OPTIONS.len()];
        let mut words = s.split_whitespace();
        while let Some(name) = words.next() {
            let Some(index) = Config::OPTIONS.iter().position(|o| *o == name) else {
                return Err(ConfigError::UnknownOption {
                    found: excerpt(name),
                });
            };
            let option = Config::OPTIONS[index];
            if core::mem::replace(&mut seen[index], true) {
                return Err(ConfigError::Repeated { option });
            }
            let value = words.next().ok_or(ConfigError::MissingValue { option })?;
            config.set(name, value)?;
        }
        Ok(config)
    }
}

/// Why a configuration text (`supply 20`) was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ConfigError {
    /// A word where an option name belongs that names no option.
    #[error("{found:?} is not an option of KYBO (the one option: supply)")]
    UnknownOption {
        /// The word (its first characters if long).
        found: String,
    },
    /// An option name at the end of the text, without its value.
    #[error("option {option} is given without a value")]
    MissingValue {
        /// The option.
        option: &'static str,
    },
    /// An option given twice.
    #[error("option {option} is given twice")]
    Repeated {
        /// The option.
        option: &'static str,
    },
    /// The supply is not `unlimited` or a number of cubes 0–255 (KY-6).
    #[error("supply {found:?} is not 'unlimited' or a number of cubes per player, 0-255 (KY-6)")]
    Supply {
        /// The value found (its first characters if long).
        found: String,
    },
}
