//! `serde` support: notational types travel as their text and are parsed (and
//! so validated) on the way in.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{Deserializer, Error, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::{Bitboard, Cell, File, Level, Match, MatchRules, Rank, Square};

/// Deserializes any `FromStr` type from a string, reporting its parse error.
pub fn deserialize_from_str<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
    T::Err: fmt::Display,
{
    struct V<T>(PhantomData<T>);
    impl<T: FromStr> Visitor<'_> for V<T>
    where
        T::Err: fmt::Display,
    {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string in the game's notation")
        }
        fn visit_str<E: Error>(self, s: &str) -> Result<T, E> {
            s.parse().map_err(E::custom)
        }
    }
    d.deserialize_str(V(PhantomData))
}

/// Implements `Serialize` and `Deserialize` (feature `serde`) for types that
/// travel as their text: written with `Display`, or with the named method
/// (`Position => fen`), and read with `FromStr`, so every value read is
/// validated by the type's own parser.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use std::{fmt, str::FromStr};
///
/// #[derive(Debug, PartialEq)]
/// struct Even(u8);
/// impl fmt::Display for Even {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "{}", self.0) }
/// }
/// impl FromStr for Even {
///     type Err = String;
///     fn from_str(s: &str) -> Result<Even, String> {
///         match s.parse::<u8>() {
///             Ok(n) if n % 2 == 0 => Ok(Even(n)),
///             _ => Err(format!("{s:?} is not an even number")),
///         }
///     }
/// }
/// board_core::serde_via_text!(Even);
///
/// assert_eq!(serde_json::to_string(&Even(4)).unwrap(), "\"4\"");
/// assert!(serde_json::from_str::<Even>("\"3\"").is_err());
/// # }
/// ```
#[macro_export]
macro_rules! serde_via_text {
    ($($t:ty $(=> $text:ident)?),* $(,)?) => {$(
        impl $crate::__serde::Serialize for $t {
            fn serialize<S: $crate::__serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                $crate::serde_via_text!(@text self, s $(, $text)?)
            }
        }
        impl<'de> $crate::__serde::Deserialize<'de> for $t {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::deserialize_from_str(d)
            }
        }
    )*};
    (@text $v:ident, $s:ident) => {
        $s.collect_str($v)
    };
    (@text $v:ident, $s:ident, $text:ident) => {
        $s.collect_str(&$v.$text())
    };
}

serde_via_text!(File, Rank, Square, Level, Cell);

/// Writes the one shape of a game position: `{"config": <config>, "text": "<text>"}`.
///
/// # Errors
/// Those of the serializer.
pub fn serialize_config_and_text<S, C>(s: S, config: &C, text: &str) -> Result<S::Ok, S::Error>
where
    S: Serializer,
    C: Serialize,
{
    use serde::ser::SerializeStruct;
    let mut st = s.serialize_struct("Position", 2)?;
    st.serialize_field("config", config)?;
    st.serialize_field("text", text)?;
    st.end()
}

/// Reads the one shape of a game position, `{"config": …, "text": …}`: the
/// configuration (its default when left out) and the text, for the game's
/// own validating reader. Unknown or repeated fields are refused with a
/// message quoting at most an [`excerpt`](crate::excerpt) of the field name.
///
/// # Errors
/// The input is not such an object, or the configuration is invalid.
pub fn deserialize_config_and_text<'de, D, C>(d: D) -> Result<(C, String), D::Error>
where
    D: Deserializer<'de>,
    C: Deserialize<'de> + Default,
{
    struct V<C>(PhantomData<C>);
    impl<'de, C: Deserialize<'de> + Default> Visitor<'de> for V<C> {
        type Value = (C, String);
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a position object {\"config\": {…}, \"text\": \"…\"}")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut config: Option<C> = None;
            let mut text: Option<String> = None;
            while let Some(key) = map.next_key::<String>()? {
                match key.as_str() {
                    "config" if config.is_none() => config = Some(map.next_value()?),
                    "text" if text.is_none() => text = Some(map.next_value()?),
                    "config" | "text" => {
                        return Err(A::Error::custom(format!("duplicate field `{key}`")))
                    }
                    other => {
                        return Err(A::Error::custom(format!(
                            "unknown field `{}`, expected `config` or `text`",
                            crate::excerpt(other)
                        )))
                    }
                }
            }
            let text = text.ok_or_else(|| A::Error::missing_field("text"))?;
            Ok((config.unwrap_or_default(), text))
        }
    }
    d.deserialize_map(V(PhantomData))
}

