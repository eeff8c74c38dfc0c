//! What the crate's errors, players, piece kinds and end reasons say to a
//! person, as [`Message`]s a catalogue renders in a language (the
//! workspace's `board-l10n`). Every match is exhaustive: a new variant does
//! not compile without its message. Notation (segments, crossings,
//! squares, moves) goes in as text and is never translated.

use board_core::{expected_word, Explain, Message, Status};

use crate::config::ConfigError;
use crate::error::{ParseMoveError, PlayError, PositionError, RecordError};
use crate::position::{EndReason, Kind, Player};

impl Explain for Player {
    fn explain(&self) -> Message {
        Message::new(match self {
            Player::One => "eoc-player-one",
            Player::Two => "eoc-player-two",
        })
    }
}

impl Explain for Kind {
    fn explain(&self) -> Message {
        Message::new(match self {
            Kind::Pale => "eoc-kind-pale",
            Kind::Dark => "eoc-kind-dark",
        })
    }
}

impl Explain for EndReason {
    fn explain(&self) -> Message {
        Message::new(match self {
            EndReason::BoardFull => "eoc-end-board-full",
            EndReason::OutOfPieces => "eoc-end-out-of-pieces",
            EndReason::Blockage => "eoc-end-blockage",
        })
    }
}

/// The message of an `expected` text of this crate's errors; the shared
/// notation words through [`expected_word`].
fn expected(text: &str) -> Message {
    let id = match text {
        "a move: P D5-E5, F D5-D6, F D5-D6!, R D5 or claim" => "eoc-expected-move",
        "a piece kind: P (pale) or F (dark)" => "eoc-expected-kind",
        "a category: standard, enriched, maximal or 2x2" => "eoc-expected-category",
        "an end reason: board full, out of pieces or blockage" => "eoc-expected-end-reason",
        "p, f or a digit 1-8 per run of empty segments, 7 or 8 per row" => "eoc-expected-grooves",
        "five numbers P1,F1,P2,F2,R" => "eoc-expected-supplies",
        "a segment: two crossings joined by '-', like D5-E5" => "eoc-expected-segment",
        "a square: two opposite corners joined by '-', like D5-E6" => "eoc-expected-square",
        "SQUARE:CS items (C closer 1 or 2, S scorer 0, 1 or 2) separated by ',', or -" => {
            "eoc-expected-closed-squares"
        }
        "crossings like D5 separated by ',', or -" => "eoc-expected-reds",
        "1 or 2" => "eoc-expected-turn",
        "S1,S2 or S1,S2+C" => "eoc-expected-points",
        "expected a whole number 0-255" => "eoc-expected-number",
        "empty" => "eoc-expected-not-empty",
        "expected a preset name or key=value fields" => "eoc-expected-config",
        "expected on or off" => "eoc-expected-on-off",
        "expected four numbers a/b/c/d" => "eoc-expected-four-numbers",
        "expected first=one or first=two" => "eoc-expected-first",
        "unknown field" => "eoc-expected-unknown-field",
        "field given twice" => "eoc-expected-field-twice",
        _ => return expected_word(text),
    };
    Message::new(id)
}

/// The message of a position text's field name.
fn field(name: &str) -> Message {
    let id = match name {
        "grooves" => "eoc-field-grooves",
        "reds" => "eoc-field-reds",
        "turn" => "eoc-field-turn",
        "supplies" => "eoc-field-supplies",
        "points" => "eoc-field-points",
        "closed squares" => "eoc-field-closed-squares",
        _ => return Message::new("expected-other").text("text", name),
    };
    Message::new(id)
}

impl Explain for ParseMoveError {
    fn explain(&self) -> Message {
        match self {
            ParseMoveError::Crossing(e) => e.explain(),
            ParseMoveError::Syntax { text, expected: e } => Message::new("eoc-parse-syntax")
                .text("text", text)
                .message("expected", expected(e)),
            ParseMoveError::NotNeighbours { text } => {
                Message::new("eoc-parse-not-neighbours").text("text", text)
            }
            ParseMoveError::NotASquare { text } => {
                Message::new("eoc-parse-not-a-square").text("text", text)
            }
            ParseMoveError::PieceLetter { text, found } => Message::new("eoc-parse-piece-letter")
                .text("text", text)
                .text("found", found),
            ParseMoveError::AnnouncedRed { text } => {
                Message::new("eoc-parse-announced-red").text("text", text)
            }
            ParseMoveError::Player { text } => Message::new("eoc-parse-player").text("text", text),
        }
    }
}

impl Explain for ConfigError {
    fn explain(&self) -> Message {
        Message::new("eoc-config")
            .text("text", &self.text)
            .message("reason", expected(self.reason))
    }
}

impl Explain for PlayError {
    fn explain(&self) -> Message {
        match self {
            PlayError::Parse(e) => e.explain(),
            PlayError::GameOver => Message::new("eoc-game-over"),
            PlayError::SegmentOccupied(s) => {
                Message::new("eoc-segment-occupied").text("segment", s)
            }
            PlayError::NoPieceLeft { player, kind } => Message::new("eoc-no-piece-left")
                .explained("player", player)
                .explained("kind", kind),
            PlayError::PaleTouchesNoDark(s) => {
                Message::new("eoc-pale-touches-no-dark").text("segment", s)
            }
            PlayError::DarkTouchesDark(s) => {
                Message::new("eoc-dark-touches-dark").text("segment", s)
            }
            PlayError::DarkTouchesNoPale(s) => {
                Message::new("eoc-dark-touches-no-pale").text("segment", s)
            }
            PlayError::NothingToAnnounce(s) => {
                Message::new("eoc-nothing-to-announce").text("segment", s)
            }
            PlayError::AnnouncementRequired(s) => {
                Message::new("eoc-announcement-required").text("segment", s)
            }
            PlayError::NothingToClaim => Message::new("eoc-nothing-to-claim"),
            PlayError::CrossingNotFree(c) => {
                Message::new("eoc-crossing-not-free").text("crossing", c)
            }
            PlayError::NoRedLeft => Message::new("eoc-no-red-left"),
            PlayError::RedModeOff => Message::new("eoc-red-mode-off"),
        }
    }
}

