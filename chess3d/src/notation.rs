//! Position text (FEN3D and plain FEN, C3-19) and move text (C3-20).

use core::fmt;

use board_core::{Cell, Color, Level, NotationError, Square};

use crate::error::{ParseMoveError, PositionError};
use crate::moves::{Move, MoveKind};
use crate::piece::{Piece, Role};
use crate::position::{FixedPosition, CELLS};

/// The number of level boards in a position text (1 to 8).
pub(crate) fn count_levels(text: &str) -> Result<usize, PositionError> {
    let boards = text.split_whitespace().next().ok_or(PositionError::Empty)?;
    let n = boards.split('|').count();
    if (1..=8).contains(&n) {
        Ok(n)
    } else {
        Err(PositionError::LevelCount {
            found: n,
            expected: "1 to 8".to_owned(),
        })
    }
}

impl<const L: usize> FixedPosition<L> {
    /// Reads a position text with exactly `L` level boards (C3-19): FEN3D,
    /// or plain FEN when `L = 1`. Every rule of C3-19 is checked and each
    /// rejection is a [`PositionError`] naming the reason.
    pub fn from_fen(text: &str) -> Result<FixedPosition<L>, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() {
            return Err(PositionError::Empty);
        }
        if fields.len() != 6 {
            return Err(PositionError::FieldCount {
                found: fields.len(),
            });
        }
        let mut pos = FixedPosition::<L>::empty();
        let boards: Vec<&str> = fields[0].split('|').collect();
        if boards.len() != L {
            return Err(PositionError::LevelCount {
                found: boards.len(),
                expected: L.to_string(),
            });
        }
        let mut kings = [0usize; 2];
        for (l, board) in boards.iter().enumerate() {
            let level = Level::new(l as u8).unwrap_or(Level::N1);
            let ranks: Vec<&str> = board.split('/').collect();
            if ranks.len() != 8 {
                return Err(PositionError::RankCount {
                    level: l + 1,
                    found: ranks.len(),
                });
            }
            for (i, rank_text) in ranks.iter().enumerate() {
                let rank = 7 - i;
                let mut file = 0usize;
                for ch in rank_text.chars() {
                    if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                        file += d as usize;
                    } else if let Some(piece) = Piece::from_char(ch) {
                        if file < 8 {
                            let cell = Cell::new(level, Square::ALL[rank * 8 + file]);
                            if piece.role == Role::King {
                                kings[piece.color as usize] += 1;
                            }
                            pos.put(cell, piece);
                        }
                        file += 1;
                    } else {
                        return Err(PositionError::BadChar {
                            level: l + 1,
                            rank: rank + 1,
                            found: ch,
                        });
                    }
                }
                if file != 8 {
                    return Err(PositionError::RankLength {
                        level: l + 1,
                        rank: rank + 1,
                        found: file,
                    });
                }
            }
        }
        pos.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(PositionError::Turn {
                    found: board_core::excerpt(other),
                })
            }
        };
        pos.castling = fields[2].parse()?;
        pos.ep = match fields[3] {
            "-" => None,
            text => Some(parse_ep::<L>(text)?),
        };
        let number = |s: &str| -> Option<u32> {
            if s.bytes().all(|b| b.is_ascii_digit()) {
                s.parse().ok()
            } else {
                None
            }
        };
        pos.halfmove = number(fields[4]).ok_or_else(|| PositionError::Halfmove {
            found: board_core::excerpt(fields[4]),
        })?;
        pos.fullmove =
            number(fields[5])
                .filter(|&n| n >= 1)
                .ok_or_else(|| PositionError::Fullmove {
                    found: board_core::excerpt(fields[5]),
                })?;
        pos.validate(kings)?;
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The C3-19 rules on the pieces, castling rights and en-passant target.
    fn validate(&self, kings: [usize; 2]) -> Result<(), PositionError> {
        for color in Color::ALL {
            if kings[color as usize] != 1 {
                return Err(PositionError::KingCount {
                    color,
                    found: kings[color as usize],
                });
            }
        }
        let pawns = Role::Pawn.index();
        for l in 0..L {
            let back = self.roles[pawns][l] & (crate::geometry::RANK_1 | crate::geometry::RANK_8);
            if back != 0 {
                return Err(PositionError::PawnOnBackRank {
                    cell: CELLS[l * 64 + back.trailing_zeros() as usize],
                });
            }
        }
        for (right, color, short) in [
            ('K', Color::White, true),
            ('Q', Color::White, false),
            ('k', Color::Black, true),
            ('q', Color::Black, false),
        ] {
            if !self.castling.has(color, short) {
                continue;
            }
            let (king, s, l) = Self::castling_cells(color);
            let rook = if short { s } else { l };
            let ok = self.piece_at(king)
                == Some(Piece {
                    color,
                    role: Role::King,
                })
                && self.piece_at(rook)
                    == Some(Piece {
                        color,
                        role: Role::Rook,
                    });
            if !ok {
                return Err(PositionError::CastlingPieces {
                    right,
                    color,
                    king,
                    rook,
                });
            }
        }
        if let Some(ep) = self.ep {
            // White to move: Black's pawn passed rank 6 and stands on rank 5.
            let (rank, dir) = match self.turn {
                Color::White => (5, -1i8),
                Color::Black => (2, 1i8),
            };
            if ep.square().rank().index() != rank {
                return Err(PositionError::EnPassantRank {
                    cell: ep,
                    expected: rank + 1,
                    turn: self.turn,
                });
            }
            if self.piece_at(ep).is_some() {
                return Err(PositionError::EnPassantOccupied { cell: ep });
            }
            let mover = !self.turn;
            let beyond = ep.offset(0, dir, 0).unwrap_or(ep);
            let start = ep.offset(0, -dir, 0).unwrap_or(ep);
            if self.piece_at(beyond)
                != Some(Piece {
                    color: mover,
                    role: Role::Pawn,
                })
            {
                return Err(PositionError::EnPassantNoPawn {
                    cell: ep,
                    color: mover,
                    beyond,
                });
            }
            if self.piece_at(start).is_some() {
                return Err(PositionError::EnPassantStartOccupied { cell: ep, start });
            }
        }
        if self.king_attacked(!self.turn) {
            return Err(PositionError::OpponentInCheck { color: !self.turn });
        }
        Ok(())
    }

    /// The position text (C3-19): FEN3D, plain FEN with one level.
    pub fn fen(&self) -> String {
        let mut out = String::with_capacity(80 * L);
        for l in 0..L {
            if l > 0 {
                out.push('|');
            }
            let level = Level::new(l as u8).unwrap_or(Level::N1);
            for rank in (0..8).rev() {
                let mut empty = 0;
                for file in 0..8 {
                    match self.piece_at(Cell::new(level, Square::ALL[rank * 8 + file])) {
                        Some(p) => {
                            if empty > 0 {
                                out.push(char::from(b'0' + empty));
                                empty = 0;
                            }
                            out.push(p.char());
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    out.push(char::from(b'0' + empty));
                }
                if rank > 0 {
                    out.push('/');
                }
            }
        }
        let ep = match self.ep {
            None => "-".to_owned(),
            Some(c) if L == 1 => c.square().to_string().to_ascii_lowercase(),
            Some(c) => c.to_string(),
        };
        format!(
            "{out} {} {} {ep} {} {}",
            self.turn.letter(),
            self.castling,
            self.halfmove,
            self.fullmove
        )
    }
}

fn parse_ep<const L: usize>(text: &str) -> Result<Cell, PositionError> {
    let syntax = |source: NotationError| PositionError::EnPassantSyntax {
        found: board_core::excerpt(text),
        source,
    };
    let cell = match text.parse::<Cell>() {
        Ok(c) => c,
        Err(e) if L == 1 && !text.starts_with(['n', 'N']) => {
            let _ = e;
            Cell::new(Level::N1, text.parse::<Square>().map_err(syntax)?)
        }
        Err(e) => return Err(syntax(e)),
    };
    if cell.level().index() >= L {
        return Err(PositionError::EnPassantLevel { cell, levels: L });
    }
    Ok(cell)
}

impl<const L: usize> core::str::FromStr for FixedPosition<L> {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Self, PositionError> {
        FixedPosition::from_fen(s)
    }
}

/// A move text read without a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MoveText {
    Castle {
        short: bool,
        /// The king's cell, when written (`O-O@N2/C1`).
        king: Option<Cell>,
    },
    Cells {
        from: Cell,
        to: Cell,
        /// Written with `x`.
        capture: bool,
        promotion: Option<Role>,
        /// Followed by `e.p.`.
        en_passant: bool,
    },
}

