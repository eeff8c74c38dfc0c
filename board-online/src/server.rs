//! The HTTP and WebSocket side: the route, the connection loop, limits and
//! shutdown. No game logic: every request goes to the [`Hub`] or a room.

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::Extension;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::Request;
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures_util::{SinkExt, StreamExt};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio_rustls::TlsAcceptor;
use tower_service::Service as _;

use crate::limit::{AddressLimiter, Admission, Bucket, Refused, Slot};
use crate::metrics::{Metrics, CONTENT_TYPE};
use crate::protocol::{
    ClientMsg, ErrorKind, GameRecord, ServerMsg, MOVED_SINCE, OLDEST_PROTOCOL_VERSION,
    PROTOCOL_VERSION,
};
use crate::registry::Registry;
use crate::room::{Frame, Hub, Outbox, RoomHandle};
use crate::settings::{
    Settings, ACCEPT_BACKOFF, CLOSE_GRACE, DRAIN_TIMEOUT, HEALTH_TIMEOUT, HELLO_TIMEOUT,
    HTTP_CONNECTION_LIFETIME, MAX_FRAME_BYTES, MAX_TEXT_BYTES, PURGE_INTERVAL, READ_BUFFER_BYTES,
};
use crate::store::{SqliteStore, Store, StoreError, Writer};
use crate::token::Code;
use crate::web::{answer, WebRoot};

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be bound.
    #[error("cannot listen on {0}: {1}")]
    Bind(SocketAddr, std::io::Error),
    /// The database could not be opened or read.
    #[error("database {0}: {1}")]
    Store(PathBuf, StoreError),
    /// The TLS certificate or key could not be used.
    #[error("TLS: {0}")]
    Tls(String),
    /// Another I/O failure.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// The files of a TLS server: its certificate chain and private key.
#[derive(Debug, Clone)]
pub struct Tls {
    /// PEM: the server's certificate first, then any intermediates.
    pub cert: PathBuf,
    /// PEM: the private key (PKCS#8, PKCS#1 or SEC1).
    pub key: PathBuf,
}

impl Tls {
    /// The acceptor for these files (HTTP/1.1 only, rustls with *ring*).
    ///
    /// # Errors
    /// A file cannot be read, holds no certificate or key, or the key does
    /// not fit the certificate.
    pub fn acceptor(&self) -> Result<TlsAcceptor, ServeError> {
        use tokio_rustls::rustls::pki_types::pem::PemObject as _;
        use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
        use tokio_rustls::rustls::ServerConfig;
        let cert_err = |e: &dyn std::fmt::Display| {
            ServeError::Tls(format!("--tls-cert {}: {e}", self.cert.display()))
        };
        let certs = CertificateDer::pem_file_iter(&self.cert)
            .map_err(|e| cert_err(&e))?
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| cert_err(&e))?;
        if certs.is_empty() {
            return Err(cert_err(&"no certificate in the file"));
        }
        let key = PrivateKeyDer::from_pem_file(&self.key)
            .map_err(|e| ServeError::Tls(format!("--tls-key {}: {e}", self.key.display())))?;
        let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
        let mut config = ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| ServeError::Tls(e.to_string()))?
            .with_no_client_auth()
            .with_single_cert(certs, key)
            .map_err(|e| ServeError::Tls(e.to_string()))?;
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(TlsAcceptor::from(Arc::new(config)))
    }
}

/// What a server needs to start.
#[derive(Debug, Clone)]
pub struct Options {
    /// The address to listen on (port 0: any free port).
    pub addr: SocketAddr,
    /// The SQLite database file (created if missing).
    pub db: PathBuf,
    /// The limits.
    pub settings: Settings,
    /// Serve HTTPS and `wss://` with these files instead of plain HTTP.
    pub tls: Option<Tls>,
}

/// The state every connection shares: one `Arc`, no globals.
#[derive(Debug)]
struct App {
    hub: Arc<Hub>,
    failed_joins: AddressLimiter,
    creates: AddressLimiter,
    admission: Arc<Admission>,
    shutdown: watch::Receiver<bool>,
    web: Option<WebRoot>,
}

