// Every word the page shows a player comes from the Fluent catalogues of
// board-l10n (board-l10n/locales/{en,fr}/*.ftl), through the wasm's
// `Messages` class: this file only picks the language and asks for words
// by id. Nothing in web/ writes a word for a player itself.

/** The languages of the catalogues. */
export const LANGS = ['en', 'fr'];

const STORE_KEY = 'board-games-lang';

let words = null; // the wasm Messages of the chosen language

/** The language tag a locale name (`fr-CA`, `en`) asks for, if we have it. */
function supported(tag) {
  const primary = String(tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return LANGS.includes(primary) ? primary : null;
}

/** The page's language: `?lang=fr|en`, else the one chosen on this device
 * before (the switch remembers it), else the browser's preferred languages
 * in order, else English. */
export function chooseLang(params = new URLSearchParams(location.search)) {
  let stored = null;
  try {
    stored = localStorage.getItem(STORE_KEY);
  } catch {
    // Storage can be off (private modes): the browser's languages then.
  }
  const wanted = [params.get('lang'), stored, ...(navigator.languages ?? [navigator.language])];
  for (const tag of wanted) {
    const lang = supported(tag);
    if (lang) return lang;
  }
  return 'en';
}

/** Remembers the language chosen with the switch for the next visits. */
export function rememberLang(lang) {
  try {
    localStorage.setItem(STORE_KEY, lang);
  } catch {
    // Not remembered: the choice still holds on this page.
  }
}

/** Uses `messages` (a wasm `Messages`) for every word from now on. */
export function useMessages(messages) {
  words?.free?.();
  words = messages;
  document.documentElement.lang = messages.lang;
}

/** The language in use. */
export function currentLang() {
  return words ? words.lang : 'en';
}

/** The words of message `id` with `args` (strings, numbers). */
export function t(id, args = {}) {
  if (!words) return '';
  if (id === 'c3-pieces') return pieces(args);
  if (id === 'kybo-player' && args.left !== null && args.left !== undefined) id = 'kybo-player-left';
  return words.format(id, JSON.stringify(args));
}

/** A message as the server sends it ({id, args}), or null if it is none. */
export function tMessage(message) {
  if (!words || !message || typeof message.id !== 'string') return null;
  return words.render(JSON.stringify(message));
}

/** chess3d's material of one side: "king, queen, 2 rooks…". */
function pieces(counts) {
  const parts = [];
  for (const role of ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn']) {
    const count = Number(counts[role] ?? 0);
    if (count > 0) parts.push(t(`c3-count-${role}`, { count }));
  }
  return parts.join(t('list-separator'));
}

/** chess3d's piece letters as `[canonical, local]` pairs, from the
 * catalogue (`term-letters-chess3d`: `KR QD RT BF NC PP` in French). */
function letters() {
  return t('term-letters-chess3d').split(/\s+/).filter((pair) => pair.length === 2).map((pair) => [pair[0], pair[1]]);
}

/** `text` with its piece letters swapped by `swap` (a letter → a letter or
 * undefined): the leading letter when no digit follows it (`C3` is a
 * square, `Cb6` a knight's move) and the one after a promotion's `=`, as
 * board-l10n's `notation_letters` reads a typed move. */
function swapLetters(text, swap) {
  return [...text].map((c, i, all) => {
    const piece = (i === 0 && all.length > 1 && !/\d/.test(all[1])) || (i > 0 && all[i - 1] === '=');
    return piece ? swap(c) ?? c : c;
  }).join('');
}

/** A chess3d move text (the notation's English letters) as a player of the
 * page's language reads it: `NB3` is `CB3` in French. Records and position
 * texts stay in the notation: this is for what the page shows. */
export function localMove(text) {
  const pairs = letters();
  return swapLetters(text, (c) => pairs.find(([canonical]) => canonical === c)?.[1]);
}

/** A chess3d move typed with the page's language's letters (`Cb6`, `e8=D`
 * in French) in the notation's letters (`Nb6`, `e8=Q`). */
export function canonicalMove(text) {
  const pairs = letters();
  return swapLetters(text, (c) => {
    const canonical = pairs.find(([, local]) => local === c.toUpperCase())?.[0];
    return canonical === undefined || canonical === c.toUpperCase() ? undefined : canonical;
  });
}
