//! The rules of a [`FixedPosition`]: making a move (C3-9 to C3-15 effects,
//! C3-13 turn), checking a move with the reason it is illegal, check,
//! checkmate and stalemate (C3-14, C3-16), the dead position (C3-17), and
//! reading a move text in the context of the position (C3-20). The moves
//! themselves are generated in [`movegen`](crate::movegen).

use board_core::{Cell, Color, MoveList, Outcome, Square};

use crate::error::{Geometry, PlayError, PositionError};
use crate::geometry::{forward, KING, RANK_1, RANK_8};
use crate::movegen::{AnyMove, Counter, Lister};
use crate::moves::{Move, MoveKind};
use crate::notation::{parse_move_text, MoveText};
use crate::piece::{Piece, Role};
use crate::position::{CastlingRights, EndReason, FixedPosition, CELLS};
use crate::san::{self, Short};
use crate::zobrist::KEYS;

/// A move text of two squares without levels (`E7-E5`, `D4xE5`,
/// `A7-A8=Q`): the squares and the promotion, or `None` for any other text.
fn levelless(text: &str) -> Option<(Square, Square, Option<Role>)> {
    let (cells, promotion) = san::split_promotion(text.trim())?;
    let (a, b) = cells.split_once(['-', 'x', 'X'])?;
    Some((a.parse().ok()?, b.parse().ok()?, promotion))
}

/// The castling rights lost when a move starts or ends on `cell`.
#[inline(always)]
pub(crate) fn rights_lost<const L: usize>(cell: Cell) -> u8 {
    if cell.level().index() != FixedPosition::<L>::HOME {
        return 0;
    }
    match cell.square() {
        Square::C1 => 3,
        Square::B1 => 1,
        Square::E1 => 2,
        Square::C8 => 12,
        Square::B8 => 4,
        Square::E8 => 8,
        _ => 0,
    }
}

impl<const L: usize> FixedPosition<L> {
    /// Plays a move known to be legal (C3-9 to C3-15 effects, C3-13 turn).
    pub(crate) fn make(&mut self, mv: Move) {
        let us = self.turn;
        let them = !us;
        if let Some(ep) = self.ep.take() {
            self.hash ^= KEYS.ep[ep.index()];
        }
        let old_rights = self.castling;
        let (fl, fbit) = (mv.from.level().index(), 1u64 << mv.from.square().index());
        let role = self.role_on(fl, fbit).unwrap_or(Role::Pawn);
        self.halfmove += 1;
        match mv.kind {
            MoveKind::ShortCastle | MoveKind::LongCastle => {
                let (k, short, long) = Self::castling_cells(us);
                let rook_from = if mv.kind == MoveKind::ShortCastle {
                    short
                } else {
                    long
                };
                let king = Piece {
                    color: us,
                    role: Role::King,
                };
                let rook = Piece {
                    color: us,
                    role: Role::Rook,
                };
                self.take(k, king);
                self.take(rook_from, rook);
                self.put(mv.to, king);
                self.put(k, rook);
            }
            _ => {
                let (tl, tbit) = (mv.to.level().index(), 1u64 << mv.to.square().index());
                let mut capture = false;
                if mv.kind == MoveKind::EnPassant {
                    let sq = mv.to.square().index();
                    let back = if us == Color::White { sq - 8 } else { sq + 8 };
                    let cell = CELLS[tl * 64 + back];
                    self.take(
                        cell,
                        Piece {
                            color: them,
                            role: Role::Pawn,
                        },
                    );
                    capture = true;
                } else if self.colors[them as usize][tl] & tbit != 0 {
                    if let Some(victim) = self.role_on(tl, tbit) {
                        self.take(
                            mv.to,
                            Piece {
                                color: them,
                                role: victim,
                            },
                        );
                        capture = true;
                    }
                }
                self.take(mv.from, Piece { color: us, role });
                let placed = mv.promotion().unwrap_or(role);
                self.put(
                    mv.to,
                    Piece {
                        color: us,
                        role: placed,
                    },
                );
                if capture || role == Role::Pawn {
                    self.halfmove = 0;
                }
                if role == Role::Pawn {
                    let (fs, ts) = (mv.from.square().index(), mv.to.square().index());
                    if fs.abs_diff(ts) == 16 && fl == tl {
                        let ep = CELLS[tl * 64 + (fs + ts) / 2];
                        self.ep = Some(ep);
                        self.hash ^= KEYS.ep[ep.index()];
                    }
                }
            }
        }
        let lost = if old_rights.is_empty() {
            0
        } else {
            rights_lost::<L>(mv.from) | rights_lost::<L>(mv.to)
        };
        if lost != 0 {
            self.castling = CastlingRights::from_bits(old_rights.bits() as u8 & !lost);
            self.hash ^= KEYS.castling[old_rights.bits()] ^ KEYS.castling[self.castling.bits()];
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.turn = them;
        self.hash ^= KEYS.black;
    }

    /// `Ok` if `mv` is legal here, otherwise why not: the same error
    /// [`play`](Self::play) returns. It costs a small constant, whatever the
    /// position: the move is checked against the moving piece's own movement
    /// rule (its geometry and the cells in between, C3-4 to C3-15), its kind
    /// is compared with the one the position gives it, and the one move is
    /// made on a copy to see whether it leaves the mover's king attacked
    /// (C3-14). Only a refused move asks whether the game is over (it stops
    /// at the first legal move it finds).
    ///
    /// # Errors
    /// The rule `mv` breaks (see [`PlayError`] for the order of the checks).
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        let made = match self.pseudo_legal(mv) {
            Ok(made) => made,
            Err(e) => return Err(self.refusal(e)),
        };
        if !self.king_safe_after(made) {
            return Err(self.refusal(PlayError::KingInCheck { color: self.turn }));
        }
        if made != mv {
            return Err(PlayError::WrongKind {
                given: mv,
                legal: made,
            });
        }
        Ok(())
    }

