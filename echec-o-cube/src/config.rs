//! The rule options of ÉCHEC O CUBE (the "(option)" items of RULES): supplies,
//! red mode, auto-announce and the points table, with their defaults.

use core::fmt;
use core::str::FromStr;

use crate::piece::{Category, Player};
use thiserror::Error;

/// Points of a closed live square by category (EOC-14). Default 6/9/12/12.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Points {
    /// A 1×1 with no dark on its outline.
    pub standard: u8,
    /// A 1×1 with exactly one dark on its outline.
    pub enriched: u8,
    /// A 1×1 with two darks on its outline.
    pub maximal: u8,
    /// A 2×2.
    pub big: u8,
}

impl Points {
    /// The points of the rules: 6, 9, 12, 12.
    pub const DEFAULT: Points = Points {
        standard: 6,
        enriched: 9,
        maximal: 12,
        big: 12,
    };

    /// The points of a live square of `category`.
    #[inline]
    pub const fn of(self, category: Category) -> u8 {
        match category {
            Category::Standard => self.standard,
            Category::Enriched => self.enriched,
            Category::Maximal => self.maximal,
            Category::Big => self.big,
        }
    }
}

impl Default for Points {
    fn default() -> Points {
        Points::DEFAULT
    }
}

/// The configuration of a game (EOC-4, EOC-5, EOC-10, EOC-14, EOC-15):
/// everything a game needs to start, the first player included.
///
/// Every combination of values is a valid configuration. Its text is a preset
/// name (`standard`, `family`), optionally followed by fields that change it,
/// or the fields alone (missing ones keep the `standard` value):
/// `pale=50 dark=20 reds=10 red-mode=off auto-announce=off points=6/9/12/12`,
/// and `first=two` when Two plays first. The formatter writes the preset name
/// when there is one, else every field but `first`, and `first=two` last when
/// Two plays first.
///
/// ```
/// use echec_o_cube::{Config, Player};
/// let c = Config::default();
/// assert_eq!((c.pale, c.dark, c.reds, c.red_mode, c.auto_announce), (50, 20, 10, false, false));
/// assert_eq!(c.first, Player::One);
/// assert_eq!(c.to_string(), "standard");
/// let small: Config = "pale=3 dark=2 reds=1 red-mode=on auto-announce=off points=6/9/12/12".parse()?;
/// assert_eq!(small.to_string().parse::<Config>()?, small);
/// let two: Config = "family first=two".parse()?;
/// assert_eq!(two, Config { first: Player::Two, ..Config::FAMILY });
/// assert_eq!(two.to_string(), "family first=two");
/// # Ok::<(), echec_o_cube::ConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Config {
    /// Pale pieces in each player's supply (default 50).
    pub pale: u8,
    /// Dark pieces in each player's supply (default 20).
    pub dark: u8,
    /// Reds in the shared pool (default 10).
    pub reds: u8,
    /// Red mode, family mode (default off, EOC-10).
    pub red_mode: bool,
    /// Every placement that closes a live square is announced (default off, EOC-15).
    pub auto_announce: bool,
    /// The points table (EOC-14).
    pub points: Points,
    /// Who plays first (EOC-5; default One). [`Position::toss`](crate::Position::toss)
    /// chooses it by a seeded coin toss.
    pub first: Player,
}

impl Config {
    /// The rules' defaults, preset name `standard`.
    pub const STANDARD: Config = Config {
        pale: 50,
        dark: 20,
        reds: 10,
        red_mode: false,
        auto_announce: false,
        points: Points::DEFAULT,
        first: Player::One,
    };

    /// The defaults with red mode on (family mode), preset name `family`.
    pub const FAMILY: Config = Config {
        red_mode: true,
        ..Config::STANDARD
    };

    /// The named presets a text may use instead of the fields (both with
    /// One first).
    pub const PRESETS: [(&'static str, Config); 2] =
        [("standard", Config::STANDARD), ("family", Config::FAMILY)];

    /// The preset name of this configuration's rules (whoever plays first),
    /// if it is one.
    pub fn preset_name(&self) -> Option<&'static str> {
        let rules = Config {
            first: Player::One,
            ..*self
        };
        Config::PRESETS
            .iter()
            .find(|(_, c)| *c == rules)
            .map(|(n, _)| *n)
    }

    /// This configuration with `first` to play first.
    #[must_use]
    pub const fn with_first(self, first: Player) -> Config {
        Config { first, ..self }
    }

    /// The text of the rules alone, without `first=`: what a record's
    /// `config` line holds (its `first` line names the first player).
    pub(crate) fn rules_text(&self) -> String {
        self.with_first(Player::One).to_string()
    }
}

impl Default for Config {
    fn default() -> Config {
        Config::STANDARD
    }
}

fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

impl fmt::Display for Config {
    /// The preset name, or the fields in order; then `first=two` if Two
    /// plays first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = self.preset_name() {
            f.write_str(name)?;
        } else {
            self.write_fields(f)?;
        }
        if self.first == Player::Two {
            f.write_str(" first=two")?;
        }
        Ok(())
    }
}

