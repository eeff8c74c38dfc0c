// The page against the computer: a refused typed move, a phone viewport
// that shows each board whole, and the computer thinking in a Web Worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  ARTIFACTS,
  GAMES,
  MS,
  browser,
  startServer,
  newPage,
  assertClean,
  pliesOf,
  pliesAre,
  rng,
  playOneMove,
  waitForTurn,
} from './harness.mjs';

test('a refused typed move shows its reason and changes nothing (against the computer)', async () => {
  const server = await startServer();
  const context = await browser.newContext();
  const page = await newPage(context);
  try {
    await page.goto(`${server.url}?ms=${MS}`);
    await page.check('input[name=game][value=chess3d]');
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
      await page.check(`input[name=game][value=${game}]`);
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
        // One level at a time, each square at least 44 px, under a tab for
        // each level (top level first) that shows it small; a tap on a tab
        // shows its level.
        const tabs = await page.evaluate(() => [...document.querySelectorAll('#level-tabs [role=tab]')].map((t) => ({
          level: t.dataset.level,
          cells: t.querySelectorAll('svg .cell').length,
          height: t.getBoundingClientRect().height,
        })));
        assert.deepEqual(tabs.map((t) => t.level), ['N3', 'N2', 'N1'], 'a tab a level, N3 first');
        for (const t of tabs) assert.equal(t.cells, 64, `${t.level}'s tab shows its level small`);
        for (const level of ['N3', 'N2', 'N1']) {
          await page.locator(`#level-tabs [data-level="${level}"]`).tap();
          const view = await page.evaluate(() => [...document.querySelectorAll('#board svg.level-view')].map((v) => {
            const cell = v.querySelector('.cell rect').getBoundingClientRect();
            return { levels: [...v.querySelectorAll('g.level')].map((g) => g.getAttribute('data-level')), side: Math.min(cell.width, cell.height) };
          }));
          assert.equal(view.length, 1, 'one level shown');
          assert.deepEqual(view[0].levels, [level], `the tab of ${level} shows ${level}`);
          assert.ok(view[0].side >= 44, `${level}: a square is ${view[0].side.toFixed(1)} px`);
          assert.equal(await page.locator(`#level-tabs [data-level="${level}"]`).getAttribute('aria-selected'), 'true');
        }
        assert.equal(await page.locator('#zoom').isHidden(), true, 'no zoom needed');
        assert.ok(await playOneMove(page, rng(8)));
      }
      await page.screenshot({ path: join(ARTIFACTS, `${game}-phone.png`), fullPage: true });
      await page.click('#new-game');
      await page.click('#confirm-yes'); // a game in progress: asked first
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
    await page.check('input[name=game][value=echec-o-cube]');
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

test('until the rules (the wasm) have loaded, the setup is not shown, only the loading line; then it is, with its words', async () => {
  const server = await startServer();
  // No service worker: the page's own one (it claims the page as soon as it
  // is active) would fetch the wasm past page.route, unheld.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await newPage(context);
  let release;
  const held = new Promise((ok) => (release = ok));
  try {
    // The wasm held back, as on a slow network.
    await page.route('**/pkg/board_web_bg.wasm', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(server.url);
    await page.waitForFunction(() => document.getElementById('load-status').textContent !== '');
    assert.equal(await page.locator('#setup').isVisible(), false, 'no setup without the rules');
    assert.equal(await page.locator('#start').isVisible(), false, 'no Start to tap in vain');
    release();
    await page.waitForSelector('body.ready');
    assert.equal(await page.locator('#start').isVisible(), true);
    assert.notEqual((await page.locator('#start').textContent()).trim(), '', 'Start has its word');
    assert.equal(await page.locator('#load-status').textContent(), '');
    assertClean(page);
  } finally {
    release();
    await context.close();
    await server.stop();
  }
});
