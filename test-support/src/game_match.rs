//! The contracts of [`Game`] and [`GameMatch`] that every game crate keeps,
//! checked once for all of them: every game ends, and a match's history,
//! undo, redo, record and computer agree.

use core::fmt::Debug;

use board_core::{random_playout, Agent, Budget, Computer, Game, GameMatch, History, Rng};

/// Drives `start` through a [`History`] with random legal moves (from
/// `seed`) until its outcome is decided, and returns the plies played.
///
/// # Panics
/// When the game has not ended after `max_plies` plies (the `Game` contract:
/// every game ends), or a listed move is refused.
pub fn play_to_the_end<G: Game>(start: G, seed: u64, max_plies: usize) -> usize {
    let mut game = History::new(start);
    let mut rng = Rng::new(seed);
    while game.position().outcome().is_none() {
        assert!(
            game.moves().len() < max_plies,
            "no outcome after {max_plies} plies (seed {seed}): every game must end"
        );
        let moves = game.position().legal_moves();
        assert!(
            !moves.is_empty(),
            "no legal move, and no outcome (seed {seed})"
        );
        if let Err(e) = game.play(moves[rng.below(moves.len())]) {
            panic!("a listed move was refused (seed {seed}): {e}");
        }
    }
    game.moves().len()
}

/// [`check_game_match`] on `M` with `seed`, then [`play_to_the_end`] from
/// the default match's start: the two contracts every crate checks per seed.
///
/// # Panics
/// As those two do.
pub fn check_match_and_ending<M>(seed: u64, max_plies: usize)
where
    M: GameMatch + Computer + PartialEq + Debug,
    M::Position: PartialEq + Debug,
{
    check_game_match::<M>(seed, max_plies);
    play_to_the_end(M::default().start().clone(), seed, max_plies);
}

/// `game` after random moves from `seed` (the same every time) have played it
/// to its end: the finished game the docs picture.
///
/// # Panics
/// When the game is not over after `max_plies` plies.
pub fn finished_game<G: Game>(mut game: G, seed: u64, max_plies: usize) -> G {
    let done = random_playout(&mut game, &mut Rng::new(seed), max_plies);
    assert!(
        done.outcome.is_some(),
        "the seeded game (seed {seed}) finishes"
    );
    game
}

/// Plays a random match of `M` to its end (at most `max_plies` plies) and
/// checks what [`GameMatch`] promises along the way: positions and moves in
/// step, undo of the last three moves and their redo, the record's text
/// replayed to the same match, and the computer's move from the match (a
/// legal one while the game goes on, none once it is over).
///
/// # Panics
/// On the first broken promise, saying which.
pub fn check_game_match<M>(seed: u64, max_plies: usize)
where
    M: GameMatch + Computer + PartialEq + Debug,
    M::Position: PartialEq + Debug,
{
    let mut game = M::default();
    assert_eq!(game.positions().len(), 1);
    assert_eq!(game.start(), game.position());
    assert_eq!(
        &<M::Position as Game>::from_config(game.config()),
        game.start(),
        "the default match starts at its configuration's start"
    );
    let mut computer = M::computer(seed);
    let mut rng = Rng::new(seed);
    while game.outcome().is_none() {
        assert!(
            game.moves().len() < max_plies,
            "no outcome after {max_plies} plies"
        );
        let moves = game.legal_moves();
        game.play(moves[rng.below(moves.len())])
            .expect("a listed move is legal");
        assert_eq!(game.positions().len(), game.moves().len() + 1);
        assert_eq!(game.positions().last(), Some(game.position()));
    }
    assert_eq!(
        computer.choose(&game, Budget::nodes(20)),
        None,
        "a move after the end"
    );
    let end = game.position().clone();
    let played = game.moves().to_vec();

    // Undo three moves (or all of them), then redo them.
    let back = played.len().min(3);
    let taken: Vec<M::Move> = (0..back).filter_map(|_| game.undo()).collect();
    let expected: Vec<M::Move> = played.iter().rev().take(back).copied().collect();
    assert_eq!(
        taken, expected,
        "undo takes the last moves back, last first"
    );
    assert_eq!(game.undone().len(), back);
    assert_eq!(
        game.undone().next(),
        taken.last().copied(),
        "redo's next move"
    );
    assert_eq!(game.moves(), &played[..played.len() - back]);
    if back > 0 {
        assert!(game.outcome().is_none(), "the game goes on after an undo");
        let mv = computer
            .choose(&game, Budget::nodes(50))
            .expect("the computer has a move while the game goes on");
        assert!(game.is_legal(mv), "the computer's move {mv} is legal");
    }
    for mv in taken.iter().rev() {
        assert_eq!(game.redo(), Some(*mv));
    }
    assert_eq!(game.redo(), None);
    assert_eq!(game.position(), &end);

    // The record's text replays to the same match.
    let text = game.record().to_string();
    let read: M::Record = text
        .parse()
        .unwrap_or_else(|e| panic!("the record does not read back: {e}\n{text}"));
    let again = M::replay(&read).expect("the record replays");
    assert_eq!(again, game);
    assert_eq!(again.moves(), played.as_slice());
}

/// The methods every game crate's `Match` and `Position` offer under the same
/// names, called as inherent methods (no trait imported) on the crate named
/// `$game`: `config`, `legal_moves`, `is_legal`, `play_unchecked`,
/// `positions`, `undo`, `undone`, `redo`, `record`, `position().zobrist()`,
/// `position().pieces()`; and that [`GameMatch`] sees what they say.
/// Evaluates to the number of pieces on the board before and after the first
/// legal move, for the crate to check.
#[macro_export]
macro_rules! check_match_vocabulary {
    ($game:ident) => {{
        let mut game = $game::Match::default();
        assert_eq!(game.config(), $game::Config::default());
        let first = game.legal_moves()[0];
        assert!(game.is_legal(first));
        game.play_unchecked(first);
        assert_eq!(game.positions().len(), 2);
        assert_eq!(game.undo(), Some(first));
        assert_eq!(game.undone().collect::<Vec<_>>(), [first]);
        let start = game.position().clone();
        assert_eq!(start.zobrist(), $game::Position::default().zobrist());
        let before = start.pieces().count();
        assert_eq!(game.redo(), Some(first));
        assert_ne!(game.position().zobrist(), start.zobrist());
        let after = game.position().pieces().count();
        // The trait sees what the inherent methods say.
        assert_eq!(
            <$game::Match as ::board_core::GameMatch>::positions(&game),
            game.positions()
        );
        assert_eq!(
            <$game::Match as ::board_core::GameMatch>::record(&game),
            game.record()
        );
        (before, after)
    }};
}
