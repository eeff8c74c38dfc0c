//! The computer opponent of the game. Playouts are cut after 200 moves:
//! random chess rarely ends sooner.

use board_core::{Computer, Mcts};

use crate::Position;

/// The game's computer opponent: for now Monte Carlo tree search with
/// uniformly random playouts.
pub type Agent = Mcts;

impl Computer for Position {
    type Agent = Agent;

    fn computer(seed: u64) -> Agent {
        Mcts::new(seed).max_plies(200)
    }
}
