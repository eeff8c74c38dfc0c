//! The wire format: every message a client and the server exchange, as plain
//! serde types. This module is the only place the format lives; `PROTOCOL.md`
//! describes the same messages for clients written in any language.
//!
//! Every message is one JSON object in one WebSocket text frame, with a
//! `"type"` field naming it (`snake_case`). Unknown fields are ignored; an
//! unknown `"type"` is an error.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The newest protocol version this crate speaks, sent in
/// [`ClientMsg::Hello`] and [`ServerMsg::Welcome`]. Version 2 adds
/// [`ServerMsg::Moved`] (a move as a small message after the first full
/// state) and [`ClientMsg::Sync`].
pub const PROTOCOL_VERSION: u32 = 2;

/// The oldest protocol version a server still speaks: a client saying
/// `hello` with version 1 gets a full `state` after every change.
pub const OLDEST_PROTOCOL_VERSION: u32 = 1;

/// The first protocol version whose clients get [`ServerMsg::Moved`].
pub const MOVED_SINCE: u32 = 2;

/// One of the two seats of a game. `first` is the player who moves first
/// in the game's start position; `second` is the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    /// The player who moves first.
    First,
    /// The other player.
    Second,
}

impl Seat {
    /// Both seats, first first.
    pub const ALL: [Seat; 2] = [Seat::First, Seat::Second];

    /// 0 for the first seat, 1 for the second.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }

    /// The other seat.
    #[must_use]
    pub const fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// `first` or `second`, as on the wire.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
        }
    }
}

/// The seat a game's creator asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatChoice {
    /// Move first.
    First,
    /// Move second.
    Second,
    /// A coin toss by the server (the default).
    #[default]
    Random,
}

/// A game clock: each side starts with `initial_ms` and gains `increment_ms`
/// after each of its moves; a side whose time runs out loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSpec {
    /// Each side's time at the start, in milliseconds.
    pub initial_ms: u64,
    /// Time added after each move of a side, in milliseconds.
    pub increment_ms: u64,
}

/// A message from a client to the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// The first message of every connection.
    Hello {
        /// The protocol version the client speaks ([`PROTOCOL_VERSION`]).
        protocol: u32,
        /// The client's name and version, for the server's log (free text).
        #[serde(default)]
        client: String,
        /// Whether the client follows a [`ServerMsg::Redirect`] (servers
        /// sharing a database send one only to such clients).
        #[serde(default)]
        redirect: bool,
    },
    /// Create a game and take a seat in it.
    Create {
        /// The game's name, one of [`ServerMsg::Welcome`]'s `games`.
        game: String,
        /// The game's configuration; `{}` (or absent) is the game's default.
        #[serde(default)]
        config: serde_json::Value,
        /// The seat wanted.
        #[serde(default)]
        seat: SeatChoice,
        /// An optional clock.
        #[serde(default)]
        clock: Option<ClockSpec>,
    },
    /// Join a game by its code: the free seat, or a spectator's place when
    /// both seats are taken.
    Join {
        /// The game code (case-insensitive).
        code: String,
    },
    /// Watch a game by its code, never taking a seat.
    Watch {
        /// The game code (case-insensitive).
        code: String,
    },
    /// Come back to a seat after a lost connection.
    Resume {
        /// The game code (case-insensitive).
        code: String,
        /// The seat token received in `created` or `joined`.
        token: String,
        /// The last ply this client saw (0 if none).
        #[serde(default)]
        last_ply: u32,
    },
    /// Play a move in the game of this connection.
    Move {
        /// The seat token.
        token: String,
        /// The ply the move is made at: the number of moves played before it.
        ply: u32,
        /// The move in the game's move text.
        #[serde(rename = "move")]
        text: String,
    },
    /// Resign: the opponent wins.
    Resign {
        /// The seat token.
        token: String,
    },
    /// Claim a draw that the rules allow the side to move to claim
    /// (chess3d: 50-move rule, threefold repetition).
    ClaimDraw {
        /// The seat token.
        token: String,
    },
    /// Ask for a `pong` (keep-alive for clients that cannot send WebSocket pings).
    Ping,
    /// Ask for the full `state` of this connection's game again (a client
    /// that missed a ply, or cannot apply a `moved`).
    Sync,
}

/// Why the server ended a game, or `rules` when the game's own rules did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The rules ended it (checkmate, KYBO, no more pieces…).
    Rules,
    /// A draw claimed under the rules by the side to move.
    DrawClaimed,
    /// A player resigned.
    Resignation,
    /// A player's clock ran out.
    FlagFall,
    /// No move was made for the server's idle time.
    Expired,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The seat that won, or `null` for a draw or an expired game.
    pub winner: Option<Seat>,
    /// What ended the game.
    pub ending: Ending,
    /// A sentence for people: `White wins (checkmate)`, `Black resigns, White wins`.
    pub text: String,
}

