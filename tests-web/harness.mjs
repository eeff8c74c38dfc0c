// What the browser tests share: the paths and settings they read from the
// environment, one headless chromium for all, a `board-online serve` of
// their own for each test, pages that fail on any page or console error,
// and the clicks that play a game.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = process.env.BOARD_ONLINE ?? join(ROOT, 'target/release/board-online');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const ARTIFACTS = join(ROOT, 'target/web-artifacts');
export const GAMES = (process.env.WEB_TEST_GAMES ?? 'echec-o-cube,kybo,chess3d').split(',');
/** The computer's budget in the tests (the page's ?ms= parameter). */
export const MS = 20;
/** The seed of the clicks and of the computer (WEB_TEST_SEED to vary it). */
export const SEED = Number(process.env.WEB_TEST_SEED ?? 1);
/** Plies at most in a game played by clicks; a game that is not over by then fails. */
export const MAX_PLIES = 1500;

for (const [what, path] of [['the server binary', BIN], ['chromium', CHROMIUM], ['the wasm build', join(ROOT, 'board-online/web/pkg/board_web_bg.wasm')]]) {
  if (!existsSync(path)) {
    console.error(`error: ${what} is missing: ${path}`);
    process.exit(1);
  }
}
mkdirSync(ARTIFACTS, { recursive: true });

export let browser;
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
export async function startServer({ addr = '127.0.0.1:0', db, dir = db ? null : mkdtempSync(join(tmpdir(), 'board-web-test-')), args = [] } = {}) {
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
export async function newPage(context, { touch = false } = {}) {
  const page = await context.newPage();
  page.touch = touch; // the board is touched, not clicked
  page.problems = [];
  page.warnings = []; // not a failure, but said when a wait fails
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') page.problems.push(`console error: ${m.text()}`);
    if (m.type() === 'warning') page.warnings.push(m.text());
  });
  return page;
}

export function assertClean(...pages) {
  for (const p of pages) assert.deepEqual(p.problems, [], 'no page or console errors');
}

/** Chromium's own console line for a WebSocket that cannot connect (the
 * server is down on purpose), which is not the page's error. */
export const refusedSocket = /^console error: WebSocket connection to .* failed/;

/** Clicks a place of the board for real (the mouse at a point where the
 * topmost element belongs to that place). `kind`: 'target' (lit targets,
 * captures preferred), 'playable'. Returns the place clicked or null. */
export async function clickBoard(page, kind, rand) {
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
export async function pliesOf(page) {
  return page.evaluate(() => Number(document.getElementById('record').dataset.plies));
}
export const pliesAre = (n) => Number(document.getElementById('record').dataset.plies) === n;

/** A small seeded generator, so a failing game can be replayed. */
export function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** chess3d on a phone: the tab of a level with places to tap, when the
 * level shown has none (its own tab unmarked). */
export const OTHER_LEVEL = '#level-tabs:not([hidden]):has([aria-selected="true"]:not(.marked)) button.marked';

/** One move by clicks, once it is the person's turn: a place, then a
 * target or a choice button if the page asks. */
export async function playOneMove(page, rand) {
  const before = await pliesOf(page);
  page.steps = [];
  for (let step = 0; step < 6; step++) {
    const choices = page.locator('#choices button');
    if (await choices.count()) {
      await choices.nth(Math.floor(rand() * (await choices.count()))).click();
    } else if (await page.locator('#board .target-place').count()) {
      await clickBoard(page, 'target', rand);
    } else if (await page.locator(OTHER_LEVEL).count()) {
      // chess3d on a phone, one level shown: the chosen piece's targets
      // are on another level, whose tab says so.
      await page.locator(OTHER_LEVEL).first().click();
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
export async function waitForTurn(page, timeout = 60000) {
  try {
    await page.waitForFunction(
      () => document.getElementById('outcome').textContent !== '' || document.getElementById('board').classList.contains('my-turn'),
      null,
      { timeout },
    );
  } catch (e) {
    throw new Error(`no turn and no result after ${timeout} ms: ${await pageState(page)}`, { cause: e });
  }
  return (await page.locator('#outcome').textContent()) !== '';
}

/** What the page shows and has said, for a wait that failed: its lines,
 * the end of its record, its errors and warnings; and a screenshot
 * (`stuck-N.png` in the artifacts). */
async function pageState(page) {
  const shot = join(ARTIFACTS, `stuck-${Date.now()}.png`);
  try {
    await page.screenshot({ path: shot });
    const lines = await page.evaluate(() => {
      const text = (id) => document.getElementById(id)?.textContent.trim().slice(-300);
      return { turn: text('turn'), message: text('message'), hint: text('hint'), actions: text('actions'), choices: text('choices'), record: text('record'), plies: document.getElementById('record')?.dataset.plies };
    });
    return JSON.stringify({ ...lines, problems: page.problems, warnings: page.warnings, screenshot: shot });
  } catch (e) {
    return `(the page could not be read: ${e.message})`;
  }
}

/** `host` creates an online KYBO game on the page at `hostUrl`; `guest`
 * asks to join it from the page at `guestUrl`. The game's code. */
export async function hostAndJoin(host, hostUrl, guest, guestUrl = hostUrl) {
  await host.goto(hostUrl);
  await host.check('input[name=game][value=kybo]');
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
