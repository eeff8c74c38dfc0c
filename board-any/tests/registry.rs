//! Each game by name through the registry: configurations, refusals,
//! position and record texts, pictures.

use board_any::{AnyGame, Error, Input, PictureOptions, Registry, Seat, MAX_INPUT_BYTES};

fn start(name: &str) -> Box<dyn AnyGame> {
    board_any::start(name, "{}").unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn each_game_starts_by_name_with_its_title_and_plays() {
    let titles: Vec<_> = board_any::games()
        .iter()
        .map(|g| (g.name, g.title))
        .collect();
    assert_eq!(
        titles,
        [
            ("echec-o-cube", "ÉCHEC O CUBE"),
            ("kybo", "KYBO"),
            ("chess3d", "Chess 3D")
        ]
    );
    for info in board_any::games() {
        let mut game = start(info.name);
        assert_eq!((game.name(), game.title()), (info.name, info.title));
        assert_eq!(game.turn_seat(), Seat::First);
        assert_eq!(game.turn(), game.player(Seat::First));
        assert_ne!(game.player(Seat::First), game.player(Seat::Second));
        assert_eq!(game.turn_words(), game.player_words(Seat::First));
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "{}", info.name);
        assert_eq!(game.check(&moves[0]).as_ref(), Ok(&moves[0]));
        assert_eq!(game.play(&moves[0]).as_ref(), Ok(&moves[0]));
        assert_eq!(game.turn_seat(), Seat::Second, "{}", info.name);
        assert_eq!(game.moves(), [moves[0].clone()]);
        assert!(game.outcome().is_none() && game.claim_draw().is_none());
        assert!(!game.status().is_empty() && !game.status_words().is_empty());
        assert!(!game.board().is_empty());
        // The configuration comes back as JSON that starts the same game.
        let registry = Registry::standard();
        let again = registry.start_value(info.name, &game.config()).unwrap();
        assert_eq!(again.position_text(), start(info.name).position_text());
        let null = registry
            .start_value(info.name, &serde_json::Value::Null)
            .unwrap();
        assert_eq!(null.position_text(), again.position_text());
    }
}

