//! Position text (KY-11): round trips and every rejection, each with its
//! own error variant; serde through the validated path.

mod common;

use common::{position, replay, sq, text};
use kybo::{Color, Config, Position, PositionError, Zone};

const EMPTY: &str = "......../......../......../......../......../......../......../........ w";

// KY-11: the empty board and a few positions round-trip.
#[test]
fn ky11_round_trip() {
    assert_eq!(Position::from_text(EMPTY).unwrap(), Position::default());
    assert_eq!(Position::default().to_text(), EMPTY);
    let pos = replay("D4 D4 E4 E4 E4 D5 C4 C4 C4");
    let t = pos.to_text();
    assert_eq!(
        t,
        "......../......../......../...b..../..(wbw)(wb)(wbw).../......../......../........ b"
    );
    assert_eq!(Position::from_text(&t).unwrap(), pos);
    // `(w)` is accepted for a one-cube stack; the formatter writes `w`.
    let long = "......../......../......../......../...(w)..../......../......../........ b";
    let p = Position::from_text(long).unwrap();
    assert_eq!(p.to_text(), long.replace("(w)", "w"));
    // upper-case letters and extra blank space are accepted
    assert_eq!(
        Position::from_text(
            "  ......../......../......../......../...W..../......../......../........   B "
        )
        .unwrap(),
        p
    );
}

// KY-11: syntax errors.
#[test]
fn ky11_syntax_errors() {
    use board_core::Rank;
    let e = |t: &str| Position::from_text(t).unwrap_err();
    assert_eq!(e(""), PositionError::Fields { found: 0 });
    assert_eq!(
        e("......../......../......../......../......../......../......../........"),
        PositionError::Fields { found: 1 }
    );
    assert_eq!(e(&format!("{EMPTY} 1")), PositionError::Fields { found: 3 });
    assert_eq!(
        e("......../......../........ w"),
        PositionError::RankCount { found: 3 }
    );
    assert_eq!(
        e("......../......../......../......../......../......../......../......... w"),
        PositionError::RankLength {
            rank: Rank::First,
            found: 9
        }
    );
    assert_eq!(
        e("......./......../......../......../......../......../......../........ w"),
        PositionError::RankLength {
            rank: Rank::Eighth,
            found: 7
        }
    );
    assert_eq!(
        e("......../......../......../......../...x..../......../......../........ w"),
        PositionError::Character {
            rank: Rank::Fourth,
            found: 'x'
        }
    );
    assert_eq!(
        e("......../......../......../......../...(w(b)..../......../......../........ w"),
        PositionError::Character {
            rank: Rank::Fourth,
            found: '('
        }
    );
    assert_eq!(
        e("......../......../......../......../...)..../......../......../........ w"),
        PositionError::Character {
            rank: Rank::Fourth,
            found: ')'
        }
    );
    assert_eq!(
        e("......../......../......../......../...(wb/......../......../........ w"),
        PositionError::Unclosed { rank: Rank::Fourth }
    );
    assert_eq!(
        e("......../......../......../......../...()..../......../......../........ w"),
        PositionError::EmptyStack { rank: Rank::Fourth }
    );
    assert_eq!(
        e("......../......../......../......../......../......../......../........ x"),
        PositionError::Side { found: "x".into() }
    );
    assert_eq!(
        e("......../......../......../......../......../......../......../........ white"),
        PositionError::Side {
            found: "white".into()
        }
    );
}

