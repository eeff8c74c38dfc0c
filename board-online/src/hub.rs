//! The [`Hub`] of all a server's games: creates them, finds them by code,
//! restores them after a restart, and, with a shared store, holds their
//! leases, takes over the games of a dead instance and purges old ones.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};

use tokio::sync::mpsc;

use crate::lease::Term;
use crate::metrics::Metrics;
use crate::outbox::Outbox;
use crate::protocol::{ClockSpec, ErrorKind, Seat, SeatChoice, ServerMsg};
use crate::registry::{ConfigError, Registry};
use crate::room::{ms, unix_ms, Room, RoomHandle};
use crate::settings::{Settings, MAX_CLOCK_MS, PURGE_INTERVAL, ROOM_QUEUE_CAPACITY};
use crate::store::{Lease, Leases, Store, StoreError, StoredGame, Write, Writer};
use crate::token::{self, Code, SeatToken};

/// Why the hub could not create a game.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    /// The game or its configuration is not hosted.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The clock settings are out of range.
    #[error("a clock needs an initial time from 1 ms to {MAX_CLOCK_MS} ms and an increment up to as much")]
    Clock,
    /// The server holds as many games as it may.
    #[error("the server holds as many games as it may ({0})")]
    Full(usize),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl CreateError {
    /// The protocol's kind for this error.
    #[must_use]
    pub fn kind(&self) -> ErrorKind {
        match self {
            CreateError::Config(ConfigError::UnknownGame(..)) => ErrorKind::UnknownGame,
            CreateError::Config(ConfigError::Invalid { .. }) => ErrorKind::BadConfig,
            CreateError::Clock => ErrorKind::BadClock,
            CreateError::Full(_) | CreateError::Store(_) => ErrorKind::Unavailable,
        }
    }
}

/// Why a game could not be looked up.
#[derive(Debug, thiserror::Error)]
pub enum FindError {
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The server holds as many games as it may.
    #[error("the server holds as many games as it may ({0})")]
    Full(usize),
    /// Another live instance runs the game, at this public address.
    #[error("the game is run by another instance, at {0}")]
    Elsewhere(String),
}

/// All the games of a server: creates them, finds them by code, restores
/// them after a restart. Handed to every connection in one `Arc`.
#[derive(Debug)]
pub struct Hub {
    registry: Registry,
    settings: Settings,
    writer: Writer,
    store: Arc<dyn Store>,
    rooms: Mutex<HashMap<String, RoomHandle>>,
    next_id: AtomicU64,
    me: Weak<Hub>,
    /// One lock per game being taken over: two requests for one game (two
    /// players, a sweep) must not take its lease twice, the second fencing
    /// off the room of the first; takeovers of other games go on meanwhile
    /// (one blocked on a locked lease row holds up only its own game).
    takeovers: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
    metrics: Arc<Metrics>,
}

impl Hub {
    /// A hub with no game yet, writing through `writer` and reading
    /// finished games back from `store`.
    #[must_use]
    pub fn new(
        registry: Registry,
        settings: Settings,
        writer: Writer,
        store: Arc<dyn Store>,
    ) -> Arc<Hub> {
        Hub::with_metrics(registry, settings, writer, store, Arc::default())
    }

    /// Like [`Hub::new`], counting into `metrics`.
    #[must_use]
    pub fn with_metrics(
        registry: Registry,
        settings: Settings,
        writer: Writer,
        store: Arc<dyn Store>,
        metrics: Arc<Metrics>,
    ) -> Arc<Hub> {
        Arc::new_cyclic(|me| Hub {
            registry,
            settings,
            writer,
            store,
            rooms: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(1),
            me: me.clone(),
            takeovers: Mutex::new(HashMap::new()),
            metrics,
        })
    }

    /// What the server counts.
    #[must_use]
    pub fn metrics(&self) -> &Arc<Metrics> {
        &self.metrics
    }

