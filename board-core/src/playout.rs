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
