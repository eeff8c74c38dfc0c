//! The server: what it needs to start ([`Options`], [`Cluster`]), binding
//! its store and address ([`Server::bind`]), running until a signal, and
//! stopping gracefully.

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio_rustls::TlsAcceptor;

use crate::accept::{accept_until, serve_metrics};
use crate::app::App;
use crate::hub::{keep_leases, purge_now_and_then, Hub};
use crate::metrics::Metrics;
use crate::registry::Registry;
use crate::routes;
use crate::settings::{Settings, DRAIN_TIMEOUT};
use crate::store::pg::{Instance, MAX_LEASE_TTL};
use crate::store::{self, Store, StoreError, Writer};
pub use crate::tls::Tls;
use crate::web::WebRoot;

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

/// How an instance sharing a PostgreSQL database with others names itself
/// (ignored with SQLite, but for `/healthz`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cluster {
    /// A name unique among the instances; default: 8 random hex digits.
    pub instance_id: Option<String>,
    /// The address clients reach this instance at (`ws://HOST:PORT`);
    /// default: `ws://` (or `wss://`) and the address it listens on.
    pub public_addr: Option<String>,
    /// How long a game's lease lasts without renewal (at most 10 s).
    pub lease_ttl: std::time::Duration,
}

impl Default for Cluster {
    fn default() -> Cluster {
        Cluster {
            instance_id: None,
            public_addr: None,
            lease_ttl: MAX_LEASE_TTL,
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
    store: Arc<dyn Store>,
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
        Server::bind_cluster(options, registry, Cluster::default()).await
    }

    /// Like [`Server::bind`]; a `db` of `postgres://…` shares that database
    /// with other instances, this one named by `cluster`: it restores no
    /// game at start, but takes over the games whose owner's lease expired.
    ///
    /// # Errors
    /// The database cannot be opened or read, the address cannot be bound,
    /// or the lease time is out of range.
    pub async fn bind_cluster(
        options: Options,
        registry: Registry,
        cluster: Cluster,
    ) -> Result<Server, ServeError> {
        let tls = options.tls.as_ref().map(Tls::acceptor).transpose()?;
        let db_text = options.db.to_string_lossy().into_owned();
        let shared = crate::store::pg::is_url(&db_text);
        let shown = PathBuf::from(crate::store::pg::redacted(&db_text));
        let listener = TcpListener::bind(options.addr)
            .await
            .map_err(|e| ServeError::Bind(options.addr, e))?;
        let local = listener.local_addr()?;
        let ttl = cluster.lease_ttl;
        // Named on the command line, or sharing a database: /healthz says who.
        let named = shared || cluster.instance_id.is_some() || cluster.public_addr.is_some();
        if ttl < std::time::Duration::from_millis(200) || ttl > MAX_LEASE_TTL {
            let why = format!(
                "--lease-ttl must be from 0.2 to {} s",
                MAX_LEASE_TTL.as_secs()
            );
            return Err(ServeError::Store(shown, StoreError::Database(why)));
        }
        let instance = Instance {
            id: cluster
                .instance_id
                .unwrap_or_else(|| crate::token::SeatToken::generate().to_string()[..8].to_owned()),
            public_addr: cluster.public_addr.unwrap_or_else(|| {
                let scheme = if tls.is_some() { "wss" } else { "ws" };
                format!("{scheme}://{local}")
            }),
            lease_ttl: ttl,
        };
        // SQLite names its file whole; a URL's password stays hidden.
        let opened_db = if shared {
            shown.clone()
        } else {
            options.db.clone()
        };
        let (store, games) = store::open(&options.db, instance.clone())
            .await
            .map_err(|e| ServeError::Store(opened_db, e))?;
        let metrics = Arc::new(Metrics::new());
        let observer = metrics.clone();
        let (writer, writer_thread) = Writer::start_observed(store.clone(), move |n, took| {
            observer.commit(n, took);
        })?;
        let settings = options.settings;
        let (shutdown, shutdown_rx) = watch::channel(false);
        let hub = Hub::with_metrics(registry, settings, writer, store.clone(), metrics);
        let mut app = App::new(hub, shutdown_rx);
        app.instance = named.then_some(instance);
        let restored = app.hub.restore(games);
        let app = Arc::new(app);
        match app.hub.purge().await {
            Ok(0) => {}
            Ok(n) => tracing::info!("deleted {n} finished games older than --keep-finished"),
            Err(e) => return Err(ServeError::Store(shown, e)),
        }
        Ok(Server {
            listener,
            app,
            shutdown,
            writer_thread,
            restored,
            tls,
            store,
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
            store,
            metrics,
            ..
        } = self;
        let metrics_server = metrics.map(|l| {
            let router = routes::metrics_router(app.clone());
            tokio::spawn(serve_metrics(l, router, app.clone()))
        });
        let router = routes::router(app.clone());
        let purger = tokio::spawn(purge_now_and_then(app.hub.clone()));
        let keeper = match &app.instance {
            Some(instance) if app.hub.shared() => Some(tokio::spawn(keep_leases(
                app.hub.clone(),
                instance.lease_ttl,
            ))),
            _ => None,
        };
        if let Ok(addr) = listener.local_addr() {
            tracing::info!(%addr, "listening");
        }
        accept_until(&listener, &app, &router, tls.as_ref(), signal).await;
        let _ = shutdown.send(true);
        purger.abort();
        if let Some(keeper) = keeper {
            keeper.abort();
        }
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
        let held = app.hub.close_all_leases();
        drop(router);
        drop(app);
        // The writer thread ends when the last room has dropped its Writer.
        let _ = tokio::time::timeout(
            std::time::Duration::from_secs(5),
            tokio::task::spawn_blocking(move || writer_thread.join()),
        )
        .await;
        // Every write is done: hand the leases back, so other instances
        // take the games over at once.
        if !held.is_empty() {
            let n = held.len();
            match tokio::task::spawn_blocking(move || {
                store.leases().map_or(Ok(()), |l| l.release(&held))
            })
            .await
            {
                Ok(Ok(())) => tracing::info!("handed back the leases of {n} games"),
                Ok(Err(e)) => tracing::warn!("could not hand the leases back: {e}"),
                Err(e) => tracing::warn!("could not hand the leases back: {e}"),
            }
        }
        Ok(())
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
