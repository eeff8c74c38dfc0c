//! The computer opponent ([`Agent`], [`RulesPolicy`]): it takes a KYBO that
//! one placement makes and blocks the opponent's, and is deterministic.
//! Positions come from position text (KY-11).

use board_core::{Agent as _, Budget, Computer, MoveList, Policy, Rng};
use kybo::{Agent, Color, Move, Position, RulesPolicy, Square};

fn pos(text: &str) -> Position {
    Position::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// White's column D1–D7 against Black's E2–E7, Black to move (White has
/// one cube more, KY-11 (c)): White threatens KYBO on D8.
const WHITE_THREAT: &str =
    "......../...wb.../...wb.../...wb.../...wb.../...wb.../...wb.../...w.... b";

// KY-8: White's network touches rank 1 at D1 and reaches D7; D8 is a Gate
// of rank 8 next to D7 at level 1: White to move makes KYBO there.
#[test]
fn ky8_the_computer_takes_a_kybo_at_once() {
    let win = pos("......../...wb.../...wb.../...wb.../...wb.../...wb.../...wb.../...wb... w");
    assert_eq!(
        win.winning_squares().into_iter().collect::<Vec<_>>(),
        [Square::D8]
    );
    for seed in 0..5 {
        let mut agent = Agent::new(seed);
        assert_eq!(
            agent.choose(&win, Budget::nodes(50)),
            Some(Move::new(Square::D8))
        );
    }
    // Black's KYBO along rank 5, files A–G held, H5 open: Black takes it
    // (White's eighth cube on D4, a Dungeon square, KY-11 (c), (e)).
    let black = pos("......../......../wwwwwww./bbbbbbb./...w..../......../......../........ b");
    assert_eq!(
        black.winning_squares().into_iter().collect::<Vec<_>>(),
        [Square::H5]
    );
    let mv = Position::computer(1).choose(&black, Budget::nodes(50));
    assert_eq!(mv, Some(Move::new(Square::H5)));
    let mut after = black;
    after.play(Move::new(Square::H5)).unwrap();
    assert_eq!(after.winner(), Some(Color::Black));
}

// KY-8: Black to move has no KYBO, White threatens D8. Every other Black
// placement loses at once, so the computer takes D8.
#[test]
fn ky8_the_computer_blocks_a_one_move_kybo() {
    let threat = pos(WHITE_THREAT);
    assert!(threat.winning_squares().is_empty());
    // The threat is real: with the turn given to White (one Black cube more
    // on C4 keeps the counts of KY-11), D8 wins.
    let white = pos("......../...wb.../...wb.../...wb.../..bwb.../...wb.../...wb.../...w.... w");
    assert_eq!(
        white.winning_squares().into_iter().collect::<Vec<_>>(),
        [Square::D8]
    );
    for seed in 0..5 {
        let mv = Agent::new(seed).choose(&threat, Budget::nodes(200));
        assert_eq!(mv, Some(Move::new(Square::D8)), "seed {seed}");
    }
}

// KY-8: the policy's pruning leaves only the winning square, or only the
// squares that stop a threat, and every move elsewhere.
#[test]
fn ky8_the_search_sees_only_the_win_or_the_block() {
    let mut policy = RulesPolicy::default();
    let threat = pos(WHITE_THREAT);
    let mut moves: MoveList<Move> = threat.legal_moves();
    assert!(moves.len() > 5);
    policy.prune(&threat, &mut moves);
    assert_eq!(moves.as_slice(), [Move::new(Square::D8)]);
    // A quiet position keeps every move.
    let mut quiet = Position::default();
    quiet.play(Move::new(Square::D4)).unwrap();
    let mut moves = quiet.legal_moves();
    policy.prune(&quiet, &mut moves);
    assert_eq!(moves, quiet.legal_moves());
}

// KY-8, KY-9: a policy playout ends the game, and its winner is the
// position's.
#[test]
fn ky8_policy_playouts_end_the_game() {
    let mut policy = RulesPolicy::default();
    let mut decided = 0;
    for seed in 0..50 {
        let mut game = Position::default();
        let winner = policy.playout(&mut game, &mut Rng::new(seed), 1_000);
        assert!(game.is_over());
        assert_eq!(winner, game.winner());
        decided += usize::from(winner.is_some());
    }
    assert!(decided > 25, "only {decided} of 50 playouts made KYBO");
}

// The same seed and node budget give the same game; the agent is Send and
// usable as the game's Computer from generic code.
#[test]
fn same_seed_and_nodes_give_the_same_game() {
    fn game_of<G: Computer>(start: G, seed: u64) -> Vec<G::Move> {
        let mut agent = G::computer(seed);
        let mut game = start;
        let mut moves = Vec::new();
        while let Some(mv) = agent.choose(&game, Budget::nodes(100)) {
            game.play(mv).unwrap();
            moves.push(mv);
        }
        moves
    }
    fn is_send<T: Send>(_: &T) {}
    is_send(&Agent::new(1));
    let a = game_of(Position::default(), 5);
    assert!(!a.is_empty());
    assert_eq!(a, game_of(Position::default(), 5));
    let b = game_of(Position::default(), 6);
    assert_ne!(a, b);
}