// KY-11 (a): a stack higher than its zone allows.
#[test]
fn ky11_a_stack_too_high() {
    let t = text(&[("D4", "w"), ("C4", "bw"), ("B4", "bw"), ("A4", "b")], 'b');
    assert_eq!(
        Position::from_text(&t).unwrap_err(),
        PositionError::CubeCount {
            white: 3,
            black: 3,
            to_move: Color::Black
        },
        "control: the shape is fine apart from the counts"
    );
    let t = text(&[("D4", "w"), ("C4", "b"), ("B4", "wbw"), ("A4", "b")], 'w');
    let err = Position::from_text(&t).unwrap_err();
    assert_eq!(
        err,
        PositionError::StackTooHigh {
            square: sq("B4"),
            zone: Zone::Walls,
            height: 3
        }
    );
    assert!(err
        .to_string()
        .starts_with("(a) the stack on B4 has 3 cubes but Zone 2 (Walls) allows 2"));
    let t = text(&[("D4", "w"), ("D3", "bwbw"), ("E4", "b")], 'w');
    assert_eq!(
        Position::from_text(&t).unwrap_err(),
        PositionError::StackTooHigh {
            square: sq("D3"),
            zone: Zone::Castle,
            height: 4
        }
    );
    let t = text(&[("A1", "wb")], 'w');
    assert!(matches!(
        Position::from_text(&t),
        Err(PositionError::StackTooHigh {
            height: 2,
            zone: Zone::Gates,
            ..
        })
    ));
    let t = text(&[("D4", "wbwbw")], 'b');
    assert_eq!(
        Position::from_text(&t).unwrap_err(),
        PositionError::StackTooHigh {
            square: sq("D4"),
            zone: Zone::Dungeon,
            height: 5
        }
    );
    let t = text(&[("D4", "wbwbwbwbwbwb")], 'w');
    assert!(matches!(
        Position::from_text(&t),
        Err(PositionError::StackTooHigh { height: 12, .. })
    ));
}

// KY-11 (b): the occupied squares form one connected group with a Dungeon square.
#[test]
fn ky11_b_disconnected() {
    // F6 touches E5 only diagonally
    let t = text(&[("E5", "w"), ("F6", "b")], 'w');
    assert_eq!(
        Position::from_text(&t).unwrap_err(),
        PositionError::Disconnected { square: sq("F6") }
    );
    // a connected group away from the Dungeon
    let t = text(&[("A1", "w"), ("A2", "b")], 'w');
    assert_eq!(
        Position::from_text(&t).unwrap_err(),
        PositionError::Disconnected { square: sq("A1") }
    );
    // a stack does not bridge a gap: the upper cube of D4 does not reach F4
    let t = text(&[("D4", "wb"), ("F4", "wb")], 'w');
    assert_eq!(
        Position::from_text(&t).unwrap_err(),
        PositionError::Disconnected { square: sq("F4") }
    );
}

// KY-11 (b): two separate groups, each holding a Dungeon square, are not one
// group. (The reader used to flood from every occupied Dungeon square, so it
// accepted White D4 and Black E5, which touch only diagonally.)
#[test]
fn ky11_b_two_groups_on_the_dungeon_rejected() {
    let disconnected = |stacks: &[(&str, &str)], side, square: &str| {
        let t = text(stacks, side);
        let err = Position::from_text(&t).unwrap_err();
        assert_eq!(
            err,
            PositionError::Disconnected { square: sq(square) },
            "{t}"
        );
        assert!(err.to_string().starts_with("(b) "), "{err}");
    };
    // the reported case: White D4, Black E5, touching only diagonally
    disconnected(&[("D4", "w"), ("E5", "b")], 'w', "E5");
    // the other diagonal: White E4, Black D5
    disconnected(&[("E4", "w"), ("D5", "b")], 'w', "D5");
    // stacks do not help: D4 and E5 both two high
    disconnected(&[("D4", "wb"), ("E5", "wb")], 'w', "E5");
    // bigger groups on the Dungeon, still apart: D4-C4-C5 and E5-F5-E6
    disconnected(
        &[
            ("D4", "w"),
            ("C4", "b"),
            ("C5", "w"),
            ("E5", "b"),
            ("F5", "w"),
            ("E6", "b"),
        ],
        'w',
        "E5",
    );
    // the first occupied Dungeon square seeds the flood: Black E4 with White
    // D5 apart from it (E4 comes first in square order)
    disconnected(
        &[("E4", "b"), ("F4", "w"), ("D5", "w"), ("C5", "b")],
        'w',
        "C5",
    );
    // controls: the same cubes joined through a third square are accepted
    assert!(Position::from_text(&text(&[("D4", "w"), ("E4", "b"), ("E5", "w")], 'b')).is_ok());
    assert!(Position::from_text(&text(&[("D4", "w"), ("D5", "b"), ("E5", "w")], 'b')).is_ok());
    // all four Dungeon squares in one group
    let t = text(&[("D4", "w"), ("E4", "b"), ("D5", "b"), ("E5", "w")], 'w');
    assert!(Position::from_text(&t).is_ok());
}