impl Config {
    fn write_fields(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.points;
        write!(
            f,
            "pale={} dark={} reds={} red-mode={} auto-announce={} points={}/{}/{}/{}",
            self.pale,
            self.dark,
            self.reds,
            on_off(self.red_mode),
            on_off(self.auto_announce),
            p.standard,
            p.enriched,
            p.maximal,
            p.big
        )
    }
}

fn bad(text: &str, reason: &'static str) -> ConfigError {
    ConfigError {
        text: board_core::excerpt(text),
        reason,
    }
}

fn number(field: &str, v: &str) -> Result<u8, ConfigError> {
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad(field, "expected a whole number 0-255"));
    }
    v.parse()
        .map_err(|_| bad(field, "expected a whole number 0-255"))
}

impl FromStr for Config {
    type Err = ConfigError;

    /// A preset name (`standard`, `family`, any case) and/or `key=value`
    /// fields separated by blank space; missing fields keep the preset's (or
    /// the standard) value.
    fn from_str(s: &str) -> Result<Config, ConfigError> {
        let t = s.trim();
        if t.is_empty() {
            return Err(bad(s, "empty"));
        }
        let mut words = t.split_whitespace().peekable();
        let mut c = Config::STANDARD;
        if let Some((_, preset)) = words.peek().and_then(|w| {
            Config::PRESETS
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(w))
        }) {
            c = *preset;
            words.next();
        }
        let mut seen = [false; 7];
        for field in words {
            let Some((k, v)) = field.split_once('=') else {
                return Err(bad(field, "expected a preset name or key=value fields"));
            };
            let k = k.to_ascii_lowercase();
            let v = v.to_ascii_lowercase();
            let slot = match k.as_str() {
                "pale" => {
                    c.pale = number(field, &v)?;
                    0
                }
                "dark" => {
                    c.dark = number(field, &v)?;
                    1
                }
                "reds" => {
                    c.reds = number(field, &v)?;
                    2
                }
                "red-mode" | "auto-announce" => {
                    let b = match v.as_str() {
                        "on" | "true" | "yes" => true,
                        "off" | "false" | "no" => false,
                        _ => return Err(bad(field, "expected on or off")),
                    };
                    if k == "red-mode" {
                        c.red_mode = b;
                        3
                    } else {
                        c.auto_announce = b;
                        4
                    }
                }
                "points" => {
                    let parts: Vec<&str> = v.split('/').collect();
                    let [a, b, m, g] = parts[..] else {
                        return Err(bad(field, "expected four numbers a/b/c/d"));
                    };
                    c.points = Points {
                        standard: number(field, a)?,
                        enriched: number(field, b)?,
                        maximal: number(field, m)?,
                        big: number(field, g)?,
                    };
                    5
                }
                "first" => {
                    c.first = v
                        .parse()
                        .map_err(|_| bad(field, "expected first=one or first=two"))?;
                    6
                }
                _ => return Err(bad(field, "unknown field")),
            };
            if seen[slot] {
                return Err(bad(field, "field given twice"));
            }
            seen[slot] = true;
        }
        Ok(c)
    }
}

/// A configuration text that is neither a preset name nor valid fields
/// (see [`Config`](crate::Config)).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("configuration {text:?}: {reason}")]
pub struct ConfigError {
    /// The text at fault: the field, or the whole text (its first characters
    /// if long).
    pub text: String,
    /// What was wrong.
    pub reason: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    // EOC-4, EOC-10, EOC-14, EOC-15: defaults and text round trip.
    #[test]
    fn eoc4_defaults_and_text() {
        let c = Config::default();
        assert_eq!(c.pale, 50);
        assert_eq!(c.dark, 20);
        assert_eq!(c.reds, 10);
        assert!(!c.red_mode && !c.auto_announce);
        assert_eq!(c.points, Points::DEFAULT);
        let custom = Config {
            pale: 1,
            dark: 0,
            reds: 255,
            red_mode: true,
            auto_announce: true,
            points: Points {
                standard: 1,
                enriched: 2,
                maximal: 3,
                big: 4,
            },
            first: Player::Two,
        };
        let text = custom.to_string();
        assert_eq!(
            text,
            "pale=1 dark=0 reds=255 red-mode=on auto-announce=on points=1/2/3/4 first=two"
        );
        assert_eq!(text.parse::<Config>(), Ok(custom));
        assert_eq!("FAMILY".parse::<Config>(), Ok(Config::FAMILY));
        assert_eq!("pale=50".parse::<Config>(), Ok(Config::STANDARD));
        assert_eq!(
            "family pale=3".parse::<Config>(),
            Ok(Config {
                pale: 3,
                ..Config::FAMILY
            })
        );
        assert_eq!(
            "standard first=TWO".parse::<Config>(),
            Ok(Config::STANDARD.with_first(Player::Two))
        );
        assert_eq!(
            Config::STANDARD.with_first(Player::Two).rules_text(),
            "standard"
        );
        for bad in [
            "",
            "nonsense",
            "pale=256",
            "pale=-1",
            "pale=1 pale=2",
            "red-mode=maybe",
            "points=1/2/3",
            "points=1/2/3/4/5",
            "colour=red",
            "pale=+5",
            "first=three",
            "standard standard",
            "first=one first=two",
        ] {
            assert!(bad.parse::<Config>().is_err(), "{bad}");
        }
    }
}
