//! The text board: grooves, pale and dark pieces, reds, closed squares and
//! the state of play.

use core::fmt;

use board_core::{File, Rank, Square};

use crate::geometry::{GameSquare, Segment, Size};
use crate::position::{Kind, Player, Position};

/// The character of a crossing: `R` red, `+` a piece ends there, `.` free.
fn crossing(pos: &Position, sq: Square) -> char {
    if pos.has_red(sq) {
        'R'
    } else if !pos.free_crossings().contains(sq) {
        '+'
    } else {
        '.'
    }
}

impl fmt::Display for Position {
    /// The board, rank 8 at the top, files above and below, ranks on both
    /// sides, then the state of play:
    ///
    /// - crossings: `.` free, `+` a piece ends there, `R` a red;
    /// - horizontal segments: `---` pale, `===` dark, blank when empty;
    /// - vertical segments: `|` pale, `H` dark, blank when empty;
    /// - inside a closed 1×1: `1` or `2`, the player who closed it, `x` if
    ///   it is dead;
    ///
    /// then one line per closed 2×2, and the turn, points, supplies, reds
    /// and claimable points.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        writeln!(f, "  A   B   C   D   E   F   G   H")?;
        for (ri, rank) in Rank::ALL.iter().enumerate().rev() {
            let mut line = String::with_capacity(40);
            // The crossings of this rank and the horizontal segments between them.
            write!(line, "{} ", rank.char())?;
            for file in File::ALL {
                let sq = Square::new(file, *rank);
                write!(line, "{}", crossing(self, sq))?;
                if let Some(s) = Segment::horizontal(sq) {
                    line.push_str(match self.piece_at(s) {
                        Some(Kind::Pale) => "---",
                        Some(Kind::Dark) => "===",
                        None => "   ",
                    });
                }
            }
            // Every crossing row is 2 + 8 + 7 × 3 characters: the rank again on the right.
            writeln!(f, "{line} {}", rank.char())?;
            line.clear();
            if ri == 0 {
                break;
            }
            // The vertical segments between this rank and the one below, and
            // the unit squares between them.
            line.push_str("  ");
            let below = Rank::ALL[ri - 1];
            for file in File::ALL {
                let sq = Square::new(file, below);
                let v = Segment::vertical(sq).and_then(|s| self.piece_at(s));
                line.push_str(match v {
                    Some(Kind::Pale) => "|",
                    Some(Kind::Dark) => "H",
                    None => " ",
                });
                if let Some(unit) = GameSquare::unit(sq) {
                    let inside = if self.is_closed(unit) {
                        if self.is_dead(unit) {
                            'x'
                        } else {
                            let by = self
                                .closed_squares()
                                .find(|c| c.square == unit)
                                .map_or(Player::One, |c| c.closed_by);
                            if by == Player::One {
                                '1'
                            } else {
                                '2'
                            }
                        }
                    } else {
                        ' '
                    };
                    write!(line, " {inside} ")?;
                }
            }
            writeln!(f, "{}", line.trim_end())?;
            line.clear();
        }
        writeln!(f, "  A   B   C   D   E   F   G   H")?;
        for c in self
            .closed_squares()
            .filter(|c| c.square.size() == Size::Big)
        {
            writeln!(
                f,
                "2x2 {} closed by {}{}",
                c.square,
                c.closed_by,
                if c.dead { ", dead" } else { "" }
            )?;
        }
        match self.outcome() {
            Some(outcome) => writeln!(f, "game over: {outcome}")?,
            None => writeln!(f, "to move: {}", self.turn())?,
        }
        for p in Player::ALL {
            let (pale, dark) = self.supply(p);
            write!(
                f,
                "{p}: {} points, {pale} pale and {dark} dark left",
                self.points(p)
            )?;
            // The final count (EOC-19) means something once the game is over.
            if self.is_over() {
                write!(f, ", final count {}", self.final_count(p))?;
            }
            writeln!(f)?;
        }
        if self.config().red_mode {
            writeln!(f, "reds left: {}", self.reds_left())?;
        }
        if let Some(points) = self.claimable() {
            writeln!(f, "claimable: {points} points")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod final_count_tests {
    use crate::{Config, Player, Position};
    use board_core::Rng;

    // EOC-19: the final count is shown once the game is over, not before
    // (at the start it read -90 for both players, which means nothing yet).
    #[test]
    fn eoc19_final_count_only_when_over() {
        let start = Position::default();
        assert!(!start.to_string().contains("final count"));
        let small = Config {
            pale: 3,
            dark: 2,
            ..Config::default()
        };
        let mut pos = Position::new(small);
        let mut rng = Rng::new(3);
        while pos.outcome().is_none() {
            let moves = pos.legal_moves();
            pos.play(moves[rng.below(moves.len())]).unwrap();
        }
        let text = pos.to_string();
        for p in [Player::One, Player::Two] {
            let line = format!("final count {}", pos.final_count(p));
            assert!(text.contains(&line), "{text}");
        }
    }
}
