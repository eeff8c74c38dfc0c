//! What the crate's errors, pieces, movement rules and end reasons say to a
//! person, as [`Message`]s a catalogue renders in a language (the
//! workspace's `board-l10n`). Every match is exhaustive: a new variant does
//! not compile without its message. Notation (cells, moves) goes in as text
//! and is never translated.

use board_core::{Color, Explain, Message, Status};

use crate::config::LevelsError;
use crate::error::{Geometry, ParseMoveError, PlayError, PositionError, RecordError};
use crate::piece::{Piece, PieceError, Role};
use crate::position::EndReason;

impl Explain for Role {
    /// The role's name alone: `c3-role-q`, "queen".
    fn explain(&self) -> Message {
        Message::new(match self {
            Role::Pawn => "c3-role-p",
            Role::Knight => "c3-role-n",
            Role::Bishop => "c3-role-b",
            Role::Rook => "c3-role-r",
            Role::Queen => "c3-role-q",
            Role::King => "c3-role-k",
        })
    }
}

impl Explain for Piece {
    /// The piece with its article and colour: "the white queen".
    fn explain(&self) -> Message {
        use Color::{Black, White};
        Message::new(match (self.color, self.role) {
            (White, Role::Pawn) => "c3-the-white-pawn",
            (White, Role::Knight) => "c3-the-white-knight",
            (White, Role::Bishop) => "c3-the-white-bishop",
            (White, Role::Rook) => "c3-the-white-rook",
            (White, Role::Queen) => "c3-the-white-queen",
            (White, Role::King) => "c3-the-white-king",
            (Black, Role::Pawn) => "c3-the-black-pawn",
            (Black, Role::Knight) => "c3-the-black-knight",
            (Black, Role::Bishop) => "c3-the-black-bishop",
            (Black, Role::Rook) => "c3-the-black-rook",
            (Black, Role::Queen) => "c3-the-black-queen",
            (Black, Role::King) => "c3-the-black-king",
        })
    }
}

/// `color`'s piece of `role`, explained.
fn piece(color: Color, role: Role) -> Message {
    Piece { color, role }.explain()
}

impl Explain for EndReason {
    fn explain(&self) -> Message {
        Message::new(match self {
            EndReason::Checkmate => "c3-end-checkmate",
            EndReason::Stalemate => "c3-end-stalemate",
            EndReason::SeventyFiveMoves => "c3-end-seventy-five-moves",
            EndReason::FivefoldRepetition => "c3-end-fivefold-repetition",
            EndReason::DeadPosition => "c3-end-dead-position",
            EndReason::FiftyMovesClaimed => "c3-end-fifty-moves-claimed",
            EndReason::ThreefoldClaimed => "c3-end-threefold-claimed",
        })
    }
}

impl Explain for Geometry {
    /// The movement rule in words, with its ID.
    fn explain(&self) -> Message {
        Message::new(match self {
            Geometry::Rook => "c3-geo-rook",
            Geometry::Bishop => "c3-geo-bishop",
            Geometry::Queen => "c3-geo-queen",
            Geometry::Knight => "c3-geo-knight",
            Geometry::KingStep => "c3-geo-king-step",
            Geometry::KingLevel => "c3-geo-king-level",
            Geometry::PawnForward => "c3-geo-pawn-forward",
            Geometry::PawnLevel => "c3-geo-pawn-level",
            Geometry::PawnDouble => "c3-geo-pawn-double",
            Geometry::PawnStraightCapture => "c3-geo-pawn-straight-capture",
            Geometry::PawnDiagonal => "c3-geo-pawn-diagonal",
            Geometry::PawnReach => "c3-geo-pawn-reach",
        })
        .text("rule", self.rule())
    }
}

impl Explain for PieceError {
    fn explain(&self) -> Message {
        Message::new("c3-piece-letter").text("text", &self.text)
    }
}

impl Explain for LevelsError {
    fn explain(&self) -> Message {
        Message::new("c3-levels").number("found", self.found)
    }
}

