//! The PostgreSQL [`Store`]: several server instances share one database,
//! and each game has one owning instance at a time, recorded as a lease row.
//!
//! - **Migrations** are applied at start, in one transaction under an
//!   advisory lock, so instances starting together do not race; the
//!   `schema_migrations` table says which have run.
//! - **Durability**: [`Store::write`] commits before it returns (PostgreSQL's
//!   default `synchronous_commit = on`), so a move is on disk before anyone
//!   hears of it, as with SQLite.
//! - **Leases**: `leases(code, owner, addr, epoch, expires_at)`. An instance
//!   takes a game's lease when it is free, expired or its own
//!   ([`Leases::acquire`]), which adds one to its epoch; it renews the leases
//!   of its games while it lives ([`Leases::renew`]) and hands them back when
//!   it stops ([`Leases::release`]). Expiry is the database's clock, never an
//!   instance's.
//! - **Fencing**: every write of a game is preceded in its transaction by a
//!   [`Write::Fence`] that locks the lease row (`FOR SHARE`) and checks the
//!   owner's epoch. A takeover updates that row, so it waits for a write in
//!   progress and the write after it fails: an owner that was paused or cut
//!   off past its lease can never write again. Moves are keyed by
//!   `(code, ply)`: a move retried after a commit whose answer was lost is
//!   found already stored (same text) and counts as written once.
//!
//! The driver is the `postgres` crate, the blocking face of `tokio-postgres`
//! (same project): the [`Store`] trait is synchronous (its SQLite twin runs
//! on the writer thread and in `spawn_blocking`), so this store keeps a few
//! idle connections and opens a new one when none is free or one broke
//! (the database restarted).

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::time::Duration;

use postgres::{Client, NoTls, Statement, Transaction};

use crate::protocol::{ClockSpec, Seat};
use crate::store::{Lease, Leases, Store, StoreError, StoredGame, Write};

/// The longest a lease may run without renewal (the `--lease-ttl` maximum).
pub const MAX_LEASE_TTL: Duration = Duration::from_secs(10);

/// How long connecting to the database may take before a call fails.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);

/// Idle connections kept for reuse.
const IDLE_CONNECTIONS: usize = 4;

/// Who this instance is among those sharing the database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// A name unique among the instances (the lease owner).
    pub id: String,
    /// The address clients reach it at (`ws://HOST:PORT`, `wss://…`): other
    /// instances redirect a game's clients there.
    pub public_addr: String,
    /// How long a lease lasts without renewal (at most [`MAX_LEASE_TTL`]).
    pub lease_ttl: Duration,
}

/// Whether `db` names a PostgreSQL database (`postgres://…` or
/// `postgresql://…`) rather than a SQLite file.
#[must_use]
pub fn is_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// `url` without its password, for messages and logs.
#[must_use]
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return crate::excerpt(url);
    };
    let (authority, tail) = rest.split_at(rest.find(['/', '?']).unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((user, host)) => {
            let user = user.split(':').next().unwrap_or("");
            format!("{scheme}://{user}:***@{host}{tail}")
        }
        None => url.to_owned(),
    }
}

