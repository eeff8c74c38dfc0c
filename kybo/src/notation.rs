//! Move text (KY-10) and position text (KY-11).

use core::fmt;
use core::str::FromStr;

use board_core::{excerpt, Color, File, Rank, Square};

use crate::config::Config;
use crate::error::{ParseMoveError, PositionError};
use crate::geometry::{StackLevel, Zone, DUNGEON};
use crate::network::ortho;
use crate::position::Position;

/// A move: the square where the player to move places a cube (KY-10). The
/// cube comes to rest on top of that square's stack; its level follows from
/// the position.
///
/// `Display` writes the square, `E5`. `FromStr` reads `E5` or `E5^2` (either
/// case, surrounding blank space ignored); it checks that the level is 1–4
/// but not that the cube would land there: [`Position::parse_move`] does.
///
/// ```
/// use kybo::{Move, Square};
/// let mv: Move = "e5".parse()?;
/// assert_eq!(mv, Move::new(Square::E5));
/// assert_eq!(mv.to_string(), "E5");
/// assert_eq!("E5^3".parse::<Move>()?, mv);
/// assert!("E5^5".parse::<Move>().is_err());
/// # Ok::<(), kybo::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move(Square);

impl Move {
    /// The placement on `square`.
    #[inline]
    pub const fn new(square: Square) -> Move {
        Move(square)
    }

    /// Its square.
    #[inline]
    pub const fn square(self) -> Square {
        self.0
    }

    /// Reads `E5` or `E5^2`: the move and the level written, if any (checked
    /// to be 1–4, not against a position).
    ///
    /// # Errors
    /// What in `text` is not a move text.
    ///
    /// ```
    /// use kybo::{StackLevel, Move, Square};
    /// assert_eq!(Move::parse_with_level("e5^2")?, (Move::new(Square::E5), Some(StackLevel::Second)));
    /// assert_eq!(Move::parse_with_level("E5")?, (Move::new(Square::E5), None));
    /// # Ok::<(), kybo::ParseMoveError>(())
    /// ```
    pub fn parse_with_level(text: &str) -> Result<(Move, Option<StackLevel>), ParseMoveError> {
        parse_move_text(text)
    }
}

impl From<Square> for Move {
    #[inline]
    fn from(square: Square) -> Move {
        Move(square)
    }
}

impl fmt::Display for Move {
    /// The square, `E5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        parse_move_text(s).map(|(mv, _)| mv)
    }
}

/// Reads `E5` or `E5^2`: the move and the level written, if any.
pub(crate) fn parse_move_text(text: &str) -> Result<(Move, Option<StackLevel>), ParseMoveError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(ParseMoveError::Empty);
    }
    let (sq, level) = match t.split_once('^') {
        Some((sq, level)) => {
            let level = level
                .trim()
                .parse::<StackLevel>()
                .map_err(|_| ParseMoveError::Level {
                    text: excerpt(text),
                    found: excerpt(level),
                })?;
            (sq.trim(), Some(level))
        }
        None => (t, None),
    };
    Ok((Move(sq.parse::<Square>()?), level))
}

