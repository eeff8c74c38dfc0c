//! What a computer player is, written once: an [`Agent`] chooses a move
//! within a [`Budget`]; a [`Difficulty`] names three budgets for people; a game
//! that ships its own opponent says so with [`Computer`].

use core::fmt;
use core::str::FromStr;
use std::time::{Duration, Instant};

use crate::game::Game;

/// A monotonic clock: the time since any fixed point. The default reads
/// [`std::time::Instant`]; where that is missing (`wasm32-unknown-unknown`)
/// give a clock of the platform with [`Budget::with_clock`].
pub type Clock = fn() -> Duration;

/// The time since this function was first called, from [`Instant`].
fn instant_clock() -> Duration {
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    EPOCH.get_or_init(Instant::now).elapsed()
}

/// How much work an agent may spend on one move: at most `nodes` units of
/// work (a playout for Monte Carlo search, a searched position for
/// alpha-beta) and, if set, at most `time`.
///
/// A node budget without time is deterministic: the same agent, seed and
/// position give the same move on every machine. A time budget is not.
///
/// ```
/// use std::time::Duration;
/// use board_core::Budget;
///
/// let budget = Budget::nodes(10_000);
/// assert_eq!(budget.max_nodes(), 10_000);
/// assert_eq!(budget.max_time(), None);
/// let timed = Budget::time(Duration::from_millis(100));
/// assert_eq!(timed.max_time(), Some(Duration::from_millis(100)));
/// let timer = budget.start();
/// assert!(!timer.is_out(9_999));
/// assert!(timer.is_out(10_000));
/// ```
#[derive(Clone, Copy)]
pub struct Budget {
    nodes: u64,
    time: Option<Duration>,
    clock: Clock,
}

impl fmt::Debug for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Budget")
            .field("nodes", &self.nodes)
            .field("time", &self.time)
            .finish_non_exhaustive()
    }
}

impl PartialEq for Budget {
    fn eq(&self, other: &Budget) -> bool {
        self.nodes == other.nodes && self.time == other.time
    }
}

impl Budget {
    /// At most `nodes` units of work, however long they take.
    pub const fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes,
            time: None,
            clock: instant_clock,
        }
    }

    /// At most `time`, however many nodes fit in it.
    pub const fn time(time: Duration) -> Budget {
        Budget {
            nodes: u64::MAX,
            time: Some(time),
            clock: instant_clock,
        }
    }

    /// The same budget, with also at most `time`.
    #[must_use]
    pub const fn and_time(mut self, time: Duration) -> Budget {
        self.time = Some(time);
        self
    }

    /// The same budget, timed by `clock` (for platforms without
    /// [`Instant`], such as `wasm32-unknown-unknown`).
    #[must_use]
    pub const fn with_clock(mut self, clock: Clock) -> Budget {
        self.clock = clock;
        self
    }

    /// The most nodes.
    pub const fn max_nodes(&self) -> u64 {
        self.nodes
    }

    /// The most time, if there is a limit.
    pub const fn max_time(&self) -> Option<Duration> {
        self.time
    }

    /// Starts spending the budget. The clock is read only when there is a
    /// time limit.
    pub fn start(self) -> Timer {
        Timer {
            started: self.time.map(|_| (self.clock)()),
            budget: self,
        }
    }
}

/// A [`Budget`] being spent: an agent asks it whether to stop.
#[derive(Clone, Copy, Debug)]
pub struct Timer {
    budget: Budget,
    started: Option<Duration>,
}

impl Timer {
    /// Whether the work is over after `nodes` nodes: the node budget is spent
    /// or the time is up. Reading the clock costs some tens of nanoseconds,
    /// so a fast search asks every thousand nodes or so.
    pub fn is_out(&self, nodes: u64) -> bool {
        nodes >= self.budget.nodes || self.is_out_of_time()
    }

    /// Whether the time is up (never, without a time limit).
    pub fn is_out_of_time(&self) -> bool {
        match (self.budget.time, self.started) {
            (Some(limit), Some(started)) => (self.budget.clock)().saturating_sub(started) >= limit,
            _ => false,
        }
    }

    /// The time spent so far (zero without a time limit: the clock is not read).
    pub fn elapsed(&self) -> Duration {
        self.started
            .map_or(Duration::ZERO, |s| (self.budget.clock)().saturating_sub(s))
    }

