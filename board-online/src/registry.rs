//! The games a server hosts, by name, and the one type-erased face
//! ([`Table`]) through which a room drives any of them.
//!
//! The server never names a game anywhere else: [`Registry::standard`] lists
//! the workspace's three, and an embedder adds its own with
//! [`Registry::with`].

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use board_core::{Explain, Game, GameMatch, Message, Outcome, Status};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::protocol::Seat;

/// Why a game could not be started from a configuration.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// No game of that name is hosted.
    #[error("no game named {0:?} (hosted: {1})")]
    UnknownGame(String, String),
    /// The configuration does not fit the game.
    #[error("configuration does not fit {game}: {message}")]
    Invalid {
        /// The game's name.
        game: String,
        /// What serde said.
        message: String,
    },
}

/// Why a move text was not played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct MoveError(pub String, pub board_core::Message);

/// How the game's rules ended a game, in the seats' terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesOutcome {
    /// The winning seat, or `None` for a draw.
    pub winner: Option<Seat>,
    /// The game's own sentence (`White wins (checkmate)`).
    pub text: String,
}

/// One game in progress, whatever the game: the face a room drives.
pub trait Table: Send + fmt::Debug {
    /// The configuration as JSON (as the game serialises it).
    fn config(&self) -> serde_json::Value;
    /// The seat whose turn it is.
    fn turn(&self) -> Seat;
    /// The player of `seat`, as the game names it (`White`, `One`).
    fn player(&self, seat: Seat) -> String;
    /// The canonical text of a move if it is legal here, otherwise the
    /// rules crate's reason.
    ///
    /// # Errors
    /// The move could not be read, or is illegal.
    fn check(&self, text: &str) -> Result<String, MoveError>;
    /// Plays a move text if it is legal and returns its canonical text;
    /// otherwise the rules crate's reason, and nothing changes.
    ///
    /// # Errors
    /// The move could not be read, or is illegal.
    fn play(&mut self, text: &str) -> Result<String, MoveError>;
    /// Every legal move of the side to move, as texts.
    fn legal_moves(&self) -> Vec<String>;
    /// The board as text.
    fn board(&self) -> String;
    /// How the rules ended the game, or `None` while it goes on.
    fn outcome(&self) -> Option<RulesOutcome>;
    /// Claims a draw for the side to move if the rules allow one; returns
    /// the game's name of the rule.
    fn claim_draw(&mut self) -> Option<String>;
    /// The game's record in its rules crate's text (which that crate's
    /// `Record` reads back and replays).
    fn record(&self) -> String;
    /// The player of `seat` as the catalogues (board-l10n) key it, for a
    /// client to word in its player's language.
    fn player_words(&self, seat: Seat) -> Message;
    /// The position's status line (whose turn, scores, supplies…) as the
    /// catalogues key it ([`Status`]).
    fn status_words(&self) -> Vec<Message>;
    /// How the rules ended the game, as the catalogues key it, or `None`
    /// while it goes on.
    fn outcome_words(&self) -> Option<Message>;
}

struct Erased<G: Game> {
    game: G,
    config: G::Config,
    first: G::Player,
}

impl<G: Game> fmt::Debug for Erased<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table").field("game", &self.game).finish()
    }
}

impl<G> Erased<G>
where
    G: Game,
{
    fn seat_of(&self, player: G::Player) -> Seat {
        if player == self.first {
            Seat::First
        } else {
            Seat::Second
        }
    }
}

impl<G> Table for Erased<G>
where
    G: GameMatch + Send + 'static,
    G::Error: Explain,
    G::Player: Explain + Send,
    G::EndReason: Explain,
    G::Position: Status,
    G::Config: Serialize + Send,
{
    fn config(&self) -> serde_json::Value {
        serde_json::to_value(&self.config).unwrap_or(serde_json::Value::Null)
    }

    fn turn(&self) -> Seat {
        self.seat_of(self.game.turn())
    }

    fn player(&self, seat: Seat) -> String {
        match seat {
            Seat::First => self.first.to_string(),
            Seat::Second => (!self.first).to_string(),
        }
    }

    fn check(&self, text: &str) -> Result<String, MoveError> {
        let mv = self
            .game
            .parse_move(text.trim())
            .map_err(|e| MoveError(e.to_string(), e.explain()))?;
        self.game
            .check(mv)
            .map_err(|e| MoveError(e.to_string(), e.explain()))?;
        Ok(mv.to_string())
    }

    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        let mv = self
            .game
            .parse_move(text.trim())
            .map_err(|e| MoveError(e.to_string(), e.explain()))?;
        self.game
            .play(mv)
            .map_err(|e| MoveError(e.to_string(), e.explain()))?;
        Ok(mv.to_string())
    }

    fn legal_moves(&self) -> Vec<String> {
        self.game
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn board(&self) -> String {
        self.game.to_string()
    }

    fn outcome(&self) -> Option<RulesOutcome> {
        let outcome = self.game.outcome()?;
        let winner = match outcome {
            Outcome::Win { winner, .. } => Some(self.seat_of(winner)),
            Outcome::Draw { .. } => None,
        };
        Some(RulesOutcome {
            winner,
            text: outcome.to_string(),
        })
    }

    fn claim_draw(&mut self) -> Option<String> {
        self.game.claim_draw().map(|r| r.to_string())
    }

    fn record(&self) -> String {
        self.game.record().to_string()
    }

    fn player_words(&self, seat: Seat) -> Message {
        match seat {
            Seat::First => self.first.explain(),
            Seat::Second => (!self.first).explain(),
        }
    }

    fn status_words(&self) -> Vec<Message> {
        self.game.position().status_words()
    }

    fn outcome_words(&self) -> Option<Message> {
        self.game.outcome().map(|o| o.explain())
    }
}

