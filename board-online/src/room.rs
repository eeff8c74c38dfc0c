//! One game's authoritative state and its subscribers: a `Room`, run as one
//! task per game, and the [`RoomHandle`] that sends it requests.
//!
//! A room handles its requests one at a time: a move is checked with the
//! rules, written to the store, and only then applied and sent to every
//! subscriber with the new ply. Refusals go to the sender only.

use std::sync::{Arc, Weak};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use subtle::ConstantTimeEq;
use tokio::sync::{mpsc, oneshot};
use tokio::time::sleep_until;

use crate::hub::Hub;
use crate::lease::Term;
use crate::metrics::Metrics;
use crate::outbox::{Frame, Outbox};
use crate::protocol::{
    ClockSpec, ClockState, Ending, ErrorKind, GameResult, GameState, Moved, Players, Refusal, Seat,
    ServerMsg, Turn, Words,
};
use crate::registry::{Registry, Table};
use crate::settings::{ENDING_RETRY, FINISHED_RETENTION, MAX_PLIES};
use crate::store::{StoreError, StoredGame, Write, Writer};
use crate::token::{self, SeatToken};

/// A request to a room.
#[derive(Debug)]
pub(crate) enum Command {
    Subscribe {
        outbox: Outbox,
        /// The seat to take, if free (a `join`); `None` to watch.
        take_seat: bool,
        reply: oneshot::Sender<Result<Option<Seat>, StoreError>>,
    },
    Resume {
        outbox: Outbox,
        token_hash: [u8; 32],
        reply: oneshot::Sender<Option<Seat>>,
    },
    Move {
        outbox: Outbox,
        token_hash: [u8; 32],
        ply: u32,
        text: String,
    },
    Resign {
        outbox: Outbox,
        token_hash: [u8; 32],
    },
    ClaimDraw {
        outbox: Outbox,
        token_hash: [u8; 32],
    },
    Leave {
        id: u64,
    },
    Snapshot {
        reply: oneshot::Sender<(GameState, String)>,
    },
    Sync {
        outbox: Outbox,
    },
}

/// A way to send requests to one room.
#[derive(Debug, Clone)]
pub struct RoomHandle {
    tx: mpsc::Sender<Command>,
    /// The epoch of the game's lease this room holds (0: no leases).
    lease: u64,
    /// Until when the room may run the game, as this instance reckons.
    term: Arc<Term>,
}

/// The room is gone (finished and dropped, or the server is stopping).
#[derive(Debug, Clone, Copy, thiserror::Error)]
#[error("the game is no longer kept")]
pub struct RoomGone;

/// Why a join failed.
#[derive(Debug, Clone, thiserror::Error)]
pub enum JoinError {
    /// The room is gone.
    #[error(transparent)]
    Gone(#[from] RoomGone),
    /// The free seat could not be stored: the connection is in no game
    /// (it may join again).
    #[error("could not store the seat: {0}")]
    Unstored(StoreError),
}

impl RoomHandle {
    /// The handle of a room's queue, whose game's lease has `lease` for
    /// `term`.
    pub(crate) fn new(tx: mpsc::Sender<Command>, lease: u64, term: Arc<Term>) -> RoomHandle {
        RoomHandle { tx, lease, term }
    }

    /// The term of the room's lease.
    pub(crate) fn term(&self) -> &Term {
        &self.term
    }

    /// The epoch of the game's lease this room holds (0: no leases).
    pub(crate) fn lease(&self) -> u64 {
        self.lease
    }

    /// Tells the room another instance took its game over: it stops (its
    /// term ends, which needs no room in its queue).
    pub(crate) fn lost(&self) {
        self.term.end();
    }

    async fn send(&self, cmd: Command) -> Result<(), RoomGone> {
        self.tx.send(cmd).await.map_err(|_| RoomGone)
    }

    /// Joins: takes the free seat (and queues `joined` with its token) or
    /// watches (and queues `watching`); then the state follows.
    ///
    /// # Errors
    /// The room is gone, or the seat could not be stored (nothing was
    /// queued: the connection is in no game).
    pub async fn join(&self, outbox: Outbox, take_seat: bool) -> Result<Option<Seat>, JoinError> {
        let (reply, rx) = oneshot::channel();
        self.send(Command::Subscribe {
            outbox,
            take_seat,
            reply,
        })
        .await?;
        rx.await.map_err(|_| RoomGone)?.map_err(JoinError::Unstored)
    }

