//! Whole games through the real server binary and CLI clients, a server
//! killed and restarted mid-game, a dropped connection's resync, and hostile
//! input over raw WebSockets.

mod harness;
#[allow(dead_code)]
mod pgcluster;

mod cluster;
mod cutoff;
mod deltas;
mod faults;
mod finished;
mod french;
mod games;
mod hostile;
mod jepsen;
mod metrics;
mod ops;
mod proxy;
mod shutdown;
mod timeouts;
mod tls;
mod trusted_proxy;
mod unstored;
mod web;
mod words;
