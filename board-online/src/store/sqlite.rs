//! [`SqliteStore`]: the games of one instance in a SQLite file, in WAL
//! mode, with its log checkpointed on a thread of its own.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;

use rusqlite::{params, Connection, OptionalExtension};

use super::{Store, StoreError, StoredGame, Write};
use crate::protocol::{ClockSpec, Seat};
use crate::settings::{CHECKPOINT_INTERVAL, CHECKPOINT_RESTART_FRAMES};

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::Database(e.to_string())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::create;

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
