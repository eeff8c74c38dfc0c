// How fast the built bindings think, in node: the wall time of the
// computer's move on a fixed node budget (deterministic work), for each
// game from its start and from a position 10 plies in.
//
//     node board-web/benches/node-speed.mjs [PKG_DIR] [NODES] [REPEATS]
//
// Wall time on a shared machine is noisy: the script also gives the
// process's CPU time (process.cpuUsage), the figure to compare builds by;
// both are the median of the repeats.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(process.argv[2] ?? path.join(here, '..', '..', 'board-online', 'web', 'pkg'));
const nodes = Number(process.argv[3] ?? 2000);
const repeats = Number(process.argv[4] ?? 5);
const { initSync, Game, games } = await import(pathToFileURL(path.join(pkg, 'board_web.js')).href);
initSync({ module: fs.readFileSync(path.join(pkg, 'board_web_bg.wasm')) });

for (const { name } of games()) {
  for (const plies of [0, 10]) {
    const game = new Game(name);
    for (let i = 0; i < plies; i += 1) game.play(game.computerMove(i, 16, 0));
    const wall = [];
    const cpu = [];
    for (let r = 0; r < repeats; r += 1) {
      const t = performance.now();
      const c = process.cpuUsage();
      game.computerMove(r, nodes, 0);
      const used = process.cpuUsage(c);
      wall.push(performance.now() - t);
      cpu.push((used.user + used.system) / 1000);
    }
    const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(1);
    console.log(`${name} after ${plies} plies: ${nodes} nodes, ${median(cpu)} ms CPU, ${median(wall)} ms wall (median of ${repeats})`);
    game.free();
  }
}
