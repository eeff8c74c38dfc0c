//! Playing a cell's games: [`play_batch`], the seed of each game
//! ([`game_seed`]) and what a game leaves, [`GameResult`] (one JSON line).

use board_any::{AnyGame, Registry, Seat};
use board_core::Rng;
use serde::{Deserialize, Serialize};

use crate::error::LabError;
use crate::study::Cell;

/// The end reason of a game stopped at the study's `max_plies` (a draw).
pub const PLY_LIMIT: &str = "lab-end-ply-limit";

/// A player of a game by the order of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The player who moves first.
    First,
    /// The other player.
    Second,
}

/// One game of a study, as a line of `results.jsonl`.
///
/// ```
/// let study = board_lab::Study::from_toml("games = 2\n[[configs]]\ngame = \"kybo\"\n")?;
/// let games = board_lab::play_batch(&study.cells()[0], 0, 2)?;
/// let line = games[1].to_json_line();
/// assert_eq!(board_lab::GameResult::from_json_line(&line)?, games[1]);
/// assert_eq!(games[1].index, 1);
/// assert_eq!(games[1].branching.len(), games[1].plies as usize);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// The cell's id.
    pub cell: String,
    /// The game's name.
    pub game: String,
    /// The configuration, as JSON.
    pub config: serde_json::Value,
    /// The agents, first player's first.
    pub agents: [String; 2],
    /// The game's seed ([`game_seed`]).
    pub seed: u64,
    /// The game's index in its cell, from 0.
    pub index: u64,
    /// Who won, or `None` for a draw.
    pub winner: Option<Side>,
    /// The first player's result: `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// Why the game ended: the end reason's catalogue key
    /// (`kybo-end-kybo`, `c3-end-checkmate`, `lab-end-ply-limit`).
    pub reason: String,
    /// The moves played.
    pub plies: u32,
    /// The final scores, first player's first, for a game that keeps
    /// scores (ÉCHEC O CUBE's points).
    pub scores: Option<[i64; 2]>,
    /// How often the lead changed hands, for a game that keeps scores.
    pub lead_changes: Option<u32>,
    /// The number of legal moves before each ply.
    pub branching: Vec<u32>,
}

impl GameResult {
    /// The game as one line of JSON (no newline).
    #[must_use]
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a game from one line of JSON.
    ///
    /// # Errors
    /// The line is not such JSON (the reason, from serde_json).
    pub fn from_json_line(line: &str) -> Result<GameResult, serde_json::Error> {
        serde_json::from_str(line)
    }

    /// The first player's score: 1 for a win, ½ for a draw, 0 for a loss.
    #[must_use]
    pub fn first_score(&self) -> f64 {
        match self.winner {
            Some(Side::First) => 1.0,
            Some(Side::Second) => 0.0,
            None => 0.5,
        }
    }
}

/// 64-bit FNV-1a of `text`: a hash that is the same on every platform.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A 64-bit mix of `x` (SplitMix64's output function).
fn mix(x: u64) -> u64 {
    Rng::new(x).next_u64()
}

/// The seed of game `index` of the cell `cell_id` in a study seeded with
/// `study_seed`: a function of the three alone, so any split of a cell's
/// games into batches, threads or machines plays the same games.
///
/// ```
/// use board_lab::game_seed;
/// assert_eq!(game_seed(1, "kybo/a/random~random", 5), game_seed(1, "kybo/a/random~random", 5));
/// assert_ne!(game_seed(1, "kybo/a/random~random", 5), game_seed(1, "kybo/a/random~random", 6));
/// assert_ne!(game_seed(1, "kybo/a/random~random", 5), game_seed(2, "kybo/a/random~random", 5));
/// ```
#[must_use]
pub fn game_seed(study_seed: u64, cell_id: &str, index: u64) -> u64 {
    mix(mix(study_seed ^ mix(fnv1a(cell_id))) ^ index)
}

/// The scores of the two players by the order of play, if the game keeps
/// scores (its details give each player `points`).
fn scores(game: &dyn AnyGame) -> Option<[i64; 2]> {
    let details = game.details(None);
    let players = details.get("players")?.as_array()?;
    let points = |seat: Seat| {
        let name = game.player(seat);
        players
            .iter()
            .find(|p| p.get("name").and_then(|n| n.as_str()) == Some(name.as_str()))?
            .get("points")?
            .as_i64()
    };
    Some([points(Seat::First)?, points(Seat::Second)?])
}