impl Explain for RecordError {
    fn explain(&self) -> Message {
        match self {
            RecordError::MissingConfig => Message::new("eoc-record-missing-config"),
            RecordError::MissingFirst => Message::new("eoc-record-missing-first"),
            RecordError::MisplacedHeader { line, text } => {
                Message::new("eoc-record-misplaced-header")
                    .number("line", *line)
                    .text("text", text)
            }
            RecordError::Config { line, error } => Message::new("eoc-record-config")
                .number("line", *line)
                .explained("error", error),
            RecordError::First { line, error } => Message::new("eoc-record-first")
                .number("line", *line)
                .explained("error", error),
            RecordError::Start { line, error } => Message::new("eoc-record-start")
                .number("line", *line)
                .explained("error", error),
            RecordError::Move {
                line,
                number,
                error,
            } => Message::new("eoc-record-move")
                .number("line", *line)
                .number("number", *number)
                .explained("error", error),
            RecordError::Illegal {
                number,
                line,
                mv,
                error,
            } => Message::new("eoc-record-illegal")
                .number("line", *line)
                .number("number", *number)
                .text("move", mv)
                .explained("error", error),
        }
    }
}

impl Explain for PositionError {
    fn explain(&self) -> Message {
        use PositionError as E;
        match self {
            E::Fields { found } => Message::new("eoc-pos-fields").number("found", *found),
            E::Syntax {
                field: f,
                text,
                expected: e,
            } => Message::new("eoc-pos-syntax")
                .message("field", field(f))
                .text("text", text)
                .message("expected", expected(e)),
            E::DarksTouch(c) => Message::new("eoc-pos-darks-touch").text("crossing", c),
            E::Untouched(s) => Message::new("eoc-pos-untouched").text("segment", s),
            E::Unchained(s) => Message::new("eoc-pos-unchained").text("segment", s),
            E::SupplyTooLarge {
                player,
                kind,
                left,
                given,
            } => Message::new("eoc-pos-supply-too-large")
                .explained("player", player)
                .explained("kind", kind)
                .number("left", *left)
                .number("given", *given),
            E::PieceCount {
                kind,
                on_board,
                taken,
            } => Message::new("eoc-pos-piece-count")
                .explained("kind", kind)
                .number("onBoard", *on_board)
                .number("taken", *taken),
            E::RedCount {
                on_board,
                left,
                given,
            } => Message::new("eoc-pos-red-count")
                .number("onBoard", *on_board)
                .number("left", *left)
                .number("given", *given),
            E::RedModeOff(c) => Message::new("eoc-pos-red-mode-off").text("crossing", c),
            E::DuplicateRed(c) => Message::new("eoc-pos-duplicate-red").text("crossing", c),
            E::NotClosed(s) => Message::new("eoc-pos-not-closed").text("square", s),
            E::Unlisted(s) => Message::new("eoc-pos-unlisted").text("square", s),
            E::DuplicateSquare(s) => Message::new("eoc-pos-duplicate-square").text("square", s),
            E::DeadScored(s) => Message::new("eoc-pos-dead-scored").text("square", s),
            E::Points {
                player,
                stated,
                scored,
            } => Message::new("eoc-pos-points")
                .explained("player", player)
                .number("stated", *stated)
                .number("scored", *scored),
            E::Claim { claimable } => Message::new("eoc-pos-claim").number("claimable", *claimable),
            E::ClaimInFinishedGame { claimable } => {
                Message::new("eoc-pos-claim-finished").number("claimable", *claimable)
            }
            E::Placements { one, two, turn } => Message::new("eoc-pos-placements")
                .number("one", *one)
                .number("two", *two)
                .explained("turn", turn),
        }
    }
}

impl Status for crate::Position {
    /// Each player's points and supply, the claimable points, then whose
    /// turn or the final counts: `term-eoc-player`, `term-eoc-claimable`,
    /// `term-to-move`, `term-eoc-final`.
    fn status_words(&self) -> Vec<Message> {
        let mut parts = Vec::new();
        for p in Player::ALL {
            let (pale, dark) = self.supply(p);
            parts.push(
                Message::new("term-eoc-player")
                    .explained("player", &p)
                    .number("points", self.points(p))
                    .number("pale", pale)
                    .number("dark", dark),
            );
        }
        if let Some(points) = self.claimable() {
            parts.push(Message::new("term-eoc-claimable").number("points", points));
        }
        match self.outcome() {
            Some(_) => {
                for p in Player::ALL {
                    parts.push(
                        Message::new("term-eoc-final")
                            .explained("player", &p)
                            .number("count", self.final_count(p)),
                    );
                }
            }
            None => parts.push(Message::new("term-to-move").explained("player", &self.turn())),
        }
        parts
    }
}
