//! The designer's lab (`board-lab`) for Python: a study read from TOML,
//! its cells, a batch of a cell's games played in Rust with the GIL
//! released (what a Ray task runs), and the study's outputs written by
//! the Rust writer. `board_games.lab` (Python) builds `run` and the Ray
//! path on these.
//!
//! ```text
//! from board_games import _board_games as lab
//! study = lab.Study.read("board-lab/studies/kybo.toml").with_games(10)
//! lines = lab.play_batch(study, study.cells[0].id, 0, 10)   # ten JSON lines
//! ```

use std::path::{Path, PathBuf};

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

create_exception!(
    _board_games,
    StudyError,
    PyValueError,
    "A study file the lab refuses: `line` (1-based) and `reason` say where and why, `path` \
     names the file (None for a text)."
);
create_exception!(
    _board_games,
    LabError,
    PyValueError,
    "A study that cannot be played or written: a results file of another study or seed \
     (`path`, `line`), or a game refusing the lab."
);

/// Sets attribute `name` of `err` to `value` (setting one on a fresh
/// exception object cannot fail in practice; if it did, the message still
/// says it all).
fn set<'py, T: IntoPyObject<'py>>(py: Python<'py>, err: &PyErr, name: &str, value: T) {
    let _ = err.value(py).setattr(name, value);
}

/// A refused study as a [`StudyError`] with `line`, `reason` and `path`.
fn study_error(py: Python<'_>, error: &board_lab::StudyError, path: Option<&Path>) -> PyErr {
    let message = match path {
        Some(path) => format!("{}: {error}", path.display()),
        None => error.to_string(),
    };
    let err = StudyError::new_err(message);
    set(py, &err, "line", error.line);
    set(py, &err, "reason", error.reason.as_str());
    set(py, &err, "path", path.map(|p| p.display().to_string()));
    err
}

/// A [`board_lab::LabError`] as a Python exception: [`StudyError`],
/// `OSError` (with the file's name) or [`LabError`].
pub(crate) fn lab_error(py: Python<'_>, error: board_lab::LabError) -> PyErr {
    match error {
        board_lab::LabError::Study { path, error } => study_error(py, &error, Some(&path)),
        board_lab::LabError::Io { path, source } => {
            PyOSError::new_err((source.raw_os_error().unwrap_or(0), source.to_string(), path))
        }
        board_lab::LabError::Results { path, line, reason } => {
            let err = LabError::new_err(format!("{}, line {line}: {reason}", path.display()));
            set(py, &err, "path", path.display().to_string());
            set(py, &err, "line", line);
            err
        }
        other => LabError::new_err(other.to_string()),
    }
}

/// A study: games, configurations and agent pairs to compare, and when
/// each cell stops (`board-lab`'s TOML format; see its README).
///
/// `Study(text)` reads a TOML text, `Study.read(path)` a file; both raise
/// `StudyError` (with `line` and `reason`) for a study the lab refuses.
/// `with_seed(s)` and `with_games(n)` are `--seed` and `--games`. A study
/// pickles (as its text and overrides), so Ray can ship it to its workers.
#[pyclass(module = "board_games._board_games", name = "Study", frozen)]
pub struct Study {
    pub(crate) inner: board_lab::Study,
    text: String,
    path: Option<PathBuf>,
    seed: Option<u64>,
    games: Option<u64>,
}

impl Study {
    /// Parses `text` (from `path`, for the messages) with the overrides.
    fn parse(
        py: Python<'_>,
        text: String,
        path: Option<PathBuf>,
        seed: Option<u64>,
        games: Option<u64>,
    ) -> PyResult<Study> {
        let mut inner =
            board_lab::Study::from_toml(&text).map_err(|e| study_error(py, &e, path.as_deref()))?;
        if let Some(seed) = seed {
            inner = inner.with_seed(seed);
        }
        if let Some(games) = games {
            if games == 0 {
                return Err(PyValueError::new_err(
                    "games: a study plays at least one game a cell",
                ));
            }
            inner = inner.with_games(games);
        }
        Ok(Study {
            inner,
            text,
            path,
            seed,
            games,
        })
    }

