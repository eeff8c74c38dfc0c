// Real-browser tests of the page that `board-online serve` serves: Playwright
// (playwright-core) driving Debian's chromium headless. Each test starts its
// own server on a free loopback port with a temporary database (the test of
// two instances: its own throwaway PostgreSQL, found as the Rust tests find
// it; skipped, saying so, only when there is no initdb), and fails on any
// page error or console error. Screenshots go to target/web-artifacts/.
//
//   node tests-web/run.mjs            (after scripts/build-web and a release build)
//
// Environment: CHROMIUM (default /usr/bin/chromium), BOARD_ONLINE (default
// target/release/board-online), WEB_TEST_GAMES (default all three games).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = process.env.BOARD_ONLINE ?? join(ROOT, 'target/release/board-online');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARTIFACTS = join(ROOT, 'target/web-artifacts');
const GAMES = (process.env.WEB_TEST_GAMES ?? 'echec-o-cube,kybo,chess3d').split(',');
/** The computer's budget in the tests (the page's ?ms= parameter). */
const MS = 20;
/** The seed of the clicks and of the computer (WEB_TEST_SEED to vary it). */
const SEED = Number(process.env.WEB_TEST_SEED ?? 1);
/** Plies at most in a game played by clicks; a game that is not over by then fails. */
const MAX_PLIES = 1500;

for (const [what, path] of [['the server binary', BIN], ['chromium', CHROMIUM], ['the wasm build', join(ROOT, 'board-online/web/pkg/board_web_bg.wasm')]]) {
  if (!existsSync(path)) {
    console.error(`error: ${what} is missing: ${path}`);
    process.exit(1);
  }
}
mkdirSync(ARTIFACTS, { recursive: true });

let browser;
before(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
});
after(async () => {
  await browser?.close();
});

/** `board-online serve` on a free port (or `addr`) with a temporary
 * database (or the one in `dir`), or on the PostgreSQL database `db` (a
 * `postgres://` URL; no directory then), plus the serve options `args`;
 * `stop()` ends it, `stop(true)` keeps the database for a restart, `kill()`
 * ends it with SIGKILL (a crash). */
async function startServer({ addr = '127.0.0.1:0', db, dir = db ? null : mkdtempSync(join(tmpdir(), 'board-web-test-')), args = [] } = {}) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await spawnServer(addr, dir, db, args);
    } catch (e) {
      // A port just freed may take a moment.
      if (attempt >= 20 || addr.endsWith(':0')) throw e;
      await new Promise((ok) => setTimeout(ok, 250));
    }
  }
}

async function spawnServer(addrWanted, dir, db, args) {
  const child = spawn(BIN, ['serve', '--addr', addrWanted, '--db', db ?? join(dir, 'games.sqlite3'), '--web', join(ROOT, 'board-online/web'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  child.stderr.on('data', (d) => log.push(String(d)));
  const lines = createInterface({ input: child.stdout });
  const addr = await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`the server did not start: ${log.join('')}`)), 30000);
    lines.on('line', (line) => {
      const m = /^listening on (.+)$/.exec(line);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the server exited (${code}): ${log.join('')}`));
    });
  });
  const end = async (signal) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((ok) => child.on('exit', ok));
      child.kill(signal);
      await exited;
    }
  };
  return {
    url: `http://${addr}/`,
    addr,
    dir,
    log,
    async stop(keep = false) {
      await end('SIGTERM');
      if (dir && !keep) rmSync(dir, { recursive: true, force: true });
    },
    async kill() {
      await end('SIGKILL');
    },
  };
}

/** A new page that records every page error and console error. */
async function newPage(context, { touch = false } = {}) {
  const page = await context.newPage();
  page.touch = touch; // the board is touched, not clicked
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') page.problems.push(`console error: ${m.text()}`);
  });
  return page;
}

function assertClean(...pages) {
  for (const p of pages) assert.deepEqual(p.problems, [], 'no page or console errors');
}

/** Chromium's own console line for a WebSocket that cannot connect (the
 * server is down on purpose), which is not the page's error. */
const refusedSocket = /^console error: WebSocket connection to .* failed/;

/** Clicks a place of the board for real (the mouse at a point where the
 * topmost element belongs to that place). `kind`: 'target' (lit targets,
 * captures preferred), 'playable'. Returns the place clicked or null. */
async function clickBoard(page, kind, rand) {
  const point = await page.evaluate(({ kind, r }) => {
    const board = document.getElementById('board');
    const sel = kind === 'target' ? '.target-place' : '.playable';
    const places = [...new Set([...board.querySelectorAll(sel)].map((e) => e.getAttribute('data-place')))];
    if (places.length === 0) return null;
    let pool = places;
    if (kind === 'target') {
      // Captures end a chess game sooner.
      const captures = places.filter((p) => board.querySelector(`.piece[data-place="${CSS.escape(p)}"]`));
      if (captures.length) pool = captures;
    }
    const start = Math.floor(r * pool.length);
    for (let k = 0; k < pool.length; k++) {
      const place = pool[(start + k) % pool.length];
      for (const el of board.querySelectorAll(`${sel}[data-place="${CSS.escape(place)}"]`)) {
        el.scrollIntoView({ block: 'center', inline: 'center' });
        const b = el.getBoundingClientRect();
        for (let i = 1; i < 8; i++) {
          for (let j = 1; j < 8; j++) {
            const x = b.left + (b.width * i) / 8;
            const y = b.top + (b.height * j) / 8;
            const hit = document.elementFromPoint(x, y)?.closest('[data-place]');
            if (hit && hit.getAttribute('data-place') === place) return { x, y, place };
          }
        }
      }
    }
    return { x: -1, y: -1, place: null, none: places.slice(0, 5) };
  }, { kind, r: rand() });
  if (!point) return null;
  assert.ok(point.place, `no clickable point on any ${kind} place (${point.none})`);
  if (page.touch) await page.touchscreen.tap(point.x, point.y);
  else await page.mouse.click(point.x, point.y);
  return point.place;
}

/** The number of moves played (the record lists chess3d in move pairs). */
async function pliesOf(page) {
  return page.evaluate(() => Number(document.getElementById('record').dataset.plies));
}
const pliesAre = (n) => Number(document.getElementById('record').dataset.plies) === n;

/** A small seeded generator, so a failing game can be replayed. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** One move by clicks, once it is the person's turn: a place, then a
 * target or a choice button if the page asks. */