    /// Whether `mv` is legal here (as [`check`](Self::check), without
    /// working out the reason).
    pub fn is_legal(&self, mv: Move) -> bool {
        self.pseudo_legal(mv) == Ok(mv) && self.king_safe_after(mv)
    }

    /// Whether the side to move has a move by C3-4 to C3-15, the draws of
    /// C3-17 aside (the generator stops at the first one).
    pub(crate) fn has_legal_move(&self) -> bool {
        if self.quick_legal_move() {
            return true;
        }
        let mut any = AnyMove::default();
        self.generate(&mut any);
        any.0
    }

    /// A cheap look for a legal move before the generator runs (`false`
    /// proves nothing): a king step within its level onto a cell no
    /// opposing piece attacks (the test the generator makes), then the first
    /// two pawn single advances, each made on a copy and the king tested.
    fn quick_legal_move(&self) -> bool {
        let us = self.turn as usize;
        let occ = self.occupied();
        let kc = self.kings[us] as usize;
        let (lk, ks) = (kc >> 6, kc & 63);
        let mut without_king = occ;
        without_king[lk] &= !(1u64 << ks);
        let mut steps = KING[ks] & !self.colors[us][lk];
        while steps != 0 {
            let t = steps.trailing_zeros() as usize;
            steps &= steps - 1;
            if !self.attacked(lk * 64 + t, 1 - us, &without_king) {
                return true;
            }
        }
        let mut tries = 0;
        for (l, o) in occ.iter().enumerate() {
            let pawns = self.roles[Role::Pawn.index()][l] & self.colors[us][l];
            let mut pushes = forward(pawns, us) & !o & !(RANK_1 | RANK_8);
            while pushes != 0 && tries < 2 {
                let t = pushes.trailing_zeros() as usize;
                pushes &= pushes - 1;
                tries += 1;
                let from = if us == 0 { t - 8 } else { t + 8 };
                let push = Move::new(CELLS[l * 64 + from], CELLS[l * 64 + t], MoveKind::Normal);
                if self.king_safe_after(push) {
                    return true;
                }
            }
        }
        false
    }

    /// [`PlayError::GameOver`] with the outcome, for a finished game.
    fn game_over(&self) -> PlayError {
        match self.outcome() {
            Some(outcome) => PlayError::GameOver { outcome },
            None => PlayError::KingInCheck { color: self.turn },
        }
    }

    /// The error for a refused move: game over when the side to move has no
    /// legal move at all (C3-16), otherwise `e`.
    fn refusal(&self, e: PlayError) -> PlayError {
        if self.has_legal_move() {
            e
        } else {
            self.game_over()
        }
    }

    /// Whether the own king is safe after `made`, a move that
    /// [`pseudo_legal`](Self::pseudo_legal) returned (C3-14): the move is
    /// made on a copy and the king's cell tested.
    #[inline]
    fn king_safe_after(&self, made: Move) -> bool {
        let mut after = *self;
        after.make(made);
        !after.king_attacked(self.turn)
    }

