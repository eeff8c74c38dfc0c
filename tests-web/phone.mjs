// A newcomer on a phone (375×667, touch), in French and in English (issue
// #38): after each tap, the turn line, the buttons the tap brings and the
// places to tap are on the screen without scrolling; tap targets are a
// finger wide; each game is played to its end by touch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { qrModules } from '../board-online/web/qr.js';
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
  pliesAre,
  rng,
  OTHER_LEVEL,
  waitForTurn,
} from './harness.mjs';

export const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const FINGER = 44;

/** Two animation frames: the page's layout settled after a tap. */
const settle = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok()))));

/** What must be on the screen now, each with its box: the turn line (or
 * the result), the bar's buttons, the legal places; and how far the page
 * is scrolled. */
async function screenFacts(page) {
  return page.evaluate(() => {
    const box = (e) => {
      const b = e.getBoundingClientRect();
      return { left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width, height: b.height };
    };
    const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    // Each named after its own id or its container's (#turn, #choices, #level-tabs, #board).
    const named = (sel) => [...document.querySelectorAll(sel)].filter(shown).map((e) => ({
      what: `#${e.id || e.closest('[id]').id} ${e.dataset.move ?? e.getAttribute('data-place') ?? ''} ${e.textContent.trim().slice(0, 60)}`,
      ...box(e),
    }));
    const bar = document.getElementById('bar');
    return {
      scrollY: window.scrollY,
      innerHeight: window.innerHeight,
      innerWidth: window.innerWidth,
      barClipped: bar.scrollHeight > bar.clientHeight + 1 ? `${bar.scrollHeight} > ${bar.clientHeight}: ${bar.innerText}` : false,
      lines: named('#turn, #outcome:not(:empty), #message:not(:empty)'),
      buttons: named('#choices button, #actions button, #level-tabs button'),
      places: named('#board [data-legal]'),
    };
  });
}

/** Asserts that the page is not scrolled and that every line, button and
 * legal place is inside the viewport. */
function assertOnScreen(facts, where) {
  assert.equal(facts.scrollY, 0, `${where}: the page is not scrolled`);
  assert.ok(!facts.barClipped, `${where}: the bar shows all it holds (${facts.barClipped})`);
  assert.ok(facts.lines.some((l) => l.what.startsWith('#turn')), `${where}: a turn line`);
  for (const e of [...facts.lines, ...facts.buttons, ...facts.places]) {
    const inside = e.left >= -0.5 && e.top >= -0.5 && e.right <= facts.innerWidth + 0.5 && e.bottom <= facts.innerHeight + 0.5;
    assert.ok(inside, `${where}: ${e.what} is on the screen (${JSON.stringify(e)})`);
  }
  for (const b of facts.buttons) assert.ok(Math.min(b.width, b.height) >= FINGER - 0.5, `${where}: ${b.what} is a finger wide (${b.width}×${b.height})`);
}

/** The places a finger can hit: every legal place is at least FINGER px in
 * its thin dimension (KYBO's squares, chess3d's squares), or, for
 * ÉCHEC O CUBE's thin grooves, a tap FINGER/2 px off a groove's middle, on
 * either side, still reaches it. */
