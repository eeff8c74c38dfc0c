//! Durable storage: the small [`Store`] trait a server writes every game,
//! seat-token hash and accepted move through before acknowledging it, the
//! [`Leases`] of a store several instances share, and [`open`], which picks
//! the store a database name means.
//!
//! The stores: [`SqliteStore`] (one instance, a file), [`PgStore`] (several
//! instances, with leases); the [`Writer`] batches the writes of all games
//! into group commits on one thread.

use std::path::Path;
use std::sync::Arc;

use crate::protocol::{ClockSpec, GameResult, Seat};

pub mod pg;
mod sqlite;
mod writer;

pub use pg::{Instance, PgStore};
pub use sqlite::SqliteStore;
pub use writer::Writer;

/// Why the store failed.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// A game with that code exists already.
    #[error("game code {0} is taken")]
    CodeTaken(String),
    /// The database failed.
    #[error("storage failed: {0}")]
    Database(String),
    /// The writer thread is gone (the server is shutting down).
    #[error("storage is closed")]
    Closed,
    /// Another instance took the game over: this one may no longer write it.
    #[error("game {0} is now run by another instance")]
    LeaseLost(String),
    /// Another move is stored at that ply of the game already: one whose
    /// commit succeeded though its answer was lost.
    #[error("game {code} has another move at ply {ply}: {text}")]
    PlyTaken {
        /// The game code.
        code: String,
        /// The ply.
        ply: u32,
        /// The stored move's text.
        text: String,
        /// The two seats' remaining times stored with it, if any.
        clock_ms: Option<[u64; 2]>,
    },
}

/// Who runs a game, as [`Leases::acquire`] found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lease {
    /// This instance holds the lease, at this epoch (0: a store without
    /// leases, one instance).
    Held(u64),
    /// Another instance holds it and is alive.
    Elsewhere {
        /// Its instance id.
        owner: String,
        /// Its public address, for clients.
        addr: String,
    },
    /// No game has this code.
    NoGame,
}

/// One change to store.
#[derive(Debug, Clone, PartialEq)]
pub enum Write {
    /// A new game, with its creator's seat.
    Create {
        /// The game code.
        code: String,
        /// The game's name in the registry.
        game: String,
        /// The configuration as JSON.
        config: serde_json::Value,
        /// The clock, if any.
        clock: Option<ClockSpec>,
        /// The creator's seat.
        seat: Seat,
        /// SHA-256 of the creator's token.
        token_hash: [u8; 32],
        /// When, in milliseconds since the Unix epoch.
        at_ms: u64,
    },
    /// The other seat was taken.
    Seat {
        /// The game code.
        code: String,
        /// The seat.
        seat: Seat,
        /// SHA-256 of its token.
        token_hash: [u8; 32],
    },
    /// An accepted move.
    Move {
        /// The game code.
        code: String,
        /// The ply the move was made at (0 for the first move).
        ply: u32,
        /// The move's text.
        text: String,
        /// When, in milliseconds since the Unix epoch.
        at_ms: u64,
        /// The two seats' remaining times after it, for a game with a clock.
        clock_ms: Option<[u64; 2]>,
    },
    /// The game ended.
    Finish {
        /// The game code.
        code: String,
        /// How.
        result: GameResult,
        /// When, in milliseconds since the Unix epoch.
        at_ms: u64,
    },
    /// Fails the transaction unless this instance still holds the lease of
    /// game `code` at `epoch` (a store without leases ignores it).
    Fence {
        /// The game code.
        code: String,
        /// The lease's epoch, as acquired.
        epoch: u64,
    },
}

impl Write {
    /// The code of the game it changes.
    #[must_use]
    pub fn code(&self) -> &str {
        match self {
            Write::Create { code, .. }
            | Write::Seat { code, .. }
            | Write::Move { code, .. }
            | Write::Finish { code, .. }
            | Write::Fence { code, .. } => code,
        }
    }
}

/// A game as stored, for a restart to continue it.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredGame {
    /// The game code.
    pub code: String,
    /// The game's name in the registry.
    pub game: String,
    /// The configuration as JSON.
    pub config: serde_json::Value,
    /// The clock, if any.
    pub clock: Option<ClockSpec>,
    /// SHA-256 of each seat's token, first seat first, `None` while free.
    pub token_hashes: [Option<[u8; 32]>; 2],
    /// The accepted moves, in order.
    pub moves: Vec<String>,
    /// The remaining times after the last move (clock games with moves).
    pub clock_ms: Option<[u64; 2]>,
    /// When the game was created or last moved, in ms since the Unix epoch.
    pub last_activity_ms: u64,
    /// How it ended, if it did.
    pub result: Option<GameResult>,
    /// When it ended, in ms since the Unix epoch.
    pub finished_ms: Option<u64>,
}

