//! [`CellSummary`]: the numbers of one cell, from its games
//! ([`summarize`]).
//!
//! Definitions (n games, W first-player wins, L second-player wins, D
//! draws, every game of the ply limit a draw):
//!
//! - `first_rate` = W/n with its 95 % Wilson interval `ci_low`, `ci_high`;
//!   `second_rate` = L/n;
//! - `score` = (W + D/2)/n with its 95 % trinomial interval `score_low`,
//!   `score_high` (see [`crate::stats`]): where there are draws it is the
//!   first player's edge counting a draw as half a win;
//! - `draw_rate` = D/n, `decisiveness` = (W + L)/n (the share of games the
//!   rules decide; a draw by the rules and a game stopped at the ply limit
//!   are not decisive), `ply_limit_rate` = stopped games/n;
//! - `plies_mean`, `plies_p10`, `plies_p50`, `plies_p90`: the games'
//!   lengths in plies (nearest-rank percentiles);
//! - `branching_mean`: the mean number of legal moves over every ply of
//!   every game; `branching_by_tenth`: the same within each tenth of the
//!   game (ply k of a game of m plies falls in tenth ⌊10k/m⌋), the shape of
//!   the branching factor over the game;
//! - `lead_changes_mean`: for a game with scores, how often the lead passes
//!   from one player to the other (a tie is no change), per game;
//!   `margin_mean`: the first player's final score minus the second's, and
//!   `margin_abs_mean` its absolute value, per game;
//! - `reasons`: how many games ended each way, by the end reason's key.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::play::{GameResult, Side, PLY_LIMIT};
use crate::stats::{percentile, trinomial, wilson, Sprt, Verdict};
use crate::study::{Cell, Stop};

/// The bins of a length histogram.
pub const LENGTH_BINS: usize = 20;

/// The numbers of one cell (see the module's definitions), as
/// `summary.json` holds them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CellSummary {
    /// The cell's id.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// The configuration's label.
    pub label: String,
    /// The configuration, as JSON.
    pub config: serde_json::Value,
    /// The agent pair (each first in every other game).
    pub agents: [String; 2],
    /// Games played.
    pub games: u64,
    /// Games the first player won.
    pub first_wins: u64,
    /// Games the second player won.
    pub second_wins: u64,
    /// Games drawn (by the rules or at the ply limit).
    pub draws: u64,
    /// `first_wins / games`.
    pub first_rate: f64,
    /// The 95 % Wilson interval of `first_rate`, low end.
    pub ci_low: f64,
    /// The 95 % Wilson interval of `first_rate`, high end.
    pub ci_high: f64,
    /// `second_wins / games`.
    pub second_rate: f64,
    /// The first player's score, a draw counting half.
    pub score: f64,
    /// Its 95 % trinomial interval, low end.
    pub score_low: f64,
    /// Its 95 % trinomial interval, high end.
    pub score_high: f64,
    /// `draws / games`.
    pub draw_rate: f64,
    /// The share of games the rules decided.
    pub decisiveness: f64,
    /// The share of games stopped at the ply limit.
    pub ply_limit_rate: f64,
    /// The mean length, in plies.
    pub plies_mean: f64,
    /// The 10th percentile of the length.
    pub plies_p10: u32,
    /// The median length.
    pub plies_p50: u32,
    /// The 90th percentile of the length.
    pub plies_p90: u32,
    /// The width of a bin of `length_histogram`, in plies.
    pub length_bin: u32,
    /// Games by length: bin i holds lengths `i·length_bin ..
    /// (i+1)·length_bin`.
    pub length_histogram: Vec<u64>,
    /// Legal moves per ply, over every ply.
    pub branching_mean: f64,
    /// Legal moves per ply within each tenth of the game.
    pub branching_by_tenth: Vec<f64>,
    /// Lead changes per game, for a game with scores.
    pub lead_changes_mean: Option<f64>,
    /// The first player's final margin per game, for a game with scores.
    pub margin_mean: Option<f64>,
    /// The absolute final margin per game, for a game with scores.
    pub margin_abs_mean: Option<f64>,
    /// Games by end reason (catalogue key).
    pub reasons: BTreeMap<String, u64>,
    /// The sequential test's log-likelihood ratio, for a cell stopped by
    /// SPRT.
    pub sprt_llr: Option<f64>,
    /// The sequential test's verdict, once there is one.
    pub sprt_verdict: Option<Verdict>,
}

/// A mean of `values`, 0 for none.
fn mean(sum: f64, count: usize) -> f64 {
    if count == 0 {
        0.0
    } else {
        sum / count as f64
    }
}

