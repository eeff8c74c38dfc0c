//! A game-independent search agent: Monte Carlo tree search with random
//! playouts (UCT), written once against [`Game`].

use crate::agent::{Agent, Budget};
use crate::game::{Game, MoveList};
use crate::playout::{random_playout, Rng};

/// How a Monte Carlo search finishes a game from a new node: the playout
/// policy. [`Uniform`] plays uniformly random legal moves; a game crate gives
/// a policy of its own where the rules tell good moves from bad ones.
pub trait Policy<G: Game>: Send {
    /// Plays `game` on for at most `max_plies` moves and returns the winner,
    /// or `None` for a draw or a playout cut by the ply limit.
    fn playout(&mut self, game: &mut G, rng: &mut Rng, max_plies: usize) -> Option<G::Player>;

    /// Plays a playout like [`playout`](Policy::playout) and grades its end:
    /// `Some((player, r))` gives `player` the reward `r` in `0..=1` and the
    /// opponent `1 − r`; `None` is ½ each (a draw or a cut playout). The
    /// default is 1 for the winner, so a policy of a game with a score can
    /// grade a win by its margin instead.
    fn playout_reward(
        &mut self,
        game: &mut G,
        rng: &mut Rng,
        max_plies: usize,
    ) -> Option<(G::Player, f64)> {
        self.playout(game, rng, max_plies)
            .map(|winner| (winner, 1.0))
    }

    /// Narrows `moves`, every legal move of `game`, to those the search
    /// should consider there (at the root and at every node it expands):
    /// where the rules tell that a move only throws the game away, leaving it
    /// out spends the search on the others. It must leave at least one move
    /// of a non-empty list, and only moves of the list; a list it empties is
    /// restored. The default keeps every move.
    fn prune(&mut self, game: &G, moves: &mut MoveList<G::Move>) {
        let _ = (game, moves);
    }
}

/// The policy of uniformly random legal moves ([`random_playout`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Uniform;

impl<G: Game> Policy<G> for Uniform {
    fn playout(&mut self, game: &mut G, rng: &mut Rng, max_plies: usize) -> Option<G::Player> {
        random_playout(game, rng, max_plies)
            .outcome
            .and_then(|o| o.winner())
    }
}

/// Monte Carlo tree search (UCT), an [`Agent`] for any [`Game`]. Strength
/// grows with the playouts (the budget's nodes) or the time it may spend
/// per move.
///
/// Rewards are 1 for a win, ½ for a draw or a playout cut by the ply limit,
/// 0 for a loss (or what the policy's [`Policy::playout_reward`] grades),
/// each counted for the player who made the move into a node,
/// so games where a player moves several times in a row (ÉCHEC O CUBE's bonus
/// turns) are handled like any other.
///
/// ```
/// use board_core::{Agent, Budget, Mcts};
/// let agent = Mcts::new(7);
/// assert_eq!(agent.max_plies, 1000);
/// // agent.choose(&position, Budget::nodes(500)) returns a legal move of any `Game`.
/// # let _: Mcts = agent;
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Mcts<P = Uniform> {
    /// Longest playout, in moves; a longer one counts as a draw.
    pub max_plies: usize,
    /// The UCT exploration constant (√2 is the textbook value).
    pub exploration: f64,
    /// How playouts choose their moves.
    pub policy: P,
    rng: Rng,
}

struct Node<G: Game> {
    mv: Option<G::Move>,
    /// Who made the move into this node.
    mover: Option<G::Player>,
    parent: usize,
    children: Vec<usize>,
    untried: Vec<G::Move>,
    visits: u32,
    reward: f64,
}

impl Mcts {
    /// Uniformly random playouts, seeded with `seed`.
    pub fn new(seed: u64) -> Mcts {
        Mcts::with_policy(Uniform, seed)
    }
}

impl<P> Mcts<P> {
    /// Playouts by `policy`, seeded with `seed`.
    pub fn with_policy(policy: P, seed: u64) -> Mcts<P> {
        Mcts {
            max_plies: 1000,
            exploration: std::f64::consts::SQRT_2,
            policy,
            rng: Rng::new(seed),
        }
    }

    /// The same search with playouts cut after `max_plies` moves.
    #[must_use]
    pub fn max_plies(mut self, max_plies: usize) -> Mcts<P> {
        self.max_plies = max_plies;
        self
    }

