//! Bad input never panics: any string to any parser, any move to `play`, any
//! serde input gives a typed error or a correct result.

use board_core::{MoveList, Rng, Square};
use kybo::{Config, Cube, Move, Position, Record, StackLevel};
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
    // KY-11 (b), checked plainly: a breadth-first search from one occupied
    // square reaches every occupied square, and one of them is on the Dungeon.
    let occupied: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|&s| pos.height(s) > 0)
        .collect();
    if let Some(&first) = occupied.first() {
        let mut reached = vec![first];
        let mut i = 0;
        while i < reached.len() {
            let s = reached[i];
            for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                if let Some(n) = s.offset(df, dr) {
                    if pos.height(n) > 0 && !reached.contains(&n) {
                        reached.push(n);
                    }
                }
            }
            i += 1;
        }
        prop_assert_eq!(
            reached.len(),
            occupied.len(),
            "one group: {}",
            pos.to_text()
        );
        prop_assert!(occupied
            .iter()
            .any(|&s| kybo::Zone::of(s) == kybo::Zone::Dungeon));
    }
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
            let _ = text.parse::<StackLevel>();
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

    // KY-11 (b): random stacks on the 16 centre squares (C3-F6), random
    // colours and side: what the reader accepts is one connected group.
    #[test]
    fn ky11_b_centre_shapes(heights in proptest::collection::vec(0usize..4, 16), colours: u64, black: bool) {
        let mut bit = 0;
        let mut ranks = Vec::new();
        for rank in (0..8).rev() {
            let mut r = String::new();
            for file in 0..8 {
                let inside = (2..6).contains(&rank) && (2..6).contains(&file);
                let h = if inside { heights[(rank - 2) * 4 + file - 2] } else { 0 };
                let stack: String = (0..h)
                    .map(|_| {
                        bit += 1;
                        if colours >> (bit % 64) & 1 == 1 { 'b' } else { 'w' }
                    })
                    .collect();
                match h {
                    0 => r.push('.'),
                    _ => r.push_str(&format!("({stack})")),
                }
            }
            ranks.push(r);
        }
        let text = format!("{} {}", ranks.join("/"), if black { 'b' } else { 'w' });
        if let Ok(pos) = Position::from_text(&text) {
            check_valid(&pos)?;
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

/// Ten megabytes of `c`.
fn huge(c: &str) -> String {
    c.repeat(10_000_000 / c.len())
}

/// An error message short enough to show, whatever the input's size.
fn short(what: &str, message: String) {
    assert!(
        message.len() <= 200,
        "{what}: {} bytes: {}",
        message.len(),
        &message[..300.min(message.len())]
    );
}

// Issue #12: every parser quotes at most an excerpt of its input, so 10 MB of
// bad text gives a message of at most about 200 bytes.
#[test]
fn ten_megabyte_inputs_give_short_messages() {
    let pos = Position::default();
    let moves = [
        huge("x"),
        format!("E5^{}", huge("7")),
        format!("{}^2", huge("E")),
        format!("E{}", huge("9")),
        huge("é"),
    ];
    for text in &moves {
        short("Move", text.parse::<Move>().unwrap_err().to_string());
        short("parse_move", pos.parse_move(text).unwrap_err().to_string());
        short("Cube", text.parse::<Cube>().unwrap_err().to_string());
        short(
            "StackLevel",
            text.parse::<StackLevel>().unwrap_err().to_string(),
        );
        short("Record", text.parse::<Record>().unwrap_err().to_string());
    }
    short(
        "Cube without level",
        huge("E").parse::<Cube>().unwrap_err().to_string(),
    );
    let board = "......../......../......../......../......../......../......../........";
    let positions = [
        huge("x"),
        huge("x "),
        format!("{board} {}", huge("w")),
        format!("{} w", huge("/")),
        format!("{} w", huge(".")),
        format!("{} w", huge("(")),
        format!("{} w", huge("(w")),
        format!("{board}{} w", huge("/........")),
    ];
    for text in &positions {
        let err = Position::from_text(text).unwrap_err();
        short("Position", err.to_string());
        let err = Position::from_text_with_config(text, Config::with_supply(3)).unwrap_err();
        short("Position with config", err.to_string());
    }
    let records = [
        format!("D4 {}", huge("y")),
        format!("[{}", huge("supply ")),
        format!("[supply {}]", huge("1")),
        format!("[{}] D4", huge("q")),
        format!("[start {}] D4", huge("w")),
        format!("[start {board} {}] D4", huge("w")),
        format!("D4 D4^3 {}", huge("D5 ")),
    ];
    for text in &records {
        let message = match text.parse::<Record>() {
            Err(err) => err.to_string(),
            Ok(record) => record.replay().unwrap_err().to_string(),
        };
        short("Record", message);
    }
    let configs = [
        huge("x"),
        format!("supply {}", huge("9")),
        format!("supply {}", huge("u")),
        huge("supply 1 "),
        format!("supply {}", huge("é")),
    ];
    for text in &configs {
        short("Config", text.parse::<Config>().unwrap_err().to_string());
    }
}

// Issue #12: serde quotes excerpts too.
#[cfg(feature = "serde")]
#[test]
fn ten_megabyte_serde_inputs_give_short_messages() {
    let json = |s: &str| format!("\"{s}\"");
    short(
        "serde Move",
        serde_json::from_str::<Move>(&json(&huge("x")))
            .unwrap_err()
            .to_string(),
    );
    short(
        "serde Record",
        serde_json::from_str::<Record>(&json(&format!("D4 {}", huge("x"))))
            .unwrap_err()
            .to_string(),
    );
    short(
        "serde Match",
        serde_json::from_str::<kybo::Match>(&json(&format!("[{}", huge("x"))))
            .unwrap_err()
            .to_string(),
    );
    let text = format!(r#"{{"text":"{} w"}}"#, huge("."));
    short(
        "serde Position",
        serde_json::from_str::<Position>(&text)
            .unwrap_err()
            .to_string(),
    );
}