    /// The cell named `id`, or a `KeyError` naming the study's cells.
    pub(crate) fn cell(&self, id: &str) -> PyResult<&board_lab::Cell> {
        self.inner.cell(id).ok_or_else(|| {
            let ids: Vec<&str> = self.inner.cells().iter().map(board_lab::Cell::id).collect();
            pyo3::exceptions::PyKeyError::new_err(format!(
                "no cell {id:?} in study {:?} (its cells: {})",
                self.inner.name(),
                ids.join(", ")
            ))
        })
    }
}

#[pymethods]
impl Study {
    /// Reads a study from its TOML text.
    #[new]
    fn new(py: Python<'_>, text: String) -> PyResult<Study> {
        Study::parse(py, text, None, None, None)
    }

    /// Reads the study file at `path`; the errors name it.
    #[staticmethod]
    fn read(py: Python<'_>, path: PathBuf) -> PyResult<Study> {
        let text = std::fs::read_to_string(&path).map_err(|e| {
            PyOSError::new_err((e.raw_os_error().unwrap_or(0), e.to_string(), path.clone()))
        })?;
        Study::parse(py, text, Some(path), None, None)
    }

    /// The same study with another seed (`--seed`).
    fn with_seed(&self, py: Python<'_>, seed: u64) -> PyResult<Study> {
        Study::parse(
            py,
            self.text.clone(),
            self.path.clone(),
            Some(seed),
            self.games,
        )
    }

    /// The same study with `games` games a cell (`--games`).
    fn with_games(&self, py: Python<'_>, games: u64) -> PyResult<Study> {
        Study::parse(
            py,
            self.text.clone(),
            self.path.clone(),
            self.seed,
            Some(games),
        )
    }

    /// The study's name.
    #[getter]
    fn name(&self) -> &str {
        self.inner.name()
    }

    /// The seed every game's seed derives from.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed()
    }

    /// When a cell stops, in words (`1100 games`, `SPRT …`, `interval within …`).
    #[getter]
    fn stop(&self) -> String {
        self.inner.stop().to_string()
    }

    /// The cells, in the study's order.
    #[getter]
    fn cells(&self, py: Python<'_>) -> PyResult<Vec<Cell>> {
        self.inner
            .cells()
            .iter()
            .map(|cell| Cell::of(py, cell))
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "Study({:?}, seed={}, {} cells, {})",
            self.inner.name(),
            self.inner.seed(),
            self.inner.cells().len(),
            self.inner.stop()
        )
    }

    /// Pickles as `_study(text, path, seed, games)`.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = py.import("board_games._board_games")?.getattr("_study")?;
        let args =
            (self.text.as_str(), self.path.clone(), self.seed, self.games).into_pyobject(py)?;
        Ok((restore, args))
    }
}

/// A `Study` again from its pickle.
#[pyfunction]
#[pyo3(signature = (text, path = None, seed = None, games = None))]
pub fn _study(
    py: Python<'_>,
    text: String,
    path: Option<PathBuf>,
    seed: Option<u64>,
    games: Option<u64>,
) -> PyResult<Study> {
    Study::parse(py, text, path, seed, games)
}

/// One cell of a study: a game under one configuration played by one pair
/// of agents; `id` (`game/label/agent~agent`) is stable and seeds its games.
#[pyclass(module = "board_games._board_games", name = "Cell", frozen, get_all)]
pub struct Cell {
    /// The stable id.
    id: String,
    /// The game's name.
    game: String,
    /// The configuration's label.
    label: String,
    /// The configuration, as board-any takes it (a dict).
    config: Py<PyAny>,
    /// The agents of the first and the second player.
    agents: (String, String),
    /// The most games the cell's stop plays.
    max_games: u64,
    /// Games between two looks at the stop.
    batch: u64,
}

impl Cell {
    /// The Python view of `cell`.
    fn of(py: Python<'_>, cell: &board_lab::Cell) -> PyResult<Cell> {
        let config = py
            .import("json")?
            .call_method1("loads", (cell.config().to_string(),))?
            .unbind();
        let [first, second] = cell.agents();
        Ok(Cell {
            id: cell.id().to_owned(),
            game: cell.game().to_owned(),
            label: cell.label().to_owned(),
            config,
            agents: (first.to_string(), second.to_string()),
            max_games: cell.stop().max_games(),
            batch: cell.stop().batch(),
        })
    }
}

