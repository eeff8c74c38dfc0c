//! [`Kit`] for ÉCHEC O CUBE.

use echec_o_cube::Position;

use crate::Kit;

/// ÉCHEC O CUBE's position, as the examples drive it.
pub type EchecOCube = Position;

impl Kit for Position {
    const LEGEND: Option<&'static str> = Some(
        "key: --- | pale piece, === H dark piece, + a piece ends there, R red, \
         1 2 closed by One/Two, x dead\n\
         moves: P D5-E5 (pale), F D5-E5 (dark), ! after one announces; \
         claim takes claimable points",
    );
}
