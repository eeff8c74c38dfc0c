// The race harness itself works: a few games for a few seconds against both
// servers, every move acknowledged and counted, the SIGKILL check run.
// (The race proper is run.sh, not run by CI.)
//
//   BOARD_ONLINE=target/debug/board-online node --test board-online/race/test/
//
// boardgame.io's side plays @board-games/rules' Kybo (install the package's
// tarball here first: npm install --no-save TARBALL); RACE_GAME=tictactoe
// plays boardgame.io's tutorial game instead.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { run, options, quantile, procStat, line } from '../race.mjs';
import { sequence, generator } from '../rules.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin =
  process.env.BOARD_ONLINE ?? ['target/debug/board-online', 'target/release/board-online'].map((p) => root + p).find(existsSync);
const game = process.env.RACE_GAME ?? 'kybo';
const small = ['--games', '20', '--seconds', '3', '--think-ms', '200', '--warm', '0.5', '--quiet'];

test('the same seed gives the same whole game, another seed another', async () => {
  const a = await sequence('kybo', 3);
  assert.deepEqual(await sequence('kybo', 3), a);
  assert.notDeepEqual(await sequence('kybo', 4), a);
  assert.ok(a.length > 10, `a KYBO game of ${a.length} moves`);
  const next = generator(1);
  assert.notEqual(next(), next());
});

test('quantiles and /proc figures', () => {
  assert.equal(quantile([1, 2, 3, 4, 5], 0.5), 3);
  assert.equal(quantile([1, 2, 3, 4, 5], 1), 5);
  assert.ok(Number.isNaN(quantile([], 0.5)));
  const me = procStat(process.pid);
  assert.ok(me.cpu >= 0 && me.rss > 1e6, JSON.stringify(me));
});

for (const [name, args] of [
  ['board-online', ['--server', 'board-online', '--bin', bin]],
  ['boardgame.io FlatFile', ['--server', 'bgio', '--storage', 'flatfile', '--game', game]],
]) {
  test(`20 games against ${name}: moves acknowledged, counted, checked after a SIGKILL`, { timeout: 60000 }, async () => {
    assert.ok(name !== 'board-online' || bin, 'no board-online binary: build it (cargo build -p board-online) or set BOARD_ONLINE');
    const r = await run(options([...args, ...small]));
    console.log(line(r));
    assert.equal(r.errors, 0, r.errorSamples.join(' | '));
    // 20 games, a move every 0.1-0.3 s each, over 3 s: about 300 moves.
    assert.ok(r.moves >= 100, `${r.moves} moves counted`);
    assert.ok(r.p50Ms > 0 && r.p99Ms >= r.p50Ms, `p50 ${r.p50Ms}, p99 ${r.p99Ms}`);
    assert.ok(r.cpuUsPerMove > 0, `${r.cpuUsPerMove} µs a move`);
    assert.equal(r.killChecked, 20, 'every game checked after the restart');
    assert.ok(r.killAcked >= r.moves / 2, `${r.killAcked} acknowledged at the kill`);
    assert.equal(r.killGamesMissing, 0);
    if (name === 'board-online') assert.equal(r.killLostMoves, 0, 'board-online acknowledges only stored moves');
  });
}
