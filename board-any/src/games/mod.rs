//! [`Playable`](crate::Playable) for each game of the workspace: the only
//! files that name a game's types.

mod chess3d;
mod echec_o_cube;
mod kybo;
