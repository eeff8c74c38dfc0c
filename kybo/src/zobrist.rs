//! The position's 64-bit Zobrist key.

use board_core::{zobrist_keys, zobrist_of_bits, zobrist_of_value};

use crate::position::Position;

/// Keys for the 8 bitboard words of a position (a colour's cubes at one
/// level), 64 each.
static KEYS: [u64; 8 * 64] = zobrist_keys(0x4b59_424f);

impl Position {
    /// The position's 64-bit Zobrist key: every cube by colour and level,
    /// the cubes each colour has placed, and whose turn it is. Equal
    /// positions have equal keys; two different positions share one with a
    /// chance of about one in 2⁶⁴.
    ///
    /// ```
    /// use kybo::{Position, Square};
    /// let start = Position::default();
    /// let mut next = start;
    /// next.play(next.parse_move("E5")?)?;
    /// assert_ne!(start.zobrist(), next.zobrist());
    /// assert_eq!(start.zobrist(), Position::default().zobrist());
    /// # Ok::<(), kybo::PlayError>(())
    /// ```
    pub fn zobrist(&self) -> u64 {
        let [white, black] = self.cubes;
        let words = [
            white[0], white[1], white[2], white[3], black[0], black[1], black[2], black[3],
        ];
        let small = [
            u64::from(self.placed[0]),
            u64::from(self.placed[1]),
            self.to_move as u64,
        ];
        small
            .into_iter()
            .zip(0..)
            .fold(zobrist_of_bits(&KEYS, &words), |key, (value, field)| {
                key ^ zobrist_of_value(field, value)
            })
    }
}
