//! The Python `State`: one position of a game, with its history.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::error::{IllegalMoveError, ParseError};
use crate::game::{action_index, value_error, Game};
use crate::session::DynState;

/// A game in progress (as pyspiel's `State`): its position, the moves
/// played (`history()`, `undo()`), what the player to move may do
/// (`legal_actions()`, `legal_mask()`) and sees (`observation()`).
/// Pickles as its start position and actions, so the side to move and
/// every counter survive.
#[pyclass(module = "board_games._board_games", name = "State")]
pub struct State {
    game: Py<Game>,
    inner: Box<dyn DynState>,
}

impl State {
    /// A state of `game`.
    pub(crate) fn new(game: Py<Game>, inner: Box<dyn DynState>) -> State {
        State { game, inner }
    }

    /// The game in progress.
    pub(crate) fn inner(&self) -> &dyn DynState {
        self.inner.as_ref()
    }
}

#[pymethods]
impl State {
    /// The game this state belongs to.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The player to move, 0 or 1 (ÉCHEC O CUBE: One 0, Two 1; KYBO and
    /// chess3d: White 0, Black 1); -1 once the game is over.
    #[getter]
    fn current_player(&self) -> i32 {
        self.inner.current_player()
    }

    /// The legal actions, ascending (none once the game is over).
    fn legal_actions(&mut self) -> Vec<usize> {
        self.inner.legal_actions()
    }

