//! The computer opponent of the game.

use board_core::{Budget, Computer, Mcts};

use crate::moves::Move;
use crate::policy::RulesPolicy;
use crate::{Match, Position};

/// The game's computer opponent: Monte Carlo tree search whose playouts and
/// tree know what the rules make plain ([`RulesPolicy`]): it claims what is
/// claimable (EOC-17), announces its closings (EOC-15, EOC-16) except that
/// at the end of a run, where every placement hands a square over, it also
/// weighs closing unannounced (the opponent claims, then must place: the
/// Dots and Boxes decline that keeps control), and where nothing closes
/// places where the opponent's run of closings takes the fewest points
/// (nothing, while it can). Playouts are graded by the margin of final
/// counts (EOC-19). Against the same agent without the decline it scored
/// 91.0 % (91-0-9, 100 games at 10 ms a move).
///
/// Deterministic for a given seed and a budget of nodes (playouts); `Send`.
///
/// ```
/// use board_core::{Agent as _, Budget};
/// use echec_o_cube::{Agent, Move, Position};
///
/// let mut pos = Position::default();
/// for text in ["P D5-E5", "F E5-E6", "P D6-E6"] {
///     pos.play(pos.parse_move(text)?)?;
/// }
/// // A dark in D5-D6 closes D5-E6: the computer announces it.
/// let mv = Agent::new(7).choose(&pos, Budget::nodes(200));
/// assert_eq!(mv, Some(pos.parse_move("F D5-D6!")?));
/// # Ok::<(), echec_o_cube::PlayError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Agent {
    search: Mcts<RulesPolicy>,
}

impl Agent {
    /// The agent, seeded with `seed`.
    pub fn new(seed: u64) -> Agent {
        Agent {
            search: Mcts::with_policy(RulesPolicy::default(), seed).max_plies(400),
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
