//! The Python `VectorEnv`: many games stepped per call in Rust, the GIL
//! released, in Gymnasium's vector shape.

use numpy::{
    Element, PyArray1, PyArray2, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyReadonlyArray1,
    PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::batch::{Buffers, DynBatch, StepError};
use crate::error::{config_error, IllegalMoveError};
use crate::game::{entries, value_error};
use crate::spec;

/// `num_envs` games of one configuration, stepped together in Rust with
/// the GIL released:
///
/// ```text
/// env = VectorEnv("kybo", 1024, seed=0)
/// obs, info = env.reset()
/// obs, rewards, terminated, truncated, info = env.step(env.random_actions())
/// ```
///
/// `obs` is `{"observation": int8 [N, *shape], "action_mask": bool [N, A]}`,
/// `rewards` float32 `[N, 2]` (one column a player), `terminated` and
/// `truncated` bool `[N]`, and `current_player` int64 `[N]` (-1 for a
/// finished game). These are the same preallocated arrays every call,
/// written in place: copy what you keep. `autoreset_mode` is "next_step"
/// (Gymnasium's `AutoresetMode.NEXT_STEP`): the step after a game ends
/// restarts it, and that step's action for it is ignored. `step` checks the
/// actions' dtype, shape, range and legality before any game moves. Same
/// seed, same games.
#[pyclass(module = "board_games._board_games", name = "VectorEnv")]
pub struct VectorEnv {
    batch: Box<dyn DynBatch>,
    name: &'static str,
    num_actions: usize,
    shape: Vec<usize>,
    observation: Py<PyArrayDyn<i8>>,
    mask: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    current_player: Py<PyArray1<i64>>,
    actions: Py<PyArray1<i64>>,
}

/// A slice of one of our own arrays for the length of a call.
fn slice_of<'a, T: Element, D: numpy::ndarray::Dimension>(
    array: &'a mut numpy::PyReadwriteArray<'_, T, D>,
) -> PyResult<&'a mut [T]> {
    array
        .as_slice_mut()
        .map_err(|e| value_error(format!("a VectorEnv buffer is not contiguous: {e}")))
}

/// Our own array, borrowed for writing.
fn writable<'py, T: Element, D: numpy::ndarray::Dimension>(
    py: Python<'py>,
    array: &Py<numpy::PyArray<T, D>>,
) -> PyResult<numpy::PyReadwriteArray<'py, T, D>> {
    array
        .bind(py)
        .try_readwrite()
        .map_err(|e| value_error(format!("a VectorEnv buffer is borrowed elsewhere: {e}")))
}

impl VectorEnv {
    /// Lends the buffers to `f` with the GIL released.
    fn with_buffers<R: Send>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut dyn DynBatch, &mut Buffers<'_>) -> R + Send,
    ) -> PyResult<R> {
        let mut observation = writable(py, &self.observation)?;
        let mut mask = writable(py, &self.mask)?;
        let mut rewards = writable(py, &self.rewards)?;
        let mut terminated = writable(py, &self.terminated)?;
        let mut truncated = writable(py, &self.truncated)?;
        let mut current_player = writable(py, &self.current_player)?;
        let mut buffers = Buffers {
            observation: slice_of(&mut observation)?,
            mask: slice_of(&mut mask)?,
            rewards: slice_of(&mut rewards)?,
            terminated: slice_of(&mut terminated)?,
            truncated: slice_of(&mut truncated)?,
            current_player: slice_of(&mut current_player)?,
        };
        let batch = self.batch.as_mut();
        Ok(py.detach(move || f(batch, &mut buffers)))
    }

    /// `{"observation": …, "action_mask": …}`: a new dict each call (a
    /// caller may change it), of the same arrays.
    fn obs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let obs = PyDict::new(py);
        obs.set_item("observation", self.observation.bind(py))?;
        obs.set_item("action_mask", self.mask.bind(py))?;
        Ok(obs.into_any())
    }

    /// `(obs, rewards, terminated, truncated, info)`.
    fn outputs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            [
                self.obs(py)?,
                self.rewards.bind(py).clone().into_any(),
                self.terminated.bind(py).clone().into_any(),
                self.truncated.bind(py).clone().into_any(),
                PyDict::new(py).into_any(),
            ],
        )
    }
}

/// The actions as an int64 array, converting other integer arrays and
/// sequences; anything else is a ValueError.
fn actions_of<'py>(actions: &Bound<'py, PyAny>) -> PyResult<PyReadonlyArray1<'py, i64>> {
    if let Ok(array) = actions.cast::<PyArray1<i64>>() {
        return array
            .try_readonly()
            .map_err(|e| value_error(format!("actions: {e}")));
    }
    let py = actions.py();
    let np = py.import("numpy")?;
    let array = np
        .call_method1("asarray", (actions,))
        .map_err(|e| value_error(format!("actions: not an array of integers ({e})")))?;
    let array = array
        .cast_into::<numpy::PyUntypedArray>()
        .map_err(|_| value_error("actions: not an array of integers"))?;
    let kind = array.dtype().kind();
    if !(kind == b'i' || kind == b'u') || array.ndim() != 1 {
        return Err(value_error(format!(
            "actions: expected a one-dimensional integer array, got dtype {} with shape {:?}",
            array.dtype(),
            array.shape()
        )));
    }
    let converted = array.call_method1("astype", (np.getattr("int64")?,))?;
    let converted = converted
        .cast_into::<PyArray1<i64>>()
        .map_err(|_| value_error("actions: not an array of integers"))?;
    converted
        .try_readonly()
        .map_err(|e| value_error(format!("actions: {e}")))
}

