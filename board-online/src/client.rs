//! The command-line client: `host`, `join` and `watch`.
//!
//! It prints what the server says, in lines a person (or a script) reads:
//! `code: XXXXXX` once a game is created, `move N: TEXT` for every move, the
//! board after each move, `refused: REASON` for a refused move, and at the
//! end `result: TEXT`. It reads moves from standard input, one per line:
//! `?` lists the legal moves, `resign` resigns, `draw` claims a draw. When
//! the connection drops it reconnects with backoff and resumes its seat;
//! lines typed meanwhile are sent once it is back.

use std::io::{BufRead, Write as _};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio_rustls::rustls::pki_types::ServerName;
use tokio_tungstenite::tungstenite::Message;

use crate::protocol::{
    ClientMsg, ClockSpec, ErrorKind, GameResult, GameState, Moved, Refusal, Seat, SeatChoice,
    ServerMsg, PROTOCOL_VERSION,
};
use crate::registry::{Registry, Table};
use crate::settings::{
    MAX_INPUT_LINE, RECONNECT_ATTEMPTS, RECONNECT_FIRST_DELAY, RECONNECT_MAX_DELAY,
};

/// What the client does.
#[derive(Debug, Clone, PartialEq)]
pub enum Mode {
    /// Create a game and play it.
    Host {
        /// The game's name.
        game: String,
        /// Its configuration (`{}` for the default).
        config: serde_json::Value,
        /// The seat wanted.
        seat: SeatChoice,
        /// An optional clock.
        clock: Option<ClockSpec>,
    },
    /// Join a game by code and play it (or watch, if both seats are taken).
    Join {
        /// The game code.
        code: String,
    },
    /// Watch a game by code.
    Watch {
        /// The game code.
        code: String,
    },
}

/// Why the client stopped before the game ended.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The server could not be reached, again and again.
    #[error("cannot reach {0}: {1}")]
    Unreachable(String, String),
    /// The server refused the request for good (no such game, bad config…).
    #[error("{0}")]
    Refused(String),
    /// Standard output failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// The largest answer [`record`] reads.
const MAX_RECORD_BYTES: u64 = 16 << 20;

/// The record of game `code` from the server at `server` (asked over HTTP
/// or HTTPS at `/games/CODE`), in its rules crate's text, ending in a
/// newline.
///
/// # Errors
/// The server cannot be reached, or answers other than 200 (its answer's
/// first line is quoted: `no game has this code`).
pub async fn record(server: &Endpoint, code: &str) -> Result<String, ClientError> {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let unreachable =
        |e: &dyn std::fmt::Display| ClientError::Unreachable(server.url.clone(), e.to_string());
    let code: crate::Code = code
        .parse()
        .map_err(|_| ClientError::Refused(format!("not a game code: {}", crate::excerpt(code))))?;
    let mut io = server.stream().await.map_err(|e| unreachable(&e))?;
    let request = format!(
        "GET /games/{code} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.authority
    );
    io.write_all(request.as_bytes())
        .await
        .map_err(|e| unreachable(&e))?;
    let mut answer = Vec::new();
    // A TLS peer that closes without close_notify still sent the whole
    // answer (`Connection: close`): keep what arrived.
    let read = io.take(MAX_RECORD_BYTES).read_to_end(&mut answer).await;
    if answer.is_empty() {
        read.map_err(|e| unreachable(&e))?;
    }
    let answer = String::from_utf8_lossy(&answer);
    let (head, body) = answer
        .split_once("\r\n\r\n")
        .ok_or_else(|| unreachable(&"not an HTTP answer"))?;
    let status = head.split(' ').nth(1).unwrap_or("");
    if status == "200" {
        Ok(body.to_owned())
    } else {
        let why = body.lines().next().unwrap_or("");
        Err(ClientError::Refused(format!(
            "HTTP {status}: {}",
            crate::excerpt(why)
        )))
    }
}

/// A byte stream to the server: plain TCP or TLS over it.
trait Io: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send {}
impl<T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send> Io for T {}

/// A server as the client reaches it: `ws://HOST:PORT[/PATH]`, or
/// `wss://…` over TLS, whose certificate is checked against the Mozilla
/// roots built into the binary (`webpki-roots`) or, with a CA file, against
/// that file's certificates only.
#[derive(Clone)]
pub struct Endpoint {
    url: String,
    /// `HOST:PORT` as written (for the `Host` header).
    authority: String,
    /// `HOST:PORT` to connect to (an IPv6 host without its brackets).
    host: String,
    port: u16,
    tls: Option<(tokio_rustls::TlsConnector, ServerName<'static>)>,
}

impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Endpoint")
            .field("url", &self.url)
            .field("tls", &self.tls.is_some())
            .finish()
    }
}