/// Implements `Serialize` and `Deserialize` (feature `serde`) for a game's
/// position type in the one shape `{"config": …, "text": …}`
/// ([`serialize_config_and_text`], [`deserialize_config_and_text`]), through
/// its `config()`, `to_text()` and validating `from_text_with_config(text,
/// config)`, so every position read is checked like its text.
#[macro_export]
macro_rules! serde_via_config_and_text {
    ($t:ty) => {
        impl $crate::__serde::Serialize for $t {
            fn serialize<S: $crate::__serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                $crate::serialize_config_and_text(s, &self.config(), &self.to_text())
            }
        }
        impl<'de> $crate::__serde::Deserialize<'de> for $t {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let (config, text) = $crate::deserialize_config_and_text(d)?;
                <$t>::from_text_with_config(&text, config)
                    .map_err(<D::Error as $crate::__serde::de::Error>::custom)
            }
        }
    };
}

/// A match travels as its record text: written from [`Match::record`], read
/// by parsing the game's record and replaying it, so an illegal move is refused.
impl<P: MatchRules> Serialize for Match<P> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.record())
    }
}

impl<'de, P: MatchRules> Deserialize<'de> for Match<P> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let record: P::Record = deserialize_from_str(d)?;
        P::replay(&record).map_err(D::Error::custom)
    }
}

impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.0)
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    /// Every `u64` is a valid set of squares.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        u64::deserialize(d).map(Bitboard)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Bitboard, Cell, Color, Outcome, Square};

    #[test]
    fn round_trips_and_rejects() {
        assert_eq!(serde_json::to_string(&Square::D5).unwrap(), "\"D5\"");
        assert_eq!(
            serde_json::from_str::<Square>("\"d5\"").unwrap(),
            Square::D5
        );
        let err = serde_json::from_str::<Square>("\"I9\"").unwrap_err();
        assert!(err.to_string().contains("rank 9 is outside 1-8"));
        let err = serde_json::from_str::<Square>("12").unwrap_err();
        assert!(
            err.to_string().contains("a string in the game's notation"),
            "{err}"
        );
        let cell: Cell = "N3/H8".parse().unwrap();
        let json = serde_json::to_string(&cell).unwrap();
        assert_eq!(json, "\"N3/H8\"");
        assert_eq!(serde_json::from_str::<Cell>(&json).unwrap(), cell);
        assert!(serde_json::from_str::<Cell>("\"N9/A1\"").is_err());
        let bb = Bitboard(0x8000_0000_0000_0001);
        let json = serde_json::to_string(&bb).unwrap();
        assert_eq!(serde_json::from_str::<Bitboard>(&json).unwrap(), bb);
        assert_eq!(serde_json::to_string(&Color::Black).unwrap(), "\"black\"");
        let o: Outcome<Color, u8> = Outcome::Win {
            winner: Color::White,
            reason: 3,
        };
        let json = serde_json::to_string(&o).unwrap();
        assert_eq!(
            serde_json::from_str::<Outcome<Color, u8>>(&json).unwrap(),
            o
        );
    }

    #[test]
    fn config_and_text_objects_are_read_with_bounded_errors() {
        use super::deserialize_config_and_text;
        let read = |json: &str| -> Result<(u8, String), String> {
            let mut de = serde_json::Deserializer::from_str(json);
            deserialize_config_and_text(&mut de).map_err(|e| e.to_string())
        };
        assert_eq!(read(r#"{"config": 7, "text": "x"}"#), Ok((7, "x".into())));
        // A missing configuration is the default one.
        assert_eq!(read(r#"{"text": "x"}"#), Ok((0, "x".into())));
        assert!(read(r#"{"config": 7}"#)
            .unwrap_err()
            .contains("missing field `text`"));
        assert!(read(r#"{"text": "a", "text": "b"}"#)
            .unwrap_err()
            .contains("duplicate field `text`"));
        let huge = format!(r#"{{"{}": 1}}"#, "k".repeat(1 << 20));
        let err = read(&huge).unwrap_err();
        assert!(err.starts_with("unknown field `kkkk"), "{err}");
        assert!(err.len() < 200, "{} bytes", err.len());
        assert!(read("[1, 2]").is_err());
    }
}
