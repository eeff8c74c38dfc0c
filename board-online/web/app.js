// The page: pick a game and a mode, play on the SVG board by clicks or by
// typing the move text. The rules run in WebAssembly (pkg/, built by
// scripts/build-web); the computer thinks in a Web Worker (worker.js); the
// online mode speaks the server's protocol (board-online/PROTOCOL.md).
import { Online } from './online.js';
import { t, tMessage, chooseLang, rememberLang, useMessages, currentLang, LANGS, localMove, canonicalMove } from './messages.js';
import { qrSvg } from './qr.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

/** Milliseconds the computer may think, by level (board_core::Difficulty). */
const LEVEL_MS = { easy: 100, normal: 500, hard: 2000 };

let wasm = null; // the module: { Game, games }

/** What is being played. */
const S = {
  mode: null, // 'computer' | 'local' | 'online'
  name: null,
  config: undefined, // JSON text or undefined
  game: null, // the wasm Game
  firstName: null, // the first player's display text
  humanFirst: true, // computer mode: which side the person plays
  ms: 500,
  seed: 1,
  selected: null,
  targets: [], // places lit up
  corner: 0, // KYBO: which corner the 3-D view looks from (an index of CORNERS)
  top: false, // KYBO: seen from above
  thinking: 0, // the id of the worker request in flight, 0 if none
  online: null, // the Online connection
  net: null, // the last server state
  netAt: 0, // when it came (performance.now())
  facts: null, // the wasm Game's details(), parsed, as of the last render
};

// ---------------------------------------------------------------- moves

/** The place a move goes to, when it differs from where it starts (chess3d
 * moves go from a cell to a cell); null for a placement. Uses the bindings'
 * `targetOf` where it exists, else reads the move text. */
function targetOf(move) {
  if (typeof S.game.targetOf === 'function') {
    try {
      const t = S.game.targetOf(move);
      if (t && t !== placeOfSafe(move)) return t;
      return null;
    } catch { /* fall back to the text */ }
  }
  if (S.name === 'chess3d') {
    const m = /^\s*([^\s\-x]+)\s*[-x]\s*([^\s=]+)/i.exec(move);
    if (m && !/^[O0]$/i.test(m[1])) return m[2].toUpperCase();
  }
  return null;
}

function placeOfSafe(move) {
  try {
    return S.game.placeOf(move) || null;
  } catch {
    return null;
  }
}

/** The legal moves now, for the person whose turn it is (empty otherwise). */
function myMoves() {
  if (!S.game || S.game.outcome() !== null || !isHumanTurn()) return [];
  if (S.mode === 'online') return S.net ? S.net.legal_moves : [];
  return S.game.legalMoves();
}

function isHumanTurn() {
  if (S.mode === 'local') return true;
  if (S.mode === 'computer') {
    const firstToMove = S.game.turn() === S.firstName;
    return firstToMove === S.humanFirst;
  }
  if (S.mode === 'online') {
    const n = S.net;
    return !!(n && n.started && !n.result && S.online.seat && n.turn && n.turn.seat === S.online.seat);
  }
  return false;
}

/** A button's words for a move. */
function label(move) {
  const text = move.trim();
  if (S.name === 'echec-o-cube') {
    let m;
    if (/^claim$/i.test(text)) return t('eoc-claim');
    if ((m = /^R\s+(\S+)$/i.exec(text))) return t('eoc-red', { place: m[1] });
    if ((m = /^([PF])\s+(\S+?)(!?)$/i.exec(text))) {
      const move = t(m[1].toUpperCase() === 'P' ? 'eoc-pale' : 'eoc-dark', { place: m[2] });
      return m[3] ? t('eoc-announce', { move }) : move;
    }
  }
  if (S.name === 'chess3d') {
    const shown = localMove(text);
    const p = /=([QRBN])$/i.exec(text);
    if (p) return t('c3-promote', { role: t(`c3-role-${p[1].toLowerCase()}`), move: shown });
    if (/^[O0]-[O0]-[O0]\b/i.test(text)) return t('c3-castle-long', { move: shown });
    if (/^[O0]-[O0]\b/i.test(text)) return t('c3-castle-short', { move: shown });
    return shown;
  }
  return text;
}

// ---------------------------------------------------------------- drawing