impl Endpoint {
    /// The server at `url` (`ws://` or `wss://`); `ca`: a PEM file of the
    /// certificates that may sign a `wss://` server's (a private CA).
    ///
    /// # Errors
    /// The URL is not a `ws://` or `wss://` one, or the CA file cannot be
    /// read or holds no certificate.
    pub fn new(url: &str, ca: Option<&std::path::Path>) -> Result<Endpoint, ClientError> {
        let bad = |why: &str| ClientError::Refused(format!("{why}: {}", crate::excerpt(url)));
        let (secure, rest) = if let Some(rest) = url.strip_prefix("wss://") {
            (true, rest)
        } else if let Some(rest) = url.strip_prefix("ws://") {
            (false, rest)
        } else {
            return Err(bad("not a ws:// or wss:// address"));
        };
        let authority = rest.split('/').next().unwrap_or(rest).to_owned();
        let (host, port) = match authority.rsplit_once(':') {
            Some((host, port)) if !port.contains(']') => (
                host,
                port.parse::<u16>().map_err(|_| bad("not a port number"))?,
            ),
            _ => (authority.as_str(), if secure { 443 } else { 80 }),
        };
        let host = host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned();
        if host.is_empty() {
            return Err(bad("no host"));
        }
        let tls = if secure {
            let name = ServerName::try_from(host.clone()).map_err(|_| bad("not a host name"))?;
            Some((tls_connector(ca)?, name))
        } else {
            None
        };
        Ok(Endpoint {
            url: url.to_owned(),
            authority,
            host,
            port,
            tls,
        })
    }

    /// The URL.
    #[must_use]
    pub fn url(&self) -> &str {
        &self.url
    }

    async fn stream(&self) -> Result<Box<dyn Io>, String> {
        let tcp = tokio::net::TcpStream::connect((self.host.as_str(), self.port))
            .await
            .map_err(|e| e.to_string())?;
        let _ = tcp.set_nodelay(true);
        match &self.tls {
            None => Ok(Box::new(tcp)),
            Some((connector, name)) => {
                let tls = connector
                    .connect(name.clone(), tcp)
                    .await
                    .map_err(|e| format!("TLS: {e}"))?;
                Ok(Box::new(tls))
            }
        }
    }

    async fn websocket(&self) -> Result<Ws, String> {
        let io = self.stream().await?;
        let (ws, _) = tokio_tungstenite::client_async(self.url.as_str(), io)
            .await
            .map_err(|e| e.to_string())?;
        Ok(ws)
    }
}

/// A TLS client trusting the certificates of `ca`, or the Mozilla roots.
fn tls_connector(ca: Option<&std::path::Path>) -> Result<tokio_rustls::TlsConnector, ClientError> {
    use tokio_rustls::rustls::pki_types::pem::PemObject as _;
    use tokio_rustls::rustls::pki_types::CertificateDer;
    use tokio_rustls::rustls::{ClientConfig, RootCertStore};
    let mut roots = RootCertStore::empty();
    match ca {
        None => roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned()),
        Some(file) => {
            let bad = |e: &dyn std::fmt::Display| {
                ClientError::Refused(format!("--ca {}: {e}", file.display()))
            };
            for cert in CertificateDer::pem_file_iter(file).map_err(|e| bad(&e))? {
                roots.add(cert.map_err(|e| bad(&e))?).map_err(|e| bad(&e))?;
            }
            if roots.is_empty() {
                return Err(bad(&"no certificate in the file"));
            }
        }
    }
    let provider = std::sync::Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| ClientError::Refused(format!("TLS: {e}")))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(tokio_rustls::TlsConnector::from(std::sync::Arc::new(
        config,
    )))
}

/// One line of standard input.
#[derive(Debug)]
enum Input {
    Line(String),
    TooLong,
}

