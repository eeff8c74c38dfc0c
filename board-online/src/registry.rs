//! The games a server hosts, by name, and the face ([`Table`]) through
//! which a room drives any of them, in the seats' terms.
//!
//! The games and their one type-erased face are board-any's: the server
//! never names a game; an embedder adds its own with [`Registry::with`].

use std::fmt;

use board_any::{AnyGame, Playable};
use board_core::{Explain, Message};

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
    /// catalogues key it ([`Status`](board_core::Status)).
    fn status_words(&self) -> Vec<Message>;
    /// How the rules ended the game, as the catalogues key it, or `None`
    /// while it goes on.
    fn outcome_words(&self) -> Option<Message>;
}

/// A game of board-any's registry, in the seats' terms.
#[derive(Debug)]
struct Seated(Box<dyn AnyGame>);

/// The protocol's seat of board-any's.
fn seat(seat: board_any::Seat) -> Seat {
    match seat {
        board_any::Seat::First => Seat::First,
        board_any::Seat::Second => Seat::Second,
    }
}

/// board-any's seat of the protocol's.
fn any_seat(seat: Seat) -> board_any::Seat {
    match seat {
        Seat::First => board_any::Seat::First,
        Seat::Second => board_any::Seat::Second,
    }
}

/// A refused move as the protocol carries it.
fn refused(error: &board_any::Error) -> MoveError {
    MoveError(error.to_string(), error.explain())
}

impl Table for Seated {
    fn config(&self) -> serde_json::Value {
        self.0.config()
    }

    fn turn(&self) -> Seat {
        seat(self.0.turn_seat())
    }

    fn player(&self, seat: Seat) -> String {
        self.0.player(any_seat(seat))
    }

    fn check(&self, text: &str) -> Result<String, MoveError> {
        self.0.check(text.trim()).map_err(|e| refused(&e))
    }

    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        self.0.play(text.trim()).map_err(|e| refused(&e))
    }

    fn legal_moves(&self) -> Vec<String> {
        self.0.legal_moves()
    }

    fn board(&self) -> String {
        self.0.board()
    }

    fn outcome(&self) -> Option<RulesOutcome> {
        self.0.outcome().map(|end| RulesOutcome {
            winner: end.winner.map(seat),
            text: end.said.english,
        })
    }

    fn claim_draw(&mut self) -> Option<String> {
        self.0.claim_draw().map(|rule| rule.english)
    }

    fn record(&self) -> String {
        self.0.record_text()
    }

    fn player_words(&self, seat: Seat) -> Message {
        self.0.player_words(any_seat(seat))
    }

    fn status_words(&self) -> Vec<Message> {
        self.0.status_words()
    }

    fn outcome_words(&self) -> Option<Message> {
        self.0.outcome().map(|end| end.said.message)
    }
}

/// The games a server hosts, by name: board-any's [`board_any::Registry`].
#[derive(Clone, Default)]
pub struct Registry {
    games: board_any::Registry,
}

impl fmt::Debug for Registry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

impl Registry {
    /// An empty registry.
    #[must_use]
    pub fn new() -> Registry {
        Registry::default()
    }

    /// The workspace's games ([`board_any::Registry::standard`]).
    #[must_use]
    pub fn standard() -> Registry {
        Registry {
            games: board_any::Registry::standard(),
        }
    }

    /// This registry with `G` hosted under its [`Playable::NAME`]. Its
    /// configuration travels as JSON; `{}` or `null` means the default.
    #[must_use]
    pub fn with<G: Playable>(self) -> Registry {
        Registry {
            games: self.games.with::<G>(),
        }
    }

    /// The names of the games hosted, in order.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .games
            .games()
            .iter()
            .map(|g| g.name.to_owned())
            .collect();
        names.sort();
        names
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
        match self.games.start_value(name, config) {
            Ok(game) => Ok(Box::new(Seated(game))),
            Err(board_any::Error::UnknownGame { .. }) => Err(ConfigError::UnknownGame(
                crate::excerpt(name),
                self.names().join(", "),
            )),
            Err(board_any::Error::Config { reason, .. }) => Err(ConfigError::Invalid {
                game: name.to_owned(),
                message: reason,
            }),
            Err(other) => Err(ConfigError::Invalid {
                game: name.to_owned(),
                message: other.to_string(),
            }),
        }
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
