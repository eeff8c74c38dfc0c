//! The position's 64-bit Zobrist key.

use board_core::{zobrist_keys, zobrist_of_bits, zobrist_of_value};

use crate::position::Position;

/// Keys for the 13 bitboard words of a position, 64 each.
static KEYS: [u64; 13 * 64] = zobrist_keys(0x00ec_0cbe);

impl Position {
    /// The position's 64-bit Zobrist key: the pieces, reds, closed and
    /// scored squares (and who closed or scored them), the points, what is
    /// left in the supplies, whose turn it is and a pending claim. Equal
    /// positions have equal keys; two different positions share one with a
    /// chance of about one in 2⁶⁴.
    ///
    /// ```
    /// use echec_o_cube::Position;
    /// let start = Position::default();
    /// let mut next = start;
    /// next.play(next.legal_moves()[0])?;
    /// assert_ne!(start.zobrist(), next.zobrist());
    /// assert_eq!(start.zobrist(), Position::default().zobrist());
    /// # Ok::<(), echec_o_cube::PlayError>(())
    /// ```
    pub fn zobrist(&self) -> u64 {
        let words = [
            self.pale[0],
            self.pale[1],
            self.dark[0],
            self.dark[1],
            self.reds,
            self.closed[0],
            self.closed[1],
            self.closed_by_two[0],
            self.closed_by_two[1],
            self.scored[0],
            self.scored[1],
            self.scored_by_two[0],
            self.scored_by_two[1],
        ];
        let small = [
            u64::from(self.points[0]),
            u64::from(self.points[1]),
            u64::from(self.claimable),
            u64::from(self.pale_left[0]),
            u64::from(self.pale_left[1]),
            u64::from(self.dark_left[0]),
            u64::from(self.dark_left[1]),
            u64::from(self.reds_left),
            self.to_move as u64,
            u64::from(self.claim_pending),
            u64::from(self.last),
        ];
        small
            .into_iter()
            .zip(0..)
            .fold(zobrist_of_bits(&KEYS, &words), |key, (value, field)| {
                key ^ zobrist_of_value(field, value)
            })
    }
}