    /// Comes back to the seat `token` holds; `None` if it holds none.
    ///
    /// # Errors
    /// The room is gone.
    pub async fn resume(&self, outbox: Outbox, token: &str) -> Result<Option<Seat>, RoomGone> {
        let (reply, rx) = oneshot::channel();
        self.send(Command::Resume {
            outbox,
            token_hash: token::hash(token),
            reply,
        })
        .await?;
        rx.await.map_err(|_| RoomGone)
    }

    /// Plays a move; the answer (`state` to all, or `refused`) goes to outboxes.
    ///
    /// # Errors
    /// The room is gone.
    pub async fn play(
        &self,
        outbox: Outbox,
        token: &str,
        ply: u32,
        text: String,
    ) -> Result<(), RoomGone> {
        self.send(Command::Move {
            outbox,
            token_hash: token::hash(token),
            ply,
            text,
        })
        .await
    }

    /// Resigns for the seat of `token`.
    ///
    /// # Errors
    /// The room is gone.
    pub async fn resign(&self, outbox: Outbox, token: &str) -> Result<(), RoomGone> {
        self.send(Command::Resign {
            outbox,
            token_hash: token::hash(token),
        })
        .await
    }

    /// Claims a draw for the seat of `token`.
    ///
    /// # Errors
    /// The room is gone.
    pub async fn claim_draw(&self, outbox: Outbox, token: &str) -> Result<(), RoomGone> {
        self.send(Command::ClaimDraw {
            outbox,
            token_hash: token::hash(token),
        })
        .await
    }

    /// The game's state and its record in the rules crate's text.
    ///
    /// # Errors
    /// The room is gone.
    pub async fn snapshot(&self) -> Result<(GameState, String), RoomGone> {
        let (reply, rx) = oneshot::channel();
        self.send(Command::Snapshot { reply }).await?;
        rx.await.map_err(|_| RoomGone)
    }

    /// Sends the full state to `outbox` again (a `sync`).
    ///
    /// # Errors
    /// The room is gone.
    pub async fn sync(&self, outbox: Outbox) -> Result<(), RoomGone> {
        self.send(Command::Sync { outbox }).await
    }

    /// Stops sending to connection `id`.
    pub async fn leave(&self, id: u64) {
        let _ = self.send(Command::Leave { id }).await;
    }
}

pub(crate) fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

pub(crate) fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

#[derive(Debug)]
struct Clock {
    spec: ClockSpec,
    /// Each seat's remaining time when its turn began (or now, if not running).
    remaining: [u64; 2],
    /// When the running seat's turn began, while the clock runs.
    since: Option<Instant>,
}

impl Clock {
    fn left(&self, seat: Seat, running: Option<Seat>, now: Instant) -> u64 {
        let base = self.remaining[seat.index()];
        match (running, self.since) {
            (Some(r), Some(since)) if r == seat => base.saturating_sub(ms(now - since)),
            _ => base,
        }
    }
}

/// One game: its rules state, seats, record, clock and subscribers.
#[derive(Debug)]
pub(crate) struct Room {
    pub(crate) code: String,
    game: String,
    config: serde_json::Value,
    table: Box<dyn Table>,
    players: Players,
    seats: [Option<[u8; 32]>; 2],
    moves: Vec<String>,
    result: Option<GameResult>,
    finished_at: Option<Instant>,
    clock: Option<Clock>,
    last_activity: Instant,
    pub(crate) subscribers: Vec<Outbox>,
    writer: Writer,
    idle_expiry: Duration,
    /// The epoch of the game's lease (0: a store without leases).
    pub(crate) lease: u64,
    /// Until when this instance may run the game: once over, the lease is
    /// treated as lost.
    pub(crate) term: Arc<Term>,
    /// Another instance took the game over: the room stops.
    lost: bool,
    metrics: Arc<Metrics>,
    /// Whether this room counts in [`Metrics::live_games`].
    live: bool,
    /// The hub, to leave it when the room closes.
    hub: Weak<Hub>,
    /// The hosted games, to put the table back after a failed write.
    registry: Registry,
    /// Not before then: the next try at storing an ending that came by
    /// itself and whose write failed.
    retry_at: Option<Instant>,
}

impl Room {
    /// A room for a new game, with the hub's writer, settings and metrics.
    pub(crate) fn new(
        hub: &Hub,
        code: String,
        game: String,
        config: serde_json::Value,
        table: Box<dyn Table>,
        seats: [Option<[u8; 32]>; 2],
        clock: Option<ClockSpec>,
    ) -> Room {
        let players = Players {
            first: table.player(Seat::First),
            second: table.player(Seat::Second),
        };
        Room {
            code,
            game,
            config,
            table,
            players,
            seats,
            moves: Vec::new(),
            result: None,
            finished_at: None,
            clock: clock.map(|spec| Clock {
                spec,
                remaining: [spec.initial_ms; 2],
                since: None,
            }),
            last_activity: Instant::now(),
            subscribers: Vec::new(),
            writer: hub.writer().clone(),
            idle_expiry: hub.settings().idle_expiry,
            lease: 0,
            term: Arc::new(Term::forever()),
            lost: false,
            metrics: hub.metrics().clone(),
            live: false,
            hub: hub.weak(),
            registry: hub.registry().clone(),
            retry_at: None,
        }
    }

