//! The computer opponent of the game.

use board_core::{Budget, Computer, Mcts};

use crate::moves::Move;
use crate::policy::RulesPolicy;
use crate::{Match, Position};

/// RAVE's equivalence parameter for KYBO ([`Mcts::rave`]).
const RAVE_K: f64 = 300.0;
/// The UCT exploration constant beside RAVE, which explores by itself.
const RAVE_EXPLORATION: f64 = 0.1;
/// What a draw costs the agent ([`RulesPolicy::contempt`]).
const CONTEMPT: f64 = 0.2;

/// The game's computer opponent: Monte Carlo tree search with RAVE
/// ([`Mcts::rave`]: each move also learns from the playouts in which its
/// colour filled its place, square and level, later on), whose tree knows
/// what the rules make plain ([`RulesPolicy`]): it makes KYBO when one
/// placement does (KY-8), blocks the opponent's one-move KYBO, and at its
/// root prefers double threats and avoids moves that let the opponent win
/// at once or threaten to win on two squares. Its playouts are uniformly
/// random games to the end, played by the fast loop
/// ([`Position::play_random`]); a playout that ends without KYBO counts 0.3
/// for its side ([`RulesPolicy::contempt`]), so that it plays for the win.
/// Measured at equal time (2 vCPUs, 100 games each): against uniform MCTS
/// drawing its playout moves from the move list, 94.0 % at 20 ms a move
/// and 84.0 % at 50 ms; against the same MCTS on the fast playouts, 87.5 %
/// and 79.5 % (200 games). Most other games fill the board (a draw).
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
            search: Mcts::with_policy(
                RulesPolicy {
                    uniform: true,
                    draw_slope: 0.0,
                    contempt: CONTEMPT,
                    ..RulesPolicy::default()
                },
                seed,
            )
            .with_rave(RAVE_K, RAVE_EXPLORATION),
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

impl board_core::Agent<Match> for Agent {
    /// The move for the match's current position (no rule of this game
    /// looks at the moves before it).
    fn choose(&mut self, game: &Match, budget: Budget) -> Option<Move> {
        board_core::Agent::<Position>::choose(self, game.position(), budget)
    }
}

impl Computer for Position {
    type Agent = Agent;

    fn computer(seed: u64) -> Agent {
        Agent::new(seed)
    }
}
