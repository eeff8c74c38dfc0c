//! Legal move generation (KY-3, KY-4, KY-6) on bitboards.

use board_core::{Bitboard, MoveList, Square};

use crate::geometry::{CASTLE, DUNGEON, GATES, WALLS};
use crate::network::{makes_kybo, ortho};
use crate::notation::Move;
use crate::position::Position;

impl Position {
    /// The squares where the player to move may place a cube.
    ///
    /// A stack may grow while lower than its zone allows (KY-2); a cube at
    /// level 1 must have a stack on an orthogonal neighbour (KY-4); the first
    /// cube goes on the Dungeon (KY-3). A finished game has none.
    ///
    /// ```
    /// use kybo::{Game, Move, Position, Square};
    /// let mut pos = Position::new();
    /// assert_eq!(pos.legal_squares().count(), 4); // the Dungeon
    /// pos.play(Move::new(Square::D4))?;
    /// // D4 itself (level 2) and its four orthogonal neighbours
    /// assert_eq!(pos.legal_squares().count(), 5);
    /// # Ok::<(), kybo::PlayError>(())
    /// ```
    #[inline]
    pub const fn legal_squares(&self) -> Bitboard {
        if self.winner.is_some() || self.supply_exhausted() {
            return Bitboard::EMPTY;
        }
        let ground = self.occ(0);
        if ground == 0 {
            return DUNGEON;
        }
        let full =
            (ground & GATES.0) | (self.occ(1) & WALLS.0) | (self.occ(2) & CASTLE.0) | self.occ(3);
        Bitboard((ground | ortho(ground)) & !full)
    }

    /// Whether placing on `square` is legal.
    #[inline]
    pub const fn is_legal_square(&self, square: Square) -> bool {
        self.legal_squares().contains(square)
    }

    /// Clears `moves` and pushes every legal move, by increasing square.
    #[inline]
    pub fn generate(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        moves.extend(self.legal_squares().into_iter().map(Move::new));
    }

    /// The squares where the player to move would make KYBO at once.
    ///
    /// ```
    /// use kybo::{Position, Square};
    /// // White's column from rank 1 to rank 7 on file D, Black's on file E:
    /// // White wins at once on D8.
    /// let pos = Position::from_text(
    ///     "......../...wb.../...wb.../...wb.../...wb.../...wb.../...wb.../...wb... w",
    /// )?;
    /// assert_eq!(pos.winning_squares().iter().collect::<Vec<_>>(), [Square::D8]);
    /// # Ok::<(), kybo::PositionError>(())
    /// ```
    pub fn winning_squares(&self) -> Bitboard {
        let c = self.to_move as usize;
        let mut wins = Bitboard::EMPTY;
        for square in self.legal_squares() {
            let l = self.height(square) as usize;
            let mut own = self.cubes[c];
            own[l] |= square.bitboard().0;
            if makes_kybo(&own, square, l) {
                wins.insert(square);
            }
        }
        wins
    }
}
