//! serde: every data type round-trips, and invalid input is an error, never
//! a position that breaks a rule.
#![cfg(feature = "serde")]

use board_core::{MoveList, Rng};
use echec_o_cube::{Config, GameSquare, Match, Move, Player, Position, Record, Segment};
use proptest::prelude::*;
use serde_json::{json, Value};

fn to_value(pos: &Position) -> Value {
    serde_json::to_value(pos).unwrap()
}

fn from_value(v: Value) -> Result<Position, String> {
    serde_json::from_value::<Position>(v).map_err(|e| e.to_string())
}

/// A position after `moves`.
fn after(config: Config, moves: &[&str]) -> Position {
    let mut pos = Position::new(config);
    for m in moves {
        pos.play(m.parse().unwrap()).unwrap();
    }
    pos
}

#[test]
fn notational_types_travel_as_text() {
    let mv: Move = "F D5-D6!".parse().unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"F D5-D6!\"");
    assert_eq!(serde_json::from_str::<Move>("\"f d6-d5!\"").unwrap(), mv);
    assert!(serde_json::from_str::<Move>("\"F D5-F5\"").is_err());
    assert!(serde_json::from_str::<Segment>("\"D5-E6\"").is_err());
    assert!(serde_json::from_str::<GameSquare>("\"D5-F6\"").is_err());
    assert!(serde_json::from_str::<Move>("3").is_err());
    assert_eq!(serde_json::to_string(&Player::Two).unwrap(), "\"Two\"");
    let config: Config =
        serde_json::from_str(&serde_json::to_string(&Config::FAMILY).unwrap()).unwrap();
    assert_eq!(config, Config::FAMILY);
    assert!(serde_json::from_str::<Config>("{\"pale\": 300}").is_err());
    let record: Record = "config family\nfirst Two\nR A1\nP D5-E5\n".parse().unwrap();
    assert_eq!(
        serde_json::to_string(&record).unwrap(),
        "\"config family\\nfirst Two\\nR A1\\nP D5-E5\\n\""
    );
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);
    assert!(serde_json::from_str::<Record>("\"first One\"").is_err());
}

// Positions round-trip at every ply of random games (claims, reds, closures).
#[test]
fn positions_round_trip() {
    let mut moves = MoveList::new();
    for seed in 0..6 {
        let config = if seed % 2 == 0 {
            Config::FAMILY
        } else {
            Config::default()
        };
        let mut pos = Position::new(config.with_first(Player::ALL[seed as usize % 2]));
        let mut rng = Rng::new(seed);
        loop {
            let json = serde_json::to_string(&pos).unwrap();
            let back: Position =
                serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
            assert_eq!(back, pos);
            pos.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]).unwrap();
        }
    }
}

// The serde shape of a position: its configuration and its text (EOC-23).
#[test]
fn position_is_config_and_text() {
    let pos = after(Config::default(), &["P D5-E5"]);
    let v = to_value(&pos);
    assert_eq!(
        v["text"],
        json!("7/8/7/8/7/8/3p3/8/7/8/7/8/7/8/7 - 2 49,20,50,20,10 0,0 -")
    );
    assert_eq!(
        v["config"],
        serde_json::to_value(Config::default()).unwrap()
    );
    assert_eq!(v.as_object().unwrap().len(), 2);
    // The configuration may be left out: the default one.
    let text_only = json!({"text": v["text"]});
    assert_eq!(from_value(text_only).unwrap(), pos);
    // {} is the default configuration; every field has a default.
    assert_eq!(
        serde_json::from_str::<Config>("{}").unwrap(),
        Config::default()
    );
    let two: Config = serde_json::from_str(r#"{"first": "Two", "red_mode": true}"#).unwrap();
    assert_eq!(two, Config::FAMILY.with_first(Player::Two));
    for bad in [
        r#"{"pale": 300}"#,
        r#"{"first": "Three"}"#,
        r#"{"colour": 1}"#,
        r#"{"points": {"big": -1}}"#,
    ] {
        assert!(serde_json::from_str::<Config>(bad).is_err(), "{bad}");
    }
    // A match travels as its record text, read back by replaying it.
    let mut game = Match::new(Position::new(Config::FAMILY));
    for m in ["R A1", "P D5-E5", "F E5-E6"] {
        game.play(game.parse_move(m).unwrap()).unwrap();
    }
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(
        json,
        serde_json::to_string(&game.record().to_string()).unwrap()
    );
    assert_eq!(serde_json::from_str::<Match>(&json).unwrap(), game);
    // A record or match whose moves do not replay is rejected.
    let illegal = json!("config standard\nfirst One\nP D5-E5\nP A1-B1\n");
    assert!(serde_json::from_value::<Record>(illegal.clone()).is_err());
    assert!(serde_json::from_value::<Match>(illegal).is_err());
}

#[test]
fn invalid_positions_are_rejected() {
    let base = after(
        Config::default(),
        &["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6"],
    );
    let good = to_value(&base);
    assert_eq!(from_value(good.clone()).unwrap(), base);
    let text = base.to_text();
    assert_eq!(
        text,
        "7/8/7/8/3p3/3ff3/3p3/8/7/8/7/8/7/8/7 - 1 48,20,50,18,10 0,0+12 D5-E6:20"
    );
    let cases: Vec<(&str, Value, &str)> = vec![
        // Checked exactly as the text reader checks it: a red outside red mode.
        (
            "reds off",
            json!({"config": Config::default(), "text": text.replace(" - 1 ", " A1 1 ").replace(",10 ", ",9 ")}),
            "red mode is off",
        ),
        // The same text is valid in red mode with the pool given.
        (
            "config and text disagree",
            json!({"config": Config { reds: 4, ..Config::FAMILY }, "text": text}),
            "reds",
        ),
        (
            "claim",
            json!({"text": text.replace("+12", "+11")}),
            "claimable",
        ),
        ("text missing", json!({"config": {}}), "missing field"),
        (
            "unknown field",
            json!({"text": text, "extra": 1}),
            "unknown field",
        ),
        ("text not a string", json!({"text": 3}), "invalid type"),
    ];
    for (name, v, expect) in cases {
        let err = from_value(v).expect_err(name);
        assert!(err.contains(expect), "{name}: {err}");
    }
    let ok = json!({"config": Config { reds: 4, ..Config::FAMILY }, "text": text.replace(",10 ", ",4 ")});
    assert!(from_value(ok).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    // Any JSON text: an error or a position that round-trips.
    #[test]
    fn any_json_is_an_error_or_a_valid_position(text in any::<String>(), n in 0usize..40) {
        let base = after(Config::FAMILY, &["R A1", "P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6"]);
        let mut json = serde_json::to_string(&base).unwrap();
        // Splice random text into a valid position's JSON.
        let at = (n * 7).min(json.len());
        if json.is_char_boundary(at) {
            json.insert_str(at, &text);
        }
        if let Ok(pos) = serde_json::from_str::<Position>(&json) {
            let again: Position = serde_json::from_str(&serde_json::to_string(&pos).unwrap()).unwrap();
            prop_assert_eq!(again, pos);
        }
        let _ = serde_json::from_str::<Position>(&text);
        let _ = serde_json::from_str::<Record>(&text);
    }
}
