// Every game played to its end against the computer, by clicks on a desktop
// window and by touch on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ARTIFACTS,
  GAMES,
  MS,
  SEED,
  MAX_PLIES,
  browser,
  startServer,
  newPage,
  assertClean,
  pliesOf,
  rng,
  playOneMove,
  waitForTurn,
} from './harness.mjs';

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
      await page.check(`input[name=game][value=${game}]`);
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
