//! Accepting connections: the accept loops of the main and the metrics
//! listeners, their connection limits (a 503 past them), the TLS handshake,
//! and serving each socket over HTTP/1.1.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio_rustls::TlsAcceptor;
use tower_service::Service as _;

use crate::app::App;
use crate::limit::{Admission, Refused, Slot};
use crate::settings::{ACCEPT_BACKOFF, CLOSE_GRACE, HTTP_CONNECTION_LIFETIME};

/// Accepts connections on `listener` until `signal` completes: each one the
/// limits admit is served by `router` (behind TLS with `tls`), the others
/// get a 503.
pub(crate) async fn accept_until(
    listener: &TcpListener,
    app: &App,
    router: &Router,
    tls: Option<&TlsAcceptor>,
    signal: impl Future<Output = ()>,
) {
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
        // A trusted proxy's connections count in all here, and against
        // their client's address once its request names it.
        let admitted = if app.hub.settings().trusted_proxies.trusts(peer.ip()) {
            app.admission.admit_proxied()
        } else {
            app.admission.admit(peer.ip())
        };
        match admitted {
            Ok(slot) => {
                // Moves are small messages answered at once: no Nagle delay.
                let _ = tcp.set_nodelay(true);
                let slot = Arc::new(slot);
                let router = router.clone();
                let timeout = app.hub.settings().handshake_timeout;
                let stop = app.shutdown.clone();
                match tls.cloned() {
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
}

/// Connections the metrics listener holds at once (scrapers and operators).
const METRICS_CONNECTIONS: usize = 16;

/// Serves `router` (`GET /metrics` and `GET /healthz`) on the metrics
/// listener, with the main listener's handshake timeout and a small
/// connection limit.
pub(crate) async fn serve_metrics(listener: TcpListener, router: Router, app: Arc<App>) {
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