async function assertFingerWide(page, game, where) {
  const places = (await screenFacts(page)).places;
  assert.ok(places.length > 0, `${where}: places to tap`);
  if (game !== 'echec-o-cube') {
    for (const p of places) assert.ok(Math.min(p.width, p.height) >= FINGER - 0.05, `${where}: ${p.what} is ${p.width.toFixed(1)}×${p.height.toFixed(1)} px`);
    return;
  }
  // A groove: a tap beside it, on each side, picks it (its pale and dark
  // moves shown, or the one move played).
  const groove = await page.evaluate(() => {
    const el = [...document.querySelectorAll('#board .segment[data-legal]')].find((e) => {
      const b = e.getBoundingClientRect();
      return b.top > 60 && b.bottom < window.innerHeight - 200 && b.left > 30 && b.right < window.innerWidth - 30;
    });
    if (!el) return null;
    const b = el.getBoundingClientRect();
    return { place: el.getAttribute('data-place'), x: b.left + b.width / 2, y: b.top + b.height / 2, across: b.width > b.height ? 'y' : 'x', thin: Math.min(b.width, b.height) };
  });
  assert.ok(groove, `${where}: a legal groove`);
  assert.ok(groove.thin < FINGER, 'a groove is thinner than a finger: the test of its reach is needed');
  for (const side of [-1, 1]) {
    const x = groove.x + (groove.across === 'x' ? (side * FINGER) / 2 : 0);
    const y = groove.y + (groove.across === 'y' ? (side * FINGER) / 2 : 0);
    const before = await pliesOf(page);
    await page.touchscreen.tap(x, y);
    await settle(page);
    const picked = await page.evaluate((p) => [...document.querySelectorAll('#choices button')].some((b) => b.dataset.move.includes(p)), groove.place);
    assert.ok(picked || (await pliesOf(page)) !== before, `${where}: a tap ${FINGER / 2} px ${side < 0 ? 'before' : 'after'} groove ${groove.place} picks it`);
    if (picked) await page.evaluate(() => document.getElementById('choices').replaceChildren());
    if ((await pliesOf(page)) !== before) return;
  }
}

/** One tap where the page asks for one: a choice button, a lit target or a
 * legal place, at its middle, without scrolling (all must be on the
 * screen already). */
async function tapOnce(page, rand) {
  const facts = await screenFacts(page);
  let pool = facts.buttons.filter((b) => b.what.startsWith('#choices'));
  if (!pool.length) {
    const other = await page.evaluate((sel) => [...document.querySelectorAll(sel)].map((e) => {
      const b = e.getBoundingClientRect();
      return { left: b.left, top: b.top, width: b.width, height: b.height };
    }), OTHER_LEVEL);
    if (other.length) pool = other;
  }
  if (!pool.length) {
    const targets = await page.evaluate(() => [...document.querySelectorAll('#board [data-legal="target"]')].map((e) => {
      const b = e.getBoundingClientRect();
      return { left: b.left, top: b.top, width: b.width, height: b.height };
    }));
    pool = targets.length ? targets : facts.places;
    const actions = facts.buttons.filter((b) => b.what.startsWith('#actions'));
    if (actions.length && (pool.length === 0 || rand() < 0.3)) pool = actions;
  }
  assert.ok(pool.length, 'something to tap');
  const t = pool[Math.floor(rand() * pool.length)];
  await page.touchscreen.tap(t.left + t.width / 2, t.top + t.height / 2);
  await settle(page);
}

for (const lang of ['fr', 'en']) {
  for (const game of GAMES) {
    test(`phone, ${lang}, ${game}: a whole game by touch; after each tap the turn line, its buttons and the places to tap are on the screen; finger-wide places`, async () => {
      const server = await startServer();
      const context = await browser.newContext({ ...PHONE, locale: lang });
      const page = await newPage(context, { touch: true });
      try {
        await page.goto(`${server.url}?lang=${lang}&ms=${MS}&seed=${SEED}&game=${game}`);
        await page.check('input[name=mode][value=computer]');
        await page.click('#start');
        const rand = rng(SEED * 31 + game.length);
        let taps = 0;
        let checkedFinger = false;
        while (!(await waitForTurn(page))) {
          await settle(page);
          assertOnScreen(await screenFacts(page), `${game} before tap ${taps}`);
          if (!checkedFinger) {
            await assertFingerWide(page, game, game);
            checkedFinger = true;
            continue;
          }
          const plies = await pliesOf(page);
          await tapOnce(page, rand);
          taps += 1;
          assert.ok(taps < MAX_PLIES * 3, `the game is not over after ${taps} taps`);
          assertOnScreen(await screenFacts(page), `${game} after tap ${taps}`);
          if (taps === 1 || (taps % 40 === 0 && (await pliesOf(page)) === plies)) {
            await page.screenshot({ path: join(ARTIFACTS, `phone-${lang}-${game}-tap.png`) });
          }
        }
        await settle(page);
        const facts = await screenFacts(page);
        assertOnScreen(facts, `${game} at the end`);
        assert.ok(facts.lines.some((l) => l.what.startsWith('#outcome')), 'the result is on the screen');
        // The picture's legend, as the page's text: 14 px and more.
        const legend = await page.evaluate(() => [...document.querySelectorAll('#legend:not([hidden]) li, #board svg text')]
          .filter((e) => !e.closest('.piece') && e.getClientRects().length)
          .map((e) => ({ text: e.textContent.trim(), px: e.tagName === 'LI' ? parseFloat(getComputedStyle(e).fontSize) : e.getBoundingClientRect().height }))
          .filter((l) => l.text.length > 3));
        if (game !== 'chess3d') assert.ok(legend.length >= 2, `${game}: a legend (${JSON.stringify(legend)})`);
        for (const l of legend) assert.ok(l.px >= 14, `${game}: "${l.text}" is ${l.px.toFixed(1)} px`);
        console.log(`# phone ${lang} ${game}: ${await page.locator('#outcome').textContent()} after ${await pliesOf(page)} plies, ${taps} taps`);
        await page.screenshot({ path: join(ARTIFACTS, `phone-${lang}-${game}-end.png`) });
        assertClean(page);
      } finally {
        await context.close();
        await server.stop();
      }
    });
  }
}

