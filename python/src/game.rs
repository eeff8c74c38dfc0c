//! The Python `Game`: a game's rules under one configuration, apart from
//! its states (as pyspiel's `Game`).

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyTuple};

use crate::config::{Entries, Value};
use crate::error::{config_error, IllegalMoveError, ParseError};
use crate::spec::{self, DynGame};
use crate::state::State;

/// A game and its configuration: `board_games.load("kybo", supply=20)`.
///
/// `num_actions` and `observation_shape` are fixed for the configuration;
/// `new_state()` starts a game, `from_text(text)` reads a position text.
/// Games compare equal when name and configuration are, and pickle.
#[pyclass(module = "board_games._board_games", name = "Game", frozen)]
pub struct Game {
    pub(crate) spec: Arc<dyn DynGame>,
}

/// Reads Python keywords into configuration entries.
pub(crate) fn entries(config: Option<&Bound<'_, PyDict>>) -> PyResult<Entries> {
    let mut out = Entries::new();
    let Some(config) = config else {
        return Ok(out);
    };
    for (key, value) in config.iter() {
        let key: String = key.extract()?;
        let value = if value.is_none() {
            Value::None
        } else if value.is_instance_of::<PyBool>() {
            Value::Bool(value.extract()?)
        } else if let Ok(n) = value.extract::<i64>() {
            Value::Int(n)
        } else if let Ok(s) = value.extract::<String>() {
            Value::Str(s)
        } else if let Ok(v) = value.extract::<Vec<i64>>() {
            Value::Ints(v)
        } else {
            return Err(config_error(format!(
                "{key}: a {} is not a configuration value (expected a bool, a whole number, a string or numbers)",
                value.get_type().name()?
            )));
        };
        out.push((key, value));
    }
    Ok(out)
}

/// A configuration value as a Python object.
fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::None => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Int(n) => n.into_pyobject(py)?.into_any(),
        Value::Str(s) => s.into_pyobject(py)?.into_any(),
        Value::Ints(v) => PyTuple::new(py, v)?.into_any(),
    })
}

/// Loads a game by name (`"echec-o-cube"`, `"kybo"` or `"chess3d"`) with its
/// configuration as keywords:
///
/// - echec-o-cube: `preset` ("standard" or "family"), `pale`, `dark`,
///   `reds` (0-255), `red_mode`, `auto_announce` (bool), `points` (four
///   numbers: standard, enriched, maximal, big), `first` (0 or 1);
/// - kybo: `supply` (None for unlimited, or cubes per player 0-255);
/// - chess3d: `levels` (1-8, default 3).
///
/// Raises `InvalidConfigError` for an unknown name or a bad configuration.
#[pyfunction]
#[pyo3(signature = (name, **config))]
pub fn load(name: &str, config: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
    let entries = entries(config)?;
    spec::load(name, &entries)
        .map(|spec| Game { spec })
        .map_err(config_error)
}

#[pymethods]
impl Game {
    /// The game's name, as `load` takes it.
    #[getter]
    fn name(&self) -> &'static str {
        self.spec.name()
    }

    /// Every configuration field with its value, as `load` takes them.
    #[getter]
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (key, value) in self.spec.config() {
            dict.set_item(key, to_py(py, &value)?)?;
        }
        Ok(dict)
    }

    /// The size of the action numbering.
    #[getter]
    fn num_actions(&self) -> usize {
        self.spec.num_actions()
    }

    /// The shape of `State.observation()`.
    #[getter]
    fn observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.spec.observation_shape())
    }

    /// Always 2.
    #[getter]
    fn num_players(&self) -> usize {
        2
    }

    /// A game at its start.
    fn new_state(slf: Bound<'_, Self>) -> State {
        let inner = slf.get().spec.new_state();
        State::new(slf.unbind(), inner)
    }

    /// A game from a position text (the crate's `to_text`). Raises
    /// `ParseError` when the text is not a position of this configuration.
    fn from_text(slf: Bound<'_, Self>, text: &str) -> PyResult<State> {
        let inner = slf
            .get()
            .spec
            .read_text(text)
            .map_err(ParseError::new_err)?;
        Ok(State::new(slf.unbind(), inner))
    }

    /// The move text an action stands for, without a position (chess3d
    /// writes from-to cells: `N2/E7-N2/E5`). Raises `IllegalMoveError` for
    /// a number the numbering does not use.
    fn action_to_text(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let action = action_index(action)?;
        self.spec.action_text(action).ok_or_else(|| {
            IllegalMoveError::new_err(format!(
                "action {action} names no move of {} (actions 0-{})",
                self.spec.name(),
                self.spec.num_actions() - 1
            ))
        })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Game>()
            .is_ok_and(|other| self.spec.same(other.get().spec.as_ref()))
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.spec.name().hash(&mut hasher);
        format!("{:?}", self.spec.config()).hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self) -> String {
        let fields: Vec<String> = self
            .spec
            .config()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!("load({:?}, {})", self.spec.name(), fields.join(", "))
    }

    /// Pickles as its name and configuration.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<Reduced<'py, (String, Bound<'py, PyDict>)>> {
        let py = slf.py();
        let restore = py
            .import("board_games._board_games")?
            .getattr("_load_game")?;
        let this = slf.get();
        Ok((restore, (this.spec.name().to_owned(), this.config(py)?)))
    }
}

/// What `__reduce__` returns: a function and its arguments.
pub(crate) type Reduced<'py, Args> = (Bound<'py, PyAny>, Args);

/// `load` with the configuration as one dict, for unpickling.
#[pyfunction]
pub fn _load_game(name: &str, config: &Bound<'_, PyDict>) -> PyResult<Game> {
    load(name, Some(config))
}

/// Checks an action number from Python: any int, an `IllegalMoveError`
/// when negative or beyond any numbering; a `TypeError` for a non-int.
pub(crate) fn action_index(action: &Bound<'_, PyAny>) -> PyResult<usize> {
    match action.extract::<i64>() {
        Ok(n) => usize::try_from(n).map_err(|_| {
            IllegalMoveError::new_err(format!(
                "action {n} is out of range: actions are not negative"
            ))
        }),
        Err(_) if action.is_instance_of::<PyInt>() => Err(IllegalMoveError::new_err(format!(
            "action {} is out of range",
            board_core::excerpt(&action.to_string())
        ))),
        Err(e) => Err(e),
    }
}

/// A ValueError with a message.
pub(crate) fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}