impl App {
    fn new(hub: Arc<Hub>, shutdown: watch::Receiver<bool>) -> App {
        let settings = hub.settings();
        App {
            failed_joins: AddressLimiter::new(settings.failed_joins_per_minute),
            creates: AddressLimiter::new(settings.creates_per_minute),
            admission: Admission::new(
                settings.max_connections,
                settings.max_connections_per_address,
            ),
            hub,
            shutdown,
            web: None,
        }
    }
}

/// A bound server, ready to run.
pub struct Server {
    listener: TcpListener,
    app: Arc<App>,
    shutdown: watch::Sender<bool>,
    writer_thread: std::thread::JoinHandle<()>,
    restored: usize,
    tls: Option<TlsAcceptor>,
    metrics: Option<TcpListener>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("listener", &self.listener)
            .field("tls", &self.tls.is_some())
            .finish_non_exhaustive()
    }
}

impl Server {
    /// Opens the database, restores its unfinished games and binds the address.
    ///
    /// # Errors
    /// The database cannot be opened or read, or the address cannot be bound.
    pub async fn bind(options: Options, registry: Registry) -> Result<Server, ServeError> {
        let tls = options.tls.as_ref().map(Tls::acceptor).transpose()?;
        let store =
            SqliteStore::open(&options.db).map_err(|e| ServeError::Store(options.db.clone(), e))?;
        let store = Arc::new(store);
        let games = store
            .unfinished()
            .map_err(|e| ServeError::Store(options.db.clone(), e))?;
        let listener = TcpListener::bind(options.addr)
            .await
            .map_err(|e| ServeError::Bind(options.addr, e))?;
        let metrics = Arc::new(Metrics::new());
        let observer = metrics.clone();
        let (writer, writer_thread) = Writer::start_observed(store.clone(), move |n, took| {
            observer.commit(n, took);
        })?;
        let settings = options.settings;
        let (shutdown, shutdown_rx) = watch::channel(false);
        let hub = Hub::with_metrics(registry, settings, writer, store, metrics);
        let app = App::new(hub, shutdown_rx);
        let restored = app.hub.restore(games);
        let app = Arc::new(app);
        match app.hub.purge().await {
            Ok(0) => {}
            Ok(n) => tracing::info!("deleted {n} finished games older than --keep-finished"),
            Err(e) => return Err(ServeError::Store(options.db.clone(), e)),
        }
        Ok(Server {
            listener,
            app,
            shutdown,
            writer_thread,
            restored,
            tls,
            metrics: None,
        })
    }

