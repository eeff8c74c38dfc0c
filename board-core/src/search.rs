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

    /// For RAVE ("all moves as first", [`Mcts::rave`]): reads which moves
    /// were made from `from`, the position of a node on the search's path,
    /// to `end`, where the playout finished (in the tree's descent and in
    /// the playout), for [`made`](Policy::made) to answer. Returns whether
    /// it could; the default cannot, and then no move gathers
    /// all-moves-as-first statistics (with [`Mcts::rave`] above 0 the
    /// search still selects by RAVE's rule, on the moves' own means alone).
    fn read_playout(&mut self, from: &G, end: &G) -> bool {
        let _ = (from, end);
        false
    }

    /// Whether `player` made `mv` between the two positions that
    /// [`read_playout`](Policy::read_playout) last read. The default is
    /// `false`.
    fn made(&self, player: G::Player, mv: G::Move) -> bool {
        let _ = (player, mv);
        false
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
/// With [`rave`](Mcts::rave) above 0 and a policy that tells which moves a
/// playout made ([`Policy::made`]), each move of a node also keeps the
/// rewards of the playouts in which its player made it later on ("all moves
/// as first", Gelly and Silver's RAVE): the search learns which moves are
/// good long before it has tried each, the strength of MCTS in connection
/// games such as Hex.
///
/// ```
/// use board_core::{Agent, Budget, Mcts};
/// let agent = Mcts::new(7);
/// assert_eq!(agent.max_plies, 1000);
/// assert_eq!(agent.rave, 0.0);
/// // agent.choose(&position, Budget::nodes(500)) returns a legal move of any `Game`.
/// # let _: Mcts = agent;
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Mcts<P = Uniform> {
    /// Longest playout, in moves; a longer one counts as a draw.
    pub max_plies: usize,
    /// The UCT exploration constant (√2 is the textbook value).
    pub exploration: f64,
    /// RAVE's equivalence parameter `k`: a move's all-moves-as-first mean
    /// weighs `√(k / (3n + k))` against its own mean after `n` visits, so
    /// about `k` visits for the two to weigh the same. 0 turns RAVE off.
    pub rave: f64,
    /// How playouts choose their moves.
    pub policy: P,
    rng: Rng,
}

/// A move of a node: the child it leads to, once tried, and its
/// all-moves-as-first statistics.
struct Edge<M> {
    mv: M,
    child: u32,
    amaf_visits: u32,
    amaf_reward: f32,
}

/// `Edge::child` of a move not tried yet.
const UNTRIED: u32 = u32::MAX;

struct Node<G: Game> {
    /// Who made the move into this node.
    mover: Option<G::Player>,
    /// Who moves from this node: the mover of its edges.
    turn: G::Player,
    parent: u32,
    /// The moves considered here: the tried ones first (`..tried`).
    edges: Vec<Edge<G::Move>>,
    tried: usize,
    visits: u32,
    reward: f64,
}

impl<G: Game> Node<G> {
    fn new(state: &G, mover: Option<G::Player>, parent: u32, moves: MoveList<G::Move>) -> Self {
        Node {
            mover,
            turn: state.turn(),
            parent,
            edges: moves
                .iter()
                .map(|&mv| Edge {
                    mv,
                    child: UNTRIED,
                    amaf_visits: 0,
                    amaf_reward: 0.0,
                })
                .collect(),
            tried: 0,
            visits: 0,
            reward: 0.0,
        }
    }
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
            rave: 0.0,
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

    /// The same search with RAVE's equivalence parameter `k` ([`rave`](Mcts::rave))
    /// and the exploration constant `exploration`.
    #[must_use]
    pub fn with_rave(mut self, k: f64, exploration: f64) -> Mcts<P> {
        self.rave = k;
        self.exploration = exploration;
        self
    }

    /// The move the search prefers (the most visited) after at most the
    /// budget's playouts, or `None` if the game has no legal move.
    /// Deterministic for a given seed and a budget without time.
    pub fn search<G: Game>(&mut self, game: &G, budget: Budget) -> Option<G::Move>
    where
        P: Policy<G>,
    {
        // (The clock runs from here: the policy's pruning at the root is
        // part of the time spent.)
        let timer = budget.start();
        let mut root_moves = MoveList::new();
        self.legal_for_search(game, &mut root_moves);
        if root_moves.len() <= 1 {
            return root_moves.first().copied();
        }
        let mut nodes: Vec<Node<G>> = vec![Node::new(game, None, u32::MAX, root_moves)];
        let mut playouts = 0;
        let mut path: Vec<G> = Vec::new();
        let rave = self.rave > 0.0;
        while playouts == 0 || !timer.is_out(playouts) {
            playouts += 1;
            let mut state = game.clone();
            let mut at = 0;
            // With RAVE, the position at each node of the path, to read
            // which moves the playout made after it.
            path.clear();
            if rave {
                path.push(state.clone());
            }
            // Selection and expansion: descend by UCT (and RAVE) until a
            // move not tried yet, which becomes a new node.
            while let Some(e) = self.select(&nodes, at) {
                let node = &mut nodes[at];
                let mv = node.edges[e].mv;
                state.play_unchecked(mv);
                if rave {
                    path.push(state.clone());
                }
                let child = node.edges[e].child;
                if child != UNTRIED {
                    at = child as usize;
                    continue;
                }
                // Tried moves stay in front: swap this one to `tried`.
                node.edges.swap(e, node.tried);
                let e = node.tried;
                node.tried += 1;
                let mover = Some(node.turn);
                let mut moves = MoveList::new();
                self.legal_for_search(&state, &mut moves);
                let index = u32::try_from(nodes.len()).expect("fewer than 2^32 nodes");
                nodes.push(Node::new(&state, mover, at as u32, moves));
                nodes[at].edges[e].child = index;
                at = index as usize;
                break;
            }
            // Simulation, then backpropagation.
            let graded = self
                .policy
                .playout_reward(&mut state, &mut self.rng, self.max_plies);
            while at != u32::MAX as usize {
                let node = &mut nodes[at];
                node.visits += 1;
                node.reward += reward(graded, node.mover);
                let from = path.pop();
                if from.is_some_and(|from| self.policy.read_playout(&from, &state)) {
                    let turn = node.turn;
                    let r = reward(graded, Some(turn)) as f32;
                    for edge in &mut node.edges {
                        if self.policy.made(turn, edge.mv) {
                            edge.amaf_visits += 1;
                            edge.amaf_reward += r;
                        }
                    }
                }
                at = node.parent as usize;
            }
        }
        let root = &nodes[0];
        root.edges[..root.tried]
            .iter()
            .max_by_key(|e| nodes[e.child as usize].visits)
            .map(|e| e.mv)
    }

    /// The edge of node `at` to follow, or `None` at the end of a game.
    /// Without RAVE: a move not tried yet, at random, while there is one,
    /// then the child of the best UCT value. With RAVE: the best value over
    /// every move, tried or not, its mean blended with its all-moves-as-first
    /// mean.
    fn select<G: Game>(&mut self, nodes: &[Node<G>], at: usize) -> Option<usize> {
        let node = &nodes[at];
        if node.edges.is_empty() {
            return None;
        }
        let rave = self.rave > 0.0;
        if !rave && node.tried < node.edges.len() {
            return Some(node.tried + self.rng.below(node.edges.len() - node.tried));
        }
        let log_n = f64::from(node.visits.max(1)).ln();
        let value = |e: &Edge<G::Move>| {
            let (reward, visits) = match e.child {
                // (Only with RAVE: without, every move is tried by now.)
                UNTRIED => (0.0, 0),
                c => (nodes[c as usize].reward, nodes[c as usize].visits),
            };
            if rave {
                let amaf = f64::from(e.amaf_reward);
                let k = self.rave;
                rave_value(
                    reward,
                    visits,
                    amaf,
                    e.amaf_visits,
                    k,
                    log_n,
                    self.exploration,
                )
            } else {
                uct(reward, visits, log_n, self.exploration)
            }
        };
        (0..node.edges.len())
            .max_by(|&a, &b| value(&node.edges[a]).total_cmp(&value(&node.edges[b])))
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

/// The RAVE value of a move with `visits` playouts through it (total
/// `reward`) and `amaf_visits` playouts in which its player made it later on
/// (total `amaf_reward`), under a parent whose visit count has natural log
/// `log_parent`: the two means blended with weight `β = √(k / (3n + k))` on
/// the all-moves-as-first one, plus `exploration · √(ln N / n)`. A move with
/// neither kind of playout is tried first (infinite value).
fn rave_value(
    reward: f64,
    visits: u32,
    amaf_reward: f64,
    amaf_visits: u32,
    k: f64,
    log_parent: f64,
    exploration: f64,
) -> f64 {
    if visits == 0 && amaf_visits == 0 {
        return f64::INFINITY;
    }
    let n = f64::from(visits);
    let mean = if amaf_visits == 0 {
        reward / n
    } else {
        let beta = (k / (3.0 * n + k)).sqrt();
        let amaf = amaf_reward / f64::from(amaf_visits);
        if visits == 0 {
            amaf
        } else {
            (1.0 - beta) * (reward / n) + beta * amaf
        }
    };
    mean + exploration * (log_parent / n.max(1.0)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::{rave_value, reward, uct};

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

    #[test]
    fn rave_value_blends_the_two_means_by_visits() {
        // k = 300, 100 visits (mean 0.4), 1000 AMAF playouts (mean 0.7):
        // β = √(300 / 600) = 0.7071…, mean 0.2929·0.4 + 0.7071·0.7,
        // plus 0.5·√(ln N / 100) with ln N = 4.
        let beta = 0.5f64.sqrt();
        let want = (1.0 - beta) * 0.4 + beta * 0.7 + 0.5 * (4.0f64 / 100.0).sqrt();
        let value = rave_value(40.0, 100, 700.0, 1000, 300.0, 4.0, 0.5);
        assert!((value - want).abs() < 1e-12, "{value} {want}");
        // Untried: its AMAF mean alone, explored as if visited once.
        let value = rave_value(0.0, 0, 3.0, 4, 300.0, 1.0, 0.5);
        assert!((value - (0.75 + 0.5)).abs() < 1e-12, "{value}");
        // No AMAF playout yet: the plain mean; nothing at all: first.
        assert!((rave_value(1.0, 2, 0.0, 0, 300.0, 0.0, 0.5) - 0.5).abs() < 1e-12);
        assert_eq!(rave_value(0.0, 0, 0.0, 0, 300.0, 2.0, 0.5), f64::INFINITY);
        // Many visits: the move's own mean takes over (β → 0).
        let value = rave_value(2e6, 1e7 as u32, 9e6, 1e7 as u32, 1.0, 0.0, 0.0);
        assert!((value - 0.2).abs() < 1e-3, "{value}");
    }
}