    /// A room for a stored game, its moves replayed with the rules; `None`
    /// (and a warning) if it no longer replays: a game removed from the
    /// registry, a move the rules now refuse.
    pub(crate) fn from_stored(hub: &Hub, stored: StoredGame) -> Option<Room> {
        let now_ms = unix_ms();
        let mut table = match hub.registry().start(&stored.game, &stored.config) {
            Ok(t) => t,
            Err(e) => {
                tracing::warn!(code = %stored.code, "not restored: {e}");
                return None;
            }
        };
        if let Some((i, e)) = stored
            .moves
            .iter()
            .enumerate()
            .find_map(|(i, m)| table.play(m).err().map(|e| (i, e)))
        {
            tracing::warn!(
                code = %stored.code,
                "not restored: move {} does not replay: {e}",
                i + 1
            );
            return None;
        }
        let mut room = Room::new(
            hub,
            stored.code,
            stored.game,
            stored.config,
            table,
            stored.token_hashes,
            stored.clock,
        );
        room.moves = stored.moves;
        // Time while the server was down is not charged to anyone: the
        // clock resumes from its last stored reading.
        if let (Some(c), Some(after)) = (&mut room.clock, stored.clock_ms) {
            c.remaining = after;
        }
        if stored.result.is_some() {
            // A finished game, read back: its final state, kept a while.
            room.result = stored.result;
            room.finished_at = Some(Instant::now());
            return Some(room);
        }
        if let Some(c) = &mut room.clock {
            if room.seats.iter().all(Option::is_some) {
                c.since = Some(Instant::now());
            }
        }
        let idle = Duration::from_millis(now_ms.saturating_sub(stored.last_activity_ms))
            .min(hub.settings().idle_expiry);
        room.last_activity = Instant::now()
            .checked_sub(idle)
            .unwrap_or_else(Instant::now);
        Some(room)
    }

    fn started(&self) -> bool {
        self.seats.iter().all(Option::is_some)
    }

    fn ply(&self) -> u32 {
        u32::try_from(self.moves.len()).unwrap_or(u32::MAX)
    }

    fn running(&self) -> Option<Seat> {
        (self.started() && self.result.is_none()).then(|| self.table.turn())
    }

    fn seat_of(&self, token_hash: &[u8; 32]) -> Option<Seat> {
        // Compare with both seats, in constant time, whatever matches.
        let mut found = None;
        for seat in Seat::ALL {
            if let Some(h) = &self.seats[seat.index()] {
                if bool::from(h.ct_eq(token_hash)) {
                    found = Some(seat);
                }
            }
        }
        found
    }

