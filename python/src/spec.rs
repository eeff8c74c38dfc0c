//! A game and its configuration (the Python `Game`), and the registry of
//! the three games by name.

use std::sync::Arc;

use board_core::Game;

use crate::adapter::Adapter;
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
    config: A::Config,
}

impl<A: Adapter> DynGame for Spec<A> {
    fn name(&self) -> &'static str {
        A::NAME
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
        let start = A::from_text(text, &self.config)?;
        Ok(Box::new(Session::<A>::new(start)))
    }

    fn action_text(&self, action: usize) -> Option<String> {
        A::action_text(&self.config, action)
    }

    fn batch(&self, num_envs: usize, seed: u64) -> Box<dyn DynBatch> {
        Box::new(Batch::<A>::new(self.config, num_envs, seed))
    }
}

/// The names `load` takes.
pub const NAMES: [&str; 3] = [EchecOCube::NAME, Kybo::NAME, Chess3d::NAME];

/// The observation planes and action numbering of every game.
pub const PLANES: [&str; 3] = [EchecOCube::PLANES, Kybo::PLANES, Chess3d::PLANES];

/// A game by name under the configuration of `entries`.
///
/// # Errors
/// An unknown name, or the configuration's fault in words.
pub fn load(name: &str, entries: &Entries) -> Result<Arc<dyn DynGame>, String> {
    fn make<A: Adapter>(entries: &Entries) -> Result<Arc<dyn DynGame>, String> {
        Ok(Arc::new(Spec::<A> {
            config: A::config(entries)?,
        }))
    }
    match name {
        EchecOCube::NAME => make::<EchecOCube>(entries),
        Kybo::NAME => make::<Kybo>(entries),
        Chess3d::NAME => make::<Chess3d>(entries),
        _ => Err(format!(
            "{:?} is not a game: expected one of {}",
            board_core::excerpt(name),
            NAMES.join(", ")
        )),
    }
}
