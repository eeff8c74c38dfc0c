//! Durable storage: the small [`Store`] trait a server writes every game,
//! seat-token hash and accepted move through before acknowledging it, its
//! SQLite implementation [`SqliteStore`], and the [`Writer`] that batches the
//! writes of all games into group commits on one thread.
//!
//! A store for several server instances ([`crate::pg::PgStore`]) implements
//! the same trait, with its lease methods: which instance runs each game.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;

use rusqlite::{params, Connection, OptionalExtension};
use tokio::sync::{mpsc, oneshot};

use crate::protocol::{ClockSpec, GameResult, Seat};
use crate::settings::{
    CHECKPOINT_INTERVAL, CHECKPOINT_RESTART_FRAMES, STORE_BATCH, STORE_QUEUE_CAPACITY,
};

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
}

/// Who runs a game, as [`Store::acquire`] found it.
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

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::Database(e.to_string())
    }
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

    /// Whether several instances share this store, each game run by the
    /// holder of its lease. `false` (the default): one instance runs every
    /// game, and the lease methods below hold everything at epoch 0.
    fn shared(&self) -> bool {
        false
    }

    /// The lease epoch the creator of a new game holds (written with its
    /// [`Write::Create`]); 0 for a store without leases.
    fn created_lease(&self) -> u64 {
        0
    }

    /// Takes the lease of game `code` for this instance if it is free,
    /// expired or already this instance's (a new epoch, which fences any
    /// earlier holder); else says who holds it. Read the game after this,
    /// not before: the previous owner's last writes are then visible.
    ///
    /// # Errors
    /// The storage failed.
    fn acquire(&self, code: &str) -> Result<Lease, StoreError> {
        let _ = code;
        Ok(Lease::Held(0))
    }

    /// Renews the leases `held` (code, epoch); returns the codes whose lease
    /// this instance no longer holds (taken over by another).
    ///
    /// # Errors
    /// The storage failed (the leases run on until their expiry).
    fn renew(&self, held: &[(String, u64)]) -> Result<Vec<String>, StoreError> {
        let _ = held;
        Ok(Vec::new())
    }

    /// Hands the leases `held` back at once (a graceful stop), so other
    /// instances take the games over without waiting for the expiry.
    ///
    /// # Errors
    /// The storage failed.
    fn release(&self, held: &[(String, u64)]) -> Result<(), StoreError> {
        let _ = held;
        Ok(())
    }

    /// Up to `limit` unfinished games whose lease has expired (their owner
    /// died), for another instance to take over.
    ///
    /// # Errors
    /// The storage failed.
    fn orphans(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        let _ = limit;
        Ok(Vec::new())
    }
}

/// Games in a SQLite database file (or in memory, for tests).
///
/// The database runs in WAL mode with `synchronous=FULL`: a write is on disk
/// when [`Store::write`] returns, so neither a killed process nor a power cut
/// loses an acknowledged move.
#[derive(Debug)]
pub struct SqliteStore {
    conn: Mutex<Connection>,
    /// The checkpoint thread's, for a database in a file.
    checkpoints: Option<Checkpoints>,
}

/// How often the checkpoint thread runs, and the log's length in frames
/// past which the writer starts it over.
#[derive(Debug, Clone, Copy)]
struct Checkpointing {
    interval: std::time::Duration,
    restart_frames: i64,
}

/// What the writer shares with the checkpoint thread.
#[derive(Debug)]
struct Checkpoints {
    /// Dropped with the store: stops the thread.
    _stop: std::sync::mpsc::Sender<()>,
    /// Held by whoever checkpoints (SQLite lets one at a time).
    running: Arc<Mutex<()>>,
    /// Set by the thread when the log has grown past
    /// [`CHECKPOINT_RESTART_FRAMES`]: the writer starts it over.
    restart_due: Arc<AtomicBool>,
}