/// Reads standard input on its own thread, line by line, each at most
/// [`MAX_INPUT_LINE`] bytes; a longer line is skipped whole.
fn spawn_stdin() -> mpsc::Receiver<Input> {
    let (tx, rx) = mpsc::channel(16);
    let _ = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut lock = stdin.lock();
            loop {
                let mut buf = Vec::new();
                let limit = u64::try_from(MAX_INPUT_LINE).unwrap_or(u64::MAX) + 1;
                match std::io::Read::take(&mut lock, limit).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                let input = if buf.last() == Some(&b'\n') || buf.len() <= MAX_INPUT_LINE {
                    Input::Line(String::from_utf8_lossy(&buf).trim().to_owned())
                } else {
                    // Skip the rest of the line, in bounded pieces.
                    loop {
                        buf.clear();
                        match std::io::Read::take(&mut lock, limit).read_until(b'\n', &mut buf) {
                            Ok(0) | Err(_) => break,
                            Ok(_) if buf.last() == Some(&b'\n') => break,
                            Ok(_) => {}
                        }
                    }
                    Input::TooLong
                };
                if tx.blocking_send(input).is_err() {
                    return;
                }
            }
        });
    rx
}

/// The client's memory of its game across connections.
#[derive(Debug, Default)]
struct Session {
    code: Option<String>,
    seat: Option<Seat>,
    token: Option<String>,
    state: Option<GameState>,
    printed_moves: usize,
    announced_wait: bool,
    /// The last move sent and not yet answered (by a state past its ply or
    /// a refusal): sent again if the connection dropped before the answer.
    in_flight: Option<(u32, ClientMsg)>,
    /// The game at `state`, with its rules, to apply `moved` messages;
    /// built from the last full state when first needed.
    table: Option<Box<dyn Table>>,
}

fn out(line: impl AsRef<str>) -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{}", line.as_ref())?;
    stdout.flush()
}

fn clock_text(ms: u64) -> String {
    format!("{}:{:02}.{}", ms / 60_000, ms / 1000 % 60, ms / 100 % 10)
}

impl Session {
    /// The state after `moved`, computed with the game's rules from the
    /// state before; `None` when the move does not follow it (a ply was
    /// missed) or does not replay, and the client must ask for a full state.
    fn advance(&mut self, moved: &Moved) -> Option<GameState> {
        let state = self.state.as_ref()?;
        if moved.ply != state.ply + 1 || state.result.is_some() {
            return None;
        }
        let mut table = match self.table.take() {
            Some(table) => table,
            None => {
                let mut table = Registry::standard()
                    .start(&state.game, &state.config)
                    .ok()?;
                for m in &state.moves {
                    table.play(m).ok()?;
                }
                table
            }
        };
        let canonical = table.play(&moved.text).ok()?;
        let mut next = state.clone();
        next.moves.push(canonical);
        next.ply = moved.ply;
        next.turn = moved.turn.clone();
        next.board = table.board();
        next.result = moved.result.clone();
        next.legal_moves = if next.result.is_some() {
            Vec::new()
        } else {
            table.legal_moves()
        };
        next.clock = moved.clock.clone();
        self.table = Some(table);
        Some(next)
    }

    /// Prints what is new in `state`; `Some(result)` when the game is over.
    fn show(&mut self, state: GameState) -> std::io::Result<Option<GameResult>> {
        let first = self.state.is_none();
        if state.moves.len() < self.printed_moves {
            self.printed_moves = 0;
        }
        let new = state.moves.len() > self.printed_moves;
        for (i, text) in state.moves.iter().enumerate().skip(self.printed_moves) {
            out(format!("move {}: {text}", i + 1))?;
        }
        self.printed_moves = state.moves.len();
        if new || first {
            out(state.board.trim_end())?;
            if let Some(c) = &state.clock {
                out(format!(
                    "clock: {} {}, {} {}",
                    state.players.first,
                    clock_text(c.first_ms),
                    state.players.second,
                    clock_text(c.second_ms)
                ))?;
            }
        }
        if let Some(result) = &state.result {
            out(format!("result: {}", result.text))?;
            return Ok(Some(result.clone()));
        }
        if !state.started {
            if !self.announced_wait {
                out("waiting for the opponent")?;
                self.announced_wait = true;
            }
        } else if new || first || self.announced_wait {
            self.announced_wait = false;
            self.prompt(&state)?;
        }
        self.state = Some(state);
        Ok(None)
    }

    fn prompt(&self, state: &GameState) -> std::io::Result<()> {
        if state.result.is_some() {
            return Ok(());
        }
        if self.seat == Some(state.turn.seat) {
            out(format!(
                "your move ({}), ply {} (? lists the legal moves):",
                state.turn.player, state.ply
            ))
        } else {
            out(format!("{} to move", state.turn.player))
        }
    }
}