impl Position {
    /// The position text of KY-11, e.g. for the empty board
    /// `......../......../......../......../......../......../......../........ w`.
    ///
    /// ```
    /// use kybo::{Move, Position, Square};
    /// let mut pos = Position::default();
    /// for sq in [Square::D4, Square::D4, Square::E4] {
    ///     pos.play(Move::new(sq))?;
    /// }
    /// assert_eq!(pos.to_text(), "......../......../......../......../...(wb)w.../......../......../........ b");
    /// # Ok::<(), kybo::PlayError>(())
    /// ```
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(80);
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let stack = self.stack(Square::new(file, *rank));
                match stack.height() {
                    0 => s.push('.'),
                    1 => s.extend(stack.iter().map(Color::letter)),
                    _ => {
                        s.push('(');
                        s.extend(stack.iter().map(Color::letter));
                        s.push(')');
                    }
                }
            }
            if *rank != Rank::First {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.to_move.letter());
        s
    }

    /// Reads a position text (KY-11) with the default configuration
    /// (unlimited supply), checking everything KY-11 lists.
    ///
    /// ```
    /// use kybo::{Position, PositionError, Square};
    /// let pos = Position::from_text("......../......../......../...w..../...b..../......../......../........ w")?;
    /// assert_eq!(pos.height(Square::D4), 1);
    /// // (e): the first cube, White's, must be on the Dungeon at level 1
    /// let err = Position::from_text("......../......../......../......../...(bw)..../......../......../........ w");
    /// assert_eq!(err, Err(PositionError::NoFirstCube));
    /// # Ok::<(), PositionError>(())
    /// ```
    ///
    /// # Errors
    /// The first thing wrong with the text: its syntax, or the check (a)–(e)
    /// of KY-11 it fails.
    pub fn from_text(text: &str) -> Result<Position, PositionError> {
        Position::from_text_with_config(text, Config::default())
    }

    /// Reads a position text (KY-11) for a game with `config` (the text does
    /// not hold the configuration); a limited supply also bounds each
    /// player's cubes.
    ///
    /// ```
    /// use kybo::{Color, Config, Position};
    /// let text = "......../......../......../...w..../...b..../......../......../........ w";
    /// let pos = Position::from_text_with_config(text, Config::with_supply(5))?;
    /// assert_eq!(pos.cubes_left(Color::White), Some(4));
    /// assert!(Position::from_text_with_config(text, Config::with_supply(0)).is_err());
    /// # Ok::<(), kybo::PositionError>(())
    /// ```
    ///
    /// # Errors
    /// As [`from_text`](Position::from_text), and
    /// [`PositionError::SupplyExceeded`] when a player has more cubes than
    /// the supply.
    pub fn from_text_with_config(text: &str, config: Config) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, side] = fields[..] else {
            return Err(PositionError::Fields {
                found: fields.len(),
            });
        };
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return Err(PositionError::RankCount { found: ranks.len() });
        }
        let mut cubes = [[0u64; 4]; 2];
        let mut heights = [0usize; 64];
        for (row, text) in ranks.iter().enumerate() {
            let rank = Rank::ALL[7 - row];
            parse_rank(rank, text, &mut cubes, &mut heights)?;
        }
        let to_move = match side {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            _ => {
                return Err(PositionError::Side {
                    found: excerpt(side),
                })
            }
        };
        // (a) every stack within its zone's height
        for square in Square::ALL {
            let zone = Zone::of(square);
            let height = heights[square as usize];
            if height > zone.max_height() as usize {
                return Err(PositionError::StackTooHigh {
                    square,
                    zone,
                    height,
                });
            }
        }
        // (b) one orthogonally connected group including a Dungeon square:
        // flood from one occupied Dungeon square (the first); every occupied
        // square must be reached. (Flooding from every occupied Dungeon square
        // would accept two groups that touch only diagonally, D4 and E5.)
        let ground = cubes[0][0] | cubes[1][0];
        let dungeon = ground & DUNGEON.0;
        let mut group = dungeon & dungeon.wrapping_neg();
        loop {
            let next = group | (ortho(group) & ground);
            if next == group {
                break;
            }
            group = next;
        }
        if let Some(square) = board_core::Bitboard(ground & !group).first() {
            return Err(PositionError::Disconnected { square });
        }
        // (c) cube counts
        let count = |c: usize| cubes[c].iter().map(|b| b.count_ones()).sum::<u32>();
        let (white, black) = (count(0), count(1));
        let ok = match to_move {
            Color::White => white == black,
            Color::Black => white == black + 1,
        };
        if !ok {
            return Err(PositionError::CubeCount {
                white,
                black,
                to_move,
            });
        }
        let mut pos = Position {
            cubes,
            placed: [white as u8, black as u8],
            to_move,
            winner: None,
            config,
        };
        // (d) only the player who moved last may have a KYBO
        if pos.has_kybo(to_move) {
            return Err(PositionError::KyboOutOfTurn { player: to_move });
        }
        if pos.has_kybo(!to_move) {
            pos.winner = Some(!to_move);
        }
        // (e) the first cube: White, level 1, Dungeon
        if ground != 0 && cubes[0][0] & DUNGEON.0 == 0 {
            return Err(PositionError::NoFirstCube);
        }
        if let Some(supply) = config.supply.cubes() {
            for (player, placed) in [(Color::White, white), (Color::Black, black)] {
                if placed > supply as u32 {
                    return Err(PositionError::SupplyExceeded {
                        player,
                        placed,
                        supply,
                    });
                }
            }
        }
        Ok(pos)
    }
}

fn parse_rank(
    rank: Rank,
    text: &str,
    cubes: &mut [[u64; 4]; 2],
    heights: &mut [usize; 64],
) -> Result<(), PositionError> {
    let mut file = 0usize;
    let mut chars = text.chars();
    let too_long = |file| PositionError::RankLength {
        rank,
        found: file + 1,
    };
    while let Some(c) = chars.next() {
        if file >= 8 {
            return Err(too_long(file));
        }
        let square = Square::new(File::ALL[file], rank);
        let mut put = |color: Color, heights: &mut [usize; 64]| {
            let h = &mut heights[square as usize];
            if *h < 4 {
                cubes[color as usize][*h] |= square.bitboard().0;
            }
            *h += 1;
        };
        match c {
            '.' => {}
            '(' => {
                let mut n = 0;
                loop {
                    match chars.next() {
                        None => return Err(PositionError::Unclosed { rank }),
                        Some(')') => break,
                        Some(c) => match Color::from_letter(c) {
                            Some(color) => {
                                put(color, heights);
                                n += 1;
                            }
                            None => return Err(PositionError::Character { rank, found: c }),
                        },
                    }
                }
                if n == 0 {
                    return Err(PositionError::EmptyStack { rank });
                }
                if n > 4 {
                    let zone = Zone::of(square);
                    return Err(PositionError::StackTooHigh {
                        square,
                        zone,
                        height: n,
                    });
                }
            }
            c => match Color::from_letter(c) {
                Some(color) => put(color, heights),
                None => return Err(PositionError::Character { rank, found: c }),
            },
        }
        file += 1;
    }
    if file != 8 {
        return Err(PositionError::RankLength { rank, found: file });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_text_forms() {
        assert_eq!(parse_move_text(" d4 "), Ok((Move(Square::D4), None)));
        assert_eq!(
            parse_move_text("D4^4"),
            Ok((Move(Square::D4), Some(StackLevel::Fourth)))
        );
        assert_eq!(parse_move_text(""), Err(ParseMoveError::Empty));
        assert!(matches!(
            parse_move_text("D4^"),
            Err(ParseMoveError::Level { .. })
        ));
        assert!(matches!(
            parse_move_text("D4^0"),
            Err(ParseMoveError::Level { .. })
        ));
        assert!(matches!(
            parse_move_text("D9"),
            Err(ParseMoveError::Square(_))
        ));
        assert!(matches!(
            parse_move_text("^2"),
            Err(ParseMoveError::Square(_))
        ));
        for sq in Square::ALL {
            assert_eq!(Move(sq).to_string().parse::<Move>(), Ok(Move(sq)));
        }
    }
}