impl Explain for PositionError {
    fn explain(&self) -> Message {
        use PositionError as E;
        match self {
            E::Empty => Message::new("c3-pos-empty"),
            E::FieldCount { found } => Message::new("c3-pos-field-count").number("found", *found),
            E::LevelCount { found, expected } => Message::new("c3-pos-level-count")
                .number("found", *found)
                .text("expected", expected),
            E::LevelsDisagree { found, expected } => Message::new("c3-pos-levels-disagree")
                .number("found", *found)
                .number("expected", *expected),
            E::RankCount { level, found } => Message::new("c3-pos-rank-count")
                .number("level", *level)
                .number("found", *found),
            E::RankLength { level, rank, found } => Message::new("c3-pos-rank-length")
                .number("level", *level)
                .number("rank", *rank)
                .number("found", *found),
            E::BadChar { level, rank, found } => Message::new("c3-pos-bad-char")
                .number("level", *level)
                .number("rank", *rank)
                .text("found", found),
            E::Turn { found } => Message::new("c3-pos-turn").text("found", found),
            E::CastlingSyntax { found } => {
                Message::new("c3-pos-castling-syntax").text("found", found)
            }
            E::CastlingPieces {
                right,
                color,
                king,
                rook,
            } => Message::new("c3-pos-castling-pieces")
                .text("right", right)
                .message("kingPiece", piece(*color, Role::King))
                .text("king", king)
                .message("rookPiece", piece(*color, Role::Rook))
                .text("rook", rook),
            E::EnPassantSyntax { found, source } => Message::new("c3-pos-en-passant-syntax")
                .text("found", found)
                .explained("error", source),
            E::EnPassantLevel { cell, levels } => Message::new("c3-pos-en-passant-level")
                .text("cell", cell)
                .number("levels", *levels),
            E::EnPassantRank {
                cell,
                expected,
                turn,
            } => Message::new("c3-pos-en-passant-rank")
                .text("cell", cell)
                .number("expected", *expected)
                .explained("turn", turn),
            E::EnPassantOccupied { cell } => {
                Message::new("c3-pos-en-passant-occupied").text("cell", cell)
            }
            E::EnPassantNoPawn {
                cell,
                color,
                beyond,
            } => Message::new("c3-pos-en-passant-no-pawn")
                .text("cell", cell)
                .message("pawn", piece(*color, Role::Pawn))
                .text("beyond", beyond),
            E::EnPassantStartOccupied { cell, start } => {
                Message::new("c3-pos-en-passant-start-occupied")
                    .text("cell", cell)
                    .text("start", start)
            }
            E::Halfmove { found } => Message::new("c3-pos-halfmove").text("found", found),
            E::Fullmove { found } => Message::new("c3-pos-fullmove").text("found", found),
            E::KingCount { color, found } => Message::new("c3-pos-king-count")
                .explained("color", color)
                .number("found", *found),
            E::PawnOnBackRank { cell } => {
                Message::new("c3-pos-pawn-on-back-rank").text("cell", cell)
            }
            E::OpponentInCheck { color } => {
                Message::new("c3-pos-opponent-in-check").explained("color", color)
            }
        }
    }
}

impl Explain for ParseMoveError {
    fn explain(&self) -> Message {
        match self {
            ParseMoveError::Empty => Message::new("c3-parse-empty"),
            ParseMoveError::Shape { text } => Message::new("c3-parse-shape").text("text", text),
            ParseMoveError::Cell { text, source } => Message::new("c3-parse-cell")
                .text("text", text)
                .explained("error", source),
            ParseMoveError::Promotion { text } => {
                Message::new("c3-parse-promotion").text("text", text)
            }
            ParseMoveError::EnPassant { text } => {
                Message::new("c3-parse-en-passant").text("text", text)
            }
            ParseMoveError::Castling { text } => {
                Message::new("c3-parse-castling").text("text", text)
            }
        }
    }
}

