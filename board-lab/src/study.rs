//! [`Study`]: what a study file asks — games and configurations, agent
//! pairs, a seed and when to stop — read from TOML, every refusal with its
//! line ([`StudyError`]); and its [`Cell`]s, one per configuration and
//! agent pair.

use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

use serde::Deserialize;
use toml::Spanned;

use crate::agent::AgentSpec;

/// The metrics a report can show, one chart each, in the report's order:
/// `first_rate` (first-player win rates with their intervals), `draws`
/// (draw rate and decisiveness), `length` (length histograms), `branching`
/// (branching factor over the game), `reasons` (how games end), `lead`
/// (ÉCHEC O CUBE's lead changes and final margin) and `picture` (an example
/// game's last position per cell).
pub const METRICS: [&str; 7] = [
    "first_rate",
    "draws",
    "length",
    "branching",
    "reasons",
    "lead",
    "picture",
];

/// A game longer than this many plies is stopped and counted as a draw
/// (reason `lab-end-ply-limit`), unless the study sets `max_plies`.
pub const DEFAULT_MAX_PLIES: u32 = 1000;

/// The most games a cell may ask for (fixed or as a sequential stop's cap).
pub const MAX_GAMES: u64 = 10_000_000;

/// A study file that cannot be run: the line (1-based) and why.
///
/// ```
/// let err = board_lab::Study::from_toml("games = 1\n[[configs]]\ngame = \"go\"\n").unwrap_err();
/// assert_eq!(err.line, 3);
/// assert!(err.reason.contains("go"), "{err}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct StudyError {
    /// The line of the study file where the fault is (1-based).
    pub line: usize,
    /// What is wrong there.
    pub reason: String,
}

/// When a cell stops playing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stop {
    /// A fixed number of games.
    Games(u64),
    /// Wald's sequential probability ratio test of "the first player scores
    /// 50 %" (H0) against "50 % + `delta`" (H1), looked at every `batch`
    /// games, with error rates `alpha` and `beta`, at most `max_games`.
    Sprt {
        /// The edge H1 claims, as a share (0.05 for five points).
        delta: f64,
        /// The chance of accepting H1 when H0 holds.
        alpha: f64,
        /// The chance of accepting H0 when H1 holds.
        beta: f64,
        /// Games between two looks.
        batch: u64,
        /// The cap.
        max_games: u64,
    },
    /// Until the first-player win rate's 95 % Wilson interval is at most
    /// ±`width`, looked at every `batch` games, at most `max_games`.
    Width {
        /// The half-width wanted, as a share (0.03 for ±3 points).
        width: f64,
        /// Games between two looks.
        batch: u64,
        /// The cap.
        max_games: u64,
    },
}

impl Stop {
    /// The most games this stop plays in a cell.
    #[must_use]
    pub fn max_games(&self) -> u64 {
        match *self {
            Stop::Games(n) => n,
            Stop::Sprt { max_games, .. } | Stop::Width { max_games, .. } => max_games,
        }
    }

    /// The games played between two looks (all of them for a fixed number).
    #[must_use]
    pub fn batch(&self) -> u64 {
        match *self {
            Stop::Games(n) => n,
            Stop::Sprt { batch, .. } | Stop::Width { batch, .. } => batch,
        }
    }
}

/// One cell of a study: a game under one configuration, played by one
/// pair of agents, with a stable id (`kybo/unlimited/random~random`) from
/// which every game's seed is derived.
///
/// Made only by [`Study::from_toml`], so its configuration is one the game
/// accepts.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub(crate) id: String,
    pub(crate) game: String,
    pub(crate) label: String,
    pub(crate) config: serde_json::Value,
    pub(crate) agents: [AgentSpec; 2],
    pub(crate) study_seed: u64,
    pub(crate) max_plies: u32,
    pub(crate) stop: Stop,
}

impl Cell {
    /// The stable id: `game/label/agent~agent`.
    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The game's name (`kybo`).
    #[must_use]
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The configuration's label in the study.
    #[must_use]
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The game's configuration, as JSON with every field (what
    /// `board_any::Registry::start_value` takes).
    #[must_use]
    pub fn config(&self) -> &serde_json::Value {
        &self.config
    }