const MIGRATIONS: &[&str] = &["
CREATE TABLE games (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    clock_initial_ms BIGINT,
    clock_increment_ms BIGINT,
    first_token_sha256 BYTEA,
    second_token_sha256 BYTEA,
    created_ms BIGINT NOT NULL,
    result TEXT,
    finished_ms BIGINT
);
CREATE TABLE moves (
    code TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
    ply INTEGER NOT NULL,
    text TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    first_ms BIGINT,
    second_ms BIGINT,
    PRIMARY KEY (code, ply)
);
CREATE TABLE leases (
    code TEXT PRIMARY KEY REFERENCES games(code) ON DELETE CASCADE,
    owner TEXT NOT NULL,
    addr TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX games_unfinished ON games(code) WHERE result IS NULL;
CREATE INDEX games_finished ON games(finished_ms) WHERE finished_ms IS NOT NULL;
"];

/// Games in a PostgreSQL database shared by several instances.
pub struct PgStore {
    config: postgres::Config,
    url: String,
    idle: Mutex<Vec<Pooled>>,
    instance: Instance,
}

/// A connection with the statements prepared on it (a statement is named
/// per connection; preparing one is a round trip to the database).
struct Pooled {
    client: Client,
    statements: HashMap<&'static str, Statement>,
}

impl Pooled {
    /// The statement of `sql`, prepared on this connection once.
    fn statement(&mut self, sql: &'static str) -> Result<Statement, StoreError> {
        if let Some(s) = self.statements.get(sql) {
            return Ok(s.clone());
        }
        let s = self.client.prepare(sql)?;
        self.statements.insert(sql, s.clone());
        Ok(s)
    }
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("url", &self.url)
            .field("instance", &self.instance)
            .finish_non_exhaustive()
    }
}

impl Drop for PgStore {
    fn drop(&mut self) {
        // A connection owns a small runtime of the driver, which must not be
        // dropped on an async thread: let a plain thread close them.
        let idle = std::mem::take(
            self.idle
                .get_mut()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        if !idle.is_empty() {
            let _ = std::thread::Builder::new()
                .name("pg-close".into())
                .spawn(move || drop(idle));
        }
    }
}

fn db_err(e: &postgres::Error) -> StoreError {
    // The driver's text plus the server's message, if any.
    match e.as_db_error() {
        Some(db) => StoreError::Database(format!("{e}: {}", db.message())),
        None => StoreError::Database(e.to_string()),
    }
}

impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> StoreError {
        db_err(&e)
    }
}

fn to_sql(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

fn from_sql(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

fn ttl_ms(ttl: Duration) -> i64 {
    i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX)
}

impl PgStore {
    /// Connects to the database at `url` and applies the migrations it
    /// lacks. Call it outside an async task (the driver blocks).
    ///
    /// # Errors
    /// The URL is not valid, the database cannot be reached, or a migration
    /// failed.
    pub fn connect(url: &str, instance: Instance) -> Result<PgStore, StoreError> {
        let mut config: postgres::Config = url.parse().map_err(|e: postgres::Error| {
            StoreError::Database(format!("{}: {e}", redacted(url)))
        })?;
        config.connect_timeout(CONNECT_TIMEOUT);
        config.application_name(&format!("board-online {}", instance.id));
        bounded(&mut config, instance.lease_ttl);
        let store = PgStore {
            config,
            url: redacted(url),
            idle: Mutex::new(Vec::new()),
            instance,
        };
        store.with(migrate)?;
        Ok(store)
    }

    /// This instance.
    #[must_use]
    pub fn instance(&self) -> &Instance {
        &self.instance
    }

    /// Runs `f` on an idle connection (or a new one); keeps the connection
    /// for reuse unless it broke.
    fn with<T>(
        &self,
        f: impl FnOnce(&mut Client) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.with_pooled(|p| f(&mut p.client))
    }

    /// [`PgStore::with`], with the connection's prepared statements.
    fn with_pooled<T>(
        &self,
        f: impl FnOnce(&mut Pooled) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let idle = self
            .idle
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .pop();
        let mut pooled = match idle {
            Some(p) if !p.client.is_closed() => p,
            _ => Pooled {
                client: self.config.connect(NoTls)?,
                statements: HashMap::new(),
            },
        };
        let result = f(&mut pooled);
        if !pooled.client.is_closed() {
            let mut idle = self
                .idle
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if idle.len() < IDLE_CONNECTIONS {
                idle.push(pooled);
            }
        }
        result
    }

    fn ttl(&self) -> i64 {
        ttl_ms(self.instance.lease_ttl)
    }
}

/// Bounds every call of a connection of `config` by the lease time `ttl`:
/// a statement that runs longer than a lease, or waits for a lock longer
/// than a third of one (a locked lease row), fails instead of holding the
/// writer or a takeover; the kernel gives up a link that stopped answering
/// (data unacknowledged for a TTL: `tcp_user_timeout`; an idle connection
/// whose keepalives go unanswered) instead of after its own minutes. The
/// settings are appended to any `options` of the URL.
fn bounded(config: &mut postgres::Config, ttl: Duration) {
    let ms = |d: Duration| d.as_millis().max(1);
    let timeouts = format!(
        "-c statement_timeout={} -c lock_timeout={}",
        ms(ttl),
        ms(ttl / 3)
    );
    let options = match config.get_options() {
        Some(given) if !given.is_empty() => format!("{given} {timeouts}"),
        _ => timeouts,
    };
    config.options(&options);
    config.keepalives(true);
    config.keepalives_idle(ttl.max(Duration::from_secs(1)));
    config.keepalives_interval(Duration::from_secs(1));
    config.keepalives_retries(3);
    config.tcp_user_timeout(ttl);
}

fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let mut tx = client.transaction()?;
    // One instance migrates at a time; the others wait, then find it done.
    tx.execute("SELECT pg_advisory_xact_lock(7878)", &[])?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)")?;
    let done: i32 = tx
        .query_one(
            "SELECT coalesce(max(version), 0) FROM schema_migrations",
            &[],
        )?
        .get(0);
    for (i, sql) in MIGRATIONS.iter().enumerate() {
        let version = i32::try_from(i + 1).unwrap_or(i32::MAX);
        if version > done {
            tx.batch_execute(sql)?;
            tx.execute(
                "INSERT INTO schema_migrations (version) VALUES ($1)",
                &[&version],
            )?;
        }
    }
    tx.commit()?;
    Ok(())
}

