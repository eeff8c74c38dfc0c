//! The command-line client: `host`, `join` and `watch`.
//!
//! It prints what the server says, in lines a person (or a script) reads,
//! in its language (`--lang fr|en`, every sentence from the catalogues of
//! `board-l10n`): `code: XXXXXX` once a game is created (the same in every
//! language: scripts read it), `move N: TEXT` for every move (`coup N :
//! TEXT` in French), the board after each move, `refused: REASON` for a
//! refused move, and at the end `result: TEXT`. Moves and boards' grids are
//! notation, the same in every language. It reads moves from standard
//! input, one per line: `?` (or `help`, `aide`) lists the legal moves,
//! `resign` (or `abandonner`) resigns, `draw` (or `nulle`) claims a draw,
//! in either language whatever `--lang` says; the prompt names them. When the connection drops it reconnects with backoff and
//! resumes its seat; lines typed meanwhile are sent once it is back.

use std::io::{BufRead, Write as _};
use std::time::Duration;

use board_l10n::{Catalogue, Lang, Value};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio_rustls::rustls::pki_types::ServerName;
use tokio_tungstenite::tungstenite::Message;

use crate::protocol::{
    ClientMsg, ClockSpec, Ending, ErrorKind, GameResult, GameState, Moved, Refusal, Seat,
    SeatChoice, ServerMsg, WordArg, Words as Wording, PROTOCOL_VERSION,
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
    /// Nothing listens at the server's address (the connection was
    /// refused) and the client never reached it: no server runs there.
    #[error("no server answers at {0}; start one with `board-online serve`, or choose one with --server")]
    NoServer(String),
    /// The server refused the request for good (no such game, bad config…).
    #[error("{0}")]
    Refused(String),
    /// A server address the client cannot use (`url` quoted short).
    #[error("{problem}: {url}")]
    BadAddress {
        /// What is wrong with it.
        problem: AddressProblem,
        /// The address, cut short.
        url: String,
    },
    /// A text that is not a game code (quoted short).
    #[error("not a game code: {0}")]
    NotACode(String),
    /// The server has no record of that game (HTTP 404).
    #[error("no game has this code (or it is no longer kept): {0}")]
    NoRecord(String),
    /// Standard output failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// What is wrong with a server address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AddressProblem {
    /// It starts with neither `ws://` nor `wss://`.
    #[error("not a ws:// or wss:// address")]
    Scheme,
    /// Its port is not a number from 0 to 65535.
    #[error("not a port number")]
    Port,
    /// It names no host.
    #[error("no host")]
    NoHost,
    /// Its host is not a name a certificate can hold.
    #[error("not a host name")]
    HostName,
}

impl AddressProblem {
    /// Its catalogue key.
    fn key(self) -> &'static str {
        match self {
            AddressProblem::Scheme => "client-address-scheme",
            AddressProblem::Port => "client-address-port",
            AddressProblem::NoHost => "client-address-no-host",
            AddressProblem::HostName => "client-address-host-name",
        }
    }
}

/// The largest answer [`record`] reads.
const MAX_RECORD_BYTES: u64 = 16 << 20;

