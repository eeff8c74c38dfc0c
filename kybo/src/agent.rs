//! The computer opponent of the game.

use board_core::{Budget, Computer, Mcts};

use crate::notation::Move;
use crate::policy::RulesPolicy;
use crate::Position;

/// How far a playout goes before [`RulesPolicy`] grades it by the reach of
/// each colour's networks: short playouts, more of them. Measured against
/// uniform MCTS at 20 ms a move (60 games each, a noisy shared machine):
/// playouts to the end 79 %, cut at 45 plies 82 %, 30 plies 92 %, 20 plies
/// 88 %.
pub(crate) const PLAYOUT_PLIES: usize = 30;

/// The game's computer opponent: Monte Carlo tree search whose playouts and
/// tree know what the rules make plain ([`RulesPolicy`]): it makes KYBO when
/// one placement does (KY-8), blocks the opponent's one-move KYBO, and its
/// playouts prefer cubes that connect to its own (KY-7); they stop after 30
/// placements, graded by how far each colour's networks reach.
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
            search: Mcts::with_policy(RulesPolicy::default(), seed).max_plies(PLAYOUT_PLIES),
        }
    }

    /// The search it runs, to tune (exploration, playout length, policy).
    pub fn search_mut(&mut self) -> &mut Mcts<RulesPolicy> {
        &mut self.search
    }
}

impl board_core::Agent<Position> for Agent {
    fn choose(&mut self, game: &Position, budget: Budget) -> Option<Move> {
        self.search.policy.root = Some(*game);
        let mv = self.search.search(game, budget);
        self.search.policy.root = None;
        mv
    }
}

impl Computer for Position {
    type Agent = Agent;

    fn computer(seed: u64) -> Agent {
        Agent::new(seed)
    }
}