impl PgStore {
    /// A batch of writes in one transaction: every lease checked by one
    /// statement, then the writes in order, each run of moves inserted by
    /// one statement (both prepared once per connection). A batch of moves,
    /// the usual group commit, takes four round trips whatever its size;
    /// a game created, joined or finished among them adds one each.
    fn write_batch(&self, p: &mut Pooled, writes: &[Write]) -> Result<(), StoreError> {
        let fences = p.statement(FENCES)?;
        let insert = p.statement(INSERT_MOVES)?;
        let mut fenced: (Vec<&str>, Vec<i64>) = (Vec::new(), Vec::new());
        for w in writes {
            if let Write::Fence { code, epoch } = w {
                fenced.0.push(code);
                fenced.1.push(to_sql(*epoch));
            }
        }
        let mut tx = p.client.transaction()?;
        if !fenced.0.is_empty() {
            let held: HashSet<String> = tx
                .query(&fences, &[&self.instance.id, &fenced.0, &fenced.1])?
                .iter()
                .map(|row| row.try_get(0))
                .collect::<Result<_, _>>()?;
            if let Some(lost) = fenced.0.iter().find(|code| !held.contains(**code)) {
                return Err(StoreError::LeaseLost((*lost).to_owned()));
            }
        }
        let mut moves = MoveColumns::default();
        for w in writes {
            match w {
                Write::Fence { .. } => {}
                Write::Move {
                    code,
                    ply,
                    text,
                    at_ms,
                    clock_ms,
                } => {
                    moves.code.push(code);
                    moves.ply.push(i32::try_from(*ply).unwrap_or(i32::MAX));
                    moves.text.push(text);
                    moves.at_ms.push(to_sql(*at_ms));
                    moves.first_ms.push(clock_ms.map(|c| to_sql(c[0])));
                    moves.second_ms.push(clock_ms.map(|c| to_sql(c[1])));
                }
                Write::Create { .. } | Write::Seat { .. } | Write::Finish { .. } => {
                    // The moves before it go first: the order is kept.
                    insert_moves(&mut tx, &insert, &mut moves)?;
                    self.apply(&mut tx, w)?;
                }
            }
        }
        insert_moves(&mut tx, &insert, &mut moves)?;
        tx.commit()?;
        Ok(())
    }

