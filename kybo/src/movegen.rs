//! Legal move generation (KY-3, KY-4, KY-6) on bitboards.

use board_core::{Bitboard, MoveList, Rng, Square};

use crate::geometry::{CASTLE, DUNGEON, GATES, WALLS};
use crate::moves::Move;
use crate::network::{makes_kybo, ortho};
use crate::playout::random_bit;
use crate::position::Position;

impl Position {
    /// The squares where the player to move may place a cube.
    ///
    /// A stack may grow while lower than its zone allows (KY-2); a cube at
    /// level 1 must have a stack on an orthogonal neighbour (KY-4); the first
    /// cube goes on the Dungeon (KY-3). A finished game has none.
    ///
    /// ```
    /// use kybo::{Move, Position, Square};
    /// let mut pos = Position::default();
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

    /// Clears `moves` and pushes every legal move, by increasing square (the
    /// allocation-free form of [`legal_moves`](Position::legal_moves), for
    /// loops that reuse one list).
    #[inline]
    pub fn generate_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        moves.extend(self.legal_squares().into_iter().map(Move::new));
    }

    /// Every legal move, by increasing square; none when the game is over.
    ///
    /// ```
    /// use kybo::{Move, Position, Square};
    /// let pos = Position::default();
    /// let moves = pos.legal_moves();
    /// assert_eq!(moves.len(), 4); // the Dungeon (KY-3)
    /// assert_eq!(moves[0], Move::new(Square::D4));
    /// ```
    #[inline]
    pub fn legal_moves(&self) -> MoveList<Move> {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves
    }

    /// The number of legal moves (a bit count, no list).
    #[inline]
    pub const fn count_legal_moves(&self) -> u64 {
        self.legal_squares().count() as u64
    }

    /// A legal move drawn uniformly at random, without building a move list
    /// (for playouts); `None` when the game is over.
    ///
    /// It draws exactly the move that `moves[rng.below(moves.len())]` would
    /// pick from [`legal_moves`](Position::legal_moves) (moves are
    /// listed by increasing square), so a playout driven by it repeats
    /// [`board_core::random_playout`] move for move.
    ///
    /// ```
    /// use kybo::{Position, Rng};
    /// let mut pos = Position::default();
    /// let mut rng = Rng::new(7);
    /// while let Some(mv) = pos.random_move(&mut rng) {
    ///     pos.play_unchecked(mv);
    /// }
    /// assert!(pos.is_over());
    /// ```
    #[inline]
    pub fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        let bits = self.legal_squares().0;
        if bits == 0 {
            return None;
        }
        Square::from_index(random_bit(bits, rng) as usize).map(Move::new)
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
