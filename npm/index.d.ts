// The types of @board-games/rules, the same under every export condition.
// Game, Messages and games are wasm-bindgen's declarations of board-web's
// API (their comments are the Rust doc comments).

export { Game, Messages, games } from './board_web.js';
import type { InitInput } from './board_web.js';

/**
 * Loads the rules (the WebAssembly) once and resolves when `new Game(...)`
 * may be called. Needed in browsers and bundlers before the first game; in
 * Node the rules load on import and this resolves at once.
 *
 * `wasm` says where the `.wasm` is when a bundler or a server puts it
 * elsewhere (a URL, a Response, its bytes or a compiled module); by default
 * the package's own `board_web_bg.wasm`. Rejects with an `Error` that says
 * why when the file cannot be loaded.
 *
 * @example
 * import { ready, Game } from '@board-games/rules';
 * await ready();
 * const game = new Game('kybo');
 */
export function ready(wasm?: InitInput): Promise<void>;