function render() {
  const g = S.game;
  if (!g) return;
  const moves = myMoves();
  const facts = JSON.parse(g.details());
  S.facts = facts;
  // Where the person may act, from the legal moves: each place a move starts
  // from (a KYBO square, an ÉCHEC O CUBE groove or crossing, a chess3d piece).
  const starts = new Map();
  for (const m of moves) {
    const p = placeOfSafe(m);
    if (p) starts.set(p, [...(starts.get(p) ?? []), m]);
  }
  // KYBO draws every legal square as a ghost cube at its landing level.
  const drawn = S.name === 'kybo' && S.targets.length === 0 ? [...starts.keys()] : S.targets;
  const svg = g.svg(JSON.stringify({
    selected: S.selected ?? undefined,
    targets: drawn,
    lastMove: true,
    coordinates: true,
    view: S.name === 'kybo' ? (S.top ? 'top' : CORNERS[S.corner]) : undefined,
    // The picture's own status lines, legend and title, in the game's
    // language (the wasm words them with the page's catalogue); left out
    // after an online game ended off the board (they would still name the
    // side to move).
    status: !(S.net && S.net.result && g.outcome() === null),
  }));
  const board = $('board');
  const scrolled = $('board-wrap').scrollLeft; // zoomed: keep the view
  board.innerHTML = svg;
  // Every place the picture draws (a phone then shows one chess3d level).
  const pictured = new Set([...board.querySelectorAll('[data-place]')].map((e) => e.getAttribute('data-place')));
  const oneLevel = S.name === 'chess3d' && NARROW.matches && !$('board-wrap').classList.contains('zoomed');
  if (oneLevel) levelView(board, moves.length ? [...starts.keys()] : []);
  $('level-tabs').hidden = !oneLevel;
  const legend = NARROW.matches && S.name !== 'chess3d';
  $('legend').hidden = !legend;
  if (legend) legendOut(board);
  const flat = NARROW.matches && (S.name === 'echec-o-cube' || (S.name === 'kybo' && S.top));
  if (flat) fitWidth(board, S.name === 'kybo' ? 14 : 20);
  $('board-wrap').classList.toggle('bleed', flat || oneLevel);
  // A picture much wider than high (chess3d's levels side by side) takes
  // the whole width of a wide screen, the panel under it.
  const [, , vw, vh] = (board.querySelector('svg')?.getAttribute('viewBox') ?? '0 0 1 1').split(/\s+/).map(Number);
  document.body.classList.toggle('wide-board', vw > 2 * vh);
  $('board-wrap').scrollLeft = scrolled;
  const targets = new Set(S.targets);
  for (const el of board.querySelectorAll('[data-place]')) {
    const p = el.getAttribute('data-place');
    if (starts.has(p)) el.classList.add('playable');
    if (targets.has(p)) el.classList.add('target-place');
  }
  markLegal(board, starts, targets);
  board.classList.toggle('my-turn', moves.length > 0);

  const outcome = g.outcome();
  const n = S.net;
  const watching = S.mode === 'online' && !!S.online && !S.online.seat;
  const player = g.turnName();
  let turn;
  if (outcome !== null) turn = t('game-over');
  else if (S.mode === 'online' && n && !n.started) turn = t('waiting-opponent');
  else if (S.mode === 'online' && n && n.result) turn = t('game-over');
  else if (S.mode === 'computer' && !isHumanTurn()) turn = t('computer-thinking', { player });
  else if (watching || S.mode === 'local') turn = t('to-move', { player });
  else if (S.mode === 'online' && !isHumanTurn()) turn = t('opponent-to-move', { player });
  else turn = t('to-move-you', { player });
  $('turn').textContent = turn;
  $('players').textContent = playersLine(facts, watching);
  const result = n && n.result ? resultText(n.result, facts, outcome) : outcome;
  $('status').replaceChildren(...statusLines(facts, !!result).map((line) => {
    const li = document.createElement('li');
    li.textContent = line;
    return li;
  }));
  $('outcome').textContent = result ?? '';
  offerRecord(!!result);
  document.body.classList.toggle('over', !!result);
  document.body.classList.toggle('watching', watching);
  $('hint').textContent = [S.landed, hintFor(facts, moves)].filter(Boolean).join(' ');

  renderRecord(g, facts);

  // Moves that no click on the board reaches (ÉCHEC O CUBE's claim, or a
  // move without a place) are buttons.
  const actions = $('actions');
  actions.replaceChildren();
  for (const m of moves) {
    const p = placeOfSafe(m);
    if (!p || !pictured.has(p)) actions.append(moveButton(m));
  }
  showClock();
  showInvitation();
  // chess3d's threefold repetition and 50-move rule are claimed (C3-17),
  // and only offered when one applies.
  $('claim-draw').hidden = S.name !== 'chess3d' || moves.length === 0 || !facts.canClaimDraw;
  $('zoom').hidden = S.name !== 'chess3d' || NARROW.matches;
  $('turn-board').hidden = S.name !== 'kybo' || S.top;
  $('turn-board').setAttribute('aria-label', t('turn-board-label', { corner: CORNERS[S.corner] }));
  $('top-view').hidden = S.name !== 'kybo';
  $('top-view').setAttribute('aria-pressed', String(S.top));
  $('top-view').textContent = t(S.top ? 'top-view-off' : 'top-view');
  $('move-form').hidden = watching || !!result;
  $('undo').hidden = S.mode === 'online';
  $('undo').disabled = S.mode === 'online' || g.moves().length === 0;
  $('resign').hidden = S.mode !== 'online' || !S.online?.token || !!result;
  document.body.classList.toggle('net-started', S.mode === 'online' && !!n?.started);
  measureRoom();
}

/** Keeps the CSS variables --bar-h, the height of the bar (fixed at a
 * phone's foot during a game), and --board-top, where the board starts on
 * the page (under the header, an online game's code, chess3d's level
 * tabs): the board's room on a phone is what they leave of the screen. */
function keepHeights() {
  const observer = new ResizeObserver(measureRoom);
  for (const el of [$('bar'), document.querySelector('header'), $('code-box'), $('level-tabs')]) observer.observe(el);
}

function measureRoom() {
  const style = document.documentElement.style;
  style.setProperty('--bar-h', `${Math.ceil($('bar').getBoundingClientRect().height)}px`);
  style.setProperty('--board-top', `${Math.ceil($('board').getBoundingClientRect().top + window.scrollY)}px`);
}

/** KYBO's 3-D view turns a quarter at a time: the corner it looks from. */
const CORNERS = ['A1', 'H1', 'H8', 'A8'];

/** On a phone, the picture's legend (the colours of the players, the
 * marks; 9 to 11 px once the picture fits the screen) moves under it as
 * the page's text (#legend), each line after its swatch; the picture's
 * status line goes (the bar and the panel say it) and the picture ends at
 * its board. */
function legendOut(board) {
  const svg = board.querySelector('svg');
  const blocks = [...(svg?.querySelectorAll(':scope > g.status, :scope > g.legend') ?? [])];
  if (blocks.length === 0) return;
  const top = Math.min(...blocks.map((b) => b.getBBox().y));
  const lines = [];
  for (const block of blocks) {
    let swatch = null;
    for (const el of block.children) {
      if (el.tagName !== 'text') {
        swatch = el;
        continue;
      }
      // The status line without a swatch says what the bar says.
      if (swatch || block.classList.contains('legend')) lines.push({ text: el.textContent, swatch });
      swatch = null;
    }
  }
  $('legend').replaceChildren(...lines.map(({ text, swatch }) => {
    const li = document.createElement('li');
    if (swatch) {
      const b = swatch.getBBox();
      const mark = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      mark.setAttribute('viewBox', `${b.x - 2} ${b.y - 2} ${b.width + 4} ${b.height + 4}`);
      mark.setAttribute('aria-hidden', 'true');
      mark.append(swatch.cloneNode(true));
      li.append(mark);
    }
    li.append(text);
    return li;
  }));
  for (const block of blocks) block.remove();
  const [x, y, w] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
  svg.setAttribute('viewBox', `${x} ${y} ${w} ${top - y}`);
  svg.setAttribute('height', String(top - y));
}

/** A board drawn flat (ÉCHEC O CUBE, KYBO seen from above) on a phone: the
 * picture spans the screen's width, its side rims narrowed to `keep` units,
 * into which the rank digits move, so that a square (KYBO) or the pitch of
 * the grooves (ÉCHEC O CUBE) is a finger wide: 44 px and more on a 375-px
 * screen. */
function fitWidth(board, keep) {
  const svg = board.querySelector('svg');
  const boxes = [...(svg?.querySelectorAll('.cell, .segment, .crossing') ?? [])].map((e) => e.getBBox());
  if (boxes.length === 0) return;
  const left = Math.min(...boxes.map((b) => b.x));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const [, y, , h] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
  for (const text of svg.querySelectorAll(':scope > text')) {
    if (!/^[1-8]$/.test(text.textContent.trim())) continue;
    const x = Number(text.getAttribute('x'));
    if (x < left) text.setAttribute('x', String(left - keep / 2));
    else if (x > right) text.setAttribute('x', String(right + keep / 2));
  }
  const width = right - left + 2 * keep;
  svg.setAttribute('viewBox', `${left - keep} ${y} ${width} ${h}`);
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(h));
}

