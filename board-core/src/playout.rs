//! Random playouts: [`random_playout`] and what it returns, [`Playout`].

use crate::game::Game;
use crate::player::Outcome;
use crate::rng::Rng;

/// What a random playout did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Playout<P, R> {
    /// The moves played.
    pub plies: usize,
    /// How the game ended, or `None` if the ply limit came first.
    pub outcome: Option<Outcome<P, R>>,
}

/// Plays uniformly random legal moves on `game` until it ends or `max_plies`
/// moves have been played: each move is [`Game::random_move`], so for one
/// seed the games are those of picking `moves[rng.below(moves.len())]` from
/// the move list, whether or not the game has a list-free sampler or its
/// own playout loop ([`Game::play_random`]).
///
/// ```
/// # use board_core::{random_playout, Game, Rng};
/// # fn check<G: Game>(start: &G) {
/// let mut game = start.clone();
/// let done = random_playout(&mut game, &mut Rng::new(42), 10_000);
/// assert_eq!(done.outcome, game.outcome());
/// # }
/// ```
pub fn random_playout<G: Game>(
    game: &mut G,
    rng: &mut Rng,
    max_plies: usize,
) -> Playout<G::Player, G::EndReason> {
    let plies = game.play_random(rng, max_plies);
    Playout {
        plies,
        outcome: game.outcome(),
    }
}
