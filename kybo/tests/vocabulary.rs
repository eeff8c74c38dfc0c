//! The one vocabulary of the workspace's game crates (issue #11), row by row,
//! written only against its names: what every game crate offers under the
//! same names, here for KYBO.

use kybo::{
    Color, Config, EndReason, Game, History, Match, Move, MoveList, Outcome, ParseMoveError,
    PlayError, Position, PositionError, Record, RecordError, Square,
};

/// What generic code sees of a game through the trait: its legal moves and outcome.
type Seen<G> = (
    usize,
    Option<Outcome<<G as Game>::Player, <G as Game>::EndReason>>,
);

/// Generic code sees the same game through the trait.
fn through_the_trait<G: Game>(game: &G) -> Seen<G> {
    (game.legal_moves().len(), game.outcome())
}

// KY-3, KY-6, KY-10, KY-11, KY-12: every row of the vocabulary's table.
#[test]
fn every_row_of_the_vocabulary() {
    // default start, from a configuration, the configuration
    let start = Position::default();
    assert_eq!(start, Position::new(Config::default()));
    assert_eq!(start.config(), Config::default());
    let limited = Position::new(Config::with_supply(3));
    assert_eq!(limited.config(), Config::with_supply(3));
    assert_eq!(
        <Position as Game>::from_config(Config::with_supply(3)),
        limited
    );

    // side to move
    assert_eq!(start.turn(), Color::White);

    // legal moves, and the trait's list filler
    let moves: MoveList<Move> = start.legal_moves();
    assert_eq!(moves.len(), 4);
    let mut filled = MoveList::new();
    Game::generate_moves(&start, &mut filled);
    assert_eq!(filled, moves);

    // legality with a reason: check gives the error play gives
    let d4: Move = "D4".parse().unwrap();
    let a1: Move = "a1".parse().unwrap();
    assert!(start.is_legal(d4) && !start.is_legal(a1));
    assert_eq!(start.check(d4), Ok(()));
    let mut pos = start;
    let refused = pos.play(a1).unwrap_err();
    assert_eq!(start.check(a1), Err(refused.clone()));
    assert!(matches!(refused, PlayError::FirstCubeOutsideDungeon { .. }));
    assert_eq!(pos, start, "state unchanged on error");

    // playing, validated and unchecked
    pos.play(d4).unwrap();
    let mut unchecked = start;
    unchecked.play_unchecked(d4);
    assert_eq!(unchecked, pos);

    // move text: parse_move, Display, FromStr with ParseMoveError
    let e4 = pos.parse_move("e4").unwrap();
    assert_eq!(e4.to_string(), "E4");
    assert_eq!("E4".parse::<Move>(), Ok(e4));
    let bad: Result<Move, ParseMoveError> = "Q4".parse();
    assert!(bad.is_err());
    assert!(matches!(pos.parse_move("Q4"), Err(PlayError::Notation(_))));

    // the end
    assert_eq!(pos.outcome(), None);
    let over = Position::new(Config::with_supply(0));
    assert_eq!(
        over.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::NoCubeLeft
        })
    );

    // position text
    let text = pos.to_text();
    assert_eq!(Position::from_text(&text), Ok(pos));
    assert_eq!(
        Position::from_text_with_config(&text, Config::with_supply(3)),
        Ok({
            let mut p = limited;
            p.play(d4).unwrap();
            p
        })
    );
    let bad: Result<Position, PositionError> = Position::from_text("junk");
    assert!(bad.is_err());

    // a game with history
    let mut game = Match::new(Position::default());
    assert_eq!(game, Match::default());
    assert_eq!(game.start(), &Position::default());
    assert_eq!(game.turn(), Color::White);
    assert_eq!(game.legal_moves(), start.legal_moves());
    assert_eq!(game.check(a1), start.check(a1));
    assert_eq!(game.parse_move("D4"), Ok(d4));
    assert_eq!(game.outcome(), None);
    assert!(game.play(a1).is_err());
    assert!(game.moves().is_empty(), "a refused move is not recorded");
    let mut rng = kybo::Rng::new(2026);
    while game.outcome().is_none() {
        let moves = game.legal_moves();
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
    let end = *game.position();
    let played = game.moves().to_vec();
    let record = game.record();
    assert_eq!(game.to_string(), end.to_string(), "Display is the board");
    assert_eq!(through_the_trait(&game), through_the_trait(&end));
    assert_eq!(
        <Match as Game>::from_config(Config::with_supply(3)).start(),
        &limited
    );
    let history: &History<Position> = game.history();
    assert_eq!(history.positions().len(), played.len() + 1);

    // undo to the start and redo back: identical positions and records
    let mut undone: Vec<_> = std::iter::from_fn(|| game.undo()).collect();
    undone.reverse();
    assert_eq!(undone, played);
    assert_eq!(game.position(), &Position::default());
    assert!(game.moves().is_empty());
    assert_eq!(game.record(), Record::default());
    let redone: Vec<_> = std::iter::from_fn(|| game.redo()).collect();
    assert_eq!(redone, played);
    assert_eq!(game.position(), &end);
    assert_eq!(game.record(), record);
    assert_eq!(game.moves(), played.as_slice());

    // records: Display/FromStr, moves, replay
    let text = record.to_string();
    let read: Record = text.parse().unwrap();
    assert_eq!(read, record);
    assert_eq!(read.moves(), played.as_slice());
    assert_eq!(read.replay().unwrap(), game);
    // a limited supply survives in the record text alone
    let mut short = Match::new(Position::new(Config::with_supply(2)));
    for mv in ["D4", "D5", "D4", "D5"] {
        short.play(short.parse_move(mv).unwrap()).unwrap();
    }
    assert!(short.outcome().is_some());
    let read: Record = short.record().to_string().parse().unwrap();
    assert_eq!(read.replay().unwrap(), short);
    // replay names the first illegal move by its number and the reason
    let err: RecordError = "D4 A1".parse::<Record>().unwrap().replay().unwrap_err();
    assert!(matches!(
        err,
        RecordError::Illegal {
            number: 2,
            error: PlayError::NoContact { .. },
            ..
        }
    ));

    // one dependency is enough: the re-exports of board-core
    assert_eq!(kybo::perft(&Position::default(), 2), 20);
    assert_eq!(kybo::divide(&Position::default(), 1).len(), 4);
    assert_eq!(Square::D4.to_string(), "D4");
    let _: kybo::Bitboard = Position::default().legal_squares();
}

// The vocabulary's 10-line game, as in the crate's docs.
#[test]
fn the_ten_line_game() -> Result<(), Box<dyn std::error::Error>> {
    let mut game = Match::new(Position::default());
    while game.outcome().is_none() {
        let mv = game.legal_moves()[0]; // a UI asks the player instead
        game.play(mv)?;
    }
    assert!(game.outcome().is_some());
    assert!(game.undo().is_some() && game.outcome().is_none()); // take the last move back
    let record: Record = game.record().to_string().parse()?;
    assert_eq!(record.replay()?, game);
    Ok(())
}

// Issue #23: the same Match methods as ÉCHEC O CUBE's and chess3d's, the
// generic GameMatch over them, one 64-bit key, pieces as an iterator. KY-8,
// KY-9: every game ends (a KYBO, or no cube can be placed).
#[test]
fn the_same_match_in_every_crate() {
    let pieces = board_test_support::check_match_vocabulary!(kybo);
    assert_eq!(pieces, (0, 1));
    for seed in 0..6 {
        board_test_support::game_match::check_match_and_ending::<Match>(seed, 200);
        let short = Position::new(Config::with_supply(5));
        board_test_support::game_match::play_to_the_end(short, seed, 20);
    }
}
