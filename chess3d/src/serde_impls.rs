//! `serde` support (feature `serde`), in the workspace's one shape:
//! a position is `{"config": {"levels": 3}, "text": "<FEN3D>"}`, a
//! configuration an object of its fields (each with its default), a move its
//! exact move text, records and games their record text. Everything is
//! parsed, so validated, on the way in, and every error quotes at most
//! [`board_core::excerpt`] of the input.

use core::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize, Serializer};

use crate::config::Config;
use crate::moves::Move;
use crate::position::{CastlingRights, FixedPosition, Position};
use crate::record::Record;

board_core::serde_via_text!(CastlingRights, Record, Move);

impl Serialize for Config {
    /// `{"levels": 3}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Config", 1)?;
        st.serialize_field("levels", &self.levels())?;
        st.end()
    }
}

/// The `levels` field: a number 1 to 8, any other value refused with a short message.
struct Levels(usize);

impl<'de> Deserialize<'de> for Levels {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Levels, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Levels;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a level count, 1 to 8 (C3-1)")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Levels, E> {
                let n = usize::try_from(n).unwrap_or(usize::MAX);
                Config::new(n)
                    .map(|c| Levels(c.levels()))
                    .map_err(E::custom)
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Levels, E> {
                match u64::try_from(n) {
                    Ok(n) => self.visit_u64(n),
                    Err(_) => Err(E::custom(format!("{n} levels: a space has 1 to 8 levels"))),
                }
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Levels, E> {
                Err(E::custom(format!(
                    "levels {:?}: expected a number 1 to 8 (C3-1)",
                    board_core::excerpt(s)
                )))
            }
            fn visit_bytes<E: de::Error>(self, _: &[u8]) -> Result<Levels, E> {
                Err(E::custom(
                    "levels: expected a number 1 to 8 (C3-1), found bytes",
                ))
            }
        }
        d.deserialize_any(V)
    }
}

/// A field name, kept short for error messages.
fn unknown_field<E: de::Error>(name: &str, expected: &str) -> E {
    E::custom(format!(
        "unknown field {:?}, expected {expected}",
        board_core::excerpt(name)
    ))
}

impl<'de> Deserialize<'de> for Config {
    /// An object of the fields, each optional: `{}` is the default, `{"levels": 5}`.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Config, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Config;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a chess3d configuration object, such as {\"levels\": 3}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Config, A::Error> {
                let mut config = Config::default();
                let mut seen = false;
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "levels" if !seen => {
                            seen = true;
                            let Levels(n) = map.next_value()?;
                            config = Config::new(n).map_err(de::Error::custom)?;
                        }
                        "levels" => return Err(de::Error::duplicate_field("levels")),
                        other => return Err(unknown_field(other, "`levels`")),
                    }
                }
                Ok(config)
            }
        }
        d.deserialize_map(V)
    }
}

board_core::serde_via_config_and_text!(Position);

impl<const L: usize> Serialize for FixedPosition<L> {
    /// The shape of [`Position`]: `{"config": {"levels": L}, "text": "<FEN3D>"}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        board_core::serialize_config_and_text(s, &Config::new(L).unwrap_or_default(), &self.fen())
    }
}

impl<'de, const L: usize> Deserialize<'de> for FixedPosition<L> {
    /// The shape of [`Position`], with `L` levels.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let pos = Position::deserialize(d)?;
        if pos.levels() != L {
            return Err(de::Error::custom(crate::PositionError::LevelsDisagree {
                found: pos.levels(),
                expected: L,
            }));
        }
        FixedPosition::from_fen(&pos.fen()).map_err(de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Match;

    #[test]
    fn serde_round_trip_and_rejection() {
        let pos = Position::default();
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(
            json,
            format!("{{\"config\":{{\"levels\":3}},\"text\":\"{}\"}}", pos.fen())
        );
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
        // Two white kings: rejected with the reason.
        let bad = json.replace("NRKQRBBN", "NRKQRBKN");
        let err = serde_json::from_str::<Position>(&bad).unwrap_err();
        assert!(err.to_string().contains("White has 2 kings"), "{err}");
        let bad = json.replace(" b KQkq", " b KQkqK");
        assert!(serde_json::from_str::<Position>(&bad).is_err());
        assert!(serde_json::from_str::<Position>("12").is_err());
        // C3-1: the text's level count must agree with the configuration's.
        let bad = json.replace("\"levels\":3", "\"levels\":4");
        let err = serde_json::from_str::<Position>(&bad).unwrap_err();
        assert!(
            err.to_string().contains("configuration has 4 levels"),
            "{err}"
        );
        let no_config = format!("{{\"text\":\"{}\"}}", pos.fen());
        assert_eq!(serde_json::from_str::<Position>(&no_config).unwrap(), pos);
        assert!(serde_json::from_str::<Position>("{\"config\":{}}").is_err());
        assert!(serde_json::from_str::<Position>(&json.replace("text", "txt")).is_err());

        let one = FixedPosition::<1>::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        let json = serde_json::to_string(&one).unwrap();
        assert_eq!(
            serde_json::from_str::<FixedPosition<1>>(&json).unwrap(),
            one
        );
        assert!(serde_json::from_str::<FixedPosition<3>>(&json).is_err());

        let mut game = Match::new(Position::default());
        let mv: Move = game.parse_move("N2/E7-N2/E5").unwrap();
        game.play(mv).unwrap();
        let json = serde_json::to_string(&game).unwrap();
        let back: Match = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
        let mv_json = serde_json::to_string(&mv).unwrap();
        assert_eq!(mv_json, "\"N2/E7-N2/E5\"");
        assert_eq!(serde_json::from_str::<Move>(&mv_json).unwrap(), mv);
        // An illegal record is refused.
        let bad = json.replace("N2/E7-N2/E5", "N2/E7-N2/E4");
        assert!(serde_json::from_str::<Match>(&bad).is_err());
        let rights: CastlingRights = serde_json::from_str("\"Kq\"").unwrap();
        assert_eq!(serde_json::to_string(&rights).unwrap(), "\"Kq\"");
        assert!(serde_json::from_str::<CastlingRights>("\"qK\"").is_err());
    }

    // C3-1: a configuration is an object of defaulted fields; levels 1 to 8.
    #[test]
    fn c3_1_config_serde() {
        assert_eq!(
            serde_json::from_str::<Config>("{}").unwrap(),
            Config::default()
        );
        let five = Config::new(5).unwrap();
        assert_eq!(serde_json::to_string(&five).unwrap(), "{\"levels\":5}");
        assert_eq!(
            serde_json::from_str::<Config>("{\"levels\":5}").unwrap(),
            five
        );
        for bad in [
            "{\"levels\":0}",
            "{\"levels\":9}",
            "{\"levels\":-1}",
            "{\"levels\":\"3\"}",
            "{\"level\":3}",
            "{\"levels\":3,\"levels\":3}",
            "3",
        ] {
            let err = serde_json::from_str::<Config>(bad).unwrap_err();
            assert!(!err.to_string().is_empty(), "{bad}");
        }
        let err = serde_json::from_str::<Config>("{\"levels\":9}").unwrap_err();
        assert!(err.to_string().contains("1 to 8 levels"), "{err}");
    }
}
