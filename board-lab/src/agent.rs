//! [`AgentSpec`]: the computer players a study can name, and how one
//! chooses a move through board-any.

use std::fmt;
use std::str::FromStr;

use board_any::AnyGame;
use board_core::{Budget, Rng};

/// The most nodes a `computer:N` agent may spend a move.
pub const MAX_NODES: u64 = 1_000_000;

/// A computer player of a study, as the study writes it.
///
/// - `random`: a uniformly random legal move (the weakest player, and the
///   fastest);
/// - `computer:N`: the game's own agent (board-core's `Computer`, what the
///   page and the server play) with a budget of `N` nodes a move and no
///   time limit, so the same seed gives the same move on every machine.
///
/// ```
/// use board_lab::AgentSpec;
/// let a: AgentSpec = "computer:64".parse()?;
/// assert_eq!(a, AgentSpec::Computer { nodes: 64 });
/// assert_eq!(a.to_string(), "computer:64");
/// assert!("greedy".parse::<AgentSpec>().is_err());
/// # Ok::<(), board_lab::AgentError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AgentSpec {
    /// A uniformly random legal move.
    Random,
    /// The game's own agent with `nodes` nodes a move.
    Computer {
        /// The node budget of a move.
        nodes: u64,
    },
}

/// A text that is not an agent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown agent {found:?}: say random or computer:N (N nodes a move, 1 to {MAX_NODES})")]
pub struct AgentError {
    /// The text, quoted.
    pub found: String,
}

impl FromStr for AgentSpec {
    type Err = AgentError;

    fn from_str(s: &str) -> Result<AgentSpec, AgentError> {
        let bad = || AgentError {
            found: board_core::excerpt(s),
        };
        match s.split_once(':') {
            None if s == "random" => Ok(AgentSpec::Random),
            Some(("computer", n)) => match n.parse::<u64>() {
                Ok(nodes) if (1..=MAX_NODES).contains(&nodes) => Ok(AgentSpec::Computer { nodes }),
                _ => Err(bad()),
            },
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Computer { nodes } => write!(f, "computer:{nodes}"),
        }
    }
}

impl AgentSpec {
    /// This agent's move in `game` among `moves` (its legal moves, not
    /// empty): `rng` draws a random move and seeds the computer's search.
    pub(crate) fn choose(self, game: &dyn AnyGame, moves: &[String], rng: &mut Rng) -> usize {
        match self {
            AgentSpec::Random => rng.below(moves.len()),
            AgentSpec::Computer { nodes } => {
                let seed = rng.next_u64();
                game.computer_move(seed, Budget::nodes(nodes))
                    .and_then(|mv| moves.iter().position(|m| *m == mv))
                    .unwrap_or(0)
            }
        }
    }
}