async function playOneMove(page, rand) {
  const before = await pliesOf(page);
  page.steps = [];
  for (let step = 0; step < 6; step++) {
    const choices = page.locator('#choices button');
    if (await choices.count()) {
      await choices.nth(Math.floor(rand() * (await choices.count()))).click();
    } else if (await page.locator('#board .target-place').count()) {
      await clickBoard(page, 'target', rand);
    } else {
      const actions = page.locator('#actions button');
      const playable = await page.locator('#board .playable').count();
      if (await actions.count() && (playable === 0 || rand() < 0.3)) {
        await actions.first().click();
      } else {
        await clickBoard(page, 'playable', rand);
      }
    }
    page.steps.push(await page.evaluate(() => ({
      message: document.getElementById('message').textContent,
      choices: [...document.querySelectorAll('#choices button')].map((b) => b.textContent),
      targets: [...new Set([...document.querySelectorAll('#board .target-place')].map((e) => e.getAttribute('data-place')))],
      selected: document.querySelector('#board .highlight.selected')?.getAttribute('data-place') ?? null,
    })));
    const moved = await pliesOf(page);
    if (moved !== before || (await page.locator('#outcome').textContent())) return true;
  }
  return false;
}

/** Waits until it is the person's turn (the board lit) or the game is over. */
async function waitForTurn(page, timeout = 60000) {
  await page.waitForFunction(
    () => document.getElementById('outcome').textContent !== '' || document.getElementById('board').classList.contains('my-turn'),
    null,
    { timeout },
  );
  return (await page.locator('#outcome').textContent()) !== '';
}

