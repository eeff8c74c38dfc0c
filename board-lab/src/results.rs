//! `results.jsonl`, one game a line: reading what a run left (a torn last
//! line dropped), checking that each game belongs to the study, and
//! writing the file back sorted.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write as _;
use std::path::Path;

use crate::error::LabError;
use crate::play::{game_seed, GameResult};
use crate::study::Study;

/// The results file's name in a study's directory.
pub const RESULTS_FILE: &str = "results.jsonl";

/// The games of `study` in the results file at `path`, by cell (in the
/// study's order) and index; an absent file is no game. A last line
/// without its newline, or one that does not parse, is a game torn by a
/// kill: it is cut from the file (and will be played again).
///
/// # Errors
/// [`LabError::Io`]; [`LabError::Results`] for a line before the last that
/// is not a game, a game of a cell the study does not have, a game whose
/// seed is not the study's for it (another seed or study), or two
/// different games under one cell and index.
pub fn read_results(path: &Path, study: &Study) -> Result<Vec<GameResult>, LabError> {
    let text = match fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(LabError::io(path)(e)),
    };
    let mut games = BTreeMap::new();
    let mut kept = 0usize;
    let mut offset = 0usize;
    let lines: Vec<&[u8]> = text.split_inclusive(|&b| b == b'\n').collect();
    for (number, raw) in lines.iter().enumerate() {
        let last = number + 1 == lines.len();
        let complete = raw.ends_with(b"\n");
        let parsed = std::str::from_utf8(raw)
            .map_err(|e| e.to_string())
            .and_then(|line| {
                GameResult::from_json_line(line.trim_end()).map_err(|e| e.to_string())
            });
        match (parsed, complete) {
            (Ok(game), true) => {
                insert(&mut games, game, study, path, number + 1)?;
                kept = offset + raw.len();
            }
            (Err(reason), true) if !last => {
                return Err(LabError::Results {
                    path: path.to_owned(),
                    line: number + 1,
                    reason,
                })
            }
            // The last line, torn by a kill (only the last lacks its newline).
            _ => break,
        }
        offset += raw.len();
    }
    if kept < text.len() {
        let file = fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(LabError::io(path))?;
        file.set_len(kept as u64).map_err(LabError::io(path))?;
    }
    Ok(games.into_values().collect())
}

/// Adds `game` to `games`, checked against the study.
fn insert(
    games: &mut BTreeMap<(usize, u64), GameResult>,
    game: GameResult,
    study: &Study,
    path: &Path,
    line: usize,
) -> Result<(), LabError> {
    let refuse = |reason: String| LabError::Results {
        path: path.to_owned(),
        line,
        reason,
    };
    let Some(position) = study.cells().iter().position(|c| c.id() == game.cell) else {
        return Err(refuse(format!(
            "the cell {:?} is not one of the study",
            board_core::excerpt(&game.cell)
        )));
    };
    let expected = game_seed(study.seed(), &game.cell, game.index);
    if game.seed != expected {
        return Err(refuse(format!(
            "game {} of {} was played with another seed (its seed {} is not {expected})",
            game.index, game.cell, game.seed
        )));
    }
    match games.get(&(position, game.index)) {
        Some(old) if *old != game => Err(refuse(format!(
            "game {} of {} is there twice, different",
            game.index, game.cell
        ))),
        Some(_) => Ok(()),
        None => {
            games.insert((position, game.index), game);
            Ok(())
        }
    }
}

/// Writes `games` to `path` as JSON lines, replacing the file at once
/// (written beside it, then renamed).
///
/// # Errors
/// [`LabError::Io`].
pub fn write_results(path: &Path, games: &[GameResult]) -> Result<(), LabError> {
    let partial = path.with_extension("jsonl.partial");
    let mut text = String::new();
    for game in games {
        text.push_str(&game.to_json_line());
        text.push('\n');
    }
    let mut file = fs::File::create(&partial).map_err(LabError::io(&partial))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(LabError::io(&partial))?;
    fs::rename(&partial, path).map_err(LabError::io(path))
}