    /// Also serves `GET /metrics` (and `GET /healthz`) in plain HTTP on
    /// `addr`, a second listener meant for the operator's network only;
    /// the main address never serves `/metrics`.
    ///
    /// # Errors
    /// The address cannot be bound.
    pub async fn with_metrics_addr(mut self, addr: SocketAddr) -> Result<Server, ServeError> {
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|e| ServeError::Bind(addr, e))?;
        self.metrics = Some(listener);
        Ok(self)
    }

    /// The address `GET /metrics` is served on, if any.
    #[must_use]
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.as_ref().and_then(|l| l.local_addr().ok())
    }

    /// The address the server listens on.
    ///
    /// # Errors
    /// The socket's address cannot be read.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Also serves the browser page from `web` at `/` (a plain GET; a
    /// WebSocket upgrade on `/` still speaks the protocol).
    #[must_use]
    pub fn with_web(mut self, web: WebRoot) -> Server {
        if let Some(app) = Arc::get_mut(&mut self.app) {
            app.web = Some(web);
        }
        self
    }

    /// How many unfinished games were restored from the database.
    #[must_use]
    pub fn restored(&self) -> usize {
        self.restored
    }

    /// Serves until `signal` completes, then closes every connection (with
    /// a `shutting_down` error), lets the games' pending writes commit, and
    /// returns.
    ///
    /// # Errors
    /// Serving failed.
    pub async fn run(
        self,
        signal: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServeError> {
        let Server {
            listener,
            app,
            shutdown,
            writer_thread,
            tls,
            metrics,
            ..
        } = self;
        let metrics_server = metrics.map(|l| tokio::spawn(serve_metrics(l, app.clone())));
        let router = Router::new()
            .route("/", get(page_or_upgrade))
            .route("/ws", get(upgrade))
            .route("/games/{file}", get(game_record))
            .route("/healthz", get(healthz))
            .fallback(get(page))
            .with_state(app.clone());
        let settings = app.hub.settings().clone();
        let purger = tokio::spawn(purge_now_and_then(app.hub.clone()));
        if let Ok(addr) = listener.local_addr() {
            tracing::info!(%addr, "listening");
        }
        tokio::pin!(signal);
        loop {
            let accepted = tokio::select! {
                accepted = listener.accept() => accepted,
                () = &mut signal => break,
            };
            let (tcp, peer) = match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of descriptors, most likely: let some close.
                    tracing::warn!("accept failed: {e}");
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            };
            match app.admission.admit(peer.ip()) {
                Ok(slot) => {
                    // Moves are small messages answered at once: no Nagle delay.
                    let _ = tcp.set_nodelay(true);
                    let slot = Arc::new(slot);
                    let router = router.clone();
                    let timeout = settings.handshake_timeout;
                    let stop = app.shutdown.clone();
                    match tls.clone() {
                        None => drop(tokio::spawn(serve_http(
                            tcp, peer, slot, router, timeout, stop,
                        ))),
                        Some(tls) => drop(tokio::spawn(async move {
                            // The TLS handshake has the handshake timeout
                            // too; the request head then has its own.
                            match tokio::time::timeout(timeout, tls.accept(tcp)).await {
                                Ok(Ok(stream)) => {
                                    serve_http(stream, peer, slot, router, timeout, stop).await;
                                }
                                Ok(Err(e)) => tracing::debug!(%peer, "TLS handshake failed: {e}"),
                                Err(_) => tracing::debug!(%peer, "TLS handshake timed out"),
                            }
                        })),
                    }
                }
                Err(why) => refuse(&tcp, why),
            }
        }
        let _ = shutdown.send(true);
        purger.abort();
        if let Some(task) = metrics_server {
            task.abort();
        }
        // Every connection sees the signal; wait until they have closed.
        let drain = async {
            while app.admission.open() > 0 {
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
        };
        let _ = tokio::time::timeout(DRAIN_TIMEOUT, drain).await;
        app.hub.close_all();
        drop(router);
        drop(app);
        // The writer thread ends when the last room has dropped its Writer.
        let _ = tokio::time::timeout(
            std::time::Duration::from_secs(5),
            tokio::task::spawn_blocking(move || writer_thread.join()),
        )
        .await;
        Ok(())
    }
}

/// Connections the metrics listener holds at once (scrapers and operators).
const METRICS_CONNECTIONS: usize = 16;