/** A desktop window and a phone (touch only) for the whole games. */
const PLAY_SIZES = [
  { tag: 'desktop', how: 'clicks', viewport: { width: 1280, height: 900 } },
  { tag: 'phone', how: 'touch', viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
];

for (const game of GAMES) for (const { tag, how, ...size } of PLAY_SIZES) {
  test(`${game}, ${tag}: a whole game against the computer, played by ${how} to its end`, async () => {
    const server = await startServer();
    const context = await browser.newContext(size);
    const page = await newPage(context, { touch: !!size.hasTouch });
    try {
      await page.goto(`${server.url}?ms=${MS}&seed=${SEED}`);
      await page.selectOption('#game-select', game);
      await page.check('input[name=mode][value=computer]');
      await page.click('#start');
      const rand = rng(SEED * 7919 + game.length);
      let plies = 0;
      while (!(await waitForTurn(page))) {
        assert.ok(plies < MAX_PLIES, `the game is not over after ${plies} clicked moves`);
        assert.ok(await playOneMove(page, rand), `a click on the board played a move: ${JSON.stringify(page.steps)}`);
        plies += 1;
      }
      const outcome = await page.locator('#outcome').textContent();
      const moves = await pliesOf(page);
      console.log(`# ${game}, ${tag}: ${outcome} after ${moves} plies (${plies} by ${how})`);
      assert.match(outcome, /wins|draw|drawn/i);
      assert.ok(moves >= plies * 2 - 1, 'the computer answered every move');
      assert.equal(await page.locator('#turn').textContent(), 'Game over');
      assert.equal(await page.locator('#board .playable').count(), 0, 'nothing to play once over');
      // The record, downloaded: the page's own record text.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-record')]);
      assert.equal(download.suggestedFilename(), `${game}.txt`);
      const text = readFileSync(await download.path(), 'utf8');
      assert.ok(text.trim().length > 0, 'the downloaded record is not empty');
      await page.screenshot({ path: join(ARTIFACTS, `${game}-${tag}-end.png`), fullPage: true });
      assertClean(page);
    } finally {
      await context.close();
      await server.stop();
    }
  });
}

test('online: host and join by code, play, reload mid-game, a refused move shows the server\'s reason', async () => {
  let server = await startServer();
  const hostCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const guestCtx = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
  const host = await newPage(hostCtx);
  const guest = await newPage(guestCtx, { touch: true });
  try {
    await host.goto(server.url);
    await host.selectOption('#game-select', 'kybo');
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

// ------------------------------------------------- several instances

/** Where `initdb` and `pg_ctl` are: Debian's newest
 * /usr/lib/postgresql/N/bin, else the PATH; null when there is none. */
function pgBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base).filter((v) => /^\d+$/.test(v) && existsSync(join(base, v, 'bin/initdb'))).sort((a, b) => a - b)
    : [];
  if (versions.length) return join(base, versions.at(-1), 'bin');
  return (process.env.PATH ?? '').split(':').find((d) => d && existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl'))) ?? null;
}

/** A free loopback port (free when asked; a server given it retries). */
async function freePort() {
  const probe = createServer();
  await new Promise((ok) => probe.listen(0, '127.0.0.1', ok));
  const { port } = probe.address();
  await new Promise((ok) => probe.close(ok));
  return port;
}

/** A throwaway PostgreSQL cluster, as the Rust tests start one
 * (board-online/tests/online/pgcluster.rs): `initdb` in a temporary
 * directory, `pg_ctl start` on a free loopback port, as the `postgres` user
 * when run as root (initdb refuses root). `stop()` stops it at once and
 * removes the directory. */
async function startPostgres(bin) {
  const dir = mkdtempSync(join(tmpdir(), 'board-web-pg-'));
  const data = join(dir, 'data');
  const root = process.getuid?.() === 0;
  const run = (tool, args) => {
    const exe = join(bin, tool);
    const r = root
      ? spawnSync('runuser', ['-u', 'postgres', '--', exe, ...args], { cwd: dir, encoding: 'utf8' })
      : spawnSync(exe, args, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${tool} failed (${r.status ?? r.error}): ${`${r.stderr}${r.stdout}`.slice(0, 1000)}`);
  };
  const stop = () => {
    try {
      run('pg_ctl', ['stop', '-m', 'immediate', '-D', data]);
    } catch { /* not started */ }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (root) {
      const r = spawnSync('chown', ['postgres:postgres', dir], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`chown postgres ${dir}: ${r.stderr} (is Debian's postgres user there?)`);
    }
    const port = await freePort();
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    run('pg_ctl', ['start', '-w', '-t', '30', '-D', data, '-l', join(dir, 'log'),
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`]);
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (e) {
    stop();
    throw e;
  }
}

/** A TCP proxy on a free loopback port, as a load balancer in front of the
 * instances (board-online/DEPLOY.md, "Behind a proxy"): each connection
 * goes to the first of `backends()` (host:port) that accepts it, so when
 * one dies the next gets the new connections. */
async function startProxy(backends) {
  const open = new Set();
  const track = (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => {});
  };
  const server = createServer((client) => {
    track(client);
    const tryFrom = (list) => {
      if (!list.length || client.destroyed) {
        client.destroy();
        return;
      }
      const [host, port] = [list[0].slice(0, list[0].lastIndexOf(':')), Number(list[0].slice(list[0].lastIndexOf(':') + 1))];
      const up = connect(port, host);
      track(up);
      let piped = false;
      up.once('error', () => {
        if (!piped) tryFrom(list.slice(1));
      });
      up.once('connect', () => {
        piped = true;
        client.pipe(up);
        up.pipe(client);
        up.on('close', () => client.destroy());
        client.on('close', () => up.destroy());
      });
    };
    tryFrom(backends());
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      for (const s of open) s.destroy();
      await new Promise((ok) => server.close(ok));
    },
  };
}

test('online, two instances on one PostgreSQL: joined through B, redirected to A; A killed, both pages back in the game through B, no move lost', async (t) => {
  const bin = pgBin();
  if (!bin) {
    console.log('# SKIPPED: no initdb (PostgreSQL is not installed; apt-get install postgresql, as .ci/run does)');
    t.skip('no initdb: PostgreSQL is not installed');
    return;
  }
  const started = Date.now();
  const pg = await startPostgres(bin);
  const servers = [];
  const contexts = [];
  let proxy;
  try {
    // Each instance at its own public address; short leases so that a
    // dead owner's game is taken over in seconds.
    const [portA, portB] = [await freePort(), await freePort()];
    const publicOf = (port) => `ws://127.0.0.1:${port}`;
    const instance = async (id, port) => {
      const server = await startServer({
        addr: `127.0.0.1:${port}`,
        db: pg.url,
        args: ['--instance-id', id, '--public-addr', publicOf(port), '--lease-ttl', '1.5',
          '--connect-src', publicOf(portA), '--connect-src', publicOf(portB)],
      });
      servers.push(server);
      return server;
    };
    const a = await instance('a', portA);
    const b = await instance('b', portB);
    // Page 1 comes through the proxy, which sends it to A while A lives:
    // A's page, and its game runs on A. Page 2 opens B's own page.
    proxy = await startProxy(() => [a.addr, b.addr]);
    const hostCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const guestCtx = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
    contexts.push(hostCtx, guestCtx);
    const host = await newPage(hostCtx);
    const guest = await newPage(guestCtx, { touch: true });
    // Each page's sockets, and the messages it received (type, at).
    const sockets = new Map([[host, []], [guest, []]]);
    const received = new Map([[host, []], [guest, []]]);
    for (const [p, urls] of sockets) {
      p.on('websocket', (ws) => {
        urls.push(ws.url());
        ws.on('framereceived', ({ payload }) => {
          try {
            received.get(p).push({ type: JSON.parse(payload).type, at: Date.now(), url: ws.url() });
          } catch { /* not JSON */ }
        });
      });
    }
    const until = async (what, ok, timeout = 20000) => {
      const end = Date.now() + timeout;
      while (!ok()) {
        assert.ok(Date.now() < end, `${what} within ${timeout} ms`);
        await new Promise((done) => setTimeout(done, 50));
      }
    };

    const code = await hostAndJoin(host, proxy.url, guest, b.url);
    const healthA = await (await fetch(`${a.url}healthz`)).text();
    assert.match(healthA, /instance: a/);
    assert.equal(await waitForTurn(host, 20000), false);
    await guest.waitForFunction(() => document.body.dataset.connection === 'connected');
    // B answered `redirect`: the guest's second socket went to A's public address.
    const guestUrls = sockets.get(guest);
    console.log(`# guest sockets: ${guestUrls.join(', ')}`);
    assert.equal(guestUrls[0], `ws://${b.addr}/ws`, 'the guest asked its own origin, B, first');
    assert.ok(guestUrls.slice(1).some((u) => u.startsWith(publicOf(portA))), 'the guest followed the redirect to A');
    await guest.screenshot({ path: join(ARTIFACTS, 'cluster-joined.png'), fullPage: true });

    const rand = rng(2026);
    const record = (p) => p.locator('#record li').allTextContents();
    const sides = [host, guest];
    const play = async (ply) => {
      const mover = sides[ply % 2];
      assert.equal(await waitForTurn(mover, 20000), false);
      assert.ok(await playOneMove(mover, rand), `ply ${ply + 1} played by clicks`);
      await sides[(ply + 1) % 2].waitForFunction(pliesAre, ply + 1, { timeout: 20000 });
    };
    const BEFORE = 6;
    for (let ply = 0; ply < BEFORE; ply++) await play(ply);
    const played = await record(host);
    assert.equal(played.length, BEFORE);
    assert.deepEqual(await record(guest), played, 'both see the same record');

    // The owner dies at once: no lease handed back, its sockets cut.
    const killedAt = Date.now();
    await a.kill();
    for (const p of sides) await p.waitForFunction(() => /^disconnected/.test(document.body.dataset.connection ?? ''), null, { timeout: 10000 });
    // Back in the game: the seat resumed (`resumed`, then the full state)
    // on a socket opened after the kill, A being dead.
    const resumedAfterKill = (p) => received.get(p).find((m) => m.type === 'resumed' && m.at > killedAt);
    for (const p of sides) await until('the page resumed its seat after the kill', () => resumedAfterKill(p));
    for (const p of sides) await p.waitForFunction(pliesAre, BEFORE, { timeout: 20000 });
    console.log(`# both pages back in the game ${Math.max(...sides.map((p) => resumedAfterKill(p).at)) - killedAt} ms after A was killed`);
    const redirects = sides.map((p) => received.get(p).filter((m) => m.type === 'redirect' && m.at > killedAt).length);
    console.log(`# redirects to the dead A meanwhile: host ${redirects[0]}, guest ${redirects[1]}`);
    assert.deepEqual(await record(host), played, 'the host\'s record after recovery holds every move played before the kill');
    assert.deepEqual(await record(guest), played, 'the guest\'s too');
    // B runs the game now: it took it over from the stored moves.
    const takeoverLine = () => b.log.join('').split('\n').find((l) => l.includes('took the game over') && l.includes(code));
    await until('B logs the takeover', takeoverLine, 5000);
    const takeover = takeoverLine();
    console.log(`# B: ${takeover}`);
    assert.ok(takeover, `B took the game over: ${b.log.join('').slice(-2000)}`);
    assert.match(takeover, new RegExp(`plies=${BEFORE}\\b`), 'from the stored moves, all of them');
    assert.equal(resumedAfterKill(guest).url, `ws://${b.addr}/ws`, 'the guest resumed on its origin, B');
    assert.equal(resumedAfterKill(host).url, `${proxy.url.replace('http', 'ws')}ws`, 'the host resumed through the proxy, on B');

    // Play continues, on B.
    for (let ply = BEFORE; ply < BEFORE + 2; ply++) await play(ply);
    assert.deepEqual(await record(guest), await record(host));
    assert.deepEqual((await record(host)).slice(0, BEFORE), played);
    const stored = await (await fetch(`${b.url}games/${code}`)).text();
    console.log(`# the record on B:\n${stored.trim().split('\n').map((l) => `#   ${l}`).join('\n')}`);
    for (const p of sides) {
      // Sockets refused while A was dead are the browser's own lines.
      p.problems = p.problems.filter((line) => !refusedSocket.test(line));
    }
    await host.screenshot({ path: join(ARTIFACTS, 'cluster-recovered.png'), fullPage: true });
    await guest.screenshot({ path: join(ARTIFACTS, 'cluster-recovered-guest.png'), fullPage: true });
    assertClean(host, guest);
    console.log(`# the cluster test took ${Date.now() - started} ms`);
  } finally {
    for (const c of contexts) await c.close();
    await proxy?.stop();
    for (const s of servers) await s.stop();
    pg.stop();
  }
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

/** `host` creates an online KYBO game on the page at `hostUrl`; `guest`
 * asks to join it from the page at `guestUrl`. The game's code. */
async function hostAndJoin(host, hostUrl, guest, guestUrl = hostUrl) {
  await host.goto(hostUrl);
  await host.selectOption('#game-select', 'kybo');
  await host.check('input[name=mode][value=online]');
  await host.click('#create');
  await host.waitForFunction(() => document.getElementById('code').textContent.length === 6);
  const code = await host.locator('#code').textContent();
  await guest.goto(guestUrl);
  await guest.check('input[name=mode][value=online]');
  await guest.fill('#join-code', code);
  await guest.click('#join');
  return code;
}

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

test('installable and offline: after one visit the page plays against the computer without a network; online play says the network is gone', async () => {
  const server = await startServer();
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });
  const page = await newPage(context, { touch: true });
  try {
    await page.goto(`${server.url}?ms=${MS}&seed=${SEED}`);
    // Installable: the manifest is linked and served, with a name, a start and an icon.
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel=manifest]').href;
      const res = await fetch(href);
      return { type: res.headers.get('content-type'), body: await res.json() };
    });
    assert.match(manifest.type, /^application\/(manifest\+)?json/);
    assert.equal(manifest.body.display, 'standalone');
    assert.ok(manifest.body.name && manifest.body.short_name && manifest.body.start_url && manifest.body.theme_color);
    // Every icon is served as what it says, PNGs at 192 and 512 px among them.
    for (const { src, type } of manifest.body.icons) {
      const got = await page.evaluate(async (src) => {
        const res = await fetch(src);
        return { status: res.status, type: res.headers.get('content-type') };
      }, src);
      assert.equal(got.status, 200, `the icon ${src} is served`);
      assert.equal(got.type, type, `${src} is ${type}`);
    }
    assert.deepEqual(manifest.body.icons.filter((i) => i.type === 'image/png').map((i) => i.sizes).sort(), ['192x192', '512x512']);
    // The service worker takes the page over (at once, or after one reload).
    await page.evaluate(() => navigator.serviceWorker.ready);
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    await page.waitForFunction(() => document.body.classList.contains('ready'));

    // No network: the page comes back from the cache and plays.
    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 20000 });
    assert.equal(await page.evaluate(() => navigator.onLine), false);
    const game = GAMES[0];
    await page.selectOption('#game-select', game);
    await page.check('input[name=mode][value=computer]');
    await page.click('#start');
    const rand = rng(SEED * 31 + game.length);
    assert.equal(await waitForTurn(page), false);
    const before = await pliesOf(page);
    assert.ok(await playOneMove(page, rand), `a move played offline: ${JSON.stringify(page.steps)}`);
    // The computer (in its worker, loaded from the cache) answers.
    await page.waitForFunction((n) => Number(document.getElementById('record').dataset.plies) >= n + 2, before, { timeout: 20000 });
    await page.screenshot({ path: join(ARTIFACTS, 'offline-phone.png'), fullPage: true });

    // Online play without a network says so plainly.
    await page.click('#new-game');
    await page.check('input[name=mode][value=online]');
    await page.click('#create');
    await page.locator(':is(#connection, #setup-message)', { hasText: 'No network' }).first().waitFor({ state: 'visible' });
    await page.screenshot({ path: join(ARTIFACTS, 'offline-online-phone.png'), fullPage: true });
    page.problems = page.problems.filter((line) => !refusedSocket.test(line));
    assertClean(page);
  } finally {
    await context.close();
    await server.stop();
  }
});

test('a refused typed move shows its reason and changes nothing (against the computer)', async () => {
  const server = await startServer();
  const context = await browser.newContext();
  const page = await newPage(context);
  try {
    await page.goto(`${server.url}?ms=${MS}`);
    await page.selectOption('#game-select', 'chess3d');
    await page.click('#start');
    await waitForTurn(page);
    // Black moves first (C3-13): a pawn cannot go five ranks.
    await page.fill('#move-text', 'N2/E7-N2/E2');
    await page.press('#move-text', 'Enter');
    const reason = await page.locator('#message').textContent();
    console.log(`# refused: ${reason}`);
    assert.match(reason, /^Refused: .*\(C3-\d+\)/, 'the reason names the rule');
    assert.equal(await pliesOf(page), 0);
    await page.fill('#move-text', 'n2/e7-n2/e6');
    await page.press('#move-text', 'Enter');
    await page.waitForFunction(pliesAre, 2);
    assert.equal(await page.locator('#message').textContent(), '');
    // Undo takes back the computer's answer and the move.
    await waitForTurn(page);
    await page.click('#undo');
    assert.equal(await pliesOf(page), 0);
    // No repetition and no 50 moves yet: no draw to claim, so no button.
    assert.equal(await page.locator('#claim-draw').isHidden(), true, '"Claim a draw" only when one can be claimed');
    assert.equal(await page.locator('#outcome').textContent(), '');
    assertClean(page);
  } finally {
    await context.close();
    await server.stop();
  }
});

test('a 375×667 phone viewport shows each board whole', async () => {
  const server = await startServer();
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await newPage(context, { touch: true });
  try {
    for (const game of GAMES) {
      await page.goto(`${server.url}?ms=${MS}`);
      await page.selectOption('#game-select', game);
      await page.check('input[name=mode][value=local]');
      await page.click('#start');
      const box = await page.locator('#board svg').first().boundingBox();
      assert.ok(box, 'the board is drawn');
      assert.ok(box.x >= 0 && box.x + box.width <= 375 + 0.5, `${game}: the board fits the width (${JSON.stringify(box)})`);
      assert.ok(box.height > 100, `${game}: the board is not squashed (${box.height}px)`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(overflow <= 375, `${game}: the page does not scroll sideways (${overflow}px)`);
      // A touch plays too.
      assert.ok(await playOneMove(page, rng(7)));
      if (game === 'chess3d') {
        // The levels stacked, top level first, each square at least 36 px:
        // a move between levels is seen whole without zooming.
        const views = await page.evaluate(() => [...document.querySelectorAll('#board svg.level-view')].map((v) => {
          const cell = v.querySelector('.cell rect').getBoundingClientRect();
          return { level: v.querySelector('g.level').getAttribute('data-level'), side: Math.min(cell.width, cell.height), top: v.getBoundingClientRect().top };
        }));
        assert.deepEqual(views.map((v) => v.level), ['N3', 'N2', 'N1'], 'the levels stacked, N3 on top');
        for (const v of views) assert.ok(v.side >= 36, `${v.level}: a square is ${v.side.toFixed(1)} px`);
        assert.ok(views[0].top < views[1].top && views[1].top < views[2].top);
        assert.equal(await page.locator('#zoom').isHidden(), true, 'no zoom needed');
        assert.ok(await playOneMove(page, rng(8)));
      }
      await page.screenshot({ path: join(ARTIFACTS, `${game}-phone.png`), fullPage: true });
      await page.click('#new-game');
    }
    assertClean(page);
  } finally {
    await context.close();
    await server.stop();
  }
});

test('the computer thinks in a Web Worker: the page answers while it thinks', async () => {
  const server = await startServer();
  const context = await browser.newContext();
  const page = await newPage(context);
  try {
    // hard: 2 s a move; the person plays second, so the computer starts.
    await page.goto(server.url);
    await page.selectOption('#game-select', 'echec-o-cube');
    await page.selectOption('#level', 'hard');
    await page.selectOption('#side', 'second');
    await page.click('#start');
    await page.waitForFunction(() => /thinking/.test(document.getElementById('turn').textContent));
    const started = Date.now();
    let answers = 0;
    let slowest = 0;
    while (/thinking/.test(await page.locator('#turn').textContent())) {
      const t = Date.now();
      await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => ok())));
      slowest = Math.max(slowest, Date.now() - t);
      answers += 1;
      assert.ok(Date.now() - started < 20000, 'the computer answers');
    }
    const took = Date.now() - started;
    console.log(`# while the computer thought ${took} ms: ${answers} frames, the slowest ${slowest} ms`);
    assert.ok(took >= 1500, `hard thinks about 2 s (${took} ms)`);
    assert.ok(answers >= 10, `the page drew frames while the computer thought (${answers})`);
    assert.ok(slowest < 1000, `no frame waited for the computer (${slowest} ms)`);
    assert.equal(await pliesOf(page), 1);
    assertClean(page);
  } finally {
    await context.close();
    await server.stop();
  }
});

