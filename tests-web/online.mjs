// Online play between two pages through one server: host and join by code,
// reload mid-game, refusals, `moved` and `sync`, and `redirect`s the page
// cannot follow.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ARTIFACTS,
  browser,
  startServer,
  newPage,
  assertClean,
  refusedSocket,
  pliesAre,
  rng,
  playOneMove,
  waitForTurn,
  hostAndJoin,
} from './harness.mjs';

test('online: host and join by code, play, reload mid-game, a refused move shows the server\'s reason', async () => {
  let server = await startServer();
  const hostCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const guestCtx = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
  const host = await newPage(hostCtx);
  const guest = await newPage(guestCtx, { touch: true });
  try {
    await host.goto(server.url);
    await host.check('input[name=game][value=kybo]');
    await host.check('input[name=mode][value=online]');
    await host.selectOption('#clock-select', '5+3');
    await host.click('#create');
    await host.waitForFunction(() => document.getElementById('code').textContent.length === 6);
    const code = await host.locator('#code').textContent();
    assert.match(code, /^[A-HJ-NP-Z2-9]{6}$/, 'a six-character code');
    const size = await host.locator('#code').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    assert.ok(size >= 32, `the code is big enough to read aloud (${size}px)`);
    await host.waitForFunction(() => /Waiting for the opponent/.test(document.getElementById('turn').textContent));

    await guest.goto(server.url);
    await guest.check('input[name=mode][value=online]');
    await guest.fill('#join-code', code.toLowerCase());
    await guest.click('#join');
    const rand = rng(42);
    const record = (p) => p.locator('#record li').allTextContents();
    // The clock (5 min + 3 s) shows on both pages once both seats are taken.
    for (const p of [host, guest]) {
      await p.waitForFunction(() => /^clock: White \d:\d\d · Black \d:\d\d$/.test(document.getElementById('clock').textContent));
      assert.match(await p.locator('#clock').textContent(), /White [45]:\d\d · Black 5:00/);
    }

    // The host plays first; each side moves by clicks in turn.
    const sides = [host, guest];
    for (let ply = 0; ply < 6; ply++) {
      const mover = sides[ply % 2];
      assert.equal(await waitForTurn(mover, 20000), false);
      assert.ok(await playOneMove(mover, rand));
      await sides[(ply + 1) % 2].waitForFunction((n) => Number(document.getElementById('record').dataset.plies) === n, ply + 1);
      if (ply === 2) {
        // The guest reloads mid-game: its seat comes back from localStorage.
        await guest.reload();
        await guest.waitForFunction((n) => Number(document.getElementById('record').dataset.plies) === n, ply + 1);
        assert.equal(await guest.locator('#code').textContent(), code);
      }
    }
    assert.deepEqual(await record(guest), await record(host), 'both see the same record');
    assert.equal((await record(host)).length, 6);

    // A spectator (a third browser with the code, both seats taken) sees
    // both players and the clock, no move controls and no "you".
    const watchCtx = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
    try {
      const watcher = await newPage(watchCtx, { touch: true });
      await watcher.goto(server.url);
      await watcher.check('input[name=mode][value=online]');
      await watcher.fill('#join-code', code);
      await watcher.click('#join');
      await watcher.waitForFunction(pliesAre, 6);
      await watcher.waitForFunction(() => /^clock: White \d:\d\d · Black \d:\d\d$/.test(document.getElementById('clock').textContent));
      const seen = await watcher.evaluate(() => ({
        turn: document.getElementById('turn').textContent,
        players: document.getElementById('players').textContent,
        state: document.getElementById('online-state').textContent,
        text: document.getElementById('panel').innerText,
        visibleControls: [...document.querySelectorAll('#move-form, #claim-draw, #resign, #undo, #actions button, #choices button')]
          .filter((e) => e.getClientRects().length > 0).map((e) => e.id || e.textContent),
        legal: document.querySelectorAll('#board [data-legal]').length,
      }));
      console.log(`# spectator: ${seen.turn} | ${seen.players}`);
      assert.doesNotMatch(seen.text, /\byou\b(?! are watching)/i, 'no "you" for a spectator but "You are watching"');
      assert.doesNotMatch(seen.turn, /\byou\b|opponent/i);
      assert.match(seen.players, /watching: White against Black/);
      assert.match(seen.state, /watching/);
      assert.deepEqual(seen.visibleControls, [], 'no move controls');
      assert.equal(seen.legal, 0, 'no legal place lit for a spectator');
      await watcher.screenshot({ path: join(ARTIFACTS, 'online-spectator-phone.png'), fullPage: true });
      assertClean(watcher);
    } finally {
      await watchCtx.close();
    }

    // A refused move: not one's turn, then an illegal one, typed.
    await waitForTurn(host, 20000);
    await guest.fill('#move-text', 'A1');
    await guest.press('#move-text', 'Enter');
    await guest.waitForFunction(() => /Refused:/.test(document.getElementById('message').textContent));
    assert.match(await guest.locator('#message').textContent(), /turn/i);
    await host.fill('#move-text', 'Z9');
    await host.press('#move-text', 'Enter');
    await host.waitForFunction(() => /Refused:/.test(document.getElementById('message').textContent));
    const reason = await host.locator('#message').textContent();
    console.log(`# refused: ${reason}`);
    assert.ok(reason.length > 'Refused: '.length + 5, reason);
    assert.equal((await record(host)).length, 6, 'a refused move changes nothing');

    // Dropped connections: the server stops (it closes every connection)
    // and starts again on the same port and database; both pages come back
    // by themselves and the game carries on.
    await server.stop(true);
    await host.waitForFunction(() => /^disconnected/.test(document.body.dataset.connection ?? ''));
    assert.match(await host.locator('#connection').textContent(), /connection to the server was lost/, 'the lost connection is said in words');
    server = await startServer({ addr: server.addr, dir: server.dir });
    for (const p of sides) {
      await p.waitForFunction(() => document.body.dataset.connection === 'connected', null, { timeout: 20000 });
      p.problems = p.problems.filter((line) => !refusedSocket.test(line));
    }
    await host.fill('#move-text', '');
    assert.equal(await waitForTurn(host, 20000), false);
    assert.ok(await playOneMove(host, rand));
    await guest.waitForFunction(pliesAre, 7);
    assert.deepEqual(await record(guest), await record(host));
    // The host resigns; both pages offer the server's record for download.
    assert.equal(await host.locator('#download-record').isHidden(), true, 'no record to download mid-game');
    await host.click('#resign');
    await host.click('#confirm-yes'); // asked first
    for (const p of sides) await p.waitForFunction(() => document.getElementById('outcome').textContent !== '');
    const served = await (await fetch(`${server.url}games/${code}`)).text();
    const [download] = await Promise.all([guest.waitForEvent('download'), guest.click('#download-record')]);
    assert.equal(download.suggestedFilename(), `kybo-${code}.txt`);
    assert.equal(readFileSync(await download.path(), 'utf8'), served, 'the download is GET /games/CODE');
    assert.ok(served.trim().length > 0);
    await host.screenshot({ path: join(ARTIFACTS, 'online-host.png'), fullPage: true });
    await guest.screenshot({ path: join(ARTIFACTS, 'online-guest-phone.png'), fullPage: true });
    assertClean(host, guest);
  } finally {
    await hostCtx.close();
    await guestCtx.close();
    await server.stop();
  }
});

