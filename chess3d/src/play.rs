//! Playing moves: validation with the reason a move is illegal, the effects
//! of a move, turn order (C3-13), check, checkmate and stalemate (C3-14, C3-16).

use core::fmt;

use board_core::{Cell, Color, Game, MoveList, Outcome, Square};

use crate::error::PlayError;
use crate::movegen::{Counter, Lister};
use crate::moves::{Move, MoveKind};
use crate::notation::{parse_move_text, MoveText};
use crate::piece::{Piece, Role};
use crate::position::{dispatch, CastlingRights, FixedPosition, Position, CELLS};
use crate::zobrist::KEYS;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndReason {
    /// The side to move is in check and has no legal move (C3-16).
    Checkmate,
    /// The side to move is not in check and has no legal move (C3-16).
    Stalemate,
    /// 75 moves by each side without capture or pawn move (C3-17, automatic).
    SeventyFiveMoves,
    /// The same position for the fifth time (C3-17, automatic).
    FivefoldRepetition,
    /// Neither side can ever checkmate (C3-17).
    DeadPosition,
    /// The 50-move rule, claimed (C3-17).
    FiftyMovesClaimed,
    /// Threefold repetition, claimed (C3-17).
    ThreefoldClaimed,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::SeventyFiveMoves => "75-move rule",
            EndReason::FivefoldRepetition => "fivefold repetition",
            EndReason::DeadPosition => "dead position",
            EndReason::FiftyMovesClaimed => "50-move rule claimed",
            EndReason::ThreefoldClaimed => "threefold repetition claimed",
        })
    }
}

