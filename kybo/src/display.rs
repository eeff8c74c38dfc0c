//! The text board: stack height and top colour per square.

use core::fmt;

use board_core::{File, Rank, Square};

use crate::position::Position;

impl fmt::Display for Position {
    /// A diagram, rank 8 at the top: each square shows its top cube's colour
    /// and the stack height (`w2`: two cubes, White on top), `.` when empty.
    /// Cubes of a winning network are shown in upper case (`W2`). A last line
    /// says who is to move or how the game ended.
    ///
    /// ```
    /// use kybo::{Move, Position, Square};
    /// let mut pos = Position::default();
    /// pos.play(Move::new(Square::D4))?;
    /// pos.play(Move::new(Square::D4))?;
    /// let text = pos.to_string();
    /// assert!(text.lines().nth(5).unwrap().starts_with("4  .  .  .  b2 "));
    /// assert!(text.ends_with("White to move\n"));
    /// # Ok::<(), kybo::PlayError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let network = self.winning_network().unwrap_or_default().squares();
        writeln!(f, "   A  B  C  D  E  F  G  H")?;
        for rank in Rank::ALL.iter().rev() {
            write!(f, "{} ", rank.char())?;
            for file in File::ALL {
                let square = Square::new(file, *rank);
                let stack = self.stack(square);
                match stack.top() {
                    None => f.write_str(" . ")?,
                    Some(color) => {
                        let c = if network.contains(square) {
                            color.letter().to_ascii_uppercase()
                        } else {
                            color.letter()
                        };
                        write!(f, " {c}{}", stack.height())?;
                    }
                }
            }
            writeln!(f, " {}", rank.char())?;
        }
        writeln!(f, "   A  B  C  D  E  F  G  H")?;
        match self.outcome() {
            Some(outcome) => writeln!(f, "{outcome}"),
            None => writeln!(f, "{} to move", self.to_move),
        }
    }
}
