//! [`run`]: a study played on every core into a directory — each game
//! appended to `results.jsonl` as it ends, resumed after a kill, stopped
//! per cell as the study says — then its outputs written.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use board_l10n::Lang;

use crate::error::LabError;
use crate::play::{play_game, GameResult, Side};
use crate::report::write_outputs;
use crate::results::{read_results, write_results, RESULTS_FILE};
use crate::stats::{wilson, Sprt};
use crate::study::{Cell, Stop, Study};
use crate::summary::CellSummary;

/// The timing file's name: the only output that changes from run to run.
pub const TIMING_FILE: &str = "timing.json";

/// How to run a study.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// Games played at once, on as many threads (at least 1).
    pub jobs: usize,
    /// The report's language.
    pub lang: Lang,
    /// Whether to write a line on standard error as games end.
    pub progress: bool,
}

impl Default for RunOptions {
    /// Every core, English, quiet.
    fn default() -> RunOptions {
        RunOptions {
            jobs: std::thread::available_parallelism().map_or(1, usize::from),
            lang: Lang::En,
            progress: false,
        }
    }
}

/// What a run did.
#[derive(Clone, Debug, PartialEq)]
pub struct RunReport {
    /// Games found in `results.jsonl` when the run started.
    pub resumed: u64,
    /// Games played by this run.
    pub played: u64,
    /// The wall-clock seconds of the playing.
    pub seconds: f64,
    /// The cells' numbers, as `summary.json` holds them.
    pub cells: Vec<CellSummary>,
}

/// Whether `stop` is reached by `games` (those of one cell with indices
/// below a look, all present).
fn stopped(stop: Stop, games: &[&GameResult]) -> bool {
    let n = games.len() as u64;
    let count = |side: Option<Side>| games.iter().filter(|g| g.winner == side).count() as u64;
    match stop {
        Stop::Games(max) => n >= max,
        Stop::Sprt {
            delta,
            alpha,
            beta,
            max_games,
            ..
        } => {
            n >= max_games
                || Sprt::new(delta, alpha, beta)
                    .verdict(
                        count(Some(Side::First)),
                        count(None),
                        count(Some(Side::Second)),
                    )
                    .is_some()
        }
        Stop::Width {
            width, max_games, ..
        } => {
            let (lo, hi) = wilson(count(Some(Side::First)), n);
            n >= max_games || (n > 0 && (hi - lo) / 2.0 <= width)
        }
    }
}

/// Where `cell` stands given the games played: `Ok(end)` once it is done
/// (its numbers are those of games `0..end`), else `Err(missing)`, the
/// games to play before the next look.
fn progress(cell: &Cell, games: &BTreeMap<u64, &GameResult>) -> Result<u64, Vec<u64>> {
    let stop = cell.stop();
    let max = stop.max_games();
    let batch = stop.batch().max(1);
    let mut end = 0u64;
    loop {
        end = end.saturating_add(batch).min(max);
        let missing: Vec<u64> = (0..end).filter(|i| !games.contains_key(i)).collect();
        if !missing.is_empty() {
            return Err(missing);
        }
        let upto: Vec<&GameResult> = games.range(..end).map(|(_, g)| *g).collect();
        if end >= max || stopped(stop, &upto) {
            return Ok(end);
        }
    }
}

/// The games of each cell, by index.
fn by_cell<'a>(study: &Study, games: &'a [GameResult]) -> Vec<BTreeMap<u64, &'a GameResult>> {
    let mut cells: Vec<BTreeMap<u64, &GameResult>> = vec![BTreeMap::new(); study.cells().len()];
    for game in games {
        if let Some(i) = study.cells().iter().position(|c| c.id() == game.cell) {
            cells[i].insert(game.index, game);
        }
    }
    cells
}