const SIZES = [
  { tag: 'desktop', viewport: { width: 1280, height: 900 } },
  { tag: 'phone', viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
];

/** The legal places the page marks: [{place, label, kind}]. */
async function legalPlaces(page) {
  return page.evaluate(() => [...document.querySelectorAll('#board [data-legal]')].map((e) => ({
    place: e.getAttribute('data-place'),
    label: e.getAttribute('aria-label'),
    kind: e.getAttribute('data-legal'),
    role: e.getAttribute('role'),
  })));
}

for (const { tag, ...size } of SIZES) {
  test(`${tag}: legal places are marked and named on the person's turn only, the status is in words`, async () => {
    const server = await startServer();
    const context = await browser.newContext(size);
    const page = await newPage(context, { touch: !!size.hasTouch });
    try {
      for (const game of GAMES) {
        // The person plays second: first the computer's turn, nothing lit.
        await page.goto(`${server.url}?ms=300&seed=3`);
        await page.selectOption('#game-select', game);
        await page.selectOption('#side', 'second');
        await page.click('#start');
        assert.match(await page.locator('#turn').textContent(), /thinking/);
        assert.deepEqual(await legalPlaces(page), [], `${game}: nothing lit while the computer thinks`);
        assert.equal(await waitForTurn(page), false);
        const legal = await legalPlaces(page);
        assert.ok(legal.length > 0, `${game}: legal places lit on the person's turn`);
        for (const l of legal) {
          assert.ok(l.label && l.label.includes(l.place), `${game}: ${l.place} is named (${l.label})`);
          assert.equal(l.role, 'button');
        }
        const status = await page.locator('#status').innerText();
        const turn = await page.locator('#turn').textContent();
        const players = await page.locator('#players').textContent();
        console.log(`# ${tag} ${game}: ${turn} | ${players} | ${status.replace(/\n/g, ' / ')}`);
        assert.match(turn, /to move \(you\)$/);
        assert.match(players, /^You play \w+; the computer plays \w+\.$/);
        assert.doesNotMatch(status, /supply|\d+[PF]\b|final count/i, 'no shorthand, no final count during the game');
        const hint = await page.locator('#hint').textContent();
        if (game === 'echec-o-cube') {
          assert.match(status, /Two: 0 points; 50 pale and 20 dark left/);
          assert.match(hint, /every piece must touch one of the other colour/);
          assert.ok(legal.every((l) => /^groove /.test(l.label)), 'grooves');
          const fill = await page.evaluate((p) => getComputedStyle(document.querySelector(`#board .segment[data-place="${p}"] rect`)).fill, legal[0].place);
          assert.equal(fill, 'rgb(79, 174, 122)', 'a legal groove is drawn lit');
        } else if (game === 'kybo') {
          assert.match(status, /White: 1 cube placed/);
          assert.ok(legal.every((l) => /lands on level \d/.test(l.label)), 'each square says its landing level');
          // Each legal square is drawn: a ghost cube where the cube lands.
          const ghosts = await page.locator('#board .highlight.target').count();
          assert.equal(ghosts, legal.length);
        } else {
          assert.match(status, /White: king, queen, 2 rooks, 2 bishops, 2 knights, 8 pawns/);
          assert.ok(legal.every((l) => l.kind === 'start' && /: pick it up$/.test(l.label)), 'movable pieces');
          assert.equal(await page.locator('#claim-draw').isHidden(), true, 'no draw to claim');
          // A piece chosen: its targets are marked too.
          await clickBoard(page, 'playable', rng(5));
          const after = await legalPlaces(page);
          const targets = after.filter((l) => l.kind === 'target');
          assert.ok(targets.length > 0 && targets.every((l) => /^move to /.test(l.label)), 'the chosen piece\'s targets');
          await page.screenshot({ path: join(ARTIFACTS, `${game}-${tag}-chosen.png`), fullPage: true });
          await clickBoard(page, 'target', rng(5));
          await waitForTurn(page);
          const record = await page.locator('#record li').allTextContents();
          assert.equal(await pliesOf(page), 3);
          assert.deepEqual(record.length, 2, 'the record in move pairs');
          assert.match(record[0], /^\S+ \S+$/, `a pair of short moves (${record[0]})`);
        }
        await page.screenshot({ path: join(ARTIFACTS, `${game}-${tag}.png`), fullPage: true });
      }
      assertClean(page);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test(`${tag}: the rules, from the setup screen and during a game, with pictures`, async () => {
    const server = await startServer();
    const context = await browser.newContext(size);
    const page = await newPage(context, { touch: !!size.hasTouch });
    try {
      await page.goto(`${server.url}?ms=${MS}`);
      await page.selectOption('#game-select', 'kybo');
      await page.getByRole('button', { name: 'Rules' }).click();
      const dialog = page.locator('dialog#rules');
      assert.equal(await dialog.isVisible(), true);
      assert.equal(await page.locator('#rules-kybo').isVisible(), true, 'opens at the game chosen');
      for (const game of GAMES) {
        await page.click(`#rules-tab-${game}`);
        const panel = page.locator(`#rules-${game}`);
        const text = await panel.innerText();
        for (const part of ['The goal', 'A move', 'The end and the score']) assert.ok(text.includes(part), `${game}: ${part}`);
        assert.ok(text.length > 600, `${game}: written out (${text.length} characters)`);
        assert.ok(await panel.locator('figure svg').count() >= 1, `${game}: a picture`);
        assert.ok((await panel.locator('figure svg [data-place]').count()) > 0, `${game}: drawn by the game's SVG`);
        await page.screenshot({ path: join(ARTIFACTS, `rules-${game}-${tag}.png`), fullPage: false });
      }
      await page.click('#rules-close');
      assert.equal(await dialog.isVisible(), false);
      // During a game, the rules open at the game being played.
      await page.selectOption('#game-select', 'echec-o-cube');
      await page.click('#start');
      await waitForTurn(page);
      assert.match(await page.locator('#hint').textContent(), /The first piece is free/);
      await page.getByRole('button', { name: 'Rules' }).click();
      assert.equal(await page.locator('#rules-echec-o-cube').isVisible(), true);
      await page.keyboard.press('Escape');
      assert.equal(await dialog.isVisible(), false);
      assertClean(page);
    } finally {
      await context.close();
      await server.stop();
    }
  });
}

for (const { tag, ...size } of SIZES) {
  test(`${tag}: KYBO turns to each corner and shows a top view; every cube stays on the board and a lit square still plays`, async () => {
    const server = await startServer();
    const context = await browser.newContext(size);
    const page = await newPage(context, { touch: !!size.hasTouch });
    try {
      // A few cubes in, two players on this device: the person's turn throughout.
      await page.goto(`${server.url}?ms=${MS}&game=kybo`);
      await page.check('input[name=mode][value=local]');
      await page.click('#start');
      const rand = rng(11);
      for (let i = 0; i < 8; i++) assert.ok(await playOneMove(page, rand));
      const cubes = () => page.evaluate(() => [...document.querySelectorAll('#board .cube')].map((e) => e.getAttribute('data-cube')).sort());
      const title = () => page.evaluate(() => document.querySelector('#board svg title')?.textContent ?? '');
      const all = await cubes();
      assert.equal(all.length, 8);
      const legal = (await legalPlaces(page)).map((l) => l.place).sort();
      const seen = new Set();
      for (const corner of ['H1', 'H8', 'A8', 'A1']) {
        await page.click('#turn-board');
        assert.equal(await page.locator('#turn-board').getAttribute('aria-label'), `Turn the board (seen from ${corner})`);
        seen.add(await page.evaluate(() => document.querySelector('#board svg').innerHTML));
        assert.deepEqual(await cubes(), all, `${corner}: every cube drawn`);
        assert.deepEqual((await legalPlaces(page)).map((l) => l.place).sort(), legal, `${corner}: the same squares lit`);
        await page.screenshot({ path: join(ARTIFACTS, `kybo-${tag}-from-${corner}.png`), fullPage: true });
      }
      assert.equal(seen.size, 4, 'four different pictures');
      await page.click('#top-view');
      assert.equal(await page.locator('#top-view').getAttribute('aria-pressed'), 'true');
      assert.match(await title(), /top view/);
      assert.deepEqual(await cubes(), all, 'top view: every cube drawn');
      assert.equal(await page.locator('#turn-board').isHidden(), true, 'no turning from above');
      await page.screenshot({ path: join(ARTIFACTS, `kybo-${tag}-top.png`), fullPage: true });
      // A lit square of the top view plays, then back to 3-D, turned once more.
      assert.ok(await playOneMove(page, rand));
      assert.equal((await cubes()).length, 9);
      await page.click('#top-view');
      await page.click('#turn-board');
      assert.ok(await playOneMove(page, rand), 'a lit square of a turned view plays');
      assert.equal((await cubes()).length, 10);
      // The legend names every mark.
      const legend = await page.evaluate(() => document.querySelector('#board svg .legend')?.textContent ?? '');
      for (const mark of ['Gates', 'Walls', 'Castle', 'Dungeon', 'winning network', 'last cube', 'may land']) assert.ok(legend.includes(mark), `the legend names ${mark}`);
      assertClean(page);
    } finally {
      await context.close();
      await server.stop();
    }
  });
}

test('ÉCHEC O CUBE red mode: the crossings are lit and the hint says a red costs no turn; the final count only at the end', async () => {
  const server = await startServer();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await newPage(context);
  try {
    const config = encodeURIComponent(JSON.stringify({ red_mode: true, pale: 3, dark: 2 }));
    await page.goto(`${server.url}?ms=${MS}&game=echec-o-cube&config=${config}`);
    await page.check('input[name=mode][value=local]');
    await page.click('#start');
    assert.match(await page.locator('#hint').textContent(), /touch a free crossing to mark a dead zone; a red costs no turn/);
    const crossings = (await legalPlaces(page)).filter((l) => /^crossing /.test(l.label));
    assert.equal(crossings.length, 64, 'every free crossing is lit');
    assert.match(await page.locator('#status').innerText(), /Red mode: 10 reds left/);
    let guard = 0;
    while (!(await page.locator('#outcome').textContent())) {
      assert.ok(guard++ < 200);
      await playOneMove(page, rng(guard));
    }
    const status = await page.locator('#status').innerText();
    assert.match(status, /One: final count -?\d+/);
    assert.match(status, /minus 1 for each pale and 2 for each dark left/);
    await page.screenshot({ path: join(ARTIFACTS, 'echec-o-cube-red-end.png'), fullPage: true });
    assertClean(page);
  } finally {
    await context.close();
    await server.stop();
  }
});

// ---------------------------------------------------------------- French

/** The English catalogue's words (board-l10n/locales/en/*.ftl): the fixed
 * parts of every message, split at its arguments, that are three words or
 * more. None may show on the French page. */
function englishPhrases() {
  const dir = join(ROOT, 'board-l10n/locales/en');
  const phrases = new Set();
  for (const file of ['page.ftl', 'rules.ftl', 'terminal.ftl', 'svg.ftl']) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const m = /^[a-z][a-z0-9_-]* = (.*)$/i.exec(line);
      if (!m) continue;
      for (const part of m[1].split(/\{[^}]*\}/)) {
        const words = part.replace(/[():;,.!?…"]/g, ' ').trim();
        if (words.split(/\s+/).length >= 3) phrases.add(words.replace(/\s+/g, ' '));
      }
    }
  }
  // Words that are the same in French (the game names, notation) are not English.
  const french = ['page.ftl', 'rules.ftl', 'terminal.ftl', 'svg.ftl']
    .map((file) => join(ROOT, 'board-l10n/locales/fr', file))
    .filter(existsSync)
    .map((path) => readFileSync(path, 'utf8').replace(/[():;,.!?…"]/g, ' ').replace(/\s+/g, ' '))
    .join(' ');
  return [...phrases].filter((phrase) => !french.includes(phrase));
}

/** Common English words that are not French words too (whole words). */
const ENGLISH_WORDS = ['the', 'and', 'you', 'your', 'wins', 'draw', 'over', 'to', 'move', 'moves', 'play', 'undo', 'new', 'game', 'games', 'record',
  'rules', 'level', 'start', 'join', 'create', 'clock', 'none', 'easy', 'hard', 'first', 'white', 'black', 'king', 'queen',
  'rook', 'bishop', 'knight', 'pawn', 'pick', 'groove', 'square', 'left', 'placed', 'pale', 'dark', 'red', 'crossing', 'lands',
  'is', 'are', 'of', 'with', 'computer', 'opponent', 'thinking', 'turn', 'checkmate', 'stalemate', 'board', 'whole', 'resign',
  'download', 'loading', 'close', 'goal', 'score', 'waiting', 'refused', 'one', 'two', 'count', 'piece', 'pieces', 'how'];

/** The page's visible text in words, notation aside: the record's move
 * texts are data (the same in both languages). */
async function visibleWords(page) {
  return page.evaluate(() => {
    const parts = [];
    const walk = (el) => {
      if (el.closest('#record, #lang-switch')) return;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || el.hidden) return;
      for (const node of el.childNodes) {
        if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent);
        else if (node.nodeType === Node.ELEMENT_NODE) walk(node);
      }
      for (const attr of ['aria-label', 'title', 'placeholder']) {
        if (el.getAttribute(attr)) parts.push(el.getAttribute(attr));
      }
    };
    walk(document.body);
    parts.push(document.title);
    return parts.join(' \n ');
  });
}

function assertNoEnglish(text, where, phrases) {
  for (const phrase of phrases) {
    assert.ok(!text.includes(phrase), `${where}: English "${phrase}" on the French page:\n${text}`);
  }
  for (const word of ENGLISH_WORDS) {
    const re = new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'iu');
    // Move texts such as "claim" or "O-O" are notation; single letters of cells are too.
    assert.ok(!re.test(text), `${where}: the English word "${word}" on the French page:\n${text}`);
  }
}

for (const game of GAMES) {
  test(`${game} in French (locale fr-FR): a whole game against the computer, and the rules, with no English word on screen`, async () => {
    const server = await startServer();
    const phrases = englishPhrases();
    assert.ok(phrases.length > 100, 'the English catalogue was read');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
    const page = await newPage(context);
    try {
      await page.goto(`${server.url}?ms=${MS}&seed=${SEED}`);
      await page.waitForFunction(() => document.body.classList.contains('ready'));
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
      assert.equal(await page.locator('#start').textContent(), 'Commencer');
      assertNoEnglish(await visibleWords(page), 'setup', phrases);
      await page.selectOption('#game-select', game);
      await page.click('#rules-button');
      assertNoEnglish(await visibleWords(page), 'rules', phrases);
      await page.click('#rules-close');
      await page.check('input[name=mode][value=computer]');
      await page.click('#start');
      await waitForTurn(page);
      // The picture's status line and legend show, in French, and are
      // among the words checked for English below.
      const picture = await page.evaluate(() => document.querySelector('#board svg')?.textContent ?? '');
      const pictureWords = { kybo: /Portes : 1 cube de haut au plus/, 'echec-o-cube': /pâles et \d+ foncés/, chess3d: /matériel : Blanc \d+, Noir \d+/ };
      assert.match(picture, pictureWords[game], 'the picture speaks French');
      const status = await page.evaluate(() => document.querySelector('#board svg .status text')?.textContent ?? '');
      assert.ok(status && (await visibleWords(page)).includes(status), `the picture's status "${status}" is seen by the English check`);
      // A refused typed move: its reason in French.
      await page.fill('#move-text', game === 'chess3d' ? 'N2/E2-N2/E5' : game === 'kybo' ? 'A1' : 'R D5');
      await page.click('#move-form button');
      await page.waitForFunction(() => /^Refusé : /.test(document.getElementById('message').textContent));
      const refusal = await page.locator('#message').textContent();
      assert.match(refusal, /\((C3|KY|EOC)-\d+/, 'the refusal names its rule');
      assertNoEnglish(await visibleWords(page), 'a refusal', phrases);
      const rand = rng(SEED * 7919 + game.length);
      let plies = 0;
      while (!(await waitForTurn(page))) {
        assert.ok(plies < MAX_PLIES, `the game is not over after ${plies} clicked moves`);
        if (plies % 5 === 0) assertNoEnglish(await visibleWords(page), `ply ${plies}`, phrases);
        assert.ok(await playOneMove(page, rand), `a click on the board played a move: ${JSON.stringify(page.steps)}`);
        plies += 1;
      }
      const outcome = await page.locator('#outcome').textContent();
      console.log(`# ${game} (fr): ${outcome}`);
      assert.match(outcome, /gagne|nulle/);
      assert.equal(await page.locator('#turn').textContent(), 'Partie terminée');
      assertNoEnglish(await visibleWords(page), 'the end', phrases);
      await page.screenshot({ path: join(ARTIFACTS, `${game}-fr-end.png`), fullPage: true });
      assertClean(page);
    } finally {
      await context.close();
      await server.stop();
    }
  });
}

test('the language: the browser\'s, a switch remembered across visits, ?lang= first; <html lang> follows', async () => {
  const server = await startServer();
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  const page = await newPage(context);
  const ready = () => page.waitForFunction(() => document.body.classList.contains('ready'));
  try {
    await page.goto(server.url);
    await ready();
    assert.equal(await page.locator('#setup-title').textContent(), 'Nouvelle partie');
    await page.screenshot({ path: join(ARTIFACTS, 'fr-setup-375.png'), fullPage: true });
    await page.selectOption('#lang-select', 'en');
    assert.equal(await page.locator('#setup-title').textContent(), 'New game');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await page.reload();
    await ready();
    assert.equal(await page.locator('#setup-title').textContent(), 'New game', 'the switch is remembered');
    await page.goto(`${server.url}?lang=fr`);
    await ready();
    assert.equal(await page.locator('#setup-title').textContent(), 'Nouvelle partie', '?lang= comes first');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
    // A game started in French switches to English whole, its status too.
    await page.check('input[name=mode][value=local]');
    await page.click('#start');
    await page.waitForFunction(() => /^Trait : /.test(document.getElementById('turn').textContent));
    await page.screenshot({ path: join(ARTIFACTS, 'fr-play-375.png'), fullPage: true });
    await page.selectOption('#lang-select', 'en');
    await page.waitForFunction(() => / to move$/.test(document.getElementById('turn').textContent));
    assertClean(page);
  } finally {
    await context.close();
    await server.stop();
  }
});

test('before and without the rules (the wasm): the few boot words in the page\'s language', async () => {
  const server = await startServer();
  // No service worker: the wasm request must reach the route that fails it.
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, locale: 'fr-FR', serviceWorkers: 'block' });
  const page = await newPage(context);
  try {
    await page.route('**/board_web_bg.wasm', (route) => route.abort());
    for (const [url, lang, title, failed] of [
      [server.url, 'fr', 'Jeux de plateau', /^⚠ Ce navigateur n'a pas pu charger les règles des jeux \(WebAssembly\)/],
      [`${server.url}?lang=en`, 'en', 'Board games', /^⚠ This browser could not load the game rules \(WebAssembly\)/],
    ]) {
      await page.goto(url);
      await page.waitForFunction(() => /^⚠ /.test(document.getElementById('load-status').textContent));
      assert.match(await page.locator('#load-status').textContent(), failed);
      assert.equal(await page.title(), title);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'fr-no-wasm-375.png'), fullPage: true });
    // The failed request itself is the browser's console line, not the page's.
    page.problems = page.problems.filter((p) => !/Failed to load resource/.test(p));
    assertClean(page);
  } finally {
    await context.close();
    await server.stop();
  }
});

test('online in French (locale fr-FR): the server\'s refusals show in French with their rule ID, and no English word', async () => {
  const server = await startServer();
  const phrases = englishPhrases();
  const hostCtx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
  const guestCtx = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  const host = await newPage(hostCtx);
  const guest = await newPage(guestCtx, { touch: true });
  try {
    await host.goto(server.url);
    await host.waitForFunction(() => document.body.classList.contains('ready'));
    await host.selectOption('#game-select', 'kybo');
    await host.check('input[name=mode][value=online]');
    await host.click('#create');
    await host.waitForFunction(() => document.getElementById('code').textContent.length === 6);
    const code = await host.locator('#code').textContent();
    await host.waitForFunction(() => /En attente de l'adversaire/.test(document.getElementById('turn').textContent));
    assertNoEnglish(await visibleWords(host), 'waiting for the opponent', phrases);
    await guest.goto(server.url);
    await guest.waitForFunction(() => document.body.classList.contains('ready'));
    await guest.check('input[name=mode][value=online]');
    await guest.fill('#join-code', code);
    await guest.click('#join');
    assert.equal(await waitForTurn(host, 20000), false);

    // Out of turn: the server's refusal kind, in French.
    await guest.waitForFunction(() => /Blanc/.test(document.getElementById('turn').textContent));
    await guest.fill('#move-text', 'D4');
    await guest.press('#move-text', 'Enter');
    await guest.waitForFunction(() => /^Refusé : /.test(document.getElementById('message').textContent));
    assert.equal(await guest.locator('#message').textContent(), "Refusé : ce n'est pas votre tour");
    // Illegal (KY-3: the first cube goes on the Dungeon): typed, so the page
    // sends it and the server refuses it with the rule's key; the page words
    // it in French with the rule ID.
    await host.fill('#move-text', 'A1');
    await host.press('#move-text', 'Enter');
    await host.waitForFunction(() => /^Refusé : /.test(document.getElementById('message').textContent));
    const reason = await host.locator('#message').textContent();
    console.log(`# refusé : ${reason}`);
    assert.equal(reason, 'Refusé : le premier cube se pose sur une case du Donjon (D4, E4, D5, E5), pas en A1 (KY-3)');
    assert.equal(await host.locator('#record li').count(), 0, 'a refused move changes nothing');
    await host.screenshot({ path: join(ARTIFACTS, 'online-fr-refused.png'), fullPage: true });
    assertNoEnglish(await visibleWords(host), 'the host after a refusal', phrases);
    assertNoEnglish(await visibleWords(guest), 'the guest after a refusal', phrases);
    assertClean(host, guest);
  } finally {
    await hostCtx.close();
    await guestCtx.close();
    await server.stop();
  }
});