/// Durable storage for games.
pub trait Store: Send + Sync + std::fmt::Debug + 'static {
    /// Applies `writes` atomically: all of them are durable when it returns
    /// `Ok`, none of them when it returns an error.
    ///
    /// # Errors
    /// A code is taken, or the storage failed.
    fn write(&self, writes: &[Write]) -> Result<(), StoreError>;

    /// Every game not yet finished.
    ///
    /// # Errors
    /// The storage failed.
    fn unfinished(&self) -> Result<Vec<StoredGame>, StoreError>;

    /// One game by code, finished or not.
    ///
    /// # Errors
    /// The storage failed.
    fn game(&self, code: &str) -> Result<Option<StoredGame>, StoreError>;

    /// Deletes the games that finished before `before_ms` (ms since the
    /// Unix epoch), with their moves; returns how many.
    ///
    /// # Errors
    /// The storage failed.
    fn purge_finished(&self, before_ms: u64) -> Result<usize, StoreError>;

    /// Whether the storage answers a query now.
    ///
    /// # Errors
    /// It does not.
    fn check(&self) -> Result<(), StoreError>;

    /// The leases of this store, if several instances share it (each game
    /// run by the holder of its lease); `None` (the default): one instance
    /// runs every game, and holds each at epoch 0.
    fn leases(&self) -> Option<&dyn Leases> {
        None
    }
}

/// The leases of a store several instances share: which instance runs each
/// game. A store without leases (SQLite) has none: its one instance holds
/// every game at epoch 0.
pub trait Leases: Send + Sync {
    /// The lease epoch the creator of a new game holds (written with its
    /// [`Write::Create`]).
    fn created_lease(&self) -> u64;

    /// How long a lease lasts without renewal.
    fn ttl(&self) -> std::time::Duration;

    /// Takes the lease of game `code` for this instance if it is free,
    /// expired or already this instance's (a new epoch, which fences any
    /// earlier holder); else says who holds it. Read the game after this,
    /// not before: the previous owner's last writes are then visible.
    ///
    /// # Errors
    /// The storage failed.
    fn acquire(&self, code: &str) -> Result<Lease, StoreError>;

    /// Renews the leases `held` (code, epoch); returns the codes whose lease
    /// this instance no longer holds (taken over by another).
    ///
    /// # Errors
    /// The storage failed (the leases run on until their expiry).
    fn renew(&self, held: &[(String, u64)]) -> Result<Vec<String>, StoreError>;

    /// Hands the leases `held` back at once (a graceful stop), so other
    /// instances take the games over without waiting for the expiry.
    ///
    /// # Errors
    /// The storage failed.
    fn release(&self, held: &[(String, u64)]) -> Result<(), StoreError>;

    /// Up to `limit` unfinished games whose lease has expired (their owner
    /// died), for another instance to take over.
    ///
    /// # Errors
    /// The storage failed.
    fn orphans(&self, limit: usize) -> Result<Vec<String>, StoreError>;
}

