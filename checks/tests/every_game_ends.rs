//! The `Game` contract's promise that every game ends (issue #23): every
//! implementation of `board_core::Game` in the workspace, driven through a
//! `board_core::History` by random legal moves, reaches an outcome within a
//! bound its rules give. EOC-18 (the placements run out), KY-9 (the board or
//! the supply runs out), C3-16 and C3-17 (mate, stalemate, dead positions
//! and the 75-move rule, without any history).

use board_test_support::game_match::play_to_the_end;

/// Seeds a game is played with.
const SEEDS: std::ops::Range<u64> = 0..8;

#[test]
fn echec_o_cube_ends() {
    use echec_o_cube::{Config, Match, Position};
    let reds = Config {
        red_mode: true,
        ..Config::default()
    };
    for seed in SEEDS {
        // Each placement fills one of the 112 grooves (reds only crossings).
        play_to_the_end(Position::default(), seed, 250);
        play_to_the_end(Position::new(reds), seed, 400);
        play_to_the_end(Match::default(), seed, 250);
    }
}

#[test]
fn kybo_ends() {
    use kybo::{Config, Match, Position};
    for seed in SEEDS {
        // At most 64 squares × 4 levels under the zones' limits.
        play_to_the_end(Position::default(), seed, 256);
        play_to_the_end(Position::new(Config::with_supply(7)), seed, 14);
        play_to_the_end(Match::default(), seed, 256);
        play_to_the_end(
            kybo::reference::Reference::new(Config::default()),
            seed,
            256,
        );
    }
}

#[test]
fn chess3d_ends() {
    use chess3d::{Config, FixedPosition, Match, Position};
    // Between two captures or pawn moves at most 150 plies (75-move rule);
    // 32 pieces give at most 30 captures, and 16 pawns at most 16 × 6 moves.
    let bound = 150 * (30 + 16 * 6 + 1);
    for seed in SEEDS {
        for levels in 1..=3 {
            let config = Config::new(levels).expect("1 to 3 levels are allowed");
            play_to_the_end(Position::new(config), seed, bound);
        }
        play_to_the_end(FixedPosition::<1>::default(), seed, bound);
        play_to_the_end(FixedPosition::<3>::default(), seed, bound);
        play_to_the_end(Match::default(), seed, bound);
    }
}