// KY-11 (c): cube counts.
#[test]
fn ky11_c_counts() {
    let t = text(&[("D4", "w")], 'w');
    assert_eq!(
        Position::from_text(&t).unwrap_err(),
        PositionError::CubeCount {
            white: 1,
            black: 0,
            to_move: Color::White
        }
    );
    let t = text(&[("D4", "wb")], 'b');
    assert_eq!(
        Position::from_text(&t).unwrap_err(),
        PositionError::CubeCount {
            white: 1,
            black: 1,
            to_move: Color::Black
        }
    );
    let t = text(&[("D4", "wbb")], 'w');
    assert_eq!(
        Position::from_text(&t).unwrap_err(),
        PositionError::CubeCount {
            white: 1,
            black: 2,
            to_move: Color::White
        }
    );
    assert_eq!(
        Position::from_text(&EMPTY.replace(" w", " b")).unwrap_err(),
        PositionError::CubeCount {
            white: 0,
            black: 0,
            to_move: Color::Black
        }
    );
}

// KY-11 (d): only the player who moved last may have a KYBO.
#[test]
fn ky11_d_kybo_out_of_turn() {
    let mut stacks = vec![
        ("D1", "w"),
        ("D2", "w"),
        ("D3", "w"),
        ("D4", "w"),
        ("D5", "w"),
        ("D6", "w"),
        ("D7", "w"),
        ("D8", "w"),
    ];
    stacks.extend([("E4", "bbbb"), ("E5", "bbbb")]);
    // White has 8, Black 8 with White to move: White has a KYBO but Black moved last.
    let t = text(&stacks, 'w');
    assert_eq!(
        Position::from_text(&t).unwrap_err(),
        PositionError::KyboOutOfTurn {
            player: Color::White
        }
    );
    // With one Black cube fewer, Black to move: White moved last and has won.
    stacks.pop();
    stacks.push(("E5", "bbb"));
    let pos = Position::from_text(&text(&stacks, 'b')).unwrap();
    assert_eq!(pos.winner(), Some(Color::White));
    assert_eq!(pos.winning_network().unwrap().len(), 8);
    assert_eq!(pos.legal_squares().count(), 0);
    // Black with a KYBO on rank 3 while White moved last (Black to move): rejected.
    let mut stacks: Vec<(&str, &str)> = ["A3", "B3", "C3", "D3", "E3", "F3", "G3", "H3"]
        .iter()
        .map(|s| (*s, "b"))
        .collect();
    stacks.extend([("D4", "w"), ("E4", "ww"), ("D5", "wwww"), ("E5", "ww")]);
    let t = text(&stacks, 'b');
    assert_eq!(
        Position::from_text(&t).unwrap_err(),
        PositionError::KyboOutOfTurn {
            player: Color::Black
        }
    );
}

// KY-11 (e): a non-empty board has a White cube at level 1 on the Dungeon.
#[test]
fn ky11_e_first_cube() {
    let t = text(&[("D4", "bw")], 'w');
    assert_eq!(
        Position::from_text(&t).unwrap_err(),
        PositionError::NoFirstCube
    );
    let t = text(&[("D4", "b"), ("D3", "w")], 'w');
    assert_eq!(
        Position::from_text(&t).unwrap_err(),
        PositionError::NoFirstCube
    );
    assert!(Position::from_text(&text(&[("E5", "w"), ("E4", "b")], 'w')).is_ok());
}

// KY-6, KY-11: a limited supply bounds the cubes of a position text.
#[test]
fn ky11_supply_exceeded() {
    let t = text(&[("D4", "wbwb"), ("E4", "wb")], 'w');
    assert!(Position::from_text(&t).is_ok());
    assert_eq!(
        Position::from_text_with_config(&t, Config::with_supply(2)).unwrap_err(),
        PositionError::SupplyExceeded {
            player: Color::White,
            placed: 3,
            supply: 2
        }
    );
    let pos = Position::from_text_with_config(&t, Config::with_supply(3)).unwrap();
    assert!(pos.is_draw(), "White has no cube left");
}

