//! # board-lab
//!
//! The designer's lab: is a game fair, decisive, long enough? A
//! [`Study`] (a TOML file) names games and configurations of board-any's
//! registry, pairs of computer agents ([`AgentSpec`]) and when to stop;
//! each [`Cell`] (a configuration with an agent pair) plays seeded games
//! with the seats alternated ([`play_batch`]), each a [`GameResult`] (one
//! JSON line); [`summarize`] turns a cell's games into its numbers
//! ([`CellSummary`]: the first-player win rate with its Wilson interval, the
//! score with its trinomial interval, draws, decisiveness, lengths,
//! branching, lead changes and margins, end reasons) and
//! [`write_outputs`] writes `summary.json`, `summary.csv` and a
//! self-contained `report.html` in English or French. [`run`] (the `board-lab run` command) plays a
//! study on every core, appending each game to `results.jsonl` as it ends
//! and resuming where an interrupted run stopped.
//!
//! The formulas are in [`stats`] and [`summary`]'s docs.
//!
//! ```
//! let study = board_lab::Study::from_toml(r#"
//! name = "KYBO in brief"
//! seed = 1
//! games = 6
//! agents = [["random", "random"]]
//! [[configs]]
//! game = "kybo"
//! label = "unlimited"
//! "#)?;
//! let cell = &study.cells()[0];
//! let games = board_lab::play_batch(cell, 0, 6)?;
//! let summary = board_lab::summarize(cell, &games);
//! assert_eq!(summary.games, 6);
//! assert_eq!(summary.first_wins + summary.second_wins + summary.draws, 6);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod agent;
mod chart;
mod error;
mod play;
mod report;
mod results;
mod run;
pub mod stats;
mod study;
pub mod summary;

pub use agent::{AgentError, AgentSpec, MAX_NODES};
pub use board_l10n::Lang;
pub use error::LabError;
pub use play::{game_seed, play_batch, play_game, GameResult, Side, PLY_LIMIT};
pub use report::{report_html, summaries, summary_csv, summary_json, write_outputs, CSV_COLUMNS};
pub use results::{read_results, write_results, RESULTS_FILE};
pub use run::{pending, run, RunOptions, RunReport, TIMING_FILE};
pub use stats::{percentile, trinomial, wilson, Sprt, Verdict, Z95};
pub use study::{Cell, Stop, Study, StudyError, DEFAULT_MAX_PLIES, MAX_GAMES, METRICS};
pub use summary::{summarize, CellSummary};