for (const lang of ['fr', 'en']) {
  test(`phone, ${lang}: "new game" asks first when a game is in progress; "no" keeps it, "yes" leaves it`, async () => {
    const server = await startServer();
    const context = await browser.newContext({ ...PHONE, locale: lang });
    const page = await newPage(context, { touch: true });
    try {
      await page.goto(`${server.url}?lang=${lang}&ms=${MS}&seed=${SEED}&game=kybo`);
      await page.check('input[name=mode][value=local]');
      await page.click('#start');
      // Nothing played yet: nothing to lose, no question.
      await page.locator('#new-game').tap();
      assert.equal(await page.locator('#setup').isVisible(), true, 'back to the setup at once');
      assert.equal(await page.locator('#confirm').isVisible(), false);
      await page.click('#start');
      // The setup scrolled down to its button; the game opens at its top.
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'the second game opens at the top of the page');
      assert.ok(await tapOnceAndSettle(page));
      const plies = await pliesOf(page);
      await page.locator('#new-game').tap();
      const text = await page.locator('#confirm-text').textContent();
      assert.equal(await page.locator('#confirm').isVisible(), true, 'asked in the page');
      assert.match(text, lang === 'fr' ? /Quitter cette partie/ : /Leave this game/);
      await page.screenshot({ path: join(ARTIFACTS, `phone-${lang}-confirm-leave.png`) });
      await page.locator('#confirm-no').tap();
      assert.equal(await page.locator('#play').isVisible(), true, '"no" keeps the game');
      assert.equal(await pliesOf(page), plies);
      await page.locator('#new-game').tap();
      await page.locator('#confirm-yes').tap();
      assert.equal(await page.locator('#setup').isVisible(), true, '"yes" leaves it');
      assertClean(page);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test(`phone, ${lang}: online chess3d, resigning asks first; after the resignation each level keeps its row 1 and letters`, async () => {
    const server = await startServer();
    const context = await browser.newContext({ ...PHONE, locale: lang });
    const host = await newPage(context, { touch: true });
    // The opponent on a phone of their own (a seat is remembered per browser).
    const other = await browser.newContext({ ...PHONE, locale: lang });
    const guest = await newPage(other, { touch: true });
    try {
      await createAndOpen(host, guest, server.url, lang, 'chess3d');
      await host.waitForFunction(() => !document.getElementById('resign').hidden);
      await host.locator('#resign').tap();
      assert.equal(await host.locator('#confirm').isVisible(), true, 'asked in the page');
      assert.match(await host.locator('#confirm-text').textContent(), lang === 'fr' ? /Abandonner cette partie/ : /Resign this game/);
      await host.locator('#confirm-no').tap();
      assert.equal(await host.locator('#outcome').textContent(), '', '"no": the game goes on');
      await host.locator('#resign').tap();
      await host.locator('#confirm-yes').tap();
      for (const p of [host, guest]) {
        await p.waitForFunction(() => document.getElementById('outcome').textContent !== '');
        for (const level of ['N3', 'N2', 'N1']) {
          await p.locator(`#level-tabs [data-level="${level}"]`).tap();
          const seen = await p.evaluate(() => {
            const svg = document.querySelector('#board svg.level-view');
            const frame = svg.getBoundingClientRect();
            // Inside the picture, and on the screen above the bar.
            const barTop = document.getElementById('bar').getBoundingClientRect().top;
            const inside = (e) => {
              const b = e.getBoundingClientRect();
              return b.top >= frame.top - 0.5 && b.bottom <= Math.min(frame.bottom, barTop) + 0.5 && b.left >= frame.left - 0.5 && b.right <= frame.right + 0.5 && b.top >= 0;
            };
            const cells = [...svg.querySelectorAll('.cell')];
            const letters = [...svg.querySelectorAll('g.level text')].filter((e) => /^[A-H]$/.test(e.textContent.trim()));
            return { cells: cells.length, cellsInside: cells.filter(inside).length, letters: letters.filter(inside).map((e) => e.textContent.trim()).join('') };
          });
          assert.deepEqual(seen, { cells: 64, cellsInside: 64, letters: 'ABCDEFGH' }, `${level}: every cell and file letter shown, above the bar`);
        }
      }
      await guest.screenshot({ path: join(ARTIFACTS, `phone-${lang}-chess3d-resigned.png`) });
      assertClean(host, guest);
    } finally {
      await other.close();
      await context.close();
      await server.stop();
    }
  });
}

/** `host` creates an online `game` on the page at `url` in `lang`; `guest`
 * opens the invitation address. The game's code. */
async function createAndOpen(host, guest, url, lang, game) {
  await host.goto(`${url}?lang=${lang}&game=${game}`);
  await host.check('input[name=mode][value=online]');
  await host.click('#create');
  await host.waitForFunction(() => document.getElementById('code').textContent.length === 6);
  const code = await host.locator('#code').textContent();
  await guest.goto(`${url}?lang=${lang}#online/${code}`);
  // The game has started for the host: the invitation (code, link, QR
  // code) is gone, and the buttons below it have moved up. (Tapping one
  // before that could land where it was: a flake of the resignation test.)
  await host.locator('#invite').waitFor({ state: 'hidden' });
  return code;
}

/** One tap of a legal place, and the page settled; true if a move was played. */
async function tapOnceAndSettle(page) {
  const before = await pliesOf(page);
  await tapOnce(page, rng(3));
  return (await pliesOf(page)) !== before;
}

/** A known QR code: 'http://127.0.0.1:8080/#online/K7M2QX', level M,
 * version 3, mask 0, as Project Nayuki's qrcodegen 1.8 (PyPI) draws it
 * (`QrCode.encode_segments([QrSegment.make_bytes(...)], Ecc.MEDIUM)`;
 * '1' dark). */
const QR_VECTOR = [
  '11111110001101101011101111111',
  '10000010110010110001101000001',
  '10111010001101101001001011101',
  '10111010000101101010001011101',
  '10111010101000100111101011101',
  '10000010011101011011001000001',
  '11111110101010101010101111111',
  '00000000010111110111000000000',
  '10101010000100100100000010010',
  '11101101010100111000011101001',
  '10111110111101001100110010111',
  '11001100000000000101011101010',
  '00000010111110000101001101011',
  '11001000101111000000001101101',
  '01111110110100100000101000011',
  '00000001111001111101010011010',
  '01010011000000111100001000011',
  '01100100001100111000011100101',
  '10111011001111000010110101011',
  '01101100000000001111011001010',
  '10111010010010000101111110000',
  '00000000111011000000100010111',
  '11111110001100100101101011011',
  '10000010010101100101100011010',
  '10111010101010111100111111011',
  '10111010010000111101110011011',
  '10111010110001000000010011101',
  '10000010010011001110110111010',
  '11111110100111111110111011011'

];

test('the QR encoder draws the known code module by module, and picks the same mask', () => {
  const text = 'http://127.0.0.1:8080/#online/K7M2QX';
  const ours = qrModules(text);
  assert.equal(ours.version, 3);
  assert.equal(ours.mask, 0, 'the lowest penalty is mask 0, as qrcodegen finds');
  assert.deepEqual(ours.modules.map((row) => row.map((on) => (on ? '1' : '0')).join('')), QR_VECTOR);
  assert.notDeepEqual(qrModules(text, 1).modules, ours.modules, 'another mask, another drawing');
  assert.throws(() => qrModules('x'.repeat(300)), RangeError, 'too long for version 10: a typed error');
});

for (const lang of ['fr', 'en']) {
  test(`phone, ${lang}: the landing shows each game with a picture, a pitch and a time, and the three ways to play; online, the code comes with Share, Copy the link and a QR code of the invitation`, async () => {
    const server = await startServer();
    const context = await browser.newContext({ ...PHONE, locale: lang });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // A phone's Web Share API, recorded.
    await context.addInitScript(() => {
      window.shared = [];
      navigator.share = async (data) => { window.shared.push(data); };
    });
    const host = await newPage(context, { touch: true });
    // The opponent on a phone of their own (a seat is remembered per browser).
    const other = await browser.newContext({ ...PHONE, locale: lang });
    const guest = await newPage(other, { touch: true });
    try {
      await host.goto(`${server.url}?lang=${lang}`);
      await host.waitForSelector('body.ready');
      const cards = await host.evaluate(() => [...document.querySelectorAll('.game-card')].map((c) => ({
        game: c.dataset.game,
        picture: c.querySelectorAll('.game-pic svg *').length,
        width: c.querySelector('.game-pic svg').getBoundingClientRect().width,
        name: c.querySelector('.game-name').textContent,
        pitch: c.querySelector('.game-pitch').textContent,
        time: c.querySelector('.game-time').textContent,
      })));
      assert.deepEqual(cards.map((c) => c.game), ['echec-o-cube', 'kybo', 'chess3d']);
      for (const c of cards) {
        assert.ok(c.picture > 20 && c.width >= 80, `${c.game}: a picture (${c.picture} shapes, ${c.width} px)`);
        assert.ok(c.name && c.pitch.split(' ').length >= 5, `${c.game}: a name and a one-line pitch (${c.pitch})`);
        assert.match(c.time, /\d+ min/, `${c.game}: a playing time`);
      }
      const modes = await host.locator('#mode small').allTextContents();
      assert.equal(modes.filter((m) => m.trim()).length, 3, 'the three ways to play, each said');
      await host.screenshot({ path: join(ARTIFACTS, `phone-${lang}-landing.png`), fullPage: true });
      await host.locator('input[name=game][value=echec-o-cube]').check();
      await host.check('input[name=mode][value=online]');
      await host.click('#create');
      await host.waitForFunction(() => document.getElementById('code').textContent.length === 6);
      const code = await host.locator('#code').textContent();
      const url = `${server.url}#online/${code}`;
      await host.locator('#invite').waitFor({ state: 'visible' });
      assert.match(await host.locator('#invite p').textContent(), lang === 'fr' ? /Envoyez ce code ou ce lien/ : /Send this code or this link/);
      assert.equal(await host.locator('#invite-link').inputValue(), url, 'the invitation address');
      assert.equal(await host.locator('#copy-link').getAttribute('data-url'), url);
      assert.equal(await host.locator('#share').getAttribute('data-url'), url);
      assert.equal(await host.locator('#share').textContent(), lang === 'fr' ? 'Partager' : 'Share');
      assert.equal(await host.locator('#copy-link').textContent(), lang === 'fr' ? 'Copier le lien' : 'Copy the link');
      await host.locator('#share').tap();
      assert.deepEqual((await host.evaluate(() => window.shared)).map((d) => d.url), [url], 'Share hands the address to the phone');
      await host.locator('#copy-link').tap();
      await host.locator('#copied').filter({ hasText: /\S/ }).waitFor();
      assert.equal(await host.evaluate(() => navigator.clipboard.readText()), url, 'Copy puts the address on the clipboard');
      // The QR code is the invitation address's.
      const drawn = await host.evaluate(() => {
        const svg = document.querySelector('#invite-qr svg');
        const dark = [...svg.querySelector('path').getAttribute('d').matchAll(/M(\d+) (\d+)/g)].map((m) => `${m[1] - 4},${m[2] - 4}`);
        return { dark, side: svg.getBoundingClientRect().width, label: svg.getAttribute('aria-label') };
      });
      const expected = [];
      qrModules(url).modules.forEach((row, y) => row.forEach((on, x) => { if (on) expected.push(`${x},${y}`); }));
      assert.deepEqual(drawn.dark, expected, 'the QR code encodes the invitation address');
      assert.ok(drawn.side >= 150, `the QR code is large enough to scan (${drawn.side} px)`);
      assert.ok(drawn.label.includes(url));
      await host.screenshot({ path: join(ARTIFACTS, `phone-${lang}-invite.png`), fullPage: true });
      // The opponent opens the address: the game starts, the invitation goes.
      await guest.goto(url);
      await host.locator('#invite').waitFor({ state: 'hidden' });
      assertClean(host, guest);
    } finally {
      await other.close();
      await context.close();
      await server.stop();
    }
  });
}

test('<html lang> is the page\'s language before its script runs: from ?lang=, else the browser\'s', async () => {
  const server = await startServer();
  try {
    for (const [locale, query, lang] of [['fr-FR', '', 'fr'], ['en-US', '', 'en'], ['en-US', '?lang=fr', 'fr'], ['fr-CA', '?lang=en', 'en'], ['de-DE', '', 'en']]) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      // Without app.js (nor the rules): what the page says before them.
      await page.route('**/app.js', (route) => route.abort());
      await page.goto(`${server.url}${query}`);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang, `${locale} ${query}`);
      await context.close();
    }
  } finally {
    await server.stop();
  }
});