/// Why one connection ended.
enum Ended {
    Over(GameResult),
    Dropped(String),
}

type Ws = tokio_tungstenite::WebSocketStream<Box<dyn Io>>;

async fn send(ws: &mut Ws, msg: &ClientMsg) -> Result<(), String> {
    let text = serde_json::to_string(msg).map_err(|e| e.to_string())?;
    ws.send(Message::text(text))
        .await
        .map_err(|e| e.to_string())
}

/// Plays (or watches) one game from `server` until it ends; returns its
/// result.
///
/// # Errors
/// The server stayed unreachable, refused the request for good, or
/// standard output failed.
pub async fn run(server: &Endpoint, mode: Mode) -> Result<GameResult, ClientError> {
    let mut input = spawn_stdin();
    let mut session = Session::default();
    let mut failures = 0u32;
    let mut delay = RECONNECT_FIRST_DELAY;
    loop {
        match server.websocket().await {
            Ok(mut ws) => match connected(&mut ws, &mode, &mut session, &mut input).await? {
                Ended::Over(result) => {
                    let _ = ws.close(None).await;
                    return Ok(result);
                }
                Ended::Dropped(why) => {
                    if session.state.is_some() {
                        // It had worked: start the backoff afresh.
                        failures = 0;
                        delay = RECONNECT_FIRST_DELAY;
                    }
                    out(format!("connection lost ({why}); reconnecting"))?;
                }
            },
            Err(e) => {
                failures += 1;
                if failures >= RECONNECT_ATTEMPTS {
                    return Err(ClientError::Unreachable(server.url.clone(), e));
                }
            }
        }
        tokio::time::sleep(delay).await;
        delay = (delay * 2).min(RECONNECT_MAX_DELAY);
    }
}

