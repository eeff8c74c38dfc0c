//! Records (EOC-21), the text board, and bad text given to every parser.

use board_core::{MoveList, Rng};
use echec_o_cube::{
    Category, Config, GameSquare, Kind, Move, ParseMoveError, PlayError, Player, Points, Position,
    Record, RecordError, Segment,
};
use proptest::prelude::*;

/// A random game to its end, recorded.
fn random_game(config: Config, first: Player, seed: u64) -> (Record, Position) {
    let mut pos = Position::new(config.with_first(first));
    let mut record = Record::new(config.with_first(first));
    let mut rng = Rng::new(seed);
    let mut moves = MoveList::new();
    loop {
        pos.generate_moves(&mut moves);
        if moves.is_empty() {
            return (record, pos);
        }
        let mv = moves[rng.below(moves.len())];
        pos.play(mv).unwrap();
        record.push(mv);
    }
}

// EOC-21: a record formats, parses back to the same game, and replays to the
// same position.
#[test]
fn eoc21_record_round_trip_and_replay() {
    let odd = Config {
        pale: 9,
        dark: 4,
        reds: 3,
        red_mode: true,
        auto_announce: false,
        points: Points {
            standard: 1,
            enriched: 2,
            maximal: 3,
            big: 5,
        },
        first: Player::One,
    };
    for (config, first, seed) in [
        (Config::default(), Player::One, 1),
        (Config::FAMILY, Player::Two, 2),
        (odd, Player::One, 3),
    ] {
        let (record, end) = random_game(config, first, seed);
        assert!(end.is_over());
        let text = record.to_string();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some(format!("config {config}").as_str()));
        // The first player is on its own line, not in the config line.
        assert!(!text.contains("first="));
        assert_eq!(lines.next(), Some(format!("first {first}").as_str()));
        assert_eq!(lines.count(), record.moves().len());
        let back: Record = text.parse().unwrap();
        assert_eq!(back, record);
        // Records holding different games differ (this one has moves).
        assert_ne!(Record::new(config.with_first(first)), record);
        assert_eq!(back.to_string(), text);
        assert_eq!(back.replay().unwrap().position(), &end);
        assert_eq!(record.replay().unwrap().position(), &end);
    }
}

// EOC-21: an illegal move is rejected with its line number and the rule;
// comments and blank lines count as lines.
#[test]
fn eoc21_replay_errors_name_line_and_rule() {
    let text = "# a game\nconfig standard\n\nfirst One\nP D5-E5\nF E5-E6\n\nF D6-E6\n";
    let record: Record = text.parse().unwrap();
    assert_eq!(record.moves().len(), 3);
    let err = record.replay().unwrap_err();
    assert_eq!(
        err,
        RecordError::Illegal {
            number: 3,
            line: 8,
            mv: "F D6-E6".parse().unwrap(),
            error: PlayError::DarkTouchesDark("D6-E6".parse().unwrap()),
        }
    );
    assert!(err
        .to_string()
        .starts_with("line 8: move 3 (F D6-E6) is illegal"));
    assert!(err.to_string().contains("EOC-8"));
    // A move pushed onto a record read from text is numbered after the last
    // move read: here the moves are on lines 5 and 6, the pushed one is 7.
    let mut longer: Record = text.replace("\nF D6-E6\n", "\n").parse().unwrap();
    longer.push("F D6-E6".parse().unwrap());
    assert!(matches!(
        longer.replay(),
        Err(RecordError::Illegal { line: 7, .. })
    ));
    // Built in code, the lines are those the formatter writes.
    let mut built = Record::new(Config::default().with_first(Player::Two));
    built.push("P D5-E5".parse().unwrap());
    built.push("claim".parse().unwrap());
    assert!(matches!(
        built.replay(),
        Err(RecordError::Illegal {
            line: 4,
            number: 2,
            error: PlayError::NothingToClaim,
            ..
        })
    ));
}

