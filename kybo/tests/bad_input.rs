//! Bad input never panics: any string to any parser, any move to `play`, any
//! serde input gives a typed error or a correct result.

use board_core::{MoveList, Rng, Square};
use kybo::{Config, Cube, Level, Move, Position, Record};
use proptest::prelude::*;

fn random_position(seed: u64, plies: usize) -> Position {
    let mut pos = Position::default();
    board_core::random_playout(&mut pos, &mut Rng::new(seed), plies);
    pos
}

/// A parsed position obeys the rules: its text round-trips, its legal moves
/// are exactly the squares `play` accepts.
fn check_valid(pos: &Position) -> Result<(), TestCaseError> {
    prop_assert_eq!(Position::from_text(&pos.to_text()), Ok(*pos));
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    for square in Square::ALL {
        let mut copy = *pos;
        let ok = copy.play(Move::new(square)).is_ok();
        prop_assert_eq!(ok, moves.contains(&Move::new(square)));
        if !ok {
            prop_assert_eq!(copy, *pos);
        }
    }
    prop_assert_eq!(moves.is_empty(), pos.outcome().is_some());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    // KY-10, KY-12: any text to the move, cube, level and record parsers.
    #[test]
    fn ky10_any_move_text(s in ".{0,12}", t in "[a-jA-J0-9 ^\\-+]{0,8}") {
        for text in [&s, &t] {
            let _ = text.parse::<Move>();
            let _ = text.parse::<Cube>();
            let _ = text.parse::<Level>();
            if let Ok(record) = text.parse::<Record>() {
                prop_assert_eq!(record.to_string().parse::<Record>(), Ok(record.clone()));
                if let Ok(game) = record.replay() {
                    check_valid(game.position())?;
                }
            }
            let pos = random_position(text.len() as u64, 9);
            if let Ok(mv) = pos.parse_move(text) {
                prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            }
        }
    }

    // KY-11: any text to the position parser; what it accepts obeys the rules.
    #[test]
    fn ky11_any_position_text(s in ".{0,90}", t in "([.wbWB()/]{8}/){7}[.wbWB()]{8,10} [wbx]") {
        for text in [&s, &t] {
            if let Ok(pos) = Position::from_text(text) {
                check_valid(&pos)?;
            }
            let _ = Position::from_text_with_config(text, Config::with_supply(3));
        }
    }

    // KY-11: mutated texts of real positions: accepted ones obey the rules.
    #[test]
    fn ky11_mutated_position_text(seed: u64, plies in 0usize..80, at in 0usize..200, c in "[.wb()/ ]") {
        let text = random_position(seed, plies).to_text();
        let at = at % (text.len() + 1);
        let mut mutated = text.clone();
        mutated.insert_str(at, &c);
        let mut replaced = text.clone();
        if at < text.len() {
            replaced.replace_range(at..at + 1, &c);
        }
        for t in [mutated, replaced] {
            if let Ok(pos) = Position::from_text(&t) {
                check_valid(&pos)?;
            }
        }
    }

    // Any move to `play` on random positions: refused moves change nothing.
    #[test]
    fn any_move_to_play(seed: u64, plies in 0usize..130) {
        check_valid(&random_position(seed, plies))?;
    }
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    // Any serde input: an error or a valid position.
    #[test]
    fn any_serde_input(s in ".{0,100}", text in "([.wb()]{8}/){7}[.wb()]{8} [wb]", n in 0u16..300) {
        let _ = serde_json::from_str::<Position>(&s);
        let _ = serde_json::from_str::<Move>(&s);
        let _ = serde_json::from_str::<Record>(&s);
        let json = format!(r#"{{"text":"{text}","config":{{"supply":{{"per_player":{n}}}}}}}"#);
        if let Ok(pos) = serde_json::from_str::<Position>(&json) {
            check_valid(&pos)?;
            let back = serde_json::to_string(&pos).unwrap();
            prop_assert_eq!(serde_json::from_str::<Position>(&back).unwrap(), pos);
        }
    }
}
