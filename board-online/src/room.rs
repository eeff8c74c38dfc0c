//! One game's authoritative state and its subscribers (`Room`, run as one
//! task per game), and the [`Hub`] that creates games, finds them by code and
//! restores them after a restart.
//!
//! A room handles its requests one at a time: a move is checked with the
//! rules, written to the store, and only then applied and sent to every
//! subscriber with the new ply. Refusals go to the sender only.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use subtle::ConstantTimeEq;
use tokio::sync::{mpsc, oneshot, Notify};
use tokio::time::sleep_until;

use crate::metrics::Metrics;
use crate::protocol::{
    ClockSpec, ClockState, Ending, ErrorKind, GameResult, GameState, Moved, Players, Refusal, Seat,
    SeatChoice, ServerMsg, Turn, Words,
};
use crate::registry::{ConfigError, Registry, Table};
use crate::settings::{
    Settings, FINISHED_RETENTION, MAX_CLOCK_MS, MAX_PLIES, OUTBOX_CAPACITY, ROOM_QUEUE_CAPACITY,
};
use crate::store::{Lease, Store, StoreError, StoredGame, Write, Writer};
use crate::token::{self, Code, SeatToken};

/// What a connection receives: a text frame, or the order to close.
#[derive(Debug, Clone)]
pub enum Frame {
    /// A JSON message.
    Text(Arc<str>),
    /// A WebSocket ping (the connection checks that its peer is there).
    Ping,
    /// Close the connection, saying why.
    Close(String),
}

/// The sending end of one connection's queue of outgoing frames. Bounded: a
/// connection that does not read fast enough is told to close instead of
/// making the server buffer for it.
#[derive(Debug, Clone)]
pub struct Outbox {
    id: u64,
    tx: mpsc::Sender<Frame>,
    too_slow: Arc<Notify>,
    /// Whether the connection reads `moved` (protocol 2): after its first
    /// full state, a move reaches it as a `moved`, not a `state`.
    pub deltas: bool,
}

impl Outbox {
    /// A new outbox with its receiving end, and the signal that fires when
    /// the connection fell too far behind.
    #[must_use]
    pub fn new(id: u64) -> (Outbox, mpsc::Receiver<Frame>, Arc<Notify>) {
        let (tx, rx) = mpsc::channel(OUTBOX_CAPACITY);
        let too_slow = Arc::new(Notify::new());
        (
            Outbox {
                id,
                tx,
                too_slow: too_slow.clone(),
                deltas: false,
            },
            rx,
            too_slow,
        )
    }

    /// Queues a frame; `false` if the connection is gone or too slow.
    pub fn send(&self, frame: Frame) -> bool {
        match self.tx.try_send(frame) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.too_slow.notify_one();
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Queues a message.
    pub fn send_msg(&self, msg: &ServerMsg) -> bool {
        self.send(Frame::Text(msg.to_json().into()))
    }
}

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

/// A request to a room.
#[derive(Debug)]
enum Command {
    Subscribe {
        outbox: Outbox,
        /// The seat to take, if free (a `join`); `None` to watch.
        take_seat: bool,
        reply: oneshot::Sender<Option<Seat>>,
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
    /// Another instance took the game over: tell everyone and stop.
    Lost,
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
}

/// The room is gone (finished and dropped, or the server is stopping).
#[derive(Debug, Clone, Copy, thiserror::Error)]
#[error("the game is no longer kept")]
pub struct RoomGone;

impl RoomHandle {
    async fn send(&self, cmd: Command) -> Result<(), RoomGone> {
        self.tx.send(cmd).await.map_err(|_| RoomGone)
    }

