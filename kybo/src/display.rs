//! The text board: every stack bottom to top, the zones and the winning
//! network cube by cube.

use core::fmt;

use board_core::{File, Rank, Square};

use crate::geometry::{Cube, StackLevel, Zone};
use crate::position::Position;

impl fmt::Display for Position {
    /// A diagram, rank 8 at the top, files above and below, ranks on both
    /// sides. Each square shows its whole stack bottom to top, one character
    /// per place its zone allows (KY-2: Gates 1, Walls 2, Castle 3, Dungeon
    /// 4): `w` or `b` a cube, `.` a free place, so `wb..` is a Dungeon square
    /// with a White cube under a Black one and room for two more. Cubes of
    /// the winning network are in upper case, cube by cube (`wB`: the network
    /// runs through the upper cube only). A legend follows (a second line
    /// once there is a winning network), then who is to move or how the game
    /// ended.
    ///
    /// ```
    /// use kybo::{Move, Position, Square};
    /// let mut pos = Position::default();
    /// pos.play(Move::new(Square::D4))?;
    /// pos.play(Move::new(Square::D4))?;
    /// let text = pos.to_string();
    /// assert_eq!(text.lines().nth(5).unwrap(), "4  .    ..   ...  wb.. .... ...  ..   .     4");
    /// assert!(text.ends_with("White to move\n"));
    /// # Ok::<(), kybo::PlayError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let network = self.winning_network().unwrap_or_default();
        let files = "   A    B    C    D    E    F    G    H";
        writeln!(f, "{files}")?;
        for rank in Rank::ALL.iter().rev() {
            write!(f, "{} ", rank.char())?;
            for file in File::ALL {
                let square = Square::new(file, *rank);
                let mut cell = String::with_capacity(4);
                for level in StackLevel::ALL {
                    if level.number() > Zone::of(square).max_height() {
                        break;
                    }
                    let cube = Cube::new(square, level);
                    cell.push(match self.cube(cube) {
                        None => '.',
                        Some(color) if network.contains(cube) => {
                            color.letter().to_ascii_uppercase()
                        }
                        Some(color) => color.letter(),
                    });
                }
                write!(f, " {cell:<4}")?;
            }
            writeln!(f, "  {}", rank.char())?;
        }
        writeln!(f, "{files}")?;
        writeln!(
            f,
            "w b: cubes bottom to top, .: room left (Gates 1, Walls 2, Castle 3, Dungeon 4)"
        )?;
        if !network.is_empty() {
            writeln!(f, "upper case: the cubes of the winning network")?;
        }
        match self.outcome() {
            Some(outcome) => writeln!(f, "{outcome}"),
            None => writeln!(f, "{} to move", self.to_move),
        }
    }
}
