//! One WebSocket connection: its hello, its messages handed to the hub
//! and its game's room, its rate limit, idle pings and closing.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Extension, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};

use crate::app::App;
use crate::hub::FindError;
use crate::limit::{Bucket, Slot};
use crate::outbox::{Frame, Outbox};
use crate::protocol::{
    ClientMsg, ErrorKind, ServerMsg, MOVED_SINCE, OLDEST_PROTOCOL_VERSION, PROTOCOL_VERSION,
};
use crate::room::{JoinError, RoomHandle};
use crate::settings::{
    CLOSE_GRACE, HELLO_TIMEOUT, MAX_FRAME_BYTES, MAX_TEXT_BYTES, MAX_WRITE_BUFFER_BYTES,
    READ_BUFFER_BYTES, WRITE_TIMEOUT,
};
use crate::token::Code;

/// The WebSocket upgrade of a request on `/` or `/ws`.
pub(crate) async fn upgrade(
    ws: WebSocketUpgrade,
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Extension(slot): Extension<Arc<Slot>>,
    headers: HeaderMap,
) -> Response {
    // The connection was counted when it was accepted; its slot now lives
    // as long as the WebSocket. Through a trusted proxy, it counts against
    // its client's address from now on too.
    let proxies = &app.hub.settings().trusted_proxies;
    let client = proxies.client(peer.ip(), &headers);
    let client_slot = if proxies.trusts(peer.ip()) {
        match app.admission.admit_client(client) {
            Ok(s) => Some(s),
            Err(why) => {
                let text = "text/plain; charset=utf-8";
                return crate::web::answer(
                    StatusCode::SERVICE_UNAVAILABLE,
                    text,
                    why.to_string().into(),
                );
            }
        }
    } else {
        None
    };
    ws.read_buffer_size(READ_BUFFER_BYTES)
        .max_write_buffer_size(MAX_WRITE_BUFFER_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .max_message_size(MAX_FRAME_BYTES)
        .on_upgrade(move |socket| connection(socket, app, client, (slot, client_slot)))
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
    /// The client follows `redirect` (it said so in its hello).
    redirects: bool,
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

    /// Gives back a failed-join charge taken before a lookup that found the
    /// code (or could not tell), if one was taken.
    fn give_back(&self, charged: bool) {
        if charged {
            self.app.failed_joins.give_back(self.peer);
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
        match self.app.hub.find(&code).await {
            Ok(room) => Ok(room),
            Err(FindError::Elsewhere(url)) if self.redirects => {
                self.send(&ServerMsg::Redirect {
                    code: code.to_string(),
                    url: url.clone(),
                });
                Err(Next::Close(format!(
                    "redirected to {}",
                    crate::excerpt(&url)
                )))
            }
            Err(FindError::Elsewhere(url)) => Err(self.error(
                ErrorKind::Unavailable,
                format!("this game runs on another server: connect to {url}"),
            )),
            Err(e) => Err(self.error(ErrorKind::Unavailable, e.to_string())),
        }
    }

    async fn handle(&mut self, msg: ClientMsg) -> Next {
        if !self.hello {
            return match msg {
                ClientMsg::Hello {
                    protocol, redirect, ..
                } if (OLDEST_PROTOCOL_VERSION..=PROTOCOL_VERSION).contains(&protocol) => {
                    self.hello = true;
                    self.protocol = protocol;
                    self.redirects = redirect;
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
                // joins (a NAT's neighbours) still resumes its games. The
                // budget is charged before the lookup (concurrent guesses
                // each hold their charge) and given back once the code is
                // known.
                let charged = self.app.failed_joins.take(self.peer);
                let room = match self.find(&code).await {
                    Ok(Some(room)) => room,
                    Ok(None) if charged => {
                        return self.error(ErrorKind::NoSuchGame, "no game has this code")
                    }
                    Ok(None) => return self.locked_out(),
                    Err(next) => {
                        self.give_back(charged);
                        return next;
                    }
                };
                self.give_back(charged);
                match room.resume(self.outbox.clone(), &token).await {
                    Ok(Some(_)) => {
                        self.game = Some(room);
                        Next::Continue
                    }
                    Ok(None) if charged => {
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
        // Charged before the lookup, so that concurrent guesses cannot all
        // pass a budget checked first and spent after; given back once the
        // code turns out to be a game's.
        if !self.app.failed_joins.take(self.peer) {
            return self.locked_out();
        }
        let room = match self.find(code).await {
            Ok(Some(room)) => room,
            Ok(None) => return self.error(ErrorKind::NoSuchGame, "no game has this code"),
            Err(next) => {
                self.give_back(true);
                return next;
            }
        };
        self.give_back(true);
        match room.join(self.outbox.clone(), take_seat).await {
            Ok(_) => {
                self.game = Some(room);
                Next::Continue
            }
            // The connection stays out of the game: it may join again.
            Err(e @ JoinError::Unstored(_)) => self.error(ErrorKind::Unavailable, e.to_string()),
            Err(e @ JoinError::Gone(_)) => self.error(ErrorKind::NoSuchGame, e.to_string()),
        }
    }
}

/// Serves one WebSocket of the client at `peer` until it closes; its
/// admission slots are freed then.
async fn connection(
    socket: WebSocket,
    app: Arc<App>,
    peer: IpAddr,
    slot: (Arc<Slot>, Option<Slot>),
) {
    let (mut sink, mut stream) = socket.split();
    let id = app.hub.connection_id();
    let (outbox, mut outgoing, too_slow) = Outbox::new(id);
    // Every write has WRITE_TIMEOUT: a peer that stops reading ends the
    // sender, and with it the connection.
    let mut sender = tokio::spawn(async move {
        while let Some(frame) = outgoing.recv().await {
            let (message, last) = match frame {
                Frame::Text(text) => (Message::Text(text.as_ref().into()), false),
                Frame::Ping => (Message::Ping(Vec::new().into()), false),
                Frame::Close(reason) => {
                    // A close frame's reason is at most 123 bytes.
                    let reason = crate::clip(&reason, 120);
                    let frame = CloseFrame {
                        code: 1008,
                        reason: reason.into(),
                    };
                    (Message::Close(Some(frame)), true)
                }
            };
            let sent = tokio::time::timeout(WRITE_TIMEOUT, sink.send(message)).await;
            if last || !matches!(sent, Ok(Ok(()))) {
                return;
            }
        }
    });
    // Whether the sender has ended (its handle must not be awaited again).
    let mut sent_all = false;
    let settings = app.hub.settings().clone();
    let mut shutdown = app.shutdown.clone();
    let websockets = app.hub.metrics().websockets.clone();
    websockets.inc();
    let mut conn = Conn {
        app,
        peer,
        outbox: outbox.clone(),
        hello: false,
        redirects: false,
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
            // The sender sent a close (`relocated`, a fatal error), or a
            // write failed or timed out: nothing more can reach the peer.
            _ = &mut sender, if !sent_all => {
                sent_all = true;
                break Some("the connection's writes ended".to_owned());
            }
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
        let message = match incoming {
            // A read error includes a write buffer past its bound: a peer
            // that sends pings and reads no pongs.
            None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break None,
            Some(Ok(m)) => m,
        };
        // Every frame counts, pings and pongs too: each one costs the
        // server a read and, for a ping, a pong to write.
        if !bucket.take() {
            conn.send(&ServerMsg::error(
                ErrorKind::RateLimited,
                "too many messages",
            ));
            break Some("too many messages".to_owned());
        }
        let text = match message {
            Message::Text(text) => text,
            Message::Binary(_) => {
                conn.error(ErrorKind::BadMessage, "messages are JSON text frames");
                continue;
            }
            Message::Ping(_) | Message::Pong(_) | Message::Close(_) => continue,
        };
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
    if !sent_all
        && tokio::time::timeout(CLOSE_GRACE, &mut sender)
            .await
            .is_err()
    {
        // Still blocked on a peer that does not read: stop it, so that the
        // socket closes with the slot rather than after it.
        sender.abort();
        let _ = sender.await;
    }
    websockets.dec();
    drop(slot);
}
