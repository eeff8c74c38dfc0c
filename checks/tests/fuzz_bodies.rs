//! The bodies of the cargo-fuzz targets of `fuzz/`, run on random input so
//! that CI covers them without nightly.

use board_any::Playable as _;
use board_games_checks::fuzzing::{json, parse_text, play_bytes};
use board_games_checks::games::{Chess3d, EchecOCube, Kybo};
use proptest::prelude::*;

/// Texts close to the games' notations, so that the parsers go deep.
fn notation_like() -> impl Strategy<Value = String> {
    prop_oneof![
        "[PFRpfr] [A-Ia-i][0-9]-[A-Ia-i][0-9]!?",
        "[a-iA-I][0-9](\\^[0-9])?",
        "[nN][0-9]/?[a-iA-I][0-9][-x][nN][0-9]/?[a-iA-I][0-9](=[QRBNK])?",
        "([wb.()]{0,10}/){0,8}[wb.()]{0,10} [wbx]",
        "standard\n(One|Two)\n(P [A-H][1-8]-[A-H][1-8]\n){0,3}",
        ".{0,40}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn parse_bodies_never_panic(text in notation_like()) {
        parse_text::<EchecOCube>(text.as_bytes());
        parse_text::<Kybo>(text.as_bytes());
        parse_text::<Chess3d>(text.as_bytes());
    }

    #[test]
    fn json_bodies_never_panic(data: Vec<u8>) {
        json::<EchecOCube>(&data);
        json::<Kybo>(&data);
        json::<Chess3d>(&data);
    }

    #[test]
    fn play_bodies_keep_play_and_moves_in_step(data in proptest::collection::vec(any::<u8>(), 0..300)) {
        play_bytes::<EchecOCube>(&data);
        play_bytes::<Kybo>(&data);
        play_bytes::<Chess3d>(&data[..data.len().min(80)]);
    }
}

/// JSON of real states, mutated a little, must be read back validated or refused.
#[test]
fn json_bodies_on_mutated_states() {
    use board_games_checks::Checked;
    let mut rng = board_core::Rng::new(7);
    for state in EchecOCube::variants() {
        let text = state.to_json();
        for _ in 0..200 {
            let mut bytes = text.clone().into_bytes();
            let i = rng.below(bytes.len());
            bytes[i] = b"0123456789,:[]{}\"tf"[rng.below(19)];
            json::<EchecOCube>(&bytes);
        }
    }
    for state in Kybo::variants() {
        let text = state.to_json();
        for _ in 0..200 {
            let mut bytes = text.clone().into_bytes();
            let i = rng.below(bytes.len());
            bytes[i] = b"0123456789,:[]{}\"wb."[rng.below(20)];
            json::<Kybo>(&bytes);
        }
    }
}

/// Found by `cargo fuzz run echec_o_cube_text`: a record whose syntax is fine
/// but whose eighth move is illegal (EOC-9, EOC-21) was taken as a valid game
/// by the adapter, which parsed the record without replaying it.
#[test]
fn regression_eoc_record_with_an_illegal_move_is_refused() {
    let text = "config standard\nfirst One\nP E4-F4\nF E4-E5\nP E5-E6\nP D4-E4\nP E3-E4\n\nF F3-F4\nF D1-E1\nP F4-F5\n";
    let err = board_games_checks::replay_text::<echec_o_cube::Match>(text).unwrap_err();
    assert!(err.contains("F D1-E1"), "{err}");
    parse_text::<EchecOCube>(text.as_bytes());
}

/// Found by `cargo fuzz run chess3d_text`: a valid FEN3D (C3-19) with 17 White
/// pieces. The spec's validity conditions do not bound the material, so the
/// harness's bound was wrong, not the parser: it now checks one king a side.
#[test]
fn regression_chess3d_position_with_seventeen_pieces_is_valid() {
    use board_games_checks::Checked;
    let text = "nrkQrb1n/2pbp1pp/3p1p2/pp6/1P6/6PB/P1PPPP1P/NRKQR1BN b KQkq - 3 7";
    let pos = chess3d::Position::from_fen(text).unwrap();
    assert_eq!(pos.check_bounds(), Ok(()));
    parse_text::<Chess3d>(text.as_bytes());
}

/// Issue "hostile input": the `<game>_json` bodies once checked only weak
/// bounds, so JSON of an illegal state could pass unseen. serde now reads a
/// state through its position text, with the reader's whole validation.
#[test]
fn json_of_states_that_break_a_rule_is_refused() {
    use board_games_checks::Checked;
    // KY-11 (b): White D4 and Black E5 touch only diagonally: two groups.
    let kybo = r#"{"config":{},"text":"......../......../......../....b.../...w..../......../......../........ w"}"#;
    let err = Kybo::from_json(kybo).unwrap_err();
    assert!(err.contains("E5"), "{err}");
    // The same cubes touching by a face are a valid position.
    let touching = kybo.replace("....b...", "...b....");
    assert!(Kybo::from_json(&touching).is_ok(), "{touching}");
    // C3-19: a pawn on its last rank, and the side not to move in check.
    for fen in [
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w - - 0 1",
        "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
    ] {
        let doc = format!(r#"{{"config":{{"levels":1}},"text":"{fen}"}}"#);
        assert!(Chess3d::from_json(&doc).is_err(), "{fen}");
        json::<Chess3d>(doc.as_bytes());
    }
    let fine = r#"{"config":{"levels":1},"text":"4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"}"#;
    assert!(Chess3d::from_json(fine).is_ok());
    // EOC-4, EOC-9 (issue #12): three pieces on the board, all placed by One
    // with no closure that could have given a bonus turn.
    let mut pos = EchecOCube::start();
    for text in ["P D5-E5", "F E5-E6", "P D6-E6"] {
        pos.play(pos.parse_move(text).unwrap()).unwrap();
    }
    let three = pos.to_text();
    // Move the pieces that Two placed back to One's supply (fields 3 and 4).
    let fields: Vec<&str> = three.split(' ').collect();
    let forged = format!(
        "{} {} 2 48,19,50,20,10 {} {}",
        fields[0], fields[1], fields[4], fields[5]
    );
    let doc = format!(r#"{{"config":{{}},"text":"{forged}"}}"#);
    let err = EchecOCube::from_json(&doc).unwrap_err();
    assert!(
        err.contains("One placed 3 and Two placed 0 pieces"),
        "{err}"
    );
    // The true text of the same board is accepted.
    let honest = format!(r#"{{"config":{{}},"text":"{three}"}}"#);
    assert_eq!(EchecOCube::from_json(&honest), Ok(pos));
    json::<EchecOCube>(doc.as_bytes());
}
