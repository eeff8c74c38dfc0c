//! WebAssembly bindings (wasm-bindgen) of the workspace's three games,
//! ÉCHEC O CUBE, KYBO and chess3d: one small JavaScript API over the one
//! vocabulary, written once over board-any's [`AnyGame`](board_any::AnyGame).
//!
//! [`Board`] holds the logic in plain Rust (strings in, `Result<_, String>`
//! out), so it runs and is tested natively; the `js` module is the thin
//! `#[wasm_bindgen]` layer (the class `Game` and the function `games`) that
//! throws `Error(message)` and returns `null`. `scripts/build-web` builds it
//! into `board-online/web/pkg/`; see the README for the API.
//!
//! ```
//! use board_web::Board;
//!
//! let mut board = Board::new("chess3d", Some(r#"{"levels": 1}"#))?;
//! assert_eq!(board.turn(), "Black");
//! let err = board.play("N1/E2-N1/E4").unwrap_err();
//! assert!(err.contains("(C3-13)"), "{err}");
//! assert_eq!(board.moves_at("N1/E7"), ["N1/E7-N1/E6", "N1/E7-N1/E5"]);
//! let reply = board.computer_move(7, 50, 0, None)?.expect("a legal move");
//! board.play(&reply)?;
//! assert_eq!(board.moves(), [reply]);
//! # Ok::<(), String>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod board;
#[cfg(test)]
mod details;
pub mod js;
mod words;

pub use board::{games, Board, GameInfo, MAX_INPUT_BYTES};
pub use js::{Game, Messages};