async fn connected(
    ws: &mut Ws,
    mode: &Mode,
    session: &mut Session,
    input: &mut mpsc::Receiver<Input>,
) -> Result<Ended, ClientError> {
    let hello = ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        client: concat!("board-online-cli ", env!("CARGO_PKG_VERSION")).into(),
    };
    if let Err(e) = send(ws, &hello).await {
        return Ok(Ended::Dropped(e));
    }
    let first = match (&session.code, &session.token, mode) {
        (Some(code), Some(token), _) => ClientMsg::Resume {
            code: code.clone(),
            token: token.clone(),
            last_ply: session.state.as_ref().map_or(0, |s| s.ply),
        },
        (Some(code), None, _) => ClientMsg::Watch { code: code.clone() },
        (
            None,
            _,
            Mode::Host {
                game,
                config,
                seat,
                clock,
            },
        ) => ClientMsg::Create {
            game: game.clone(),
            config: config.clone(),
            seat: *seat,
            clock: *clock,
        },
        (None, _, Mode::Join { code }) => ClientMsg::Join { code: code.clone() },
        (None, _, Mode::Watch { code }) => ClientMsg::Watch { code: code.clone() },
    };
    if let Err(e) = send(ws, &first).await {
        return Ok(Ended::Dropped(e));
    }
    // Standard input is read only once this connection has the state, so a
    // line typed while disconnected is sent with the ply of the fresh state.
    let mut synced = false;
    let mut stdin_open = true;
    loop {
        tokio::select! {
            frame = ws.next() => {
                let text = match frame {
                    None => return Ok(Ended::Dropped("closed by the server".into())),
                    Some(Err(e)) => return Ok(Ended::Dropped(e.to_string())),
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(f))) => {
                        let why = f.map(|f| f.reason.to_string()).unwrap_or_default();
                        return Ok(Ended::Dropped(format!("closed by the server: {why}")));
                    }
                    Some(Ok(_)) => continue,
                };
                let msg: ServerMsg = match serde_json::from_str(text.as_str()) {
                    Ok(m) => m,
                    Err(e) => {
                        out(format!("unreadable message from the server: {e}"))?;
                        continue;
                    }
                };
                let msg = match msg {
                    ServerMsg::Moved(moved) => match session.advance(&moved) {
                        Some(state) => ServerMsg::State(Box::new(state)),
                        None => {
                            // A ply missed: back to a full state.
                            session.table = None;
                            if let Err(e) = send(ws, &ClientMsg::Sync).await {
                                return Ok(Ended::Dropped(e));
                            }
                            continue;
                        }
                    },
                    ServerMsg::State(state) => {
                        // A full state: the rules' copy is rebuilt from it.
                        session.table = None;
                        ServerMsg::State(state)
                    }
                    other => other,
                };
                match msg {
                    ServerMsg::Welcome { .. } | ServerMsg::Pong | ServerMsg::Moved(_) => {}
                    ServerMsg::Created { code, seat, token } => {
                        out(format!("code: {code}"))?;
                        out(format!("seat: {}", seat.as_str()))?;
                        session.code = Some(code);
                        session.seat = Some(seat);
                        session.token = Some(token);
                    }
                    ServerMsg::Joined { code, seat, token } => {
                        out(format!("joined {code}"))?;
                        out(format!("seat: {}", seat.as_str()))?;
                        session.code = Some(code);
                        session.seat = Some(seat);
                        session.token = Some(token);
                    }
                    ServerMsg::Watching { code } => {
                        if session.code.is_none() {
                            out(format!("watching {code}"))?;
                        }
                        session.code = Some(code);
                    }
                    ServerMsg::Resumed { seat, .. } => {
                        out(format!("resumed: seat {}", seat.as_str()))?;
                    }
                    ServerMsg::State(state) => {
                        let ply = state.ply;
                        let my_turn = session.seat == Some(state.turn.seat);
                        if session.in_flight.as_ref().is_some_and(|(p, _)| ply > *p) {
                            session.in_flight = None;
                        }
                        if let Some(result) = session.show(*state)? {
                            return Ok(Ended::Over(result));
                        }
                        if !synced {
                            synced = true;
                            // A move sent just before the connection dropped,
                            // which the server never answered.
                            if let Some((p, msg)) = session.in_flight.clone() {
                                if p == ply && my_turn {
                                    if let Err(e) = send(ws, &msg).await {
                                        return Ok(Ended::Dropped(e));
                                    }
                                } else {
                                    session.in_flight = None;
                                }
                            }
                        }
                    }
                    ServerMsg::Refused { kind, reason, .. } => {
                        session.in_flight = None;
                        out(format!("refused: {reason}"))?;
                        if kind == Refusal::StalePly {
                            // This client missed a move: catch up.
                            if let Err(e) = send(ws, &ClientMsg::Sync).await {
                                return Ok(Ended::Dropped(e));
                            }
                        }
                        if let Some(state) = &session.state {
                            session.prompt(state)?;
                        }
                    }
                    ServerMsg::Error { kind, message } => {
                        out(format!("error: {message}"))?;
                        let fatal = matches!(
                            kind,
                            ErrorKind::UnknownGame
                                | ErrorKind::BadConfig
                                | ErrorKind::BadClock
                                | ErrorKind::BadHello
                        ) || (matches!(kind, ErrorKind::NoSuchGame | ErrorKind::BadToken)
                            && session.state.is_none());
                        if fatal {
                            return Err(ClientError::Refused(message));
                        }
                    }
                }
            }
            line = input.recv(), if synced && stdin_open => {
                let line = match line {
                    None => { stdin_open = false; continue; }
                    Some(Input::TooLong) => {
                        out(format!("line too long (over {MAX_INPUT_LINE} bytes), ignored"))?;
                        continue;
                    }
                    Some(Input::Line(l)) => l,
                };
                if let Some(msg) = command(session, &line)? {
                    if let ClientMsg::Move { ply, .. } = &msg {
                        session.in_flight = Some((*ply, msg.clone()));
                    }
                    if let Err(e) = send(ws, &msg).await {
                        return Ok(Ended::Dropped(e));
                    }
                }
            }
        }
    }
}

/// What a typed line asks the server, if anything.
fn command(session: &Session, line: &str) -> std::io::Result<Option<ClientMsg>> {
    let Some(state) = &session.state else {
        return Ok(None);
    };
    if line.is_empty() {
        return Ok(None);
    }
    if line == "?" {
        out(format!("legal moves: {}", state.legal_moves.join(", ")))?;
        return Ok(None);
    }
    let Some(token) = session.token.clone() else {
        out("you are watching; moves are for the players")?;
        return Ok(None);
    };
    Ok(Some(match line {
        "resign" => ClientMsg::Resign { token },
        "draw" => ClientMsg::ClaimDraw { token },
        text => ClientMsg::Move {
            token,
            ply: state.ply,
            text: text.to_owned(),
        },
    }))
}