    fn turn(&self) -> Turn {
        let seat = self.table.turn();
        Turn {
            player: self.table.player(seat),
            seat,
        }
    }

    fn clock_state(&self, now: Instant) -> Option<ClockState> {
        let running = self.running();
        self.clock.as_ref().map(|c| ClockState {
            spec: c.spec,
            first_ms: c.left(Seat::First, running, now),
            second_ms: c.left(Seat::Second, running, now),
            running,
        })
    }

    fn state(&self) -> GameState {
        GameState {
            code: self.code.clone(),
            game: self.game.clone(),
            config: self.config.clone(),
            players: self.players.clone(),
            started: self.started(),
            ply: self.ply(),
            turn: self.turn(),
            moves: self.moves.clone(),
            board: self.table.board(),
            legal_moves: if self.result.is_some() {
                Vec::new()
            } else {
                self.table.legal_moves()
            },
            result: self.result.clone(),
            clock: self.clock_state(Instant::now()),
        }
    }

    fn state_frame(&self) -> Frame {
        Frame::Text(ServerMsg::State(Box::new(self.state())).to_json().into())
    }

    fn subscribe(&mut self, outbox: Outbox) {
        self.subscribers.retain(|o| o.id() != outbox.id());
        self.subscribers.push(outbox);
    }

    fn broadcast(&mut self) {
        let frame = self.state_frame();
        self.subscribers.retain(|o| o.send(frame.clone()));
    }

    /// Stores `write` under the game's lease; notes a lost lease. A write
    /// still unanswered when the lease's term is over is given up (it may
    /// yet be stored, under the lease it was sent with, and is then found
    /// by whoever continues the game).
    async fn save(&mut self, write: Write) -> Result<(), StoreError> {
        self.save_all(vec![write]).await
    }

    /// Stores `writes` in one transaction under the game's lease; notes a
    /// lost lease. Given up like [`Room::save`] when the lease's term ends.
    async fn save_all(&mut self, writes: Vec<Write>) -> Result<(), StoreError> {
        let stored = tokio::select! {
            stored = self.writer.write_all_fenced(self.lease, writes) => stored,
            () = self.term.over() => Err(StoreError::LeaseLost(self.code.clone())),
        };
        if let Err(StoreError::LeaseLost(_)) = &stored {
            self.lost = true;
        }
        stored
    }

    /// The game's lease is lost (another instance took it, or its term ran
    /// out without a renewal): every subscriber is told to reconnect
    /// (`relocated`, then the connection closes).
    fn evict(&mut self) {
        tracing::warn!(code = %self.code, "lease lost: another instance may run the game now");
        let msg = ServerMsg::error(
            ErrorKind::Relocated,
            "another server runs this game now: reconnect and resume",
        );
        for o in self.subscribers.drain(..) {
            o.send_msg(&msg);
            o.send(Frame::Close("the game moved to another server".into()));
        }
    }

    /// Sends the last move: a `moved` to the subscribers that read it, the
    /// full `state` to the others; each message serialised once.
    fn broadcast_move(&mut self) {
        let moved = Moved {
            code: self.code.clone(),
            ply: self.ply(),
            text: self.moves.last().cloned().unwrap_or_default(),
            turn: self.turn(),
            result: self.result.clone(),
            clock: self.clock_state(Instant::now()),
        };
        let moved = Frame::Text(ServerMsg::Moved(Box::new(moved)).to_json().into());
        let mut state = None;
        let subscribers = std::mem::take(&mut self.subscribers);
        self.subscribers = subscribers
            .into_iter()
            .filter(|o| {
                let frame = if o.deltas {
                    moved.clone()
                } else {
                    state.get_or_insert_with(|| self.state_frame()).clone()
                };
                o.send(frame)
            })
            .collect();
    }

    /// Counts this room in the live games, or stops counting it.
    fn set_live(&mut self, live: bool) {
        if live != self.live {
            self.live = live;
            if live {
                self.metrics.live_games.inc();
            } else {
                self.metrics.live_games.dec();
            }
        }
    }

    fn refuse(&self, outbox: &Outbox, kind: Refusal, text: &str, reason: impl Into<String>) {
        self.refuse_with(outbox, kind, text, reason, None);
    }