    /// The move as the position makes it (its kind read off the board), if
    /// `mv` obeys the moving piece's movement rule and the promotion rule,
    /// the king's safety aside; otherwise the first rule it breaks, in the
    /// order [`PlayError`] lists (the game's end aside).
    fn pseudo_legal(&self, mv: Move) -> Result<Move, PlayError> {
        for cell in [mv.from, mv.to] {
            if cell.level().index() >= L {
                return Err(PlayError::OutsideSpace { cell, levels: L });
            }
        }
        let color = self.turn;
        if mv.is_castling() {
            return self.castling_conditions(mv).map(|()| mv);
        }
        let Some(piece) = self.piece_at(mv.from) else {
            return Err(PlayError::NoPiece { cell: mv.from });
        };
        if piece.color != color {
            return Err(PlayError::NotYourPiece {
                cell: mv.from,
                to_move: color,
            });
        }
        let victim = self.piece_at(mv.to);
        if victim.is_some_and(|p| p.color == color) {
            return Err(PlayError::OwnPiece { cell: mv.to });
        }
        self.geometry(piece, mv.from, mv.to)?;
        let last = mv.to.square().rank().index() == if color == Color::White { 7 } else { 0 };
        let pawn = piece.role == Role::Pawn;
        let capture = victim.is_some();
        let kind = match (pawn && last, mv.promotion()) {
            (true, None) => return Err(PlayError::PromotionMissing { to: mv.to }),
            (true, Some(role)) if !Role::PROMOTIONS.contains(&role) => {
                return Err(PlayError::PromotionPiece { role })
            }
            (false, Some(_)) => {
                return Err(PlayError::PromotionNotAllowed {
                    from: mv.from,
                    to: mv.to,
                })
            }
            (true, Some(role)) if capture => MoveKind::CapturePromotion(role),
            (true, Some(role)) => MoveKind::Promotion(role),
            _ if capture => MoveKind::Capture,
            _ if pawn
                && Some(mv.to) == self.ep
                && mv.from.square().file() != mv.to.square().file() =>
            {
                MoveKind::EnPassant
            }
            _ => MoveKind::Normal,
        };
        Ok(Move::new(mv.from, mv.to, kind))
    }

