//! serde: every data type round-trips, and invalid input is an error, never
//! a position that breaks a rule.
#![cfg(feature = "serde")]

use board_core::{MoveList, Rng};
use echec_o_cube::{Config, GameSquare, Move, Player, Position, Record, Segment};
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

#[test]
fn invalid_positions_are_rejected() {
    let base = after(
        Config::default(),
        &["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6"],
    );
    let good = to_value(&base);
    assert_eq!(from_value(good.clone()).unwrap(), base);
    type Change = Box<dyn Fn(&mut Value)>;
    let cases: Vec<(&str, Change, &str)> = vec![
        (
            "two pieces",
            Box::new(|v| v["dark"].as_array_mut().unwrap().push(json!("D5-E5"))),
            "holds two pieces",
        ),
        (
            "dark-dark",
            Box::new(|v| {
                v["dark"].as_array_mut().unwrap().push(json!("E6-E7"));
                v["dark_left"] = json!([20, 17]);
            }),
            "two dark pieces end at E6",
        ),
        (
            "unchained",
            Box::new(|v| {
                v["pale"].as_array_mut().unwrap().push(json!("A1-B1"));
                v["pale_left"] = json!([47, 50]);
            }),
            "not chained",
        ),
        (
            "count",
            Box::new(|v| v["pale_left"] = json!([50, 50])),
            // 2 pales on the board, 50 each in hand, 2 × 50 given (EOC-4).
            "2 on the board and 100 left do not add up to 100",
        ),
        (
            "supply",
            Box::new(|v| v["pale_left"] = json!([51, 47])),
            "exceeds",
        ),
        (
            "reds off",
            Box::new(|v| {
                v["reds"] = json!(["A1"]);
                v["reds_left"] = json!(9);
            }),
            "reds",
        ),
        (
            "claim",
            Box::new(|v| v["claimable"] = json!(11)),
            "claimable",
        ),
        (
            "claim by closer",
            Box::new(|v| v["to_move"] = json!("Two")),
            "claimable",
        ),
        (
            "points",
            Box::new(|v| v["points"] = json!([1, 0])),
            "points scored exceed",
        ),
        (
            "closures",
            Box::new(|v| v["closed_by_two"] = json!(["A1-B2"])),
            "not closed",
        ),
        (
            "bad segment",
            Box::new(|v| v["pale"][0] = json!("D5-F5")),
            "neighbours",
        ),
        (
            "bad square",
            Box::new(|v| v["last_closed"] = json!(["D5-E7"])),
            "opposite corners",
        ),
        (
            "unknown field",
            Box::new(|v| v["extra"] = json!(1)),
            "unknown field",
        ),
        (
            "missing field",
            Box::new(|v| {
                v.as_object_mut().unwrap().remove("points");
            }),
            "missing field",
        ),
    ];
    for (name, change, expect) in cases {
        let mut v = good.clone();
        change(&mut v);
        let err = from_value(v).expect_err(name);
        assert!(err.contains(expect), "{name}: {err}");
    }
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
