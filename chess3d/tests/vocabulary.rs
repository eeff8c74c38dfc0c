//! The one vocabulary of the workspace (issue #11), every row of its table,
//! written only against those names.

use chess3d::{
    Cell, Color, Config, EndReason, Game, History, Match, Move, MoveList, Outcome, ParseMoveError,
    PlayError, Position, PositionError, Record, RecordError, Square,
};

#[test]
fn every_row_of_the_vocabulary() {
    // Default start and a configuration (C3-1: 3 levels by default, Black first, C3-13).
    let start = Position::default();
    assert_eq!(start, Position::new(Config::default()));
    assert_eq!(start.config(), Config::default());
    assert_eq!(start.config().levels(), 3);
    let five = Position::new(Config::new(5).unwrap());
    assert_eq!(five.config().levels(), 5);
    assert_eq!(start.turn(), Color::Black);

    // Legal moves; the trait's filler gives the same list.
    let moves: MoveList<Move> = start.legal_moves();
    let mut filled = MoveList::new();
    start.generate_moves(&mut filled);
    assert_eq!(moves, filled);
    assert_eq!(moves.len(), 55);

    // Legality with a reason, the same error as play.
    let mv = moves[0];
    assert!(start.is_legal(mv));
    assert_eq!(start.check(mv), Ok(()));
    let bad = start.parse_move("N2/E7-N2/E4").unwrap();
    let mut copy = start.clone();
    assert_eq!(copy.play(bad), start.check(bad));
    assert!(start.check(bad).is_err());
    assert_eq!(copy, start);
    copy.play(mv).unwrap();
    let mut unchecked = start.clone();
    unchecked.play_unchecked(mv);
    assert_eq!(copy, unchecked);

    // Move text: Display, parse_move, FromStr of the exact text.
    for &m in &moves {
        let text = m.to_string();
        assert_eq!(start.parse_move(&text), Ok(m));
        assert_eq!(text.parse::<Move>(), Ok(m));
    }
    assert!(matches!(
        start.parse_move("nonsense"),
        Err(PlayError::Notation(ParseMoveError::Shape { .. }))
    ));

    // The end.
    assert_eq!(start.outcome(), None);
    let mated = Position::from_fen("8/8/8/8/8/8/8/8|2k5/8/8/8/8/8/8/2K5|8/8/8/8/8/8/8/8 b - - 0 1")
        .unwrap();
    assert_eq!(
        mated.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::DeadPosition
        }),
        "bare kings: the position itself declares the dead position (C3-17)"
    );
    assert!(!mated.legal_moves().is_empty(), "perft counts on (C3-22)");
    assert_eq!(
        Match::new(mated).outcome(),
        Some(Outcome::Draw {
            reason: EndReason::DeadPosition
        })
    );

    // Position text.
    let text = start.to_text();
    assert_eq!(text, start.fen());
    assert_eq!(Position::from_text(&text), Ok(start.clone()));
    assert_eq!(Position::from_fen(&text), Ok(start.clone()));
    assert_eq!(
        Position::from_text_with_config(&text, Config::default()),
        Ok(start.clone())
    );
    assert!(matches!(
        Position::from_text_with_config(&text, Config::new(4).unwrap()),
        Err(PositionError::LevelsDisagree {
            found: 3,
            expected: 4
        })
    ));

    // A game with history.
    let mut game = Match::new(start.clone());
    assert_eq!(game, Match::default());
    assert_eq!(game, <Match as Game>::from_config(Config::default()));
    assert_eq!(game.start(), &start);
    assert_eq!(game.turn(), Color::Black);
    let mut plies = Vec::new();
    for _ in 0..12 {
        let mv = game.legal_moves()[game.moves().len() % 3];
        assert_eq!(game.check(mv), Ok(()));
        assert_eq!(game.parse_move(&mv.to_string()), Ok(mv));
        game.play(mv).unwrap();
        plies.push(mv);
    }
    assert_eq!(game.moves(), plies.as_slice());
    assert_eq!(game.outcome(), None);
    let end_position = game.position().clone();
    let end_record = game.record();
    assert_eq!(game.to_string(), end_position.to_string());
    // Undo to the start and redo to the end: identical positions and records.
    let mut back: Vec<_> = std::iter::from_fn(|| game.undo()).collect();
    assert_eq!(game.position(), &start);
    assert_eq!(game.moves(), &[] as &[Move]);
    assert_eq!(game.record(), Record::new(start.clone(), Vec::new()));
    back.reverse();
    assert_eq!(back, plies);
    let again: Vec<_> = std::iter::from_fn(|| game.redo()).collect();
    assert_eq!(again, plies);
    assert_eq!(game.position(), &end_position);
    assert_eq!(game.record(), end_record);
    let history: &History<Position> = game.history();
    assert_eq!(history.positions().len(), 13);

    // Records: text with the start position, moves, replay.
    let text = end_record.to_string();
    let read: Record = text.parse().unwrap();
    assert_eq!(read, end_record);
    assert_eq!(read.moves(), plies.as_slice());
    assert_eq!(read.replay(), Ok(game.clone()));
    let broken = Record::new(start.clone(), vec![plies[0], plies[0]]);
    assert!(matches!(
        broken.replay(),
        Err(RecordError::Move { number: 2, .. })
    ));

    // Re-exports: one dependency is enough.
    let _: Square = Square::E4;
    let _: Cell = "N2/E4".parse().unwrap();
    assert_eq!(chess3d::perft(&start, 1), 55);
    assert_eq!(chess3d::divide(&start, 1).len(), 55);
}

// Issue #23: the same Match methods as ÉCHEC O CUBE's and KYBO's, the generic
// GameMatch over them, one 64-bit key, pieces as an iterator. C3-16, C3-17:
// every game ends, through a Match and through a bare History of positions.
#[test]
fn the_same_match_in_every_crate() {
    let pieces = board_test_support::check_match_vocabulary!(chess3d);
    assert_eq!(pieces, (32, 32));
    // 30 captures and 16 × 6 pawn moves reset the clock at most; 150 plies
    // between them at most (the 75-move rule).
    let bound = 127 * 150;
    for seed in 0..3 {
        board_test_support::game_match::check_match_and_ending::<Match>(seed, bound);
    }
}