    /// The agent pair: the first plays first in the even games, the
    /// second in the odd ones.
    #[must_use]
    pub fn agents(&self) -> [AgentSpec; 2] {
        self.agents
    }

    /// The study's seed.
    #[must_use]
    pub fn study_seed(&self) -> u64 {
        self.study_seed
    }

    /// The longest game, in plies, before it is stopped as a draw.
    #[must_use]
    pub fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// When this cell stops.
    #[must_use]
    pub fn stop(&self) -> Stop {
        self.stop
    }
}

/// A study: its name, seed, stop, metrics and cells (every configuration
/// with every agent pair, configurations first).
///
/// ```
/// let study = board_lab::Study::from_toml(r#"
/// name = "KYBO, two supplies"
/// seed = 7
/// games = 10
/// agents = [["random", "random"]]
///
/// [[configs]]
/// game = "kybo"
/// label = "unlimited"
///
/// [[configs]]
/// game = "kybo"
/// label = "20 cubes"
/// rules = { supply = { per_player = 20 } }
/// "#)?;
/// let ids: Vec<_> = study.cells().iter().map(|c| c.id()).collect();
/// assert_eq!(ids, ["kybo/unlimited/random~random", "kybo/20 cubes/random~random"]);
/// # Ok::<(), board_lab::StudyError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Study {
    name: String,
    seed: u64,
    stop: Stop,
    metrics: Vec<String>,
    cells: Vec<Cell>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStudy {
    name: Option<String>,
    seed: Option<Spanned<i64>>,
    games: Option<Spanned<i64>>,
    max_plies: Option<Spanned<i64>>,
    metrics: Option<Vec<Spanned<String>>>,
    agents: Option<Vec<Spanned<Vec<Spanned<String>>>>>,
    stop: Option<Spanned<RawStop>>,
    configs: Option<Vec<Spanned<RawConfig>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    game: Spanned<String>,
    label: Option<Spanned<String>>,
    rules: Option<Spanned<toml::Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStop {
    rule: Spanned<String>,
    delta: Option<Spanned<f64>>,
    alpha: Option<Spanned<f64>>,
    beta: Option<Spanned<f64>>,
    width: Option<Spanned<f64>>,
    batch: Option<Spanned<i64>>,
    max_games: Option<Spanned<i64>>,
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    let prefix = text.get(..end).unwrap_or(text);
    prefix.matches('\n').count() + 1
}

/// Reads study files: the text, to turn spans into lines.
struct Reader<'a> {
    text: &'a str,
}

impl Reader<'_> {
    fn error(&self, span: std::ops::Range<usize>, reason: impl Into<String>) -> StudyError {
        StudyError {
            line: line_of(self.text, span.start),
            reason: reason.into(),
        }
    }

    fn at<T>(&self, value: &Spanned<T>, reason: impl Into<String>) -> StudyError {
        self.error(value.span(), reason)
    }

    /// A count in `1..=max`.
    fn count(&self, value: &Spanned<i64>, what: &str, max: u64) -> Result<u64, StudyError> {
        match u64::try_from(*value.get_ref()) {
            Ok(n) if (1..=max).contains(&n) => Ok(n),
            _ => Err(self.at(
                value,
                format!("{what} must be from 1 to {max}, not {}", value.get_ref()),
            )),
        }
    }

    /// A share strictly between 0 and `max`.
    fn share(
        &self,
        value: Option<&Spanned<f64>>,
        name: &str,
        stop: &Spanned<RawStop>,
        max: f64,
    ) -> Result<f64, StudyError> {
        let value = value.ok_or_else(|| {
            self.at(
                stop,
                format!(
                    "the stop rule {:?} needs {name}",
                    stop.get_ref().rule.get_ref()
                ),
            )
        })?;
        let x = *value.get_ref();
        if x > 0.0 && x < max {
            Ok(x)
        } else {
            Err(self.at(
                value,
                format!("{name} must be above 0 and below {max}, not {x}"),
            ))
        }
    }

    fn stop(&self, raw: &Spanned<RawStop>, games: Option<u64>) -> Result<Stop, StudyError> {
        let s = raw.get_ref();
        let batch = match &s.batch {
            Some(b) => self.count(b, "batch", MAX_GAMES)?,
            None => 100,
        };
        let max_games = match &s.max_games {
            Some(m) => self.count(m, "max_games", MAX_GAMES)?,
            None => games.unwrap_or(100_000),
        };
        match s.rule.get_ref().as_str() {
            "games" => Ok(Stop::Games(games.ok_or_else(|| {
                self.at(raw, "the stop rule \"games\" needs games = N at the top")
            })?)),
            "sprt" => Ok(Stop::Sprt {
                delta: self.share(s.delta.as_ref(), "delta", raw, 0.5)?,
                alpha: self.share(s.alpha.as_ref(), "alpha", raw, 0.5)?,
                beta: self.share(s.beta.as_ref(), "beta", raw, 0.5)?,
                batch,
                max_games,
            }),
            "width" => Ok(Stop::Width {
                width: self.share(s.width.as_ref(), "width", raw, 0.5)?,
                batch,
                max_games,
            }),
            other => Err(self.at(
                &s.rule,
                format!("unknown stop rule {other:?}: say games, sprt or width"),
            )),
        }
    }
}

