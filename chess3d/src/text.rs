//! Position text (FEN3D and plain FEN, C3-19): reading and writing a
//! [`Position`] and its castling rights.

use core::fmt;
use core::str::FromStr;

use board_core::{Cell, Color, Level, NotationError, Square};

use crate::config::Config;
use crate::error::PositionError;
use crate::piece::{Piece, Role};
use crate::position::{dispatch, CastlingRights, FixedPosition, Position, CELLS};

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

impl FromStr for CastlingRights {
    type Err = PositionError;

    /// `-` or some of `KQkq`, in that order, each once.
    fn from_str(s: &str) -> Result<CastlingRights, PositionError> {
        let bad = || PositionError::CastlingSyntax {
            found: board_core::excerpt(s),
        };
        if s == "-" {
            return Ok(CastlingRights::NONE);
        }
        if s.is_empty() {
            return Err(bad());
        }
        let mut rights = CastlingRights::NONE;
        let mut next = 0;
        for ch in s.chars() {
            let i = CastlingRights::LETTERS[next..]
                .iter()
                .position(|l| l.0 == ch)
                .ok_or_else(bad)?;
            let (_, color, short) = CastlingRights::LETTERS[next + i];
            rights = rights.with(color, short);
            next += i + 1;
        }
        Ok(rights)
    }
}

impl Position {
    /// Reads a position text: FEN3D with 1 to 8 level boards (C3-19), or plain
    /// FEN (one level). Every rule of C3-19 is checked. The same as
    /// [`from_text`](Self::from_text), under the chess name.
    ///
    /// # Errors
    /// The rule of C3-19 the text breaks, as a [`PositionError`].
    pub fn from_fen(text: &str) -> Result<Position, PositionError> {
        let levels = count_levels(text)?;
        Ok(match levels {
            1 => Position::L1(FixedPosition::from_fen(text)?),
            2 => Position::L2(FixedPosition::from_fen(text)?),
            3 => Position::L3(FixedPosition::from_fen(text)?),
            4 => Position::L4(Box::new(FixedPosition::from_fen(text)?)),
            5 => Position::L5(Box::new(FixedPosition::from_fen(text)?)),
            6 => Position::L6(Box::new(FixedPosition::from_fen(text)?)),
            7 => Position::L7(Box::new(FixedPosition::from_fen(text)?)),
            _ => Position::L8(Box::new(FixedPosition::from_fen(text)?)),
        })
    }

    /// Reads a position text (C3-19); the level count is the text's.
    ///
    /// # Errors
    /// The rule of C3-19 the text breaks, as a [`PositionError`].
    pub fn from_text(text: &str) -> Result<Position, PositionError> {
        Position::from_fen(text)
    }

    /// Reads a position text that must have `config.levels()` level boards.
    ///
    /// # Errors
    /// [`PositionError::LevelsDisagree`] when the text has another level
    /// count, otherwise the rule of C3-19 the text breaks.
    pub fn from_text_with_config(text: &str, config: Config) -> Result<Position, PositionError> {
        let found = count_levels(text)?;
        if found != config.levels() {
            return Err(PositionError::LevelsDisagree {
                found,
                expected: config.levels(),
            });
        }
        Position::from_fen(text)
    }

    /// The position text (C3-19), the same as [`fen`](Self::fen).
    pub fn to_text(&self) -> String {
        self.fen()
    }

    /// The position text (C3-19).
    pub fn fen(&self) -> String {
        dispatch!(self, p => p.fen())
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        Position::from_fen(s)
    }
}

impl fmt::Display for Position {
    /// The levels side by side (see [`FixedPosition`]'s `Display`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::position::dispatch!(self, p => fmt::Display::fmt(p, f))
    }
}
