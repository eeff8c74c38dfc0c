//! Text rendering: the levels side by side.

use core::fmt;

use board_core::{Cell, Level, Square};

use crate::position::FixedPosition;

impl<const L: usize> fmt::Display for FixedPosition<L> {
    /// The levels `N1` to `NL` side by side, each level's name centred over
    /// its board, files above and below every board, ranks on both sides,
    /// rank 8 at the top, `.` for an empty cell, then the side to move.
    ///
    /// ```text
    ///          N1                N2                N3
    ///    A B C D E F G H   A B C D E F G H   A B C D E F G H
    /// 8  . . . . . . . .   n r k q r b b n   . . . . . . . .  8
    /// …
    /// 1  . . . . . . . .   N R K Q R B B N   . . . . . . . .  1
    ///    A B C D E F G H   A B C D E F G H   A B C D E F G H
    /// Black to move
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// Width of one board: 8 cells and the spaces between them.
        const BOARD: usize = 15;
        let mut titles = String::from("   ");
        for l in 0..L {
            let level = Level::new(l as u8).unwrap_or(Level::N1).to_string();
            let left = (BOARD - level.len()) / 2;
            titles.push_str(&" ".repeat(left));
            titles.push_str(&level);
            titles.push_str(&" ".repeat(BOARD - left - level.len()));
            if l + 1 < L {
                titles.push_str("   ");
            }
        }
        writeln!(f, "{}", titles.trim_end())?;
        let files = || {
            let mut line = String::from("  ");
            for l in 0..L {
                line.push_str(" A B C D E F G H");
                if l + 1 < L {
                    line.push_str("  ");
                }
            }
            line
        };
        writeln!(f, "{}", files())?;
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
            writeln!(f, "  {}", rank + 1)?;
        }
        writeln!(f, "{}", files())?;
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
        assert_eq!(lines.len(), 12);
        // Each level name stands centred over its board: N2 over the middle
        // of its files, between D and E.
        assert_eq!(lines[0], "         N1                N2                N3");
        let files = "   A B C D E F G H   A B C D E F G H   A B C D E F G H";
        assert_eq!(lines[1], files);
        for (n, name) in ["N1", "N2", "N3"].iter().enumerate() {
            let at = lines[0].find(name).unwrap();
            let d = 3 + 18 * n + 6; // the column of file D under this level
            assert!(at == d || at == d + 1, "{name} at {at}, D at {d}");
            assert_eq!(&files[d..d + 3], "D E");
        }
        assert_eq!(
            lines[2],
            "8  . . . . . . . .   n r k q r b b n   . . . . . . . .  8"
        );
        assert_eq!(
            lines[9],
            "1  . . . . . . . .   N R K Q R B B N   . . . . . . . .  1"
        );
        assert_eq!(lines[10], files);
        assert_eq!(lines[11], "Black to move");
    }

    #[test]
    fn one_level_names_its_board() {
        let text = Position::new(crate::Config::new(1).unwrap()).to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "         N1");
        assert_eq!(lines[1], "   A B C D E F G H");
        assert_eq!(lines[2], "8  n r k q r b b n  8");
    }
}