impl Explain for PlayError {
    fn explain(&self) -> Message {
        match self {
            PlayError::Notation(e) => e.explain(),
            PlayError::Unclear { text, candidates } => {
                if candidates.is_empty() {
                    Message::new("c3-unclear-none").text("text", text)
                } else {
                    let list: Vec<String> = candidates.iter().map(|m| format!("{m:#}")).collect();
                    Message::new("c3-unclear-many")
                        .text("text", text)
                        .text("candidates", list.join(", "))
                }
            }
            PlayError::GameOver { outcome } => {
                Message::new("c3-game-over").explained("outcome", outcome)
            }
            PlayError::WrongKind { given, legal } => Message::new("c3-wrong-kind")
                .text("given", given)
                .text("legal", legal),
            PlayError::OutsideSpace { cell, levels } => Message::new("c3-outside-space")
                .text("cell", cell)
                .number("levels", *levels),
            PlayError::NoPiece { cell } => Message::new("c3-no-piece").text("cell", cell),
            PlayError::NotYourPiece { cell, to_move } => Message::new("c3-not-your-piece")
                .text("cell", cell)
                .explained("toMove", to_move),
            PlayError::OwnPiece { cell } => Message::new("c3-own-piece").text("cell", cell),
            PlayError::Geometry {
                piece,
                from,
                to,
                rule,
            } => Message::new("c3-geometry")
                .explained("piece", piece)
                .text("from", from)
                .text("to", to)
                .explained("rule", rule),
            PlayError::Blocked {
                piece,
                from,
                to,
                cell,
                rule,
            } => Message::new("c3-blocked")
                .explained("piece", piece)
                .text("from", from)
                .text("to", to)
                .text("cell", cell)
                .text("rule", rule),
            PlayError::PromotionMissing { to } => {
                Message::new("c3-promotion-missing").text("to", to)
            }
            PlayError::PromotionNotAllowed { from, to } => Message::new("c3-promotion-not-allowed")
                .text("from", from)
                .text("to", to),
            PlayError::PromotionPiece { role } => {
                Message::new("c3-promotion-piece").explained("role", role)
            }
            PlayError::KingInCheck { color } => {
                Message::new("c3-king-in-check").message("king", piece(*color, Role::King))
            }
            PlayError::CastlingRightLost { color } => {
                Message::new("c3-castling-right-lost").explained("color", color)
            }
            PlayError::CastlingPathBlocked { cell } => {
                Message::new("c3-castling-path-blocked").text("cell", cell)
            }
            PlayError::CastlingInCheck => Message::new("c3-castling-in-check"),
            PlayError::CastlingPathAttacked { cell } => {
                Message::new("c3-castling-path-attacked").text("cell", cell)
            }
            PlayError::CastlingCells { color, king, from } => Message::new("c3-castling-cells")
                .message("kingPiece", piece(*color, Role::King))
                .text("king", king)
                .text("from", from),
        }
    }
}

impl Explain for RecordError {
    fn explain(&self) -> Message {
        match self {
            RecordError::Empty => Message::new("c3-record-empty"),
            RecordError::Start(e) => Message::new("c3-record-start").explained("error", e),
            RecordError::Move {
                number,
                text,
                reason,
            } => Message::new("c3-record-move")
                .number("number", *number)
                .text("move", text)
                .explained("error", reason),
        }
    }
}

impl Status for crate::Position {
    /// The pieces of each side, the full move, check, whose turn:
    /// `term-c3-pieces`, `term-c3-move`, `term-c3-check`, `term-to-move`.
    fn status_words(&self) -> Vec<Message> {
        let count = |color: Color| self.pieces().filter(|(_, p)| p.color == color).count();
        let mut parts = vec![
            Message::new("term-c3-pieces")
                .number("white", count(Color::White))
                .number("black", count(Color::Black)),
            Message::new("term-c3-move").number("number", self.full_move()),
        ];
        if self.is_check() {
            parts.push(Message::new("term-c3-check"));
        }
        parts.push(Message::new("term-to-move").explained("player", &self.turn()));
        parts
    }
}