#[test]
fn a_configuration_is_read_from_json() {
    let game = board_any::start("chess3d", r#"{"levels": 5}"#).unwrap();
    assert_eq!(game.config()["levels"], 5);
    let game = board_any::start("kybo", r#"{"supply": {"per_player": 12}}"#).unwrap();
    assert_eq!(game.config()["supply"]["per_player"], 12);
    assert_eq!(game.details(None)["players"][0]["left"], 12);
}

#[test]
fn a_bad_configuration_is_refused_with_what_is_wrong() {
    for (name, config) in [
        ("chess3d", r#"{"levels": 99}"#),
        ("kybo", "[1, 2]"),
        ("echec-o-cube", r#"{"no such field": 1}"#),
        ("kybo", "{"),
        ("chess3d", ""),
    ] {
        match board_any::start(name, config) {
            Err(Error::Config { game, reason }) => {
                assert_eq!(game, Registry::standard().info(name).unwrap().title);
                assert!(!reason.is_empty());
            }
            other => panic!("{name} {config:?}: {other:?}"),
        }
    }
    let err = board_any::start("chess3d", r#"{"levels": 99}"#).unwrap_err();
    assert!(
        err.to_string().starts_with("bad Chess 3D configuration: "),
        "{err}"
    );
    let registry = Registry::standard();
    assert!(matches!(
        registry.start_value("kybo", &serde_json::json!([1, 2])),
        Err(Error::Config { .. })
    ));
}

#[test]
fn an_unknown_game_names_the_games() {
    let err = board_any::start("go", "{}").unwrap_err();
    assert_eq!(
        err,
        Error::UnknownGame {
            name: "go".to_owned(),
            known: "echec-o-cube, kybo, chess3d".to_owned(),
        }
    );
    assert_eq!(board_core::Explain::explain(&err).id, "web-no-game");
    assert!(matches!(
        board_any::replay("go", ""),
        Err(Error::UnknownGame { .. })
    ));
}

#[test]
fn a_bad_move_is_refused_with_the_rule_and_its_id() {
    for (name, mv, id) in [
        ("kybo", "A1", "(KY-3)"),
        ("chess3d", "N2/E2-N2/E4", "(C3-13)"),
        ("echec-o-cube", "claim", "(EOC-"),
    ] {
        let mut game = start(name);
        let err = game.play(mv).unwrap_err();
        let said = err.said().unwrap_or_else(|| panic!("{name}: {err:?}"));
        assert!(said.english.contains(id), "{name}: {said}");
        assert_eq!(err.to_string(), said.english);
        assert!(!said.message.id.is_empty());
        assert_eq!(game.check(mv), Err(err));
        assert!(game.moves().is_empty(), "{name}: nothing changed");
    }
    let mut game = start("kybo");
    assert!(matches!(game.play("nonsense"), Err(Error::Move(_))));
    assert!(matches!(game.place_of("nonsense"), Err(Error::Move(_))));
}

#[test]
fn overlong_input_is_refused_unread() {
    let long = "x".repeat(MAX_INPUT_BYTES + 1);
    let mut game = start("kybo");
    let too_long = |what| Error::TooLong {
        what,
        bytes: MAX_INPUT_BYTES + 1,
        max: MAX_INPUT_BYTES,
    };
    assert_eq!(game.play(&long), Err(too_long(Input::Move)));
    assert_eq!(
        board_any::start("kybo", &long).unwrap_err(),
        too_long(Input::Configuration)
    );
    assert_eq!(
        board_any::replay("kybo", &long).unwrap_err(),
        too_long(Input::Record)
    );
    assert_eq!(game.start_at(&long).unwrap_err(), too_long(Input::Position));
    assert_eq!(
        PictureOptions::from_json(&long).unwrap_err(),
        too_long(Input::PictureOptions)
    );
}

#[test]
fn position_and_record_texts_round_trip() {
    for info in board_any::games() {
        let mut game = start(info.name);
        for _ in 0..6 {
            let moves = game.legal_moves();
            let Some(mv) = moves.last() else { break };
            game.play(mv).unwrap();
        }
        let text = game.position_text();
        let from_text = game.start_at(&text).unwrap();
        assert_eq!(from_text.position_text(), text, "{}", info.name);
        assert_eq!(from_text.legal_moves(), game.legal_moves());
        assert!(from_text.moves().is_empty());

        let record = game.record_text();
        let replayed = board_any::replay(info.name, &record).unwrap();
        assert_eq!(replayed.moves(), game.moves(), "{}", info.name);
        assert_eq!(replayed.position_text(), text);
        assert_eq!(replayed.record_text(), record);
    }
}

#[test]
fn bad_position_and_record_texts_say_why() {
    for info in board_any::games() {
        let game = start(info.name);
        let err = game.start_at("not a position").unwrap_err();
        assert!(matches!(err, Error::Position(_)), "{}: {err:?}", info.name);
        let err = board_any::replay(info.name, "1. not a move").unwrap_err();
        assert!(matches!(err, Error::Record(_)), "{}: {err:?}", info.name);
    }
    // A record whose first move breaks a rule says which.
    let mut game = start("kybo");
    game.play("D4").unwrap();
    let record = game.record_text().replace("D4", "A1");
    let err = board_any::replay("kybo", &record).unwrap_err();
    assert!(err.to_string().contains("KY-3"), "{err}");
}

#[test]
fn pictures_mark_places_and_refuse_unknown_ones() {
    let mut game = start("kybo");
    game.play("D4").unwrap();
    let plain = game.svg(&PictureOptions::default(), None).unwrap();
    assert!(plain.starts_with("<svg"), "{plain:.40}");
    let options = PictureOptions::from_json(r#"{"selected": "D5", "view": "top"}"#).unwrap();
    let top = game.svg(&options, None).unwrap();
    assert_ne!(top, plain);
    let bad = PictureOptions::from_json(r#"{"targets": ["Z9"]}"#).unwrap();
    assert_eq!(
        game.svg(&bad, None),
        Err(Error::Place {
            place: "Z9".to_owned()
        })
    );
    let bad = PictureOptions::from_json(r#"{"view": "sideways"}"#).unwrap();
    assert!(matches!(game.svg(&bad, None), Err(Error::View { .. })));
    let chess = start("chess3d");
    let bad = PictureOptions::from_json(r#"{"view": "top"}"#).unwrap();
    assert!(matches!(chess.svg(&bad, None), Err(Error::View { .. })));
    assert!(matches!(
        PictureOptions::from_json(r#"{"targets": 3}"#),
        Err(Error::PictureOptions { .. })
    ));
}

#[test]
fn places_and_targets_of_moves() {
    let game = start("chess3d");
    assert_eq!(game.place_of("N2/E7-N2/E5").unwrap(), "N2/E7");
    assert_eq!(game.target_of("N2/E7-N2/E5").unwrap(), "N2/E5");
    assert_eq!(game.moves_at("N2/E7"), ["N2/E7-N2/E6", "N2/E7-N2/E5"]);
    let kybo = start("kybo");
    assert_eq!(kybo.place_of("D4").unwrap(), "D4");
    assert_eq!(kybo.moves_at("D4"), ["D4"]);
    assert!(kybo.moves_at("A1").is_empty());
}

#[test]
fn details_name_the_players_and_the_game() {
    let mut game = start("kybo");
    game.play("D4").unwrap();
    let facts = game.details(None);
    assert_eq!(facts["game"], "kybo");
    assert_eq!(facts["turn"], "Black");
    assert_eq!(facts["over"], false);
    assert_eq!(facts["winner"], serde_json::Value::Null);
    assert_eq!(facts["players"][0]["placed"], 1);
    assert_eq!(facts["landing"]["D4"], 2);
}

#[test]
fn a_repetition_is_claimed_through_the_face() {
    let mut game = start("chess3d");
    assert!(game.claim_draw().is_none());
    for _ in 0..2 {
        for mv in ["N2/A8-N2/B6", "N2/A1-N2/B3", "N2/B6-N2/A8", "N2/B3-N2/A1"] {
            game.play(mv).unwrap();
        }
    }
    let claim = game.claim_draw().expect("a threefold repetition");
    assert!(claim.english.contains("repetition"), "{claim}");
    let end = game.outcome().expect("a draw");
    assert_eq!(end.winner, None);
    assert!(game
        .computer_move(1, board_core::Budget::nodes(10))
        .is_none());
    assert!(game.undo());
    assert!(game.outcome().is_none());
}

#[test]
fn a_registry_replaces_a_game_of_the_same_name() {
    let registry = Registry::new()
        .with::<kybo::Position>()
        .with::<kybo::Position>();
    assert_eq!(registry.games().len(), 1);
    assert!(matches!(
        registry.start("chess3d", "{}"),
        Err(Error::UnknownGame { .. })
    ));
}