    /// Plays `mv` if it is legal, or says why it is not (the position is then unchanged).
    ///
    /// # Errors
    /// Why `mv` is illegal, as [`check`](Self::check) says.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.check(mv)?;
        self.make(mv);
        Ok(())
    }

    /// Plays a move that [`legal_moves`](Self::legal_moves) listed, without
    /// checking it (any other move leaves the position unspecified).
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        self.make(mv);
    }

    /// Whether the castling `mv` meets C3-15's conditions, the king's
    /// safety after the move aside (for a long castling the rook leaving
    /// its cell may open a line onto the king's landing cell: that is
    /// [`king_safe_after`](Self::king_safe_after)'s to test, C3-14).
    fn castling_conditions(&self, mv: Move) -> Result<(), PlayError> {
        let color = self.turn;
        let short = mv.kind == MoveKind::ShortCastle;
        let (k, rook, _) = Self::castling_cells(color);
        let landing = if short { rook } else { CELLS[k.index() + 1] };
        if mv.from != k || mv.to != landing {
            return Err(PlayError::CastlingCells {
                color,
                king: k,
                from: mv.from,
            });
        }
        if !self.castling.has(color, short) {
            return Err(PlayError::CastlingRightLost { color });
        }
        if self.is_check() {
            return Err(PlayError::CastlingInCheck);
        }
        if !short && self.piece_at(landing).is_some() {
            return Err(PlayError::CastlingPathBlocked { cell: landing });
        }
        if self.attacked(landing.index(), 1 - color as usize, &self.occupied()) {
            return Err(PlayError::CastlingPathAttacked { cell: landing });
        }
        Ok(())
    }

    /// Whether `piece` on `from` may move to `to` by its movement rule
    /// alone (C3-4 to C3-10), on this board: its geometry, the cells in
    /// between, and for pawns and kings whether the move captures. The
    /// target holds no piece of the mover's side.
    fn geometry(&self, piece: Piece, from: Cell, to: Cell) -> Result<(), PlayError> {
        let coords = |c: Cell| {
            (
                c.level().index() as i32,
                c.square().file().index() as i32,
                c.square().rank().index() as i32,
            )
        };
        let (fl, ff, fr) = coords(from);
        let (tl, tf, tr) = coords(to);
        let d = [tl - fl, tf - ff, tr - fr];
        let abs = d.map(i32::abs);
        let longest = abs.into_iter().max().unwrap_or(0);
        let moved = abs.into_iter().filter(|&a| a != 0).count();
        let capture = self.piece_at(to).is_some();
        let wrong = |rule| {
            Err(PlayError::Geometry {
                piece,
                from,
                to,
                rule,
            })
        };
        let path_blocked = |rule: &'static str| {
            let step = d.map(i32::signum);
            for k in 1..longest {
                let level = (fl + k * step[0]) as usize;
                let sq = ((fr + k * step[2]) * 8 + ff + k * step[1]) as usize;
                let cell = CELLS[level * 64 + sq];
                if self.piece_at(cell).is_some() {
                    return Err(PlayError::Blocked {
                        piece,
                        from,
                        to,
                        cell,
                        rule,
                    });
                }
            }
            Ok(())
        };
        match piece.role {
            Role::Rook | Role::Bishop | Role::Queen => {
                let straight = abs.into_iter().all(|a| a == 0 || a == longest);
                let (rule, fits, id) = match piece.role {
                    Role::Rook => (Geometry::Rook, moved == 1, "C3-4"),
                    Role::Bishop => (Geometry::Bishop, moved == 2, "C3-5"),
                    _ => (Geometry::Queen, true, "C3-6"),
                };
                if !(straight && fits) {
                    return wrong(rule);
                }
                path_blocked(id)
            }
            Role::Knight => {
                let mut sorted = abs;
                sorted.sort_unstable();
                if sorted == [0, 1, 2] {
                    Ok(())
                } else {
                    wrong(Geometry::Knight)
                }
            }
            Role::King => {
                if longest != 1 {
                    wrong(Geometry::KingStep)
                } else if d[0] != 0 && !capture {
                    wrong(Geometry::KingLevel)
                } else {
                    Ok(())
                }
            }
            Role::Pawn => {
                let ahead = if piece.color == Color::White {
                    d[2]
                } else {
                    -d[2]
                };
                let start = if piece.color == Color::White { 1 } else { 6 };
                if ahead <= 0 {
                    return wrong(Geometry::PawnForward);
                }
                match (abs[1], ahead, abs[0]) {
                    (0, _, 1..) | (1, 1, 1) if !capture && Some(to) != self.ep => {
                        wrong(Geometry::PawnLevel)
                    }
                    (0, 1 | 2, 0) if capture => wrong(Geometry::PawnStraightCapture),
                    (0, 1, 0) => Ok(()),
                    (0, 2, 0) if fr != start => wrong(Geometry::PawnDouble),
                    (0, 2, 0) => path_blocked("C3-9"),
                    (1, 1, 0 | 1) if capture || Some(to) == self.ep => Ok(()),
                    (1, 1, 0) => wrong(Geometry::PawnDiagonal),
                    _ => wrong(Geometry::PawnReach),
                }
            }
        }
    }

    /// The number of legal moves (none after checkmate or stalemate, C3-16;
    /// the draws of C3-17 do not stop it, C3-22).
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut c = Counter::default();
        self.generate(&mut c);
        c.total()
    }

    /// How the game ended by the position alone, or `None` while it goes on:
    /// checkmate or stalemate first (C3-16), then the automatic draws of
    /// C3-17 that need no history: a dead position, then the 75-move rule
    /// (150 half-moves without capture or pawn move). So every game ends,
    /// even one driven through a bare [`History`](board_core::History).
    ///
    /// After checkmate or stalemate there is no legal move. A position drawn
    /// by C3-17 still lists the moves of the pieces: perft counts through
    /// those draws (C3-22), and one level generates exactly FIDE chess's
    /// moves (C3-21). A [`Match`](crate::Match) lists none and refuses every
    /// move once the game is over, and adds the draws that need the history
    /// (fivefold repetition, claims).
    pub fn outcome(&self) -> Option<Outcome<Color, EndReason>> {
        if self.has_legal_move() {
            let reason = if self.is_dead() {
                EndReason::DeadPosition
            } else if self.halfmove >= 150 {
                EndReason::SeventyFiveMoves
            } else {
                return None;
            };
            Some(Outcome::Draw { reason })
        } else if self.is_check() {
            Some(Outcome::Win {
                winner: !self.turn,
                reason: EndReason::Checkmate,
            })
        } else {
            Some(Outcome::Draw {
                reason: EndReason::Stalemate,
            })
        }
    }

    /// The repetition key (C3-17): the hash without the en-passant target
    /// when no en-passant capture is legal.
    pub fn repetition_key(&self) -> u64 {
        match self.ep {
            Some(ep) if !self.has_legal_ep() => self.hash ^ KEYS.ep[ep.index()],
            _ => self.hash,
        }
    }

    /// Whether the material is that of a dead position (C3-17): two bare
    /// kings; with one level also king and minor piece against king, and
    /// kings with bishops all on squares of one colour.
    ///
    /// Cheap enough to ask at every node: with two levels or more it looks
    /// for a piece besides the kings, with one level a pawn, rook or queen
    /// rules the position out before the minor pieces are counted.
    #[inline]
    pub fn is_dead(&self) -> bool {
        let r = &self.roles;
        let king = Role::King.index();
        if L != 1 {
            return (0..L).all(|l| (self.colors[0][l] | self.colors[1][l]) & !r[king][l] == 0);
        }
        let others = (self.colors[0][0] | self.colors[1][0]) & !r[king][0];
        if others == 0 {
            return true;
        }
        let heavy = r[Role::Pawn.index()][0] | r[Role::Rook.index()][0] | r[Role::Queen.index()][0];
        if others & heavy != 0 {
            return false;
        }
        if others & (others - 1) == 0 && others & r[Role::Knight.index()][0] != 0 {
            return true;
        }
        const LIGHT: u64 = 0x55aa_55aa_55aa_55aa;
        let bishops = r[Role::Bishop.index()][0];
        others == bishops && (bishops & LIGHT == 0 || bishops & !LIGHT == 0)
    }

    /// Reads a move text (C3-20) in the context of this position: the
    /// exact text `Display` writes, or the plain C3-20 text, whose kind is
    /// read off the position (`N2/D4-N3/E5` is the capture it is, `O-O`
    /// the side to move's castling). Reading does not check legality.
    ///
    /// # Errors
    /// [`PlayError::Notation`] when `text` is not a move text;
    /// [`PlayError::OutsideSpace`] for a cell beyond the space's levels.
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        // A check or mate mark, or a commentator's `!` / `?`, says nothing
        // of the move.
        let text = text.trim().trim_end_matches(['+', '#', '!', '?']);
        if let Some((from, to, promotion)) = levelless(text) {
            let mut candidates: Vec<Move> = self
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    m.from.square() == from
                        && m.to.square() == to
                        && m.promotion() == promotion
                        && !m.is_castling()
                })
                .collect();
            candidates.dedup();
            return match candidates[..] {
                [mv] => Ok(mv),
                _ => Err(PlayError::Unclear {
                    text: board_core::excerpt(text.trim()),
                    candidates,
                }),
            };
        }
        let parsed = match parse_move_text(text) {
            Ok(parsed) => parsed,
            Err(e) => match Short::parse(text) {
                Some(short) => return self.resolve_short(text, short),
                None => return Err(e.into()),
            },
        };
        Ok(match parsed {
            MoveText::Castle { short, king } => {
                let (home, rook, _) = Self::castling_cells(self.turn);
                let k = king.unwrap_or(home);
                if k.level().index() >= L {
                    return Err(PlayError::OutsideSpace { cell: k, levels: L });
                }
                if short {
                    let to = if k == home {
                        rook
                    } else {
                        CELLS[k.index().saturating_sub(1)]
                    };
                    Move::new(k, to, MoveKind::ShortCastle)
                } else {
                    Move::new(k, CELLS[(k.index() + 1).min(511)], MoveKind::LongCastle)
                }
            }
            MoveText::Cells {
                from,
                to,
                promotion,
                en_passant,
                ..
            } => {
                for cell in [from, to] {
                    if cell.level().index() >= L {
                        return Err(PlayError::OutsideSpace { cell, levels: L });
                    }
                }
                let mover = self.piece_at(from);
                let victim = self.piece_at(to);
                let capture = victim.is_some_and(|v| Some(v.color) != mover.map(|m| m.color));
                let kind = match (promotion, capture) {
                    _ if en_passant => MoveKind::EnPassant,
                    (Some(r), false) => MoveKind::Promotion(r),
                    (Some(r), true) => MoveKind::CapturePromotion(r),
                    (None, true) => MoveKind::Capture,
                    (None, false)
                        if Some(to) == self.ep
                            && mover.is_some_and(|m| m.role == Role::Pawn)
                            && from.square().file() != to.square().file() =>
                    {
                        MoveKind::EnPassant
                    }
                    (None, false) => MoveKind::Normal,
                };
                Move::new(from, to, kind)
            }
        })
    }

    /// The one legal move a short text (`NE5`, `E5`) names, or the ones it
    /// could be.
    fn resolve_short(&self, text: &str, short: Short) -> Result<Move, PlayError> {
        let mut candidates: Vec<Move> = self
            .legal_moves()
            .into_iter()
            .filter(|m| {
                self.piece_at(m.from)
                    .is_some_and(|p| short.fits(*m, p.role))
            })
            .collect();
        candidates.dedup();
        match candidates[..] {
            [mv] => Ok(mv),
            _ => Err(PlayError::Unclear {
                text: board_core::excerpt(text.trim()),
                candidates,
            }),
        }
    }

    /// `mv`, a legal move, in the short text (see [`Position::san`](crate::Position::san)).
    pub fn san(&self, mv: Move) -> String {
        let role = self.piece_at(mv.from).map_or(Role::Pawn, |p| p.role);
        let text = san::candidates(mv, role)
            .into_iter()
            .find(|text| self.parse_move(text) == Ok(mv))
            .unwrap_or_else(|| format!("{mv:#}"));
        let mut after = *self;
        after.make(mv);
        if !after.is_check() {
            text
        } else if after.has_legal_move() {
            text + "+"
        } else {
            text + "#"
        }
    }

    /// Every legal move, as a list: none after checkmate or stalemate
    /// (C3-16); the automatic draws of C3-17 do not stop it (C3-22).
    pub fn legal_moves(&self) -> MoveList<Move> {
        let mut list = MoveList::new();
        self.generate(&mut Lister(&mut list));
        list
    }

    /// The legal moves of the piece on `cell` (castling included for the
    /// king), for a UI's first click.
    pub fn moves_from(&self, cell: Cell) -> MoveList<Move> {
        let mut list = self.legal_moves();
        list.retain(|m| m.from == cell);
        list
    }

    /// The legal moves that end on `cell` (a castling king's landing cell
    /// included), for a UI's second click.
    pub fn moves_to(&self, cell: Cell) -> MoveList<Move> {
        let mut list = self.legal_moves();
        list.retain(|m| m.to == cell);
        list
    }

    /// The piece a legal move `mv` takes: the opposing piece on its target,
    /// or for en passant the pawn beside it (C3-10); `None` for a move to
    /// an empty cell and for castling.
    pub fn captured(&self, mv: Move) -> Option<Piece> {
        let them = !self.turn;
        match mv.kind {
            MoveKind::ShortCastle | MoveKind::LongCastle => None,
            MoveKind::EnPassant => Some(Piece {
                color: them,
                role: Role::Pawn,
            }),
            _ => self.piece_at(mv.to).filter(|p| p.color == them),
        }
    }

    /// Whether the legal move `mv` puts the opponent in check (C3-14).
    pub fn gives_check(&self, mv: Move) -> bool {
        let mut after = *self;
        after.make(mv);
        after.is_check()
    }

    /// The position text (C3-19), the same as [`fen`](Self::fen).
    pub fn to_text(&self) -> String {
        self.fen()
    }

    /// The configuration: `L` levels.
    pub fn config(&self) -> crate::Config {
        crate::Config::new(L).unwrap_or_default()
    }

    /// Reads a position text with exactly `L` levels (C3-19), the same as
    /// [`from_fen`](Self::from_fen).
    ///
    /// # Errors
    /// The rule of C3-19 the text breaks.
    pub fn from_text(text: &str) -> Result<FixedPosition<L>, PositionError> {
        FixedPosition::from_fen(text)
    }
}

impl CastlingRights {
    #[inline]
    pub(crate) const fn from_bits(bits: u8) -> CastlingRights {
        let mut r = CastlingRights::NONE;
        let mut i = 0;
        while i < 4 {
            if bits >> i & 1 == 1 {
                let color = if i < 2 { Color::White } else { Color::Black };
                r = r.with(color, i % 2 == 0);
            }
            i += 1;
        }
        r
    }
}
