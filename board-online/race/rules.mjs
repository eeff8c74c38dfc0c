// The move sequences of the race: game `seed` is a whole random game of
// KYBO, each move chosen by a seeded generator from the rules' legal list,
// so both servers are sent exactly the same games.
//
//   import { sequence } from './rules.mjs';
//   const moves = await sequence('kybo', 7); // ['D4', 'E5', ...], to the end
//
// The rules come from the npm package `@board-games/rules` when it is
// installed, else from the page's own WebAssembly build (`../web/pkg`, the
// same board-web crate): `rulesSource()` says which.

import { readFileSync } from 'node:fs';

let rules;
let source;

async function load() {
  if (rules) return rules;
  try {
    const pkg = await import('@board-games/rules');
    if (pkg.ready) await pkg.ready();
    rules = pkg;
    source = '@board-games/rules';
  } catch {
    const pkg = await import('../web/pkg/board_web.js');
    pkg.initSync({ module: readFileSync(new URL('../web/pkg/board_web_bg.wasm', import.meta.url)) });
    rules = pkg;
    source = 'board-online/web/pkg';
  }
  return rules;
}

/** Where the rules were loaded from (after a first `sequence`). */
export function rulesSource() {
  return source;
}

/** A small seeded generator (mulberry32): the same seed, the same numbers. */
export function generator(seed) {
  let a = (seed >>> 0) ^ 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Tic-tac-toe's cells, for developing the harness without the rules. */
function ticTacToe(next) {
  const free = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const moves = [];
  while (free.length > 0) moves.push(String(free.splice(Math.floor(next() * free.length), 1)[0]));
  return moves;
}

/**
 * Every move of game `seed` of `game` (`kybo`, or `tictactoe` for the
 * harness's own tests), to the game's end, in the rules' move text.
 */
export async function sequence(game, seed) {
  const next = generator(seed);
  if (game === 'tictactoe') return ticTacToe(next);
  const { Game } = await load();
  const g = new Game(game);
  const moves = [];
  try {
    while (g.outcome() == null && moves.length < 10000) {
      const legal = g.legalMoves();
      if (legal.length === 0) break;
      const mv = legal[Math.floor(next() * legal.length)];
      g.play(mv);
      moves.push(mv);
    }
  } finally {
    g.free();
  }
  return moves;
}