    /// [`refuse`](Self::refuse), with the reason keyed for the catalogues.
    fn refuse_with(
        &self,
        outbox: &Outbox,
        kind: Refusal,
        text: &str,
        reason: impl Into<String>,
        message: Option<Words>,
    ) {
        self.metrics.refused(kind);
        outbox.send_msg(&ServerMsg::Refused {
            kind,
            ply: self.ply(),
            text: text.to_owned(),
            reason: reason.into(),
            message,
        });
    }

    /// Ends the game: stores the result, then tells everyone. If the write
    /// fails, no one is told and the game goes on in memory as it was (to
    /// be ended again: by the player who asked, or by the room itself after
    /// [`ENDING_RETRY`]).
    ///
    /// # Errors
    /// The result could not be stored.
    async fn finish(&mut self, result: GameResult) -> Result<(), StoreError> {
        if self.result.is_some() {
            return Ok(());
        }
        let write = Write::Finish {
            code: self.code.clone(),
            result: result.clone(),
            at_ms: unix_ms(),
        };
        if let Err(e) = self.save(write).await {
            tracing::error!(code = %self.code, "could not store the result ({}): {e}", result.text);
            self.retry_at = Some(Instant::now() + ENDING_RETRY);
            return Err(e);
        }
        self.end(result);
        self.broadcast();
        Ok(())
    }

    /// Ends the game in memory, its result stored already.
    fn end(&mut self, result: GameResult) {
        tracing::info!(code = %self.code, plies = self.moves.len(), "game over: {}", result.text);
        let now = Instant::now();
        let running = self.running();
        if let Some(c) = &mut self.clock {
            for seat in Seat::ALL {
                c.remaining[seat.index()] = c.left(seat, running, now);
            }
            c.since = None;
        }
        self.result = Some(result);
        self.finished_at = Some(Instant::now());
        self.retry_at = None;
        self.set_live(false);
    }

    /// Answers a request whose write failed: `refused` `unavailable` to its
    /// sender, or nothing if the lease is lost (the room then sends every
    /// connection `relocated`, to try again where the game runs now).
    fn unstored(&self, outbox: &Outbox, text: &str, what: &str, e: &StoreError) {
        if !self.lost {
            let reason = format!("{what} could not be stored, try again: {e}");
            self.refuse(outbox, Refusal::Unavailable, text, reason);
        }
    }

    /// Puts the table back to the stored moves, after a move or a claim
    /// played in memory whose write failed.
    fn rewind(&mut self) {
        match self.registry.start(&self.game, &self.config) {
            Ok(mut table) => {
                for m in &self.moves {
                    if let Err(e) = table.play(m) {
                        tracing::error!(code = %self.code, "a stored move failed to replay: {e}");
                    }
                }
                self.table = table;
            }
            Err(e) => tracing::error!(code = %self.code, "could not start the game again: {e}"),
        }
    }

    fn rules_result(&self, ending: Ending) -> Option<GameResult> {
        self.table.outcome().map(|o| GameResult {
            winner: o.winner,
            ending,
            text: o.text,
        })
    }

    fn loss(&self, loser: Seat, ending: Ending) -> GameResult {
        let (l, w) = (self.players_name(loser), self.players_name(loser.other()));
        let text = match ending {
            Ending::FlagFall => format!("{l} ran out of time, {w} wins"),
            _ => format!("{l} resigns, {w} wins"),
        };
        GameResult {
            winner: Some(loser.other()),
            ending,
            text,
        }
    }

    fn players_name(&self, seat: Seat) -> &str {
        match seat {
            Seat::First => &self.players.first,
            Seat::Second => &self.players.second,
        }
    }

    /// The flag of the side to move, if it has fallen.
    fn flag_fallen(&self, now: Instant) -> Option<Seat> {
        let running = self.running()?;
        let clock = self.clock.as_ref()?;
        (clock.left(running, Some(running), now) == 0).then_some(running)
    }

