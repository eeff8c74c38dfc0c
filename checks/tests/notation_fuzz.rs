//! The board-core notation fuzz body on random input (CI runs it without nightly).

use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn notation_fuzz_body_on_random_bytes(data: Vec<u8>) {
        board_games_checks::fuzzing::notation(&data);
    }

    #[test]
    fn notation_fuzz_body_on_cell_like_text(text in "[nN]?[0-9]{0,2}/?[a-jA-J]?[0-9]{0,2}") {
        board_games_checks::fuzzing::notation(text.as_bytes());
    }
}
