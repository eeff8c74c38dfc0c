//! The computer opponent of the game: [`Agent`], an alpha-beta search (the
//! search in `search.rs`, the evaluation in `eval.rs`).

use board_core::{Budget, Computer, Rng};

use crate::game::Match;
use crate::moves::Move;
use crate::position::{dispatch, Position};
use crate::search::{Found, Heuristics, Search, Table, MATE, MATE_BOUND};

/// The game's computer opponent: alpha-beta search (negamax with principal
/// variation search) with iterative deepening, a transposition table on the
/// Zobrist hash, quiescence on captures and promotions, and an evaluation of
/// material, mobility, centralisation, passed pawns and, in won endings, the
/// losing king's distance to the edge, so it mates. It knows the draws of
/// C3-17 (repetition, the 50-move rule, dead material) and that Black moves
/// first (it plays whichever side is to move), on any number of levels.
///
/// The budget's nodes count the positions searched. With a node budget and
/// no time limit the agent is deterministic: the same seed and the same calls
/// give the same moves. With a time limit, iterative deepening stops when the
/// time is up and plays the best move of the last finished depth (or of the
/// unfinished one, when a move fully searched already beat the others). It
/// always returns a legal move when there is one, even for a budget of one node.
///
/// The agent remembers the positions of the game it is called on (each
/// position it is given and the one its move leads to), so repetitions
/// across moves are seen; through [`board_core::Agent`] on a [`Match`] it
/// reads the game's history itself.
///
/// ```
/// use board_core::Budget;
/// use chess3d::{Agent, Position};
///
/// // White mates at once: the queen from N2/A1 to N2/A8 (the king on N2/H8
/// // cannot leave its level and is boxed in by its own pawns).
/// let pos: Position = "8/8/8/8/8/8/8/8|7k/6pp/8/8/8/8/8/Q6K|8/8/8/8/8/8/8/8 w - - 0 1".parse()?;
/// let mut agent = Agent::new(7);
/// let mv = agent.choose(&pos, Budget::nodes(20_000)).expect("White has moves");
/// let mut after = pos.clone();
/// after.play(mv)?;
/// assert!(after.outcome().is_some_and(|o| o.winner() == Some(board_core::Color::White)));
/// assert_eq!(agent.last_search().and_then(|s| s.mate_in()), Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Agent {
    table_bits: u32,
    table: Option<Table>,
    heuristics: Option<Box<Heuristics>>,
    rng: Rng,
    /// The game so far, as the agent saw it: each position's hash and
    /// half-move clock, oldest first.
    game: Vec<(u64, u32)>,
    last: Option<SearchReport>,
}

/// What the agent's last search found: the depth it finished, its score,
/// the positions it searched.
///
/// ```
/// use board_core::Budget;
/// use chess3d::{Agent, Position};
/// let mut agent = Agent::new(1);
/// agent.choose(&Position::default(), Budget::nodes(5_000));
/// let report = agent.last_search().expect("a search ran");
/// assert!(report.depth >= 1 && report.nodes <= 5_000);
/// assert_eq!(report.mate_in(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// The last depth searched to the end, in plies (0 if none finished).
    pub depth: u32,
    /// The score for the side to move, in centipawns; a mate in `n` plies
    /// scores `30_000 - n` (negative when the side to move is mated).
    pub score: i32,
    /// The positions searched.
    pub nodes: u64,
}

impl SearchReport {
    /// The moves to mate (the side to move's, positive) or to be mated
    /// (negative), when the search found one.
    pub fn mate_in(&self) -> Option<i32> {
        if self.score >= MATE_BOUND {
            Some((MATE - self.score + 1) / 2)
        } else if self.score <= -MATE_BOUND {
            Some(-(MATE + self.score) / 2)
        } else {
            None
        }
    }
}

impl Agent {
    /// The default size of the transposition table: 2^18 entries (6 MiB).
    pub const DEFAULT_TABLE_BITS: u32 = 18;

    /// An agent seeded with `seed` (the seed orders equally good moves).
    pub fn new(seed: u64) -> Agent {
        Agent {
            table_bits: Agent::DEFAULT_TABLE_BITS,
            table: None,
            heuristics: None,
            rng: Rng::new(seed),
            game: Vec::new(),
            last: None,
        }
    }

    /// The same agent with a transposition table of `2^bits` entries (24
    /// bytes each), `bits` kept within 10 to 26. The table is made at the
    /// first search.
    #[must_use]
    pub fn with_table_bits(mut self, bits: u32) -> Agent {
        self.table_bits = bits.clamp(10, 26);
        self.table = None;
        self
    }

    /// The size of the transposition table, as a power of two.
    pub fn table_bits(&self) -> u32 {
        self.table_bits
    }

    /// What the last search found, if one ran.
    pub fn last_search(&self) -> Option<SearchReport> {
        self.last
    }

    /// The move to play in `pos` within `budget`, or `None` if there is no
    /// legal move (the game is over).
    pub fn choose(&mut self, pos: &Position, budget: Budget) -> Option<Move> {
        self.remember(pos.zobrist(), pos.halfmove_clock());
        let before: Vec<u64> = self.game[..self.game.len() - 1]
            .iter()
            .map(|&(h, _)| h)
            .collect();
        let mv = self.search(pos, budget, before)?;
        let mut after = pos.clone();
        after.play_unchecked(mv);
        self.remember(after.zobrist(), after.halfmove_clock());
        Some(mv)
    }

    /// Adds a position of the game to what the agent remembers: the next one
    /// (a half-move clock one more than the last, or the same position again)
    /// extends the game; anything else starts it again.
    fn remember(&mut self, hash: u64, halfmove: u32) {
        match self.game.last() {
            Some(&(h, _)) if h == hash => {}
            Some(&(_, c)) if halfmove == c + 1 => self.game.push((hash, halfmove)),
            _ => {
                self.game.clear();
                self.game.push((hash, halfmove));
            }
        }
    }

    /// Searches `pos`, the positions `before` it in the game given (oldest first).
    fn search(&mut self, pos: &Position, budget: Budget, before: Vec<u64>) -> Option<Move> {
        let bits = self.table_bits;
        let table = self.table.get_or_insert_with(|| Table::new(bits));
        let heuristics = self
            .heuristics
            .get_or_insert_with(|| Box::new(Heuristics::new()));
        let mut search = Search::new(table, heuristics, budget.start(), before, self.rng.clone());
        let found: Found = dispatch!(pos, p => search.run(p));
        // A different shuffle for the next move.
        self.rng.next_u64();
        self.last = Some(SearchReport {
            depth: found.depth,
            score: found.score,
            nodes: found.nodes,
        });
        found.best
    }
}

impl board_core::Agent<Position> for Agent {
    fn choose(&mut self, game: &Position, budget: Budget) -> Option<Move> {
        Agent::choose(self, game, budget)
    }
}

impl board_core::Agent<Match> for Agent {
    /// The move for a game with its history: repetitions are read off the
    /// game's positions, and no move once the game is over (C3-17 draws included).
    fn choose(&mut self, game: &Match, budget: Budget) -> Option<Move> {
        if game.outcome().is_some() {
            return None;
        }
        let positions = game.history().positions();
        let window = (game.position().halfmove_clock() as usize).min(positions.len() - 1);
        let before = positions[positions.len() - 1 - window..positions.len() - 1]
            .iter()
            .map(Position::zobrist)
            .collect();
        self.game.clear();
        self.search(game.position(), budget, before)
    }
}

impl Computer for Position {
    type Agent = Agent;

    fn computer(seed: u64) -> Agent {
        Agent::new(seed)
    }
}