/// Reads `N2/E2-N2/E4`, `N2/D4xN3/E5`, `…=Q`, `N2/D5xN2/E6e.p.`, `O-O`,
/// `O-O-O` (and `0-0`, `0-0-0`), castling optionally with the king's cell
/// (`O-O@N2/C1`).
pub(crate) fn parse_move_text(text: &str) -> Result<MoveText, ParseMoveError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(ParseMoveError::Empty);
    }
    let quoted = || board_core::excerpt(text);
    let (castle, king) = match t.split_once('@') {
        Some((c, k)) => (c, Some(k)),
        None => (t, None),
    };
    let short = match castle {
        "O-O" | "0-0" | "o-o" => Some(true),
        "O-O-O" | "0-0-0" | "o-o-o" => Some(false),
        _ => None,
    };
    if let Some(short) = short {
        let king = match king {
            None => None,
            Some(k) => Some(k.parse::<Cell>().map_err(|source| ParseMoveError::Cell {
                text: quoted(),
                source,
            })?),
        };
        return Ok(MoveText::Castle { short, king });
    }
    let (t, en_passant) = match t.len().checked_sub(4) {
        Some(i) if t.is_char_boundary(i) && t[i..].eq_ignore_ascii_case("e.p.") => (&t[..i], true),
        _ => (t, false),
    };
    let (body, promotion) = match t.split_once('=') {
        Some((body, p)) => {
            let role = p
                .parse::<Role>()
                .ok()
                .filter(|r| Role::PROMOTIONS.contains(r))
                .ok_or_else(|| ParseMoveError::Promotion { text: quoted() })?;
            (body, Some(role))
        }
        None => (t, None),
    };
    let Some(i) = body.find(['-', 'x', 'X']) else {
        return Err(ParseMoveError::Shape { text: quoted() });
    };
    let (a, b) = (&body[..i], &body[i + 1..]);
    let capture = body.as_bytes()[i] != b'-';
    if en_passant && (!capture || promotion.is_some()) {
        return Err(ParseMoveError::EnPassant { text: quoted() });
    }
    let cell = |s: &str| {
        s.parse::<Cell>().map_err(|source| ParseMoveError::Cell {
            text: quoted(),
            source,
        })
    };
    Ok(MoveText::Cells {
        from: cell(a)?,
        to: cell(b)?,
        capture,
        promotion,
        en_passant,
    })
}