    /// Takes the free seat or watches; the seat's write failed: nothing
    /// was sent and `outbox` is not subscribed.
    async fn on_subscribe(
        &mut self,
        outbox: Outbox,
        take_seat: bool,
    ) -> Result<Option<Seat>, StoreError> {
        let free = Seat::ALL
            .into_iter()
            .find(|s| self.seats[s.index()].is_none());
        match free {
            Some(seat) if take_seat && self.result.is_none() => {
                let token = SeatToken::generate();
                let hash = token.hash();
                self.save(Write::Seat {
                    code: self.code.clone(),
                    seat,
                    token_hash: hash,
                })
                .await?;
                self.seats[seat.index()] = Some(hash);
                self.last_activity = Instant::now();
                if let Some(c) = &mut self.clock {
                    c.since = Some(Instant::now());
                }
                outbox.send_msg(&ServerMsg::Joined {
                    code: self.code.clone(),
                    seat,
                    token: token.to_string(),
                });
                self.subscribe(outbox);
                self.broadcast();
                Ok(Some(seat))
            }
            _ => {
                outbox.send_msg(&ServerMsg::Watching {
                    code: self.code.clone(),
                });
                outbox.send(self.state_frame());
                self.subscribe(outbox);
                Ok(None)
            }
        }
    }

    fn on_resume(&mut self, outbox: Outbox, token_hash: &[u8; 32]) -> Option<Seat> {
        let seat = self.seat_of(token_hash)?;
        outbox.send_msg(&ServerMsg::Resumed {
            code: self.code.clone(),
            seat,
        });
        outbox.send(self.state_frame());
        self.subscribe(outbox);
        Some(seat)
    }

    /// The seat of `token_hash` if it may act now, or the refusal.
    fn actor(&self, token_hash: &[u8; 32], to_move: bool) -> Result<Seat, (Refusal, String)> {
        let Some(seat) = self.seat_of(token_hash) else {
            return Err((
                Refusal::NotAPlayer,
                "this token holds no seat of this game".into(),
            ));
        };
        if let Some(r) = &self.result {
            return Err((Refusal::GameOver, format!("the game is over: {}", r.text)));
        }
        if !self.started() {
            return Err((
                Refusal::NotStarted,
                "the opponent has not joined yet".into(),
            ));
        }
        if to_move && self.table.turn() != seat {
            let other = self.players_name(seat.other());
            return Err((Refusal::NotYourTurn, format!("it is {other}'s turn")));
        }
        Ok(seat)
    }

    async fn on_move(&mut self, outbox: Outbox, token_hash: [u8; 32], ply: u32, text: String) {
        let now = Instant::now();
        if let Some(seat) = self.flag_fallen(now) {
            if let Err(e) = self.finish(self.loss(seat, Ending::FlagFall)).await {
                return self.unstored(&outbox, &text, "the end of the game (flag fall)", &e);
            }
        }
        // The order of the checks is PROTOCOL.md's: the seat, the end, the
        // start, the ply (whoever's turn it is), the turn, the rules.
        let seat = match self.actor(&token_hash, false) {
            Ok(seat) => seat,
            Err((kind, reason)) => return self.refuse(&outbox, kind, &text, reason),
        };
        if ply != self.ply() {
            let reason = format!(
                "the move was made at ply {ply}, the game is at ply {}",
                self.ply()
            );
            return self.refuse(&outbox, Refusal::StalePly, &text, reason);
        }
        if self.table.turn() != seat {
            let other = self.players_name(seat.other());
            let reason = format!("it is {other}'s turn");
            return self.refuse(&outbox, Refusal::NotYourTurn, &text, reason);
        }
        let canonical = match self.table.check(&text) {
            Ok(c) => c,
            Err(e) => {
                let words = Words::from(&e.1);
                return self.refuse_with(&outbox, Refusal::Illegal, &text, e.0, Some(words));
            }
        };
        // The clock after the move: time spent, then the increment.
        let clock_ms = self.clock.as_ref().map(|c| {
            let mut after = [
                c.left(Seat::First, Some(seat), now),
                c.left(Seat::Second, Some(seat), now),
            ];
            let i = seat.index();
            after[i] = after[i].saturating_add(c.spec.increment_ms);
            after
        });
        // Played in memory first, to know whether it ends the game: the
        // move and its ending are stored together, or neither is.
        let result = self.play_in_memory(&canonical, ply);
        let at_ms = unix_ms();
        let mut writes = vec![Write::Move {
            code: self.code.clone(),
            ply,
            text: canonical.clone(),
            at_ms,
            clock_ms,
        }];
        if let Some(result) = &result {
            writes.push(Write::Finish {
                code: self.code.clone(),
                result: result.clone(),
                at_ms,
            });
        }
        match self.save_all(writes).await {
            Ok(()) => self.played(canonical, clock_ms, result),
            Err(StoreError::PlyTaken {
                ply: at,
                text: found,
                clock_ms: found_clock,
                ..
            }) if at == ply => {
                // A move of this seat this room stored before, whose answer
                // was lost (the mover heard `unavailable`): it is played
                // now, as stored (with its ending, stored with it), and
                // this one refused.
                self.rewind();
                let found_canonical = match self.table.check(&found) {
                    Ok(c) => c,
                    Err(e) => {
                        tracing::error!(code = %self.code, ply, "the stored move {found} does not play here: {}", e.0);
                        // Continued from the store by the next takeover.
                        self.term.end();
                        self.lost = true;
                        return;
                    }
                };
                let result = self.play_in_memory(&found_canonical, ply);
                self.played(found_canonical, found_clock, result);
                let reason = format!(
                    "the move was made at ply {ply}, the game is at ply {}: {found} was stored at \
                     ply {ply} before (its answer had been lost)",
                    self.ply()
                );
                self.refuse(&outbox, Refusal::StalePly, &text, reason);
            }
            Err(e) => {
                // Another instance may run the game (`lost`): the room stops
                // and tells every connection `relocated`; the mover's client
                // resumes there and sends the move again.
                self.rewind();
                self.unstored(&outbox, &text, "the move", &e);
            }
        }
    }

