#![no_main]
//! Fuzz target: serde JSON deserialization of the echec_o_cube state.
libfuzzer_sys::fuzz_target!(|data: &[u8]| board_games_checks::fuzzing::json::<
    board_games_checks::games::EchecOCube,
>(data));
