//! The position text (EOC-23): the example of the rules, exact round trips
//! at every ply of random games, one test per validation rule (a)–(f), the
//! reachability checks of issue #12, and bounded error messages.

use board_core::{MoveList, Rng};
use echec_o_cube::{Config, Move, ParseMoveError, Player, Points, Position, PositionError, Record};
use proptest::prelude::*;

fn after(config: Config, moves: &[&str]) -> Position {
    let mut pos = Position::new(config);
    for m in moves {
        pos.play(pos.parse_move(m).unwrap())
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    pos
}

/// `text` with field `i` (0-based) replaced.
fn with_field(text: &str, i: usize, value: &str) -> String {
    let mut fields: Vec<&str> = text.split(' ').collect();
    fields[i] = value;
    fields.join(" ")
}

/// `text` with row `r` (0-based, from the top) of the grooves replaced.
fn with_row(text: &str, r: usize, value: &str) -> String {
    let grooves = text.split(' ').next().unwrap();
    let mut rows: Vec<&str> = grooves.split('/').collect();
    rows[r] = value;
    with_field(text, 0, &rows.join("/"))
}

fn read(text: &str) -> Result<Position, PositionError> {
    Position::from_text(text)
}

/// Two closed D5-E6 (maximal, 12) unannounced: One to move may claim 12.
const CLAIM: [&str; 4] = ["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6"];
const CLAIM_TEXT: &str = "7/8/7/8/3p3/3ff3/3p3/8/7/8/7/8/7/8/7 - 1 48,20,50,18,10 0,0+12 D5-E6:20";

// EOC-23: the example of the rules, and the empty board.
#[test]
fn eoc23_example_of_the_rules() {
    let pos = after(Config::default(), &["P D5-E5"]);
    assert_eq!(
        pos.to_text(),
        "7/8/7/8/7/8/3p3/8/7/8/7/8/7/8/7 - 2 49,20,50,20,10 0,0 -"
    );
    assert_eq!(
        Position::default().to_text(),
        "7/8/7/8/7/8/7/8/7/8/7/8/7/8/7 - 1 50,20,50,20,10 0,0 -"
    );
    assert_eq!(read(&pos.to_text()), Ok(pos));
    assert_eq!(
        read(&Position::default().to_text()),
        Ok(Position::default())
    );
    assert_eq!(after(Config::default(), &CLAIM).to_text(), CLAIM_TEXT);
}

// EOC-23: parsers accept upper case and blank space around the line.
#[test]
fn eoc23_upper_case_and_blank_space() {
    let pos = after(Config::FAMILY, &["R A1", "R H8", "P D5-E5", "F E5-E6"]);
    let text = pos.to_text();
    assert_eq!(
        text,
        "7/8/7/8/7/4f3/3p3/8/7/8/7/8/7/8/7 A1,H8 1 49,20,50,19,8 0,0 -"
    );
    let loud = format!(" \t{}\n", text.to_uppercase().replace("A1,H8", "a1,h8"));
    assert_eq!(
        Position::from_text_with_config(&loud, Config::FAMILY),
        Ok(pos)
    );
}

// EOC-23: text that does not have the shape of the six fields.
#[test]
fn eoc23_syntax_errors() {
    let good = "7/8/7/8/7/8/3p3/8/7/8/7/8/7/8/7 - 2 49,20,50,20,10 0,0 -";
    assert!(read(good).is_ok());
    assert!(matches!(read(""), Err(PositionError::Fields { found: 0 })));
    assert!(matches!(
        read(&format!("{good} -")),
        Err(PositionError::Fields { found: 7 })
    ));
    let bad_fields: Vec<(String, &str)> = vec![
        (with_field(good, 0, "7/8/7"), "grooves"),
        (with_row(good, 6, "3p4"), "grooves"),
        (with_row(good, 6, "3p2"), "grooves"),
        (with_row(good, 6, "3x3"), "grooves"),
        (with_row(good, 6, "12p3"), "grooves"),
        (with_row(good, 6, "0p6"), "grooves"),
        (with_row(good, 7, "7"), "grooves"),
        (with_row(good, 0, "8"), "grooves"),
        (with_row(good, 6, "3p3p"), "grooves"),
        (with_field(good, 1, "I9"), "reds"),
        (with_field(good, 1, "A1,"), "reds"),
        (with_field(good, 2, "3"), "turn"),
        (with_field(good, 2, "one"), "turn"),
        (with_field(good, 3, "49,20,50,20"), "supplies"),
        (with_field(good, 3, "49,20,50,20,+10"), "supplies"),
        (with_field(good, 3, "49,20,50,20,256"), "supplies"),
        (with_field(good, 4, "0"), "points"),
        (with_field(good, 4, "0,0+"), "points"),
        (with_field(good, 4, "0,-1"), "points"),
        (with_field(good, 5, "D5-E6"), "closed squares"),
        (with_field(good, 5, "D5-E6:3"), "closed squares"),
        (with_field(good, 5, "D5-E6:13"), "closed squares"),
        (with_field(good, 5, "D5-F6:11"), "closed squares"),
    ];
    for (text, field) in bad_fields {
        match read(&text) {
            Err(PositionError::Syntax { field: f, .. }) => assert_eq!(f, field, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

// EOC-23 (a), EOC-8: two darks may not end at one crossing.
#[test]
fn eoc23a_eoc8_darks_never_touch() {
    let text = with_row(CLAIM_TEXT, 6, "3ff2");
    assert_eq!(
        read(&text),
        Err(PositionError::DarksTouch(board_core::Square::E5))
    );
}

// EOC-23 (b), EOC-9: every piece touches one of the other kind, all in one chain.
#[test]
fn eoc23b_eoc9_pieces_touch_the_other_kind() {
    let two = "7/8/7/8/7/8/3p3/4f3/7/8/7/8/7/8/7 - 1 49,20,50,19,10 0,0 -";
    assert!(read(two).is_ok());
    // A pale A1-B1 touching no dark.
    let lone = with_field(&with_row(two, 14, "p6"), 3, "48,20,50,19,10");
    assert_eq!(
        read(&lone),
        Err(PositionError::Untouched("A1-B1".parse().unwrap()))
    );
    // Two pairs that each touch, but not each other: no order of placement
    // keeps every piece touching an earlier one.
    let pairs = with_field(
        &with_row(&with_row(two, 14, "p6"), 13, "1f6"),
        3,
        "48,20,50,18,10",
    );
    assert!(matches!(read(&pairs), Err(PositionError::Unchained(_))));
    // A single piece touches nothing, and needs not.
    assert!(read("7/8/7/8/7/8/3f3/8/7/8/7/8/7/8/7 - 2 50,19,50,20,10 0,0 -").is_ok());
}

// EOC-23 (c), EOC-4, EOC-10: supplies within the configuration, the pieces
// on the board exactly those taken.
#[test]
fn eoc23c_eoc4_supplies_and_pieces_taken() {
    let two = "7/8/7/8/7/8/3p3/4f3/7/8/7/8/7/8/7 - 1 49,20,50,19,10 0,0 -";
    assert!(matches!(
        read(&with_field(two, 3, "51,20,50,18,10")),
        Err(PositionError::SupplyTooLarge {
            player: Player::One,
            left: 51,
            given: 50,
            ..
        })
    ));
    assert!(matches!(
        read(&with_field(two, 3, "50,20,50,19,10")),
        Err(PositionError::PieceCount {
            on_board: 1,
            taken: 0,
            ..
        })
    ));
    let family = |t: &str| Position::from_text_with_config(t, Config::FAMILY);
    assert!(family(&with_field(&with_field(two, 1, "A1"), 3, "49,20,50,19,9")).is_ok());
    assert!(matches!(
        family(&with_field(two, 1, "A1")),
        Err(PositionError::RedCount {
            on_board: 1,
            left: 10,
            given: 10
        })
    ));
    assert!(matches!(
        family(&with_field(two, 3, "49,20,50,19,11")),
        Err(PositionError::RedCount { .. })
    ));
}

// EOC-23 (d), EOC-10: reds only in red mode, on distinct crossings.
#[test]
fn eoc23d_eoc10_reds() {
    let two = "7/8/7/8/7/8/3p3/4f3/7/8/7/8/7/8/7 A1 1 49,20,50,19,9 0,0 -";
    assert_eq!(
        read(two),
        Err(PositionError::RedModeOff(board_core::Square::A1))
    );
    let dup = with_field(&with_field(two, 1, "A1,A1"), 3, "49,20,50,19,8");
    assert_eq!(
        Position::from_text_with_config(&dup, Config::FAMILY),
        Err(PositionError::DuplicateRed(board_core::Square::A1))
    );
}

// EOC-23 (e), EOC-12, EOC-13, EOC-14: exactly the closed squares, dead
// squares unscored, points the worth of the squares scored.
#[test]
fn eoc23e_closed_squares_and_points() {
    let announced = ["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6!"];
    let text = after(Config::default(), &announced).to_text();
    assert_eq!(
        text,
        "7/8/7/8/3p3/3ff3/3p3/8/7/8/7/8/7/8/7 - 2 48,20,50,18,10 0,12 D5-E6:22"
    );
    assert!(read(&text).is_ok());
    let sq = |s: &str| s.parse().unwrap();
    assert_eq!(
        read(&with_field(&text, 5, "D5-E6:22,A1-B2:10")),
        Err(PositionError::NotClosed(sq("A1-B2")))
    );
    assert_eq!(
        read(&with_field(&text, 5, "-")),
        Err(PositionError::Unlisted(sq("D5-E6")))
    );
    assert_eq!(
        read(&with_field(&text, 5, "D5-E6:22,D5-E6:22")),
        Err(PositionError::DuplicateSquare(sq("D5-E6")))
    );
    assert_eq!(
        read(&with_field(&text, 4, "0,11")),
        Err(PositionError::Points {
            player: Player::Two,
            stated: 11,
            scored: 12
        })
    );
    // EOC-13: a red on the outline kills the square; it has no scorer.
    let dead = after(
        Config::FAMILY,
        &["R D5", "P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6"],
    );
    let text = dead.to_text();
    assert!(text.ends_with(" 0,0 D5-E6:20"), "{text}");
    let family = |t: &str| Position::from_text_with_config(t, Config::FAMILY);
    assert_eq!(family(&text), Ok(dead));
    assert_eq!(
        family(&with_field(&text, 5, "D5-E6:22")),
        Err(PositionError::DeadScored(sq("D5-E6")))
    );
}

// EOC-23 (f), EOC-17, EOC-18: claimable points come from the other player's
// last placement, and lapse in a finished game.
#[test]
fn eoc23f_eoc17_claimable_points() {
    let pos = read(CLAIM_TEXT).unwrap();
    assert_eq!(pos, after(Config::default(), &CLAIM));
    assert_eq!(pos.claimable(), Some(12));
    assert_eq!(
        read(&with_field(CLAIM_TEXT, 4, "0,0+11")),
        Err(PositionError::Claim { claimable: 11 })
    );
    // Points claimable by the player who closed the square.
    assert!(matches!(
        read(&with_field(CLAIM_TEXT, 2, "2")),
        Err(PositionError::Claim { .. })
    ));
    // A square already scored cannot be claimed.
    let scored = with_field(&with_field(CLAIM_TEXT, 5, "D5-E6:22"), 4, "0,12+12");
    assert!(matches!(read(&scored), Err(PositionError::Claim { .. })));
    // EOC-18: One has no legal placement (no pale left, every pale end holds
    // a dark end): the game is over and the claim lapsed.
    let config = Config {
        pale: 2,
        dark: 2,
        ..Config::default()
    };
    let end = after(config, &CLAIM);
    assert!(end.is_over());
    assert_eq!(end.claimable(), None);
    let text = end.to_text();
    assert!(text.contains(" 0,0 D5-E6:20"), "{text}");
    assert_eq!(Position::from_text_with_config(&text, config), Ok(end));
    let with_claim = text.replace(" 0,0 ", " 0,0+12 ");
    assert_eq!(
        Position::from_text_with_config(&with_claim, config),
        Err(PositionError::ClaimInFinishedGame { claimable: 12 })
    );
}

// EOC-17: the claimer scores the square the other player closed; the square
// read from text is credited the same way; a lapsed claim credits nobody.
#[test]
fn eoc17_claim_records_the_scorer() {
    let mut played = after(Config::default(), &CLAIM);
    let mut read_back = read(CLAIM_TEXT).unwrap();
    assert_eq!(
        read_back
            .last_closed()
            .map(|c| c.square.to_string())
            .collect::<Vec<_>>(),
        ["D5-E6"]
    );
    for pos in [&mut played, &mut read_back] {
        let c = pos.closed_squares().next().unwrap();
        assert_eq!((c.closed_by, c.scored_by), (Player::Two, None));
        pos.play(Move::Claim).unwrap();
        let c = pos.closed_squares().next().unwrap();
        assert_eq!((c.closed_by, c.scored_by), (Player::Two, Some(Player::One)));
        assert_eq!(
            pos.last_closed().next().unwrap().scored_by,
            Some(Player::One)
        );
        assert!(pos.to_text().ends_with(" 12,0 D5-E6:21"));
    }
    assert_eq!(played, read_back);
    let mut lapsed = after(Config::default(), &CLAIM);
    lapsed.play(lapsed.parse_move("P C5-D5").unwrap()).unwrap();
    assert_eq!(lapsed.closed_squares().next().unwrap().scored_by, None);
    assert!(lapsed.to_text().ends_with(" 0,0 D5-E6:20"));
    // EOC-16: announced, the closer scores.
    let mut announced = after(Config::default(), &CLAIM[..3]);
    announced
        .play(announced.parse_move("F D5-D6!").unwrap())
        .unwrap();
    let c = announced.last_closed().next().unwrap();
    assert_eq!((c.closed_by, c.scored_by), (Player::Two, Some(Player::Two)));
}

// Issue #12, EOC-5, EOC-16: the pieces each player placed must fit the turns.
#[test]
fn eoc16_placements_fit_turns_and_bonus_turns() {
    // One placed all three pieces and nothing closed: impossible.
    let three = after(Config::default(), &CLAIM[..3]).to_text();
    assert_eq!(
        three,
        "7/8/7/8/3p3/4f3/3p3/8/7/8/7/8/7/8/7 - 2 48,20,50,19,10 0,0 -"
    );
    assert!(read(&three).is_ok());
    for turn in ["1", "2"] {
        let one_only = with_field(&with_field(&three, 3, "48,19,50,20,10"), 2, turn);
        assert!(
            matches!(
                read(&one_only),
                Err(PositionError::Placements { one: 3, two: 0, .. })
            ),
            "{one_only}"
        );
    }
    // After One's first piece it is Two's turn, not One's.
    let first = "7/8/7/8/7/8/3p3/8/7/8/7/8/7/8/7 - 1 49,20,50,20,10 0,0 -";
    assert!(matches!(read(first), Err(PositionError::Placements { .. })));
    // With Two first, the same text says Two placed and One is to move.
    let two_first = Config::default().with_first(Player::Two);
    assert!(Position::from_text_with_config(first, two_first).is_err());
    let two_placed = "7/8/7/8/7/8/3p3/8/7/8/7/8/7/8/7 - 1 50,20,49,20,10 0,0 -";
    assert!(Position::from_text_with_config(two_placed, two_first).is_ok());
    assert!(read(two_placed).is_err());
    // An announced closing is a bonus turn: Two placed two in a row.
    let bonus = after(
        Config::default(),
        &["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6!", "P C5-D5"],
    );
    assert_eq!(bonus.turn(), Player::One);
    assert_eq!(read(&bonus.to_text()), Ok(bonus));
    // 1 piece for One against 11 for Two with 2 closures: impossible.
    let (pos, pale) = twelve_pieces_two_closures();
    let text = pos.to_text();
    assert_eq!(read(&text), Ok(pos));
    let dark = 12 - pale;
    let skewed = with_field(
        &text,
        3,
        &format!("49,20,{},{},10", 50 - (pale - 1), 20 - dark),
    );
    assert!(
        matches!(
            read(&skewed),
            Err(PositionError::Placements {
                one: 1,
                two: 11,
                ..
            })
        ),
        "{skewed}: {:?}",
        read(&skewed)
    );
}

/// A position of a random game with 12 pieces, 2 closed squares and no claim
/// pending, and its number of pales.
fn twelve_pieces_two_closures() -> (Position, u32) {
    let mut moves = MoveList::new();
    for seed in 0.. {
        let mut pos = Position::default();
        let mut rng = Rng::new(seed);
        while pos.piece_count() < 12 {
            pos.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]).unwrap();
        }
        if pos.piece_count() == 12 && pos.closed_squares().count() == 2 && pos.claimable().is_none()
        {
            let pale = pos
                .pieces()
                .filter(|p| p.1 == echec_o_cube::Kind::Pale)
                .count() as u32;
            if pale >= 1 {
                return (pos, pale);
            }
        }
    }
    unreachable!()
}

/// The configurations worth covering: red mode, auto-announce, Two first,
/// small supplies (games that end early), a points table with zeros.
fn configs() -> Vec<Config> {
    vec![
        Config::default(),
        Config::FAMILY,
        Config {
            auto_announce: true,
            ..Config::default()
        },
        Config::default().with_first(Player::Two),
        Config {
            auto_announce: true,
            first: Player::Two,
            ..Config::FAMILY
        },
        Config {
            pale: 7,
            dark: 3,
            reds: 2,
            red_mode: true,
            ..Config::default()
        },
        Config {
            points: Points {
                standard: 0,
                enriched: 1,
                maximal: 0,
                big: 3,
            },
            red_mode: true,
            ..Config::default()
        },
    ]
}

/// A random legal move, claiming and announcing more often than uniform
/// choice would, so that claims, bonus turns and lapses all happen.
fn pick(moves: &MoveList<Move>, rng: &mut Rng) -> Move {
    if moves.contains(&Move::Claim) && rng.below(2) == 0 {
        return Move::Claim;
    }
    let announced: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| {
            matches!(
                m,
                Move::Place {
                    announced: true,
                    ..
                }
            )
        })
        .collect();
    if !announced.is_empty() && rng.below(3) == 0 {
        return announced[rng.below(announced.len())];
    }
    moves[rng.below(moves.len())]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    // EOC-23: every reachable position reads back exactly from its text, in
    // every configuration, and plays on alike.
    #[test]
    fn eoc23_round_trip_at_every_ply(seed in any::<u64>(), which in 0usize..7) {
        let config = configs()[which];
        let mut pos = Position::new(config);
        let mut rng = Rng::new(seed);
        let mut moves = MoveList::new();
        loop {
            let text = pos.to_text();
            let back = Position::from_text_with_config(&text, config);
            prop_assert_eq!(back.as_ref(), Ok(&pos), "{}", text);
            let back = back.unwrap();
            prop_assert_eq!(back.to_text(), text.clone());
            prop_assert_eq!(back.legal_moves(), pos.legal_moves());
            pos.generate_moves(&mut moves);
            if moves.is_empty() {
                prop_assert!(pos.outcome().is_some());
                break;
            }
            let mv = pick(&moves, &mut rng);
            let mut next = back;
            next.play(mv).unwrap();
            pos.play(mv).unwrap();
            // Played on from the text, the game goes on alike: the same
            // points, turn and moves; the same position but, after a claim
            // where several groups of squares fit, which square was credited.
            prop_assert_eq!(next.points(Player::One), pos.points(Player::One));
            prop_assert_eq!(next.points(Player::Two), pos.points(Player::Two));
            prop_assert_eq!(next.turn(), pos.turn());
            if mv != Move::Claim {
                prop_assert_eq!(next, pos);
            }
        }
    }

    // Any text: an error or a position whose text reads back to it.
    #[test]
    fn any_text_is_an_error_or_round_trips(text in any::<String>()) {
        if let Ok(pos) = Position::from_text(&text) {
            prop_assert_eq!(Position::from_text(&pos.to_text()), Ok(pos));
        }
    }

    // Near-miss texts, more likely to pass the syntax checks.
    #[test]
    fn near_miss_text_is_an_error_or_round_trips(
        rows in "[pf1-8]{1,4}(/[pf1-8]{1,4}){14}",
        turn in "[12]",
        p in 45u8..=50, f in 15u8..=20,
    ) {
        let text = format!("{rows} - {turn} {p},{f},{p},{f},10 0,0 -");
        if let Ok(pos) = Position::from_text(&text) {
            prop_assert_eq!(Position::from_text(&pos.to_text()), Ok(pos));
        }
    }
}

// Issue #12: every parser quotes at most a short prefix of a 10 MB input.
#[test]
fn huge_bad_input_gives_short_messages() {
    let huge = "x".repeat(10 << 20);
    let short = |what: &str, message: String| {
        assert!(
            message.len() <= 200,
            "{what}: {} bytes: {message}",
            message.len()
        );
    };
    short(
        "move",
        format!("P {huge}").parse::<Move>().unwrap_err().to_string(),
    );
    short("move", huge.parse::<Move>().unwrap_err().to_string());
    short(
        "move",
        format!("P D5-{huge}")
            .parse::<Move>()
            .unwrap_err()
            .to_string(),
    );
    short(
        "parse_move",
        Position::default()
            .parse_move(&huge)
            .unwrap_err()
            .to_string(),
    );
    short(
        "position",
        Position::from_text(&format!("{huge} - 1 50,20,50,20,10 0,0 -"))
            .unwrap_err()
            .to_string(),
    );
    short(
        "position",
        Position::from_text(&format!(
            "7/8/7/8/7/8/7/8/7/8/7/8/7/8/7 - 1 50,20,50,20,10 0,0 A1-B2:1{huge}"
        ))
        .unwrap_err()
        .to_string(),
    );
    short(
        "position",
        Position::from_text(&format!(
            "7/8/7/8/7/8/7/8/7/8/7/8/7/8/7 - 1 50,20,50,20,{huge} 0,0 -"
        ))
        .unwrap_err()
        .to_string(),
    );
    short(
        "record",
        format!("config standard\nfirst One\nP D5-E5\n{huge}\n")
            .parse::<Record>()
            .unwrap_err()
            .to_string(),
    );
    short(
        "record header",
        format!("config standard\nfirst {huge}\n")
            .parse::<Record>()
            .unwrap_err()
            .to_string(),
    );
    short(
        "record start",
        format!("config standard\nfirst One\nstart {huge} - 1 50,20,50,20,10 0,0 -\n")
            .parse::<Record>()
            .unwrap_err()
            .to_string(),
    );
    short(
        "record misplaced header",
        format!("config standard\nfirst One\nconfig {huge}\n")
            .parse::<Record>()
            .unwrap_err()
            .to_string(),
    );
    short(
        "config",
        format!("pale={huge}")
            .parse::<Config>()
            .unwrap_err()
            .to_string(),
    );
    short("config", huge.parse::<Config>().unwrap_err().to_string());
    short("player", huge.parse::<Player>().unwrap_err().to_string());
    let e: ParseMoveError = huge.parse::<echec_o_cube::Segment>().unwrap_err();
    short("segment", e.to_string());
}