type Maker = Arc<dyn Fn(&serde_json::Value) -> Result<Box<dyn Table>, String> + Send + Sync>;

/// The games a server hosts, by name.
#[derive(Clone, Default)]
pub struct Registry {
    games: BTreeMap<String, Maker>,
}

impl fmt::Debug for Registry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.games.keys()).finish()
    }
}

impl Registry {
    /// An empty registry.
    #[must_use]
    pub fn new() -> Registry {
        Registry::default()
    }

    /// The workspace's three games. The only place the server names a game.
    #[must_use]
    pub fn standard() -> Registry {
        Registry::new()
            .with::<echec_o_cube::Match>("echec-o-cube")
            .with::<kybo::Match>("kybo")
            .with::<chess3d::Match>("chess3d")
    }

    /// This registry with `G` hosted as `name`: a game with its history
    /// and record (a rules crate's `Match`). Its configuration travels as
    /// JSON; `{}` or `null` means `G::Config::default()`.
    #[must_use]
    pub fn with<G>(mut self, name: &str) -> Registry
    where
        G: GameMatch + Send + 'static,
        G::Error: Explain,
        G::Player: Explain + Send,
        G::EndReason: Explain,
        G::Position: Status,
        G::Config: Serialize + DeserializeOwned + Send,
    {
        let maker: Maker = Arc::new(|json: &serde_json::Value| {
            let config = match json {
                serde_json::Value::Null => G::Config::default(),
                serde_json::Value::Object(map) if map.is_empty() => G::Config::default(),
                other => {
                    serde_json::from_value::<G::Config>(other.clone()).map_err(|e| e.to_string())?
                }
            };
            let game = <G as Game>::from_config(config.clone());
            let first = game.turn();
            Ok(Box::new(Erased {
                game,
                config,
                first,
            }) as Box<dyn Table>)
        });
        self.games.insert(name.to_owned(), maker);
        self
    }

    /// The names of the games hosted, in order.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.games.keys().cloned().collect()
    }

    /// A new game of `name` under `config`.
    ///
    /// # Errors
    /// No game has that name, or the configuration does not fit it.
    pub fn start(
        &self,
        name: &str,
        config: &serde_json::Value,
    ) -> Result<Box<dyn Table>, ConfigError> {
        let maker = self.games.get(name).ok_or_else(|| {
            ConfigError::UnknownGame(crate::excerpt(name), self.names().join(", "))
        })?;
        maker(config).map_err(|message| ConfigError::Invalid {
            game: name.to_owned(),
            message,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_standard_game_starts_from_an_empty_object_and_plays() {
        let registry = Registry::standard();
        assert_eq!(registry.names(), ["chess3d", "echec-o-cube", "kybo"]);
        for name in registry.names() {
            let mut table = registry.start(&name, &serde_json::json!({})).unwrap();
            assert_eq!(table.turn(), Seat::First);
            assert_ne!(table.player(Seat::First), table.player(Seat::Second));
            let moves = table.legal_moves();
            assert!(!moves.is_empty(), "{name}");
            let played = table.play(&moves[0]).unwrap();
            assert_eq!(played, moves[0]);
            assert_eq!(table.turn(), Seat::Second, "{name}");
            assert!(table.play("not a move").is_err());
            // The configuration comes back as JSON that starts the same game.
            let again = registry.start(&name, &table.config()).unwrap();
            assert_eq!(
                again.board(),
                registry
                    .start(&name, &serde_json::Value::Null)
                    .unwrap()
                    .board()
            );
        }
    }

    #[test]
    fn bad_names_and_configs_are_errors() {
        let registry = Registry::standard();
        assert!(matches!(
            registry.start("go", &serde_json::json!({})),
            Err(ConfigError::UnknownGame(..))
        ));
        assert!(matches!(
            registry.start("chess3d", &serde_json::json!({"levels": 99})),
            Err(ConfigError::Invalid { .. })
        ));
        assert!(matches!(
            registry.start("kybo", &serde_json::json!([1, 2])),
            Err(ConfigError::Invalid { .. })
        ));
    }
}
