//! [`LabError`]: why a study could not be run or written.

use std::path::PathBuf;

use crate::study::StudyError;

/// Why a study could not be run, resumed or written.
#[derive(Debug, thiserror::Error)]
pub enum LabError {
    /// The study file is refused.
    #[error("{path}: {error}")]
    Study {
        /// The study file.
        path: PathBuf,
        /// Its fault, with the line.
        error: StudyError,
    },
    /// A game refused its configuration or a move (a fault of the games,
    /// not of the study).
    #[error("a game refused the lab: {0}")]
    Game(#[from] board_any::Error),
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// A line of a results file is not a game of this study.
    #[error("{path}, line {line}: {reason}")]
    Results {
        /// The results file.
        path: PathBuf,
        /// The line (1-based).
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
}

impl LabError {
    /// An I/O error on `path`.
    pub(crate) fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> LabError {
        let path = path.into();
        move |source| LabError::Io { path, source }
    }
}