/// How long a statement waits on another connection's lock (a backup).
const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    clock_initial_ms INTEGER,
    clock_increment_ms INTEGER,
    first_token_sha256 BLOB,
    second_token_sha256 BLOB,
    created_ms INTEGER NOT NULL,
    result TEXT,
    finished_ms INTEGER
);
CREATE TABLE IF NOT EXISTS moves (
    code TEXT NOT NULL REFERENCES games(code),
    ply INTEGER NOT NULL,
    text TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    first_ms INTEGER,
    second_ms INTEGER,
    PRIMARY KEY (code, ply)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_unfinished ON games(code) WHERE result IS NULL;
";

impl SqliteStore {
    /// Opens (creating if needed) the database at `path`.
    ///
    /// # Errors
    /// The file cannot be opened or is not a database of this server.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(
            path,
            Checkpointing {
                interval: CHECKPOINT_INTERVAL,
                restart_frames: CHECKPOINT_RESTART_FRAMES,
            },
        )
    }

    /// [`SqliteStore::open`], checkpointing as `every` says.
    fn open_with(path: &Path, every: Checkpointing) -> Result<SqliteStore, StoreError> {
        let mut store = SqliteStore::init(Connection::open(path)?)?;
        // Checkpoints (copying the log into the database file, with its own
        // fsyncs) run on their own thread and connection, off the path of
        // a move: the writer's commits only append to the log.
        let checkpointer = Connection::open(path)?;
        checkpointer.busy_timeout(BUSY_TIMEOUT)?;
        store.lock()?.pragma_update(None, "wal_autocheckpoint", 0)?;
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let running = Arc::new(Mutex::new(()));
        let restart_due = Arc::new(AtomicBool::new(false));
        let (lock, due) = (running.clone(), restart_due.clone());
        thread::Builder::new()
            .name("store-checkpoint".into())
            .spawn(move || checkpoints(&checkpointer, &stopped, &lock, &due, every))
            .map_err(|e| StoreError::Database(format!("no checkpoint thread: {e}")))?;
        store.checkpoints = Some(Checkpoints {
            _stop: stop,
            running,
            restart_due,
        });
        Ok(store)
    }

    /// A database in memory (gone when dropped).
    ///
    /// # Errors
    /// SQLite failed to start.
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        SqliteStore::init(Connection::open_in_memory()?)
    }

    fn init(conn: Connection) -> Result<SqliteStore, StoreError> {
        // Small pages for a new database: a move changes one leaf page of
        // its game's moves, and each commit writes whole pages to the log.
        conn.pragma_update(None, "page_size", 1024)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        conn.execute_batch(SCHEMA)?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
            checkpoints: None,
        })
    }

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, Connection>, StoreError> {
        self.conn
            .lock()
            .map_err(|_| StoreError::Database("a writer panicked".into()))
    }
}

/// Runs `PRAGMA wal_checkpoint(MODE)`; the log's length in frames.
fn checkpoint(conn: &Connection, mode: &str) -> rusqlite::Result<i64> {
    conn.query_row(&format!("PRAGMA wal_checkpoint({mode})"), [], |row| {
        row.get::<_, i64>(1)
    })
}

/// Copies the write-ahead log into the database file now and then, with
/// its fsyncs, until `stop` is dropped: `PASSIVE`, so the writer goes on
/// committing meanwhile. While moves keep coming the log never empties (the
/// writer starts it over only when every frame is copied): past
/// [`CHECKPOINT_RESTART_FRAMES`] the thread asks the writer to start it
/// over (`restart_due`, see [`SqliteStore::write`]).
fn checkpoints(
    conn: &Connection,
    stop: &std::sync::mpsc::Receiver<()>,
    running: &Mutex<()>,
    restart_due: &AtomicBool,
    every: Checkpointing,
) {
    while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = stop.recv_timeout(every.interval) {
        let Ok(_running) = running.lock() else { return };
        match checkpoint(conn, "PASSIVE") {
            Ok(frames) => {
                if frames > every.restart_frames {
                    restart_due.store(true, Ordering::Relaxed);
                }
            }
            Err(e) => tracing::warn!("checkpoint failed (tried again later): {e}"),
        }
    }
}

