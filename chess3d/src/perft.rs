//! Perft by a walk of its own (C3-22 counts): each generated move is played
//! straight from the generator's target sets onto a copy of the position
//! (the moving piece's kind looked up once per piece, no move list, no
//! hash or clocks: nothing in the walk reads them), and the last ply is
//! counted in bulk ([`count_legal_moves`](FixedPosition::count_legal_moves)).
//! The count is [`board_core::copy_make_perft`]'s, which the tests compare.

use board_core::Color;

use crate::geometry::{RANK_1, RANK_8};
use crate::legal::rights_lost;
use crate::movegen::Sink;
use crate::moves::Move;
use crate::piece::Role;
use crate::position::{CastlingRights, FixedPosition, CELLS};

/// Plays each move it is handed on a copy of `pos` and adds the child's
/// count at `depth - 1` (at least 1) to `nodes`.
struct Walk<'a, const L: usize> {
    pos: &'a FixedPosition<L>,
    depth: u32,
    nodes: u64,
}

impl<const L: usize> Walk<'_, L> {
    /// Adds the count of `child`, a position after one move.
    #[inline(always)]
    fn descend(&mut self, child: &FixedPosition<L>) {
        self.nodes += child.perft_walk(self.depth - 1);
    }
}

impl<const L: usize> Sink for Walk<'_, L> {
    const ORDERED: bool = false;
    const PER_SIDE: bool = true;

    #[inline(always)]
    fn piece(&mut self, from: usize, to_level: usize, mut targets: u64, them: u64) {
        if targets == 0 {
            return;
        }
        let (fl, fbit) = (from >> 6, 1u64 << (from & 63));
        let role = self.pos.role_on(fl, fbit).unwrap_or(Role::Pawn);
        while targets != 0 {
            let t = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let mut child = *self.pos;
            child.shift(role, from, to_level * 64 + t, them >> t & 1 != 0, role);
            self.descend(&child);
        }
    }

    #[inline(always)]
    fn pawns(
        &mut self,
        from_level: usize,
        to_level: usize,
        mut targets: u64,
        delta: i32,
        capture: bool,
    ) {
        while targets != 0 {
            let t = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let from = from_level * 64 + (t as i32 - delta) as usize;
            let to = to_level * 64 + t;
            if (RANK_1 | RANK_8) >> t & 1 != 0 {
                for role in Role::PROMOTIONS {
                    let mut child = *self.pos;
                    child.shift(Role::Pawn, from, to, capture, role);
                    self.descend(&child);
                }
            } else {
                let mut child = *self.pos;
                child.shift(Role::Pawn, from, to, capture, Role::Pawn);
                if delta.abs() == 16 {
                    child.ep = Some(CELLS[(from + to) / 2]);
                }
                self.descend(&child);
            }
        }
    }

    #[inline(always)]
    fn special(&mut self, mv: Move) {
        let mut child = *self.pos;
        child.make(mv);
        self.descend(&child);
    }
}

impl<const L: usize> FixedPosition<L> {
    /// The number of move sequences of length `depth` from here (C3-22):
    /// the same count as [`board_core::copy_make_perft`], by the walk of
    /// this module.
    pub(crate) fn perft_walk(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_leaf(),
            _ => {
                let mut walk = Walk {
                    pos: self,
                    depth,
                    nodes: 0,
                };
                self.generate(&mut walk);
                walk.nodes
            }
        }
    }

    /// The legal moves counted, out of line: the walk's loop and the
    /// counting generator each keep their own registers.
    #[inline(never)]
    fn count_leaf(&self) -> u64 {
        self.count_legal_moves()
    }

    /// Moves the `role` on cell `from` to cell `to` (capturing what stands
    /// there if `capture`), where it becomes `placed`; passes the turn and
    /// updates the kings, the castling rights and the en-passant target
    /// (cleared), but neither the hash nor the clocks: only for moves the
    /// generator made, other than castling and en passant.
    #[inline(always)]
    fn shift(&mut self, role: Role, from: usize, to: usize, capture: bool, placed: Role) {
        let us = self.turn as usize;
        let (fl, fbit) = (from >> 6, 1u64 << (from & 63));
        let (tl, tbit) = (to >> 6, 1u64 << (to & 63));
        if capture {
            let them = 1 - us;
            for r in &mut self.roles {
                r[tl] &= !tbit;
            }
            self.colors[them][tl] &= !tbit;
        }
        self.roles[role.index()][fl] &= !fbit;
        self.colors[us][fl] &= !fbit;
        self.roles[placed.index()][tl] |= tbit;
        self.colors[us][tl] |= tbit;
        if role == Role::King {
            self.kings[us] = to as u16;
        }
        if !self.castling.is_empty() {
            let lost = rights_lost::<L>(CELLS[from]) | rights_lost::<L>(CELLS[to]);
            self.castling = CastlingRights::from_bits(self.castling.bits() as u8 & !lost);
        }
        self.ep = None;
        self.turn = if us == 0 { Color::Black } else { Color::White };
    }
}

#[cfg(test)]
mod tests {
    use board_core::copy_make_perft;

    use super::*;

    /// The walk against copy-make perft (moves listed, played by `make`,
    /// the last ply counted), depth by depth.
    fn same_counts<const L: usize>(pos: &FixedPosition<L>, depth: u32) {
        for d in 0..=depth {
            assert_eq!(
                pos.perft_walk(d),
                copy_make_perft(pos, d),
                "depth {d} of {}",
                pos.fen()
            );
        }
    }

    // C3-22: the same counts through captures, promotions, en passant and
    // castling, on one level and on several.
    #[test]
    fn c3_22_the_walk_counts_as_copy_make() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w - f6 0 3",
        ] {
            same_counts(&FixedPosition::<1>::from_fen(fen).unwrap(), 3);
        }
        same_counts(&FixedPosition::<1>::default(), 4);
        same_counts(&FixedPosition::<2>::default(), 3);
        same_counts(&FixedPosition::<3>::default(), 3);
    }
}