/// Reads a clock as `MINUTES+SECONDS` (`5+3`: five minutes, three seconds
/// added per move; fractions allowed).
///
/// # Errors
/// The text is not of that form or out of range.
pub fn parse_clock(text: &str) -> Result<ClockSpec, String> {
    let (initial, increment) = text
        .split_once('+')
        .ok_or_else(|| format!("a clock is MINUTES+SECONDS, like 5+3, not {text:?}"))?;
    let number = |s: &str| -> Result<f64, String> {
        let v: f64 = s
            .trim()
            .parse()
            .map_err(|_| format!("not a number: {s:?}"))?;
        if v.is_finite() && (0.0..=10_080.0 * 60.0).contains(&v) {
            Ok(v)
        } else {
            Err(format!("out of range: {s:?}"))
        }
    };
    let initial = Duration::from_secs_f64(number(initial)? * 60.0);
    let increment = Duration::from_secs_f64(number(increment)?);
    Ok(ClockSpec {
        initial_ms: u64::try_from(initial.as_millis()).unwrap_or(u64::MAX),
        increment_ms: u64::try_from(increment.as_millis()).unwrap_or(u64::MAX),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_minutes_plus_seconds() {
        assert_eq!(
            parse_clock("5+3"),
            Ok(ClockSpec {
                initial_ms: 300_000,
                increment_ms: 3000
            })
        );
        assert_eq!(parse_clock("0.5+0").map(|c| c.initial_ms), Ok(30_000));
        assert!(parse_clock("5").is_err());
        assert!(parse_clock("x+3").is_err());
        assert!(parse_clock("-1+3").is_err());
        assert!(parse_clock("NaN+3").is_err());
    }

    /// The full state of a kybo game after `moves`, as the server sends it.
    fn kybo_state(moves: &[&str]) -> GameState {
        use crate::protocol::{Players, Turn};
        let mut table = Registry::standard()
            .start("kybo", &serde_json::json!({}))
            .unwrap();
        for m in moves {
            table.play(m).unwrap();
        }
        let seat = table.turn();
        GameState {
            code: "K7M2QX".into(),
            game: "kybo".into(),
            config: table.config(),
            players: Players {
                first: table.player(Seat::First),
                second: table.player(Seat::Second),
            },
            started: true,
            ply: u32::try_from(moves.len()).unwrap(),
            turn: Turn {
                player: table.player(seat),
                seat,
            },
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            board: table.board(),
            legal_moves: table.legal_moves(),
            result: None,
            clock: None,
        }
    }

    fn moved(after: &GameState) -> Moved {
        Moved {
            code: after.code.clone(),
            ply: after.ply,
            text: after.moves.last().unwrap().clone(),
            turn: after.turn.clone(),
            result: after.result.clone(),
            clock: after.clock.clone(),
        }
    }

    #[test]
    fn a_moved_applied_with_the_rules_gives_the_servers_full_state() {
        let mut session = Session {
            state: Some(kybo_state(&["D4"])),
            ..Session::default()
        };
        for n in 2..=4 {
            let after = kybo_state(&["D4", "E4", "D3", "E5"][..n]);
            assert_eq!(session.advance(&moved(&after)).as_ref(), Some(&after));
            session.state = Some(after);
        }
    }

    #[test]
    fn a_moved_past_a_missed_ply_asks_for_a_full_state() {
        // The client is at ply 1 and ply 2 never arrived: the `moved` of
        // ply 3 cannot be applied (the client then sends `sync`).
        let mut session = Session {
            state: Some(kybo_state(&["D4"])),
            ..Session::default()
        };
        let ahead = kybo_state(&["D4", "E4", "D3"]);
        assert_eq!(session.advance(&moved(&ahead)), None);
        // Nor an old one, nor a move the rules refuse (KY-4: a cube must
        // touch another).
        assert_eq!(session.advance(&moved(&kybo_state(&["D4"]))), None);
        let mut wrong = moved(&kybo_state(&["D4", "E4"]));
        wrong.text = "A8".into();
        assert_eq!(session.advance(&wrong), None);
        // Without a state at all, nothing to apply to.
        assert_eq!(Session::default().advance(&moved(&ahead)), None);
    }

    #[test]
    fn clock_text_shows_minutes_seconds_tenths() {
        assert_eq!(clock_text(0), "0:00.0");
        assert_eq!(clock_text(61_250), "1:01.2");
    }
}
