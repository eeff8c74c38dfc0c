//! The invariant harness (`board_games_checks::invariants`) along random games of
//! every game and every configuration worth covering: ÉCHEC O CUBE with red
//! mode and auto-announce on and off and both first players, KYBO with
//! unlimited and limited supplies, chess3d at one, two and three levels.

use board_games_checks::games::{EchecOCube, Kybo};
use board_games_checks::invariants::check_random_game;
use board_games_checks::Checked;
use proptest::prelude::*;

fn check_all<K: Checked>(seed: u64, max_plies: usize) -> Result<(), TestCaseError> {
    for (i, start) in K::variants().iter().enumerate() {
        check_random_game(start, seed ^ (i as u64) << 32, max_plies)
            .map_err(|e| TestCaseError::fail(format!("variant {i}: {e}")))?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    // EOC-6, EOC-9, EOC-15, EOC-17, EOC-18, EOC-21, EOC-22: generation, play
    // and records agree over the whole move space.
    #[test]
    fn echec_o_cube_invariants(seed: u64) {
        check_all::<EchecOCube>(seed, usize::MAX)?;
    }

    // KY-4, KY-9, KY-11, KY-12, KY-13: generation, play, position text and
    // records agree over the whole move space.
    #[test]
    fn kybo_invariants(seed: u64) {
        check_all::<Kybo>(seed, usize::MAX)?;
    }

}

proptest! {
    // Every from/to pair of the side to move is a large move space: fewer,
    // shorter games.
    #![proptest_config(ProptestConfig::with_cases(4))]

    // C3-14, C3-19, C3-20, C3-22: generation, play, FEN3D, move text, Zobrist
    // hash and records agree (every from/to pair of the side to move).
    #[test]
    fn chess3d_invariants(seed: u64) {
        check_all::<chess3d::Position>(seed, 40)?;
    }
}
