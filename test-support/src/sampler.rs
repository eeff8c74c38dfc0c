//! The check of a game's list-free random-move sampler against the move
//! list: the same move, the same generator state, at every ply.

use board_core::{Game, MoveList, Rng};

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