    /// A bool array of `num_actions`, True for each legal action.
    fn legal_mask<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; self.game.get().spec.num_actions()];
        self.inner.mark_legal(&mut mask);
        PyArray1::from_vec(py, mask)
    }

    /// Plays an action. Raises `IllegalMoveError` (with the rule's message
    /// and `rule`) for an illegal or out-of-range action.
    fn apply(&mut self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = action_index(action)?;
        self.inner.apply(action).map_err(|e| e.into_py(py))
    }

    /// Plays a move text (`"D4"`, `"P D5-E5"`, `"N2/E7-N2/E5"`). Raises
    /// `ParseError` for unreadable text, `IllegalMoveError` for a move the
    /// rules refuse.
    fn apply_text(&mut self, py: Python<'_>, text: &str) -> PyResult<()> {
        self.inner
            .apply_text(text)
            .map(drop)
            .map_err(|e| e.into_py(py))
    }

    /// The move text of a legal action here.
    fn action_to_text(&mut self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let action = action_index(action)?;
        self.inner.action_to_text(action).map_err(|e| e.into_py(py))
    }

    /// The action of a legal move text here.
    fn text_to_action(&mut self, py: Python<'_>, text: &str) -> PyResult<usize> {
        self.inner.text_to_action(text).map_err(|e| e.into_py(py))
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// One return a player: +1 the winner, -1 the loser, 0 for a draw or
    /// a game still going on.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns().iter().map(|&r| f64::from(r)).collect()
    }

    /// The observation as `player` (0 or 1; by default the player to
    /// move) sees it: int8 planes of `Game.observation_shape`, "mine" being
    /// that player's (the planes are listed in `board_games.PLANES`).
    #[pyo3(signature = (player = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let me = match player {
            None => None,
            Some(p @ (0 | 1)) => Some(p as usize),
            Some(p) => return Err(value_error(format!("player {p}: expected 0 or 1"))),
        };
        let shape = self.game.get().spec.observation_shape();
        let mut out = vec![0i8; shape.iter().product()];
        self.inner.observe(me, &mut out);
        Ok(PyArray1::from_vec(py, out).reshape(shape)?.into_any())
    }

    /// ÉCHEC O CUBE's final counts (points − 1 per pale − 2 per dark
    /// left, EOC-19) of players 0 and 1; None for the other games.
    fn scores(&self) -> Option<Vec<i64>> {
        self.inner.scores().map(Vec::from)
    }

    /// An independent copy.
    fn clone(&self, py: Python<'_>) -> State {
        State::new(self.game.clone_ref(py), self.inner.clone_box())
    }

    fn __copy__(&self, py: Python<'_>) -> State {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> State {
        self.clone(py)
    }

    /// Takes the last move back. Raises `ValueError` at the start.
    fn undo(&mut self) -> PyResult<()> {
        if self.inner.undo() {
            Ok(())
        } else {
            Err(value_error("nothing to undo: no move was played"))
        }
    }

    /// The position text (the crate's `to_text`; `Game.from_text` reads it).
    fn to_text(&self) -> String {
        self.inner.to_text()
    }

    /// The position as an SVG picture, captions in `lang` ("en" or "fr").
    #[pyo3(signature = (lang = "en"))]
    fn svg(&self, lang: &str) -> PyResult<String> {
        let lang = board_l10n::Lang::from_locale(lang)
            .ok_or_else(|| value_error(format!("lang {lang:?}: expected \"en\" or \"fr\"")))?;
        Ok(self.inner.svg(&board_l10n::Catalogue::new(lang)))
    }

    /// The actions played since the start, in order.
    fn history(&self) -> Vec<usize> {
        self.inner.history()
    }

    fn __str__(&self) -> String {
        self.inner.display()
    }

    fn __repr__(&self) -> String {
        format!(
            "<State {}: {}>",
            self.game.get().spec.name(),
            self.inner.to_text()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<State>()
            .is_ok_and(|other| self.inner.same(other.borrow().inner.as_ref()))
    }

    /// The start position (None for the configuration's start) and the
    /// actions played.
    fn __getstate__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let state = PyDict::new(py);
        let start = (!self.inner.starts_at_start()).then(|| self.inner.start_text());
        state.set_item("start", start)?;
        state.set_item("actions", PyList::new(py, self.inner.history())?)?;
        Ok(state)
    }

    /// Replays a `__getstate__` dict on this state's game.
    fn __setstate__(&mut self, py: Python<'_>, state: &Bound<'_, PyDict>) -> PyResult<()> {
        let spec = &self.game.get().spec;
        let start: Option<String> = match state.get_item("start")? {
            Some(s) => s.extract()?,
            None => None,
        };
        let actions: Vec<Bound<'_, PyAny>> = match state.get_item("actions")? {
            Some(a) => a.try_iter()?.collect::<PyResult<_>>()?,
            None => Vec::new(),
        };
        let mut inner = match start {
            Some(text) => spec.read_text(&text).map_err(ParseError::new_err)?,
            None => spec.new_state(),
        };
        for action in actions {
            let action = action_index(&action)?;
            inner.apply(action).map_err(|e| e.into_py(py))?;
        }
        self.inner = inner;
        Ok(())
    }

    /// Pickles as (its game's `new_state`, its game, `__getstate__()`).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Restored<'py>> {
        let restore = py
            .import("board_games._board_games")?
            .getattr("_new_state")?;
        Ok((restore, (self.game.clone_ref(py),), self.__getstate__(py)?))
    }
}

/// What `State.__reduce__` returns: `_new_state`, its game, the state dict.
type Restored<'py> = (Bound<'py, PyAny>, (Py<Game>,), Bound<'py, PyDict>);

/// `game.new_state()`, for unpickling.
#[pyfunction]
pub fn _new_state(game: Bound<'_, Game>) -> State {
    let inner = game.get().spec.new_state();
    State::new(game.unbind(), inner)
}

/// The computer player's action for `state` (the crate's own opponent,
/// searching `budget` nodes), deterministic for a `seed`. The GIL is
/// released while it thinks. Raises `IllegalMoveError` when the game is over.
#[pyfunction]
#[pyo3(signature = (state, budget = 1000, seed = 0))]
pub fn computer_move(
    py: Python<'_>,
    state: PyRef<'_, State>,
    budget: u64,
    seed: u64,
) -> PyResult<usize> {
    let inner = state.inner();
    py.detach(|| inner.computer_move(budget, seed))
        .ok_or_else(|| {
            IllegalMoveError::new_err("the game is over: the computer has no move to make")
        })
}
