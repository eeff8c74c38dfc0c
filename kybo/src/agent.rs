//! The computer opponent of the game.

use board_core::{Budget, Computer, Mcts};

use crate::notation::Move;
use crate::policy::RulesPolicy;
use crate::Position;

/// The game's computer opponent: Monte Carlo tree search whose playouts and
/// tree know what the rules make plain ([`RulesPolicy`]): it makes KYBO when
/// one placement does (KY-8), blocks the opponent's one-move KYBO, and its
/// playouts prefer cubes that connect to its own (KY-7).
///
/// Deterministic for a given seed and a budget of nodes (playouts); `Send`.
///
/// ```
/// use board_core::{Agent as _, Budget};
/// use kybo::{Agent, Move, Position, Square};
///
/// // White's column on file D reaches rank 7: White makes KYBO on D8.
/// let pos = Position::from_text(
///     "......../...wb.../...wb.../...wb.../...wb.../...wb.../...wb.../...wb... w",
/// )?;
/// assert_eq!(Agent::new(7).choose(&pos, Budget::nodes(100)), Some(Move::new(Square::D8)));
/// # Ok::<(), kybo::PositionError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Agent {
    search: Mcts<RulesPolicy>,
}

impl Agent {
    /// The agent, seeded with `seed`.
    pub fn new(seed: u64) -> Agent {
        Agent {
            search: Mcts::with_policy(RulesPolicy::default(), seed),
        }
    }

    /// The search it runs, to tune (exploration, playout length, policy).
    pub fn search_mut(&mut self) -> &mut Mcts<RulesPolicy> {
        &mut self.search
    }
}

impl board_core::Agent<Position> for Agent {
    fn choose(&mut self, game: &Position, budget: Budget) -> Option<Move> {
        self.search.search(game, budget)
    }
}

impl Computer for Position {
    type Agent = Agent;

    fn computer(seed: u64) -> Agent {
        Agent::new(seed)
    }
}
