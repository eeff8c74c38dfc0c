//! The reference implementation (feature `reference`): KYBO written straight
//! from RULES, with stacks as vectors and a breadth-first search over cubes.
//! It is slow and plain on purpose; the tests check the bitboard
//! [`Position`](crate::Position) against it move by move.

use core::fmt;
use std::collections::{BTreeSet, VecDeque};

use board_core::{Color, Game, MoveList, Outcome, Square};

use crate::config::Config;
use crate::error::PlayError;
use crate::geometry::{Cube, StackLevel, Zone};
use crate::moves::Move;
use crate::notation::parse_move_text;
use crate::position::EndReason;

/// A KYBO game as RULES describes it.
///
/// ```
/// use kybo::reference::Reference;
/// use kybo::{Move, Square};
/// let mut game = Reference::new(Default::default());
/// assert_eq!(game.legal_squares().len(), 4);
/// game.play(Move::new(Square::D4))?;
/// assert_eq!(game.stack(Square::D4), [kybo::Color::White]);
/// # Ok::<(), kybo::PlayError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    stacks: Vec<Vec<Color>>,
    to_move: Color,
    config: Config,
    winner: Option<Color>,
}

/// KY-2: the ring of a square, `min(file, 7 - file, rank, 7 - rank)`, and
/// the height limit (ring + 1).
fn limit(square: Square) -> usize {
    let (f, r) = (square.file().index(), square.rank().index());
    f.min(7 - f).min(r).min(7 - r) + 1
}

fn neighbours(square: Square) -> impl Iterator<Item = Square> {
    [(0, 1), (0, -1), (1, 0), (-1, 0)]
        .into_iter()
        .filter_map(move |(df, dr)| square.offset(df, dr))
}

impl Reference {
    /// The empty board, White to move.
    pub fn new(config: Config) -> Reference {
        Reference {
            stacks: vec![Vec::new(); 64],
            to_move: Color::White,
            config,
            winner: None,
        }
    }

    /// The same position as a bitboard [`Position`](crate::Position)
    /// (stacks, side to move, configuration); the winner is worked out
    /// here, by this implementation's own search.
    pub fn from_position(pos: &crate::Position) -> Reference {
        let mut r = Reference::new(pos.config());
        for square in Square::ALL {
            r.stacks[square.index()] = pos.stack(square).iter().collect();
        }
        r.to_move = pos.turn();
        let last = !r.to_move;
        if !r.empty_board() && !r.kybo_networks(last).is_empty() {
            r.winner = Some(last);
        }
        r
    }

    /// The colours on `square`, bottom first.
    pub fn stack(&self, square: Square) -> &[Color] {
        &self.stacks[square.index()]
    }

    /// The player to move.
    pub fn turn(&self) -> Color {
        self.to_move
    }

    fn count(&self, color: Color) -> usize {
        self.stacks
            .iter()
            .flatten()
            .filter(|&&c| c == color)
            .count()
    }

    fn empty_board(&self) -> bool {
        self.stacks.iter().all(Vec::is_empty)
    }

