#![no_main]
//! Fuzz target: serde JSON deserialization of the kybo state.
libfuzzer_sys::fuzz_target!(
    |data: &[u8]| board_games_checks::fuzzing::json::<board_games_checks::games::Kybo>(data)
);
