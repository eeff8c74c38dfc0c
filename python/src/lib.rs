//! # board-games-python
//!
//! The extension module `board_games._board_games` of the Python package
//! `board_games` (built by maturin from `python/pyproject.toml`): the three
//! games of the workspace for pyspiel-, PettingZoo- and Gymnasium-style code.
//!
//! - [`load`](game::load) a game by name and configuration → a `Game`
//!   (`num_actions`, `observation_shape`, `new_state()`);
//! - a `State`: legal actions and mask, apply, texts, observation, undo,
//!   pickling, SVG;
//! - `VectorEnv`: many games stepped per call with the GIL released;
//! - `computer_move`: the crates' own computer player;
//! - the designer's lab ([`lab`]): studies, their cells, batches of games
//!   played in Rust, the outputs written by `board-lab`.
//!
//! Every rule comes from the game crates through [`board_core::Game`]; what
//! this crate adds per game is an [`Adapter`](adapter::Adapter): the
//! configuration keywords, a fixed action numbering and observation planes
//! (`games/`), written once each and used by the generic
//! [`Session`](session::Session) and [`Batch`](batch::Batch).
//!
//! ```text
//! import board_games
//! game = board_games.load("kybo")
//! state = game.new_state()
//! state.apply_text("D4")
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod adapter;
pub mod batch;
pub mod config;
pub mod error;
pub mod game;
pub mod games;
pub mod lab;
pub mod session;
pub mod spec;
pub mod state;
pub mod vector_env;

use pyo3::prelude::*;

/// The module: its classes, functions and exceptions.
#[pymodule]
fn _board_games(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<game::Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<vector_env::VectorEnv>()?;
    m.add_function(wrap_pyfunction!(game::load, m)?)?;
    m.add_function(wrap_pyfunction!(game::_load_game, m)?)?;
    m.add_function(wrap_pyfunction!(state::_new_state, m)?)?;
    m.add_function(wrap_pyfunction!(state::computer_move, m)?)?;
    m.add("IllegalMoveError", py.get_type::<error::IllegalMoveError>())?;
    m.add("ParseError", py.get_type::<error::ParseError>())?;
    m.add(
        "InvalidConfigError",
        py.get_type::<error::InvalidConfigError>(),
    )?;
    m.add_class::<lab::Study>()?;
    m.add_class::<lab::Cell>()?;
    m.add_function(wrap_pyfunction!(lab::_study, m)?)?;
    m.add_function(wrap_pyfunction!(lab::play_batch, m)?)?;
    m.add_function(wrap_pyfunction!(lab::run_study, m)?)?;
    m.add_function(wrap_pyfunction!(lab::pending, m)?)?;
    m.add("StudyError", py.get_type::<lab::StudyError>())?;
    m.add("LabError", py.get_type::<lab::LabError>())?;
    m.add("GAMES", spec::names())?;
    m.add("PLANES", spec::planes())?;
    Ok(())
}
