#![no_main]
//! Fuzz target: serde JSON deserialization of the kybo state.
libfuzzer_sys::fuzz_target!(
    |data: &[u8]| board_games::fuzzing::json::<board_games::games::Kybo>(data)
);