/// The players of a game, as the game names them (`White`, `One`…).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Players {
    /// The player of the first seat.
    pub first: String,
    /// The player of the second seat.
    pub second: String,
}

/// Whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// The player, as the game names it.
    pub player: String,
    /// Their seat.
    pub seat: Seat,
}

/// The clocks of a game, as of the moment the message was sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// The clock's settings.
    #[serde(flatten)]
    pub spec: ClockSpec,
    /// The first seat's remaining time, in milliseconds.
    pub first_ms: u64,
    /// The second seat's remaining time, in milliseconds.
    pub second_ms: u64,
    /// The seat whose clock is running, if any.
    pub running: Option<Seat>,
}

/// A game as `GET /games/CODE.json` serves it: its state (the fields of a
/// `state` message, without `type`) and its record in the rules crate's
/// text, as `GET /games/CODE` serves it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The state: code, game, config, players, moves, result, clock…
    #[serde(flatten)]
    pub state: GameState,
    /// The record in the rules crate's text.
    pub record: String,
}

/// Everything a client shows, without knowing the game's rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    /// The game code.
    pub code: String,
    /// The game's name.
    pub game: String,
    /// The game's configuration (as the game writes it).
    pub config: serde_json::Value,
    /// The players of the two seats.
    pub players: Players,
    /// Whether both seats are taken (moves are refused before).
    pub started: bool,
    /// The number of moves played.
    pub ply: u32,
    /// Whose turn it is.
    pub turn: Turn,
    /// Every move so far, in the game's move text, oldest first.
    pub moves: Vec<String>,
    /// The board as text (the game's `Display`).
    pub board: String,
    /// Every legal move of the side to move (empty once the game is over).
    pub legal_moves: Vec<String>,
    /// How the game ended, or `null` while it goes on.
    pub result: Option<GameResult>,
    /// The clocks, or `null` for a game without a clock.
    pub clock: Option<ClockState>,
}

/// An accepted move, for clients of protocol 2: the move and what changed.
/// The board and legal moves are the client's to compute with the rules;
/// a client whose ply is not `ply - 1` missed a move and sends `sync`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Moved {
    /// The game code.
    pub code: String,
    /// The game's ply after the move (the move was made at `ply - 1`).
    pub ply: u32,
    /// The move, in its canonical text (the text `moves` lists).
    #[serde(rename = "move")]
    pub text: String,
    /// Whose turn it is now.
    pub turn: Turn,
    /// How the game ended, if the move ended it; else `null`.
    pub result: Option<GameResult>,
    /// The clocks after the move, or `null` for a game without a clock.
    pub clock: Option<ClockState>,
}

/// Why a move, resignation or claim was refused (sent to its sender only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// The token holds no seat of this game.
    NotAPlayer,
    /// The opponent has not joined yet.
    NotStarted,
    /// It is the other seat's turn.
    NotYourTurn,
    /// The ply is not the game's current ply (the client missed a move).
    StalePly,
    /// The game is over.
    GameOver,
    /// The move is not legal; `reason` is the rules crate's text.
    Illegal,
    /// No draw can be claimed here.
    NoDrawToClaim,
    /// The server could not store the move; try again.
    Unavailable,
}

/// Why the server refused a request or closes the connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The frame is not a JSON object of a known message type.
    BadMessage,
    /// The first message was not a `hello` of this protocol version.
    BadHello,
    /// No game has this code (or it is no longer kept).
    NoSuchGame,
    /// The game name is not one the server hosts.
    UnknownGame,
    /// The configuration does not fit the game.
    BadConfig,
    /// The clock settings are out of range.
    BadClock,
    /// The token does not hold a seat of that game.
    BadToken,
    /// The message needs a game, and this connection is in none.
    NoGame,
    /// This connection is already in a game.
    AlreadyInGame,
    /// Too many messages, or too many failed joins: the connection closes.
    RateLimited,
    /// The server is full or cannot store games now.
    Unavailable,
    /// The server is shutting down.
    ShuttingDown,
    /// Another server instance took the game over: reconnect and resume
    /// (the connection closes).
    Relocated,
}

/// A message for people as the catalogues (board-l10n) key it: `id` and
/// named `args`, each a number, a text (notation, never translated) or
/// another such message. A client words it in its player's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Words {
    /// The catalogue key (`eoc-pale-touches-no-dark`).
    pub id: String,
    /// The named arguments.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<String, WordArg>,
}

/// One argument of [`Words`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum WordArg {
    /// A number (plural forms follow it).
    Number(i64),
    /// Text put in as it is (notation, an excerpt of the input).
    Text(String),
    /// A message worded first, in the same language (a player, a reason).
    Words(Words),
}