// EOC-21: syntax errors name the line.
#[test]
fn eoc21_record_syntax_errors() {
    type Check = fn(&RecordError) -> bool;
    let cases: [(&str, Check); 11] = [
        // The first player belongs on the `first` line.
        ("config standard first=two\nfirst Two\n", |e| {
            matches!(e, RecordError::MisplacedHeader { line: 1, .. })
        }),
        ("config standard\nfirst One\nstart 7/8\n", |e| {
            matches!(e, RecordError::Start { line: 3, .. })
        }),
        ("config standard\nfirst One\nP D5-E5\nstart 7/8\n", |e| {
            matches!(e, RecordError::MisplacedHeader { line: 4, .. })
        }),
        ("first One\nP D5-E5\n", |e| {
            matches!(e, RecordError::MissingConfig)
        }),
        ("config standard\nP D5-E5\n", |e| {
            matches!(e, RecordError::MissingFirst)
        }),
        ("config standard\n", |e| {
            matches!(e, RecordError::MissingFirst)
        }),
        ("config standard\nfirst One\nP D5-F5\n", |e| {
            matches!(
                e,
                RecordError::Move {
                    line: 3,
                    number: 1,
                    error: ParseMoveError::NotNeighbours { .. }
                }
            )
        }),
        ("config standard\nfirst Three\n", |e| {
            matches!(e, RecordError::First { line: 2, .. })
        }),
        ("config pale=x\nfirst One\n", |e| {
            matches!(e, RecordError::Config { line: 1, .. })
        }),
        ("config standard\nfirst One\nP D5-E5\nfirst Two\n", |e| {
            matches!(e, RecordError::MisplacedHeader { line: 4, .. })
        }),
        // A repeated header before any move.
        ("config standard\nconfig family\nfirst One\n", |e| {
            matches!(e, RecordError::MisplacedHeader { line: 2, .. })
        }),
    ];
    for (text, check) in cases {
        let err = text.parse::<Record>().unwrap_err();
        assert!(check(&err), "{text:?}: {err:?}");
    }
}

// The text board shows grooves, pieces, reds, closed squares and the score.
#[test]
fn display_board() {
    let mut pos = Position::new(Config::FAMILY);
    for m in ["R A1", "P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6!"] {
        pos.play(m.parse().unwrap()).unwrap();
    }
    let text = pos.to_string();
    let lines: Vec<&str> = text.lines().collect();
    // Rank 8 first; rank 6 holds the pale D6-E6, rank 5 the pale D5-E5; the
    // line between shows the dark verticals (H) and Two's closed square (2).
    // Files above and below the board, ranks on both sides.
    assert_eq!(lines[0], "  A   B   C   D   E   F   G   H");
    assert_eq!(lines[1], "8 .   .   .   .   .   .   .   . 8");
    assert_eq!(lines[5], "6 .   .   .   +---+   .   .   . 6");
    assert_eq!(lines[6], "              H 2 H");
    assert_eq!(lines[7], "5 .   .   .   +---+   .   .   . 5");
    assert_eq!(lines[15], "1 R   .   .   .   .   .   .   . 1");
    assert_eq!(lines[16], lines[0]);
    assert!(text.contains("to move: Two"));
    assert!(text.contains("Two: 12 points, 50 pale and 18 dark left"));
    assert!(text.contains("reds left: 9"));
    let closed: Vec<_> = pos.closed_squares().collect();
    assert_eq!(closed[0].category, Category::Maximal);
}

fn round_trips<T>(text: &str)
where
    T: std::str::FromStr + std::fmt::Display + PartialEq + std::fmt::Debug,
{
    if let Ok(value) = text.parse::<T>() {
        let again = value.to_string();
        assert_eq!(
            again.parse::<T>().ok(),
            Some(value),
            "{text:?} -> {again:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    // Any text to any parser: a typed error or a value that round-trips.
    #[test]
    fn parsers_never_panic(text in any::<String>()) {
        round_trips::<Move>(&text);
        round_trips::<Segment>(&text);
        round_trips::<GameSquare>(&text);
        round_trips::<Config>(&text);
        round_trips::<Player>(&text);
        round_trips::<Kind>(&text);
        if let Ok(record) = text.parse::<Record>() {
            prop_assert_eq!(record.to_string().parse::<Record>().unwrap(), record.clone());
            let _ = record.replay();
        }
        let pos = Position::new(Config::default());
        let _ = pos.parse_move(&text);
    }

    // Near-miss text, more likely to get far into the parsers.
    #[test]
    fn near_miss_text_never_panics(text in "[PFRpfrc !lai]{0,2}[ A-Ja-j0-9\\-!]{0,9}") {
        round_trips::<Move>(&text);
        round_trips::<Segment>(&text);
        round_trips::<GameSquare>(&text);
        let record = format!("config standard\nfirst One\n{text}\n");
        if let Ok(r) = record.parse::<Record>() {
            match r.replay() {
                Ok(game) => prop_assert_eq!(game.position().piece_count() as usize, r.moves().iter().filter(|m| m.is_placement()).count()),
                Err(e) => {
                    let line_three = matches!(e, RecordError::Illegal { line: 3, .. });
                    prop_assert!(line_three, "{:?}", e);
                }
            }
        }
    }
}