/// The record of game `code` from the server at `server` (asked over HTTP
/// or HTTPS at `/games/CODE.json`), in its rules crate's text, ending in a
/// newline, and its result as the player reads it in `lang` (`result:
/// Black resigns, White wins`, `résultat : partie non terminée`).
///
/// # Errors
/// The server cannot be reached, or answers other than 200 (its answer's
/// first line is quoted: `no game has this code`), or not with a game.
pub async fn record(
    server: &Endpoint,
    code: &str,
    lang: Lang,
) -> Result<(String, String), ClientError> {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let unreachable =
        |e: &dyn std::fmt::Display| ClientError::Unreachable(server.url.clone(), e.to_string());
    let code: crate::Code = code
        .parse()
        .map_err(|_| ClientError::NotACode(crate::excerpt(code)))?;
    let mut io = server.stream().await.map_err(|e| e.error(&server.url))?;
    let request = format!(
        "GET /games/{code}.json HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
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
        let game: crate::protocol::GameRecord =
            serde_json::from_str(body).map_err(|e| unreachable(&e))?;
        let session = Session {
            words: Words(Catalogue::new(lang)),
            table: table_of(&game.state),
            ..Session::default()
        };
        let result = match &game.state.result {
            Some(result) => session.result_text(&game.state, result),
            None => session.words.0.get("term-not-finished"),
        };
        let line = session.words.say("client-result", &[("result", &result)]);
        Ok((format!("{}\n", game.record), line))
    } else if status == "404" {
        Err(ClientError::NoRecord(code.to_string()))
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
        let bad = |problem| ClientError::BadAddress {
            problem,
            url: crate::excerpt(url),
        };
        let (secure, rest) = if let Some(rest) = url.strip_prefix("wss://") {
            (true, rest)
        } else if let Some(rest) = url.strip_prefix("ws://") {
            (false, rest)
        } else {
            return Err(bad(AddressProblem::Scheme));
        };
        let authority = rest.split('/').next().unwrap_or(rest).to_owned();
        let (host, port) = match authority.rsplit_once(':') {
            Some((host, port)) if !port.contains(']') => (
                host,
                port.parse::<u16>().map_err(|_| bad(AddressProblem::Port))?,
            ),
            _ => (authority.as_str(), if secure { 443 } else { 80 }),
        };
        let host = host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned();
        if host.is_empty() {
            return Err(bad(AddressProblem::NoHost));
        }
        let tls = if secure {
            let name =
                ServerName::try_from(host.clone()).map_err(|_| bad(AddressProblem::HostName))?;
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

    /// The server at `url`, a `redirect`'s target, trusted as this one is
    /// (the same CA file, if any).
    ///
    /// # Errors
    /// The URL is not a `ws://` or `wss://` one.
    pub fn redirected(&self, url: &str) -> Result<Endpoint, ClientError> {
        let mut target = Endpoint::new(url, None)?;
        if let (Some((connector, _)), Some((_, name))) = (&self.tls, &target.tls) {
            target.tls = Some((connector.clone(), name.clone()));
        }
        Ok(target)
    }

    async fn stream(&self) -> Result<Box<dyn Io>, Unreached> {
        let tcp = tokio::net::TcpStream::connect((self.host.as_str(), self.port))
            .await
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::ConnectionRefused => Unreached::Refused,
                _ => Unreached::Failed(e.to_string()),
            })?;
        let _ = tcp.set_nodelay(true);
        match &self.tls {
            None => Ok(Box::new(tcp)),
            Some((connector, name)) => {
                let tls = connector
                    .connect(name.clone(), tcp)
                    .await
                    .map_err(|e| Unreached::Failed(format!("TLS: {e}")))?;
                Ok(Box::new(tls))
            }
        }
    }

    async fn websocket(&self) -> Result<Ws, Unreached> {
        let io = self.stream().await?;
        let (ws, _) = tokio_tungstenite::client_async(self.url.as_str(), io)
            .await
            .map_err(|e| Unreached::Failed(e.to_string()))?;
        Ok(ws)
    }
}

/// Why a server was not reached.
#[derive(Debug)]
enum Unreached {
    /// The connection was refused: nothing listens there.
    Refused,
    /// Another failure, in the library's words.
    Failed(String),
}

