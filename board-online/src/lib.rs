//! A server that referees board games played online, and its command-line
//! client.
//!
//! One player creates a game and gets a short code to read aloud; the other
//! enters the code and the game starts. The server holds the only truth: it
//! checks every move with the game's rules crate (anything implementing
//! [`board_core::GameMatch`], a `Game` with its history and record, with a
//! serde configuration), stores it durably in
//! SQLite, and only then sends it to both players and any spectators. The
//! protocol, JSON over WebSocket, is in [`protocol`] and `PROTOCOL.md`.
//!
//! Modules, top-down: [`protocol`] (the wire format); [`server`] (options,
//! binding, running and stopping) with its private parts: `tls` (the
//! certificate files), `accept` (the accept loops and connection limits),
//! `routes` (the HTTP routes), `connection` (one WebSocket) and `app` (the
//! state they share); [`hub`] (every game: create, find, restore, leases,
//! takeover, purge); [`room`] (one game's state and subscribers); [`outbox`]
//! (a connection's queue of frames); [`store`] (durable storage: the trait,
//! SQLite, PostgreSQL, the writer); [`registry`] (the hosted games);
//! [`token`] (codes and seat tokens); [`limit`] (rate limits); [`settings`]
//! (every limit); [`metrics`] (what `GET /metrics` counts); [`client`] (the
//! command-line client); [`web`] (the browser page's static files).
//!
//! Embedding the server with a game of your own:
//!
//! ```no_run
//! use board_online::{Options, Registry, Server, Settings};
//! # async fn run() -> Result<(), board_online::ServeError> {
//! let registry = Registry::standard(); // .with::<my_game::Position>()
//! let options = Options {
//!     addr: "127.0.0.1:7878".parse().unwrap(),
//!     db: "games.sqlite3".into(),
//!     settings: Settings::default(),
//!     tls: None, // or Some(Tls { cert, key }) for https:// and wss://
//! };
//! let server = Server::bind(options, registry).await?;
//! println!("listening on {}", server.local_addr()?);
//! server.run(board_online::server::shutdown_signal()).await
//! # }
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod accept;
mod app;
pub mod client;
mod connection;
pub mod hub;
mod lease;
pub mod limit;
pub mod metrics;
pub mod outbox;
pub mod protocol;
pub mod proxy;
pub mod registry;
pub mod room;
mod routes;
pub mod server;
pub mod settings;
pub mod store;
mod tls;
pub mod token;
pub mod web;

pub use registry::Registry;
pub use server::{Options, ServeError, Server};
pub use settings::Settings;
pub use token::Code;

/// At most `max` bytes of `text`, cut on a character boundary.
pub(crate) fn clip(text: &str, max: usize) -> String {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_owned()
}

/// How every error message quotes its input: at most 40 characters.
pub(crate) use board_core::excerpt;

/// A throwaway PostgreSQL cluster for the unit tests (the integration
/// tests use the same file).
#[cfg(test)]
#[allow(dead_code)]
#[path = "../tests/online/pgcluster.rs"]
mod pgcluster;

#[cfg(test)]
mod tests {
    #[test]
    fn clipping_respects_characters() {
        assert_eq!(super::clip("ÉÉ", 3), "É");
        assert_eq!(super::clip("abc", 10), "abc");
        assert_eq!(super::excerpt(&"é".repeat(50)).chars().count(), 41);
    }
}

/// The code of README.md, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