/// The castling rights lost when a move starts or ends on `cell`.
#[inline(always)]
fn rights_lost<const L: usize>(cell: Cell) -> u8 {
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
        let lost = rights_lost::<L>(mv.from) | rights_lost::<L>(mv.to);
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

    /// The legal move with the same cells, promotion and castling side as `mv`.
    pub(crate) fn find_legal(&self, mv: Move) -> Option<Move> {
        let mut list = MoveList::new();
        self.generate(&mut Lister(&mut list));
        list.into_iter().find(|m| m.key() == mv.key())
    }

    /// Plays `mv` if it is legal, or says why it is not (the position is then unchanged).
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        match self.find_legal(mv) {
            Some(m) if m == mv => {
                self.make(m);
                Ok(())
            }
            Some(legal) => Err(PlayError::WrongKind { given: mv, legal }),
            None => Err(self.why_illegal(mv)),
        }
    }

    /// Why `mv` is not a legal move here.
    fn why_illegal(&self, mv: Move) -> PlayError {
        if self.count() == 0 {
            return PlayError::GameOver;
        }
        for cell in [mv.from, mv.to] {
            if cell.level().index() >= L {
                return PlayError::OutsideSpace { cell, levels: L };
            }
        }
        let color = self.turn;
        if mv.is_castling() {
            let short = mv.kind == MoveKind::ShortCastle;
            if !self.castling.has(color, short) {
                return PlayError::CastlingRightLost { color };
            }
            if self.is_check() {
                return PlayError::CastlingInCheck;
            }
            let (k, _, _) = Self::castling_cells(color);
            if !short {
                let d = CELLS[k.index() + 1];
                if self.piece_at(d).is_some() {
                    return PlayError::CastlingPathBlocked { cell: d };
                }
            }
            let landing = if short {
                Self::castling_cells(color).1
            } else {
                CELLS[k.index() + 1]
            };
            if self.attacked(landing.index(), 1 - color as usize, &self.occupied()) {
                return PlayError::CastlingPathAttacked { cell: landing };
            }
            return PlayError::KingInCheck { color };
        }
        let Some(piece) = self.piece_at(mv.from) else {
            return PlayError::NoPiece { cell: mv.from };
        };
        if piece.color != color {
            return PlayError::NotYourPiece {
                cell: mv.from,
                to_move: color,
            };
        }
        if self.piece_at(mv.to).is_some_and(|p| p.color == color) {
            return PlayError::OwnPiece { cell: mv.to };
        }
        let reach = self.pseudo_targets(mv.from.index());
        if reach[mv.to.level().index()] >> mv.to.square().index() & 1 == 0 {
            return PlayError::CannotMoveSo {
                role: piece.role,
                from: mv.from,
                to: mv.to,
            };
        }
        let last = mv.to.square().rank().index() == if color == Color::White { 7 } else { 0 };
        let promotes = piece.role == Role::Pawn && last;
        match (promotes, mv.promotion()) {
            (true, None) => PlayError::PromotionMissing { to: mv.to },
            (false, Some(_)) => PlayError::PromotionNotAllowed {
                from: mv.from,
                to: mv.to,
            },
            _ => PlayError::KingInCheck { color },
        }
    }

    /// The number of legal moves.
    #[inline]
    pub fn count(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    /// Whether the side to move is checkmated (C3-16).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.count() == 0
    }

    /// Whether the side to move is stalemated (C3-16).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.count() == 0
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
    pub fn is_dead(&self) -> bool {
        let total = self.piece_count();
        if total == 2 {
            return true;
        }
        if L != 1 {
            return false;
        }
        let r = &self.roles;
        let others = (self.colors[0][0] | self.colors[1][0]) & !r[Role::King.index()][0];
        if total == 3 && others & r[Role::Knight.index()][0] != 0 {
            return true;
        }
        const LIGHT: u64 = 0x55aa_55aa_55aa_55aa;
        let bishops = r[Role::Bishop.index()][0];
        others == bishops && (bishops & LIGHT == 0 || bishops & !LIGHT == 0)
    }

    /// Reads a move text (C3-20) in the context of this position.
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        let parsed = parse_move_text(text)?;
        Ok(match parsed {
            MoveText::Castle { short } => {
                let (k, rook, _) = Self::castling_cells(self.turn);
                if short {
                    Move::new(k, rook, MoveKind::ShortCastle)
                } else {
                    Move::new(k, CELLS[k.index() + 1], MoveKind::LongCastle)
                }
            }
            MoveText::Cells {
                from,
                to,
                promotion,
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

    /// Every legal move, as a list.
    pub fn legal_move_list(&self) -> MoveList<Move> {
        let mut list = MoveList::new();
        self.generate(&mut Lister(&mut list));
        list
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

impl<const L: usize> Game for FixedPosition<L> {
    type Move = Move;
    type Player = Color;
    type EndReason = EndReason;
    type Error = PlayError;
    /// A fixed level count is in the type: nothing left to configure.
    type Config = ();

    fn from_config((): ()) -> FixedPosition<L> {
        FixedPosition::start()
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        self.generate(&mut Lister(moves));
    }

    fn check(&self, mv: Move) -> Result<(), PlayError> {
        self.clone().play(mv)
    }

    fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        FixedPosition::play(self, mv)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.make(mv);
    }

    fn outcome(&self) -> Option<Outcome<Color, EndReason>> {
        if self.count() > 0 {
            None
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

    fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        FixedPosition::parse_move(self, text)
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.find_legal(mv) == Some(mv)
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        self.count()
    }
}

impl Position {
    /// Plays `mv` if it is legal, or says why not (the position is then unchanged).
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        dispatch!(self, p => p.play(mv))
    }

    /// Reads a move text (C3-20) in the context of this position.
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        dispatch!(self, p => p.parse_move(text))
    }

    /// Every legal move, as a list.
    pub fn legal_move_list(&self) -> MoveList<Move> {
        dispatch!(self, p => p.legal_move_list())
    }
}

impl Game for Position {
    type Move = Move;
    type Player = Color;
    type EndReason = EndReason;
    type Error = PlayError;
    type Config = crate::Config;

    fn from_config(config: crate::Config) -> Position {
        config.start()
    }

    #[inline]
    fn turn(&self) -> Color {
        dispatch!(self, p => p.turn())
    }

    #[inline]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        dispatch!(self, p => p.generate_moves(moves))
    }

    fn check(&self, mv: Move) -> Result<(), PlayError> {
        self.clone().play(mv)
    }

    fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        Position::play(self, mv)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        dispatch!(self, p => p.make(mv))
    }

    fn outcome(&self) -> Option<Outcome<Color, EndReason>> {
        dispatch!(self, p => p.outcome())
    }

    fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        Position::parse_move(self, text)
    }

    fn is_legal(&self, mv: Move) -> bool {
        dispatch!(self, p => p.is_legal(mv))
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        dispatch!(self, p => p.count())
    }
}
