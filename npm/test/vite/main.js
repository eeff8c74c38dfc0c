// The package in a page built by Vite with no plugin: the "default" entry,
// its wasm fetched as an asset of the build, and the boardgame.io games
// imported before the rules are loaded (they call no rule until a match).
import { ready, Game, games } from '@board-games/rules';
import { Kybo } from '@board-games/rules/boardgameio';
import { Client } from 'boardgame.io/client';

const out = document.getElementById('out');
try {
  await ready();
  const lines = [];
  for (const { name } of games()) {
    const game = new Game(name);
    game.play(game.computerMove(1, 50, 0));
    let moves = 1;
    while (game.outcome() === null && moves < 5000) {
      const legal = game.legalMoves();
      game.play(legal[Math.floor(Math.random() * legal.length)]);
      moves += 1;
    }
    lines.push(`${name}: ${moves} moves, ${game.outcome() ?? 'no end'}, svg ${game.svg().startsWith('<svg')}`);
  }
  const client = Client({ game: Kybo, debug: false });
  client.start();
  client.moves.play('A1');
  client.moves.play('D4');
  lines.push(`boardgame.io: ${client.getState().G.moves} move`);
  out.textContent = `ok\n${lines.join('\n')}`;
} catch (e) {
  out.textContent = `failed: ${e && e.stack ? e.stack : e}`;
}
