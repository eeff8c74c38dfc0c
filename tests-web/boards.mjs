// The boards: legal places marked and named, KYBO's corners and top view,
// ÉCHEC O CUBE's red mode, on a desktop window and on a phone.
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
  clickBoard,
  pliesOf,
  rng,
  playOneMove,
  waitForTurn,
} from './harness.mjs';

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
        await page.check(`input[name=game][value=${game}]`);
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
      await page.check('input[name=game][value=kybo]');
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
      await page.check('input[name=game][value=echec-o-cube]');
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
      // A phone opens seen from above (a square a finger wide): to 3-D first.
      if (tag === 'phone') {
        assert.equal(await page.locator('#top-view').getAttribute('aria-pressed'), 'true', 'a phone opens seen from above');
        await page.click('#top-view');
      }
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
      // (On a phone the legend is the page's text under the picture.)
      const legend = await page.evaluate(() => document.querySelector('#board svg .legend, #legend:not([hidden])')?.textContent ?? '');
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