/// The next round of `study` given the games played so far: the (cell
/// position in [`Study::cells`], game index) pairs to play before each
/// unfinished cell's next look at its stop, index first so that every cell
/// moves on together; empty once every cell has reached its stop. [`run`]
/// plays these rounds on its threads; another runner (Python's Ray path)
/// plays the same rounds elsewhere and gets the same games and numbers.
///
/// ```
/// let study = board_lab::Study::from_toml(
///     "seed = 1\ngames = 3\nagents = [[\"random\", \"random\"]]\n[[configs]]\ngame = \"kybo\"\n",
/// )?;
/// assert_eq!(board_lab::pending(&study, &[]), [(0, 0), (0, 1), (0, 2)]);
/// let played = board_lab::play_batch(&study.cells()[0], 0, 3)?;
/// assert!(board_lab::pending(&study, &played).is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn pending(study: &Study, games: &[GameResult]) -> Vec<(usize, u64)> {
    let cells = by_cell(study, games);
    let mut work: BTreeSet<(u64, usize)> = BTreeSet::new();
    for (i, cell) in study.cells().iter().enumerate() {
        if let Err(missing) = progress(cell, &cells[i]) {
            work.extend(missing.into_iter().map(|index| (index, i)));
        }
    }
    // Index first: every cell moves on together.
    work.into_iter()
        .map(|(index, cell)| (cell, index))
        .collect()
}

/// The games of a cell this run played and what they took: wall-clock
/// seconds, and CPU seconds of the threads that played them (Linux only).
#[derive(Clone, Copy, Debug, Default)]
struct Spent {
    games: u64,
    wall: f64,
    cpu: Option<f64>,
}

/// The CPU time of the calling thread in seconds, from Linux's
/// `/proc/thread-self/schedstat` (its first field, in nanoseconds); `None`
/// elsewhere.
fn thread_cpu() -> Option<f64> {
    let text = fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

/// What the threads share: the results file, the games so far, the time
/// each cell's games took, the first error.
struct Shared {
    file: fs::File,
    path: PathBuf,
    games: Vec<GameResult>,
    seconds: BTreeMap<String, Spent>,
    error: Option<LabError>,
}

/// Plays `work` (cell, index) on `jobs` threads, appending each game to
/// the results file as it ends.
fn play_all(
    study: &Study,
    work: &[(usize, u64)],
    jobs: usize,
    shared: &Mutex<Shared>,
    progress: bool,
) {
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let done = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, work.len().max(1)) {
            scope.spawn(|| loop {
                if failed.load(Ordering::Relaxed) {
                    return;
                }
                let Some(&(cell, index)) = work.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    return;
                };
                let cell = &study.cells()[cell];
                let started = Instant::now();
                let cpu = thread_cpu();
                let played = play_game(cell, index);
                let took = started.elapsed().as_secs_f64();
                let cpu = thread_cpu().zip(cpu).map(|(end, start)| end - start);
                let mut s = shared
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                match played {
                    Ok((game, _)) => {
                        let mut line = game.to_json_line();
                        line.push('\n');
                        if let Err(e) = s
                            .file
                            .write_all(line.as_bytes())
                            .and_then(|()| s.file.flush())
                        {
                            let error = LabError::io(s.path.clone())(e);
                            s.error.get_or_insert(error);
                            failed.store(true, Ordering::Relaxed);
                        }
                        let entry = s.seconds.entry(game.cell.clone()).or_default();
                        entry.games += 1;
                        entry.wall += took;
                        entry.cpu = match (entry.games, entry.cpu, cpu) {
                            (1, _, Some(c)) => Some(c),
                            (_, Some(sum), Some(c)) => Some(sum + c),
                            _ => None,
                        };
                        s.games.push(game);
                    }
                    Err(e) => {
                        s.error.get_or_insert(e);
                        failed.store(true, Ordering::Relaxed);
                    }
                }
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if progress && (n.is_multiple_of(100) || n == work.len()) {
                    eprintln!("board-lab: {n}/{} games of this round", work.len());
                }
            });
        }
    });
}