    /// The move the search prefers (the most visited) after at most the
    /// budget's playouts, or `None` if the game has no legal move.
    /// Deterministic for a given seed and a budget without time.
    pub fn search<G: Game>(&mut self, game: &G, budget: Budget) -> Option<G::Move>
    where
        P: Policy<G>,
    {
        let mut root_moves = MoveList::new();
        self.legal_for_search(game, &mut root_moves);
        if root_moves.len() <= 1 {
            return root_moves.first().copied();
        }
        let timer = budget.start();
        let mut nodes: Vec<Node<G>> = vec![Node {
            mv: None,
            mover: None,
            parent: usize::MAX,
            children: Vec::new(),
            untried: root_moves.into_vec(),
            visits: 0,
            reward: 0.0,
        }];
        let mut playouts = 0;
        while playouts == 0 || !timer.is_out(playouts) {
            playouts += 1;
            let mut state = game.clone();
            let mut at = 0;
            // Selection: descend through fully expanded nodes by UCT.
            while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
                at = self.best_child(&nodes, at);
                state.play_unchecked(nodes[at].mv.expect("only the root has no move"));
            }
            // Expansion: one untried move, chosen at random.
            if !nodes[at].untried.is_empty() {
                let untried = &mut nodes[at].untried;
                let mv = untried.swap_remove(self.rng.below(untried.len()));
                let mover = state.turn();
                state.play_unchecked(mv);
                let mut moves = MoveList::new();
                self.legal_for_search(&state, &mut moves);
                nodes.push(Node {
                    mv: Some(mv),
                    mover: Some(mover),
                    parent: at,
                    children: Vec::new(),
                    untried: moves.into_vec(),
                    visits: 0,
                    reward: 0.0,
                });
                let child = nodes.len() - 1;
                nodes[at].children.push(child);
                at = child;
            }
            // Simulation, then backpropagation.
            let graded = self
                .policy
                .playout_reward(&mut state, &mut self.rng, self.max_plies);
            while at != usize::MAX {
                let node = &mut nodes[at];
                node.visits += 1;
                node.reward += reward(graded, node.mover);
                at = node.parent;
            }
        }
        let root = &nodes[0];
        root.children
            .iter()
            .max_by_key(|&&c| nodes[c].visits)
            .and_then(|&c| nodes[c].mv)
    }

    /// The moves the search considers in `game`: the legal moves, as the
    /// policy prunes them (all of them if it would leave none).
    fn legal_for_search<G: Game>(&mut self, game: &G, moves: &mut MoveList<G::Move>)
    where
        P: Policy<G>,
    {
        game.generate_moves(moves);
        if moves.len() > 1 {
            self.policy.prune(game, moves);
            if moves.is_empty() {
                game.generate_moves(moves);
            }
        }
    }

    fn best_child<G: Game>(&self, nodes: &[Node<G>], at: usize) -> usize {
        let log_n = f64::from(nodes[at].visits.max(1)).ln();
        let uct = |c: usize| uct(nodes[c].reward, nodes[c].visits, log_n, self.exploration);
        nodes[at]
            .children
            .iter()
            .copied()
            .max_by(|&a, &b| uct(a).total_cmp(&uct(b)))
            .expect("a fully expanded node has children")
    }
}

impl<G: Game, P: Policy<G>> Agent<G> for Mcts<P> {
    fn choose(&mut self, game: &G, budget: Budget) -> Option<G::Move> {
        self.search(game, budget)
    }
}

/// A finished playout's reward for the player who moved into a node, from
/// the reward `r` of one player: `r` for that player, `1 − r` for the other,
/// ½ for a draw, a cut playout, or the root (no mover). A plain win is
/// `(winner, 1.0)`: 1 for a win, 0 for a loss.
fn reward<P: PartialEq>(graded: Option<(P, f64)>, mover: Option<P>) -> f64 {
    match (graded, mover) {
        (Some((p, r)), Some(m)) if p == m => r,
        (Some((_, r)), Some(_)) => 1.0 - r,
        _ => 0.5,
    }
}

/// The UCT value of a child with total `reward` over `visits`, under a parent
/// whose visit count has natural log `log_parent`: mean reward plus
/// `exploration · √(ln N / n)`. An unvisited child counts as visited once.
fn uct(reward: f64, visits: u32, log_parent: f64, exploration: f64) -> f64 {
    let visits = f64::from(visits.max(1));
    reward / visits + exploration * (log_parent / visits).sqrt()
}

#[cfg(test)]
mod tests {
    use super::{reward, uct};

    #[test]
    fn reward_scores_win_loss_and_draw_for_the_mover() {
        assert_eq!(reward(Some((1, 1.0)), Some(1)), 1.0);
        assert_eq!(reward(Some((2, 1.0)), Some(1)), 0.0);
        assert_eq!(reward(None, Some(1)), 0.5);
        assert_eq!(reward(Some((1, 1.0)), None), 0.5);
        // A graded result: 0.8 for player 1 is 0.2 for player 2.
        assert_eq!(reward(Some((1, 0.8)), Some(1)), 0.8);
        assert!((reward(Some((1, 0.8)), Some(2)) - 0.2).abs() < 1e-12);
    }

    #[test]
    fn uct_is_mean_reward_plus_scaled_exploration() {
        // 3 wins in 4 visits under a parent visited e² times, c = 2:
        // 3/4 + 2·√(2/4) = 0.75 + √2.
        let value = uct(3.0, 4, 2.0, 2.0);
        assert!((value - (0.75 + std::f64::consts::SQRT_2)).abs() < 1e-12);
        // An unvisited child is valued as if visited once.
        assert_eq!(uct(0.0, 0, 4.0, 1.0), 2.0);
    }
}
