//! `serde` support (feature `serde`): positions, records, games and castling
//! rights travel as their text and are parsed, so validated, on the way in.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::game::Match;
use crate::position::{CastlingRights, FixedPosition, Position};
use crate::record::Record;

board_core::serde_via_text!(Position => fen, CastlingRights, Record);

impl<const L: usize> Serialize for FixedPosition<L> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.fen())
    }
}

impl<'de, const L: usize> Deserialize<'de> for FixedPosition<L> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        board_core::deserialize_from_str(d)
    }
}

impl Serialize for Match {
    /// As the game's record text.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.record())
    }
}

impl<'de> Deserialize<'de> for Match {
    /// From a record text, replayed.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let record: Record = board_core::deserialize_from_str(d)?;
        record.to_match().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FixedPosition, Game, Move};

    #[test]
    fn serde_round_trip_and_rejection() {
        let pos = Position::start();
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(json, format!("\"{}\"", pos.fen()));
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
        // Two white kings: rejected with the reason.
        let bad = json.replace("NRKQRBBN", "NRKQRBKN");
        let err = serde_json::from_str::<Position>(&bad).unwrap_err();
        assert!(err.to_string().contains("White has 2 kings"), "{err}");
        let bad = json.replace(" b KQkq", " b KQkqK");
        assert!(serde_json::from_str::<Position>(&bad).is_err());
        assert!(serde_json::from_str::<Position>("12").is_err());

        let one = FixedPosition::<1>::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        let json = serde_json::to_string(&one).unwrap();
        assert_eq!(
            serde_json::from_str::<FixedPosition<1>>(&json).unwrap(),
            one
        );
        assert!(serde_json::from_str::<FixedPosition<3>>(&json).is_err());

        let mut game = Match::new(Position::start());
        let mv: Move = game.parse_move("N2/E7-N2/E5").unwrap();
        game.play(mv).unwrap();
        let json = serde_json::to_string(&game).unwrap();
        let back: Match = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
        let mv_json = serde_json::to_string(&mv).unwrap();
        assert_eq!(serde_json::from_str::<Move>(&mv_json).unwrap(), mv);
        // An illegal record is refused.
        let bad = json.replace("N2/E7-N2/E5", "N2/E7-N2/E4");
        assert!(serde_json::from_str::<Match>(&bad).is_err());
        let rights: CastlingRights = serde_json::from_str("\"Kq\"").unwrap();
        assert_eq!(serde_json::to_string(&rights).unwrap(), "\"Kq\"");
        assert!(serde_json::from_str::<CastlingRights>("\"qK\"").is_err());
    }
}
