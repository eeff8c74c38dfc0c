// The page in French and English: no English word on the French page, the
// language chosen and remembered, the boot words, the server's refusals in
// French.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ROOT,
  ARTIFACTS,
  GAMES,
  MS,
  SEED,
  MAX_PLIES,
  browser,
  startServer,
  newPage,
  assertClean,
  rng,
  playOneMove,
  waitForTurn,
} from './harness.mjs';

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
      await page.check(`input[name=game][value=${game}]`);
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
    await host.check('input[name=game][value=kybo]');
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
