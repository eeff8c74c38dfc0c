//! The rule options of ÉCHEC O CUBE (the "(option)" items of RULES): supplies,
//! red mode, auto-announce and the points table, with their defaults.

use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;
use crate::position::Category;

/// Points of a closed live square by category (EOC-14). Default 6/9/12/12.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

/// The configuration of a game (EOC-4, EOC-10, EOC-14, EOC-15).
///
/// Every combination of values is a valid configuration. Its text is a preset
/// name (`standard`, `family`) or its fields:
/// `pale=50 dark=20 reds=10 red-mode=off auto-announce=off points=6/9/12/12`.
///
/// ```
/// use echec_o_cube::Config;
/// let c = Config::default();
/// assert_eq!((c.pale, c.dark, c.reds, c.red_mode, c.auto_announce), (50, 20, 10, false, false));
/// assert_eq!(c.to_string(), "standard");
/// let small: Config = "pale=3 dark=2 reds=1 red-mode=on auto-announce=off points=6/9/12/12".parse()?;
/// assert_eq!(small.to_string().parse::<Config>()?, small);
/// assert_eq!("family".parse::<Config>()?, Config::FAMILY);
/// # Ok::<(), echec_o_cube::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    };

    /// The defaults with red mode on (family mode), preset name `family`.
    pub const FAMILY: Config = Config {
        red_mode: true,
        ..Config::STANDARD
    };

    /// The named presets a record may use instead of the fields.
    pub const PRESETS: [(&'static str, Config); 2] =
        [("standard", Config::STANDARD), ("family", Config::FAMILY)];

    /// The preset name of this configuration, if it is one.
    pub fn preset_name(&self) -> Option<&'static str> {
        Config::PRESETS
            .iter()
            .find(|(_, c)| c == self)
            .map(|(n, _)| *n)
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
    /// The preset name, or the fields in order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = self.preset_name() {
            return f.write_str(name);
        }
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

fn bad(text: &str, reason: &'static str) -> ParseError {
    ParseError::Config {
        text: text.to_owned(),
        reason,
    }
}

fn number(field: &str, v: &str) -> Result<u8, ParseError> {
    v.parse()
        .map_err(|_| bad(field, "expected a whole number 0-255"))
}

impl FromStr for Config {
    type Err = ParseError;

    /// A preset name (`standard`, `family`, any case), or `key=value` fields
    /// separated by blank space; missing fields keep their default.
    fn from_str(s: &str) -> Result<Config, ParseError> {
        let t = s.trim();
        if t.is_empty() {
            return Err(bad(s, "empty"));
        }
        if let Some((_, c)) = Config::PRESETS
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(t))
        {
            return Ok(*c);
        }
        let mut c = Config::STANDARD;
        let mut seen = [false; 6];
        for field in t.split_whitespace() {
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
        };
        let text = custom.to_string();
        assert_eq!(
            text,
            "pale=1 dark=0 reds=255 red-mode=on auto-announce=on points=1/2/3/4"
        );
        assert_eq!(text.parse::<Config>(), Ok(custom));
        assert_eq!("FAMILY".parse::<Config>(), Ok(Config::FAMILY));
        assert_eq!("pale=50".parse::<Config>(), Ok(Config::STANDARD));
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
        ] {
            assert!(bad.parse::<Config>().is_err(), "{bad}");
        }
    }
}
