//! The check of a game's list-free random-move sampler against the move
//! list: the same move, the same generator state, at every ply.

use board_core::{play_random_moves, Game, MoveList, Rng};

/// Plays random games from `start`, one for each seed, to the end or
/// `max_plies`, and checks at every ply that [`Game::random_move`] draws
/// the move `moves[rng.below(moves.len())]` of the move list and leaves the
/// generator as the list pick does; at the end, that it gives `None` and
/// draws nothing. Returns the plies played, for the caller to check that
/// the games were real. Panics, naming the seed and ply, on a difference.
pub fn check_random_move<G: Game>(
    start: &G,
    seeds: impl IntoIterator<Item = u64>,
    max_plies: usize,
) -> u64 {
    let mut moves = MoveList::new();
    let mut plies = 0;
    for seed in seeds {
        let mut game = start.clone();
        let mut listed = Rng::new(seed);
        let mut sampled = Rng::new(seed);
        for ply in 0..max_plies {
            game.generate_moves(&mut moves);
            let drawn = game.random_move(&mut sampled);
            if moves.is_empty() {
                assert_eq!(drawn, None, "seed {seed}, ply {ply}: no legal move");
                assert_eq!(sampled, listed, "seed {seed}, ply {ply}: drew at the end");
                break;
            }
            let expected = moves[listed.below(moves.len())];
            assert_eq!(drawn, Some(expected), "seed {seed}, ply {ply}\n{game}");
            assert_eq!(sampled, listed, "seed {seed}, ply {ply}: generator state");
            game.play_unchecked(expected);
            plies += 1;
        }
    }
    plies
}

/// Plays a random game from `start` for each seed with
/// [`Game::play_random`] and again move by move with
/// [`Game::random_move`] (the trait's default loop), and checks that both
/// play as many moves, end in equal states and leave the generators alike.
/// Returns the plies played. Panics, naming the seed, on a difference.
pub fn check_play_random<G: Game + PartialEq + core::fmt::Debug>(
    start: &G,
    seeds: impl IntoIterator<Item = u64>,
    max_plies: usize,
) -> u64 {
    let mut plies = 0;
    for seed in seeds {
        let mut fast = start.clone();
        let mut fast_rng = Rng::new(seed);
        let played = fast.play_random(&mut fast_rng, max_plies);
        let mut slow = start.clone();
        let mut slow_rng = Rng::new(seed);
        let stepped = play_random_moves(&mut slow, &mut slow_rng, max_plies);
        assert_eq!(played, stepped, "seed {seed}: plies");
        assert_eq!(fast, slow, "seed {seed}: final state");
        assert_eq!(fast_rng, slow_rng, "seed {seed}: generator state");
        plies += played as u64;
    }
    plies
}
