// Loads the built bindings (board-online/web/pkg, from scripts/build-web) in node as a
// page would, and plays every game to its end, the computer against itself
// on a node budget, through the JavaScript API alone. It checks what the
// page relies on and exits non-zero on the first failure.
//
//     node board-web/tests/node-smoke.mjs [PKG_DIR] [NODES]
//
// Prints one line a game and a closing "N passed, N failed" line;
// board-web/tests/node.rs runs it from `cargo test -p board-web`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(process.argv[2] ?? path.join(here, '..', '..', 'board-online', 'web', 'pkg'));
const nodes = Number(process.argv[3] ?? 64);
const { initSync, Game, games } = await import(pathToFileURL(path.join(pkg, 'board_web.js')).href);
initSync({ module: fs.readFileSync(path.join(pkg, 'board_web_bg.wasm')) });

let passed = 0;
let failed = 0;
function check(what, ok, detail = '') {
  if (ok) {
    passed += 1;
  } else {
    failed += 1;
    console.log(`FAIL ${what} ${detail}`);
  }
}
function throws(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  return null;
}

const list = games();
check('games() lists the three games',
  JSON.stringify(list.map((g) => g.name)) === '["echec-o-cube","kybo","chess3d"]',
  JSON.stringify(list));

for (const { name, title } of list) {
  const started = Date.now();
  const game = new Game(name);
  check(`${name}: name`, game.name === name);
  check(`${name}: a fresh game goes on`, game.outcome() === null && game.winner() === null);
  const bad = throws(() => game.play('not a move'));
  check(`${name}: an unreadable move throws an Error`, bad instanceof Error && bad.message.length > 0, String(bad));
  check(`${name}: and changes nothing`, game.moves().length === 0);
  let plies = 0;
  for (;;) {
    const legal = game.legalMoves();
    const mv = game.computerMove(plies + 1, nodes, 0);
    if (mv === null) {
      check(`${name}: no move only when the game is over`, legal.length === 0 && game.outcome() !== null);
      break;
    }
    if (!legal.includes(mv)) {
      check(`${name}: the computer's move is legal`, false, mv);
      break;
    }
    const place = game.placeOf(mv);
    if (!game.movesAt(place).includes(mv)) {
      check(`${name}: movesAt(placeOf(m)) holds m`, false, `${mv} at ${place}`);
      break;
    }
    game.play(mv);
    plies += 1;
    if (plies > 2000) {
      check(`${name}: the game ends`, false, 'after 2000 plies');
      break;
    }
  }
  check(`${name}: moves() has every ply`, game.moves().length === plies);
  const svg = game.svg(JSON.stringify({ lastMove: true }));
  check(`${name}: svg is an SVG document`, svg.startsWith('<svg ') && svg.includes('data-place='));
  const again = Game.fromRecord(name, game.recordText());
  check(`${name}: fromRecord(recordText()) replays the game`,
    JSON.stringify(again.moves()) === JSON.stringify(game.moves()) &&
    again.positionText() === game.positionText() && again.outcome() === game.outcome());
  check(`${name}: undo then redo`, game.undo() && game.outcome() === null && game.redo() && game.outcome() !== null);
  const timed = new Game(name).computerMove(1, 0, 30);
  check(`${name}: a time budget (Date.now) gives a move`, typeof timed === 'string');
  console.log(`${title}: ${plies} plies, ${game.outcome()} | ${game.status()} (${Date.now() - started} ms)`);
  again.free();
  game.free();
}
check('an unknown game throws', throws(() => new Game('go')) instanceof Error);
check('a bad configuration throws', throws(() => new Game('chess3d', '{"levels": 9}')) instanceof Error);

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
