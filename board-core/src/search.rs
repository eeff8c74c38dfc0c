//! A game-independent search agent: Monte Carlo tree search with random
//! playouts (UCT), written once against [`Game`].

use crate::agent::{Agent, Budget};
use crate::game::{Game, MoveList};
use crate::playout::random_playout;
use crate::rng::Rng;

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

/// A move of a node: the child it leads to, once tried, the playouts
/// through it (kept here rather than in the child, so that selection reads
/// one array) and its all-moves-as-first statistics.
struct Edge<M> {
    mv: M,
    child: u32,
    visits: u32,
    amaf_visits: u32,
    amaf_reward: f32,
    /// The rewards of the playouts through it, for the node's player.
    reward: f64,
    /// What selection needs of `visits`, worked out once a visit instead
    /// of once a selection: the mean reward (0 unvisited), `1/√n` (an
    /// unvisited move counts as visited once) and RAVE's `β = √(k / (3n + k))`.
    mean: f64,
    inv_sqrt: f64,
    beta: f64,
}

impl<M> Edge<M> {
    fn new(mv: M) -> Self {
        Edge {
            mv,
            child: UNTRIED,
            visits: 0,
            amaf_visits: 0,
            amaf_reward: 0.0,
            reward: 0.0,
            mean: 0.0,
            inv_sqrt: 1.0,
            beta: 1.0,
        }
    }

    /// Counts a playout through the move, with reward `r`, under RAVE's `k`.
    fn visit(&mut self, r: f64, k: f64) {
        self.visits += 1;
        self.reward += r;
        let n = f64::from(self.visits);
        self.mean = self.reward / n;
        self.inv_sqrt = n.sqrt().recip();
        self.beta = (k / (3.0 * n + k)).sqrt();
    }

    /// The UCT value under a parent whose visit count has natural log
    /// `ln N`, given as `sqrt_log = √(ln N)`: the mean reward plus
    /// `exploration · √(ln N / n)`.
    fn uct(&self, sqrt_log: f64, exploration: f64) -> f64 {
        self.mean + exploration * sqrt_log * self.inv_sqrt
    }

    /// The RAVE value: the mean blended with the all-moves-as-first mean,
    /// weight β on the latter (so the latter alone before any visit), plus
    /// the exploration term of [`uct`](Edge::uct). A move with neither kind
    /// of playout comes first (infinite value).
    fn rave(&self, sqrt_log: f64, exploration: f64) -> f64 {
        let mean = if self.amaf_visits == 0 {
            if self.visits == 0 {
                return f64::INFINITY;
            }
            self.mean
        } else {
            let amaf = f64::from(self.amaf_reward) / f64::from(self.amaf_visits);
            (1.0 - self.beta) * self.mean + self.beta * amaf
        };
        mean + exploration * sqrt_log * self.inv_sqrt
    }
}

/// `Edge::child` of a move not tried yet.
const UNTRIED: u32 = u32::MAX;

struct Node<G: Game> {
    /// Who moves from this node: the mover of its edges.
    turn: G::Player,
    /// The node it was reached from and the index of the edge there.
    parent: u32,
    parent_edge: u32,
    /// The moves considered here: the tried ones first (`..tried`).
    edges: Vec<Edge<G::Move>>,
    tried: usize,
    visits: u32,
}

