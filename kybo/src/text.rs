//! Position text (KY-11): the eight ranks of stacks and the player to move.

use board_core::{excerpt, Color, File, Rank, Square};

use crate::config::Config;
use crate::error::PositionError;
use crate::geometry::{Zone, DUNGEON};
use crate::network::ortho;
use crate::position::Position;

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