/** Runs `body` with a server of its own and two desktop pages, `host` and
 * `guest`, each in its own browser context; closes them all after. */
async function withTwoPages(body) {
  const server = await startServer();
  const hostCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const guestCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await body({ server, host: await newPage(hostCtx), guest: await newPage(guestCtx) });
  } finally {
    await hostCtx.close();
    await guestCtx.close();
    await server.stop();
  }
}

test('online: moves come as small `moved` messages; a page that misses one asks `sync` and catches up', async () => {
  await withTwoPages(async ({ server, host, guest }) => {
    // The guest's WebSocket goes through the test, which counts the messages
    // and drops the `moved` of ply 4 (the guest's own move coming back).
    const seen = { hello: null, moved: 0, states: 0, syncs: 0, dropped: 0 };
    await guest.routeWebSocket(/\/ws$/, (ws) => {
      const srv = ws.connectToServer();
      ws.onMessage((m) => {
        const msg = JSON.parse(m);
        if (msg.type === 'hello') seen.hello = msg.protocol;
        if (msg.type === 'sync') seen.syncs += 1;
        srv.send(m);
      });
      srv.onMessage((m) => {
        const msg = JSON.parse(m);
        if (msg.type === 'state') seen.states += 1;
        if (msg.type === 'moved') {
          seen.moved += 1;
          assert.equal(msg.board, undefined, 'a moved carries no board');
          if (msg.ply === 4 && !seen.dropped) {
            seen.dropped += 1;
            return;
          }
        }
        ws.send(m);
      });
    });
    await hostAndJoin(host, server.url, guest);
    const rand = rng(7);
    const record = (p) => p.locator('#record li').allTextContents();
    const sides = [host, guest];
    for (let ply = 0; ply < 6; ply++) {
      const mover = sides[ply % 2];
      assert.equal(await waitForTurn(mover, 20000), false);
      // The guest's move of ply 3 does not come back to it: the page finds
      // out at the next `moved` (or a stale_ply refusal) and asks `sync`.
      const played = await playOneMove(mover, rand);
      if (ply !== 3) assert.ok(played);
      await sides[(ply + 1) % 2].waitForFunction(pliesAre, ply + 1);
    }
    await guest.waitForFunction(pliesAre, 6);
    assert.deepEqual(await record(guest), await record(host), 'the resynced page has the same record');
    console.log(`# guest: protocol ${seen.hello}, ${seen.moved} moved, ${seen.states} states, ${seen.syncs} syncs`);
    assert.equal(seen.hello, 2, 'the page speaks protocol 2');
    assert.equal(seen.dropped, 1);
    assert.ok(seen.moved >= 5, 'moves came as moved');
    assert.ok(seen.syncs >= 1, 'the page asked for the full state after the gap');
    // Full states: the join's, and one per sync; none per move.
    assert.equal(seen.states, 1 + seen.syncs);
    assertClean(host, guest);
  });
});