    /// Creates, seats or finishes a game (`write_batch` does the rest).
    fn apply(&self, tx: &mut Transaction<'_>, w: &Write) -> Result<(), StoreError> {
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
                let (first, second): (Option<&[u8]>, Option<&[u8]>) = match seat {
                    Seat::First => (Some(&token_hash[..]), None),
                    Seat::Second => (None, Some(&token_hash[..])),
                };
                let inserted = tx.execute(
                    "INSERT INTO games (code, game, config, clock_initial_ms, clock_increment_ms,
                       first_token_sha256, second_token_sha256, created_ms)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (code) DO NOTHING",
                    &[
                        code,
                        game,
                        &config.to_string(),
                        &clock.map(|c| to_sql(c.initial_ms)),
                        &clock.map(|c| to_sql(c.increment_ms)),
                        &first,
                        &second,
                        &to_sql(*at_ms),
                    ],
                )?;
                if inserted == 0 {
                    return Err(StoreError::CodeTaken(code.clone()));
                }
                // The creator owns the new game, at the first epoch.
                tx.execute(
                    "INSERT INTO leases (code, owner, addr, epoch, expires_at)
                     VALUES ($1, $2, $3, $4, clock_timestamp() + $5::bigint * interval '1 millisecond')",
                    &[
                        code,
                        &self.instance.id,
                        &self.instance.public_addr,
                        &to_sql(CREATED_EPOCH),
                        &self.ttl(),
                    ],
                )?;
            }
            Write::Seat {
                code,
                seat,
                token_hash,
            } => {
                let sql = match seat {
                    Seat::First => "UPDATE games SET first_token_sha256 = $2 WHERE code = $1",
                    Seat::Second => "UPDATE games SET second_token_sha256 = $2 WHERE code = $1",
                };
                tx.execute(sql, &[code, &&token_hash[..]])?;
            }
            Write::Finish {
                code,
                result,
                at_ms,
            } => {
                let json = serde_json::to_string(result)
                    .map_err(|e| StoreError::Database(e.to_string()))?;
                tx.execute(
                    "UPDATE games SET result = $2, finished_ms = $3 WHERE code = $1",
                    &[code, &json, &to_sql(*at_ms)],
                )?;
            }
            // Checked and inserted a batch at a time by `write_batch`.
            Write::Fence { .. } | Write::Move { .. } => {}
        }
        Ok(())
    }
}

/// Inserts the moves gathered so far (none: no round trip) and empties
/// `moves`; a move found stored already must be the same move.
fn insert_moves(
    tx: &mut Transaction<'_>,
    insert: &Statement,
    moves: &mut MoveColumns<'_>,
) -> Result<(), StoreError> {
    if moves.code.is_empty() {
        return Ok(());
    }
    let inserted: HashSet<(String, i32)> = tx
        .query(
            insert,
            &[
                &moves.code,
                &moves.ply,
                &moves.text,
                &moves.at_ms,
                &moves.first_ms,
                &moves.second_ms,
            ],
        )?
        .iter()
        .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
        .collect::<Result<_, postgres::Error>>()?;
    for i in 0..moves.code.len() {
        let (code, ply) = (moves.code[i], moves.ply[i]);
        if !inserted.contains(&(code.to_owned(), ply)) {
            stored_already(tx, code, ply, moves.text[i])?;
        }
    }
    *moves = MoveColumns::default();
    Ok(())
}

/// A move at `ply` of `code` the insert found stored already: the same move
/// retried (written once, fine), or another move at that ply
/// ([`StoreError::PlyTaken`], with it, for the room to recognise).
fn stored_already(
    tx: &mut Transaction<'_>,
    code: &str,
    ply: i32,
    text: &str,
) -> Result<(), StoreError> {
    let row = tx.query_one(
        "SELECT text, first_ms, second_ms FROM moves WHERE code = $1 AND ply = $2",
        &[&code, &ply],
    )?;
    let stored: String = row.try_get(0)?;
    if stored == text {
        return Ok(());
    }
    let clock_ms = clock_of(row.try_get(1)?, row.try_get(2)?);
    Err(StoreError::PlyTaken {
        code: code.to_owned(),
        ply: u32::try_from(ply).unwrap_or(0),
        text: stored,
        clock_ms,
    })
}

/// The leases among `$2`/`$3` (codes and epochs) that instance `$1` holds,
/// locked against a takeover until the commit.
const FENCES: &str = "SELECT l.code FROM leases l
    JOIN UNNEST($2::text[], $3::bigint[]) AS f(code, epoch)
      ON l.code = f.code AND l.epoch = f.epoch
    WHERE l.owner = $1
    FOR SHARE OF l";

/// Moves given column by column; those stored answer with their key.
const INSERT_MOVES: &str = "INSERT INTO moves (code, ply, text, at_ms, first_ms, second_ms)
    SELECT * FROM UNNEST($1::text[], $2::int[], $3::text[], $4::bigint[], $5::bigint[],
                         $6::bigint[])
    ON CONFLICT (code, ply) DO NOTHING
    RETURNING code, ply";