impl From<&board_core::Message> for Words {
    fn from(message: &board_core::Message) -> Words {
        let args = message
            .args
            .iter()
            .map(|(name, arg)| {
                let arg = match arg {
                    board_core::Arg::Number(n) => WordArg::Number(*n),
                    board_core::Arg::Text(t) => WordArg::Text(t.clone()),
                    board_core::Arg::Message(m) => WordArg::Words(Words::from(&**m)),
                };
                ((*name).to_owned(), arg)
            })
            .collect();
        Words {
            id: message.id.to_owned(),
            args,
        }
    }
}

/// A message from the server to a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `hello`.
    Welcome {
        /// The protocol version of the server ([`PROTOCOL_VERSION`]).
        protocol: u32,
        /// The server's name and version.
        server: String,
        /// The games it hosts.
        games: Vec<String>,
    },
    /// A game was created; keep the token to move and to come back.
    Created {
        /// The code to give the opponent.
        code: String,
        /// The seat taken.
        seat: Seat,
        /// The secret seat token.
        token: String,
    },
    /// The free seat of a game was taken; keep the token.
    Joined {
        /// The game code.
        code: String,
        /// The seat taken.
        seat: Seat,
        /// The secret seat token.
        token: String,
    },
    /// This connection watches the game (both seats were taken, or `watch`).
    Watching {
        /// The game code.
        code: String,
    },
    /// The seat is this connection's again.
    Resumed {
        /// The game code.
        code: String,
        /// The seat.
        seat: Seat,
    },
    /// The game's full state: after arrival, and after every change (but
    /// a move, for clients of protocol 2).
    State(Box<GameState>),
    /// A move was played (protocol 2): what changed since the previous
    /// state, for a client that applies the move with the game's rules.
    Moved(Box<Moved>),
    /// A move, resignation or claim of this connection was refused.
    Refused {
        /// Why.
        kind: Refusal,
        /// The game's ply when refused.
        ply: u32,
        /// The refused move text (empty for a resignation or claim).
        #[serde(rename = "move")]
        text: String,
        /// A sentence for people: for an illegal move, the rules crate's reason.
        reason: String,
        /// For an illegal move, the same reason as the catalogues key it
        /// (board-l10n), for a client to word in its player's language;
        /// absent otherwise.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        message: Option<Words>,
    },
    /// A request failed; for some kinds the connection then closes.
    Error {
        /// What went wrong.
        kind: ErrorKind,
        /// A sentence for people.
        message: String,
    },
    /// The answer to `ping`.
    Pong,
    /// The game asked for (`join`, `watch`, `resume`) runs on another
    /// instance: connect to `url` and ask again (the connection closes).
    /// Sent only to clients whose `hello` said `redirect: true`.
    Redirect {
        /// The game code.
        code: String,
        /// The instance's WebSocket address (`ws://…` or `wss://…`).
        url: String,
    },
}

impl ServerMsg {
    /// The message as one JSON text.
    #[must_use]
    pub fn to_json(&self) -> String {
        // Serialising these types cannot fail: every map key is a string.
        serde_json::to_string(self).unwrap_or_else(|_| String::from("{\"type\":\"error\"}"))
    }

    /// An `error` message.
    #[must_use]
    pub fn error(kind: ErrorKind, message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error {
            kind,
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_read_the_documented_json() {
        let m: ClientMsg =
            serde_json::from_str(r#"{"type":"move","token":"ab","ply":3,"move":"A1-B1"}"#).unwrap();
        assert_eq!(
            m,
            ClientMsg::Move {
                token: "ab".into(),
                ply: 3,
                text: "A1-B1".into()
            }
        );
        let m: ClientMsg = serde_json::from_str(r#"{"type":"create","game":"kybo"}"#).unwrap();
        assert_eq!(
            m,
            ClientMsg::Create {
                game: "kybo".into(),
                config: serde_json::Value::Null,
                seat: SeatChoice::Random,
                clock: None
            }
        );
        assert!(serde_json::from_str::<ClientMsg>(r#"{"type":"launch"}"#).is_err());
        assert!(serde_json::from_str::<ClientMsg>(r#"{"type":"move","ply":-1}"#).is_err());
    }

    #[test]
    fn server_messages_write_the_documented_json() {
        let m = ServerMsg::Refused {
            kind: Refusal::StalePly,
            ply: 4,
            text: "x".into(),
            reason: "r".into(),
            message: None,
        };
        assert_eq!(
            m.to_json(),
            r#"{"type":"refused","kind":"stale_ply","ply":4,"move":"x","reason":"r"}"#
        );
        let back: ServerMsg = serde_json::from_str(&m.to_json()).unwrap();
        assert_eq!(back, m);
    }
}