/// The store `db` names, and the unfinished games to continue: a
/// `postgres://` URL opens [`PgStore`], shared with other instances as
/// `instance` (it restores no game at start: other instances may run them,
/// and they are taken over on demand, or once their owner's lease expired);
/// anything else is a SQLite file, created if missing, whose every
/// unfinished game this instance continues.
///
/// ```no_run
/// # async fn run(instance: board_online::store::Instance) -> Result<(), board_online::store::StoreError> {
/// let (store, unfinished) = board_online::store::open("games.sqlite3".as_ref(), instance).await?;
/// assert!(store.leases().is_none());
/// println!("{} games to continue", unfinished.len());
/// # Ok(()) }
/// ```
///
/// # Errors
/// The database cannot be opened or read.
pub async fn open(
    db: &Path,
    instance: Instance,
) -> Result<(Arc<dyn Store>, Vec<StoredGame>), StoreError> {
    let url = db.to_string_lossy().into_owned();
    if pg::is_url(&url) {
        let store = tokio::task::spawn_blocking(move || PgStore::connect(&url, instance))
            .await
            .map_err(|e| StoreError::Database(e.to_string()))??;
        Ok((Arc::new(store), Vec::new()))
    } else {
        let store = SqliteStore::open(db)?;
        let games = store.unfinished()?;
        Ok((Arc::new(store), games))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::protocol::Ending;

    pub(crate) fn create(code: &str) -> Write {
        Write::Create {
            code: code.into(),
            game: "kybo".into(),
            config: serde_json::json!({}),
            clock: Some(ClockSpec {
                initial_ms: 1000,
                increment_ms: 10,
            }),
            seat: Seat::Second,
            token_hash: [7; 32],
            at_ms: 5,
        }
    }

    /// A PostgreSQL store on a throwaway cluster (kept alive with it), or
    /// `None` when `BOARD_ONLINE_SKIP_PG=1`.
    pub(crate) fn pg_store(
        name: &str,
        id: &str,
    ) -> Option<(crate::pgcluster::PgCluster, crate::store::pg::PgStore)> {
        let cluster = crate::pgcluster::PgCluster::start(name)?;
        let store = crate::store::pg::PgStore::connect(&cluster.url(), instance(id)).unwrap();
        Some((cluster, store))
    }

    pub(crate) fn instance(id: &str) -> crate::store::pg::Instance {
        crate::store::pg::Instance {
            id: id.into(),
            public_addr: format!("ws://{id}.example:7878"),
            lease_ttl: std::time::Duration::from_secs(2),
        }
    }

    #[test]
    fn games_moves_and_results_come_back_sqlite() {
        games_moves_and_results_come_back(&SqliteStore::in_memory().unwrap());
    }

    #[test]
    fn games_moves_and_results_come_back_postgres() {
        if let Some((_cluster, store)) = pg_store("store-games", "a") {
            games_moves_and_results_come_back(&store);
        }
    }

    fn games_moves_and_results_come_back(store: &dyn Store) {
        store.write(&[create("AAAAAA"), create("BBBBBB")]).unwrap();
        store
            .write(&[
                Write::Seat {
                    code: "AAAAAA".into(),
                    seat: Seat::First,
                    token_hash: [9; 32],
                },
                Write::Move {
                    code: "AAAAAA".into(),
                    ply: 0,
                    text: "m1".into(),
                    at_ms: 20,
                    clock_ms: Some([900, 1000]),
                },
                Write::Move {
                    code: "AAAAAA".into(),
                    ply: 1,
                    text: "m2".into(),
                    at_ms: 30,
                    clock_ms: Some([900, 950]),
                },
            ])
            .unwrap();
        let result = GameResult {
            winner: Some(Seat::First),
            ending: Ending::Resignation,
            text: "x".into(),
        };
        store
            .write(&[Write::Finish {
                code: "BBBBBB".into(),
                result: result.clone(),
                at_ms: 40,
            }])
            .unwrap();
        let open = store.unfinished().unwrap();
        assert_eq!(open.len(), 1);
        let g = &open[0];
        assert_eq!(g.code, "AAAAAA");
        assert_eq!(g.moves, ["m1", "m2"]);
        assert_eq!(g.token_hashes, [Some([9; 32]), Some([7; 32])]);
        assert_eq!(g.clock_ms, Some([900, 950]));
        assert_eq!(g.last_activity_ms, 30);
        let finished = store.game("BBBBBB").unwrap().unwrap();
        assert_eq!(finished.result, Some(result));
        assert_eq!(finished.finished_ms, Some(40));
        assert_eq!(store.game("CCCCCC").unwrap(), None);
        store.check().unwrap();
        // Purging keeps what finished at or after the time, and live games.
        assert_eq!(store.purge_finished(40).unwrap(), 0);
        assert_eq!(store.purge_finished(41).unwrap(), 1);
        assert_eq!(store.game("BBBBBB").unwrap(), None);
        assert!(store.game("AAAAAA").unwrap().is_some());
    }

    #[test]
    fn a_failed_batch_writes_nothing_and_a_taken_code_is_named_sqlite() {
        a_failed_batch_writes_nothing_and_a_taken_code_is_named(&SqliteStore::in_memory().unwrap());
    }

    #[test]
    fn a_failed_batch_writes_nothing_and_a_taken_code_is_named_postgres() {
        if let Some((_cluster, store)) = pg_store("store-batch", "a") {
            a_failed_batch_writes_nothing_and_a_taken_code_is_named(&store);
        }
    }

    fn a_failed_batch_writes_nothing_and_a_taken_code_is_named(store: &dyn Store) {
        store.write(&[create("AAAAAA")]).unwrap();
        let err = store
            .write(&[create("CCCCCC"), create("AAAAAA")])
            .unwrap_err();
        assert!(matches!(err, StoreError::CodeTaken(c) if c == "AAAAAA"));
        assert_eq!(store.game("CCCCCC").unwrap(), None);
    }
}
