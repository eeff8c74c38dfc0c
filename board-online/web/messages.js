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
