//! Every limit of the server, in one place: the fixed ones as constants, the
//! adjustable ones as fields of [`Settings`] (each with its default and its
//! `serve` flag).

use std::time::Duration;

use crate::proxy::TrustedProxies;

/// The largest WebSocket frame or message a client may send (4 KiB); a larger
/// one closes the connection. A `create` with its configuration fits easily.
pub const MAX_FRAME_BYTES: usize = 4 * 1024;

/// The read buffer of each WebSocket connection (8 KiB; the library's
/// default is 128 KiB, which for thousands of connections is most of the
/// server's memory). Messages are at most [`MAX_FRAME_BYTES`] anyway.
pub const READ_BUFFER_BYTES: usize = 8 * 1024;

/// The most a WebSocket connection's write buffer may hold (512 KiB, more
/// than the largest message, a 10,000-ply game's state): pongs owed to a peer
/// that sends pings and reads nothing pile up there, and past it the
/// connection is closed.
pub const MAX_WRITE_BUFFER_BYTES: usize = 512 * 1024;

/// The longest one write to a WebSocket may take (10 s): a peer that stops
/// reading fills the socket's buffers, and its next write then times out
/// and closes the connection (slot, task and socket together).
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// The time a new connection has to send its `hello` before it is closed.
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// The longest a connection may stay a plain HTTP connection (fetching the
/// page's files, keep-alive included) before it is closed; a WebSocket
/// upgrade ends this phase. Each request's head must still arrive within
/// [`Settings::handshake_timeout`].
pub const HTTP_CONNECTION_LIFETIME: Duration = Duration::from_secs(60);

/// How long the server waits after a failed `accept` (out of descriptors,
/// most likely) before accepting again.
pub const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// How long `GET /healthz` waits for the store to answer before it says 503.
pub const HEALTH_TIMEOUT: Duration = Duration::from_secs(2);

/// How long a stopping server waits for its connections to close.
pub const DRAIN_TIMEOUT: Duration = Duration::from_secs(5);

/// How long the server keeps reading (and discarding) from a connection it
/// is closing, so that its last error reaches the client: closing a socket
/// with unread input makes the kernel reset it, losing what was in flight.
pub const CLOSE_GRACE: Duration = Duration::from_secs(2);

/// Messages queued for one connection before it counts as too slow to
/// follow and is dropped, so a client that stops reading cannot make the
/// server buffer without bound.
pub const OUTBOX_CAPACITY: usize = 256;

/// Requests queued for one game before senders wait.
pub const ROOM_QUEUE_CAPACITY: usize = 256;

/// Writes queued for the store before game rooms wait.
pub const STORE_QUEUE_CAPACITY: usize = 4096;

/// The most writes the store commits in one transaction (group commit).
pub const STORE_BATCH: usize = 512;

/// How often SQLite's write-ahead log is copied into the database file, on
/// a thread of its own (a commit only appends to the log). Each copy ends
/// with an fsync of the database file, which the commits' own fsyncs wait
/// behind on the device: every 2 s rather than every 500 ms cut the moves'
/// p99 at 9,950 paced games on disk (README, *At human pace*).
pub const CHECKPOINT_INTERVAL: Duration = Duration::from_secs(2);

/// Log frames (a page each: 1 KiB in a database this server created) past
/// which a checkpoint briefly holds the writer to empty the log, so it
/// cannot grow without bound under a load that never pauses: a log of at
/// most about 69 MB, started over about every 18 s at 2,000 moves/s.
pub const CHECKPOINT_RESTART_FRAMES: i64 = 65_536;

/// The most plies a game may last; the server ends a longer one as expired.
/// Every game of the workspace ends far sooner by its rules; this bounds a
/// game added later whose rules do not.
pub const MAX_PLIES: u32 = 10_000;

/// The most a clock's initial time or increment may be (one week).
pub const MAX_CLOCK_MS: u64 = 7 * 24 * 3600 * 1000;

/// The longest move text, game name or code a client may send, in bytes.
pub const MAX_TEXT_BYTES: usize = 256;

/// How long a finished game stays in memory after it ended or was last read
/// from the store, so that players and spectators reconnecting at once get
/// its final state without a read. It stays in the store for
/// [`Settings::keep_finished`].
pub const FINISHED_RETENTION: Duration = Duration::from_secs(10 * 60);

/// How long a room waits before it tries again to store an ending that
/// came by itself (a flag fall, the idle expiry) and whose write failed:
/// the game goes on in memory, told to no one, until the write succeeds.
pub const ENDING_RETRY: Duration = Duration::from_secs(1);