    /// Joins: takes the free seat (and queues `joined` with its token) or
    /// watches (and queues `watching`); then the state follows.
    ///
    /// # Errors
    /// The room is gone.
    pub async fn join(&self, outbox: Outbox, take_seat: bool) -> Result<Option<Seat>, RoomGone> {
        let (reply, rx) = oneshot::channel();
        self.send(Command::Subscribe {
            outbox,
            take_seat,
            reply,
        })
        .await?;
        rx.await.map_err(|_| RoomGone)
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

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

fn ms(d: Duration) -> u64 {
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
struct Room {
    code: String,
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
    subscribers: Vec<Outbox>,
    writer: Writer,
    idle_expiry: Duration,
    /// The epoch of the game's lease (0: a store without leases).
    lease: u64,
    /// Another instance took the game over: the room stops.
    lost: bool,
    metrics: Arc<Metrics>,
    /// Whether this room counts in [`Metrics::live_games`].
    live: bool,
}

impl Room {
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
        self.subscribers.retain(|o| o.id != outbox.id);
        self.subscribers.push(outbox);
    }

    fn broadcast(&mut self) {
        let frame = self.state_frame();
        self.subscribers.retain(|o| o.send(frame.clone()));
    }

    /// Stores `write` under the game's lease; notes a lost lease.
    async fn save(&mut self, write: Write) -> Result<(), StoreError> {
        let stored = self.writer.write_fenced(self.lease, write).await;
        if let Err(StoreError::LeaseLost(_)) = &stored {
            self.lost = true;
        }
        stored
    }

    /// Another instance runs the game now: every subscriber is told to
    /// reconnect (`relocated`, then the connection closes).
    fn evict(&mut self) {
        tracing::warn!(code = %self.code, "lease lost: another instance runs the game now");
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

    /// Ends the game: stores the result, then tells everyone.
    async fn finish(&mut self, result: GameResult) {
        if self.conclude(result).await {
            self.broadcast();
        }
    }

    /// Ends the game and stores the result, telling no one yet; `false` if
    /// it had ended already.
    async fn conclude(&mut self, result: GameResult) -> bool {
        tracing::info!(code = %self.code, plies = self.moves.len(), "game over: {}", result.text);
        if self.result.is_some() {
            return false;
        }
        if let Err(e) = self
            .save(Write::Finish {
                code: self.code.clone(),
                result: result.clone(),
                at_ms: unix_ms(),
            })
            .await
        {
            // The game is over in memory regardless; a restart from the
            // store would continue it from its last stored move.
            tracing::error!(code = %self.code, "could not store the result: {e}");
        }
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
        self.set_live(false);
        true
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

    async fn on_subscribe(&mut self, outbox: Outbox, take_seat: bool) -> Option<Seat> {
        let free = Seat::ALL
            .into_iter()
            .find(|s| self.seats[s.index()].is_none());
        match free {
            Some(seat) if take_seat && self.result.is_none() => {
                let token = SeatToken::generate();
                let hash = token.hash();
                let stored = self
                    .save(Write::Seat {
                        code: self.code.clone(),
                        seat,
                        token_hash: hash,
                    })
                    .await;
                if let Err(e) = stored {
                    outbox.send_msg(&ServerMsg::error(
                        ErrorKind::Unavailable,
                        format!("could not store the seat: {e}"),
                    ));
                    return None;
                }
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
                Some(seat)
            }
            _ => {
                outbox.send_msg(&ServerMsg::Watching {
                    code: self.code.clone(),
                });
                outbox.send(self.state_frame());
                self.subscribe(outbox);
                None
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
            self.finish(self.loss(seat, Ending::FlagFall)).await;
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
        let stored = self
            .save(Write::Move {
                code: self.code.clone(),
                ply,
                text: canonical.clone(),
                at_ms: unix_ms(),
                clock_ms,
            })
            .await;
        if let Err(e) = stored {
            if self.lost {
                // Another instance runs the game: the room stops and tells
                // every connection `relocated`; the mover's client resumes there
                // and sends the move again.
                return;
            }
            return self.refuse(
                &outbox,
                Refusal::Unavailable,
                &text,
                format!("the move could not be stored, try again: {e}"),
            );
        }
        if let Err(e) = self.table.play(&canonical) {
            // check() accepted it; play() must too (the Game contract).
            tracing::error!(code = %self.code, "a checked move failed to play: {e}");
        }
        self.moves.push(canonical);
        self.metrics.moves.inc();
        self.last_activity = Instant::now();
        if let (Some(c), Some(after)) = (&mut self.clock, clock_ms) {
            c.remaining = after;
            c.since = Some(Instant::now());
        }
        let result = self.rules_result(Ending::Rules).or_else(|| {
            (self.ply() >= MAX_PLIES).then(|| GameResult {
                winner: None,
                ending: Ending::Expired,
                text: format!("the game reached the server's limit of {MAX_PLIES} plies"),
            })
        });
        if let Some(result) = result {
            self.conclude(result).await;
        }
        self.broadcast_move();
    }

    async fn on_resign(&mut self, outbox: Outbox, token_hash: [u8; 32]) {
        match self.actor(&token_hash, false) {
            Ok(seat) => self.finish(self.loss(seat, Ending::Resignation)).await,
            Err((Refusal::NotStarted, _)) => {
                // Resigning before the opponent came: the creator wins nothing
                // and loses nothing, but the game ends.
                if let Some(seat) = self.seat_of(&token_hash) {
                    self.finish(self.loss(seat, Ending::Resignation)).await;
                }
            }
            Err((kind, reason)) => self.refuse(&outbox, kind, "", reason),
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
                self.finish(result).await;
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
        at
    }

    /// Acts on a deadline; `false` when the room should close.
    async fn on_deadline(&mut self) -> bool {
        let now = Instant::now();
        if let Some(at) = self.finished_at {
            return now < at + FINISHED_RETENTION;
        }
        if let Some(seat) = self.flag_fallen(now) {
            self.finish(self.loss(seat, Ending::FlagFall)).await;
        } else if now >= self.last_activity + self.idle_expiry {
            let secs = self.idle_expiry.as_secs();
            self.finish(GameResult {
                winner: None,
                ending: Ending::Expired,
                text: format!("the game expired: no move for {secs} s"),
            })
            .await;
        }
        true
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Command>, hub: Weak<Hub>) {
        // A restored game may have ended on its last stored move.
        if self.result.is_none() {
            if let Some(result) = self.rules_result(Ending::Rules) {
                self.finish(result).await;
            }
        }
        self.set_live(self.result.is_none());
        self.broadcast();
        loop {
            let deadline = tokio::time::Instant::from_std(self.deadline());
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
            }
            if self.lost {
                self.evict();
                break;
            }
        }
        self.set_live(false);
        if let Some(hub) = hub.upgrade() {
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
            Command::Leave { id } => self.subscribers.retain(|o| o.id != id),
            Command::Snapshot { reply } => {
                let _ = reply.send((self.state(), self.table.record()));
            }
            Command::Lost => self.lost = true,
            Command::Sync { outbox } => {
                outbox.send(self.state_frame());
            }
        }
    }
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
    /// Held while taking a game over: two requests for one game (two
    /// players, a sweep) must not take its lease twice, the second
    /// fencing off the room of the first.
    takeovers: tokio::sync::Mutex<()>,
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
            takeovers: tokio::sync::Mutex::new(()),
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

    /// Forgets the room of `code` if it is the one of lease `epoch` (a room
    /// that stops after another took its place leaves that one alone).
    fn remove_room(&self, code: &str, epoch: u64) {
        let mut rooms = self.rooms();
        if rooms.get(code).is_some_and(|r| r.lease == epoch) {
            rooms.remove(code);
        }
    }

    /// Whether several instances share the store (games have leases).
    #[must_use]
    pub fn shared(&self) -> bool {
        self.store.shared()
    }

    /// Renews the leases of the games in memory; stops the rooms whose
    /// lease another instance took (their clients are told to reconnect).
    ///
    /// # Errors
    /// The store failed (the leases run on until they expire).
    pub async fn renew_leases(&self) -> Result<(), StoreError> {
        let held = self.held();
        if held.is_empty() {
            return Ok(());
        }
        let store = self.store.clone();
        let asked = held.clone();
        let lost = tokio::task::spawn_blocking(move || store.renew(&asked))
            .await
            .map_err(|e| StoreError::Database(e.to_string()))??;
        for code in lost {
            let epoch = held.iter().find(|(c, _)| *c == code).map(|(_, e)| *e);
            let room = {
                let mut rooms = self.rooms();
                // The room of that lease, not one started since.
                if rooms.get(&code).map(|r| r.lease) == epoch {
                    rooms.remove(&code)
                } else {
                    None
                }
            };
            if let Some(room) = room {
                let _ = room.tx.send(Command::Lost).await;
            }
        }
        Ok(())
    }

    /// The (code, epoch) of every lease the rooms in memory hold.
    fn held(&self) -> Vec<(String, u64)> {
        self.rooms()
            .iter()
            .filter(|(_, r)| r.lease > 0)
            .map(|(c, r)| (c.clone(), r.lease))
            .collect()
    }

    /// Hands every lease back (a graceful stop, after the rooms closed).
    ///
    /// # Errors
    /// The store failed.
    pub async fn release_leases(&self, held: Vec<(String, u64)>) -> Result<(), StoreError> {
        let store = self.store.clone();
        tokio::task::spawn_blocking(move || store.release(&held))
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
        let codes = tokio::task::spawn_blocking(move || store.orphans(limit))
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
                Err(FindError::Store(e)) => return Err(e),
            }
        }
        Ok(taken)
    }

    /// Closes every room and returns the leases they held, to release once
    /// their writes are done.
    pub fn close_all_leases(&self) -> Vec<(String, u64)> {
        let held = self.held();
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

    /// The room of `code`, if the game is kept.
    #[must_use]
    pub fn room(&self, code: &Code) -> Option<RoomHandle> {
        self.rooms().get(code.as_str()).cloned()
    }

    /// Drops every room (at shutdown), so that their tasks end.
    pub fn close_all(&self) {
        self.rooms().clear();
    }

    fn spawn(&self, room: Room) -> RoomHandle {
        let (tx, rx) = mpsc::channel(ROOM_QUEUE_CAPACITY);
        let handle = RoomHandle {
            tx,
            lease: room.lease,
        };
        let mut rooms = self.rooms();
        if let Some(running) = rooms.get(&room.code) {
            // Read back from the store twice at once: one room is enough.
            return running.clone();
        }
        rooms.insert(room.code.clone(), handle.clone());
        drop(rooms);
        tokio::spawn(room.run(rx, self.me.clone()));
        handle
    }

    /// The game of `code`: the room in memory, or a finished game read back
    /// from the store (kept for `--keep-finished`), whose room then stays in
    /// memory for [`FINISHED_RETENTION`]. `None` for an unknown code.
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
        Ok(self.room_from_stored(stored).map(|room| self.spawn(room)))
    }

    /// An unfinished game no room here holds: takes its lease if its owner
    /// is gone (or it has none) and continues it from the stored moves, or
    /// says where it runs.
    async fn take_over(&self, code: &Code) -> Result<Option<RoomHandle>, FindError> {
        let _one_at_a_time = self.takeovers.lock().await;
        if let Some(room) = self.room(code) {
            // Another request took it over meanwhile.
            return Ok(Some(room));
        }
        let store = self.store.clone();
        let key = code.to_string();
        let (lease, stored) = tokio::task::spawn_blocking(move || {
            // The lease first, the moves after: the last writes of the
            // previous owner are then all visible.
            let lease = store.acquire(&key)?;
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
                Ok(self.room_from_stored(stored).map(|mut room| {
                    room.lease = epoch;
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
        let room = self.room_from(
            code.to_string(),
            game.to_owned(),
            config,
            table,
            seats,
            clock,
        );
        let mut room = room;
        room.lease = self.store.created_lease();
        room.subscribers.push(outbox);
        Ok(self.spawn(room))
    }

    fn room_from(
        &self,
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
            writer: self.writer.clone(),
            idle_expiry: self.settings.idle_expiry,
            lease: 0,
            lost: false,
            metrics: self.metrics.clone(),
            live: false,
        }
    }

    /// Continues every stored unfinished game: replays its moves with the
    /// rules and starts its room. Returns how many were restored; a stored
    /// game that no longer replays (a game removed from the registry, a
    /// move the rules now refuse) is reported on stderr and left out.
    pub fn restore(&self, games: Vec<StoredGame>) -> usize {
        let mut restored = 0;
        for stored in games {
            if let Some(room) = self.room_from_stored(stored) {
                self.spawn(room);
                restored += 1;
            }
        }
        restored
    }

    /// A room for a stored game, its moves replayed with the rules; `None`
    /// (and a warning) if it no longer replays: a game removed from the
    /// registry, a move the rules now refuse.
    fn room_from_stored(&self, stored: StoredGame) -> Option<Room> {
        let now_ms = unix_ms();
        let mut table = match self.registry.start(&stored.game, &stored.config) {
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
        let mut room = self.room_from(
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
            .min(self.settings.idle_expiry);
        room.last_activity = Instant::now()
            .checked_sub(idle)
            .unwrap_or_else(Instant::now);
        Some(room)
    }
}