/// The sign of the first player's lead: 1, -1, or 0 when level.
fn leader(scores: [i64; 2]) -> i8 {
    match scores[0].cmp(&scores[1]) {
        std::cmp::Ordering::Greater => 1,
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
    }
}

/// Game `index` of `cell`, played to its end (or to the cell's ply limit),
/// with the game itself at its last position.
///
/// # Errors
/// [`LabError::Game`]: the game refused its configuration or a move (a
/// fault of board-any, never of the study).
pub fn play_game(cell: &Cell, index: u64) -> Result<(GameResult, Box<dyn AnyGame>), LabError> {
    let seed = game_seed(cell.study_seed, &cell.id, index);
    let mut game = Registry::standard().start_value(&cell.game, &cell.config)?;
    // Seats alternate: the pair's first agent plays first in even games.
    let (first, second) = if index.is_multiple_of(2) {
        (cell.agents[0], cell.agents[1])
    } else {
        (cell.agents[1], cell.agents[0])
    };
    let mut rngs = [Rng::new(mix(seed ^ 1)), Rng::new(mix(seed ^ 2))];
    let mut branching = Vec::new();
    let mut lead = scores(game.as_ref()).map(leader);
    let mut lead_changes = lead.map(|_| 0u32);
    let mut plies = 0u32;
    let reason = loop {
        if let Some(end) = game.outcome() {
            break end_reason(&end.said.message);
        }
        if plies >= cell.max_plies {
            break PLY_LIMIT.to_owned();
        }
        let moves = game.legal_moves();
        if moves.is_empty() {
            // The rules end every game without a move; this is a guard.
            break "lab-end-no-move".to_owned();
        }
        branching.push(u32::try_from(moves.len()).unwrap_or(u32::MAX));
        let (agent, rng) = match game.turn_seat() {
            Seat::First => (first, &mut rngs[0]),
            Seat::Second => (second, &mut rngs[1]),
        };
        let choice = agent.choose(game.as_ref(), &moves, rng);
        game.play(&moves[choice])?;
        plies += 1;
        if let (Some(now), Some(changes), Some(before)) = (
            scores(game.as_ref()).map(leader),
            lead_changes.as_mut(),
            lead,
        ) {
            // A change of hands: from one leader to the other, ties skipped.
            if now != 0 && before != 0 && now != before {
                *changes += 1;
            }
            if now != 0 {
                lead = Some(now);
            }
        }
    };
    let winner = game
        .outcome()
        .and_then(|end| end.winner)
        .map(|seat| match seat {
            Seat::First => Side::First,
            Seat::Second => Side::Second,
        });
    let result = match winner {
        Some(Side::First) => "1-0",
        Some(Side::Second) => "0-1",
        None => "1/2-1/2",
    };
    let final_scores = scores(game.as_ref());
    let played = GameResult {
        cell: cell.id.clone(),
        game: cell.game.clone(),
        config: cell.config.clone(),
        agents: [first.to_string(), second.to_string()],
        seed,
        index,
        winner,
        result: result.to_owned(),
        reason,
        plies,
        scores: final_scores,
        lead_changes,
        branching,
    };
    Ok((played, game))
}

/// The end reason's key in an outcome's message (`outcome-win` with its
/// `reason`), or the outcome's own key.
fn end_reason(message: &board_core::Message) -> String {
    message
        .args
        .iter()
        .find_map(|(name, arg)| match (name, arg) {
            (&"reason", board_core::Arg::Message(m)) => Some(m.id.to_owned()),
            _ => None,
        })
        .unwrap_or_else(|| message.id.to_owned())
}

/// Plays games `first_index..first_index + count` of `cell`, in order.
/// Pure: the same cell (study seed included) and indices give the same
/// games, however the cell's games are split into batches.
///
/// ```
/// let study = board_lab::Study::from_toml("games = 4\nseed = 3\n[[configs]]\ngame = \"kybo\"\n")?;
/// let cell = &study.cells()[0];
/// let all = board_lab::play_batch(cell, 0, 4)?;
/// let mut split = board_lab::play_batch(cell, 0, 1)?;
/// split.extend(board_lab::play_batch(cell, 1, 3)?);
/// assert_eq!(all, split);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`play_game`].
pub fn play_batch(cell: &Cell, first_index: u64, count: u64) -> Result<Vec<GameResult>, LabError> {
    (first_index..first_index.saturating_add(count))
        .map(|index| play_game(cell, index).map(|(result, _)| result))
        .collect()
}
