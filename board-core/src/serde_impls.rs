//! `serde` support: notational types travel as their text and are parsed (and
//! so validated) on the way in.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{Deserializer, Error, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::{Bitboard, Cell, File, Level, Rank, Square};

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
}
