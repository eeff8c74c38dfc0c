//! [`Kit`](crate::Kit) for each game of the workspace.

mod chess3d;
mod echec_o_cube;
mod kybo;

pub use self::chess3d::{Chess3dMatch, Chess3dPosition};
pub use self::echec_o_cube::EchecOCube;
pub use self::kybo::Kybo;
