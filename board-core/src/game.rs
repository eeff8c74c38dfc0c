//! The trait through which generic code (perft, playouts, search) drives any game.

use core::fmt;
use core::hash::Hash;

use smallvec::SmallVec;

use crate::player::Outcome;

/// A reusable list of moves. It holds 512 moves inline, more than any game of
/// this workspace generates in a reachable position (ÉCHEC O CUBE in red mode
/// offers 288 on the empty board), and spills to the heap only beyond that.
pub type MoveList<M> = SmallVec<[M; 512]>;

/// A game state that generic code can drive: the side to move, legal moves, a
/// validating and an unchecked way to play, and the outcome.
///
/// All three games are driven by *copy-make*: their states are small and
/// [`Clone`] is a plain copy, so search code clones a state and plays on the
/// copy instead of undoing moves. (A game whose state carries a history, like
/// chess3d's `Game`, also implements the trait; its position type is the
/// cheap one to search with.)
///
/// Contract every implementation keeps (the workspace's invariant tests check it):
/// - [`legal_moves`](Game::legal_moves) clears the list, then pushes every legal
///   move once; a finished game has none, and a game with no legal move is finished;
/// - [`play`](Game::play) accepts exactly the moves that `legal_moves` lists and
///   leaves the state unchanged when it returns an error;
/// - [`play_unchecked`](Game::play_unchecked) on a listed move does what `play` does.
pub trait Game: Clone + fmt::Debug + fmt::Display {
    /// A move of the game. `Display` writes it in the game's move text.
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display;
    /// Who moves: a colour, or a player number.
    type Player: Copy + Eq + Hash + fmt::Debug + fmt::Display;
    /// Why a finished game ended (checkmate, KYBO, board full…).
    type EndReason: Copy + Eq + fmt::Debug + fmt::Display;
    /// Why a move could not be parsed or played.
    type Error: std::error::Error + Send + Sync + 'static;

    /// The player whose turn it is.
    fn to_move(&self) -> Self::Player;

    /// Clears `moves` and fills it with every legal move.
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);

    /// Plays `mv` if it is legal; otherwise says why not and changes nothing.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::Error>;

    /// Plays a move that [`legal_moves`](Game::legal_moves) listed, without
    /// checking it. Any other move leaves the state unspecified (but never
    /// causes undefined behaviour).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome<Self::Player, Self::EndReason>>;

    /// Reads a move written in the game's move text, in the context of this
    /// state (some games need it to tell what the text means). Parsing does
    /// not check legality; [`play`](Game::play) does.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::Error>;

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// The number of legal moves (games override it with a faster count).
    fn count_legal_moves(&self) -> u64 {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }
}
