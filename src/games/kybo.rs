//! [`Kit`] for KYBO.

use kybo::Position;

use crate::Kit;

/// KYBO's position, as the examples drive it.
pub type Kybo = Position;

impl Kit for Position {
    /// KYBO's board has its own legend line, and a move is a square.
    const LEGEND: Option<&'static str> = None;
}
