// @board-games/rules/boardgameio with boardgame.io's own Client, installed
// beside the package from the npm registry: whole random games in local
// multiplayer, illegal texts refused, the turn order of the rules, the bots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { Game } from '@board-games/rules';
import {
  Chess3d,
  EchecOCube,
  INVALID_MOVE,
  Kybo,
  boardgameioGame,
} from '@board-games/rules/boardgameio';
import { GAMES, MAX_MOVES, newer, pick, random } from './support.mjs';

// boardgame.io 0.50 is CommonJS without an "exports" map: required by path.
const require = createRequire(import.meta.url);
const { Client } = require('boardgame.io/client');
const { Local } = require('boardgame.io/multiplayer');
const core = require('boardgame.io/core');
const { RandomBot, Step } = require('boardgame.io/ai');

/** Lets the local master answer whatever was sent. */
function settle() {
  return new Promise((resolve) => setTimeout(resolve, 5));
}

test('INVALID_MOVE is boardgame.io\'s', () => {
  assert.equal(INVALID_MOVE, core.INVALID_MOVE);
  assert.equal(EchecOCube.name, 'echec-o-cube');
  assert.equal(Kybo.name, 'kybo');
  assert.equal(Chess3d.name, 'chess3d');
});

for (const { name, illegal, rule } of GAMES) {
  test(`${name}: a whole random game in local multiplayer, illegal texts refused`, async () => {
    const refused = [];
    const game = boardgameioGame(name, { onIllegal: (reason, about) => refused.push({ reason, about }) });
    const multiplayer = Local();
    const matchID = `local-${name}`;
    const clients = ['0', '1'].map((playerID) =>
      Client({ game, multiplayer, matchID, playerID, debug: false }),
    );
    for (const client of clients) client.start();
    await settle();
    let state = clients[0].getState();
    assert.ok(state, 'the match started');
    const G0 = state.G;
    // G is plain JSON: it survives a round trip unchanged.
    assert.deepEqual(JSON.parse(JSON.stringify(G0)), G0);
    assert.equal(G0.game, name);
    assert.equal(G0.first, new Game(name).turn());
    if (name === 'chess3d') assert.equal(G0.first, 'Black', 'Black moves first (C3)');
    assert.equal(state.ctx.currentPlayer, '0');

    // An illegal text: refused with the rule's reason, nothing changes.
    clients[0].moves.play(illegal);
    await settle();
    assert.equal(clients[0].getState()._stateID, state._stateID);
    assert.ok(refused.length >= 1, 'onIllegal was called');
    assert.ok(refused.every((r) => r.reason.includes(rule)), JSON.stringify(refused.map((r) => r.reason)));
    assert.equal(game.refusal(G0, illegal), refused[0].reason);
    assert.equal(game.refusal(G0, 42), 'a move is text, not number');
    assert.equal(game.refusal(G0, new Game(name).legalMoves()[0]), null);

    // A legal move by the player whose turn it is not: boardgame.io refuses it.
    clients[1].moves.play(new Game(name).legalMoves()[0]);
    await settle();
    assert.equal(clients[0].getState()._stateID, state._stateID);

    const rand = random(41);
    const rules = new Game(name);
    let played = 0;
    let bonus = 0;
    while (!state.ctx.gameover) {
      assert.ok(played < MAX_MOVES, `${name} ended within ${MAX_MOVES} moves`);
      const mover = state.ctx.currentPlayer;
      const rulesMover = rules.turn() === state.G.first ? '0' : '1';
      assert.equal(mover, rulesMover, `the rules' turn at move ${played}`);
      const moves = game.ai.enumerate(state.G, state.ctx, mover);
      assert.ok(moves.length > 0);
      const { move, args } = pick(moves, rand);
      clients[Number(mover)].moves[move](...args);
      rules.play(args[0]);
      state = await newer(clients[0], state._stateID, `move ${played + 1}`);
      played += 1;
      assert.equal(state.G.position, rules.positionText());
      assert.equal(state.G.moves, played);
      if (!state.ctx.gameover && state.ctx.currentPlayer === mover) bonus += 1;
    }
    if (name === 'echec-o-cube') assert.ok(bonus > 0, 'a bonus turn: the same player moved again');
    else assert.equal(bonus, 0, 'the players take turns');

    // The end: the rules' outcome, the winner as boardgame.io's player.
    assert.equal(Game.fromRecord(name, state.G.record).positionText(), rules.positionText());
    const outcome = rules.outcome();
    assert.notEqual(outcome, null);
    assert.equal(state.ctx.gameover.outcome, outcome);
    const winner = rules.winner();
    if (winner === null) assert.equal(state.ctx.gameover.draw, true);
    else assert.equal(state.ctx.gameover.winner, winner === state.G.first ? '0' : '1');
    assert.equal(rules.positionText(), state.G.position);
    for (const client of clients) client.stop();
  });
}

