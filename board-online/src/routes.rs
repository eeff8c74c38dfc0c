//! The HTTP routes: `/` (the page, or the WebSocket upgrade), `/ws`,
//! `/games/CODE`, `/healthz`, the page's files, and `/metrics` on the
//! metrics listener.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Extension, Path, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::app::App;
use crate::connection::upgrade;
use crate::limit::Slot;
use crate::metrics::CONTENT_TYPE;
use crate::protocol::GameRecord;
use crate::settings::HEALTH_TIMEOUT;
use crate::token::Code;
use crate::web::answer;

/// The routes of the main listener.
pub(crate) fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(page_or_upgrade))
        .route("/ws", get(upgrade))
        .route("/games/{file}", get(game_record))
        .route("/healthz", get(healthz))
        .fallback(get(page))
        .with_state(app)
}

/// The routes of the metrics listener (the operator's network only).
pub(crate) fn metrics_router(app: Arc<App>) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .route("/healthz", get(healthz))
        .with_state(app)
}

/// `/`: the WebSocket for an upgrade request, else the page's index.
async fn page_or_upgrade(
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    state: State<Arc<App>>,
    peer: ConnectInfo<SocketAddr>,
    slot: Extension<Arc<Slot>>,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    match ws {
        Ok(ws) => upgrade(ws, state, peer, slot, headers).await,
        Err(_) => page(state, uri, headers).await,
    }
}

/// `GET /healthz`: `200 ok` when the store answers a query within
/// [`HEALTH_TIMEOUT`], else `503` with the reason.
async fn healthz(State(app): State<Arc<App>>) -> Response {
    let text = "text/plain; charset=utf-8";
    match tokio::time::timeout(HEALTH_TIMEOUT, app.hub.check_store()).await {
        Ok(Ok(())) => {
            let mut body = String::from("ok\n");
            if let Some(i) = &app.instance {
                body.push_str(&format!(
                    "instance: {}\npublic-addr: {}\n",
                    i.id, i.public_addr
                ));
            }
            answer(StatusCode::OK, text, body.into_bytes())
        }
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
/// finished one kept for `--keep-finished`. Every read spends the address's
/// (the client's behind a `--trusted-proxy`)
/// read budget (`--reads-per-minute`); an unknown code is a 404 and counts
/// as a failed join of the address, charged before the lookup so that
/// concurrent guesses cannot outrun the budget. Past either budget, 429.
async fn game_record(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(file): Path<String>,
) -> Response {
    let text = "text/plain; charset=utf-8";
    let client = app
        .hub
        .settings()
        .trusted_proxies
        .client(peer.ip(), &headers);
    let (code, json) = match file.strip_suffix(".json") {
        Some(code) => (code, true),
        None => (file.as_str(), false),
    };
    if !app.reads.take(client) {
        let why = "too many reads of games from this address; wait a minute";
        return answer(StatusCode::TOO_MANY_REQUESTS, text, why.into());
    }
    if !app.failed_joins.take(client) {
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
            app.failed_joins.give_back(client);
            return answer(StatusCode::SERVICE_UNAVAILABLE, text, e.to_string().into());
        }
    };
    let Some((state, record)) = snapshot else {
        return answer(StatusCode::NOT_FOUND, text, "no game has this code".into());
    };
    app.failed_joins.give_back(client);
    if json {
        let body = serde_json::to_vec(&GameRecord { state, record }).unwrap_or_default();
        answer(StatusCode::OK, "application/json", body)
    } else {
        answer(StatusCode::OK, text, format!("{record}\n").into_bytes())
    }
}

/// A file of the page, when the server serves one.
async fn page(State(app): State<Arc<App>>, uri: Uri, request: HeaderMap) -> Response {
    match &app.web {
        Some(web) => web.serve(uri.path(), &request).await,
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hub::Hub;
    use crate::registry::Registry;
    use crate::settings::Settings;
    use crate::store::{SqliteStore, Store, StoreError, StoredGame, Write, Writer};
    use tokio::sync::watch;

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