#[pymethods]
impl VectorEnv {
    /// `num_envs` games of `name` with its configuration keywords (as
    /// `load`), seeded with `seed`.
    #[new]
    #[pyo3(signature = (name, num_envs, seed = 0, **config))]
    fn new(
        py: Python<'_>,
        name: &str,
        num_envs: usize,
        seed: u64,
        config: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        const MAX_ENVS: usize = 1 << 20;
        // The largest observation or mask buffer (bytes) a VectorEnv makes.
        const MAX_BUFFER: usize = 1 << 31;
        if num_envs == 0 || num_envs > MAX_ENVS {
            return Err(value_error(format!(
                "num_envs {num_envs}: expected 1 to {MAX_ENVS}"
            )));
        }
        let game = spec::load(name, &entries(config)?).map_err(config_error)?;
        let shape = game.observation_shape();
        let num_actions = game.num_actions();
        num_envs
            .checked_mul(shape.iter().product::<usize>().max(num_actions))
            .filter(|&c| c <= MAX_BUFFER)
            .ok_or_else(|| {
                value_error(format!(
                    "num_envs {num_envs}: the buffers would not fit in memory"
                ))
            })?;
        let mut dims = vec![num_envs];
        dims.extend(&shape);
        let observation = PyArrayDyn::<i8>::zeros(py, dims, false);
        let mask = PyArray2::<bool>::zeros(py, [num_envs, num_actions], false);
        let mut env = VectorEnv {
            batch: game.batch(num_envs, seed),
            name: game.name(),
            num_actions,
            shape,
            observation: observation.unbind(),
            mask: mask.unbind(),
            rewards: PyArray2::<f32>::zeros(py, [num_envs, 2], false).unbind(),
            terminated: PyArray1::<bool>::zeros(py, num_envs, false).unbind(),
            truncated: PyArray1::<bool>::zeros(py, num_envs, false).unbind(),
            current_player: PyArray1::<i64>::zeros(py, num_envs, false).unbind(),
            actions: PyArray1::<i64>::zeros(py, num_envs, false).unbind(),
        };
        env.with_buffers(py, |batch, out| batch.reset(None, out))?;
        Ok(env)
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.batch.num_envs()
    }

    /// The game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.name
    }

    /// The size of the action numbering (the mask's second dimension).
    #[getter]
    fn num_actions(&self) -> usize {
        self.num_actions
    }

    /// One game's observation shape.
    #[getter]
    fn observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.shape)
    }

    /// "next_step": a finished game restarts at the next `step`, which
    /// ignores its action (Gymnasium's `AutoresetMode.NEXT_STEP`).
    #[getter]
    fn autoreset_mode(&self) -> &'static str {
        "next_step"
    }

    /// The player to move in each game, int64 `[N]` (-1 once over).
    #[getter]
    fn current_player<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.current_player.bind(py).clone()
    }

    /// Restarts every game (reseeding `random_actions` when `seed` is
    /// given); returns `(obs, info)`.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
        self.with_buffers(py, |batch, out| batch.reset(seed, out))?;
        PyTuple::new(py, [self.obs(py)?, PyDict::new(py).into_any()])
    }

    /// Plays one action a game; returns `(obs, rewards, terminated,
    /// truncated, info)`. Raises `ValueError` for a wrong dtype or shape and
    /// `IllegalMoveError` for an action out of range or illegal, before any
    /// game moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions = actions_of(actions)?;
        let actions = actions
            .as_slice()
            .map_err(|e| value_error(format!("actions: {e}")))?;
        self.with_buffers(py, |batch, out| batch.step(actions, out))?
            .map_err(|e| match e {
                StepError::Shape(m) => value_error(m),
                StepError::Illegal(m) => IllegalMoveError::new_err(m),
            })?;
        self.outputs(py)
    }

    /// A legal action for each game (0 for a finished one, whose action the
    /// next step ignores), drawn in Rust from the seeded generator; int64
    /// `[N]`, the same array every call.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        {
            let mut actions = writable(py, &self.actions)?;
            let out = slice_of(&mut actions)?;
            let batch = self.batch.as_mut();
            py.detach(move || batch.random_actions(out));
        }
        Ok(self.actions.bind(py).clone())
    }

    /// The position text of each game.
    fn texts(&self) -> Vec<String> {
        self.batch.texts()
    }
}
