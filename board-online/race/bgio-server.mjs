// boardgame.io's own `Server` hosting KYBO from `@board-games/rules/boardgameio`
// (or, with `--game tictactoe`, boardgame.io's tutorial game, to develop the
// harness), with its documented storage: `FlatFile` (node-persist files in
// `--dir`) or `InMemory` (`--storage flatfile|memory`; `flatfile-nosweep`:
// FlatFile with node-persist's expiry sweep off, see below). Prints `listening on 127.0.0.1:PORT` once it
// accepts connections.
//
//   node bgio-server.mjs --dir /tmp/bgio-data --storage flatfile --port 0

import { createRequire } from 'node:module';

// boardgame.io 0.50 has no `exports` map: its subpaths load through require.
const require = createRequire(import.meta.url);
const { Server, FlatFile } = require('boardgame.io/server');
const { INVALID_MOVE } = require('boardgame.io/core');

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

/** boardgame.io's tutorial game, with the race's one move `play(text)`. */
const TicTacToe = {
  name: 'tictactoe',
  setup: () => ({ cells: Array(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    play: ({ G, playerID }, text) => {
      const id = Number(text);
      if (!Number.isInteger(id) || id < 0 || id > 8 || G.cells[id] !== null) return INVALID_MOVE;
      G.cells[id] = playerID;
    },
  },
  endIf: ({ G, ctx }) => {
    const lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
    for (const [a, b, c] of lines) {
      if (G.cells[a] !== null && G.cells[a] === G.cells[b] && G.cells[a] === G.cells[c]) {
        return { winner: ctx.currentPlayer };
      }
    }
    if (G.cells.every((c) => c !== null)) return { draw: true };
    return undefined;
  },
};

const gameName = arg('--game', 'kybo');
let game;
if (gameName === 'tictactoe') {
  game = TicTacToe;
} else {
  const games = await import('@board-games/rules/boardgameio');

  game = { Kybo: games.Kybo, EchecOCube: games.EchecOCube, Chess3d: games.Chess3d }[gameName] ?? games.Kybo;
}

/**
 * FlatFile without node-persist's expiry sweep: every 2 minutes node-persist
 * reads every file of the directory, and one caught half-written fails the
 * read and ends the server (an unhandled rejection). FlatFile's options
 * (dir, logging, ttl) cannot turn it off: this connects node-persist itself.
 */
class FlatFileNoSweep extends FlatFile {
  async connect() {
    await this.games.init({ dir: this.dir, logging: false, ttl: false, expiredInterval: 0 });
  }
}

const storage = arg('--storage', 'flatfile');
const dir = arg('--dir', './bgio-data');
const db = { flatfile: () => new FlatFile({ dir }), 'flatfile-nosweep': () => new FlatFileNoSweep({ dir }), memory: () => undefined }[storage];
if (!db) throw new Error(`--storage ${storage}: flatfile, flatfile-nosweep or memory`);
const server = Server({ games: [game], db: db() });
const { appServer } = await server.run({ port: Number(arg('--port', '0')) });
const { port } = appServer.address();
console.log(`listening on 127.0.0.1:${port} (game ${game.name}, storage ${storage})`);
process.on('SIGTERM', () => {
  server.kill?.({ appServer });
  process.exit(0);
});