    /// Why placing on `mv`'s square is illegal, if it is.
    ///
    /// # Errors
    /// The broken rule.
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        let square = mv.square();
        if let Some(winner) = self.winner {
            return Err(PlayError::GameOver {
                outcome: Outcome::Win {
                    winner,
                    reason: EndReason::Kybo,
                },
            });
        }
        // KY-6
        if let Some(n) = self.config.supply.cubes() {
            if self.count(self.to_move) >= n as usize {
                return Err(PlayError::NoCubeLeft {
                    player: self.to_move,
                });
            }
        }
        // KY-9: board full
        if self.stacks.iter().map(Vec::len).sum::<usize>() == 120 {
            return Err(PlayError::GameOver {
                outcome: Outcome::Draw {
                    reason: EndReason::BoardFull,
                },
            });
        }
        // KY-3
        if self.empty_board() {
            let dungeon = limit(square) == 4;
            return if dungeon {
                Ok(())
            } else {
                Err(PlayError::FirstCubeOutsideDungeon { square })
            };
        }
        // KY-2
        let height = self.stacks[square.index()].len();
        if height >= limit(square) {
            return Err(PlayError::StackFull {
                square,
                zone: Zone::of(square),
            });
        }
        // KY-4
        let touches = height > 0 || neighbours(square).any(|n| !self.stacks[n.index()].is_empty());
        if !touches {
            return Err(PlayError::NoContact { square });
        }
        Ok(())
    }

    /// The squares where the player to move may place, in square order.
    pub fn legal_squares(&self) -> Vec<Square> {
        Square::ALL
            .into_iter()
            .filter(|&s| self.check(Move::new(s)).is_ok())
            .collect()
    }

    /// Places a cube on `mv`'s square, or says why not.
    ///
    /// # Errors
    /// The broken rule; nothing changes then.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.check(mv)?;
        let mover = self.to_move;
        self.stacks[mv.square().index()].push(mover);
        if !self.kybo_networks(mover).is_empty() {
            self.winner = Some(mover);
        }
        self.to_move = !mover;
        Ok(())
    }

    fn color_at(&self, square: Square, level: usize) -> Option<Color> {
        self.stacks[square.index()].get(level).copied()
    }

    /// All networks of `color` (KY-7), by breadth-first search.
    pub fn networks(&self, color: Color) -> Vec<BTreeSet<Cube>> {
        let mut seen = BTreeSet::new();
        let mut nets = Vec::new();
        for square in Square::ALL {
            for level in 0..self.stacks[square.index()].len() {
                if self.color_at(square, level) != Some(color) || seen.contains(&(square, level)) {
                    continue;
                }
                let mut net = BTreeSet::new();
                let mut queue = VecDeque::from([(square, level)]);
                seen.insert((square, level));
                while let Some((s, l)) = queue.pop_front() {
                    net.insert(Cube::new(
                        s,
                        StackLevel::new(l as u8 + 1).expect("level 1-4"),
                    ));
                    let mut next: Vec<(Square, usize)> = neighbours(s).map(|n| (n, l)).collect();
                    next.push((s, l + 1));
                    if l > 0 {
                        next.push((s, l - 1));
                    }
                    for (ns, nl) in next {
                        if self.color_at(ns, nl) == Some(color) && seen.insert((ns, nl)) {
                            queue.push_back((ns, nl));
                        }
                    }
                }
                nets.push(net);
            }
        }
        nets
    }

    /// The networks of `color` that join two opposite edges (KY-8).
    pub fn kybo_networks(&self, color: Color) -> Vec<BTreeSet<Cube>> {
        self.networks(color)
            .into_iter()
            .filter(|net| {
                let on = |pred: &dyn Fn(Square) -> bool| {
                    net.iter()
                        .any(|c| Zone::of(c.square()) == Zone::Gates && pred(c.square()))
                };
                (on(&|s| s.rank().index() == 0) && on(&|s| s.rank().index() == 7))
                    || (on(&|s| s.file().index() == 0) && on(&|s| s.file().index() == 7))
            })
            .collect()
    }

    /// The winner, if someone made KYBO.
    pub fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// The cubes of the winning network(s), sorted.
    pub fn winning_network(&self) -> Option<Vec<Cube>> {
        let winner = self.winner?;
        let all: BTreeSet<Cube> = self.kybo_networks(winner).into_iter().flatten().collect();
        Some(all.into_iter().collect())
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome<Color, EndReason>> {
        if let Some(winner) = self.winner {
            return Some(Outcome::Win {
                winner,
                reason: EndReason::Kybo,
            });
        }
        match self.check(Move::new(Square::D4)) {
            Err(PlayError::NoCubeLeft { .. }) => Some(Outcome::Draw {
                reason: EndReason::NoCubeLeft,
            }),
            _ if self.legal_squares().is_empty() => Some(Outcome::Draw {
                reason: EndReason::BoardFull,
            }),
            _ => None,
        }
    }
}

impl fmt::Display for Reference {
    /// The stacks rank by rank, rank 8 first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let s = &self.stacks[rank * 8 + file];
                let text: String = s.iter().map(|c| c.letter()).collect();
                write!(f, "{:>5}", if text.is_empty() { ".".into() } else { text })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Game for Reference {
    type Move = Move;
    type Player = Color;
    type EndReason = EndReason;
    type Error = PlayError;
    type Config = crate::Config;

    fn from_config(config: crate::Config) -> Reference {
        Reference::new(config)
    }

    fn turn(&self) -> Color {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        moves.extend(self.legal_squares().into_iter().map(Move::new));
    }

    fn check(&self, mv: Move) -> Result<(), PlayError> {
        Reference::check(self, mv)
    }

    fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        Reference::play(self, mv)
    }

    fn play_unchecked(&mut self, mv: Move) {
        let _ = Reference::play(self, mv);
    }

    fn outcome(&self) -> Option<Outcome<Color, EndReason>> {
        Reference::outcome(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        Ok(parse_move_text(text)?.0)
    }
}
