//! The state every connection and route of a server shares ([`App`]), handed
//! to them in one `Arc`.

use std::sync::Arc;

use tokio::sync::watch;

use crate::hub::Hub;
use crate::limit::{AddressLimiter, Admission};
use crate::store::Instance;
use crate::web::WebRoot;

/// The state every connection shares: one `Arc`, no globals.
#[derive(Debug)]
pub(crate) struct App {
    pub(crate) hub: Arc<Hub>,
    pub(crate) failed_joins: AddressLimiter,
    pub(crate) creates: AddressLimiter,
    /// Reads of games over HTTP (`GET /games/CODE[.json]`), per address.
    pub(crate) reads: AddressLimiter,
    pub(crate) admission: Arc<Admission>,
    pub(crate) shutdown: watch::Receiver<bool>,
    pub(crate) web: Option<WebRoot>,
    /// This instance's id and public address, when it shares a database.
    pub(crate) instance: Option<Instance>,
}

impl App {
    /// The state of a server of `hub`, told to stop by `shutdown`.
    pub(crate) fn new(hub: Arc<Hub>, shutdown: watch::Receiver<bool>) -> App {
        let settings = hub.settings();
        App {
            failed_joins: AddressLimiter::new(settings.failed_joins_per_minute),
            creates: AddressLimiter::new(settings.creates_per_minute),
            reads: AddressLimiter::new(settings.reads_per_minute),
            admission: Admission::new(
                settings.max_connections,
                settings.max_connections_per_address,
            ),
            hub,
            shutdown,
            web: None,
            instance: None,
        }
    }
}
