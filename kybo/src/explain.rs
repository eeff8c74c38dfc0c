//! What the crate's errors, zones and end reasons say to a person, as
//! [`Message`]s a catalogue renders in a language (the workspace's
//! `board-l10n`). Every match is exhaustive: a new variant does not compile
//! without its message. Notation (squares, moves) goes in as text and is
//! never translated.

use board_core::{Color, Explain, Message, Status};

use crate::config::ConfigError;
use crate::error::{ParseMoveError, PlayError, PositionError, RecordError};
use crate::geometry::Zone;
use crate::position::EndReason;

impl Explain for Zone {
    fn explain(&self) -> Message {
        Message::new(match self {
            Zone::Gates => "kybo-zone-gates",
            Zone::Walls => "kybo-zone-walls",
            Zone::Castle => "kybo-zone-castle",
            Zone::Dungeon => "kybo-zone-dungeon",
        })
    }
}

impl Explain for EndReason {
    fn explain(&self) -> Message {
        Message::new(match self {
            EndReason::Kybo => "kybo-end-kybo",
            EndReason::BoardFull => "kybo-end-board-full",
            EndReason::NoCubeLeft => "kybo-end-no-cube-left",
        })
    }
}

impl Explain for ParseMoveError {
    fn explain(&self) -> Message {
        match self {
            ParseMoveError::Empty => Message::new("kybo-parse-empty"),
            ParseMoveError::Square(e) => Message::new("kybo-parse-square").explained("error", e),
            ParseMoveError::Level { text, found } => Message::new("kybo-parse-level")
                .text("text", text)
                .text("found", found),
            ParseMoveError::MissingLevel { text } => {
                Message::new("kybo-parse-missing-level").text("text", text)
            }
        }
    }
}

impl Explain for PlayError {
    fn explain(&self) -> Message {
        match self {
            PlayError::GameOver { outcome } => {
                Message::new("kybo-game-over").explained("outcome", outcome)
            }
            PlayError::NoCubeLeft { player } => {
                Message::new("kybo-no-cube-left").explained("player", player)
            }
            PlayError::FirstCubeOutsideDungeon { square } => {
                Message::new("kybo-first-cube-outside-dungeon").text("square", square)
            }
            PlayError::StackFull { square, zone } => Message::new("kybo-stack-full")
                .text("square", square)
                .explained("zone", zone)
                .number("max", zone.max_height()),
            PlayError::NoContact { square } => {
                Message::new("kybo-no-contact").text("square", square)
            }
            PlayError::LevelMismatch {
                square,
                written,
                actual,
            } => Message::new("kybo-level-mismatch")
                .text("square", square)
                .number("written", written.number())
                .number("actual", actual.number()),
            PlayError::Notation(e) => e.explain(),
        }
    }
}

impl Explain for PositionError {
    fn explain(&self) -> Message {
        use PositionError as E;
        match self {
            E::Fields { found } => Message::new("kybo-pos-fields").number("found", *found),
            E::RankCount { found } => Message::new("kybo-pos-rank-count").number("found", *found),
            E::RankLength { rank, found } => Message::new("kybo-pos-rank-length")
                .text("rank", rank)
                .number("found", *found),
            E::Character { rank, found } => Message::new("kybo-pos-character")
                .text("rank", rank)
                .text("found", found),
            E::Unclosed { rank } => Message::new("kybo-pos-unclosed").text("rank", rank),
            E::EmptyStack { rank } => Message::new("kybo-pos-empty-stack").text("rank", rank),
            E::Side { found } => Message::new("kybo-pos-side").text("found", found),
            E::StackTooHigh {
                square,
                zone,
                height,
            } => Message::new("kybo-pos-stack-too-high")
                .text("square", square)
                .explained("zone", zone)
                .number("height", *height)
                .number("max", zone.max_height()),
            E::Disconnected { square } => {
                Message::new("kybo-pos-disconnected").text("square", square)
            }
            E::CubeCount {
                white,
                black,
                to_move,
            } => Message::new("kybo-pos-cube-count")
                .number("white", *white)
                .number("black", *black)
                .explained("toMove", to_move),
            E::KyboOutOfTurn { player } => {
                Message::new("kybo-pos-kybo-out-of-turn").explained("player", player)
            }
            E::NoFirstCube => Message::new("kybo-pos-no-first-cube"),
            E::SupplyExceeded {
                player,
                placed,
                supply,
            } => Message::new("kybo-pos-supply-exceeded")
                .explained("player", player)
                .number("placed", *placed)
                .number("supply", *supply),
        }
    }
}

impl Explain for ConfigError {
    fn explain(&self) -> Message {
        match self {
            ConfigError::UnknownOption { found } => {
                Message::new("kybo-config-unknown-option").text("found", found)
            }
            ConfigError::MissingValue { option } => {
                Message::new("kybo-config-missing-value").text("option", option)
            }
            ConfigError::Repeated { option } => {
                Message::new("kybo-config-repeated").text("option", option)
            }
            ConfigError::Supply { found } => {
                Message::new("kybo-config-supply").text("found", found)
            }
        }
    }
}

impl Explain for RecordError {
    fn explain(&self) -> Message {
        match self {
            RecordError::Tag { text } => Message::new("kybo-record-tag").text("text", text),
            RecordError::Config(e) => Message::new("kybo-record-config").explained("error", e),
            RecordError::Start(e) => Message::new("kybo-record-start").explained("error", e),
            RecordError::Parse { number, error, .. } => Message::new("kybo-record-parse")
                .number("number", *number)
                .explained("error", error),
            RecordError::Illegal {
                number,
                text,
                error,
            } => Message::new("kybo-record-illegal")
                .number("number", *number)
                .text("move", text)
                .explained("error", error),
        }
    }
}

impl Status for crate::Position {
    /// The cubes each side placed and has left, then the winning network
    /// or whose turn: `term-kybo-cubes`, `term-kybo-network`, `term-to-move`.
    fn status_words(&self) -> Vec<Message> {
        let cubes = |c: Color| {
            let m = Message::new("term-kybo-cubes")
                .explained("player", &c)
                .number("placed", self.placed(c));
            match self.cubes_left(c) {
                Some(n) => m.number("left", n),
                None => m.text("left", "∞"),
            }
        };
        let mut parts = vec![cubes(Color::White), cubes(Color::Black)];
        if let Some(network) = self.winning_network() {
            parts.push(Message::new("term-kybo-network").text("network", network));
        } else if self.outcome().is_none() {
            parts.push(Message::new("term-to-move").explained("player", &self.turn()));
        }
        parts
    }
}
