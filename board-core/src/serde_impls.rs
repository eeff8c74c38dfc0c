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

macro_rules! serde_as_text {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                deserialize_from_str(d)
            }
        }
    )*};
}

serde_as_text!(File, Rank, Square, Level, Cell);

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
        assert!(serde_json::from_str::<Square>("12").is_err());
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
