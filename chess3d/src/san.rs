//! The short move text, as SAN writes chess moves: the piece's letter (none
//! for a pawn) and its target, with the level or the origin only where they
//! are needed to tell the move from another legal one.
//!
//! Grammar (either case; `+`, `#`, `!` and `?` at the end are ignored):
//!
//! ```text
//! short   = piece [origin] ["x"] target [promo] | pawn
//! pawn    = target [promo]                       a pawn's advance
//! piece   = "K" | "Q" | "R" | "B" | "N"
//! origin  = square | cell                        where the piece stands
//! target  = square | cell                        where it goes
//! square  = file rank                            E5: on whichever level fits
//! cell    = "N" level "/" square                 N2/E5
//! promo   = "=" ("Q" | "R" | "B" | "N")
//! ```
//!
//! A pawn's capture is written with both squares (`D4xE5`), castling `O-O`
//! and `O-O-O`: both are move texts already (C3-20). A text names the one
//! legal move that fits it; where none or several fit, reading it says so
//! and lists them.

use board_core::{Cell, Square};

use crate::moves::Move;
use crate::piece::Role;

/// `text` split into what comes before a promotion suffix (`=Q`) and the
/// role it names, or `None` when the suffix is not one letter of a role.
pub(crate) fn split_promotion(text: &str) -> Option<(&str, Option<Role>)> {
    match text.split_once('=') {
        Some((body, p)) => {
            let mut chars = p.chars();
            let role = chars.next().and_then(Role::from_char)?;
            chars.next().is_none().then_some((body, Some(role)))
        }
        None => Some((text, None)),
    }
}

/// Where a short text puts a piece: a square on a level it leaves open, or a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Square(Square),
    Cell(Cell),
}

impl Place {
    fn parse(text: &str) -> Option<Place> {
        if text.contains('/') {
            text.parse().ok().map(Place::Cell)
        } else {
            text.parse().ok().map(Place::Square)
        }
    }

    fn holds(self, cell: Cell) -> bool {
        match self {
            Place::Square(square) => cell.square() == square,
            Place::Cell(c) => cell == c,
        }
    }
}

/// A short move text, read but not yet matched with a legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Short {
    role: Role,
    from: Option<Place>,
    capture: bool,
    to: Place,
    promotion: Option<Role>,
}

impl Short {
    /// Reads `text` as a short move text, or `None` if it is not one.
    pub(crate) fn parse(text: &str) -> Option<Short> {
        let text = text.trim().trim_end_matches(['+', '#', '!', '?']);
        let (body, promotion) = split_promotion(text)?;
        if promotion.is_some_and(|role| !Role::PROMOTIONS.contains(&role)) {
            return None;
        }
        let mut chars = body.chars();
        let first = chars.next()?;
        let second = chars.next();
        // A piece letter is followed by a file, a level's `N` or an `x`;
        // `N2/E5` is a cell, not a knight.
        let piece = Role::from_char(first)
            .filter(|r| *r != Role::Pawn && second.is_some_and(|c| !c.is_ascii_digit()));
        let (role, rest) = match piece {
            Some(role) => (role, &body[first.len_utf8()..]),
            None => (Role::Pawn, body),
        };
        let (from, capture, to) = match rest.split_once(['x', 'X', '-']) {
            Some((from, to)) => {
                let from = if from.is_empty() {
                    None
                } else {
                    Some(Place::parse(from)?)
                };
                (from, rest.contains(['x', 'X']), Place::parse(to)?)
            }
            None => match Place::parse(rest) {
                Some(to) => (None, false, to),
                // An origin written against its target: `NG1F3`, `NN1/G1F3`.
                None => [2, 5].into_iter().find_map(|n| {
                    let (from, to) = (rest.get(..n)?, rest.get(n..)?);
                    Some((Some(Place::parse(from)?), false, Place::parse(to)?))
                })?,
            },
        };
        // A pawn's short text is its advance; its captures name both squares.
        if role == Role::Pawn && (from.is_some() || capture) {
            return None;
        }
        Some(Short {
            role,
            from,
            capture,
            to,
            promotion,
        })
    }

    /// Whether `mv`, a legal move whose moving piece is a `role`, fits the text.
    pub(crate) fn fits(&self, mv: Move, role: Role) -> bool {
        !mv.is_castling()
            && role == self.role
            && self.to.holds(mv.to)
            && self.from.is_none_or(|from| from.holds(mv.from))
            && (!self.capture || mv.is_capture())
            // A pawn's short text is its advance (its captures name both squares).
            && (role != Role::Pawn || !mv.is_capture())
            && mv.promotion() == self.promotion
    }
}

/// The texts that could write `mv` in short, shortest first: the writer
/// keeps the first that names `mv` alone among the legal moves. The last is
/// the full move text, which always does.
pub(crate) fn candidates(mv: Move, role: Role) -> Vec<String> {
    let promotion = mv.promotion().map_or(String::new(), |r| format!("={r}"));
    let (from_square, from_cell) = (mv.from.square(), mv.from);
    let (to_square, to_cell) = (mv.to.square(), mv.to);
    let mut texts = Vec::with_capacity(6);
    if mv.is_castling() {
        return vec![format!("{mv:#}")];
    }
    if role == Role::Pawn {
        if !mv.is_capture() {
            texts.push(format!("{to_square}{promotion}"));
            texts.push(format!("{to_cell}{promotion}"));
        } else {
            texts.push(format!("{from_square}x{to_square}{promotion}"));
        }
    } else {
        let letter = role.upper();
        let x = if mv.is_capture() { "x" } else { "" };
        texts.push(format!("{letter}{x}{to_square}"));
        texts.push(format!("{letter}{x}{to_cell}"));
        texts.push(format!("{letter}{from_square}{x}{to_square}"));
        texts.push(format!("{letter}{from_square}{x}{to_cell}"));
        texts.push(format!("{letter}{from_cell}{x}{to_cell}"));
    }
    texts.push(format!("{mv:#}"));
    texts
}
