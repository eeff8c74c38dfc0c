//! One connection's bounded queue of outgoing frames ([`Outbox`]), which
//! rooms and the connection loop write to.

use std::sync::Arc;

use tokio::sync::{mpsc, Notify};

use crate::protocol::ServerMsg;
use crate::settings::OUTBOX_CAPACITY;

/// What a connection receives: a text frame, or the order to close.
#[derive(Debug, Clone)]
pub enum Frame {
    /// A JSON message.
    Text(Arc<str>),
    /// A WebSocket ping (the connection checks that its peer is there).
    Ping,
    /// Close the connection, saying why.
    Close(String),
}

/// The sending end of one connection's queue of outgoing frames. Bounded: a
/// connection that does not read fast enough is told to close instead of
/// making the server buffer for it.
#[derive(Debug, Clone)]
pub struct Outbox {
    id: u64,
    tx: mpsc::Sender<Frame>,
    too_slow: Arc<Notify>,
    /// Whether the connection reads `moved` (protocol 2): after its first
    /// full state, a move reaches it as a `moved`, not a `state`.
    pub deltas: bool,
}

impl Outbox {
    /// A new outbox with its receiving end, and the signal that fires when
    /// the connection fell too far behind.
    #[must_use]
    pub fn new(id: u64) -> (Outbox, mpsc::Receiver<Frame>, Arc<Notify>) {
        let (tx, rx) = mpsc::channel(OUTBOX_CAPACITY);
        let too_slow = Arc::new(Notify::new());
        (
            Outbox {
                id,
                tx,
                too_slow: too_slow.clone(),
                deltas: false,
            },
            rx,
            too_slow,
        )
    }

    /// The id of the connection it sends to.
    #[must_use]
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Queues a frame; `false` if the connection is gone or too slow.
    pub fn send(&self, frame: Frame) -> bool {
        match self.tx.try_send(frame) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.too_slow.notify_one();
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Queues a message.
    pub fn send_msg(&self, msg: &ServerMsg) -> bool {
        self.send(Frame::Text(msg.to_json().into()))
    }
}
