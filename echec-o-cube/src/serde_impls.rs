//! `serde` support. Segments, squares and moves travel as their text; a
//! [`Position`] as `{"config": <Config>, "text": "<position text>"}`,
//! validated on the way in exactly like
//! [`Position::from_text_with_config`]; records and matches as their record
//! text, replayed on the way in. Nothing invalid can be built through serde.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::config::Config;
use crate::game::Match;
use crate::geometry::{GameSquare, Segment};
use crate::notation::Move;
use crate::position::Position;
use crate::record::Record;

board_core::serde_via_text!(Segment, GameSquare, Move);

/// The serialized form of a [`Position`].
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
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let data = PositionData::deserialize(d)?;
        Position::from_text_with_config(&data.text, data.config).map_err(D::Error::custom)
    }
}

impl Serialize for Match {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.record())
    }
}

impl<'de> Deserialize<'de> for Match {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Match, D::Error> {
        let record: Record = board_core::deserialize_from_str(d)?;
        record.replay().map_err(D::Error::custom)
    }
}

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Record {
    /// Reads the record text and checks that it replays.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Record, D::Error> {
        let record: Record = board_core::deserialize_from_str(d)?;
        record.replay().map_err(D::Error::custom)?;
        Ok(record)
    }
}