/// The moves of a batch, a column each (for [`INSERT_MOVES`]).
#[derive(Default)]
struct MoveColumns<'a> {
    code: Vec<&'a str>,
    ply: Vec<i32>,
    text: Vec<&'a str>,
    at_ms: Vec<i64>,
    first_ms: Vec<Option<i64>>,
    second_ms: Vec<Option<i64>>,
}

/// The epoch of the lease a game's creator holds.
pub const CREATED_EPOCH: u64 = 1;

const GAME_COLUMNS: &str = "code, game, config, clock_initial_ms, clock_increment_ms,
    first_token_sha256, second_token_sha256, created_ms, result, finished_ms";

/// The two seats' remaining times stored with a move, if it has both.
fn clock_of(first_ms: Option<i64>, second_ms: Option<i64>) -> Option<[u64; 2]> {
    match (first_ms, second_ms) {
        (Some(a), Some(b)) => Some([from_sql(a), from_sql(b)]),
        _ => None,
    }
}

fn hash_of(blob: Option<Vec<u8>>) -> Option<[u8; 32]> {
    blob.and_then(|b| <[u8; 32]>::try_from(b.as_slice()).ok())
}

fn complete(client: &mut Client, row: &postgres::Row) -> Result<StoredGame, StoreError> {
    let code: String = row.try_get(0)?;
    let bad = |e: serde_json::Error| StoreError::Database(format!("game {code}: {e}"));
    let config = serde_json::from_str(&row.try_get::<_, String>(2)?).map_err(bad)?;
    let result = match row.try_get::<_, Option<String>>(8)? {
        Some(text) => Some(serde_json::from_str(&text).map_err(bad)?),
        None => None,
    };
    let clock = match (
        row.try_get::<_, Option<i64>>(3)?,
        row.try_get::<_, Option<i64>>(4)?,
    ) {
        (Some(i), Some(n)) => Some(ClockSpec {
            initial_ms: from_sql(i),
            increment_ms: from_sql(n),
        }),
        _ => None,
    };
    let mut moves = Vec::new();
    let mut last_activity_ms = from_sql(row.try_get(7)?);
    let mut clock_ms = None;
    for m in client.query(
        "SELECT text, at_ms, first_ms, second_ms FROM moves WHERE code = $1 ORDER BY ply",
        &[&code],
    )? {
        moves.push(m.try_get::<_, String>(0)?);
        last_activity_ms = from_sql(m.try_get(1)?);
        clock_ms = clock_of(m.try_get(2)?, m.try_get(3)?);
    }
    Ok(StoredGame {
        game: row.try_get(1)?,
        config,
        clock,
        token_hashes: [hash_of(row.try_get(5)?), hash_of(row.try_get(6)?)],
        moves,
        clock_ms,
        last_activity_ms,
        result,
        finished_ms: row.try_get::<_, Option<i64>>(9)?.map(from_sql),
        code,
    })
}

impl Store for PgStore {
    fn write(&self, writes: &[Write]) -> Result<(), StoreError> {
        self.with_pooled(|p| self.write_batch(p, writes))
    }

    fn unfinished(&self) -> Result<Vec<StoredGame>, StoreError> {
        self.with(|c| {
            let rows = c.query(
                &format!("SELECT {GAME_COLUMNS} FROM games WHERE result IS NULL"),
                &[],
            )?;
            rows.iter().map(|row| complete(c, row)).collect()
        })
    }

    fn game(&self, code: &str) -> Result<Option<StoredGame>, StoreError> {
        self.with(|c| {
            let row = c.query_opt(
                &format!("SELECT {GAME_COLUMNS} FROM games WHERE code = $1"),
                &[&code],
            )?;
            row.map(|row| complete(c, &row)).transpose()
        })
    }

    fn purge_finished(&self, before_ms: u64) -> Result<usize, StoreError> {
        self.with(|c| {
            // Moves and leases go with their game (ON DELETE CASCADE).
            let n = c.execute(
                "DELETE FROM games WHERE finished_ms IS NOT NULL AND finished_ms < $1",
                &[&to_sql(before_ms)],
            )?;
            Ok(usize::try_from(n).unwrap_or(usize::MAX))
        })
    }

    fn check(&self) -> Result<(), StoreError> {
        self.with(|c| {
            c.query_one("SELECT count(*) FROM games WHERE false", &[])?;
            Ok(())
        })
    }