/// The summary of `cell` from its games (those of other cells are left
/// out; a game counted twice is counted once: games are taken by index,
/// sorted, so the numbers do not depend on the order of `games`).
///
/// ```
/// let study = board_lab::Study::from_toml("games = 20\n[[configs]]\ngame = \"kybo\"\n")?;
/// let cell = &study.cells()[0];
/// let games = board_lab::play_batch(cell, 0, 20)?;
/// let s = board_lab::summarize(cell, &games);
/// assert_eq!(s.games, 20);
/// assert_eq!(s.first_wins + s.second_wins + s.draws, 20);
/// assert!(s.ci_low <= s.first_rate && s.first_rate <= s.ci_high);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn summarize(cell: &Cell, games: &[GameResult]) -> CellSummary {
    let mut by_index: BTreeMap<u64, &GameResult> = BTreeMap::new();
    for game in games.iter().filter(|g| g.cell == cell.id) {
        by_index.entry(game.index).or_insert(game);
    }
    let games: Vec<&GameResult> = by_index.into_values().collect();
    let n = games.len() as u64;
    let count = |side: Option<Side>| games.iter().filter(|g| g.winner == side).count() as u64;
    let (w, l, d) = (
        count(Some(Side::First)),
        count(Some(Side::Second)),
        count(None),
    );
    let share = |k: u64| if n == 0 { 0.0 } else { k as f64 / n as f64 };
    let (ci_low, ci_high) = wilson(w, n);
    let (score, score_low, score_high) = trinomial(w, d, l);
    let stopped = games.iter().filter(|g| g.reason == PLY_LIMIT).count() as u64;

    let mut lengths: Vec<u32> = games.iter().map(|g| g.plies).collect();
    lengths.sort_unstable();
    let longest = lengths.last().copied().unwrap_or(0);
    let length_bin = (longest / LENGTH_BINS as u32 + 1).max(1);
    let mut length_histogram = vec![0u64; LENGTH_BINS];
    for &len in &lengths {
        let bin = ((len / length_bin) as usize).min(LENGTH_BINS - 1);
        length_histogram[bin] += 1;
    }

    let mut sums = [0.0f64; 10];
    let mut counts = [0usize; 10];
    let (mut all, mut plies) = (0.0, 0usize);
    for game in &games {
        let m = game.branching.len();
        for (k, &b) in game.branching.iter().enumerate() {
            let tenth = (10 * k / m).min(9);
            sums[tenth] += f64::from(b);
            counts[tenth] += 1;
            all += f64::from(b);
            plies += 1;
        }
    }
    let branching_by_tenth = sums.iter().zip(counts).map(|(&s, c)| mean(s, c)).collect();

    let scored: Vec<&GameResult> = games
        .iter()
        .copied()
        .filter(|g| g.scores.is_some())
        .collect();
    let over_scored = |f: &dyn Fn(&GameResult) -> f64| {
        (!scored.is_empty()).then(|| mean(scored.iter().map(|g| f(g)).sum(), scored.len()))
    };
    let margin = |g: &GameResult| g.scores.map_or(0.0, |[a, b]| (a - b) as f64);

    let mut reasons = BTreeMap::new();
    for game in &games {
        *reasons.entry(game.reason.clone()).or_insert(0) += 1;
    }
    let (sprt_llr, sprt_verdict) = match cell.stop {
        Stop::Sprt {
            delta, alpha, beta, ..
        } => {
            let test = Sprt::new(delta, alpha, beta);
            (Some(test.llr(w, d, l)), test.verdict(w, d, l))
        }
        _ => (None, None),
    };

    CellSummary {
        id: cell.id.clone(),
        game: cell.game.clone(),
        label: cell.label.clone(),
        config: cell.config.clone(),
        agents: cell.agents.map(|a| a.to_string()),
        games: n,
        first_wins: w,
        second_wins: l,
        draws: d,
        first_rate: share(w),
        ci_low,
        ci_high,
        second_rate: share(l),
        score,
        score_low,
        score_high,
        draw_rate: share(d),
        decisiveness: share(w + l),
        ply_limit_rate: share(stopped),
        plies_mean: mean(lengths.iter().map(|&p| f64::from(p)).sum(), lengths.len()),
        plies_p10: percentile(&lengths, 0.1),
        plies_p50: percentile(&lengths, 0.5),
        plies_p90: percentile(&lengths, 0.9),
        length_bin,
        length_histogram,
        branching_mean: mean(all, plies),
        branching_by_tenth,
        lead_changes_mean: over_scored(&|g| f64::from(g.lead_changes.unwrap_or(0))),
        margin_mean: over_scored(&margin),
        margin_abs_mean: over_scored(&|g| margin(g).abs()),
        reasons,
        sprt_llr,
        sprt_verdict,
    }
}
