//! The rule options of KYBO (RULES "(option)" items): the cube supply (KY-6).

use core::fmt;

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

/// The game's options. `Config::default()` is the game of RULES: unlimited
/// supply.
///
/// ```
/// use kybo::{Config, Supply};
/// assert_eq!(Config::default().supply, Supply::Unlimited);
/// assert_eq!(Config::with_supply(30).supply, Supply::PerPlayer(30));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Config {
    /// The cube supply of each player (KY-6).
    pub supply: Supply,
}

impl Config {
    /// Unlimited supply (the default).
    pub const UNLIMITED: Config = Config {
        supply: Supply::Unlimited,
    };

    /// Each player has `cubes` cubes.
    #[inline]
    pub const fn with_supply(cubes: u8) -> Config {
        Config {
            supply: Supply::PerPlayer(cubes),
        }
    }
}
