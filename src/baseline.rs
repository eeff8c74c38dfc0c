//! The move-list playout that the games' list-free samplers are measured
//! against (by the benches and the `playout` example's `--list`), and that
//! the `arena` example's `mcts-list` agent plays.

use board_core::{Game, MoveList, Playout, Rng};

/// Plays `moves[rng.below(moves.len())]` from a reused move list until the
/// game ends or `max_plies` moves are played: `board_core::random_playout`
/// as it was before [`Game::random_move`], so the same games as
/// `random_playout` (a test checks that) at the cost of a list a move.
///
/// ```
/// use board_core::{random_playout, MoveList, Rng};
/// use board_games::baseline::list_playout;
/// let mut a = kybo::Position::default();
/// let mut b = a;
/// let listed = list_playout(&mut a, &mut Rng::new(3), 1000, &mut MoveList::new());
/// assert_eq!(listed, random_playout(&mut b, &mut Rng::new(3), 1000));
/// assert_eq!(a, b);
/// ```
pub fn list_playout<G: Game>(
    game: &mut G,
    rng: &mut Rng,
    max_plies: usize,
    moves: &mut MoveList<G::Move>,
) -> Playout<G::Player, G::EndReason> {
    let mut plies = 0;
    while plies < max_plies {
        game.generate_moves(moves);
        if moves.is_empty() {
            break;
        }
        game.play_unchecked(moves[rng.below(moves.len())]);
        plies += 1;
    }
    Playout {
        plies,
        outcome: game.outcome(),
    }
}
