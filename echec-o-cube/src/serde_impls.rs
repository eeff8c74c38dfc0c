//! `serde` support. Segments, squares and moves travel as their text; a
//! [`Position`] as `{"config": <Config>, "text": "<position text>"}`,
//! validated on the way in exactly like
//! [`Position::from_text_with_config`]; records and matches as their record
//! text, replayed on the way in. Nothing invalid can be built through serde.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::geometry::{GameSquare, Segment};
use crate::moves::Move;
use crate::position::Position;
use crate::record::Record;

board_core::serde_via_text!(Segment, GameSquare, Move);

board_core::serde_via_config_and_text!(Position);

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
