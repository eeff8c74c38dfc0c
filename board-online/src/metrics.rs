//! What a server counts for its operator, served by `GET /metrics` on the
//! `--metrics-addr` listener in the OpenMetrics text format (which
//! Prometheus reads): live games, connections, moves, refusals and errors by
//! kind, the store's commit latency and group-commit batch sizes.
//!
//! One [`Metrics`] per server, held in its state (no global registry): the
//! rooms, connections and the store's writer thread update it, a scrape
//! reads it.

use std::time::Duration;

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

use crate::protocol::{ErrorKind, Refusal};

/// A label set of one `kind` label.
type Kind = [(&'static str, &'static str); 1];

/// The server's metrics and the registry that encodes them.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    /// Games in memory that have not ended.
    pub live_games: Gauge,
    /// Games in memory, finished ones kept for a while included (set at
    /// each scrape).
    pub games_in_memory: Gauge,
    /// Sockets counted against `--max-connections` (set at each scrape).
    pub connections: Gauge,
    /// Open WebSocket connections.
    pub websockets: Gauge,
    /// Accepted (stored and sent) moves.
    pub moves: Counter,
    /// Refused moves, resignations and claims, by the refusal's kind.
    refusals: Family<Kind, Counter>,
    /// `error` messages sent, by kind.
    errors: Family<Kind, Counter>,
    /// The time of each store commit (one transaction, one fsync), seconds.
    commit_seconds: Histogram,
    /// The writes in each store commit (group-commit batch size).
    commit_batch: Histogram,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Metrics {
    /// Every metric at zero, registered under the prefix `board_online`.
    #[must_use]
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("board_online");
        let live_games = Gauge::default();
        let games_in_memory = Gauge::default();
        let connections = Gauge::default();
        let websockets = Gauge::default();
        let moves = Counter::default();
        let refusals = Family::<Kind, Counter>::default();
        let errors = Family::<Kind, Counter>::default();
        // 50 µs to about 3.3 s, doubling.
        let commit_seconds = Histogram::new(exponential_buckets(0.000_05, 2.0, 17));
        // 1 to 512 writes (the largest batch), doubling.
        let commit_batch = Histogram::new(exponential_buckets(1.0, 2.0, 10));
        registry.register(
            "live_games",
            "Games in memory that have not ended",
            live_games.clone(),
        );
        registry.register(
            "games_in_memory",
            "Games in memory, finished games kept a while included",
            games_in_memory.clone(),
        );
        registry.register(
            "connections",
            "Sockets counted against --max-connections (HTTP, handshakes and WebSockets)",
            connections.clone(),
        );
        registry.register(
            "websockets",
            "Open WebSocket connections",
            websockets.clone(),
        );
        registry.register("moves", "Accepted moves", moves.clone());
        registry.register(
            "refusals",
            "Refused moves, resignations and draw claims, by kind",
            refusals.clone(),
        );
        registry.register("errors", "Error messages sent, by kind", errors.clone());
        registry.register(
            "store_commit_seconds",
            "Duration of each store commit (one transaction and its fsync)",
            commit_seconds.clone(),
        );
        registry.register(
            "store_commit_writes",
            "Writes per store commit (group-commit batch size)",
            commit_batch.clone(),
        );
        Metrics {
            registry,
            live_games,
            games_in_memory,
            connections,
            websockets,
            moves,
            refusals,
            errors,
            commit_seconds,
            commit_batch,
        }
    }

    /// Counts a refusal.
    pub fn refused(&self, kind: Refusal) {
        self.refusals
            .get_or_create(&[("kind", refusal_name(kind))])
            .inc();
    }

    /// Counts an `error` message.
    pub fn error(&self, kind: ErrorKind) {
        self.errors
            .get_or_create(&[("kind", error_name(kind))])
            .inc();
    }

    /// Records one store commit of `writes` writes that took `took`.
    pub fn commit(&self, writes: usize, took: Duration) {
        self.commit_seconds.observe(took.as_secs_f64());
        #[allow(clippy::cast_precision_loss)] // at most STORE_BATCH
        self.commit_batch.observe(writes as f64);
    }

    /// Everything in the OpenMetrics text format.
    #[must_use]
    pub fn encode(&self) -> String {
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = encode(&mut text, &self.registry);
        text
    }
}

/// The content type of [`Metrics::encode`]'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

fn refusal_name(kind: Refusal) -> &'static str {
    match kind {
        Refusal::NotAPlayer => "not_a_player",
        Refusal::NotStarted => "not_started",
        Refusal::NotYourTurn => "not_your_turn",
        Refusal::StalePly => "stale_ply",
        Refusal::GameOver => "game_over",
        Refusal::Illegal => "illegal",
        Refusal::NoDrawToClaim => "no_draw_to_claim",
        Refusal::Unavailable => "unavailable",
    }
}

fn error_name(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::BadMessage => "bad_message",
        ErrorKind::BadHello => "bad_hello",
        ErrorKind::NoSuchGame => "no_such_game",
        ErrorKind::UnknownGame => "unknown_game",
        ErrorKind::BadConfig => "bad_config",
        ErrorKind::BadClock => "bad_clock",
        ErrorKind::BadToken => "bad_token",
        ErrorKind::NoGame => "no_game",
        ErrorKind::AlreadyInGame => "already_in_game",
        ErrorKind::RateLimited => "rate_limited",
        ErrorKind::Unavailable => "unavailable",
        ErrorKind::ShuttingDown => "shutting_down",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_are_the_wire_names_and_the_text_has_them() {
        for kind in [Refusal::StalePly, Refusal::NoDrawToClaim, Refusal::Illegal] {
            let wire = serde_json::to_value(kind).unwrap();
            assert_eq!(wire, refusal_name(kind));
        }
        for kind in [ErrorKind::BadHello, ErrorKind::NoSuchGame] {
            assert_eq!(serde_json::to_value(kind).unwrap(), error_name(kind));
        }
        let m = Metrics::new();
        m.moves.inc();
        m.refused(Refusal::StalePly);
        m.commit(3, Duration::from_millis(2));
        let text = m.encode();
        assert!(text.contains("board_online_moves_total 1\n"), "{text}");
        assert!(
            text.contains("board_online_refusals_total{kind=\"stale_ply\"} 1\n"),
            "{text}"
        );
        assert!(
            text.contains("board_online_store_commit_writes_count 1\n"),
            "{text}"
        );
        assert!(
            text.contains("board_online_store_commit_writes_sum 3.0\n"),
            "{text}"
        );
        assert!(text.ends_with("# EOF\n"), "{text}");
    }
}