/** A narrow screen: chess3d one level at a time. */
const NARROW = matchMedia('(max-width: 700px)');

/** chess3d on a phone: one level at a time, a square a finger wide (44 px
 * and more on a 375-px screen), under a tab for each level that shows it
 * small (all levels at a glance) and counts its places to tap: the chosen
 * piece's targets, else the pieces that can move (`playable`). The level
 * shown is the one the person picked since the last move, else the
 * chosen piece's, else the one with the most to play. */
function levelView(board, playable) {
  const svg = board.querySelector('svg');
  const groups = [...(svg?.querySelectorAll('g.level') ?? [])];
  const levels = groups.map((g) => g.getAttribute('data-level'));
  if (levels.length < 2) return;
  const counted = S.targets.length ? S.targets : playable;
  const marks = new Map(levels.map((l) => [l, 0]));
  for (const place of counted) {
    const level = place.split('/')[0];
    if (marks.has(level)) marks.set(level, marks.get(level) + 1);
  }
  const plies = S.game.moves().length;
  if (S.levelPlies !== plies || !levels.includes(S.level)) {
    const most = Math.max(...marks.values());
    const chosen = S.selected?.split('/')[0];
    S.level = chosen && levels.includes(chosen) ? chosen
      : marks.get(S.level) === most && levels.includes(S.level) ? S.level
        : levels.find((l) => marks.get(l) === most);
    S.levelPlies = plies;
  }
  // The level's own box: its cells, the rank digits beside them, the file
  // letters under them (its name is on its tab).
  const boxes = new Map(groups.map((g, i) => {
    const cells = [...g.querySelectorAll('.cell')].map((c) => c.getBBox());
    const x = Math.min(...cells.map((b) => b.x));
    const y = Math.min(...cells.map((b) => b.y));
    return [levels[i], { x, y, w: Math.max(...cells.map((b) => b.x + b.width)) - x, h: Math.max(...cells.map((b) => b.y + b.height)) - y }];
  }));
  const { x: left, y: top, w, h } = boxes.get(S.level);
  const right = left + w;
  const bottom = top + h;
  const keep = 10; // of each side rim: the rank digits move into it
  const under = 22; // the file letters
  const only = (level, keepPlaces) => {
    const copy = svg.cloneNode(true);
    copy.removeAttribute('width');
    copy.removeAttribute('height');
    for (const el of copy.querySelectorAll('[data-place]')) {
      if (!el.getAttribute('data-place').startsWith(`${level}/`)) el.remove();
      else if (!keepPlaces) el.removeAttribute('data-place');
    }
    for (const el of copy.querySelectorAll('g.level')) {
      if (el.getAttribute('data-level') !== level) el.remove();
    }
    copy.querySelector('g.status')?.remove();
    copy.querySelector('title')?.remove();
    if (!keepPlaces) {
      // A tab's picture: the cells and pieces, nothing to name twice.
      for (const el of copy.querySelectorAll('g.level text')) el.remove();
      for (const el of copy.querySelectorAll('[data-level]')) el.removeAttribute('data-level');
    }
    return copy;
  };
  const view = only(S.level, true);
  for (const text of view.querySelectorAll('g.level > text')) {
    if (!/^[1-8]$/.test(text.textContent.trim())) continue;
    const x = Number(text.getAttribute('x'));
    if (x < left) text.setAttribute('x', String(left - keep / 2));
    else if (x > right) text.setAttribute('x', String(right + keep / 2));
    text.style.fontSize = '11px';
  }
  const width = right - left + 2 * keep;
  const height = bottom - top + under + 4;
  view.setAttribute('viewBox', `${left - keep} ${top - 4} ${width} ${height}`);
  view.setAttribute('width', String(width));
  view.setAttribute('height', String(height));
  view.classList.add('level-view');
  view.dataset.level = S.level;
  board.replaceChildren(view);
  // The tabs, top level first, each its level small.
  const tabs = $('level-tabs');
  tabs.replaceChildren(...[...levels].reverse().map((level) => {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.setAttribute('role', 'tab');
    tab.dataset.level = level;
    tab.setAttribute('aria-selected', String(level === S.level));
    tab.setAttribute('aria-label', t('level-tab', { level, count: marks.get(level) }));
    const mini = only(level, false);
    const b = boxes.get(level);
    mini.setAttribute('viewBox', `${b.x - 2} ${b.y - 2} ${b.w + 4} ${b.h + 4}`);
    mini.setAttribute('aria-hidden', 'true');
    const name = document.createElement('span');
    name.className = 'level-name';
    name.textContent = level;
    tab.append(mini, name);
    if (marks.get(level) > 0) {
      tab.classList.add('marked');
      const badge = document.createElement('span');
      badge.className = 'marks';
      badge.textContent = String(marks.get(level));
      tab.append(badge);
    }
    return tab;
  }));
}

/** Marks each board element where the person may act: `data-legal`, a
 * name a screen reader says, focus by keyboard. One element a place: the
 * KYBO square, the ÉCHEC O CUBE groove or crossing, the chess3d cell (of a
 * piece that can move, then of each target of the chosen piece). */
function markLegal(board, starts, targets) {
  const sel = { kybo: '.cell', 'echec-o-cube': '.segment, .crossing', chess3d: '.cell' }[S.name];
  if (!sel) return;
  const landing = S.facts?.landing ?? {};
  for (const el of board.querySelectorAll(sel)) {
    const place = el.getAttribute('data-place');
    let name = null;
    if (targets.has(place)) name = t('c3-target', { place });
    else if (starts.has(place)) name = legalName(place, starts.get(place), landing);
    if (name === null) continue;
    el.setAttribute('data-legal', targets.has(place) ? 'target' : 'start');
    el.setAttribute('role', 'button');
    el.setAttribute('tabindex', '0');
    el.setAttribute('aria-label', name);
  }
}

function legalName(place, moves, landing) {
  if (S.name === 'kybo') return t('kybo-square', { place, level: landing[place] ?? '?' });
  if (S.name === 'echec-o-cube') {
    if (moves.some((m) => /^R\s/i.test(m))) return t('eoc-crossing', { place });
    const kinds = [];
    if (moves.some((m) => /^P\s/i.test(m))) kinds.push(t('eoc-kind-pale'));
    if (moves.some((m) => /^F\s/i.test(m))) kinds.push(t('eoc-kind-dark'));
    return t('eoc-groove', { place, kinds: kinds.join(t('eoc-or')) });
  }
  const piece = $('board').querySelector(`.piece[data-place="${CSS.escape(place)}"]`);
  const letter = (piece?.getAttribute('data-piece') ?? 'p').toLowerCase();
  return t('c3-piece', { place, piece: t(`c3-role-${letter}`) });
}

