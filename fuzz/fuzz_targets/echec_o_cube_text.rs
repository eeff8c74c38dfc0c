#![no_main]
//! Fuzz target: every notation parser (moves, position text, records) of echec_o_cube.
libfuzzer_sys::fuzz_target!(|data: &[u8]| board_games_checks::fuzzing::parse_text::<
    board_games_checks::games::EchecOCube,
>(data));
