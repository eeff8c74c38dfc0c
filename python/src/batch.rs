//! Many games stepped together for the Python `VectorEnv`: no allocation
//! per step, observations and masks written into the caller's buffers,
//! Gymnasium's next-step autoreset.

use board_any::Playable;
use board_core::{Game, MoveList, Rng};

use crate::adapter::{legal_moves, Adapter, ConfigOf};

/// The caller's buffers, one row per game (`VectorEnv` owns them as numpy
/// arrays and lends them for a call).
pub struct Buffers<'a> {
    /// `[N, *observation_shape]`.
    pub observation: &'a mut [i8],
    /// `[N, num_actions]`.
    pub mask: &'a mut [bool],
    /// `[N, 2]`.
    pub rewards: &'a mut [f32],
    /// `[N]`.
    pub terminated: &'a mut [bool],
    /// `[N]`.
    pub truncated: &'a mut [bool],
    /// `[N]`: 0 or 1, -1 for a finished game.
    pub current_player: &'a mut [i64],
}

/// Why a batch step was refused (before any game moved).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// The actions are not one per game.
    Shape(String),
    /// An action out of range or not legal in its game.
    Illegal(String),
}

/// The batch as the Python `VectorEnv` drives it.
pub trait DynBatch: Send + Sync {
    /// The number of games.
    fn num_envs(&self) -> usize;
    /// Restarts every game (and reseeds when `seed` is given), then writes
    /// every row of `out`.
    fn reset(&mut self, seed: Option<u64>, out: &mut Buffers<'_>);
    /// One step of every game.
    ///
    /// # Errors
    /// A wrong number of actions, or an action out of range or illegal:
    /// then no game moves.
    fn step(&mut self, actions: &[i64], out: &mut Buffers<'_>) -> Result<(), StepError>;
    /// A legal action for each game in play (0 for a finished one), drawn
    /// with the batch's generator.
    fn random_actions(&mut self, out: &mut [i64]);
    /// The position texts of the games.
    fn texts(&self) -> Vec<String>;
}

/// `N` games of `A`, with their legal moves and those moves' actions.
pub struct Batch<A: Adapter> {
    config: ConfigOf<A>,
    start: A::Position,
    positions: Vec<A::Position>,
    /// The legal moves of each game (empty once it is over).
    moves: Vec<Vec<<A::Position as Game>::Move>>,
    /// Their actions, in the same order.
    ids: Vec<Vec<u32>>,
    /// Each game's memo for its observation.
    memos: Vec<A::Memo>,
    /// Which games ended at the last step (restarted by the next).
    done: Vec<bool>,
    /// Scratch: the index into `moves` each game plays this step.
    chosen: Vec<usize>,
    scratch: MoveList<<A::Position as Game>::Move>,
    rng: Rng,
    num_actions: usize,
    observation_size: usize,
}

impl<A: Adapter> Batch<A> {
    /// `n` games at the start of `config`, seeded with `seed`.
    pub fn new(config: ConfigOf<A>, n: usize, seed: u64) -> Batch<A> {
        let start = A::Position::from_config(config);
        Batch {
            positions: vec![start.clone(); n],
            start,
            moves: (0..n).map(|_| Vec::new()).collect(),
            ids: (0..n).map(|_| Vec::new()).collect(),
            memos: vec![A::Memo::default(); n],
            done: vec![false; n],
            chosen: vec![0; n],
            scratch: MoveList::new(),
            rng: Rng::new(seed),
            num_actions: A::num_actions(&config),
            observation_size: A::observation_shape(&config).iter().product(),
            config,
        }
    }

    /// Writes game `i`'s row: its legal moves and their mask bits (the old
    /// bits cleared first), its observation and its player.
    fn refresh(&mut self, i: usize, out: &mut Buffers<'_>) -> bool {
        let row = &mut out.mask[i * self.num_actions..(i + 1) * self.num_actions];
        for &id in &self.ids[i] {
            row[id as usize] = false;
        }
        let position = &self.positions[i];
        self.moves[i].clear();
        self.ids[i].clear();
        let over = legal_moves(position, &mut self.scratch);
        for &mv in &self.scratch {
            let id = A::action(position, mv);
            row[id] = true;
            self.moves[i].push(mv);
            self.ids[i].push(id as u32);
        }
        A::observe_with(
            position,
            &self.memos[i],
            position.turn(),
            &mut out.observation[i * self.observation_size..(i + 1) * self.observation_size],
        );
        out.current_player[i] = if over {
            -1
        } else {
            A::player_index(position.turn()) as i64
        };
        over
    }
}

impl<A: Adapter> DynBatch for Batch<A> {
    fn num_envs(&self) -> usize {
        self.positions.len()
    }

    fn reset(&mut self, seed: Option<u64>, out: &mut Buffers<'_>) {
        if let Some(seed) = seed {
            self.rng = Rng::new(seed);
        }
        out.mask.fill(false);
        for i in 0..self.positions.len() {
            self.ids[i].clear();
            self.positions[i] = self.start.clone();
            self.memos[i] = A::Memo::default();
            self.done[i] = self.refresh(i, out);
            out.rewards[2 * i..2 * i + 2].fill(0.0);
            out.terminated[i] = false;
            out.truncated[i] = false;
        }
    }

    fn step(&mut self, actions: &[i64], out: &mut Buffers<'_>) -> Result<(), StepError> {
        let n = self.positions.len();
        if actions.len() != n {
            return Err(StepError::Shape(format!(
                "expected {n} actions (one per game), got {}",
                actions.len()
            )));
        }
        for (i, &action) in actions.iter().enumerate() {
            if self.done[i] {
                continue; // restarted by this step: its action is ignored
            }
            let found = u32::try_from(action)
                .ok()
                .and_then(|a| self.ids[i].iter().position(|&id| id == a));
            match found {
                Some(k) => self.chosen[i] = k,
                None => {
                    let what = if usize::try_from(action).is_ok_and(|a| a < self.num_actions) {
                        let text =
                            A::action_text(&self.config, action as usize).unwrap_or_default();
                        format!("action {action} ({text}) is not legal in game {i}")
                    } else {
                        format!(
                            "action {action} of game {i} is out of range: {} has actions 0-{}",
                            <A::Position as Playable>::NAME,
                            self.num_actions - 1
                        )
                    };
                    return Err(StepError::Illegal(what));
                }
            }
        }
        for i in 0..n {
            let reward = &mut out.rewards[2 * i..2 * i + 2];
            reward.fill(0.0);
            if self.done[i] {
                self.positions[i] = self.start.clone();
                self.memos[i] = A::Memo::default();
            } else {
                let mv = self.moves[i][self.chosen[i]];
                self.positions[i].play_unchecked(mv);
                A::remember(&mut self.memos[i], &self.positions[i], mv);
            }
            let over = self.refresh(i, out);
            if over {
                out.rewards[2 * i..2 * i + 2].copy_from_slice(&A::returns(&self.positions[i]));
            }
            self.done[i] = over;
            out.terminated[i] = over;
            out.truncated[i] = false;
        }
        Ok(())
    }

    fn random_actions(&mut self, out: &mut [i64]) {
        for (slot, ids) in out.iter_mut().zip(&self.ids) {
            *slot = if ids.is_empty() {
                0
            } else {
                i64::from(ids[self.rng.below(ids.len())])
            };
        }
    }

    fn texts(&self) -> Vec<String> {
        self.positions.iter().map(Playable::to_text).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{EchecOCube, Kybo};

    /// The buffers of `n` games, owned.
    struct Owned {
        observation: Vec<i8>,
        mask: Vec<bool>,
        rewards: Vec<f32>,
        terminated: Vec<bool>,
        truncated: Vec<bool>,
        current_player: Vec<i64>,
    }

    impl Owned {
        fn new<A: Adapter>(config: &ConfigOf<A>, n: usize) -> Owned {
            let size: usize = A::observation_shape(config).iter().product();
            Owned {
                observation: vec![0; n * size],
                mask: vec![false; n * A::num_actions(config)],
                rewards: vec![0.0; 2 * n],
                terminated: vec![false; n],
                truncated: vec![false; n],
                current_player: vec![0; n],
            }
        }

        fn buffers(&mut self) -> Buffers<'_> {
            Buffers {
                observation: &mut self.observation,
                mask: &mut self.mask,
                rewards: &mut self.rewards,
                terminated: &mut self.terminated,
                truncated: &mut self.truncated,
                current_player: &mut self.current_player,
            }
        }
    }

    #[test]
    fn a_refused_step_moves_no_game() {
        let config = kybo::Config::default();
        let mut batch = Batch::<Kybo>::new(config, 3, 1);
        let mut owned = Owned::new::<Kybo>(&config, 3);
        batch.reset(None, &mut owned.buffers());
        let before = batch.texts();
        // D4 is legal in every game, A1 is not (KY-3): nothing moves.
        let err = batch.step(&[27, 27, 0], &mut owned.buffers());
        assert!(
            matches!(err, Err(StepError::Illegal(ref m)) if m.contains("game 2")),
            "{err:?}"
        );
        let err = batch.step(&[27, 27], &mut owned.buffers());
        assert!(matches!(err, Err(StepError::Shape(_))), "{err:?}");
        let err = batch.step(&[27, -1, 27], &mut owned.buffers());
        assert!(
            matches!(err, Err(StepError::Illegal(ref m)) if m.contains("out of range")),
            "{err:?}"
        );
        assert_eq!(batch.texts(), before);
        batch
            .step(&[27, 27, 27], &mut owned.buffers())
            .expect("D4 is legal");
        assert_ne!(batch.texts(), before);
        assert_eq!(owned.current_player, [1, 1, 1]);
    }

    #[test]
    fn a_finished_game_restarts_at_the_next_step_and_seeds_replay() {
        let config = echec_o_cube::Config::default();
        let play = |seed| {
            let mut batch = Batch::<EchecOCube>::new(config, 4, seed);
            let mut owned = Owned::new::<EchecOCube>(&config, 4);
            batch.reset(None, &mut owned.buffers());
            let mut actions = [0i64; 4];
            let (mut ends, mut restarts) = (0, 0);
            let mut trace = Vec::new();
            for _ in 0..600 {
                let ended = batch.done.clone();
                batch.random_actions(&mut actions);
                batch
                    .step(&actions, &mut owned.buffers())
                    .expect("legal actions");
                for (i, &ended) in ended.iter().enumerate() {
                    if ended {
                        restarts += 1;
                        assert!(!owned.terminated[i]);
                        assert_eq!(owned.rewards[2 * i..2 * i + 2], [0.0, 0.0]);
                        assert_eq!(batch.positions[i], batch.start);
                    }
                    if owned.terminated[i] {
                        ends += 1;
                        assert_eq!(owned.current_player[i], -1);
                        let mask = &owned.mask[i * 577..(i + 1) * 577];
                        assert!(!mask.contains(&true));
                        assert_eq!(
                            owned.rewards[2 * i..2 * i + 2],
                            EchecOCube::returns(&batch.positions[i])
                        );
                    }
                }
                trace.push(actions);
            }
            assert!(ends > 4 && restarts > 4, "{ends} ends, {restarts} restarts");
            trace
        };
        assert_eq!(play(3), play(3));
        assert_ne!(play(3), play(4));
    }
}