impl Study {
    /// Reads a study file.
    ///
    /// A study names its `configs` (each a `game` from board-any's
    /// registry, a `label`, and `rules`: the game's JSON configuration
    /// written as a TOML table), its `agents` (pairs such as `["random",
    /// "computer:64"]`, default `random` against `random`), a `seed`
    /// (default 0), and either `games = N` per cell or a `[stop]` table
    /// (`rule = "sprt"` with `delta`, `alpha`, `beta`; `rule = "width"` with
    /// `width`; both with `batch` and `max_games`). `max_plies` and
    /// `metrics` (a subset of [`METRICS`]) are optional.
    ///
    /// # Errors
    /// [`StudyError`], with the line: the text is not TOML, a key is
    /// unknown, a game is unknown, a configuration is refused by the game,
    /// a label repeats, an agent or a metric is unknown, there are zero
    /// games or no configuration, or a stop is incomplete.
    pub fn from_toml(text: &str) -> Result<Study, StudyError> {
        let reader = Reader { text };
        let raw: RawStudy = toml::from_str(text).map_err(|e| StudyError {
            line: e.span().map_or(1, |s| line_of(text, s.start)),
            reason: e.message().trim().to_owned(),
        })?;
        let games = raw
            .games
            .as_ref()
            .map(|g| reader.count(g, "games", MAX_GAMES))
            .transpose()?;
        let stop = match &raw.stop {
            Some(stop) => reader.stop(stop, games)?,
            None => Stop::Games(games.ok_or(StudyError {
                line: 1,
                reason: "say how many games a cell plays: games = N, or a [stop] table".to_owned(),
            })?),
        };
        let seed = match &raw.seed {
            Some(s) => u64::try_from(*s.get_ref())
                .map_err(|_| reader.at(s, "the seed must not be negative"))?,
            None => 0,
        };
        let max_plies = match &raw.max_plies {
            Some(m) => u32::try_from(reader.count(m, "max_plies", 100_000)?).unwrap_or(u32::MAX),
            None => DEFAULT_MAX_PLIES,
        };
        let metrics = match &raw.metrics {
            None => METRICS.iter().map(|m| (*m).to_owned()).collect(),
            Some(list) => {
                let mut seen = BTreeSet::new();
                for m in list {
                    if !METRICS.contains(&m.get_ref().as_str()) {
                        return Err(reader.at(
                            m,
                            format!(
                                "unknown metric {:?}: metrics are {}",
                                board_core::excerpt(m.get_ref()),
                                METRICS.join(", ")
                            ),
                        ));
                    }
                    seen.insert(m.get_ref().clone());
                }
                // In the report's order.
                METRICS
                    .iter()
                    .filter(|m| seen.contains(**m))
                    .map(|m| (*m).to_owned())
                    .collect()
            }
        };
        let pairs = match &raw.agents {
            None => vec![[AgentSpec::Random, AgentSpec::Random]],
            Some(list) if list.is_empty() => {
                return Err(StudyError {
                    line: 1,
                    reason: "agents is empty: give at least one pair".to_owned(),
                })
            }
            Some(list) => list
                .iter()
                .map(|pair| match pair.get_ref().as_slice() {
                    [a, b] => {
                        let one = |s: &Spanned<String>| {
                            AgentSpec::from_str(s.get_ref())
                                .map_err(|e| reader.at(s, e.to_string()))
                        };
                        Ok([one(a)?, one(b)?])
                    }
                    other => Err(reader.at(
                        pair,
                        format!("an agent pair has two agents, not {}", other.len()),
                    )),
                })
                .collect::<Result<Vec<_>, _>>()?,
        };
        let configs = raw.configs.unwrap_or_default();
        if configs.is_empty() {
            return Err(StudyError {
                line: 1,
                reason: "no configuration: add a [[configs]] table with a game".to_owned(),
            });
        }
        let registry = board_any::Registry::standard();
        let mut cells = Vec::new();
        let mut labels = BTreeSet::new();
        for config in &configs {
            let c = config.get_ref();
            let name = c.game.get_ref();
            registry
                .info(name)
                .map_err(|e| reader.at(&c.game, e.to_string()))?;
            let (rules, rules_span) = match &c.rules {
                Some(r) => (
                    serde_json::to_value(r.get_ref())
                        .map_err(|e| reader.at(r, format!("the rules are not JSON: {e}")))?,
                    r.span(),
                ),
                None => (serde_json::Value::Null, config.span()),
            };
            let game = registry
                .start_value(name, &rules)
                .map_err(|e| reader.error(rules_span, e.to_string()))?;
            let label = match &c.label {
                Some(l) if l.get_ref().trim().is_empty() || l.get_ref().contains(['/', '~']) => {
                    return Err(reader.at(l, "a label is not empty and has no '/' or '~'"))
                }
                Some(l) => l.get_ref().clone(),
                None => match &rules {
                    serde_json::Value::Null => "default".to_owned(),
                    other => other.to_string().replace('/', "-"),
                },
            };
            if !labels.insert((name.clone(), label.clone())) {
                let at = c.label.as_ref().map_or(config.span(), Spanned::span);
                return Err(
                    reader.error(at, format!("the label {label:?} is given twice for {name}"))
                );
            }
            for agents in &pairs {
                cells.push(Cell {
                    id: format!("{name}/{label}/{}~{}", agents[0], agents[1]),
                    game: name.clone(),
                    label: label.clone(),
                    config: game.config(),
                    agents: *agents,
                    study_seed: seed,
                    max_plies,
                    stop,
                });
            }
        }
        Ok(Study {
            name: raw.name.unwrap_or_else(|| "study".to_owned()),
            seed,
            stop,
            metrics,
            cells,
        })
    }