#[pymethods]
impl Cell {
    fn __repr__(&self) -> String {
        format!("Cell({:?})", self.id)
    }
}

/// Plays games `first_index .. first_index + count` of the cell `cell_id`
/// of `study` in Rust, with the GIL released, and returns them as JSON
/// lines (without their newlines), in index order: `results.jsonl`'s
/// lines. The same study, cell and indices give the same lines, however a
/// cell's games are split into batches. Raises `KeyError` for an unknown
/// cell, `LabError` if a game refuses the lab.
#[pyfunction]
pub fn play_batch(
    py: Python<'_>,
    study: PyRef<'_, Study>,
    cell_id: &str,
    first_index: u64,
    count: u64,
) -> PyResult<Vec<String>> {
    let cell = study.cell(cell_id)?;
    if count > board_lab::MAX_GAMES || first_index.checked_add(count).is_none() {
        return Err(PyValueError::new_err(format!(
            "count: {count} games from index {first_index} is more than a cell plays (at most {})",
            board_lab::MAX_GAMES
        )));
    }
    let games = py
        .detach(|| board_lab::play_batch(cell, first_index, count))
        .map_err(|e| lab_error(py, e))?;
    Ok(games
        .iter()
        .map(board_lab::GameResult::to_json_line)
        .collect())
}

/// The report's language from `"en"` or `"fr"`.
fn lang(lang: &str) -> PyResult<board_lab::Lang> {
    lang.parse()
        .map_err(|e| PyValueError::new_err(format!("lang: {e}")))
}

/// Runs `study` into the directory `out` with `board-lab run`'s runner:
/// resumes from `out/results.jsonl`, plays each cell until its stop on
/// `jobs` threads (every core when None), appending each game as it ends,
/// then writes `results.jsonl` sorted, `summary.json`, `summary.csv`,
/// `report.html` (in `lang`, "en" or "fr") and `timing.json`. With `play`
/// false it plays nothing and writes the outputs of the games already in
/// `out` (what the Ray path does last). The GIL is released throughout.
///
/// Returns `(resumed, played, seconds)`: the games found, the games
/// played, the wall-clock seconds of the playing. Raises `OSError`, `LabError` (a
/// results file of another study or seed, with `path` and `line`).
#[pyfunction]
#[pyo3(signature = (study, out, jobs = None, lang = "en", play = true))]
pub fn run_study(
    py: Python<'_>,
    study: PyRef<'_, Study>,
    out: PathBuf,
    jobs: Option<usize>,
    lang: &str,
    play: bool,
) -> PyResult<(u64, u64, f64)> {
    let mut options = board_lab::RunOptions {
        lang: self::lang(lang)?,
        ..board_lab::RunOptions::default()
    };
    if let Some(jobs) = jobs {
        if jobs == 0 {
            return Err(PyValueError::new_err("jobs: at least one thread"));
        }
        options.jobs = jobs;
    }
    let inner = &study.inner;
    let report = py
        .detach(|| board_lab::run(inner, &out, &options, play))
        .map_err(|e| lab_error(py, e))?;
    Ok((report.resumed, report.played, report.seconds))
}

/// The next round of `study`'s games in the directory `out`: the
/// `(cell id, game index)` pairs `board-lab run` would play next, given
/// the games in `out/results.jsonl` (a torn last line is cut from the file,
/// as the runner does); empty once every cell has reached its stop (or
/// `out` has none to read). Raises as `run_study`.
#[pyfunction]
pub fn pending(
    py: Python<'_>,
    study: PyRef<'_, Study>,
    out: PathBuf,
) -> PyResult<Vec<(String, u64)>> {
    let inner = &study.inner;
    let path = out.join(board_lab::RESULTS_FILE);
    let games = py
        .detach(|| board_lab::read_results(&path, inner))
        .map_err(|e| lab_error(py, e))?;
    Ok(board_lab::pending(inner, &games)
        .into_iter()
        .map(|(cell, index)| (inner.cells()[cell].id().to_owned(), index))
        .collect())
}
