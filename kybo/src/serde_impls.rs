//! `serde` support. Notational types travel as their text; a position travels
//! as its configuration and position text and is validated on the way in
//! (KY-11); records and matches travel as their record text and are replayed
//! on the way in. No invalid state can be deserialized.

use crate::geometry::{Cube, StackLevel};
use crate::moves::Move;
use crate::position::Position;
use crate::record::Record;

board_core::serde_via_text!(Move, StackLevel, Cube, Record);

board_core::serde_via_config_and_text!(Position);