test('a game with a config (chess3d on one level), in French; setupData', () => {
  const refused = [];
  const game = boardgameioGame('chess3d', {
    config: { levels: 1 },
    lang: 'fr',
    onIllegal: (reason) => refused.push(reason),
  });
  const client = Client({ game, debug: false });
  client.start();
  const { G } = client.getState();
  const one = new Game('chess3d', '{"levels": 1}');
  assert.equal(G.position, one.positionText());
  client.moves.play('N1/E2-N1/E4');
  assert.equal(client.getState().G.moves, 0);
  assert.equal(refused.length, 1);
  assert.match(refused[0], /\(C3-13\)/);
  const english = boardgameioGame('chess3d', { config: { levels: 1 } });
  assert.equal(game.refusal(G, 'N1/E2-N1/E4'), refused[0]);
  assert.notEqual(english.refusal(G, 'N1/E2-N1/E4'), refused[0], 'the reason in French');
  client.stop();

  // A match's setupData chooses the config (the lobby's create { setupData }).
  const five = Chess3d.setup({}, { config: { levels: 5 } });
  assert.equal(five.position, new Game('chess3d', '{"levels": 5}').positionText());
  assert.match(Chess3d.validateSetupData({ config: { levels: 'many' } }, 2), /\S/);
  assert.equal(Chess3d.validateSetupData({ config: { levels: 1 } }, 2), undefined);
  assert.equal(Chess3d.validateSetupData(undefined, 2), undefined);
  assert.throws(() => Chess3d.setup({}, { config: '{"levels": 0}' }), Error);
  assert.throws(() => boardgameioGame('go').setup({}), (e) => e instanceof Error && /go/.test(e.message));
  assert.throws(() => boardgameioGame('kybo', { lang: 'de' }).setup({}), Error);
  assert.throws(() => boardgameioGame('kybo', { config: '{"supply": 3' }).setup({}), Error);
});

test('boardgame.io\'s RandomBot plays KYBO to its end through ai.enumerate', async () => {
  const client = Client({ game: Kybo, debug: false });
  client.start();
  const bot = new RandomBot({ enumerate: Kybo.ai.enumerate, seed: 'kybo' });
  let steps = 0;
  while (!client.getState().ctx.gameover) {
    assert.ok(steps < MAX_MOVES);
    await Step(client, bot);
    steps += 1;
  }
  assert.equal(client.getState().G.moves, steps);
  client.stop();
});

test('a small cache replays the record when a game is not in it', async () => {
  const game = boardgameioGame('kybo', { cacheSize: 1 });
  const clients = ['a', 'b'].map(() => Client({ game, debug: false }));
  for (const client of clients) client.start();
  const rand = random(7);
  for (let i = 0; i < 20; i += 1) {
    for (const client of clients) {
      const { G, ctx } = client.getState();
      if (ctx.gameover) continue;
      const { args } = pick(game.ai.enumerate(G, ctx, ctx.currentPlayer), rand);
      client.moves.play(...args);
    }
  }
  for (const client of clients) {
    const { G } = client.getState();
    assert.equal(G.moves, 20);
    assert.equal(Game.fromRecord('kybo', G.record).positionText(), G.position);
    client.stop();
  }
});