fn apply(tx: &rusqlite::Transaction<'_>, w: &Write) -> Result<(), StoreError> {
    match w {
        Write::Create {
            code,
            game,
            config,
            clock,
            seat,
            token_hash,
            at_ms,
        } => {
            let (first, second) = match seat {
                Seat::First => (Some(&token_hash[..]), None),
                Seat::Second => (None, Some(&token_hash[..])),
            };
            // Cached: parsed once per connection, not once per write.
            let mut insert = tx.prepare_cached(
                "INSERT INTO games (code, game, config, clock_initial_ms, clock_increment_ms,
                   first_token_sha256, second_token_sha256, created_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?;
            let r = insert.execute(params![
                code,
                game,
                config.to_string(),
                clock.map(|c| to_sql(c.initial_ms)),
                clock.map(|c| to_sql(c.increment_ms)),
                first,
                second,
                to_sql(*at_ms)
            ]);
            match r {
                Err(rusqlite::Error::SqliteFailure(e, _))
                    if e.code == rusqlite::ErrorCode::ConstraintViolation =>
                {
                    return Err(StoreError::CodeTaken(code.clone()))
                }
                r => {
                    r?;
                }
            }
        }
        Write::Seat {
            code,
            seat,
            token_hash,
        } => {
            let sql = match seat {
                Seat::First => "UPDATE games SET first_token_sha256 = ?2 WHERE code = ?1",
                Seat::Second => "UPDATE games SET second_token_sha256 = ?2 WHERE code = ?1",
            };
            tx.prepare_cached(sql)?
                .execute(params![code, &token_hash[..]])?;
        }
        Write::Move {
            code,
            ply,
            text,
            at_ms,
            clock_ms,
        } => {
            tx.prepare_cached(
                "INSERT INTO moves (code, ply, text, at_ms, first_ms, second_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![
                code,
                ply,
                text,
                to_sql(*at_ms),
                clock_ms.map(|c| to_sql(c[0])),
                clock_ms.map(|c| to_sql(c[1]))
            ])?;
        }
        Write::Finish {
            code,
            result,
            at_ms,
        } => {
            let json =
                serde_json::to_string(result).map_err(|e| StoreError::Database(e.to_string()))?;
            tx.prepare_cached("UPDATE games SET result = ?2, finished_ms = ?3 WHERE code = ?1")?
                .execute(params![code, json, to_sql(*at_ms)])?;
        }
        // One instance, no leases: nothing to check.
        Write::Fence { .. } => {}
    }
    Ok(())
}

