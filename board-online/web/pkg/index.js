// @board-games/rules for browsers and bundlers (the "default" export
// condition): the wasm is fetched, so call `await ready()` once before the
// first `new Game(...)`. `new URL('./board_web_bg.wasm', import.meta.url)` is
// the form bundlers (Vite, webpack 5, Rollup, esbuild with its file loader)
// turn into an asset of the build without any plugin.
import init from './board_web.js';

export { Game, Messages, games } from './board_web.js';

let loading = null;

/**
 * Loads the rules (the WebAssembly) once; every later call returns the same
 * promise. `wasm` may say where the .wasm is (a URL, a Response, its bytes or
 * a compiled WebAssembly.Module); by default the file beside this one.
 */
export function ready(wasm) {
  if (loading === null) {
    const input = wasm ?? new URL('./board_web_bg.wasm', import.meta.url);
    loading = init({ module_or_path: input }).then(
      () => undefined,
      (e) => {
        loading = null;
        throw new Error(`@board-games/rules: the WebAssembly did not load: ${e && e.message ? e.message : e}`);
      },
    );
  }
  return loading;
}