impl fmt::Display for Move {
    /// The move text. `{}` writes the exact text, which alone determines the
    /// move (what [`FromStr`](core::str::FromStr) and serde read): the C3-20
    /// text `N2/E2-N2/E4`, `N2/D4xN3/E5`, `N2/A7-N2/A8=Q`, with en passant
    /// marked `N2/D5xN2/E6e.p.` and castling naming the king's cell,
    /// `O-O@N2/C1`, `O-O-O@N2/C8`.
    ///
    /// `{:#}` writes the plain C3-20 text, as records do: en passant without
    /// `e.p.`, castling as `O-O` / `O-O-O`; reading it back needs the
    /// position ([`Position::parse_move`](crate::Position::parse_move)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let exact = !f.alternate();
        match self.kind {
            MoveKind::ShortCastle | MoveKind::LongCastle => {
                f.write_str(if self.kind == MoveKind::ShortCastle {
                    "O-O"
                } else {
                    "O-O-O"
                })?;
                if exact {
                    write!(f, "@{}", self.from)?;
                }
                Ok(())
            }
            _ => {
                let sep = if self.is_capture() { 'x' } else { '-' };
                write!(f, "{}{sep}{}", self.from, self.to)?;
                if let Some(r) = self.promotion() {
                    write!(f, "={r}")?;
                }
                if exact && self.kind == MoveKind::EnPassant {
                    f.write_str("e.p.")?;
                }
                Ok(())
            }
        }
    }
}

