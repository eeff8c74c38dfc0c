//! `serde` support. Notational types travel as their text; a position travels
//! as its configuration and position text and is validated on the way in
//! (KY-11); records and matches travel as their record text and are replayed
//! on the way in. No invalid state can be deserialized.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::config::Config;
use crate::game::Match;
use crate::geometry::{Cube, StackLevel};
use crate::notation::Move;
use crate::position::Position;
use crate::record::Record;

board_core::serde_via_text!(Move, StackLevel, Cube, Record);

/// The serialized form of a [`Position`]: its configuration and text.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionData {
    #[serde(default)]
    config: Config,
    text: String,
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PositionData {
            config: self.config(),
            text: self.to_text(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Position {
    /// `{"config": …, "text": …}` (`config` may be left out: the default),
    /// checked like [`Position::from_text_with_config`].
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let data = PositionData::deserialize(d)?;
        Position::from_text_with_config(&data.text, data.config).map_err(D::Error::custom)
    }
}

impl Serialize for Match {
    /// The record text of the game ([`Match::record`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.record())
    }
}

impl<'de> Deserialize<'de> for Match {
    /// A record text, replayed (the first illegal move is an error).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let record: Record = board_core::deserialize_from_str(d)?;
        record.replay().map_err(D::Error::custom)
    }
}