/** Routes the page's `/ws` sockets to the server, except that each `join`
 * `redirect()` says yes to is answered by a `redirect` to `url` (an address
 * the page's Content-Security-Policy does not list: the browser blocks that
 * socket, which then fires `error` and never `close`) and closed. */
async function redirectJoins(page, url, redirect) {
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const srv = ws.connectToServer();
    ws.onMessage((m) => {
      const msg = JSON.parse(m);
      if (msg.type === 'join' && redirect()) {
        ws.send(JSON.stringify({ type: 'redirect', code: msg.code, url }));
        ws.close();
        return;
      }
      srv.send(m);
    });
    srv.onMessage((m) => ws.send(m));
  });
}

/** The console error of a socket to `ws://127.0.0.1:9` that the browser blocks. */
const BLOCKED = 'ws://127.0.0.1:9';
const blockedByCsp = /^console error: Connecting to 'ws:\/\/127\.0\.0\.1:9\/' violates the following Content Security Policy directive/;

test('online: a `redirect` to an address the page may not open (an instance missing from --connect-src) is a lost connection; the page goes back to its origin', async () => {
  await withTwoPages(async ({ server, host, guest }) => {
    // The guest's first `join` is redirected to an address the browser blocks.
    let joins = 0;
    await redirectJoins(guest, BLOCKED, () => ++joins === 1);
    await hostAndJoin(host, server.url, guest);
    assert.equal(await waitForTurn(host, 20000), false, 'the guest got its seat');
    await guest.waitForFunction(() => document.body.dataset.connection === 'connected');
    assert.equal(joins, 2, 'one join redirected, the next one let through');
    assert.ok(guest.problems.some((p) => blockedByCsp.test(p)), `the browser blocked the redirect's socket: ${guest.problems}`);
    guest.problems = guest.problems.filter((p) => !blockedByCsp.test(p));
    assert.ok(await playOneMove(host, rng(3)));
    await guest.waitForFunction(pliesAre, 1);
    assertClean(host, guest);
  });
});

test('online: `redirect`s that keep failing back off (not a connection every few hundred ms), and the page gets in once they stop', async () => {
  await withTwoPages(async ({ server, host, guest }) => {
    // Every `join` is redirected to an address the browser blocks (a cluster
    // whose --connect-src misses an instance) until `redirecting` ends.
    let redirecting = true;
    let joins = 0;
    await redirectJoins(guest, BLOCKED, () => {
      if (redirecting) joins += 1;
      return redirecting;
    });
    await hostAndJoin(host, server.url, guest);
    await guest.waitForTimeout(6000);
    // Backing off (0.25, 0.5, 1, 2, 4 s, each plus a connection): five tries
    // in 6 s; a delay started over at each `welcome` made nine.
    assert.ok(joins >= 2 && joins <= 6, `${joins} joins redirected in 6 s`);
    console.log(`# ${joins} joins redirected in 6 s`);
    redirecting = false;
    assert.equal(await waitForTurn(host, 20000), false, 'the guest got its seat once the redirects stopped');
    await guest.waitForFunction(() => document.body.dataset.connection === 'connected');
    guest.problems = guest.problems.filter((p) => !blockedByCsp.test(p));
    assert.ok(await playOneMove(host, rng(4)));
    await guest.waitForFunction(pliesAre, 1);
    assertClean(host, guest);
  });
});
