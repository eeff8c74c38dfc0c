//! A game and its configuration (the Python `Game`), and the door's one
//! table of adapters, keyed by board-any's game names.

use std::sync::Arc;

use board_any::{Playable, Registry};
use board_core::Game;

use crate::adapter::{read_text, Adapter, ConfigOf};
use crate::batch::{Batch, DynBatch};
use crate::config::Entries;
use crate::games::{Chess3d, EchecOCube, Kybo};
use crate::session::{DynState, Session};

/// A game under one configuration, erased for the Python `Game`.
pub trait DynGame: Send + Sync {
    /// Its name (`"kybo"`).
    fn name(&self) -> &'static str;
    /// Its configuration's fields.
    fn config(&self) -> Entries;
    /// The size of the action numbering.
    fn num_actions(&self) -> usize;
    /// The observation's shape.
    fn observation_shape(&self) -> Vec<usize>;
    /// A game at its start.
    fn new_state(&self) -> Box<dyn DynState>;
    /// A game from a position text.
    ///
    /// # Errors
    /// The crate's reason the text is not a position of this configuration.
    fn read_text(&self, text: &str) -> Result<Box<dyn DynState>, String>;
    /// The text of an action, without a position.
    fn action_text(&self, action: usize) -> Option<String>;
    /// `num_envs` games for a `VectorEnv`.
    fn batch(&self, num_envs: usize, seed: u64) -> Box<dyn DynBatch>;
    /// The same game and configuration.
    fn same(&self, other: &dyn DynGame) -> bool {
        self.name() == other.name() && self.config() == other.config()
    }
}

/// A game `A` under a configuration.
pub struct Spec<A: Adapter> {
    config: ConfigOf<A>,
}

impl<A: Adapter> DynGame for Spec<A> {
    fn name(&self) -> &'static str {
        <A::Position as Playable>::NAME
    }

    fn config(&self) -> Entries {
        A::config_entries(&self.config)
    }

    fn num_actions(&self) -> usize {
        A::num_actions(&self.config)
    }

    fn observation_shape(&self) -> Vec<usize> {
        A::observation_shape(&self.config)
    }

    fn new_state(&self) -> Box<dyn DynState> {
        Box::new(Session::<A>::new(A::Position::from_config(self.config)))
    }

    fn read_text(&self, text: &str) -> Result<Box<dyn DynState>, String> {
        let start = read_text::<A>(text, self.config)?;
        Ok(Box::new(Session::<A>::new(start)))
    }

    fn action_text(&self, action: usize) -> Option<String> {
        A::action_text(&self.config, action)
    }

    fn batch(&self, num_envs: usize, seed: u64) -> Box<dyn DynBatch> {
        Box::new(Batch::<A>::new(self.config, num_envs, seed))
    }
}

/// What the door keeps of a game: board-any's name for it, its planes and
/// how to make its [`Spec`].
#[derive(Clone, Copy)]
pub struct Door {
    /// The game's [`Playable::NAME`].
    pub name: &'static str,
    /// Its [`Adapter::PLANES`].
    pub planes: &'static str,
    /// A [`Spec`] of the game under Python keywords.
    make: fn(&Entries) -> Result<Arc<dyn DynGame>, String>,
}

impl Door {
    /// The door of the game `A` adapts.
    const fn of<A: Adapter>() -> Door {
        Door {
            name: <A::Position as Playable>::NAME,
            planes: A::PLANES,
            make: make::<A>,
        }
    }
}

/// A [`Spec`] of `A` under the configuration of `entries`.
fn make<A: Adapter>(entries: &Entries) -> Result<Arc<dyn DynGame>, String> {
    Ok(Arc::new(Spec::<A> {
        config: A::config(entries)?,
    }))
}

/// The games the door opens, in board-any's order: one line a game.
pub const DOORS: [Door; 3] = [
    Door::of::<EchecOCube>(),
    Door::of::<Kybo>(),
    Door::of::<Chess3d>(),
];

/// The names `load` takes.
pub fn names() -> Vec<&'static str> {
    DOORS.iter().map(|door| door.name).collect()
}

/// The observation planes and action numbering of every game.
pub fn planes() -> String {
    DOORS
        .iter()
        .map(|door| door.planes)
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// A game by name under the configuration of `entries`.
///
/// # Errors
/// A name board-any's [`Registry::standard`] does not know (its error's
/// words), a game it knows that has no adapter here yet, or the
/// configuration's fault in words.
pub fn load(name: &str, entries: &Entries) -> Result<Arc<dyn DynGame>, String> {
    let info = Registry::standard().info(name).map_err(|e| e.to_string())?;
    let door = DOORS
        .iter()
        .find(|door| door.name == info.name)
        .ok_or_else(|| format!("{} has no Python door yet", info.title))?;
    (door.make)(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_of_board_any_has_one_door_in_its_order() {
        let registered: Vec<_> = Registry::standard()
            .games()
            .iter()
            .map(|g| g.name)
            .collect();
        assert_eq!(names(), registered);
        for name in names() {
            let game = load(name, &Entries::new()).expect("the default configuration");
            assert_eq!(game.name(), name);
        }
    }

    #[test]
    fn an_unknown_name_is_answered_with_board_any_s_games() {
        let err = load("go", &Entries::new()).err().expect("no such game");
        assert_eq!(
            err,
            "no game named \"go\" (the games: echec-o-cube, kybo, chess3d)"
        );
        let long = "x".repeat(10_000);
        let err = load(&long, &Entries::new()).err().expect("no such game");
        assert!(err.len() < 300, "{err}");
    }
}