    fn leases(&self) -> Option<&dyn Leases> {
        Some(self)
    }
}

impl Leases for PgStore {
    fn created_lease(&self) -> u64 {
        CREATED_EPOCH
    }

    fn ttl(&self) -> Duration {
        self.instance.lease_ttl
    }

    fn acquire(&self, code: &str) -> Result<Lease, StoreError> {
        self.with(|c| {
            let taken = c.query_opt(
                "INSERT INTO leases (code, owner, addr, epoch, expires_at)
                 SELECT $1, $2, $3, 1, clock_timestamp() + $4::bigint * interval '1 millisecond'
                 WHERE EXISTS (SELECT 1 FROM games WHERE code = $1)
                 ON CONFLICT (code) DO UPDATE SET owner = EXCLUDED.owner, addr = EXCLUDED.addr,
                     epoch = leases.epoch + 1, expires_at = EXCLUDED.expires_at
                 WHERE leases.expires_at < clock_timestamp() OR leases.owner = EXCLUDED.owner
                 RETURNING epoch",
                &[
                    &code,
                    &self.instance.id,
                    &self.instance.public_addr,
                    &self.ttl(),
                ],
            )?;
            if let Some(row) = taken {
                return Ok(Lease::Held(from_sql(row.try_get(0)?)));
            }
            let owner = c.query_opt("SELECT owner, addr FROM leases WHERE code = $1", &[&code])?;
            Ok(match owner {
                Some(row) => Lease::Elsewhere {
                    owner: row.try_get(0)?,
                    addr: row.try_get(1)?,
                },
                None => Lease::NoGame,
            })
        })
    }

    fn renew(&self, held: &[(String, u64)]) -> Result<Vec<String>, StoreError> {
        if held.is_empty() {
            return Ok(Vec::new());
        }
        let codes: Vec<&str> = held.iter().map(|(c, _)| c.as_str()).collect();
        let epochs: Vec<i64> = held.iter().map(|(_, e)| to_sql(*e)).collect();
        let kept: Vec<String> = self.with(|c| {
            let rows = c.query(
                "UPDATE leases SET expires_at = clock_timestamp() + $4::bigint * interval '1 millisecond'
                 FROM unnest($2::text[], $3::bigint[]) AS h(code, epoch)
                 WHERE leases.code = h.code AND leases.epoch = h.epoch AND leases.owner = $1
                 RETURNING leases.code",
                &[&self.instance.id, &codes, &epochs, &self.ttl()],
            )?;
            rows.iter()
                .map(|r| r.try_get(0).map_err(StoreError::from))
                .collect()
        })?;
        Ok(held
            .iter()
            .filter(|(c, _)| !kept.contains(c))
            .map(|(c, _)| c.clone())
            .collect())
    }

    fn release(&self, held: &[(String, u64)]) -> Result<(), StoreError> {
        if held.is_empty() {
            return Ok(());
        }
        let codes: Vec<&str> = held.iter().map(|(c, _)| c.as_str()).collect();
        let epochs: Vec<i64> = held.iter().map(|(_, e)| to_sql(*e)).collect();
        self.with(|c| {
            c.execute(
                "UPDATE leases SET expires_at = clock_timestamp() - interval '1 second'
                 FROM unnest($2::text[], $3::bigint[]) AS h(code, epoch)
                 WHERE leases.code = h.code AND leases.epoch = h.epoch AND leases.owner = $1",
                &[&self.instance.id, &codes, &epochs],
            )?;
            Ok(())
        })
    }

