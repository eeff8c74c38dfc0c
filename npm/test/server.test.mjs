// KYBO on boardgame.io's own Server (loopback, an ephemeral port), played to
// its end by two SocketIO clients in Node, through the lobby API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { Game } from '@board-games/rules';
import { Kybo } from '@board-games/rules/boardgameio';
import { MAX_MOVES, newer, pick, random } from './support.mjs';

const require = createRequire(import.meta.url);
const { Server, Origins } = require('boardgame.io/server');
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');

async function post(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, `${url}: ${await response.clone().text()}`);
  return response.json();
}

test('KYBO on boardgame.io\'s Server with two socket clients, to its end', async (t) => {
  const server = Server({ games: [Kybo], origins: [Origins.LOCALHOST] });
  const running = await server.run({ port: 0 });
  t.after(() => server.kill(running));
  const { port } = running.appServer.address();
  const base = `http://127.0.0.1:${port}`;

  const { matchID } = await post(`${base}/games/kybo/create`, {
    numPlayers: 2,
    setupData: { config: { supply: { per_player: 30 } } },
  });
  const clients = [];
  for (const playerID of ['0', '1']) {
    const { playerCredentials } = await post(`${base}/games/kybo/${matchID}/join`, {
      playerID,
      playerName: `player ${playerID}`,
    });
    const client = Client({
      game: Kybo,
      multiplayer: SocketIO({ server: base }),
      matchID,
      playerID,
      credentials: playerCredentials,
      debug: false,
    });
    client.start();
    clients.push(client);
  }
  t.after(() => clients.forEach((c) => c.stop()));
  let state = await newer(clients[0], -1, 'the first sync');
  await newer(clients[1], -1, 'the second sync');

  // An illegal text: the server keeps the state.
  clients[0].moves.play('A1');
  const rand = random(5);
  let played = 0;
  while (!state.ctx.gameover) {
    assert.ok(played < MAX_MOVES);
    const mover = clients[Number(state.ctx.currentPlayer)];
    const { args } = pick(Kybo.ai.enumerate(state.G, state.ctx, state.ctx.currentPlayer), rand);
    mover.moves.play(...args);
    // Both players hear of the move before the next one (boardgame.io
    // refuses a move sent from an older state).
    const [zero, one] = await Promise.all(
      clients.map((c) => newer(c, state._stateID, `move ${played + 1}`)),
    );
    assert.equal(zero._stateID, one._stateID);
    assert.equal(zero.G.record, one.G.record);
    state = zero;
    played += 1;
  }
  assert.equal(state.G.moves, played);
  assert.match(state.G.record, /supply 30/, 'the match\'s setupData chose the config');
  const rules = Game.fromRecord('kybo', state.G.record);
  assert.equal(state.ctx.gameover.outcome, rules.outcome());

  // The lobby knows the match and both players.
  const response = await fetch(`${base}/games/kybo/${matchID}`);
  assert.equal(response.status, 200);
  const match = await response.json();
  assert.deepEqual(match.players.map((p) => p.name), ['player 0', 'player 1']);
});