    /// The registry of hosted games.
    #[must_use]
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// A weak reference to this hub, for a room to hold.
    pub(crate) fn weak(&self) -> Weak<Hub> {
        self.me.clone()
    }

    /// The writer every room stores through.
    pub(crate) fn writer(&self) -> &Writer {
        &self.writer
    }

    /// A fresh connection id.
    pub fn connection_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<String, RoomHandle>> {
        // A panic while holding this lock cannot leave the map inconsistent
        // (every operation is a single insert, get or remove).
        self.rooms
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn takeovers(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<tokio::sync::Mutex<()>>>> {
        // Every operation is a single insert, get or remove.
        self.takeovers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Forgets the room of `code` if it is the one of lease `epoch` (a room
    /// that stops after another took its place leaves that one alone).
    pub(crate) fn remove_room(&self, code: &str, epoch: u64) {
        let mut rooms = self.rooms();
        if rooms.get(code).is_some_and(|r| r.lease() == epoch) {
            rooms.remove(code);
        }
    }

    /// Whether several instances share the store (games have leases).
    #[must_use]
    pub fn shared(&self) -> bool {
        self.store.leases().is_some()
    }

    /// Renews the leases of the games in memory, extending their terms by
    /// a TTL from when the renewal was sent; stops the rooms whose lease
    /// another instance took (their clients are told to reconnect). A lease
    /// not renewed runs out at the end of its term: its room stops then.
    ///
    /// # Errors
    /// The store failed (the leases run on until their terms end).
    pub async fn renew_leases(&self) -> Result<(), StoreError> {
        let (Some(ttl), held) = (self.lease_ttl(), self.held()) else {
            return Ok(());
        };
        if held.is_empty() {
            return Ok(());
        }
        let store = self.store.clone();
        let asked: Vec<(String, u64)> = held.iter().map(|(c, e, _)| (c.clone(), *e)).collect();
        let sent = std::time::Instant::now();
        let lost = tokio::task::spawn_blocking(move || {
            store.leases().map_or(Ok(Vec::new()), |l| l.renew(&asked))
        })
        .await
        .map_err(|e| StoreError::Database(e.to_string()))??;
        for (code, epoch, room) in held {
            if !lost.contains(&code) {
                room.term().renewed(sent, ttl);
                continue;
            }
            let mut rooms = self.rooms();
            // The room of that lease, not one started since.
            if rooms.get(&code).map(RoomHandle::lease) == Some(epoch) {
                rooms.remove(&code);
            }
            room.lost();
        }
        Ok(())
    }

    /// How long a lease lasts without renewal, for a store with leases.
    fn lease_ttl(&self) -> Option<std::time::Duration> {
        self.store.leases().map(Leases::ttl)
    }

    /// The term of a lease taken by a call sent at `sent`: a TTL from then,
    /// or without end for a store without leases.
    fn term_from(&self, sent: std::time::Instant) -> Arc<Term> {
        Arc::new(match self.lease_ttl() {
            Some(ttl) => Term::from(sent, ttl),
            None => Term::forever(),
        })
    }

    /// The (code, epoch, room) of every lease the rooms in memory hold.
    fn held(&self) -> Vec<(String, u64, RoomHandle)> {
        self.rooms()
            .iter()
            .filter(|(_, r)| r.lease() > 0)
            .map(|(c, r)| (c.clone(), r.lease(), r.clone()))
            .collect()
    }

    /// Hands every lease back (a graceful stop, after the rooms closed).
    ///
    /// # Errors
    /// The store failed.
    pub async fn release_leases(&self, held: Vec<(String, u64)>) -> Result<(), StoreError> {
        let store = self.store.clone();
        tokio::task::spawn_blocking(move || store.leases().map_or(Ok(()), |l| l.release(&held)))
            .await
            .map_err(|e| StoreError::Database(e.to_string()))?
    }

    /// Takes over up to `limit` unfinished games whose owner's lease
    /// expired; returns how many this instance took.
    ///
    /// # Errors
    /// The store failed.
    pub async fn adopt_orphans(&self, limit: usize) -> Result<usize, StoreError> {
        let store = self.store.clone();
        let codes = tokio::task::spawn_blocking(move || {
            store.leases().map_or(Ok(Vec::new()), |l| l.orphans(limit))
        })
        .await
        .map_err(|e| StoreError::Database(e.to_string()))??;
        let mut taken = 0;
        for code in codes {
            let Ok(code) = code.parse::<Code>() else {
                continue;
            };
            match self.find(&code).await {
                Ok(Some(_)) => taken += 1,
                Ok(None) | Err(FindError::Elsewhere(_) | FindError::Full(_)) => {}
                // One game's failure (its lease row locked past
                // `lock_timeout`) leaves the others to take.
                Err(FindError::Store(e)) => {
                    tracing::warn!(code = %code, "could not take the game over: {e}");
                }
            }
        }
        Ok(taken)
    }

    /// Closes every room and returns the leases they held, to release once
    /// their writes are done.
    pub fn close_all_leases(&self) -> Vec<(String, u64)> {
        let held = self.held().into_iter().map(|(c, e, _)| (c, e)).collect();
        self.close_all();
        held
    }

    /// The number of games in memory.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rooms().len()
    }

    /// Whether no game is in memory.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The room of `code`, if the game is kept (and its lease's term, if
    /// any, is not over: that room is stopping).
    #[must_use]
    pub fn room(&self, code: &Code) -> Option<RoomHandle> {
        self.rooms()
            .get(code.as_str())
            .filter(|r| !r.term().is_over(std::time::Instant::now()))
            .cloned()
    }

    /// Drops every room (at shutdown), so that their tasks end.
    pub fn close_all(&self) {
        self.rooms().clear();
    }

    /// Starts `room`'s task, unless a room of its code runs already (then
    /// that one's handle).
    fn spawn(&self, room: Room) -> RoomHandle {
        let (tx, rx) = mpsc::channel(ROOM_QUEUE_CAPACITY);
        let handle = RoomHandle::new(tx, room.lease, room.term.clone());
        let mut rooms = self.rooms();
        if let Some(running) = rooms.get(&room.code) {
            // Read back from the store twice at once: one room is enough
            // (unless that one's lease ran out: it is stopping).
            if !running.term().is_over(std::time::Instant::now()) {
                return running.clone();
            }
        }
        rooms.insert(room.code.clone(), handle.clone());
        drop(rooms);
        tokio::spawn(room.run(rx));
        handle
    }

    /// The game of `code`: the room in memory, or a finished game read back
    /// from the store (kept for `--keep-finished`), whose room then stays in
    /// memory for [`FINISHED_RETENTION`](crate::settings::FINISHED_RETENTION). `None` for an unknown code.
    ///
    /// # Errors
    /// The store failed, or the server holds as many games as it may.
    pub async fn find(&self, code: &Code) -> Result<Option<RoomHandle>, FindError> {
        if let Some(room) = self.room(code) {
            return Ok(Some(room));
        }
        let store = self.store.clone();
        let key = code.to_string();
        let stored = tokio::task::spawn_blocking(move || store.game(&key))
            .await
            .map_err(|e| StoreError::Database(e.to_string()))??;
        let Some(stored) = stored else {
            return Ok(None);
        };
        if self.len() >= self.settings.max_games {
            return Err(FindError::Full(self.settings.max_games));
        }
        if stored.result.is_none() {
            return self.take_over(code).await;
        }
        let oldest = unix_ms().saturating_sub(ms(self.settings.keep_finished));
        if stored.finished_ms.is_none_or(|at| at < oldest) {
            return Ok(None);
        }
        Ok(Room::from_stored(self, stored).map(|room| self.spawn(room)))
    }

    /// An unfinished game no room here holds: takes its lease if its owner
    /// is gone (or it has none) and continues it from the stored moves, or
    /// says where it runs.
    async fn take_over(&self, code: &Code) -> Result<Option<RoomHandle>, FindError> {
        let turn = Takeover::of(self, code.as_str());
        let _one_at_a_time = turn.lock.lock().await;
        if let Some(room) = self.room(code) {
            // Another request took it over meanwhile.
            return Ok(Some(room));
        }
        let store = self.store.clone();
        let key = code.to_string();
        let sent = std::time::Instant::now();
        let (lease, stored) = tokio::task::spawn_blocking(move || {
            // The lease first, the moves after: the last writes of the
            // previous owner are then all visible.
            let lease = match store.leases() {
                Some(leases) => leases.acquire(&key)?,
                None => Lease::Held(0),
            };
            let stored = match lease {
                Lease::Held(_) => store.game(&key)?,
                _ => None,
            };
            Ok::<_, StoreError>((lease, stored))
        })
        .await
        .map_err(|e| StoreError::Database(e.to_string()))??;
        match lease {
            Lease::Held(epoch) => {
                let Some(stored) = stored else {
                    return Ok(None);
                };
                if epoch > 0 {
                    tracing::info!(code = %code, epoch, plies = stored.moves.len(), "took the game over");
                }
                Ok(Room::from_stored(self, stored).map(|mut room| {
                    room.lease = epoch;
                    if epoch > 0 {
                        room.term = self.term_from(sent);
                    }
                    self.spawn(room)
                }))
            }
            Lease::Elsewhere { addr, .. } => Err(FindError::Elsewhere(addr)),
            Lease::NoGame => Ok(None),
        }
    }

    /// Deletes the stored games that finished longer ago than
    /// `--keep-finished`; returns how many.
    ///
    /// # Errors
    /// The store failed.
    pub async fn purge(&self) -> Result<usize, StoreError> {
        let store = self.store.clone();
        let before = unix_ms().saturating_sub(ms(self.settings.keep_finished));
        tokio::task::spawn_blocking(move || store.purge_finished(before))
            .await
            .map_err(|e| StoreError::Database(e.to_string()))?
    }

    /// Whether the store answers now.
    ///
    /// # Errors
    /// It does not.
    pub async fn check_store(&self) -> Result<(), StoreError> {
        let store = self.store.clone();
        tokio::task::spawn_blocking(move || store.check())
            .await
            .map_err(|e| StoreError::Database(e.to_string()))?
    }

    /// Creates a game, stores it, and subscribes `outbox` with the seat
    /// asked for; `created` (with the token) and the state are queued to it.
    ///
    /// # Errors
    /// The game or its configuration or clock is not valid, the server is
    /// full, or the store failed.
    pub async fn create(
        &self,
        outbox: Outbox,
        game: &str,
        config: &serde_json::Value,
        seat: SeatChoice,
        clock: Option<ClockSpec>,
    ) -> Result<RoomHandle, CreateError> {
        if let Some(c) = clock {
            if c.initial_ms == 0 || c.initial_ms > MAX_CLOCK_MS || c.increment_ms > MAX_CLOCK_MS {
                return Err(CreateError::Clock);
            }
        }
        if self.len() >= self.settings.max_games {
            return Err(CreateError::Full(self.settings.max_games));
        }
        let table = self.registry.start(game, config)?;
        let seat = match seat {
            SeatChoice::First => Seat::First,
            SeatChoice::Second => Seat::Second,
            SeatChoice::Random => {
                if token::coin() {
                    Seat::First
                } else {
                    Seat::Second
                }
            }
        };
        let token = SeatToken::generate();
        let config = table.config();
        let mut attempt = 0;
        let sent = std::time::Instant::now();
        let code = loop {
            let code = Code::generate();
            if self.rooms().contains_key(code.as_str()) {
                continue;
            }
            let write = Write::Create {
                code: code.to_string(),
                game: game.to_owned(),
                config: config.clone(),
                clock,
                seat,
                token_hash: token.hash(),
                at_ms: unix_ms(),
            };
            match self.writer.write(write).await {
                Ok(()) => break code,
                Err(StoreError::CodeTaken(_)) if attempt < 10 => attempt += 1,
                Err(e) => return Err(e.into()),
            }
        };
        let mut seats = [None, None];
        seats[seat.index()] = Some(token.hash());
        outbox.send_msg(&ServerMsg::Created {
            code: code.to_string(),
            seat,
            token: token.to_string(),
        });
        let mut room = Room::new(
            self,
            code.to_string(),
            game.to_owned(),
            config,
            table,
            seats,
            clock,
        );
        room.lease = self.store.leases().map_or(0, Leases::created_lease);
        room.term = self.term_from(sent);
        room.subscribers.push(outbox);
        Ok(self.spawn(room))
    }

    /// Continues every stored unfinished game: replays its moves with the
    /// rules and starts its room. Returns how many were restored; a stored
    /// game that no longer replays (a game removed from the registry, a
    /// move the rules now refuse) is reported on stderr and left out.
    pub fn restore(&self, games: Vec<StoredGame>) -> usize {
        let mut restored = 0;
        for stored in games {
            if let Some(room) = Room::from_stored(self, stored) {
                self.spawn(room);
                restored += 1;
            }
        }
        restored
    }
}

/// Deletes the finished games past `--keep-finished` every
/// [`PURGE_INTERVAL`] (the server did once before it started).
pub(crate) async fn purge_now_and_then(hub: Arc<Hub>) {
    let mut ticks = tokio::time::interval(PURGE_INTERVAL);
    ticks.tick().await;
    loop {
        ticks.tick().await;
        match hub.purge().await {
            Ok(0) => {}
            Ok(n) => tracing::info!("deleted {n} finished games older than --keep-finished"),
            Err(e) => tracing::error!("could not delete old finished games: {e}"),
        }
    }
}

/// Renews this instance's leases three times per `ttl`, and takes over
/// the games whose owner's lease expired (a dead instance's) once per `ttl`;
/// the two run side by side, so a long adoption never delays a renewal.
pub(crate) async fn keep_leases(hub: Arc<Hub>, ttl: std::time::Duration) {
    let every = |period| {
        let mut ticks = tokio::time::interval(period);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        ticks
    };
    let renew = async {
        let mut ticks = every(ttl / 3);
        loop {
            ticks.tick().await;
            if let Err(e) = hub.renew_leases().await {
                tracing::warn!("could not renew leases: {e}");
            }
        }
    };
    let adopt = async {
        let mut ticks = every(ttl);
        ticks.tick().await;
        loop {
            ticks.tick().await;
            match hub.adopt_orphans(100).await {
                Ok(0) => {}
                Ok(k) => tracing::info!("took over {k} games whose owner is gone"),
                Err(e) => tracing::warn!("could not look for orphaned games: {e}"),
            }
        }
    };
    tokio::join!(renew, adopt);
}

/// A turn to take one game over: its lock, shared by the requests for
/// that game, and forgotten with the last of them.
struct Takeover<'a> {
    hub: &'a Hub,
    code: String,
    lock: Arc<tokio::sync::Mutex<()>>,
}

impl<'a> Takeover<'a> {
    fn of(hub: &'a Hub, code: &str) -> Takeover<'a> {
        let lock = hub.takeovers().entry(code.to_owned()).or_default().clone();
        Takeover {
            hub,
            code: code.to_owned(),
            lock,
        }
    }
}

impl Drop for Takeover<'_> {
    fn drop(&mut self) {
        let mut takeovers = self.hub.takeovers();
        // The map's and this one's: no other request waits for it.
        if Arc::strong_count(&self.lock) <= 2 {
            takeovers.remove(&self.code);
        }
    }
}
