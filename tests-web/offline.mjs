// The installable page: after one visit it plays against the computer
// without a network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  ARTIFACTS,
  GAMES,
  MS,
  SEED,
  browser,
  startServer,
  newPage,
  assertClean,
  refusedSocket,
  pliesOf,
  rng,
  playOneMove,
  waitForTurn,
} from './harness.mjs';

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
    await page.check(`input[name=game][value=${game}]`);
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
    await page.click('#confirm-yes'); // a game in progress: asked first
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
