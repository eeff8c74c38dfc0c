//! [`History`]: a game with its moves, undo and redo, written once for every
//! game's `Match`.

use crate::game::Game;

/// A game from its start: every position reached and every move played, with
/// undo and redo. Each game crate's `Match` is built on it.
///
/// Undo goes back one move and keeps it for [`redo`](History::redo); playing a
/// new move forgets what was undone, as in any editor.
///
/// ```
/// # use board_core::{Game, History};
/// # fn check<G: Game + PartialEq>(start: G) {
/// let mut game = History::new(start.clone());
/// let first = game.position().legal_moves()[0];
/// game.play(first).unwrap();
/// assert_eq!(game.undo(), Some(first));
/// assert_eq!(game.position(), &start);
/// assert_eq!(game.redo(), Some(first));
/// assert_eq!(game.moves(), &[first]);
/// # }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History<G: Game> {
    /// `positions[i]` is the position after `i` moves; never empty.
    positions: Vec<G>,
    moves: Vec<G::Move>,
    /// Undone moves, the next one to redo last.
    undone: Vec<G::Move>,
}

impl<G: Game> History<G> {
    /// A game starting at `start`, no move played.
    pub fn new(start: G) -> History<G> {
        History {
            positions: vec![start],
            moves: Vec::new(),
            undone: Vec::new(),
        }
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &G {
        &self.positions[self.positions.len() - 1]
    }

    /// Every position reached, the start first and the current one last.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The moves played, in order (undone moves not included).
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The moves that [`redo`](History::redo) would play again, next first.
    pub fn undone(&self) -> impl ExactSizeIterator<Item = G::Move> + '_ {
        self.undone.iter().rev().copied()
    }

    /// Plays `mv` if it is legal, forgetting any undone moves.
    ///
    /// # Errors
    /// Why `mv` is illegal, from the game's [`play`](Game::play); nothing changes then.
    pub fn play(&mut self, mv: G::Move) -> Result<(), G::Error> {
        let mut next = self.position().clone();
        next.play(mv)?;
        self.push(next, mv);
        self.undone.clear();
        Ok(())
    }

    /// Plays a legal move without checking it (see [`Game::play_unchecked`]),
    /// forgetting any undone moves.
    pub fn play_unchecked(&mut self, mv: G::Move) {
        let mut next = self.position().clone();
        next.play_unchecked(mv);
        self.push(next, mv);
        self.undone.clear();
    }

    /// Takes back the last move and returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<G::Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.undone.push(mv);
        Some(mv)
    }

    /// Plays the last undone move again and returns it, or `None` if there is none.
    pub fn redo(&mut self) -> Option<G::Move> {
        let mv = self.undone.pop()?;
        let mut next = self.position().clone();
        next.play_unchecked(mv);
        self.push(next, mv);
        Some(mv)
    }

    fn push(&mut self, next: G, mv: G::Move) {
        self.positions.push(next);
        self.moves.push(mv);
    }
}