fn to_sql(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

fn from_sql(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

fn hash_of(blob: Option<Vec<u8>>) -> Option<[u8; 32]> {
    blob.and_then(|b| <[u8; 32]>::try_from(b.as_slice()).ok())
}

type GameRow = (
    String,
    String,
    String,
    Option<i64>,
    Option<i64>,
    Option<Vec<u8>>,
    Option<Vec<u8>>,
    i64,
    Option<String>,
    Option<i64>,
);

const GAME_COLUMNS: &str = "code, game, config, clock_initial_ms, clock_increment_ms,
    first_token_sha256, second_token_sha256, created_ms, result, finished_ms";

fn read_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    Ok((
        row.get(0)?,
        row.get(1)?,
        row.get(2)?,
        row.get(3)?,
        row.get(4)?,
        row.get(5)?,
        row.get(6)?,
        row.get(7)?,
        row.get(8)?,
        row.get(9)?,
    ))
}

fn complete(conn: &Connection, row: GameRow) -> Result<StoredGame, StoreError> {
    let (code, game, config, initial, increment, first, second, created, result, finished) = row;
    let config = serde_json::from_str(&config).map_err(|e| StoreError::Database(e.to_string()))?;
    let result = match result {
        Some(text) => {
            Some(serde_json::from_str(&text).map_err(|e| StoreError::Database(e.to_string()))?)
        }
        None => None,
    };
    let clock = match (initial, increment) {
        (Some(i), Some(n)) => Some(ClockSpec {
            initial_ms: from_sql(i),
            increment_ms: from_sql(n),
        }),
        _ => None,
    };
    let mut stmt = conn.prepare_cached(
        "SELECT text, at_ms, first_ms, second_ms FROM moves WHERE code = ?1 ORDER BY ply",
    )?;
    let mut moves = Vec::new();
    let mut last_activity_ms = from_sql(created);
    let mut clock_ms = None;
    let rows = stmt.query_map(params![code], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, Option<i64>>(2)?,
            r.get::<_, Option<i64>>(3)?,
        ))
    })?;
    for row in rows {
        let (text, at, a, b) = row?;
        moves.push(text);
        last_activity_ms = from_sql(at);
        clock_ms = match (a, b) {
            (Some(a), Some(b)) => Some([from_sql(a), from_sql(b)]),
            _ => None,
        };
    }
    Ok(StoredGame {
        code,
        game,
        config,
        clock,
        token_hashes: [hash_of(first), hash_of(second)],
        moves,
        clock_ms,
        last_activity_ms,
        result,
        finished_ms: finished.map(from_sql),
    })
}

impl Store for SqliteStore {
    fn write(&self, writes: &[Write]) -> Result<(), StoreError> {
        let mut conn = self.lock()?;
        let tx = conn.transaction()?;
        for w in writes {
            apply(&tx, w)?;
        }
        tx.commit()?;
        if let Some(c) = &self.checkpoints {
            if c.restart_due.load(Ordering::Relaxed) {
                // Here, between two commits, no write waits on SQLite's
                // locks; the checkpoint thread copied nearly everything, so
                // this copies the frames since, syncs, and the next commit
                // starts the log over. Not now if the thread is at it, nor
                // if a reader (a backup) holds the log: no waiting either way.
                if let Ok(_running) = c.running.try_lock() {
                    conn.busy_timeout(std::time::Duration::ZERO)?;
                    let restarted = checkpoint(&conn, "RESTART");
                    conn.busy_timeout(BUSY_TIMEOUT)?;
                    if restarted.is_ok() {
                        c.restart_due.store(false, Ordering::Relaxed);
                    }
                }
            }
        }
        Ok(())
    }

    fn unfinished(&self) -> Result<Vec<StoredGame>, StoreError> {
        let conn = self.lock()?;
        let rows: Vec<GameRow> = conn
            .prepare(&format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE result IS NULL"
            ))?
            .query_map([], read_row)?
            .collect::<Result<_, _>>()?;
        rows.into_iter().map(|row| complete(&conn, row)).collect()
    }

    fn game(&self, code: &str) -> Result<Option<StoredGame>, StoreError> {
        let conn = self.lock()?;
        let row = conn
            .query_row(
                &format!("SELECT {GAME_COLUMNS} FROM games WHERE code = ?1"),
                params![code],
                read_row,
            )
            .optional()?;
        row.map(|row| complete(&conn, row)).transpose()
    }

    fn purge_finished(&self, before_ms: u64) -> Result<usize, StoreError> {
        let mut conn = self.lock()?;
        let tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM moves WHERE code IN
               (SELECT code FROM games WHERE finished_ms IS NOT NULL AND finished_ms < ?1)",
            params![to_sql(before_ms)],
        )?;
        let purged = tx.execute(
            "DELETE FROM games WHERE finished_ms IS NOT NULL AND finished_ms < ?1",
            params![to_sql(before_ms)],
        )?;
        tx.commit()?;
        Ok(purged)
    }

    fn check(&self) -> Result<(), StoreError> {
        let conn = self.lock()?;
        conn.query_row("SELECT count(*) FROM games WHERE 0", [], |_| Ok(()))?;
        Ok(())
    }
}