/** Who plays which side, in words. */
function playersLine(facts, watching) {
  const [first, second] = facts.players.map((p) => p.name);
  if (S.mode === 'local') return t('players-local', { first, second });
  if (S.mode === 'computer') {
    const [you, computer] = S.humanFirst ? [first, second] : [second, first];
    return t('players-computer', { you, computer });
  }
  if (watching) return t('players-watching', { first, second });
  if (S.mode === 'online' && S.online?.seat) {
    const [you, other] = S.online.seat === 'first' ? [first, second] : [second, first];
    return t('players-online', { you, other });
  }
  return '';
}

/** The score and the pieces left, in words; the final count once over. */
function statusLines(facts, over) {
  const lines = [];
  if (facts.game === 'echec-o-cube') {
    for (const p of facts.players) lines.push(t('eoc-player', p));
    if (!over && facts.claimable) lines.push(t('eoc-claimable', { points: facts.claimable }));
    if (facts.redMode) lines.push(t('eoc-reds-left', { reds: facts.redsLeft }));
    if (over) {
      for (const p of facts.players) lines.push(t('eoc-final', { name: p.name, count: p.finalCount }));
      lines.push(t('eoc-final-how'));
    }
  } else if (facts.game === 'kybo') {
    for (const p of facts.players) lines.push(t('kybo-player', p));
    if (facts.network) lines.push(t('kybo-network'));
  } else if (facts.game === 'chess3d') {
    for (const p of facts.players) lines.push(t('c3-player', { name: p.name, pieces: t('c3-pieces', p.pieces) }));
    if (facts.check) lines.push(t('c3-check', { player: facts.turn }));
  }
  return lines;
}

/** What to do now, for a person whose turn it is. */
function hintFor(facts, moves) {
  if (moves.length === 0) return '';
  const hints = [];
  if (facts.game === 'echec-o-cube') {
    if (facts.claimable) hints.push(t('hint-eoc-claim'));
    const placed = facts.onBoard.pale + facts.onBoard.dark;
    hints.push(t(placed === 0 ? 'hint-eoc-first' : 'hint-eoc-chain'));
    if (facts.redMode && moves.some((m) => /^R\s/i.test(m))) hints.push(t('hint-eoc-red'));
  } else if (facts.game === 'kybo') {
    hints.push(t(facts.players[0].placed === 0 ? 'hint-kybo-start' : 'hint-kybo'));
  } else if (facts.game === 'chess3d') {
    hints.push(t(S.selected ? 'hint-c3-target' : 'hint-c3'));
  }
  return hints.join(' ');
}

/** The record: chess3d in move pairs of short texts (`1. E5 D4`), the
 * other games one move a line. `data-plies` counts the moves. */
function renderRecord(g, facts) {
  const rec = $('record');
  const played = g.moves();
  rec.dataset.plies = String(played.length);
  let items;
  if (facts.game === 'chess3d') {
    // The short moves with the page's language's piece letters (NB3 is CB3
    // in French); the downloaded record keeps the notation's.
    const short = facts.short.map(localMove);
    items = [];
    for (let i = 0; i < short.length; i += 2) items.push(short.slice(i, i + 2).join(' '));
  } else {
    items = played;
  }
  rec.replaceChildren(...items.map((m) => {
    const li = document.createElement('li');
    li.textContent = m;
    return li;
  }));
  rec.scrollTop = rec.scrollHeight;
}

function moveButton(move) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'move-choice';
  b.dataset.move = move;
  b.textContent = label(move);
  b.addEventListener('click', () => submit(move));
  return b;
}

function showChoices(moves) {
  $('choices').replaceChildren(...moves.map(moveButton));
}

function clearSelection() {
  S.landed = null;
  S.selected = null;
  S.targets = [];
  $('choices').replaceChildren();
}

function say(text) {
  $('message').textContent = text;
}

// ---------------------------------------------------------------- clicks

function onBoardClick(event) {
  const el = event.target.closest('[data-legal]') ?? nearGroove(event) ?? event.target.closest('[data-place]');
  if (el) actAt(el.getAttribute('data-place'));
}

/** How far (CSS px) from an ÉCHEC O CUBE groove or crossing a tap still
 * reaches it: a 9-px groove takes a finger's 44 px and more. */
const TAP_REACH = 24;

/** ÉCHEC O CUBE: the legal groove or crossing nearest a tap that missed
 * them all (on a square, say), if one is within TAP_REACH; null otherwise
 * and in the other games, whose places are large enough. */
function nearGroove(event) {
  if (S.name !== 'echec-o-cube' || !event.isTrusted) return null;
  const { clientX: x, clientY: y } = event;
  let best = null;
  let reach = TAP_REACH;
  for (const el of $('board').querySelectorAll('[data-legal]')) {
    const b = el.getBoundingClientRect();
    const d = Math.hypot(Math.max(b.left - x, 0, x - b.right), Math.max(b.top - y, 0, y - b.bottom));
    if (d < reach) [best, reach] = [el, d];
  }
  return best;
}

/** Enter or space on a focused legal place acts as a click. */
function onBoardKey(event) {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  const el = event.target.closest('[data-legal]');
  if (!el) return;
  event.preventDefault();
  const place = el.getAttribute('data-place');
  actAt(place);
  $('board').querySelector(`[data-legal][data-place="${CSS.escape(place)}"]`)?.focus();
}

function actAt(place) {
  const moves = myMoves();
  if (moves.length === 0) return;
  say('');
  S.landed = null;
  // A second click on a lit target plays the move there.
  if (S.selected && S.targets.includes(place)) {
    const from = movesAt(S.selected, moves).filter((m) => targetOf(m) === place);
    if (from.length === 1) return submit(from[0]);
    if (from.length > 1) {
      S.targets = [place];
      render();
      return showChoices(from); // a promotion: which piece
    }
  }
  const here = movesAt(place, moves);
  if (here.length === 0) {
    clearSelection();
    return render();
  }
  const going = here.filter((m) => targetOf(m) !== null);
  const placing = here.filter((m) => targetOf(m) === null);
  if (going.length === 0 && placing.length === 1) {
    clearSelection();
    return submit(placing[0]);
  }
  S.selected = place;
  S.targets = [...new Set(going.map(targetOf))];
  $('choices').replaceChildren();
  render();
  if (placing.length > 0) showChoices(placing);
}