// KY-2, KY-11: the diagram shows every stack bottom to top, one place per
// cube its zone allows, with coordinates on all four sides.
#[test]
fn ky11_display_board() {
    let pos = replay("D4 D4 E4");
    let shown = pos.to_string();
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines[0], "   A    B    C    D    E    F    G    H");
    assert_eq!(lines[1], "8  .    .    .    .    .    .    .    .     8");
    assert_eq!(lines[2], "7  .    ..   ..   ..   ..   ..   ..   .     7");
    assert_eq!(lines[3], "6  .    ..   ...  ...  ...  ...  ..   .     6");
    assert_eq!(lines[5], "4  .    ..   ...  wb.. w... ...  ..   .     4");
    assert_eq!(lines[9], lines[0]);
    assert!(lines[10].contains("Dungeon 4"), "a zone legend");
    assert_eq!(lines[11], "Black to move");
    assert_eq!(lines.len(), 12);
    // Debug shows the position text (KY-11) rather than raw bitboards.
    let debug = format!("{pos:?}");
    assert!(debug.starts_with("Position { text: \""), "{debug}");
    assert!(debug.contains(&pos.to_text()), "{debug}");
    let won = position(
        &[
            ("D1", "w"),
            ("D2", "w"),
            ("D3", "w"),
            ("D4", "w"),
            ("D5", "w"),
            ("D6", "w"),
            ("D7", "w"),
            ("D8", "w"),
            ("E4", "bbbb"),
            ("E5", "bbb"),
        ],
        'b',
    );
    let shown = won.to_string();
    assert!(
        shown.contains("\n8  .    .    .    W    .    .    .    .     8\n"),
        "{shown}"
    );
    assert!(
        shown.contains("\n4  .    ..   ...  W... bbbb ...  ..   .     4\n"),
        "{shown}"
    );
    assert!(
        shown.contains("\nupper case: the cubes of the winning network\n"),
        "{shown}"
    );
    assert!(shown.ends_with("White wins (KYBO)\n"));
}

// KY-7, KY-8: upper case marks the winning network cube by cube, so a
// network running over (or under) other cubes can be followed.
#[test]
fn ky8_display_network_cube_by_cube() {
    let pos = Position::from_text(
        "......../......../...ww.../..wwww../b(bb)(wb)(wb)(wb)(wb)(bb)b/......../......../........ w",
    )
    .unwrap();
    let shown = pos.to_string();
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines[4], "5  .    ..   w..  w... w... w..  ..   .     5");
    assert_eq!(lines[5], "4  B    BB   wB.  wB.. wB.. wB.  BB   B     4");
    assert!(shown.ends_with("Black wins (KYBO)\n"), "{shown}");
}

#[cfg(feature = "serde")]
mod serde_tests {
    use super::*;
    use kybo::{Cube, Move, Record, StackLevel};