    /// The study's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The study's seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// When each cell stops.
    #[must_use]
    pub fn stop(&self) -> Stop {
        self.stop
    }

    /// The metrics the report shows, in [`METRICS`] order.
    #[must_use]
    pub fn metrics(&self) -> &[String] {
        &self.metrics
    }

    /// The cells: every configuration with every agent pair.
    #[must_use]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cell of id `id`.
    #[must_use]
    pub fn cell(&self, id: &str) -> Option<&Cell> {
        self.cells.iter().find(|c| c.id == id)
    }

    /// The same study with another seed (what `--seed` does).
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Study {
        self.seed = seed;
        for cell in &mut self.cells {
            cell.study_seed = seed;
        }
        self
    }

    /// The same study with a fixed number of games per cell (what
    /// `--games` does).
    #[must_use]
    pub fn with_games(mut self, games: u64) -> Study {
        self.stop = Stop::Games(games);
        for cell in &mut self.cells {
            cell.stop = self.stop;
        }
        self
    }
}

impl fmt::Display for Stop {
    /// `1100 games`, `SPRT δ=0.05 α=0.05 β=0.05`, `±0.03`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Games(n) => write!(f, "{n} games"),
            Stop::Sprt {
                delta, alpha, beta, ..
            } => write!(f, "SPRT delta={delta} alpha={alpha} beta={beta}"),
            Stop::Width { width, .. } => write!(f, "interval within +-{width}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_count_from_one() {
        assert_eq!(line_of("a\nb\nc", 0), 1);
        assert_eq!(line_of("a\nb\nc", 2), 2);
        assert_eq!(line_of("a\nb\nc", 99), 3);
    }
}