function movesAt(place, legal) {
  const set = new Set(legal);
  let at;
  try {
    at = S.game.movesAt(place);
  } catch {
    at = legal.filter((m) => placeOfSafe(m) === place);
  }
  return at.filter((m) => set.has(m));
}

/** KYBO: the level a cube put on a square lands at, shown on hover. */
function onBoardHover(event) {
  const el = event.target.closest('[data-place]');
  if (!el || !S.game) return;
  const place = el.getAttribute('data-place');
  if (S.name === 'kybo') {
    const level = S.facts?.landing?.[place];
    if (level && myMoves().length) {
      $('hint').textContent = t('kybo-square', { place, level });
      return;
    }
  }
  if (S.facts) $('hint').textContent = [S.landed, hintFor(S.facts, myMoves())].filter(Boolean).join(' ');
}

// ---------------------------------------------------------------- playing

/** Online games with a clock: each side's time, counting down for the side
 * whose time runs (the state gives the times as of when it was sent). */
function showClock() {
  const n = S.mode === 'online' ? S.net : null;
  const el = $('clock');
  el.hidden = !(n && n.clock);
  if (el.hidden) return;
  const c = n.clock;
  const since = performance.now() - S.netAt;
  const left = (seat) => Math.max(0, c[`${seat}_ms`] - (c.running === seat ? since : 0));
  const text = (ms) => {
    const s = Math.ceil(ms / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  };
  el.textContent = t('clock', {
    first: n.players.first,
    firstTime: text(left('first')),
    second: n.players.second,
    secondTime: text(left('second')),
  });
}
setInterval(showClock, 250);

/** Plays a move the person chose (a click, a button or typed text). */
function submit(text) {
  clearSelection();
  say('');
  if (S.mode === 'online') {
    S.online.move(text);
    render();
    return;
  }
  if (!isHumanTurn() || S.game.outcome() !== null) {
    say(t('not-your-turn'));
    return;
  }
  const square = text.trim().toUpperCase().replace(/\^\d$/, '');
  const landing = S.name === 'kybo' ? S.facts?.landing?.[square] : null;
  try {
    S.game.play(text);
  } catch (e) {
    say(t('refused', { reason: e.message ?? e }));
    render();
    return;
  }
  S.landed = landing ? t('landed', { place: square, level: landing }) : null;
  afterMove();
}

function afterMove() {
  render();
  if (S.mode === 'computer' && S.game.outcome() === null && !isHumanTurn()) computerTurn();
}

let worker = null;
let requests = 0;

function computerTurn() {
  worker ??= makeWorker();
  const id = ++requests;
  S.thinking = id;
  worker.postMessage({
    id,
    name: S.name,
    record: S.game.recordText(),
    seed: (S.seed + S.game.moves().length) >>> 0,
    ms: S.ms,
    lang: currentLang(),
  });
}

function makeWorker() {
  const w = new Worker('./worker.js', { type: 'module' });
  w.onmessage = (event) => {
    const { id, move, error } = event.data;
    if (id !== S.thinking) return; // undone or a new game meanwhile
    S.thinking = 0;
    if (error) {
      // The rules' reason, in the page's language, is for whoever debugs.
      console.warn('the computer failed:', error);
      return say(t('computer-failed'));
    }
    if (move === null) return render();
    try {
      S.game.play(move);
    } catch (e) {
      say(t('computer-refused', { move, error: e.message ?? e }));
    }
    afterMove();
  };
  w.onerror = (e) => {
    // The browser's own words about the worker, for whoever debugs.
    console.warn('the computer\'s worker failed:', e.message);
    say(t('computer-failed'));
  };
  return w;
}

function claimDraw() {
  say('');
  if (S.mode === 'online') return S.online.claimDraw();
  if (typeof S.game.claimDraw !== 'function') return say(t('no-claim-draw-build'));
  const why = S.game.claimDraw();
  if (why === null) return say(t('refused', { reason: t('no-draw') }));
  S.thinking = 0;
  clearSelection();
  render();
}

function undo() {
  if (S.mode === 'online' || !S.game) return;
  S.thinking = 0;
  clearSelection();
  say('');
  if (S.mode === 'computer') {
    // Back to the person's turn, taking back their last move too.
    let undone = false;
    while (S.game.undo()) {
      undone = true;
      if (isHumanTurn()) break;
    }
    if (undone && !isHumanTurn()) {
      // The computer moved first and everything was undone.
      afterMove();
      return;
    }
  } else {
    S.game.undo();
  }
  render();
}

// ---------------------------------------------------------------- games

function newGame(name, config) {
  S.game?.free?.();
  // Its words, errors included, in the page's language.
  S.game = new wasm.Game(name, config, currentLang());
  S.name = name;
  S.config = config;
  S.firstName = S.game.turn();
  // KYBO on a phone opens seen from above, where a square is a finger wide.
  S.top = name === 'kybo' && NARROW.matches;
  clearSelection();
}

function configFor(name) {
  // ?config=JSON for the game chosen by ?game= (tests use small supplies).
  const c = params.get('config');
  if (c && (!params.get('game') || params.get('game') === name)) return c;
  return undefined;
}

function startLocal(mode) {
  const name = chosenGame();
  try {
    newGame(name, configFor(name));
  } catch (e) {
    $('setup-message').textContent = t('cannot-start', { error: e.message ?? e });
    return;
  }
  S.mode = mode;
  S.humanFirst = $('side').value === 'first';
  const ms = Number(params.get('ms'));
  S.ms = ms > 0 ? ms : LEVEL_MS[$('level').value];
  // ?seed=N makes the computer's games reproducible (the tests use it).
  const seed = Number(params.get('seed'));
  S.seed = Number.isInteger(seed) && params.has('seed') ? seed >>> 0 : (Math.random() * 2 ** 32) >>> 0;
  S.thinking = 0;
  showPlay();
  afterMove();
}

function showPlay() {
  document.body.classList.add('playing');
  $('setup').hidden = true;
  $('play').hidden = false;
  $('code-box').hidden = S.mode !== 'online';
  say('');
  $('hint').textContent = '';
  // The setup was scrolled down to its button: the game opens at its top.
  window.scrollTo(0, 0);
}

let recordUrl = null;
let recordUrlText = null;

/** Once the game is over, a link that downloads its record: the server's
 * record (`GET /games/CODE`) of an online game, the page's own record text
 * of a game on this device. */
function offerRecord(over) {
  const a = $('download-record');
  a.hidden = !over;
  if (!over) return;
  const code = S.mode === 'online' ? S.online?.code : null;
  if (code) {
    a.href = `games/${encodeURIComponent(code)}`;
    a.download = `${S.name}-${code}.txt`;
    return;
  }
  const text = S.game.recordText();
  if (text !== recordUrlText) {
    if (recordUrl) URL.revokeObjectURL(recordUrl);
    recordUrl = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    recordUrlText = text;
  }
  a.href = recordUrl;
  a.download = `${S.name}.txt`;
}

/** A game that leaving would throw away: begun and not over, and, online,
 * one the person plays in (a spectator loses nothing). */
function inProgress() {
  if (!S.game || S.game.outcome() !== null) return false;
  if (S.mode === 'online') return !!(S.online?.seat && S.net?.started && !S.net.result);
  return S.game.moves().length > 0;
}

/** What the confirmation's "yes" does, while it is open. */
let confirmed = null;

/** Asks in the page (a modal dialog, not the browser's `confirm`) before
 * `then` throws a game away; `what`: 'resign' or 'leave'. "Yes" runs it at
 * once; closing the dialog any other way (Escape, "Keep playing") does
 * nothing. */
function askFirst(what, then) {
  $('confirm-text').textContent = t(`confirm-${what}`);
  $('confirm-yes').textContent = t(`confirm-${what}-yes`);
  confirmed = then;
  $('confirm').showModal();
}

function backToSetup() {
  S.thinking = 0;
  S.online?.close();
  S.online = null;
  S.net = null;
  S.mode = null;
  showConnection();
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  $('play').hidden = true;
  $('setup').hidden = false;
  document.body.classList.remove('playing');
  window.scrollTo(0, 0);
}

// ---------------------------------------------------------------- online

function startOnline(action) {
  S.mode = 'online';
  S.net = null;
  S.online?.close();
  S.online = new Online({
    onState(state) {
      S.net = state;
      S.netAt = performance.now();
      try {
        rebuild(state);
      } catch (e) {
        if (state.legal_moves === null) {
          // A move applied from a `moved` that the rules here refuse: ask
          // for the server's full state instead.
          S.online.sync();
          return;
        }
        say(t('cannot-show', { error: e.message ?? e }));
        return;
      }
      if (state.legal_moves === null) {
        // After a `moved`: the legal moves, from the rules.
        state.legal_moves = S.game.outcome() === null && !state.result ? S.game.legalMoves() : [];
      }
      if (S.selected && !myMoves().length) clearSelection();
      showPlay();
      render();
    },
    onCode(code, seat) {
      $('code').textContent = code;
      if (location.hash !== `#online/${code}`) history.replaceState(null, '', `#online/${code}`);
      $('online-state').textContent = seat ? t('online-you-play', { side: t(`side-${seat}`) }) : t('online-watching');
    },
    onRefused(msg) {
      // The server sends the refusal's kind and, for an illegal move, the
      // rule's message (id and arguments): both are worded here.
      const reason = tMessage(msg.message) ?? t(`refusal-${msg.kind}`);
      say(t('refused', { reason }));
    },
    onError(msg) {
      const text = t(`error-${msg.kind}`);
      if ($('play').hidden) $('setup-message').textContent = text;
      else say(text);
    },
    onConnection(text) {
      $('online-state').dataset.connection = text;
      document.body.dataset.connection = text;
      showConnection();
    },
  });
  S.online.start(action);
}

/** The online game's connection, in words: plainly so when the network is
 * gone (the browser says it is offline) or the server cannot be reached. */
function showConnection() {
  const el = $('connection');
  const setup = $('setup-message');
  const state = document.body.dataset.connection ?? '';
  const offline = navigator.onLine === false;
  // Before the game is shown (creating or joining), the setup screen says it.
  if (setup.dataset.connection) {
    setup.textContent = '';
    delete setup.dataset.connection;
  }
  if (!S.online || (state === 'connected' && !offline)) {
    el.textContent = '';
    el.classList.remove('lost');
    return;
  }
  const lost = offline || state.startsWith('disconnected');
  el.textContent = t(offline ? 'online-offline' : lost ? 'online-reconnecting' : 'online-connecting');
  el.classList.toggle('lost', lost);
  if ($('play').hidden && lost && !setup.textContent) {
    setup.textContent = el.textContent;
    setup.dataset.connection = 'yes';
  }
}

/** How an online game ended, in words: the rules' outcome from the local
 * game, or the server's ending (resignation, time, expiry) with the names. */
function resultText(result, facts, outcome) {
  const names = facts.players.map((p) => p.name);
  const seatName = (seat) => names[seat === 'first' ? 0 : 1];
  const winner = result.winner ? seatName(result.winner) : null;
  const loser = result.winner ? seatName(result.winner === 'first' ? 'second' : 'first') : null;
  switch (result.ending) {
    case 'rules':
      return outcome ?? t('game-over');
    case 'draw_claimed':
      return outcome ?? t('ending-draw-claimed');
    case 'resignation':
      return t('ending-resignation', { loser, winner });
    case 'flag_fall':
      return t('ending-flag-fall', { loser, winner });
    default:
      return t('ending-expired');
  }
}

/** The local Game from the server's state: the config, then every move. */
function rebuild(state) {
  const config = JSON.stringify(state.config ?? {});
  const same = S.game && S.name === state.game && S.config === config;
  const have = same ? S.game.moves() : [];
  const prefix = have.length <= state.moves.length && have.every((m, i) => m === state.moves[i]);
  if (!same || !prefix) newGame(state.game, config);
  const done = S.game.moves().length;
  for (const m of state.moves.slice(done)) S.game.play(m);
}

// ---------------------------------------------------------------- landing

/** The picture of each game on the landing: the position of one of its
 * rules' pictures (a game under way says more than an empty board), else
 * the start (chess3d, its middle level alone). */
const LANDING_PICTURES = { 'echec-o-cube': 'end', kybo: 'end' };

/** A card a game on the setup screen: a radio button, the game's picture
 * (its own SVG, without words), its name, its pitch and its playing time
 * (words filled by localize). */
function buildLanding() {
  const games = $('games');
  for (const [i, { name }] of wasm.games().entries()) {
    const card = document.createElement('label');
    card.className = 'game-card';
    card.dataset.game = name;
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'game';
    input.value = name;
    input.checked = i === 0;
    const pic = document.createElement('span');
    pic.className = 'game-pic';
    const record = RULE_PICTURES[name]?.find((p) => p.part === LANDING_PICTURES[name])?.record;
    const g = record ? wasm.Game.fromRecord(name, record, 'en') : new wasm.Game(name, undefined, 'en');
    try {
      pic.innerHTML = g.svg(JSON.stringify({ lastMove: false, coordinates: false, status: false, view: name === 'kybo' ? 'A1' : undefined }));
    } finally {
      g.free?.();
    }
    const svg = pic.querySelector('svg');
    svg?.querySelector('title')?.remove();
    svg?.setAttribute('aria-hidden', 'true');
    for (const el of svg?.querySelectorAll('[data-place]') ?? []) el.removeAttribute('data-place');
    const text = document.createElement('span');
    text.className = 'game-text';
    for (const part of ['game-name', 'game-pitch', 'game-time']) {
      const span = document.createElement('span');
      span.className = part;
      text.append(span);
    }
    card.append(input, pic, text);
    games.append(card);
    if (name === 'chess3d') middleLevel(svg);
  }
}

/** chess3d's picture cut to its middle level (N2, where the game starts). */
function middleLevel(svg) {
  const levels = [...(svg?.querySelectorAll('g.level') ?? [])];
  const middle = levels[Math.floor(levels.length / 2)];
  if (!middle) return;
  const b = middle.getBBox();
  svg.setAttribute('viewBox', `${b.x} ${b.y} ${b.width} ${b.height}`);
  for (const text of middle.querySelectorAll('text')) text.remove();
}

/** The game chosen on the landing. */
function chosenGame() {
  return document.querySelector('input[name=game]:checked')?.value ?? wasm.games()[0].name;
}

/** The address that opens an online game: this page with `#online/CODE`. */
function invitation(code) {
  return `${location.origin}${location.pathname}#online/${code}`;
}

/** The invitation under the code while the opponent is awaited: what to
 * do, "Share" (the Web Share API, where the browser has it), "Copy the
 * link", the address itself and its QR code. */
function showInvitation() {
  const code = S.online?.code;
  const waiting = !!(code && S.online.seat && S.net && !S.net.started);
  $('invite').hidden = !waiting;
  if (!waiting) return;
  const url = invitation(code);
  if ($('invite-link').value === url) return;
  $('invite-link').value = url;
  $('share').dataset.url = url;
  $('copy-link').dataset.url = url;
  $('share').hidden = typeof navigator.share !== 'function';
  $('copied').textContent = '';
  try {
    $('invite-qr').innerHTML = qrSvg(url, t('invite-qr', { url }));
  } catch {
    $('invite-qr').replaceChildren(); // an address too long for the code: the link still works
  }
}

/** Copies the invitation address: the Clipboard API, else the address
 * selected in its field for the person to copy. */
async function copyInvitation() {
  const field = $('invite-link');
  try {
    await navigator.clipboard.writeText(field.value);
    $('copied').textContent = t('link-copied');
  } catch {
    field.focus();
    field.select();
  }
}

// ---------------------------------------------------------------- words and rules

/** Puts the catalogue's words into the page's fixed elements. */
function localize() {
  document.title = t('page-title');
  for (const card of document.querySelectorAll('.game-card')) {
    const name = card.dataset.game;
    card.querySelector('.game-name').textContent = t(`game-${name}`);
    card.querySelector('.game-pitch').textContent = t(`pitch-${name}`);
    card.querySelector('.game-time').textContent = t(`time-${name}`);
  }
  for (const o of $('lang-select').options) o.textContent = t(`lang-${o.value}`);
  $('lang-select').value = currentLang();
  for (const el of document.querySelectorAll('[data-msg]')) el.textContent = t(el.dataset.msg);
  for (const el of document.querySelectorAll('[data-msg-label]')) el.setAttribute('aria-label', t(el.dataset.msgLabel));
}

/** The pictures of the rules: a position built from a record, drawn by the
 * game's own SVG, with the legal places of `selected` (or of the side to
 * move) lit. */
const RULE_PICTURES = {
  'echec-o-cube': [
    { part: 'move', record: 'config standard\nfirst One\nP D5-E5\nF E5-E6\nP D6-E6\n', lightMoves: true },
    { part: 'end', record: 'config standard\nfirst One\nP D5-E5\nF E5-E6\nP D6-E6\nF D5-D6!\n' },
  ],
  kybo: [
    { part: 'move', record: 'D4 E4 D4 D5 C4', lightMoves: true },
    { part: 'end', record: 'D4 E4 D3 E5 D2 E4 D1 E5 D5 E4 D6 E5 D7 E4 D8' },
  ],
  chess3d: [
    { part: 'move', record: '8/8/8/8/8/8/8/8|nrkqrbbn/pppppppp/8/8/8/8/PPPPPPPP/NRKQRBBN|8/8/8/8/8/8/8/8 b KQkq - 0 1\n', selected: 'N2/A8' },
  ],
};

function rulePicture({ record, lightMoves, selected }, name) {
  const g = wasm.Game.fromRecord(name, record, currentLang());
  try {
    let targets = [];
    if (selected) targets = g.movesAt(selected).map((m) => g.targetOf(m));
    else if (lightMoves) targets = [...new Set(g.legalMoves().map((m) => g.placeOf(m)).filter((p) => p !== 'claim'))];
    const fig = document.createElement('figure');
    fig.className = 'rule-picture';
    fig.innerHTML = g.svg(JSON.stringify({ selected, targets, lastMove: true, coordinates: true, status: false }));
    fig.querySelector('svg')?.setAttribute('aria-hidden', 'true');
    if (currentLang() !== 'en') fig.querySelector('svg > title')?.remove();
    return fig;
  } finally {
    g.free?.();
  }
}

function buildRules() {
  const tabs = $('rules-tabs');
  const body = $('rules-body');
  for (const { name } of wasm.games()) {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.role = 'tab';
    tab.id = `rules-tab-${name}`;
    tab.dataset.game = name;
    tab.textContent = t(`game-${name}`);
    tab.addEventListener('click', () => showRules(name));
    tabs.append(tab);
    const panel = document.createElement('section');
    panel.id = `rules-${name}`;
    panel.className = 'rules-game';
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    const h = document.createElement('h3');
    h.textContent = t(`game-${name}`);
    panel.append(h);
    for (const part of ['goal', 'move', 'end']) {
      const h4 = document.createElement('h4');
      h4.textContent = t(`rules-${part}`);
      const p = document.createElement('p');
      p.textContent = t(`rules-${name}-${part}`);
      panel.append(h4, p);
      for (const pic of RULE_PICTURES[name] ?? []) {
        if (pic.part === part) panel.append(rulePicture(pic, name));
      }
    }
    body.append(panel);
  }
}

/** Opens the rules at `name` (the game being played or chosen). */
function showRules(name) {
  if (!$('rules-body').firstChild) buildRules();
  for (const tab of $('rules-tabs').children) tab.setAttribute('aria-selected', String(tab.dataset.game === name));
  for (const panel of $('rules-body').children) panel.hidden = panel.id !== `rules-${name}`;
  const d = $('rules');
  if (!d.open) d.showModal();
}

// ---------------------------------------------------------------- start

/** Every word of the page in `lang` ('en' or 'fr'), the game's too. */
function setLang(lang) {
  useMessages(new wasm.Messages(lang));
  localize();
  // The rules are built again, in the new language, when next opened.
  const open = $('rules').open ? $('rules-tabs').querySelector('[aria-selected=true]')?.dataset.game : null;
  $('rules-tabs').replaceChildren();
  $('rules-body').replaceChildren();
  if (open) showRules(open);
  $('zoom').textContent = t($('board-wrap').classList.contains('zoomed') ? 'zoom-whole' : 'zoom');
  if (S.game) {
    S.game.setLang(lang);
    if (!$('play').hidden) render();
  }
  if (S.online?.code) $('online-state').textContent = S.online.seat ? t('online-you-play', { side: t(`side-${S.online.seat}`) }) : t('online-watching');
}

/** The words of index.html's boot-words in `lang`, set on the page (its
 * language and title) until the catalogues load. */
function bootWords(lang) {
  let words = {};
  try {
    words = JSON.parse($('boot-words')?.textContent ?? '{}')[lang] ?? {};
  } catch {
    // A broken copy: no words rather than no page.
  }
  document.documentElement.lang = lang;
  if (words['page-title']) document.title = words['page-title'];
  return words;
}

async function main() {
  // After one visit the page opens and plays against the computer offline.
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('./sw.js').catch(() => {});
  // The words come with the rules (the wasm); until then the few words in
  // index.html (boot-words), in the language the page will use.
  const boot = bootWords(chooseLang(params));
  $('load-status').textContent = boot.loading ?? '…';
  try {
    const mod = await import('./pkg/index.js');
    await mod.ready();
    wasm = mod;
  } catch (e) {
    $('load-status').textContent = `⚠ ${boot['boot-failed'] ?? ''}`;
    // Without the rules there are no words for the controls: only the sentence.
    for (const id of ['setup', 'rules-button', 'lang-switch']) $(id).hidden = true;
    // The browser's own words, for whoever runs the page from source.
    console.warn('the rules (pkg/, built by scripts/build-web) did not load:', e);
    return;
  }
  $('load-status').textContent = '';
  document.body.classList.add('ready');
  keepHeights();
  buildLanding();
  const langSelect = $('lang-select');
  for (const lang of LANGS) {
    const o = document.createElement('option');
    o.value = lang;
    langSelect.append(o);
  }
  setLang(chooseLang(params));
  langSelect.addEventListener('change', () => {
    rememberLang(langSelect.value);
    setLang(langSelect.value);
  });
  const wanted = document.querySelector(`input[name=game][value="${CSS.escape(params.get('game') ?? '')}"]`);
  if (wanted) wanted.checked = true;
  if (params.get('level')) $('level').value = params.get('level');

  const modeChanged = () => {
    const mode = document.querySelector('input[name=mode]:checked').value;
    $('computer-options').hidden = mode !== 'computer';
    $('online-options').hidden = mode !== 'online';
    $('start-local').hidden = mode === 'online';
  };
  for (const r of document.querySelectorAll('input[name=mode]')) r.addEventListener('change', modeChanged);
  modeChanged();

  $('start').addEventListener('click', () => {
    $('setup-message').textContent = '';
    startLocal(document.querySelector('input[name=mode]:checked').value);
  });
  $('create').addEventListener('click', () => {
    $('setup-message').textContent = '';
    const game = chosenGame();
    const config = configFor(game);
    const [min, sec] = $('clock-select').value.split('+').map(Number);
    const clock = min > 0 ? { initial_ms: min * 60000, increment_ms: sec * 1000 } : undefined;
    startOnline({ create: { game, config: config ? JSON.parse(config) : {}, clock } });
  });
  $('join-form').addEventListener('submit', (e) => {
    e.preventDefault();
    $('setup-message').textContent = '';
    const code = $('join-code').value.trim().toUpperCase();
    if (!code) return;
    startOnline({ code });
  });
  $('board').addEventListener('click', onBoardClick);
  $('level-tabs').addEventListener('click', (event) => {
    const tab = event.target.closest('[data-level]');
    if (!tab) return;
    S.level = tab.dataset.level;
    S.levelPlies = S.game.moves().length;
    render();
  });
  $('board').addEventListener('keydown', onBoardKey);
  NARROW.addEventListener('change', () => render());
  $('board').addEventListener('pointerover', onBoardHover);
  $('move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const typed = $('move-text').value.trim();
    if (!typed) return;
    // chess3d typed with the language's piece letters (Cb6 in French).
    const text = S.name === 'chess3d' ? canonicalMove(typed) : typed;
    $('move-text').value = '';
    submit(text);
  });
  $('undo').addEventListener('click', undo);
  $('zoom').addEventListener('click', () => {
    const on = $('board-wrap').classList.toggle('zoomed');
    render();
    $('zoom').setAttribute('aria-pressed', String(on));
    $('zoom').textContent = t(on ? 'zoom-whole' : 'zoom');
  });
  $('turn-board').addEventListener('click', () => {
    S.corner = (S.corner + 1) % CORNERS.length;
    render();
  });
  $('top-view').addEventListener('click', () => {
    S.top = !S.top;
    render();
  });
  $('resign').addEventListener('click', () => askFirst('resign', () => S.online?.resign()));
  $('claim-draw').addEventListener('click', claimDraw);
  $('new-game').addEventListener('click', () => {
    if (inProgress()) askFirst('leave', backToSetup);
    else backToSetup();
  });
  $('confirm-yes').addEventListener('click', () => {
    const then = confirmed;
    $('confirm').close();
    then?.();
  });
  $('confirm-no').addEventListener('click', () => $('confirm').close());
  $('confirm').addEventListener('close', () => {
    confirmed = null;
  });
  $('rules-button').addEventListener('click', () => showRules(S.game && !$('play').hidden ? S.name : chosenGame()));
  $('copy-link').addEventListener('click', copyInvitation);
  $('share').addEventListener('click', () => {
    navigator.share?.({ title: t('page-title'), text: t('invite-how'), url: $('invite-link').value }).catch(() => {});
  });
  $('rules-close').addEventListener('click', () => $('rules').close());

  window.addEventListener('offline', showConnection);
  window.addEventListener('online', showConnection);

  // A reload of an online game's page resumes it.
  const m = /^#online\/([A-Za-z0-9]+)$/.exec(location.hash);
  if (m) startOnline({ code: m[1].toUpperCase() });
}

main();
