//! `serde` support. Notational types travel as their text; a position travels
//! as its position text and configuration and is validated on the way in
//! (KY-11), so no invalid state can be deserialized.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::config::Config;
use crate::error::PositionError;
use crate::geometry::{Cube, Level};
use crate::notation::Move;
use crate::position::Position;
use crate::record::Record;

board_core::serde_via_text!(Move, Level, Cube, Record);

/// The serialized form of a [`Position`]: its text and configuration.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionData {
    text: String,
    #[serde(default)]
    config: Config,
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PositionData {
            text: self.to_text(),
            config: self.config(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let data = PositionData::deserialize(d)?;
        Position::from_text_with_config(&data.text, data.config)
            .map_err(|e: PositionError| serde::de::Error::custom(e))
    }
}
