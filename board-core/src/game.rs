//! The trait through which generic code (perft, playouts, search, the server)
//! drives any game, and the bodies of its default perft and playout
//! ([`copy_make_perft`], [`play_random_moves`]), which games that override
//! them are tested against.

use core::fmt;
use core::hash::Hash;
use core::ops::Not;

use smallvec::SmallVec;

use crate::player::Outcome;
use crate::rng::Rng;

/// A reusable list of moves. It holds 512 moves inline, more than any game of
/// this workspace generates in a reachable position (ÉCHEC O CUBE in red mode
/// offers 288 on the empty board), and spills to the heap only beyond that.
pub type MoveList<M> = SmallVec<[M; 512]>;

/// A game state that generic code can drive: its start from a configuration,
/// the side to move, legal moves, legality with a reason, a validating and an
/// unchecked way to play, and the outcome.
///
/// Every game crate of this workspace offers the same names as inherent
/// methods of its `Position` (and `Match`), so a user calls them without
/// importing this trait; the trait is for code written once for every game.
///
/// All three games are driven by *copy-make*: their states are small and
/// [`Clone`] is a plain copy, so search code clones a state and plays on the
/// copy instead of undoing moves. Undo for a person is [`History`](crate::History).
///
/// Contract every implementation keeps (the workspace's invariant tests check it):
/// - [`generate_moves`](Game::generate_moves) clears the list, then pushes
///   every legal move once; a game with no legal move is finished, and a
///   finished game has none, except where the game's rules count moves past
///   an automatic draw (chess3d's `Position` keeps its pieces' moves after a
///   dead position or the 75-move rule, since its perft counts through them;
///   its `Match` lists none): generic code asks [`outcome`](Game::outcome)
///   whether a game goes on;
/// - [`check`](Game::check) and [`play`](Game::play) accept exactly the moves
///   that `generate_moves` lists; `play` leaves the state unchanged when it
///   returns an error, and both return the same error for the same move;
/// - [`play_unchecked`](Game::play_unchecked) on a listed move does what `play` does;
/// - [`parse_move`](Game::parse_move) reads what the move's `Display` writes;
/// - **every game ends**: from any state, any sequence of legal moves reaches
///   a state with an [`outcome`](Game::outcome) within a bounded number of
///   plies. A state applies every ending rule it can decide alone (chess3d's
///   `Position`: mate, stalemate, dead positions and the 75-move rule from
///   its half-move clock); rules that need the moves before it (repetitions,
///   claims) belong to the game's `Match` ([`GameMatch`](crate::GameMatch)),
///   which is a `Game` too. So `History::new(position)` driven by random
///   moves ends, as the workspace's tests check for every implementation.
pub trait Game: Clone + fmt::Debug + fmt::Display {
    /// A move of the game. `Display` writes it in the game's move text.
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display;
    /// Who moves: a colour, or a player number. `!player` is the opponent.
    type Player: Copy + Eq + Hash + fmt::Debug + fmt::Display + Not<Output = Self::Player>;
    /// Why a finished game ended (checkmate, KYBO, board full…).
    type EndReason: Copy + Eq + fmt::Debug + fmt::Display;
    /// Why a move could not be read or played.
    type Error: std::error::Error + Send + Sync + 'static;
    /// The rule options a game starts from (its `Config`).
    type Config: Clone + Default + PartialEq + fmt::Debug;

    /// The start position of a game played under `config`.
    fn from_config(config: Self::Config) -> Self;

    /// The player whose turn it is.
    fn turn(&self) -> Self::Player;

    /// Clears `moves` and fills it with every legal move (the allocation-free
    /// form of [`legal_moves`](Game::legal_moves), for loops that reuse one list).
    fn generate_moves(&self, moves: &mut MoveList<Self::Move>);

    /// Every legal move.
    fn legal_moves(&self) -> MoveList<Self::Move> {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves
    }

    /// `Ok` if `mv` is legal here, otherwise the reason (the rule it breaks).
    ///
    /// # Errors
    /// The same error [`play`](Game::play) would return for `mv`.
    fn check(&self, mv: Self::Move) -> Result<(), Self::Error>;

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Plays `mv` if it is legal; otherwise says why not and changes nothing.
    ///
    /// # Errors
    /// Why `mv` is illegal, as [`check`](Game::check) says.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::Error>;