    fn orphans(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.with(|c| {
            let rows = c.query(
                "SELECT l.code FROM leases l JOIN games g ON g.code = l.code
                 WHERE g.result IS NULL AND l.expires_at < clock_timestamp()
                 ORDER BY l.expires_at LIMIT $1",
                &[&limit],
            )?;
            rows.iter()
                .map(|r| r.try_get(0).map_err(StoreError::from))
                .collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_told_apart_and_passwords_hidden() {
        assert!(is_url("postgres://u@h/db"));
        assert!(is_url("postgresql://h/db"));
        assert!(!is_url("games.sqlite3"));
        assert_eq!(
            redacted("postgres://me:secret@db.example:5432/games?sslmode=disable"),
            "postgres://me:***@db.example:5432/games?sslmode=disable"
        );
        assert_eq!(redacted("postgres://h/db"), "postgres://h/db");
    }

    use crate::protocol::ClockSpec;
    use crate::store::tests::{instance, pg_store};

    fn create(code: &str) -> Write {
        Write::Create {
            code: code.into(),
            game: "kybo".into(),
            config: serde_json::json!({}),
            clock: Some(ClockSpec {
                initial_ms: 1000,
                increment_ms: 10,
            }),
            seat: Seat::First,
            token_hash: [7; 32],
            at_ms: 5,
        }
    }

    fn mv(code: &str, ply: u32, text: &str) -> Write {
        Write::Move {
            code: code.into(),
            ply,
            text: text.into(),
            at_ms: 10,
            clock_ms: None,
        }
    }

    fn fenced(epoch: u64, w: Write) -> Vec<Write> {
        vec![
            Write::Fence {
                code: w.code().to_owned(),
                epoch,
            },
            w,
        ]
    }

    #[test]
    fn leases_fence_a_stale_owner_and_a_retried_move_is_stored_once() {
        let Some((cluster, a)) = pg_store("leases", "a") else {
            return;
        };
        let b = PgStore::connect(&cluster.url(), instance("b")).unwrap();
        // A creates the game and holds its lease at the first epoch.
        a.write(&[create("AAAAAA")]).unwrap();
        assert_eq!(a.created_lease(), CREATED_EPOCH);
        assert_eq!(
            b.acquire("AAAAAA").unwrap(),
            Lease::Elsewhere {
                owner: "a".into(),
                addr: "ws://a.example:7878".into()
            }
        );
        assert_eq!(b.acquire("ZZZZZZ").unwrap(), Lease::NoGame);
        a.write(&fenced(1, mv("AAAAAA", 0, "D4"))).unwrap();
        // The same move again (a commit whose answer was lost): stored once.
        a.write(&fenced(1, mv("AAAAAA", 0, "D4"))).unwrap();
        // Another move at that ply is not, and the error names the stored one.
        let err = a.write(&fenced(1, mv("AAAAAA", 0, "E5"))).unwrap_err();
        assert!(
            matches!(err, StoreError::PlyTaken { ref code, ply: 0, ref text, clock_ms: None }
                if code == "AAAAAA" && text == "D4"),
            "{err}"
        );
        assert_eq!(a.game("AAAAAA").unwrap().unwrap().moves, ["D4"]);
        // Renewal keeps it; nothing is lost.
        assert_eq!(
            a.renew(&[("AAAAAA".into(), 1)]).unwrap(),
            Vec::<String>::new()
        );
        // A stops renewing: after the TTL (2 s) B takes it over, epoch 2.
        std::thread::sleep(Duration::from_millis(2200));
        assert_eq!(a.orphans(10).unwrap(), ["AAAAAA"]);
        assert_eq!(b.acquire("AAAAAA").unwrap(), Lease::Held(2));
        // A, back from its pause, can write nothing more, and learns it.
        let err = a.write(&fenced(1, mv("AAAAAA", 1, "E5"))).unwrap_err();
        assert!(
            matches!(err, StoreError::LeaseLost(ref c) if c == "AAAAAA"),
            "{err}"
        );
        assert_eq!(a.renew(&[("AAAAAA".into(), 1)]).unwrap(), ["AAAAAA"]);
        b.write(&fenced(2, mv("AAAAAA", 1, "E5"))).unwrap();
        assert_eq!(b.game("AAAAAA").unwrap().unwrap().moves, ["D4", "E5"]);
        // A graceful stop hands the lease back at once.
        b.release(&[("AAAAAA".into(), 2)]).unwrap();
        assert_eq!(a.acquire("AAAAAA").unwrap(), Lease::Held(3));
        assert!(b.write(&fenced(2, mv("AAAAAA", 2, "C3"))).is_err());
        // Migrations run once: a third connection finds the schema there.
        let c = PgStore::connect(&cluster.url(), instance("c")).unwrap();
        c.check().unwrap();
        drop((a, b, c));
    }

    #[test]
    fn a_group_commit_of_several_games_checks_every_lease_and_keeps_every_move() {
        let Some((cluster, a)) = pg_store("batch", "a") else {
            return;
        };
        let b = PgStore::connect(&cluster.url(), instance("b")).unwrap();
        for code in ["BBBBBB", "CCCCCC", "DDDDDD"] {
            a.write(&[create(code)]).unwrap();
        }
        // One commit: three games' fenced moves, one with its clocks.
        let mut batch = fenced(1, mv("BBBBBB", 0, "D4"));
        batch.extend(fenced(1, mv("CCCCCC", 0, "E4")));
        batch.extend(fenced(
            1,
            Write::Move {
                code: "DDDDDD".into(),
                ply: 0,
                text: "C3".into(),
                at_ms: 11,
                clock_ms: Some([900, 1010]),
            },
        ));
        a.write(&batch).unwrap();
        assert_eq!(a.game("BBBBBB").unwrap().unwrap().moves, ["D4"]);
        assert_eq!(a.game("CCCCCC").unwrap().unwrap().moves, ["E4"]);
        let d = a.game("DDDDDD").unwrap().unwrap();
        assert_eq!(
            (d.moves, d.clock_ms),
            (vec!["C3".to_owned()], Some([900, 1010]))
        );
        // A lease another instance took fails the whole batch and names
        // its game; nothing of the batch is written.
        a.release(&[("CCCCCC".into(), 1)]).unwrap();
        assert_eq!(b.acquire("CCCCCC").unwrap(), Lease::Held(2));
        let mut batch = fenced(1, mv("BBBBBB", 1, "E5"));
        batch.extend(fenced(1, mv("CCCCCC", 1, "D5")));
        let err = a.write(&batch).unwrap_err();
        assert!(
            matches!(err, StoreError::LeaseLost(ref c) if c == "CCCCCC"),
            "{err}"
        );
        assert_eq!(a.game("BBBBBB").unwrap().unwrap().moves, ["D4"]);
        // The same move twice in one batch is stored once.
        let mut batch = fenced(1, mv("BBBBBB", 1, "E5"));
        batch.extend(fenced(1, mv("BBBBBB", 1, "E5")));
        a.write(&batch).unwrap();
        assert_eq!(a.game("BBBBBB").unwrap().unwrap().moves, ["D4", "E5"]);
        drop((a, b));
    }

    #[test]
    fn a_batch_creating_joining_and_finishing_games_among_moves_keeps_every_write_in_order() {
        let Some((_cluster, a)) = pg_store("mixed", "a") else {
            return;
        };
        a.write(&[create("EEEEEE")]).unwrap();
        let result = crate::protocol::GameResult {
            winner: Some(Seat::First),
            ending: crate::protocol::Ending::Resignation,
            text: "Black resigns, White wins".into(),
        };
        // One commit: a move of E, a new game F and two moves of it, F
        // joined, E's next move and its end.
        let mut batch = fenced(1, mv("EEEEEE", 0, "D4"));
        batch.extend([
            create("FFFFFF"),
            mv("FFFFFF", 0, "E4"),
            mv("FFFFFF", 1, "E5"),
            Write::Seat {
                code: "FFFFFF".into(),
                seat: Seat::Second,
                token_hash: [3; 32],
            },
        ]);
        batch.extend(fenced(1, mv("EEEEEE", 1, "D5")));
        batch.extend(fenced(
            1,
            Write::Finish {
                code: "EEEEEE".into(),
                result: result.clone(),
                at_ms: 99,
            },
        ));
        a.write(&batch).unwrap();
        let e = a.game("EEEEEE").unwrap().unwrap();
        assert_eq!(
            (e.moves, e.result),
            (vec!["D4".to_owned(), "D5".to_owned()], Some(result))
        );
        let f = a.game("FFFFFF").unwrap().unwrap();
        assert_eq!(f.moves, ["E4", "E5"]);
        assert_eq!(f.token_hashes, [Some([7; 32]), Some([3; 32])]);
        // A write failing among them (a code taken) leaves nothing of the
        // batch, moves before it included.
        let batch = [fenced(1, mv("FFFFFF", 2, "C3")), vec![create("EEEEEE")]].concat();
        assert!(matches!(
            a.write(&batch).unwrap_err(),
            StoreError::CodeTaken(ref c) if c == "EEEEEE"
        ));
        assert_eq!(a.game("FFFFFF").unwrap().unwrap().moves, ["E4", "E5"]);
    }
}