/// How often the server deletes the finished games older than
/// [`Settings::keep_finished`] from the store (and once at start).
pub const PURGE_INTERVAL: Duration = Duration::from_secs(3600);

/// Remote addresses whose failed-join and create budgets are tracked at once;
/// beyond it the oldest entries are forgotten, so memory stays bounded.
pub const MAX_TRACKED_ADDRESSES: usize = 100_000;

/// The adjustable limits of a server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// A game with no move for this long ends as expired (`--idle-expiry`,
    /// seconds, default one day).
    pub idle_expiry: Duration,
    /// Messages a connection may send per second, sustained (`--message-rate`,
    /// default 20), WebSocket pings and pongs included; above it the
    /// connection gets `rate_limited` and closes.
    pub message_rate: u32,
    /// Messages a connection may send in a burst (`--message-burst`, default 40).
    pub message_burst: u32,
    /// Failed joins (unknown code, wrong token) an address may make per
    /// minute (`--failed-joins-per-minute`, default 10), with a burst of as
    /// many; above it the connection gets `rate_limited` and closes.
    pub failed_joins_per_minute: u32,
    /// Games an address may create per minute (`--creates-per-minute`,
    /// default 60), with a burst of as many.
    pub creates_per_minute: u32,
    /// Reads of games over HTTP (`GET /games/CODE`, `GET /games/CODE.json`)
    /// an address may make per minute (`--reads-per-minute`, default 60),
    /// with a burst of as many; above it, `429 Too Many Requests`.
    pub reads_per_minute: u32,
    /// The reverse proxies whose `X-Forwarded-For` names the client
    /// (`--trusted-proxy CIDR`, repeatable; default none). The per-address
    /// limits key on that client's address for connections from them, and
    /// on the peer's address for every other connection.
    pub trusted_proxies: TrustedProxies,
    /// Open connections at most (`--max-connections`, default 10,000),
    /// counted from the moment a socket is accepted: requests and
    /// handshakes in progress as well as WebSockets. Past it a new socket
    /// gets `503 Service Unavailable` and is closed at once.
    pub max_connections: usize,
    /// Open connections from one remote address at most
    /// (`--max-connections-per-address`, default 256), counted the same
    /// way; past it, the same `503`.
    pub max_connections_per_address: usize,
    /// The time a new connection has to send its whole HTTP request head
    /// (`--handshake-timeout`, seconds, default 5): a silent socket, or a
    /// request that never ends, is closed then. It also bounds the wait for
    /// the next request on a kept-alive HTTP connection.
    pub handshake_timeout: Duration,
    /// A WebSocket from which nothing has arrived for this long is sent a
    /// ping; if still nothing arrives (the pong included) within as long
    /// again, it is closed (`--ping-interval`, seconds, default 30).
    pub ping_interval: Duration,
    /// Games in memory at most (`--max-games`, default 100,000).
    pub max_games: usize,
    /// How long a finished game stays readable (`watch`, `join`, `resume`,
    /// `GET /games/CODE`) after it ended (`--keep-finished`, seconds,
    /// default 30 days); older ones are deleted from the store.
    pub keep_finished: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            idle_expiry: Duration::from_secs(24 * 3600),
            message_rate: 20,
            message_burst: 40,
            failed_joins_per_minute: 10,
            creates_per_minute: 60,
            reads_per_minute: 60,
            trusted_proxies: TrustedProxies::default(),
            max_connections: 10_000,
            max_connections_per_address: 256,
            handshake_timeout: Duration::from_secs(5),
            ping_interval: Duration::from_secs(30),
            max_games: 100_000,
            keep_finished: Duration::from_secs(30 * 24 * 3600),
        }
    }
}

/// The longest line the client reads from standard input (4 KiB); a longer
/// line is dropped whole, so an endless line cannot fill memory.
pub const MAX_INPUT_LINE: usize = 4 * 1024;

/// The client's first wait before reconnecting; it doubles after each
/// failed attempt up to [`RECONNECT_MAX_DELAY`].
pub const RECONNECT_FIRST_DELAY: Duration = Duration::from_millis(100);

/// The client's longest wait between two reconnection attempts.
pub const RECONNECT_MAX_DELAY: Duration = Duration::from_secs(3);

/// Failed connection attempts in a row after which the client gives up
/// (about a minute and a half with the delays above).
pub const RECONNECT_ATTEMPTS: u32 = 40;