type Job = (Vec<Write>, oneshot::Sender<Result<(), StoreError>>);

/// Group commit: one thread takes the writes of every game from a queue and
/// commits as many as are waiting (up to [`STORE_BATCH`]) in one
/// transaction, then answers each. A write is acknowledged only once it is
/// durable; a batch that fails is retried write by write, so one bad write
/// fails alone.
#[derive(Debug, Clone)]
pub struct Writer {
    queue: mpsc::Sender<Job>,
}

impl Writer {
    /// Starts the writer thread over `store`. The thread ends when every
    /// clone of the `Writer` is dropped, after committing what was queued;
    /// join the returned handle to wait for that.
    ///
    /// # Errors
    /// The thread could not be started.
    pub fn start<S: Store + ?Sized>(
        store: std::sync::Arc<S>,
    ) -> std::io::Result<(Writer, thread::JoinHandle<()>)> {
        Writer::start_observed(store, |_, _| {})
    }

    /// Like [`Writer::start`], calling `on_commit` after each commit with
    /// the number of writes it held and the time it took (for metrics).
    ///
    /// # Errors
    /// The thread could not be started.
    pub fn start_observed<S: Store + ?Sized>(
        store: std::sync::Arc<S>,
        on_commit: impl Fn(usize, std::time::Duration) + Send + 'static,
    ) -> std::io::Result<(Writer, thread::JoinHandle<()>)> {
        let (queue, mut rx) = mpsc::channel::<Job>(STORE_QUEUE_CAPACITY);
        let handle = thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || {
                let mut batch: Vec<Job> = Vec::with_capacity(STORE_BATCH);
                while let Some(job) = rx.blocking_recv() {
                    batch.push(job);
                    while batch.len() < STORE_BATCH {
                        match rx.try_recv() {
                            Ok(job) => batch.push(job),
                            Err(_) => break,
                        }
                    }
                    let writes: Vec<Write> =
                        batch.iter().flat_map(|(w, _)| w.iter().cloned()).collect();
                    let began = std::time::Instant::now();
                    if store.write(&writes).is_ok() {
                        on_commit(writes.len(), began.elapsed());
                        for (_, reply) in batch.drain(..) {
                            let _ = reply.send(Ok(()));
                        }
                    } else {
                        for (w, reply) in batch.drain(..) {
                            let began = std::time::Instant::now();
                            let _ = reply.send(store.write(&w));
                            on_commit(w.len(), began.elapsed());
                        }
                    }
                }
            })?;
        Ok((Writer { queue }, handle))
    }

    /// Stores `write`; returns once it is durable.
    ///
    /// # Errors
    /// The store failed, or the writer is gone.
    pub async fn write(&self, write: Write) -> Result<(), StoreError> {
        self.write_fenced(0, write).await
    }

    /// Stores `write` if this instance still holds the game's lease at
    /// `epoch` (0: no lease to check); returns once it is durable.
    ///
    /// # Errors
    /// The lease is lost ([`StoreError::LeaseLost`]), the store failed, or
    /// the writer is gone.
    pub async fn write_fenced(&self, epoch: u64, write: Write) -> Result<(), StoreError> {
        let job = if epoch == 0 {
            vec![write]
        } else {
            let code = write.code().to_owned();
            vec![Write::Fence { code, epoch }, write]
        };
        let (tx, rx) = oneshot::channel();
        self.queue
            .send((job, tx))
            .await
            .map_err(|_| StoreError::Closed)?;
        rx.await.map_err(|_| StoreError::Closed)?
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::protocol::Ending;

    fn create(code: &str) -> Write {
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
    ) -> Option<(crate::pgcluster::PgCluster, crate::pg::PgStore)> {
        let cluster = crate::pgcluster::PgCluster::start(name)?;
        let store = crate::pg::PgStore::connect(&cluster.url(), instance(id)).unwrap();
        Some((cluster, store))
    }

    pub(crate) fn instance(id: &str) -> crate::pg::Instance {
        crate::pg::Instance {
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

    #[tokio::test]
    async fn the_writer_fails_one_bad_write_alone_sqlite() {
        the_writer_fails_one_bad_write_alone(std::sync::Arc::new(
            SqliteStore::in_memory().unwrap(),
        ))
        .await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_writer_fails_one_bad_write_alone_postgres() {
        let Some((_cluster, store)) = tokio::task::spawn_blocking(|| pg_store("store-writer", "a"))
            .await
            .unwrap()
        else {
            return;
        };
        let store = std::sync::Arc::new(store);
        the_writer_fails_one_bad_write_alone(store.clone()).await;
        // The driver blocks: drop it off the async threads.
        tokio::task::spawn_blocking(move || drop(store))
            .await
            .unwrap();
    }

    async fn the_writer_fails_one_bad_write_alone(store: std::sync::Arc<dyn Store>) {
        let (writer, handle) = Writer::start(store.clone()).unwrap();
        writer.write(create("AAAAAA")).await.unwrap();
        let (a, b) = tokio::join!(
            writer.write(create("AAAAAA")),
            writer.write(create("DDDDDD"))
        );
        assert!(matches!(a, Err(StoreError::CodeTaken(_))));
        assert!(b.is_ok());
        drop(writer);
        tokio::task::spawn_blocking(move || handle.join().unwrap())
            .await
            .unwrap();
        let found = tokio::task::spawn_blocking(move || store.game("DDDDDD").unwrap())
            .await
            .unwrap();
        assert!(found.is_some());
    }

    #[test]
    fn a_file_database_survives_reopening() {
        let dir = std::env::temp_dir().join(format!("board-online-store-{}", std::process::id()));
        let _ = std::fs::remove_file(&dir);
        {
            let store = SqliteStore::open(&dir).unwrap();
            store.write(&[create("EEEEEE")]).unwrap();
        }
        let store = SqliteStore::open(&dir).unwrap();
        assert_eq!(store.unfinished().unwrap().len(), 1);
        drop(store);
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", dir.display()));
        }
    }

    #[test]
    fn the_log_stays_short_under_writes_that_never_pause() {
        // In RAM where there is one, so the writes come fast.
        let shm = Path::new("/dev/shm");
        let base = if shm.is_dir() {
            shm.to_path_buf()
        } else {
            std::env::temp_dir()
        };
        let path = base.join(format!("board-online-log-{}", std::process::id()));
        // The server's settings let the log grow further; these show the
        // same mechanism in fewer commits.
        let every = Checkpointing {
            interval: std::time::Duration::from_millis(100),
            restart_frames: 4000,
        };
        let store = SqliteStore::open_with(&path, every).unwrap();
        store.write(&[create("FFFFFF")]).unwrap();
        // One move a commit, each at least one frame of the log, over more
        // than two checkpoint intervals and three times the restart mark.
        let began = std::time::Instant::now();
        let mut commits = 0u32;
        while i64::from(commits) < 3 * every.restart_frames || began.elapsed() < 3 * every.interval
        {
            let ply = commits + 1;
            store
                .write(&[Write::Move {
                    code: "FFFFFF".into(),
                    ply,
                    text: "D4".into(),
                    at_ms: u64::from(ply),
                    clock_ms: None,
                }])
                .unwrap();
            commits += 1;
        }
        let log_frames = {
            let conn = store.lock().unwrap();
            checkpoint(&conn, "PASSIVE").unwrap()
        };
        assert!(
            log_frames < i64::from(commits) - every.restart_frames,
            "the log holds {log_frames} frames after {commits} commits"
        );
        // Every move is there.
        assert_eq!(
            store.game("FFFFFF").unwrap().unwrap().moves.len(),
            commits as usize
        );
        drop(store);
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
}
