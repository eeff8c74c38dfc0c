// boardgame.io's own `Server` hosting KYBO from `@board-games/rules/boardgameio`
// (or, with `--game tictactoe`, boardgame.io's tutorial game, to develop the
// harness), with its documented storage: `FlatFile` (node-persist files in
// `--dir`) or `InMemory`. Prints `listening on 127.0.0.1:PORT` once it
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

const storage = arg('--storage', 'flatfile');
const dir = arg('--dir', './bgio-data');
const server = Server({
  games: [game],
  ...(storage === 'flatfile' ? { db: new FlatFile({ dir }) } : {}),
});
const { appServer } = await server.run({ port: Number(arg('--port', '0')) });
const { port } = appServer.address();
console.log(`listening on 127.0.0.1:${port} (game ${game.name}, storage ${storage})`);
process.on('SIGTERM', () => {
  server.kill?.({ appServer });
  process.exit(0);
});