/// Serves `GET /metrics` and `GET /healthz` on the metrics listener, with
/// the main listener's handshake timeout and a small connection limit.
async fn serve_metrics(listener: TcpListener, app: Arc<App>) {
    let router = Router::new()
        .route("/metrics", get(metrics))
        .route("/healthz", get(healthz))
        .with_state(app.clone());
    let admission = Admission::new(METRICS_CONNECTIONS, METRICS_CONNECTIONS);
    let timeout = app.hub.settings().handshake_timeout;
    if let Ok(addr) = listener.local_addr() {
        tracing::info!(%addr, "metrics listening");
    }
    loop {
        let (tcp, peer) = match listener.accept().await {
            Ok(a) => a,
            Err(e) => {
                tracing::warn!("metrics accept failed: {e}");
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        match admission.admit(peer.ip()) {
            Ok(slot) => drop(tokio::spawn(serve_http(
                tcp,
                peer,
                Arc::new(slot),
                router.clone(),
                timeout,
                app.shutdown.clone(),
            ))),
            Err(why) => refuse(&tcp, why),
        }
    }
}

/// `GET /metrics`: every metric, in the OpenMetrics text format.
async fn metrics(State(app): State<Arc<App>>) -> Response {
    let m = app.hub.metrics();
    m.connections
        .set(i64::try_from(app.admission.open()).unwrap_or(i64::MAX));
    m.games_in_memory
        .set(i64::try_from(app.hub.len()).unwrap_or(i64::MAX));
    answer(StatusCode::OK, CONTENT_TYPE, m.encode().into_bytes())
}

/// Deletes the finished games past `--keep-finished` every
/// [`PURGE_INTERVAL`] (the server did once before it started).
async fn purge_now_and_then(hub: Arc<Hub>) {
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

/// Answers a socket the server has no room for with a 503, without reading
/// it, and closes it. Best effort: one non-blocking write.
fn refuse(tcp: &TcpStream, why: Refused) {
    let body = why.to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tcp.try_write(answer.as_bytes());
}

/// Serves one accepted socket (plain or TLS) over HTTP/1.1 until it closes
/// or upgrades to a WebSocket (which then carries `slot` on). Its request
/// head must arrive within `handshake_timeout`, and it stays a plain HTTP
/// connection for [`HTTP_CONNECTION_LIFETIME`] at most.
async fn serve_http<I>(
    io: I,
    peer: SocketAddr,
    slot: Arc<Slot>,
    router: Router,
    handshake_timeout: std::time::Duration,
    mut shutdown: watch::Receiver<bool>,
) where
    I: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        request.extensions_mut().insert(slot.clone());
        let mut router = router.clone();
        async move { router.call(request.map(Body::new)).await }
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(handshake_timeout)
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    tokio::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => {}
        () = tokio::time::sleep(HTTP_CONNECTION_LIFETIME) => {}
        _ = shutdown.changed() => {
            connection.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(CLOSE_GRACE, connection).await;
        }
    }
}

/// A future that completes on SIGTERM or Ctrl-C (SIGINT). The handlers are
/// installed when this is called, not when the future is first polled, so a
/// signal sent as soon as the server says it listens is not lost.
///
/// Call it inside the Tokio runtime.
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = signal(SignalKind::terminate()).ok();
        let mut interrupt = signal(SignalKind::interrupt()).ok();
        async move {
            let term = async {
                match term.as_mut() {
                    Some(s) => drop(s.recv().await),
                    None => std::future::pending::<()>().await,
                }
            };
            let interrupt = async {
                match interrupt.as_mut() {
                    Some(s) => drop(s.recv().await),
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                () = term => {},
                () = interrupt => {},
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// `/`: the WebSocket for an upgrade request, else the page's index.
async fn page_or_upgrade(
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    state: State<Arc<App>>,
    peer: ConnectInfo<SocketAddr>,
    slot: Extension<Arc<Slot>>,
    uri: Uri,
) -> Response {
    match ws {
        Ok(ws) => upgrade(ws, state, peer, slot).await,
        Err(_) => page(state, uri).await,
    }
}

/// `GET /healthz`: `200 ok` when the store answers a query within
/// [`HEALTH_TIMEOUT`], else `503` with the reason.
async fn healthz(State(app): State<Arc<App>>) -> Response {
    let text = "text/plain; charset=utf-8";
    match tokio::time::timeout(HEALTH_TIMEOUT, app.hub.check_store()).await {
        Ok(Ok(())) => answer(StatusCode::OK, text, b"ok\n".to_vec()),
        Ok(Err(e)) => answer(
            StatusCode::SERVICE_UNAVAILABLE,
            text,
            format!("{e}\n").into(),
        ),
        Err(_) => answer(
            StatusCode::SERVICE_UNAVAILABLE,
            text,
            b"storage did not answer in time\n".to_vec(),
        ),
    }
}

/// `GET /games/CODE`: the game's record in its rules crate's text;
/// `GET /games/CODE.json`: its state and record as JSON. A live game or a
/// finished one kept for `--keep-finished`. An unknown code is a 404 and
/// counts as a failed join of the address; past its budget, 429.
async fn game_record(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(file): Path<String>,
) -> Response {
    let text = "text/plain; charset=utf-8";
    let (code, json) = match file.strip_suffix(".json") {
        Some(code) => (code, true),
        None => (file.as_str(), false),
    };
    if !app.failed_joins.allows(peer.ip()) {
        let why = "too many failed joins from this address; wait a minute";
        return answer(StatusCode::TOO_MANY_REQUESTS, text, why.into());
    }
    let found = match code.parse::<Code>() {
        Ok(code) => app.hub.find(&code).await,
        Err(_) => Ok(None),
    };
    let snapshot = match found {
        Ok(Some(room)) => room.snapshot().await.ok(),
        Ok(None) => None,
        Err(e) => {
            return answer(StatusCode::SERVICE_UNAVAILABLE, text, e.to_string().into());
        }
    };
    let Some((state, record)) = snapshot else {
        app.failed_joins.take(peer.ip());
        return answer(StatusCode::NOT_FOUND, text, "no game has this code".into());
    };
    if json {
        let body = serde_json::to_vec(&GameRecord { state, record }).unwrap_or_default();
        answer(StatusCode::OK, "application/json", body)
    } else {
        answer(StatusCode::OK, text, format!("{record}\n").into_bytes())
    }
}

/// A file of the page, when the server serves one.
async fn page(State(app): State<Arc<App>>, uri: Uri) -> Response {
    match &app.web {
        Some(web) => web.serve(uri.path()).await,
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

async fn upgrade(
    ws: WebSocketUpgrade,
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Extension(slot): Extension<Arc<Slot>>,
) -> Response {
    // The connection was counted when it was accepted; its slot now lives
    // as long as the WebSocket.
    ws.read_buffer_size(READ_BUFFER_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .max_message_size(MAX_FRAME_BYTES)
        .on_upgrade(move |socket| connection(socket, app, peer.ip(), slot))
}

/// What the connection loop does after a message.
enum Next {
    Continue,
    Close(String),
}

struct Conn {
    app: Arc<App>,
    peer: IpAddr,
    outbox: Outbox,
    hello: bool,
    /// The protocol version of the connection's hello.
    protocol: u32,
    game: Option<RoomHandle>,
}

impl Conn {
    fn send(&self, msg: &ServerMsg) {
        if let ServerMsg::Error { kind, .. } = msg {
            self.app.hub.metrics().error(*kind);
        }
        self.outbox.send_msg(msg);
    }

    fn error(&self, kind: ErrorKind, message: impl Into<String>) -> Next {
        self.send(&ServerMsg::error(kind, message));
        Next::Continue
    }

    fn fatal(&self, kind: ErrorKind, message: impl Into<String>) -> Next {
        let message = message.into();
        self.send(&ServerMsg::error(kind, message.clone()));
        Next::Close(message)
    }

    /// Counts a failed join from this address; closes when over budget.
    fn failed_join(&self, kind: ErrorKind, message: &str) -> Next {
        if self.app.failed_joins.take(self.peer) {
            self.error(kind, message)
        } else {
            self.fatal(
                ErrorKind::RateLimited,
                "too many failed joins from this address; wait a minute",
            )
        }
    }

    /// Closes a connection whose address spent its failed-join budget.
    fn locked_out(&self) -> Next {
        self.fatal(
            ErrorKind::RateLimited,
            "too many failed joins from this address; wait a minute",
        )
    }

    /// The game of a code, live or finished and kept; `Ok(None)` for an
    /// unknown code (which the caller counts as a failed join).
    async fn find(&self, text: &str) -> Result<Option<RoomHandle>, Next> {
        let Ok(code) = text.parse::<Code>() else {
            return Ok(None);
        };
        self.app
            .hub
            .find(&code)
            .await
            .map_err(|e| self.error(ErrorKind::Unavailable, e.to_string()))
    }

    async fn handle(&mut self, msg: ClientMsg) -> Next {
        if !self.hello {
            return match msg {
                ClientMsg::Hello { protocol, .. }
                    if (OLDEST_PROTOCOL_VERSION..=PROTOCOL_VERSION).contains(&protocol) =>
                {
                    self.hello = true;
                    self.protocol = protocol;
                    self.outbox.deltas = protocol >= MOVED_SINCE;
                    self.welcome();
                    Next::Continue
                }
                ClientMsg::Hello { protocol, .. } => self.fatal(
                    ErrorKind::BadHello,
                    format!(
                        "this server speaks protocols {OLDEST_PROTOCOL_VERSION} to \
                         {PROTOCOL_VERSION}, not {protocol}"
                    ),
                ),
                _ => self.fatal(ErrorKind::BadHello, "the first message must be a hello"),
            };
        }
        let long = |s: &str| s.len() > MAX_TEXT_BYTES;
        match msg {
            ClientMsg::Hello { .. } => {
                self.welcome();
                Next::Continue
            }
            ClientMsg::Ping => {
                self.send(&ServerMsg::Pong);
                Next::Continue
            }
            ClientMsg::Sync => {
                let Some(room) = &self.game else {
                    return self.error(ErrorKind::NoGame, "create, join or resume a game first");
                };
                match room.sync(self.outbox.clone()).await {
                    Ok(()) => Next::Continue,
                    Err(e) => self.error(ErrorKind::NoSuchGame, e.to_string()),
                }
            }
            ClientMsg::Create {
                game,
                config,
                seat,
                clock,
            } => {
                if self.game.is_some() {
                    return self.error(
                        ErrorKind::AlreadyInGame,
                        "this connection is in a game already",
                    );
                }
                if !self.app.creates.take(self.peer) {
                    return self.fatal(
                        ErrorKind::RateLimited,
                        "too many games created from this address; wait a minute",
                    );
                }
                match self
                    .app
                    .hub
                    .create(self.outbox.clone(), &game, &config, seat, clock)
                    .await
                {
                    Ok(room) => {
                        self.game = Some(room);
                        Next::Continue
                    }
                    Err(e) => self.error(e.kind(), e.to_string()),
                }
            }
            ClientMsg::Join { code } => self.enter(&code, true).await,
            ClientMsg::Watch { code } => self.enter(&code, false).await,
            ClientMsg::Resume { code, token, .. } => {
                if self.game.is_some() {
                    return self.error(
                        ErrorKind::AlreadyInGame,
                        "this connection is in a game already",
                    );
                }
                // A seat's token is proof enough: an address out of failed
                // joins (a NAT's neighbours) still resumes its games.
                let allowed = self.app.failed_joins.allows(self.peer);
                let room = match self.find(&code).await {
                    Ok(Some(room)) => room,
                    Ok(None) if allowed => {
                        return self.failed_join(ErrorKind::NoSuchGame, "no game has this code")
                    }
                    Ok(None) => return self.locked_out(),
                    Err(next) => return next,
                };
                match room.resume(self.outbox.clone(), &token).await {
                    Ok(Some(_)) => {
                        self.game = Some(room);
                        Next::Continue
                    }
                    Ok(None) if allowed => {
                        self.error(ErrorKind::BadToken, "this token holds no seat of that game")
                    }
                    Ok(None) => self.locked_out(),
                    Err(e) => self.error(ErrorKind::NoSuchGame, e.to_string()),
                }
            }
            ClientMsg::Move { token, ply, text } => {
                if long(&text) || long(&token) {
                    return self.error(
                        ErrorKind::BadMessage,
                        format!("a move or token is at most {MAX_TEXT_BYTES} bytes"),
                    );
                }
                let Some(room) = &self.game else {
                    return self.error(ErrorKind::NoGame, "create, join or resume a game first");
                };
                match room.play(self.outbox.clone(), &token, ply, text).await {
                    Ok(()) => Next::Continue,
                    Err(e) => self.error(ErrorKind::NoSuchGame, e.to_string()),
                }
            }
            ClientMsg::Resign { token } => {
                let Some(room) = &self.game else {
                    return self.error(ErrorKind::NoGame, "create, join or resume a game first");
                };
                match room.resign(self.outbox.clone(), &token).await {
                    Ok(()) => Next::Continue,
                    Err(e) => self.error(ErrorKind::NoSuchGame, e.to_string()),
                }
            }
            ClientMsg::ClaimDraw { token } => {
                let Some(room) = &self.game else {
                    return self.error(ErrorKind::NoGame, "create, join or resume a game first");
                };
                match room.claim_draw(self.outbox.clone(), &token).await {
                    Ok(()) => Next::Continue,
                    Err(e) => self.error(ErrorKind::NoSuchGame, e.to_string()),
                }
            }
        }
    }

    fn welcome(&self) {
        self.send(&ServerMsg::Welcome {
            protocol: self.protocol,
            server: concat!("board-online ", env!("CARGO_PKG_VERSION")).into(),
            games: self.app.hub.registry().names(),
        });
    }

    async fn enter(&mut self, code: &str, take_seat: bool) -> Next {
        if self.game.is_some() {
            return self.error(
                ErrorKind::AlreadyInGame,
                "this connection is in a game already",
            );
        }
        if !self.app.failed_joins.allows(self.peer) {
            return self.locked_out();
        }
        let room = match self.find(code).await {
            Ok(Some(room)) => room,
            Ok(None) => return self.failed_join(ErrorKind::NoSuchGame, "no game has this code"),
            Err(next) => return next,
        };
        match room.join(self.outbox.clone(), take_seat).await {
            Ok(_) => {
                self.game = Some(room);
                Next::Continue
            }
            Err(e) => self.error(ErrorKind::NoSuchGame, e.to_string()),
        }
    }
}

async fn connection(socket: WebSocket, app: Arc<App>, peer: IpAddr, slot: Arc<Slot>) {
    let (mut sink, mut stream) = socket.split();
    let id = app.hub.connection_id();
    let (outbox, mut outgoing, too_slow) = Outbox::new(id);
    let sender = tokio::spawn(async move {
        while let Some(frame) = outgoing.recv().await {
            match frame {
                Frame::Text(text) => {
                    if sink
                        .send(Message::Text(text.as_ref().into()))
                        .await
                        .is_err()
                    {
                        return;
                    }
                }
                Frame::Ping => {
                    if sink.send(Message::Ping(Vec::new().into())).await.is_err() {
                        return;
                    }
                }
                Frame::Close(reason) => {
                    // A close frame's reason is at most 123 bytes.
                    let reason = crate::clip(&reason, 120);
                    let frame = CloseFrame {
                        code: 1008,
                        reason: reason.into(),
                    };
                    let _ = sink.send(Message::Close(Some(frame))).await;
                    return;
                }
            }
        }
    });
    let settings = app.hub.settings().clone();
    let mut shutdown = app.shutdown.clone();
    let websockets = app.hub.metrics().websockets.clone();
    websockets.inc();
    let mut conn = Conn {
        app,
        peer,
        outbox: outbox.clone(),
        hello: false,
        protocol: PROTOCOL_VERSION,
        game: None,
    };
    let mut bucket = Bucket::new(f64::from(settings.message_rate), settings.message_burst);
    let hello_deadline = tokio::time::sleep(HELLO_TIMEOUT);
    tokio::pin!(hello_deadline);
    // Idle check: a tick with nothing heard since the last one sends a
    // ping; the next such tick, with still nothing heard, closes.
    let mut ticks = tokio::time::interval_at(
        tokio::time::Instant::now() + settings.ping_interval,
        settings.ping_interval,
    );
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut heard = false;
    let mut pinged = false;
    let close = loop {
        let incoming = tokio::select! {
            m = stream.next() => m,
            _ = ticks.tick() => {
                if std::mem::take(&mut heard) {
                    pinged = false;
                } else if pinged {
                    break Some("no answer to a ping".to_owned());
                } else {
                    pinged = outbox.send(Frame::Ping);
                }
                continue;
            }
            () = too_slow.notified() => break Some("this connection reads too slowly".to_owned()),
            _ = shutdown.changed() => {
                conn.send(&ServerMsg::error(ErrorKind::ShuttingDown, "the server is shutting down"));
                break Some("the server is shutting down".to_owned());
            }
            () = &mut hello_deadline, if !conn.hello => {
                conn.send(&ServerMsg::error(ErrorKind::BadHello, "no hello in time"));
                break Some("no hello in time".to_owned());
            }
        };
        heard = true;
        let text = match incoming {
            None | Some(Err(_)) => break None,
            Some(Ok(Message::Close(_))) => break None,
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Binary(_))) => {
                if !bucket.take() {
                    conn.send(&ServerMsg::error(
                        ErrorKind::RateLimited,
                        "too many messages",
                    ));
                    break Some("too many messages".to_owned());
                }
                conn.error(ErrorKind::BadMessage, "messages are JSON text frames");
                continue;
            }
        };
        if !bucket.take() {
            conn.send(&ServerMsg::error(
                ErrorKind::RateLimited,
                "too many messages",
            ));
            break Some("too many messages".to_owned());
        }
        let next = match serde_json::from_str::<ClientMsg>(text.as_str()) {
            Ok(msg) => conn.handle(msg).await,
            Err(e) => {
                // serde quotes the input: clip it on a character boundary.
                let why = crate::clip(&e.to_string(), 200);
                if conn.hello {
                    conn.error(
                        ErrorKind::BadMessage,
                        format!("not a message of this protocol: {why}"),
                    )
                } else {
                    conn.fatal(
                        ErrorKind::BadHello,
                        format!("the first message must be a hello: {why}"),
                    )
                }
            }
        };
        if let Next::Close(reason) = next {
            break Some(reason);
        }
    };
    if let Some(room) = conn.game.take() {
        room.leave(id).await;
    }
    let closing_by_us = close.is_some();
    // Queued after any error message, so the client reads both.
    let _ = outbox.send(Frame::Close(close.unwrap_or_default()));
    drop(outbox);
    drop(conn);
    if closing_by_us {
        // Read and discard until the client answers the close, so the
        // socket is not reset under the error still on its way.
        let drain = async {
            while let Some(Ok(m)) = stream.next().await {
                if matches!(m, Message::Close(_)) {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(CLOSE_GRACE, drain).await;
    }
    let _ = tokio::time::timeout(CLOSE_GRACE, sender).await;
    websockets.dec();
    drop(slot);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{SqliteStore, StoredGame, Write};

    /// A store whose disk is gone: every call fails.
    #[derive(Debug)]
    struct Broken;

    impl Store for Broken {
        fn write(&self, _: &[Write]) -> Result<(), StoreError> {
            Err(StoreError::Database("disk I/O error".into()))
        }
        fn unfinished(&self) -> Result<Vec<StoredGame>, StoreError> {
            Err(StoreError::Database("disk I/O error".into()))
        }
        fn game(&self, _: &str) -> Result<Option<StoredGame>, StoreError> {
            Err(StoreError::Database("disk I/O error".into()))
        }
        fn purge_finished(&self, _: u64) -> Result<usize, StoreError> {
            Err(StoreError::Database("disk I/O error".into()))
        }
        fn check(&self) -> Result<(), StoreError> {
            Err(StoreError::Database("disk I/O error".into()))
        }
    }

    async fn health_of(store: Arc<dyn Store>) -> (StatusCode, String) {
        let (writer, _thread) = Writer::start(store.clone()).unwrap();
        let hub = Hub::new(Registry::standard(), Settings::default(), writer, store);
        let (_tx, rx) = watch::channel(false);
        let response = healthz(State(Arc::new(App::new(hub, rx)))).await;
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), 1024)
            .await
            .unwrap();
        (status, String::from_utf8(body.to_vec()).unwrap())
    }

    #[tokio::test]
    async fn health_is_200_when_storage_answers_and_503_when_it_fails() {
        let store = Arc::new(SqliteStore::in_memory().unwrap());
        assert_eq!(health_of(store).await, (StatusCode::OK, "ok\n".to_owned()));
        let (status, body) = health_of(Arc::new(Broken)).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(body.contains("disk I/O error"), "{body}");
    }
}