    /// The budget being spent.
    pub fn budget(&self) -> Budget {
        self.budget
    }
}

/// A computer player: it chooses a move of `G` within a budget.
///
/// An agent may keep what it learnt between moves (a transposition table,
/// its random generator), so `choose` takes `&mut self`. For a given seed,
/// the same sequence of calls with node budgets gives the same moves.
pub trait Agent<G: Game>: Send {
    /// The move to play in `game`, or `None` if it has no legal move. The
    /// move is always one that [`Game::generate_moves`] lists.
    fn choose(&mut self, game: &G, budget: Budget) -> Option<G::Move>;
}

impl<G: Game, A: Agent<G> + ?Sized> Agent<G> for Box<A> {
    fn choose(&mut self, game: &G, budget: Budget) -> Option<G::Move> {
        (**self).choose(game, budget)
    }
}

/// A game that ships its own computer opponent, so generic code (the
/// examples, the server, the web page) can play against it.
pub trait Computer: Game {
    /// The game's default (strongest) agent.
    type Agent: Agent<Self> + 'static;

    /// That agent, seeded with `seed`.
    fn computer(seed: u64) -> Self::Agent;
}

/// How strong the computer plays, as a person chooses it: the time it may
/// think per move.
///
/// ```
/// use board_core::Difficulty;
/// let level: Difficulty = "hard".parse()?;
/// assert_eq!(level, Difficulty::Hard);
/// assert!(Difficulty::Easy.time() < Difficulty::Normal.time());
/// assert_eq!(level.to_string(), "hard");
/// # Ok::<(), board_core::ParseDifficultyError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Difficulty {
    /// A tenth of a second a move.
    Easy,
    /// Half a second a move.
    #[default]
    Normal,
    /// Two seconds a move.
    Hard,
}

impl Difficulty {
    /// Every difficulty, weakest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    /// The thinking time per move.
    pub const fn time(self) -> Duration {
        match self {
            Difficulty::Easy => Duration::from_millis(100),
            Difficulty::Normal => Duration::from_millis(500),
            Difficulty::Hard => Duration::from_millis(2000),
        }
    }

    /// The budget of one move: [`time`](Difficulty::time), with no node limit.
    pub const fn budget(self) -> Budget {
        Budget::time(self.time())
    }

    /// The name, as `Display` writes and `FromStr` reads it.
    pub const fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A difficulty name that is not `easy`, `normal` or `hard`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a difficulty: say easy, normal or hard")]
pub struct ParseDifficultyError(String);

impl FromStr for Difficulty {
    type Err = ParseDifficultyError;

    fn from_str(s: &str) -> Result<Difficulty, ParseDifficultyError> {
        Difficulty::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseDifficultyError(crate::excerpt(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frozen() -> Duration {
        Duration::from_secs(5)
    }

    #[test]
    fn a_node_budget_never_reads_the_clock() {
        fn exploding() -> Duration {
            panic!("the clock was read")
        }
        let timer = Budget::nodes(3).with_clock(exploding).start();
        assert!(!timer.is_out(2));
        assert!(timer.is_out(3));
        assert_eq!(timer.elapsed(), Duration::ZERO);
    }

    #[test]
    fn a_time_budget_ends_when_its_clock_says() {
        // A clock that never moves: the time is never up.
        let timer = Budget::time(Duration::from_millis(1))
            .with_clock(frozen)
            .start();
        assert!(!timer.is_out(u64::MAX - 1));
        // A zero limit is up at once.
        let timer = Budget::time(Duration::ZERO).with_clock(frozen).start();
        assert!(timer.is_out(0));
        assert!(Budget::nodes(5)
            .and_time(Duration::ZERO)
            .with_clock(frozen)
            .start()
            .is_out(0));
    }

    #[test]
    fn difficulties_read_back_what_they_write() {
        for level in Difficulty::ALL {
            assert_eq!(level.to_string().parse::<Difficulty>(), Ok(level));
            assert_eq!(level.name().to_uppercase().parse::<Difficulty>(), Ok(level));
        }
        let err = "impossible".parse::<Difficulty>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "\"impossible\" is not a difficulty: say easy, normal or hard"
        );
    }
}
