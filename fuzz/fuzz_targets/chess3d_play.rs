#![no_main]
//! Fuzz target: byte-driven play of chess3d: move list, is_legal and play agree.
libfuzzer_sys::fuzz_target!(|data: &[u8]| board_games_checks::fuzzing::play_bytes::<
    board_games_checks::games::Chess3d,
>(data));
