//! [`Kit`](crate::Kit) for each game of the workspace: what the examples
//! show of it beyond board-any's [`Playable`](crate::Playable).

mod chess3d;
mod echec_o_cube;
mod kybo;

pub use self::chess3d::Chess3d;
pub use self::echec_o_cube::EchecOCube;
pub use self::kybo::Kybo;