impl Unreached {
    /// The client's error for the server at `url`.
    fn error(self, url: &str) -> ClientError {
        match self {
            Unreached::Refused => ClientError::NoServer(url.to_owned()),
            Unreached::Failed(why) => ClientError::Unreachable(url.to_owned(), why),
        }
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

/// The client's words, in its language.
#[derive(Debug)]
struct Words(Catalogue);

impl Default for Words {
    fn default() -> Words {
        Words(Catalogue::new(Lang::En))
    }
}

impl Words {
    fn english(&self) -> bool {
        self.0.lang() == Lang::En
    }

    /// Message `id` with text arguments.
    fn say(&self, id: &str, args: &[(&str, &str)]) -> String {
        let args: Vec<(&str, Value)> = args
            .iter()
            .map(|(name, value)| (*name, Value::Text((*value).to_owned())))
            .collect();
        self.0.format(id, &args)
    }

    /// Message `id` if the catalogue has it.
    fn known(&self, id: &str) -> Option<String> {
        self.0.try_format(id, &[]).ok()
    }

    /// A message the server keyed for the catalogues (a refusal's reason),
    /// or `None` when a key or an argument is unknown here.
    fn wording(&self, words: &Wording) -> Option<String> {
        let mut args = Vec::with_capacity(words.args.len());
        for (name, arg) in &words.args {
            let value = match arg {
                // Numbers here count things: far below 2^53, exact in f64.
                #[allow(clippy::cast_precision_loss)]
                WordArg::Number(n) => Value::Number(*n as f64),
                WordArg::Text(t) => Value::Text(t.clone()),
                WordArg::Words(inner) => Value::Text(self.wording(inner)?),
            };
            args.push((name.as_str(), value));
        }
        self.0.try_format(&words.id, &args).ok()
    }

    /// A seat as the player reads it (`first`, `en premier`).
    fn seat(&self, seat: Seat) -> String {
        self.0.get(match seat {
            Seat::First => "client-seat-first",
            Seat::Second => "client-seat-second",
        })
    }

    /// Why a connection dropped, in words.
    fn dropped(&self, why: &Dropped) -> String {
        match why {
            Dropped::ByServer(reason) if reason.is_empty() => self.0.get("client-closed-by-server"),
            Dropped::ByServer(reason) => {
                self.say("client-closed-by-server-why", &[("why", reason)])
            }
            Dropped::Other(e) => e.clone(),
        }
    }
}

/// Why a connection dropped.
#[derive(Debug)]
enum Dropped {
    /// The server closed it, with this reason (maybe empty).
    ByServer(String),
    /// The network or the WebSocket failed (the library's words).
    Other(String),
}

impl From<String> for Dropped {
    fn from(e: String) -> Dropped {
        Dropped::Other(e)
    }
}

/// The text of a client error in `lang`, as the command line prints it
/// after `error: ` (see [`error_line`]). A refusal from the server is
/// already in the client's language; the library's own words (a TLS or
/// network failure) stay as they are.
#[must_use]
pub fn error_text(error: &ClientError, lang: Lang) -> String {
    match error {
        ClientError::Unreachable(url, why) => Catalogue::new(lang).format(
            "client-unreachable",
            &[
                ("url", Value::Text(url.clone())),
                ("why", Value::Text(why.clone())),
            ],
        ),
        ClientError::BadAddress { problem, url } => {
            Catalogue::new(lang).format(problem.key(), &[("url", Value::Text(url.clone()))])
        }
        ClientError::NotACode(text) => {
            Catalogue::new(lang).format("client-not-a-code", &[("text", Value::Text(text.clone()))])
        }
        ClientError::NoRecord(code) => {
            Catalogue::new(lang).format("client-no-record", &[("code", Value::Text(code.clone()))])
        }
        ClientError::NoServer(url) => {
            Catalogue::new(lang).format("client-no-server", &[("url", Value::Text(url.clone()))])
        }
        other => other.to_string(),
    }
}

/// The line the command line prints on standard error when it fails:
/// `error: MESSAGE`, in `lang`.
#[must_use]
pub fn error_line(message: &str, lang: Lang) -> String {
    Catalogue::new(lang).format(
        "client-error",
        &[("message", Value::Text(message.to_owned()))],
    )
}

/// The words a player types for the client's commands, read in either
/// language whatever `--lang` says: the catalogues' `term-words-help`,
/// `term-words-resign` and `term-words-draw` (`aide`, `abandonner`,
/// `nulle` beside `help`, `resign`, `draw`).
#[derive(Debug)]
struct Commands {
    help: Vec<String>,
    resign: Vec<String>,
    draw: Vec<String>,
}

impl Default for Commands {
    fn default() -> Commands {
        let catalogues = Lang::ALL.map(Catalogue::new);
        let words = |key: &str| -> Vec<String> {
            catalogues
                .iter()
                .flat_map(|c| {
                    c.get(key)
                        .split_whitespace()
                        .map(str::to_owned)
                        .collect::<Vec<_>>()
                })
                .collect()
        };
        Commands {
            help: words("term-words-help"),
            resign: words("term-words-resign"),
            draw: words("term-words-draw"),
        }
    }
}

/// The client's memory of its game across connections.
#[derive(Debug, Default)]
struct Session {
    /// The words of the player's language.
    words: Words,
    /// The command words it reads.
    commands: Commands,
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
            None => table_of(state)?,
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

    /// The player of `seat` by name: the server's English name, or in
    /// another language the catalogue's (`Blanc`, `Joueur Un`).
    fn name(&self, state: &GameState, seat: Seat) -> String {
        match &self.table {
            Some(table) if !self.words.english() => self.words.0.render(&table.player_words(seat)),
            _ => match seat {
                Seat::First => state.players.first.clone(),
                Seat::Second => state.players.second.clone(),
            },
        }
    }

    /// The board of `state`: the server's text in English; in another
    /// language its grid, the catalogue's legend and the status line, as
    /// the `play` example shows it.
    fn board(&self, state: &GameState) -> String {
        match &self.table {
            Some(table) if !self.words.english() => {
                self.words
                    .0
                    .terminal_board(&state.game, &state.board, &table.status_words())
            }
            _ => state.board.trim_end().to_owned(),
        }
    }

    /// How the game ended, in words: the server's sentence in English; in
    /// another language the rules' outcome (from the client's copy of the
    /// game) or the server's ending with the players' names.
    fn result_text(&self, state: &GameState, result: &GameResult) -> String {
        if self.words.english() {
            return result.text.clone();
        }
        let words = &self.words.0;
        let outcome = self
            .table
            .as_ref()
            .and_then(|t| t.outcome_words())
            .map(|m| words.render(&m));
        let names = |winner: Seat| {
            let loser = match winner {
                Seat::First => Seat::Second,
                Seat::Second => Seat::First,
            };
            [
                ("loser", Value::Text(self.name(state, loser))),
                ("winner", Value::Text(self.name(state, winner))),
            ]
        };
        match (result.ending, result.winner) {
            (Ending::Rules, _) => outcome.unwrap_or_else(|| words.get("game-over")),
            (Ending::DrawClaimed, _) => outcome.unwrap_or_else(|| words.get("ending-draw-claimed")),
            (Ending::Resignation, Some(winner)) => {
                words.format("ending-resignation", &names(winner))
            }
            (Ending::FlagFall, Some(winner)) => words.format("ending-flag-fall", &names(winner)),
            (Ending::Expired, _) | (Ending::Resignation | Ending::FlagFall, None) => {
                words.get("ending-expired")
            }
        }
    }

    /// Prints what is new in `state`; `Some(result)` when the game is over.
    fn show(&mut self, state: GameState) -> std::io::Result<Option<GameResult>> {
        let first = self.state.is_none();
        if !self.words.english() && self.table.is_none() {
            // The names, status and outcome in words come from the rules.
            self.table = table_of(&state);
        }
        if state.moves.len() < self.printed_moves {
            self.printed_moves = 0;
        }
        let new = state.moves.len() > self.printed_moves;
        for (i, text) in state.moves.iter().enumerate().skip(self.printed_moves) {
            let number = (i + 1).to_string();
            out(self
                .words
                .say("client-move", &[("number", &number), ("move", text)]))?;
        }
        self.printed_moves = state.moves.len();
        if new || first {
            out(self.board(&state))?;
            if let Some(c) = &state.clock {
                out(self.words.say(
                    "client-clock",
                    &[
                        ("first", &self.name(&state, Seat::First)),
                        ("first-time", &clock_text(c.first_ms)),
                        ("second", &self.name(&state, Seat::Second)),
                        ("second-time", &clock_text(c.second_ms)),
                    ],
                ))?;
            }
        }
        if let Some(result) = &state.result {
            let text = self.result_text(&state, result);
            out(self.words.say("client-result", &[("result", &text)]))?;
            return Ok(Some(result.clone()));
        }
        if !state.started {
            if !self.announced_wait {
                out(self.words.say("client-waiting", &[]))?;
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
        let player = self.name(state, state.turn.seat);
        if self.seat == Some(state.turn.seat) {
            // Numbered as the `move N: TEXT` lines number the moves played.
            let number = (state.ply + 1).to_string();
            out(self.words.say(
                "client-your-move",
                &[("player", &player), ("number", &number)],
            ))
        } else {
            out(self.words.say("term-to-move", &[("player", &player)]))
        }
    }
}

/// The game of `state` with its rules, its moves replayed; `None` if the
/// game is not one this client knows or a move does not replay.
fn table_of(state: &GameState) -> Option<Box<dyn Table>> {
    let mut table = Registry::standard()
        .start(&state.game, &state.config)
        .ok()?;
    for m in &state.moves {
        table.play(m).ok()?;
    }
    Some(table)
}

/// Why one connection ended.
enum Ended {
    Over(GameResult),
    Dropped(Dropped),
    /// The game runs at this address.
    Redirect(String),
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
pub async fn run(servers: &[Endpoint], mode: Mode, lang: Lang) -> Result<GameResult, ClientError> {
    let Some(first) = servers.first() else {
        return Err(ClientError::Refused("no server given".into()));
    };
    let mut input = spawn_stdin();
    let mut session = Session {
        words: Words(Catalogue::new(lang)),
        ..Session::default()
    };
    let mut failures = 0u32;
    let mut delay = RECONNECT_FIRST_DELAY;
    // The server tried now: one of `servers`, or where one redirected to.
    let mut next = 0usize;
    let mut server = first.clone();
    let mut redirects = 0u32;
    // Whether a server ever answered: until then, a refused connection
    // from every server means none runs there, said at once.
    let mut reached = false;
    loop {
        let attempt = server.websocket().await;
        reached |= attempt.is_ok();
        match attempt {
            Ok(mut ws) => match connected(&mut ws, &mode, &mut session, &mut input).await? {
                Ended::Over(result) => {
                    let _ = ws.close(None).await;
                    return Ok(result);
                }
                Ended::Redirect(url) => {
                    let _ = ws.close(None).await;
                    redirects += 1;
                    if redirects < MAX_REDIRECTS {
                        out(session.words.say("client-redirected", &[("url", &url)]))?;
                        server = server.redirected(&url)?;
                        continue;
                    }
                    // Instances pointing at each other while a lease moves:
                    // wait a little, from the first server again.
                    redirects = 0;
                    server = first.clone();
                }
                Ended::Dropped(why) => {
                    if session.state.is_some() {
                        // It had worked: start the backoff afresh.
                        failures = 0;
                        delay = RECONNECT_FIRST_DELAY;
                    }
                    redirects = 0;
                    let why = session.words.dropped(&why);
                    out(session
                        .words
                        .say("client-connection-lost", &[("why", &why)]))?;
                }
            },
            Err(e) => {
                failures += 1;
                let nobody = !reached && matches!(e, Unreached::Refused);
                if failures >= RECONNECT_ATTEMPTS || (nobody && failures as usize >= servers.len())
                {
                    return Err(e.error(&server.url));
                }
                // Gone: the next server of the list (a redirect's target
                // is not in it, so this leaves it too).
                next = (next + 1) % servers.len();
                server = servers[next].clone();
                if next != 0 || servers.len() == 1 {
                    out(session.words.say("client-trying", &[("url", &server.url)]))?;
                    if servers.len() > 1 {
                        continue;
                    }
                }
            }
        }
        tokio::time::sleep(delay).await;
        delay = (delay * 2).min(RECONNECT_MAX_DELAY);
    }
}

/// A refusal's or an error's kind as the protocol writes it (`stale_ply`),
/// which names its words in the catalogues (`refusal-stale_ply`).
fn kind_name(kind: &impl serde::Serialize) -> String {
    match serde_json::to_value(kind) {
        Ok(serde_json::Value::String(name)) => name,
        _ => String::new(),
    }
}

/// Redirects followed in a row before the client waits and starts over.
const MAX_REDIRECTS: u32 = 4;

async fn connected(
    ws: &mut Ws,
    mode: &Mode,
    session: &mut Session,
    input: &mut mpsc::Receiver<Input>,
) -> Result<Ended, ClientError> {
    let hello = ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        client: concat!("board-online-cli ", env!("CARGO_PKG_VERSION")).into(),
        redirect: true,
    };
    if let Err(e) = send(ws, &hello).await {
        return Ok(Ended::Dropped(e.into()));
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
        return Ok(Ended::Dropped(e.into()));
    }
    // Standard input is read only once this connection has the state, so a
    // line typed while disconnected is sent with the ply of the fresh state.
    let mut synced = false;
    let mut stdin_open = true;
    loop {
        tokio::select! {
            frame = ws.next() => {
                let text = match frame {
                    None => return Ok(Ended::Dropped(Dropped::ByServer(String::new()))),
                    Some(Err(e)) => return Ok(Ended::Dropped(e.to_string().into())),
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(f))) => {
                        let why = f.map(|f| f.reason.to_string()).unwrap_or_default();
                        return Ok(Ended::Dropped(Dropped::ByServer(why)));
                    }
                    Some(Ok(_)) => continue,
                };
                let msg: ServerMsg = match serde_json::from_str(text.as_str()) {
                    Ok(m) => m,
                    Err(e) => {
                        let e = e.to_string();
                        out(session.words.say("client-unreadable", &[("error", &e)]))?;
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
                                return Ok(Ended::Dropped(e.into()));
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
                    ServerMsg::Redirect { url, .. } => return Ok(Ended::Redirect(url)),
                    ServerMsg::Created { code, seat, token } => {
                        // The same in every language: scripts read it.
                        out(format!("code: {code}"))?;
                        let side = session.words.seat(seat);
                        out(session.words.say("client-seat", &[("side", &side)]))?;
                        session.code = Some(code);
                        session.seat = Some(seat);
                        session.token = Some(token);
                    }
                    ServerMsg::Joined { code, seat, token } => {
                        out(session.words.say("client-joined", &[("code", &code)]))?;
                        let side = session.words.seat(seat);
                        out(session.words.say("client-seat", &[("side", &side)]))?;
                        session.code = Some(code);
                        session.seat = Some(seat);
                        session.token = Some(token);
                    }
                    ServerMsg::Watching { code } => {
                        if session.code.is_none() {
                            out(session.words.say("client-watching", &[("code", &code)]))?;
                        }
                        session.code = Some(code);
                    }
                    ServerMsg::Resumed { seat, .. } => {
                        let side = session.words.seat(seat);
                        out(session.words.say("client-resumed", &[("side", &side)]))?;
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
                                        return Ok(Ended::Dropped(e.into()));
                                    }
                                } else {
                                    session.in_flight = None;
                                }
                            }
                        }
                    }
                    ServerMsg::Refused { kind, reason, message, .. } => {
                        session.in_flight = None;
                        let words = &session.words;
                        // The rules' reason keyed for the catalogues, else
                        // the kind's words; the server's English sentence
                        // only for a key this client does not know.
                        let reason = if words.english() {
                            reason
                        } else {
                            message
                                .as_ref()
                                .and_then(|m| words.wording(m))
                                .or_else(|| words.known(&format!("refusal-{}", kind_name(&kind))))
                                .unwrap_or(reason)
                        };
                        out(words.say("client-refused", &[("reason", &reason)]))?;
                        if kind == Refusal::StalePly {
                            // This client missed a move: catch up.
                            if let Err(e) = send(ws, &ClientMsg::Sync).await {
                                return Ok(Ended::Dropped(e.into()));
                            }
                        }
                        if let Some(state) = &session.state {
                            session.prompt(state)?;
                        }
                    }
                    ServerMsg::Error { kind, message } => {
                        let words = &session.words;
                        let message = if words.english() {
                            message
                        } else {
                            words
                                .known(&format!("error-{}", kind_name(&kind)))
                                .unwrap_or(message)
                        };
                        out(words.say("client-error", &[("message", &message)]))?;
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
                        let max = MAX_INPUT_LINE.to_string();
                        out(session.words.say("client-line-too-long", &[("max", &max)]))?;
                        continue;
                    }
                    Some(Input::Line(l)) => l,
                };
                if let Some(msg) = command(session, &line)? {
                    if let ClientMsg::Move { ply, .. } = &msg {
                        session.in_flight = Some((*ply, msg.clone()));
                    }
                    if let Err(e) = send(ws, &msg).await {
                        return Ok(Ended::Dropped(e.into()));
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
    let asked = |words: &[String]| words.iter().any(|w| w.eq_ignore_ascii_case(line));
    if line == "?" || asked(&session.commands.help) {
        let moves = state.legal_moves.join(", ");
        out(session
            .words
            .say("client-legal-moves", &[("moves", &moves)]))?;
        return Ok(None);
    }
    let Some(token) = session.token.clone() else {
        out(session.words.say("client-watching-only", &[]))?;
        return Ok(None);
    };
    Ok(Some(if asked(&session.commands.resign) {
        ClientMsg::Resign { token }
    } else if asked(&session.commands.draw) {
        ClientMsg::ClaimDraw { token }
    } else {
        // The board shows the piece letters of the language (chess3d's
        // R D T F C in French): a move typed with them is sent in notation.
        ClientMsg::Move {
            token,
            ply: state.ply,
            text: session.words.0.notation_letters(&state.game, line),
        }
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