/// Runs `study` into `dir` (made if missing): resumes from the games in
/// `dir/results.jsonl`, plays each cell until its stop on `options.jobs`
/// threads (appending each game as it ends, flushed), then rewrites
/// `results.jsonl` sorted by cell and index and writes `summary.json`,
/// `summary.csv`, `report.html` (the same bytes for the same study and
/// seed, however the run was split) and `timing.json` (games per second:
/// the one file that changes from run to run).
///
/// With `play` false it plays nothing and writes the outputs of the games
/// already there (what merging does).
///
/// # Errors
/// [`LabError::Io`], [`LabError::Results`] (a results file of another
/// study or seed), [`LabError::Game`].
pub fn run(
    study: &Study,
    dir: &Path,
    options: &RunOptions,
    play: bool,
) -> Result<RunReport, LabError> {
    fs::create_dir_all(dir).map_err(LabError::io(dir))?;
    let path = dir.join(RESULTS_FILE);
    let found = read_results(&path, study)?;
    let resumed = found.len() as u64;
    let file = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .map_err(LabError::io(&path))?;
    let shared = Mutex::new(Shared {
        file,
        path: path.clone(),
        games: found,
        seconds: BTreeMap::new(),
        error: None,
    });
    let started = Instant::now();
    let mut played = 0u64;
    loop {
        let work = pending(
            study,
            &shared
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .games,
        );
        if work.is_empty() || !play {
            break;
        }
        play_all(study, &work, options.jobs, &shared, options.progress);
        played += work.len() as u64;
        let mut s = shared
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(e) = s.error.take() {
            return Err(e);
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let s = shared
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut games = s.games;
    let order: BTreeMap<&str, usize> = study
        .cells()
        .iter()
        .enumerate()
        .map(|(i, c)| (c.id(), i))
        .collect();
    games.sort_by_key(|g| (order.get(g.cell.as_str()).copied(), g.index));
    write_results(&path, &games)?;
    // The numbers of each cell are those of its games up to its stop.
    let cells = by_cell(study, &games);
    let counted: Vec<GameResult> = study
        .cells()
        .iter()
        .zip(&cells)
        .flat_map(|(cell, games)| {
            let end = progress(cell, games).unwrap_or(u64::MAX);
            games
                .range(..end)
                .map(|(_, g)| (*g).clone())
                .collect::<Vec<_>>()
        })
        .collect();
    let summaries = write_outputs(dir, study, &counted, options.lang)?;
    write_timing(dir, options.jobs, played, seconds, &s.seconds)?;
    Ok(RunReport {
        resumed,
        played,
        seconds,
        cells: summaries,
    })
}

/// `timing.json`: the run's jobs, games and wall-clock seconds, and for
/// each cell its games, the wall-clock and CPU seconds they took, and games
/// per CPU second (what one core plays, whatever the machine's load).
fn write_timing(
    dir: &Path,
    jobs: usize,
    played: u64,
    seconds: f64,
    cells: &BTreeMap<String, Spent>,
) -> Result<(), LabError> {
    let per_cell: serde_json::Map<String, serde_json::Value> = cells
        .iter()
        .map(|(id, spent)| {
            let rate = spent
                .cpu
                .filter(|&c| c > 0.0)
                .map(|c| spent.games as f64 / c);
            (
                id.clone(),
                serde_json::json!({
                    "games": spent.games,
                    "wall_seconds": spent.wall,
                    "cpu_seconds": spent.cpu,
                    "games_per_cpu_second": rate,
                }),
            )
        })
        .collect();
    let value = serde_json::json!({
        "jobs": jobs,
        "played": played,
        "seconds": seconds,
        "games_per_second": if seconds > 0.0 { played as f64 / seconds } else { 0.0 },
        "cells": per_cell,
    });
    let path = dir.join(TIMING_FILE);
    let text = serde_json::to_string_pretty(&value).unwrap_or_default() + "\n";
    fs::write(&path, text).map_err(LabError::io(path))
}
