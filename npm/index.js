// @board-games/rules for browsers and bundlers (the "default" export
// condition): the wasm is fetched, so call `await ready()` once before the
// first `new Game(...)`. `new URL('./board_web_bg.wasm', import.meta.url)` is
// the form bundlers (Vite, webpack 5, Rollup, esbuild with its file loader)
// turn into an asset of the build without any plugin. node.js re-exports
// this file's classes after loading the wasm synchronously.
import init, * as raw from './board_web.js';

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

/** What a value is, for a message. */
function kind(value) {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/**
 * Throws a TypeError unless `value` is a string (or, when `optional`, null or
 * undefined): wasm-bindgen's glue reads any other value as a string's bytes
 * and the WebAssembly traps ("memory access out of bounds").
 */
function text(where, what, value, optional = false) {
  if (typeof value === 'string' || (optional && (value === undefined || value === null))) return;
  throw new TypeError(`${where}: ${what} must be text (a string), not ${kind(value)}`);
}

/** games(): the three games, `[{ name, title }, ...]`. */
export const games = raw.games;

/** A game of any of the three, with its history (see board_web.d.ts). */
export class Game extends raw.Game {
  constructor(name, config, lang) {
    text('new Game', 'the game name', name);
    text('new Game', 'the config (JSON text; JSON.stringify an object)', config, true);
    text('new Game', 'the language', lang, true);
    super(name, config, lang);
  }

  static fromRecord(name, record, lang) {
    text('Game.fromRecord', 'the game name', name);
    text('Game.fromRecord', 'the record', record);
    text('Game.fromRecord', 'the language', lang, true);
    return Object.setPrototypeOf(raw.Game.fromRecord(name, record, lang), Game.prototype);
  }

  setLang(lang) {
    text('setLang', 'the language', lang);
    return super.setLang(lang);
  }

  placeOf(move) {
    text('placeOf', 'the move', move);
    return super.placeOf(move);
  }

  targetOf(move) {
    text('targetOf', 'the move', move);
    return super.targetOf(move);
  }

  movesAt(place) {
    text('movesAt', 'the place', place);
    return super.movesAt(place);
  }

  play(move) {
    text('play', 'the move', move);
    return super.play(move);
  }

  svg(opts) {
    text('svg', 'the options (JSON text; JSON.stringify an object)', opts, true);
    return super.svg(opts);
  }
}

/** The catalogue of one language (see board_web.d.ts). */
export class Messages extends raw.Messages {
  constructor(lang) {
    text('new Messages', 'the language', lang);
    super(lang);
  }

  format(id, args) {
    text('format', 'the message id', id);
    text('format', 'the arguments (JSON text)', args, true);
    return super.format(id, args);
  }

  has(id) {
    text('has', 'the message id', id);
    return super.has(id);
  }

  render(message) {
    text('render', 'the message (JSON text)', message);
    return super.render(message);
  }
}