    /// Plays `canonical` (checked) on the table, at `ply`: the result it
    /// brings, by the rules or the server's ply limit.
    fn play_in_memory(&mut self, canonical: &str, ply: u32) -> Option<GameResult> {
        if let Err(e) = self.table.play(canonical) {
            // check() accepted it; play() must too (the Game contract).
            tracing::error!(code = %self.code, "a checked move failed to play: {e}");
        }
        self.rules_result(Ending::Rules).or_else(|| {
            (ply + 1 >= MAX_PLIES).then(|| GameResult {
                winner: None,
                ending: Ending::Expired,
                text: format!("the game reached the server's limit of {MAX_PLIES} plies"),
            })
        })
    }

    /// A stored move played on the table: kept, timed, told to everyone,
    /// and the game ended if it ends it.
    fn played(
        &mut self,
        canonical: String,
        clock_ms: Option<[u64; 2]>,
        result: Option<GameResult>,
    ) {
        self.moves.push(canonical);
        self.metrics.moves.inc();
        self.last_activity = Instant::now();
        if let (Some(c), Some(after)) = (&mut self.clock, clock_ms) {
            c.remaining = after;
            c.since = Some(Instant::now());
        }
        if let Some(result) = result {
            self.end(result);
        }
        self.broadcast_move();
    }

    async fn on_resign(&mut self, outbox: Outbox, token_hash: [u8; 32]) {
        let seat = match self.actor(&token_hash, false) {
            Ok(seat) => seat,
            // Resigning before the opponent came: the creator wins nothing
            // and loses nothing, but the game ends.
            Err((Refusal::NotStarted, reason)) => match self.seat_of(&token_hash) {
                Some(seat) => seat,
                None => return self.refuse(&outbox, Refusal::NotStarted, "", reason),
            },
            Err((kind, reason)) => return self.refuse(&outbox, kind, "", reason),
        };
        if let Err(e) = self.finish(self.loss(seat, Ending::Resignation)).await {
            self.unstored(&outbox, "", "the resignation", &e);
        }
    }

