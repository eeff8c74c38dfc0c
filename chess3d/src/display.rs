//! Text rendering: the levels side by side.

use core::fmt;

use board_core::{Cell, Level, Square};

use crate::position::FixedPosition;

impl<const L: usize> fmt::Display for FixedPosition<L> {
    /// The levels `N1` to `NL` side by side, rank 8 at the top, `.` for an
    /// empty cell, then the side to move.
    ///
    /// ```text
    ///    N1                N2
    /// 8  . . . . . . . .   n r k q r b b n
    /// …
    ///    A B C D E F G H   A B C D E F G H
    /// Black to move
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("  ")?;
        for l in 0..L {
            let level = Level::new(l as u8).unwrap_or(Level::N1);
            write!(f, " {level:<17}")?;
        }
        writeln!(f)?;
        for rank in (0..8).rev() {
            write!(f, "{} ", rank + 1)?;
            for l in 0..L {
                let level = Level::new(l as u8).unwrap_or(Level::N1);
                for file in 0..8 {
                    let cell = Cell::new(level, Square::ALL[rank * 8 + file]);
                    let c = self.piece_at(cell).map_or('.', |p| p.char());
                    write!(f, " {c}")?;
                }
                if l + 1 < L {
                    f.write_str("  ")?;
                }
            }
            writeln!(f)?;
        }
        f.write_str("  ")?;
        for l in 0..L {
            f.write_str(" A B C D E F G H")?;
            if l + 1 < L {
                f.write_str("  ")?;
            }
        }
        writeln!(f)?;
        write!(f, "{} to move", self.turn)
    }
}

#[cfg(test)]
mod tests {
    use crate::Position;

    #[test]
    fn levels_side_by_side() {
        let text = Position::default().to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert!(lines[0].contains("N1") && lines[0].contains("N2") && lines[0].contains("N3"));
        assert_eq!(
            lines[1],
            "8  . . . . . . . .   n r k q r b b n   . . . . . . . ."
        );
        assert_eq!(
            lines[8],
            "1  . . . . . . . .   N R K Q R B B N   . . . . . . . ."
        );
        assert_eq!(
            lines[9],
            "   A B C D E F G H   A B C D E F G H   A B C D E F G H"
        );
        assert_eq!(lines[10], "Black to move");
    }
}
