//! The one vocabulary (issue #11): every row of the contract's table, used
//! exactly as written there, without importing any trait.

use echec_o_cube::{
    divide, perft, Config, EndReason, Game, History, Match, Move, MoveList, Outcome,
    ParseMoveError, PlayError, Player, Position, PositionError, Record, RecordError, Square,
};

#[test]
fn every_row_of_the_table() {
    // Default start, from a configuration, the configuration (Copy).
    let start = Position::default();
    assert_eq!(start, Position::new(Config::default()));
    let config: Config = start.config();
    assert_eq!(config.first, Player::One);
    let two_first = Position::new(Config {
        first: Player::Two,
        ..Config::default()
    });
    assert_eq!(two_first.turn(), Player::Two);

    // Legal moves, the list filler, legality with a reason, playing.
    let moves: MoveList<Move> = start.legal_moves();
    assert_eq!(moves.len(), 224);
    let mut filled = MoveList::new();
    start.generate_moves(&mut filled);
    assert_eq!(filled, moves);
    let mv = moves[0];
    assert!(start.is_legal(mv));
    assert_eq!(start.check(mv), Ok(()));
    let claim = Move::Claim;
    assert_eq!(start.check(claim), Err(PlayError::NothingToClaim));
    let mut pos = start;
    assert_eq!(pos.play(claim), Err(PlayError::NothingToClaim));
    assert_eq!(pos, start); // unchanged on error
    pos.play(mv).unwrap();
    let mut unchecked = start;
    unchecked.play_unchecked(mv);
    assert_eq!(unchecked, pos);

    // Move text: parse_move, Display, FromStr with ParseMoveError.
    let text = mv.to_string();
    assert_eq!(start.parse_move(&text), Ok(mv));
    assert_eq!(text.parse::<Move>(), Ok(mv));
    let bad: Result<Move, ParseMoveError> = "Q A1-B1".parse();
    assert!(bad.is_err());
    assert!(matches!(
        start.parse_move("Q A1-B1"),
        Err(PlayError::Parse(_))
    ));

    // The end.
    assert_eq!(start.outcome(), None);
    let over = Position::new(Config {
        pale: 0,
        dark: 0,
        ..Config::default()
    });
    let end: Option<Outcome<Player, EndReason>> = over.outcome();
    assert_eq!(end.map(|o| o.is_draw()), Some(true));

    // Position text.
    let text = pos.to_text();
    assert_eq!(Position::from_text(&text), Ok(pos));
    assert_eq!(Position::from_text_with_config(&text, config), Ok(pos));
    let err: PositionError = Position::from_text("nonsense").unwrap_err();
    assert!(err.to_string().contains("EOC-23"));

    // A game with history.
    let mut game = Match::new(start);
    assert_eq!(game, Match::default());
    assert_eq!(game.start(), &start);
    assert_eq!(game.turn(), Player::One);
    assert_eq!(game.legal_moves(), moves);
    assert_eq!(game.check(claim), Err(PlayError::NothingToClaim));
    assert_eq!(game.outcome(), None);
    let mut played = Vec::new();
    for _ in 0..12 {
        let mv = game.legal_moves()[game.legal_moves().len() / 2];
        assert_eq!(game.parse_move(&mv.to_string()), Ok(mv));
        game.play(mv).unwrap();
        played.push(mv);
    }
    assert_eq!(game.moves(), played.as_slice());
    let end_position = *game.position();
    let end_record = game.record();

    // Undo to the start and redo back: identical positions and records.
    let undone: Vec<_> = std::iter::from_fn(|| game.undo()).collect();
    assert_eq!(undone.len(), 12);
    assert_eq!(game.position(), &start);
    assert_eq!(game.record(), Record::new(config));
    while game.redo().is_some() {}
    assert_eq!(game.position(), &end_position);
    assert_eq!(game.record(), end_record);
    assert_eq!(game.record().to_string(), end_record.to_string());

    // Records: Display/FromStr, moves, replay.
    let record: Record = end_record.to_string().parse().unwrap();
    assert_eq!(record.moves(), played.as_slice());
    assert_eq!(record.replay(), Ok(game.clone()));
    let illegal: Record = "config standard\nfirst One\nP D5-E5\nP A1-B1\n"
        .parse()
        .unwrap();
    assert!(matches!(
        illegal.replay(),
        Err(RecordError::Illegal {
            number: 2,
            error: PlayError::PaleTouchesNoDark(_),
            ..
        })
    ));
    // A game started elsewhere keeps its start in the record.
    let elsewhere = Match::new(end_position);
    let text = elsewhere.record().to_string();
    assert!(text.contains(&format!("start {}", end_position.to_text())));
    assert_eq!(text.parse::<Record>().unwrap().replay(), Ok(elsewhere));

    // Display of a match is its position's board.
    assert_eq!(game.to_string(), game.position().to_string());

    // The Game trait on Position and Match, and the re-exports.
    fn generic<G: Game>(g: &G) -> u64 {
        perft(g, 2)
    }
    assert_eq!(generic(&start), 1168);
    assert_eq!(generic(&Match::default()), 1168);
    assert_eq!(<Match as Game>::from_config(config), Match::default());
    assert_eq!(divide(&start, 1).len(), 224);
    let history: &History<Position> = game.history();
    assert_eq!(history.moves().len(), 12);
    let _crossing: Square = Square::D5;
}

// Issue #23: the same Match methods as KYBO's and chess3d's, the generic
// GameMatch over them, one 64-bit key, pieces as an iterator. EOC-18: every
// game ends (the player to move has no legal placement).
#[test]
fn the_same_match_in_every_crate() {
    let pieces = board_test_support::check_match_vocabulary!(echec_o_cube);
    assert_eq!(pieces, (0, 1));
    for seed in 0..6 {
        board_test_support::game_match::check_match_and_ending::<Match>(seed, 240);
        let reds = Config {
            red_mode: true,
            ..Config::default()
        };
        board_test_support::game_match::play_to_the_end(Position::new(reds), seed, 400);
    }
}