    async fn on_claim_draw(&mut self, outbox: Outbox, token_hash: [u8; 32]) {
        if let Err((kind, reason)) = self.actor(&token_hash, true) {
            return self.refuse(&outbox, kind, "", reason);
        }
        match self.table.claim_draw() {
            Some(_) => {
                let result = self
                    .rules_result(Ending::DrawClaimed)
                    .unwrap_or_else(|| GameResult {
                        winner: None,
                        ending: Ending::DrawClaimed,
                        text: "draw claimed".into(),
                    });
                if let Err(e) = self.finish(result).await {
                    // The claim is withdrawn with the table put back.
                    self.rewind();
                    self.unstored(&outbox, "", "the draw claim", &e);
                }
            }
            None => self.refuse(
                &outbox,
                Refusal::NoDrawToClaim,
                "",
                "the rules allow no draw claim here",
            ),
        }
    }

    /// When the room must next wake up by itself: a flag fall, the idle
    /// expiry, or the end of a finished game's retention.
    fn deadline(&self) -> Instant {
        if let Some(at) = self.finished_at {
            return at + FINISHED_RETENTION;
        }
        let mut at = self.last_activity + self.idle_expiry;
        if let (Some(seat), Some(c)) = (self.running(), &self.clock) {
            if let Some(since) = c.since {
                at = at.min(since + Duration::from_millis(c.remaining[seat.index()]));
            }
        }
        // An ending whose write failed is tried again then, not at once.
        self.retry_at.unwrap_or(at)
    }

    /// Acts on a deadline; `false` when the room should close.
    async fn on_deadline(&mut self) -> bool {
        let now = Instant::now();
        if let Some(at) = self.finished_at {
            return now < at + FINISHED_RETENTION;
        }
        // A failed write is logged, and tried again after ENDING_RETRY.
        self.retry_at = None;
        let ending = if let Some(result) = self.rules_result(Ending::Rules) {
            // A restored game that ended on its last stored move, whose
            // result could not be stored at the start.
            Some(result)
        } else if let Some(seat) = self.flag_fallen(now) {
            Some(self.loss(seat, Ending::FlagFall))
        } else if now >= self.last_activity + self.idle_expiry {
            let secs = self.idle_expiry.as_secs();
            Some(GameResult {
                winner: None,
                ending: Ending::Expired,
                text: format!("the game expired: no move for {secs} s"),
            })
        } else {
            None
        };
        if let Some(result) = ending {
            let _ = self.finish(result).await;
        }
        true
    }

    pub(crate) async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        // A restored game may have ended on its last stored move (a failed
        // write is tried again by on_deadline).
        if self.result.is_none() {
            if let Some(result) = self.rules_result(Ending::Rules) {
                let _ = self.finish(result).await;
            }
        }
        self.set_live(self.result.is_none());
        self.broadcast();
        loop {
            let deadline = tokio::time::Instant::from_std(self.deadline());
            let term = self.term.clone();
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    None => break,
                    Some(cmd) => self.handle(cmd).await,
                },
                () = sleep_until(deadline) => {
                    if !self.on_deadline().await {
                        break;
                    }
                }
                () = term.over(), if self.result.is_none() => self.lost = true,
            }
            if self.lost {
                self.evict();
                break;
            }
        }
        self.set_live(false);
        if let Some(hub) = self.hub.upgrade() {
            hub.remove_room(&self.code, self.lease);
        }
    }

    async fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::Subscribe {
                outbox,
                take_seat,
                reply,
            } => {
                let seat = self.on_subscribe(outbox, take_seat).await;
                let _ = reply.send(seat);
            }
            Command::Resume {
                outbox,
                token_hash,
                reply,
            } => {
                let _ = reply.send(self.on_resume(outbox, &token_hash));
            }
            Command::Move {
                outbox,
                token_hash,
                ply,
                text,
            } => self.on_move(outbox, token_hash, ply, text).await,
            Command::Resign { outbox, token_hash } => self.on_resign(outbox, token_hash).await,
            Command::ClaimDraw { outbox, token_hash } => {
                self.on_claim_draw(outbox, token_hash).await;
            }
            Command::Leave { id } => self.subscribers.retain(|o| o.id() != id),
            Command::Snapshot { reply } => {
                let _ = reply.send((self.state(), self.table.record()));
            }
            Command::Sync { outbox } => {
                outbox.send(self.state_frame());
            }
        }
    }
}