    /// Plays a move that [`generate_moves`](Game::generate_moves) listed,
    /// without checking it. Any other move leaves the state unspecified (but
    /// never causes undefined behaviour).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome<Self::Player, Self::EndReason>>;

    /// Reads a move written in the game's move text, in the context of this
    /// state (some games need it to tell what the text means). Reading does
    /// not check legality; [`play`](Game::play) does.
    ///
    /// # Errors
    /// What in `text` is not a move of the game.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::Error>;

    /// A legal move drawn uniformly at random, or `None` when there is none
    /// (what [`random_playout`](crate::random_playout) plays).
    ///
    /// The default lists the moves and picks `moves[rng.below(moves.len())]`
    /// (drawing nothing from `rng` when the list is empty). A game may
    /// override it with a sampler that works on its bitboards without a
    /// list, but it must draw **the same move** and leave `rng` in the same
    /// state: count the legal moves, pick the index with `rng.below(count)`,
    /// then find that move in [`generate_moves`](Game::generate_moves)'
    /// order. A sampler is then uniform because the list pick is, and a test
    /// checks it move for move against this default.
    fn random_move(&self, rng: &mut Rng) -> Option<Self::Move> {
        // Filled in place: a list returned by value would copy its inline
        // slots on every move.
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
    }

    /// Plays uniformly random legal moves until the game ends or `max_plies`
    /// moves have been played, and returns how many it played: the moves
    /// [`random_move`](Game::random_move) draws, one after another (what
    /// [`random_playout`](crate::random_playout) runs).
    ///
    /// A game may override it with a loop that keeps what it learns about
    /// the board from one move to the next instead of working it out again,
    /// but it must play **the same moves**, end in the same state and leave
    /// `rng` in the same state as this default; a test checks it against the
    /// default game for game.
    fn play_random(&mut self, rng: &mut Rng, max_plies: usize) -> usize {
        play_random_moves(self, rng, max_plies)
    }

    /// The number of legal moves (games override it with a faster count).
    fn count_legal_moves(&self) -> u64 {
        self.legal_moves().len() as u64
    }

    /// The number of move sequences of length `depth` from this state (1 at
    /// depth 0): what [`perft`](crate::perft) returns. The default is
    /// [`copy_make_perft`](crate::copy_make_perft). A game may override it
    /// with a faster walk of the same tree (chess3d's `Position`, an enum of
    /// fixed-size positions, chooses its variant once at the root), but it
    /// must return the same count.
    fn perft(&self, depth: u32) -> u64 {
        copy_make_perft(self, depth)
    }

    /// Ends the game in a draw that the side to move may claim under the rules
    /// (chess3d's 50-move rule and threefold repetition), returning the rule;
    /// `None`, and no change, where there is none to claim. Games without
    /// claimable draws keep this default.
    fn claim_draw(&mut self) -> Option<Self::EndReason> {
        None
    }
}

/// Perft by copy-make, the default of [`Game::perft`]: the moves listed by
/// [`Game::generate_moves`], each played on a copy, down to the last ply,
/// which [`Game::count_legal_moves`] counts in bulk.
pub fn copy_make_perft<G: Game>(game: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => game.count_legal_moves(),
        _ => {
            let mut moves = MoveList::new();
            game.generate_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut child = game.clone();
                    child.play_unchecked(mv);
                    copy_make_perft(&child, depth - 1)
                })
                .sum()
        }
    }
}

/// Plays [`Game::random_move`] then [`Game::play_unchecked`] until the game
/// ends or `max_plies` moves are played, and returns how many it played:
/// what [`Game::play_random`] does unless a game overrides it, here for a
/// test to compare an override with.
///
/// ```
/// use board_core::{play_random_moves, Game, Rng};
/// # fn check<G: Game + PartialEq + core::fmt::Debug>(start: &G) {
/// let (mut a, mut b) = (start.clone(), start.clone());
/// let (mut ra, mut rb) = (Rng::new(9), Rng::new(9));
/// assert_eq!(a.play_random(&mut ra, 50), play_random_moves(&mut b, &mut rb, 50));
/// assert_eq!((a, ra), (b, rb));
/// # }
/// ```
pub fn play_random_moves<G: Game>(game: &mut G, rng: &mut Rng, max_plies: usize) -> usize {
    let mut plies = 0;
    while plies < max_plies {
        let Some(mv) = game.random_move(rng) else {
            break;
        };
        game.play_unchecked(mv);
        plies += 1;
    }
    plies
}
