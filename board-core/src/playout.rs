//! Seeded randomness and random playouts.

use crate::game::Game;
use crate::player::Outcome;

/// A small, fast, seeded pseudo-random generator (SplitMix64).
///
/// Not for cryptography; good enough for playouts and search, and the same
/// seed always gives the same sequence on every platform.
///
/// ```
/// use board_core::Rng;
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` must not be 0), without modulo bias worth
    /// noticing (multiply-shift).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

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