for (const [lang, typed, shown] of [
  ['fr', ['Cb6', 'CB3', 'Tn1/b8'], ['CB6 CB3', 'TN1/B8']],
  ['en', ['Nb6', 'NB3', 'Rn1/b8'], ['NB6 NB3', 'RN1/B8']],
]) {
  test(`chess3d online, ${lang}: moves typed and shown with the ${lang === 'fr' ? 'French (R D T F C)' : 'English'} piece letters; the server's record stays in the notation`, async () => {
    const server = await startServer();
    const contexts = [await browser.newContext({ ...PHONE, locale: lang }), await browser.newContext({ ...PHONE, locale: lang })];
    const [host, guest] = await Promise.all(contexts.map((c) => newPage(c, { touch: true })));
    try {
      const code = await createAndOpen(host, guest, server.url, lang, 'chess3d');
      for (const [i, move] of typed.entries()) {
        const page = i % 2 === 0 ? host : guest;
        await waitForTurn(page);
        await page.fill('#move-text', move);
        await page.press('#move-text', 'Enter');
        await host.waitForFunction(pliesAre, i + 1);
        assert.equal(await page.locator('#message').textContent(), '', `${move} is read`);
      }
      await guest.waitForFunction(pliesAre, typed.length);
      for (const page of [host, guest]) assert.deepEqual(await page.locator('#record li').allTextContents(), shown);
      const record = await (await fetch(`${server.url}games/${code}`)).text();
      assert.match(record, /N2\/A8-N2\/B6/, `the record is the notation's (${record})`);
      assert.doesNotMatch(record, /\bC[A-H]|\bT[N]/, 'no French letter in the record');
      assertClean(host, guest);
    } finally {
      for (const c of contexts) await c.close();
      await server.stop();
    }
  });
}