impl core::str::FromStr for Move {
    type Err = ParseMoveError;

    /// Reads the exact move text that `Display` writes: the kind is the
    /// text's (`-` a move to an empty cell, `x` a capture, `=Q` a promotion,
    /// `e.p.` en passant, `O-O@N2/C1` castling). Plain C3-20 castling (`O-O`)
    /// needs a position: use [`Position::parse_move`](crate::Position::parse_move).
    ///
    /// ```
    /// use chess3d::{Move, MoveKind};
    /// for text in ["N2/E7-N2/E5", "N2/D4xN3/E5", "N2/A7-N2/A8=Q", "N1/D5xN2/E6e.p.", "O-O@N2/C1", "O-O-O@N4/C8"] {
    ///     let mv: Move = text.parse()?;
    ///     assert_eq!(mv.to_string(), text);
    /// }
    /// let castle: Move = "O-O@N2/C8".parse()?;
    /// assert_eq!((castle.to().to_string(), castle.kind()), ("N2/B8".to_string(), MoveKind::ShortCastle));
    /// assert!("O-O".parse::<Move>().is_err()); // whose king? A position knows.
    /// # Ok::<(), chess3d::ParseMoveError>(())
    /// ```
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        match parse_move_text(s)? {
            MoveText::Castle { short, king } => {
                let bad = || ParseMoveError::Castling {
                    text: board_core::excerpt(s),
                };
                let king = king.ok_or_else(bad)?;
                let sq = king.square();
                if sq != Square::C1 && sq != Square::C8 {
                    return Err(bad());
                }
                let to = CELLS[king.index() - 1 + 2 * usize::from(!short)];
                let kind = if short {
                    MoveKind::ShortCastle
                } else {
                    MoveKind::LongCastle
                };
                Ok(Move::new(king, to, kind))
            }
            MoveText::Cells {
                from,
                to,
                capture,
                promotion,
                en_passant,
            } => {
                let kind = match (promotion, capture) {
                    _ if en_passant => MoveKind::EnPassant,
                    (Some(r), false) => MoveKind::Promotion(r),
                    (Some(r), true) => MoveKind::CapturePromotion(r),
                    (None, true) => MoveKind::Capture,
                    (None, false) => MoveKind::Normal,
                };
                Ok(Move::new(from, to, kind))
            }
        }
    }
}

impl fmt::Display for crate::position::Position {
    /// The levels side by side (see [`FixedPosition`]'s `Display`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::position::dispatch!(self, p => fmt::Display::fmt(p, f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // C3-20: move text shapes.
    #[test]
    fn c3_20_move_text_shapes() {
        let m = parse_move_text("n2/e2-N2E4").unwrap();
        assert_eq!(
            m,
            MoveText::Cells {
                from: "N2/E2".parse().unwrap(),
                to: "N2/E4".parse().unwrap(),
                capture: false,
                promotion: None,
                en_passant: false,
            }
        );
        assert!(matches!(
            parse_move_text("N2/A7xN3/B8=n"),
            Ok(MoveText::Cells {
                promotion: Some(Role::Knight),
                ..
            })
        ));
        assert_eq!(
            parse_move_text("0-0-0"),
            Ok(MoveText::Castle {
                short: false,
                king: None
            })
        );
        assert_eq!(
            parse_move_text("O-O"),
            Ok(MoveText::Castle {
                short: true,
                king: None
            })
        );
        assert!(matches!(parse_move_text(""), Err(ParseMoveError::Empty)));
        assert!(matches!(
            parse_move_text("N2/E2N2/E4"),
            Err(ParseMoveError::Shape { .. })
        ));
        assert!(matches!(
            parse_move_text("N2/E2-N2/E4=K"),
            Err(ParseMoveError::Promotion { .. })
        ));
        assert!(matches!(
            parse_move_text("N2/E2-N9/E4"),
            Err(ParseMoveError::Cell { .. })
        ));
        assert!(matches!(
            parse_move_text("N2/E2-"),
            Err(ParseMoveError::Cell { .. })
        ));
    }
}
