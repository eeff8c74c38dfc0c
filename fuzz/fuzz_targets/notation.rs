#![no_main]
//! board-core's notation parsers: squares, levels, cells, colours.
libfuzzer_sys::fuzz_target!(|data: &[u8]| board_games_checks::fuzzing::notation(data));