impl<G: Game> Node<G> {
    fn new(state: &G, parent: u32, parent_edge: u32, moves: MoveList<G::Move>) -> Self {
        Node {
            turn: state.turn(),
            parent,
            parent_edge,
            edges: moves.iter().map(|&mv| Edge::new(mv)).collect(),
            tried: 0,
            visits: 0,
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
        let mut nodes: Vec<Node<G>> = vec![Node::new(game, u32::MAX, u32::MAX, root_moves)];
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
                let mut moves = MoveList::new();
                self.legal_for_search(&state, &mut moves);
                let index = u32::try_from(nodes.len()).expect("fewer than 2^32 nodes");
                nodes.push(Node::new(&state, at as u32, e as u32, moves));
                nodes[at].edges[e].child = index;
                at = index as usize;
                break;
            }
            // Simulation, then backpropagation.
            let graded = self
                .policy
                .playout_reward(&mut state, &mut self.rng, self.max_plies);
            while at != u32::MAX as usize {
                let (parent, parent_edge) = (nodes[at].parent, nodes[at].parent_edge);
                if parent != u32::MAX {
                    let parent = &mut nodes[parent as usize];
                    let r = reward(graded, parent.turn);
                    parent.edges[parent_edge as usize].visit(r, self.rave);
                }
                let node = &mut nodes[at];
                node.visits += 1;
                let from = path.pop();
                if from.is_some_and(|from| self.policy.read_playout(&from, &state)) {
                    let turn = node.turn;
                    let r = reward(graded, turn) as f32;
                    for edge in &mut node.edges {
                        if self.policy.made(turn, edge.mv) {
                            edge.amaf_visits += 1;
                            edge.amaf_reward += r;
                        }
                    }
                }
                at = parent as usize;
            }
        }
        let root = &nodes[0];
        root.edges[..root.tried]
            .iter()
            .max_by_key(|e| e.visits)
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
        let sqrt_log = f64::from(node.visits.max(1)).ln().sqrt();
        let c = self.exploration;
        // (An untried move has no visits: only with RAVE, since without it
        // every move is tried by now.)
        let value = |e: &Edge<G::Move>| {
            if rave {
                e.rave(sqrt_log, c)
            } else {
                e.uct(sqrt_log, c)
            }
        };
        // The last of the best values, each computed once.
        let mut best = (f64::NEG_INFINITY, 0);
        for (i, e) in node.edges.iter().enumerate() {
            let v = value(e);
            if v.total_cmp(&best.0).is_ge() {
                best = (v, i);
            }
        }
        Some(best.1)
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

/// A finished playout's reward for `player` (who made a move), from the
/// reward `r` of one player: `r` for that player, `1 − r` for the other, ½
/// for a draw or a cut playout. A plain win is `(winner, 1.0)`: 1 for a
/// win, 0 for a loss.
fn reward<P: PartialEq>(graded: Option<(P, f64)>, player: P) -> f64 {
    match graded {
        Some((p, r)) if p == player => r,
        Some((_, r)) => 1.0 - r,
        None => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::{reward, Edge};

    #[test]
    fn reward_scores_win_loss_and_draw_for_the_mover() {
        assert_eq!(reward(Some((1, 1.0)), 1), 1.0);
        assert_eq!(reward(Some((2, 1.0)), 1), 0.0);
        assert_eq!(reward(None, 1), 0.5);
        // A graded result: 0.8 for player 1 is 0.2 for player 2.
        assert_eq!(reward(Some((1, 0.8)), 1), 0.8);
        assert!((reward(Some((1, 0.8)), 2) - 0.2).abs() < 1e-12);
    }

    /// An edge after `visits` playouts of total `reward` and `amaf_visits`
    /// all-moves-as-first ones of total `amaf_reward`, under RAVE's `k`.
    fn edge(reward: f64, visits: u32, amaf_reward: f32, amaf_visits: u32, k: f64) -> Edge<()> {
        let mut e = Edge::new(());
        for _ in 0..visits {
            e.visit(reward / f64::from(visits), k);
        }
        (e.amaf_reward, e.amaf_visits) = (amaf_reward, amaf_visits);
        e
    }

    #[test]
    fn uct_is_mean_reward_plus_scaled_exploration() {
        // 3 wins in 4 visits under a parent visited e² times, c = 2:
        // 3/4 + 2·√(2/4) = 0.75 + √2.
        let value = edge(3.0, 4, 0.0, 0, 0.0).uct(2f64.sqrt(), 2.0);
        assert!((value - (0.75 + std::f64::consts::SQRT_2)).abs() < 1e-12);
        // An unvisited child is valued as if visited once: 0 + 1·√4.
        assert_eq!(edge(0.0, 0, 0.0, 0, 0.0).uct(2.0, 1.0), 2.0);
    }

    #[test]
    fn rave_value_blends_the_two_means_by_visits() {
        // k = 300, 100 visits (mean 0.4), 1000 AMAF playouts (mean 0.7):
        // β = √(300 / 600) = 0.7071…, mean 0.2929·0.4 + 0.7071·0.7,
        // plus 0.5·√(ln N / 100) with ln N = 4.
        let beta = 0.5f64.sqrt();
        let want = (1.0 - beta) * 0.4 + beta * 0.7 + 0.5 * (4.0f64 / 100.0).sqrt();
        let value = edge(40.0, 100, 700.0, 1000, 300.0).rave(2.0, 0.5);
        assert!((value - want).abs() < 1e-9, "{value} {want}");
        // Untried: its AMAF mean alone, explored as if visited once.
        let value = edge(0.0, 0, 3.0, 4, 300.0).rave(1.0, 0.5);
        assert!((value - (0.75 + 0.5)).abs() < 1e-12, "{value}");
        // No AMAF playout yet: the plain mean; nothing at all: first.
        assert!((edge(1.0, 2, 0.0, 0, 300.0).rave(0.0, 0.5) - 0.5).abs() < 1e-12);
        assert_eq!(
            edge(0.0, 0, 0.0, 0, 300.0).rave(2f64.sqrt(), 0.5),
            f64::INFINITY
        );
        // Many visits: the move's own mean takes over (β → 0).
        let value = edge(2e4, 100_000, 9e4, 100_000, 1.0).rave(0.0, 0.0);
        assert!((value - 0.2).abs() < 1e-2, "{value}");
    }
}
