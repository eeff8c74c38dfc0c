// @board-games/rules in Node (the "node" export condition): the wasm is read
// from the package's own file and compiled synchronously on import, so
// `new Game(...)` works at once; `ready()` exists for code shared with the
// browser build and resolves at once. The classes are index.js's (they check
// their arguments' types before the WebAssembly reads them).
import { readFileSync } from 'node:fs';
import { initSync } from './board_web.js';

initSync({ module: readFileSync(new URL('./board_web_bg.wasm', import.meta.url)) });

export { Game, Messages, games } from './index.js';

/** The rules are loaded already in Node: a promise resolved at once. */
export function ready() {
  return Promise.resolve();
}