    #[test]
    fn ky11_serde_round_trip() {
        let pos = replay("D4 D4 E4 E5");
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(
            json,
            format!(
                r#"{{"config":{{"supply":"unlimited"}},"text":"{}"}}"#,
                pos.to_text()
            )
        );
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
        let limited = Position::new(Config::with_supply(12));
        let json = serde_json::to_string(&limited).unwrap();
        assert!(json.contains(r#"{"per_player":12}"#), "{json}");
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), limited);
        let mv = Move::new(sq("E5"));
        assert_eq!(serde_json::to_string(&mv).unwrap(), "\"E5\"");
        assert_eq!(serde_json::from_str::<Move>("\"e5\"").unwrap(), mv);
        let cube = Cube::new(sq("E5"), StackLevel::Third);
        assert_eq!(
            serde_json::from_str::<Cube>(&serde_json::to_string(&cube).unwrap()).unwrap(),
            cube
        );
        let record: Record = "D4 D4^2".parse().unwrap();
        let json = serde_json::to_string(&record).unwrap();
        assert_eq!(json, "\"D4 D4^2\"");
        assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);
        assert_eq!(serde_json::to_string(&Zone::Castle).unwrap(), "\"castle\"");
    }

    // KY-11: invalid serde input is an error, never an invalid position.
    #[test]
    fn ky11_serde_rejects_invalid() {
        let bad_count = format!(r#"{{"text":"{}"}}"#, text(&[("D4", "w")], 'w'));
        let err = serde_json::from_str::<Position>(&bad_count).unwrap_err();
        assert!(err.to_string().contains("(c)"), "{err}");
        let too_high = format!(r#"{{"text":"{}"}}"#, text(&[("A1", "wb")], 'w'));
        assert!(serde_json::from_str::<Position>(&too_high).is_err());
        assert!(serde_json::from_str::<Position>(r#"{"text":"junk"}"#).is_err());
        assert!(serde_json::from_str::<Position>(r#"{"text":5}"#).is_err());
        assert!(serde_json::from_str::<Position>(r#"{}"#).is_err());
        let extra = format!(r#"{{"text":"{EMPTY}","cubes":[1,2]}}"#);
        assert!(serde_json::from_str::<Position>(&extra).is_err());
        let over = format!(
            r#"{{"text":"{}","config":{{"supply":{{"per_player":1}}}}}}"#,
            text(&[("D4", "wbw"), ("E4", "b")], 'w')
        );
        let err = serde_json::from_str::<Position>(&over).unwrap_err();
        assert!(err.to_string().contains("supply"), "{err}");
        assert!(serde_json::from_str::<Position>(
            r#"{"text":"x","config":{"supply":{"per_player":300}}}"#
        )
        .is_err());
        assert!(serde_json::from_str::<Move>("\"E9\"").is_err());
        assert!(serde_json::from_str::<Move>("7").is_err());
        assert!(serde_json::from_str::<Cube>("\"E5\"").is_err());
        assert!(serde_json::from_str::<StackLevel>("\"5\"").is_err());
        assert!(serde_json::from_str::<Record>("\"D4 Q1\"").is_err());
        assert!(serde_json::from_str::<Zone>("\"moat\"").is_err());
    }

    // KY-6: a configuration is an object of its fields, each with a default.
    #[test]
    fn ky6_serde_config() {
        assert_eq!(
            serde_json::from_str::<Config>("{}").unwrap(),
            Config::default()
        );
        assert_eq!(
            serde_json::to_string(&Config::default()).unwrap(),
            r#"{"supply":"unlimited"}"#
        );
        let limited = Config::with_supply(20);
        let json = serde_json::to_string(&limited).unwrap();
        assert_eq!(json, r#"{"supply":{"per_player":20}}"#);
        assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), limited);
        let err = serde_json::from_str::<Config>(r#"{"supply":{"per_player":300}}"#).unwrap_err();
        assert!(err.to_string().contains("300"), "{err}");
        let err = serde_json::from_str::<Config>(r#"{"cubes":3}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field"), "{err}");
        assert!(serde_json::from_str::<Config>(r#"{"supply":"lots"}"#).is_err());
        // a position without its config has the default one
        let json = format!(r#"{{"text":"{EMPTY}"}}"#);
        assert_eq!(
            serde_json::from_str::<Position>(&json).unwrap(),
            Position::default()
        );
        let json = format!(r#"{{"config":{{}},"text":"{EMPTY}"}}"#);
        assert_eq!(
            serde_json::from_str::<Position>(&json).unwrap(),
            Position::default()
        );
    }

    // KY-12: records and matches travel as their record text; a match is
    // replayed on the way in.
    #[test]
    fn ky12_serde_record_and_match() {
        use kybo::Match;
        let mut game = Match::new(Position::new(Config::with_supply(3)));
        for s in ["D4", "D4", "E4"] {
            game.play(game.parse_move(s).unwrap()).unwrap();
        }
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(json, r#""[supply 3] D4 D4 E4""#);
        assert_eq!(serde_json::from_str::<Match>(&json).unwrap(), game);
        let record = game.record();
        assert_eq!(serde_json::to_string(&record).unwrap(), json);
        assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);
        // an illegal move is an error, for a match, not for a record
        let illegal = r#""D4 A1""#;
        let err = serde_json::from_str::<Match>(illegal).unwrap_err();
        assert!(err.to_string().contains("move 2"), "{err}");
        assert!(serde_json::from_str::<Record>(illegal).is_ok());
        assert!(serde_json::from_str::<Match>(r#""[supply 9"#).is_err());
        assert!(serde_json::from_str::<Match>("3").is_err());
        // a match from a position text keeps its start
        let start = position(&[("D4", "w"), ("E4", "b")], 'w');
        let mut game = Match::new(start);
        game.play(game.parse_move("D4").unwrap()).unwrap();
        let back: Match = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.start(), &start);
    }
}
