// The page: pick a game and a mode, play on the SVG board by clicks or by
// typing the move text. The rules run in WebAssembly (pkg/, built by
// scripts/build-web); the computer thinks in a Web Worker (worker.js); the
// online mode speaks the server's protocol (board-online/PROTOCOL.md).
import { Online } from './online.js';

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
  thinking: 0, // the id of the worker request in flight, 0 if none
  online: null, // the Online connection
  net: null, // the last server state
  netAt: 0, // when it came (performance.now())
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
  const t = move.trim();
  if (S.name === 'echec-o-cube') {
    let m;
    if (/^claim$/i.test(t)) return 'Claim the points';
    if ((m = /^R\s+(\S+)$/i.exec(t))) return `Red on ${m[1]}`;
    if ((m = /^([PF])\s+(\S+?)(!?)$/i.exec(t))) {
      const kind = m[1].toUpperCase() === 'P' ? 'Pale' : 'Dark';
      return `${kind} ${m[2]}${m[3] ? ', announce !' : ''}`;
    }
  }
  if (S.name === 'chess3d') {
    const roles = { Q: 'Queen', R: 'Rook', B: 'Bishop', N: 'Knight' };
    const p = /=([QRBN])$/i.exec(t);
    if (p) return `Promote to ${roles[p[1].toUpperCase()]} (${t})`;
    if (/^[O0]-[O0]-[O0]\b/i.test(t)) return `Castle long (${t})`;
    if (/^[O0]-[O0]\b/i.test(t)) return `Castle short (${t})`;
  }
  return t;
}

// ---------------------------------------------------------------- drawing

function render() {
  const g = S.game;
  if (!g) return;
  const moves = myMoves();
  const svg = g.svg(JSON.stringify({
    selected: S.selected ?? undefined,
    targets: S.targets,
    lastMove: true,
    coordinates: true,
  }));
  const board = $('board');
  const scrolled = $('board-wrap').scrollLeft; // zoomed: keep the view
  board.innerHTML = svg;
  $('board-wrap').scrollLeft = scrolled;
  const starts = new Set();
  for (const m of moves) {
    const p = placeOfSafe(m);
    if (p) starts.add(p);
  }
  const targets = new Set(S.targets);
  for (const el of board.querySelectorAll('[data-place]')) {
    const p = el.getAttribute('data-place');
    if (starts.has(p)) el.classList.add('playable');
    if (targets.has(p)) el.classList.add('target-place');
  }
  board.classList.toggle('my-turn', moves.length > 0);

  const outcome = g.outcome();
  const n = S.net;
  let turn;
  if (outcome !== null) turn = 'Game over';
  else if (S.mode === 'online' && n && !n.started) turn = 'Waiting for the opponent to join…';
  else if (S.mode === 'online' && n && n.result) turn = 'Game over';
  else if (S.mode === 'computer' && !isHumanTurn()) turn = `${g.turn()} (the computer) is thinking…`;
  else if (S.mode === 'online' && !isHumanTurn()) turn = `${g.turn()} to move (your opponent)`;
  else turn = `${g.turn()} to move${S.mode === 'local' ? '' : ' (you)'}`;
  $('turn').textContent = turn;
  $('status').textContent = g.status();
  const result = n && n.result ? n.result.text : outcome;
  $('outcome').textContent = result ?? '';
  document.body.classList.toggle('over', !!result);

  const rec = $('record');
  rec.replaceChildren(...g.moves().map((m) => {
    const li = document.createElement('li');
    li.textContent = m;
    return li;
  }));
  rec.scrollTop = rec.scrollHeight;

  // Moves that no click on the board reaches (ÉCHEC O CUBE's claim, or a
  // move without a place) are buttons.
  const actions = $('actions');
  actions.replaceChildren();
  for (const m of moves) {
    if (!placeOfSafe(m)) actions.append(moveButton(m));
  }
  showClock();
  // chess3d's threefold repetition and 50-move rule are claimed (C3-17).
  $('claim-draw').hidden = S.name !== 'chess3d' || moves.length === 0;
  $('zoom').hidden = S.name !== 'chess3d';
  $('undo').hidden = S.mode === 'online';
  $('undo').disabled = S.mode === 'online' || g.moves().length === 0;
  $('resign').hidden = S.mode !== 'online' || !S.online?.token || !!result;
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
  S.selected = null;
  S.targets = [];
  $('choices').replaceChildren();
}

function say(text) {
  $('message').textContent = text;
}

// ---------------------------------------------------------------- clicks

function onBoardClick(event) {
  const el = event.target.closest('[data-place]');
  const moves = myMoves();
  if (!el || moves.length === 0) return;
  const place = el.getAttribute('data-place');
  say('');
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
    const moves = myMoves().filter((m) => placeOfSafe(m) === place);
    if (moves.length) {
      $('hint').textContent = `${place}: the cube lands on level ${landingLevel(place)}`;
      return;
    }
  }
  $('hint').textContent = '';
}

function landingLevel(place) {
  const cubes = $('board').querySelectorAll(`.piece[data-place="${CSS.escape(place)}"]`);
  let top = 0;
  for (const c of cubes) top = Math.max(top, Number(c.getAttribute('data-level')) || 0);
  return Math.max(top, cubes.length) + 1;
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
  el.textContent = `clock: ${n.players.first} ${text(left('first'))} · ${n.players.second} ${text(left('second'))}`;
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
    say('It is not your turn.');
    return;
  }
  const landing = S.name === 'kybo' ? landingLevel(text.trim().toUpperCase()) : null;
  try {
    S.game.play(text);
  } catch (e) {
    say(`Refused: ${e.message ?? e}`);
    render();
    return;
  }
  if (landing) $('hint').textContent = `${text.trim().toUpperCase()} landed on level ${landing}`;
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
  });
}

function makeWorker() {
  const w = new Worker('./worker.js', { type: 'module' });
  w.onmessage = (event) => {
    const { id, move, error } = event.data;
    if (id !== S.thinking) return; // undone or a new game meanwhile
    S.thinking = 0;
    if (error) return say(`The computer failed: ${error}`);
    if (move === null) return render();
    try {
      S.game.play(move);
    } catch (e) {
      say(`The computer's move ${move} was refused: ${e.message ?? e}`);
    }
    afterMove();
  };
  w.onerror = (e) => say(`The computer failed: ${e.message}`);
  return w;
}

function claimDraw() {
  say('');
  if (S.mode === 'online') return S.online.claimDraw();
  if (typeof S.game.claimDraw !== 'function') return say('This build of the rules cannot claim a draw.');
  const why = S.game.claimDraw();
  if (why === null) return say('Refused: there is no draw to claim (C3-17)');
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
  S.game = config === undefined ? new wasm.Game(name) : new wasm.Game(name, config);
  S.name = name;
  S.config = config;
  S.firstName = S.game.turn();
  clearSelection();
}

function configFor(name) {
  // ?config=JSON for the game chosen by ?game= (tests use small supplies).
  const c = params.get('config');
  if (c && (!params.get('game') || params.get('game') === name)) return c;
  return undefined;
}

function startLocal(mode) {
  const name = $('game-select').value;
  try {
    newGame(name, configFor(name));
  } catch (e) {
    $('setup-message').textContent = `Cannot start: ${e.message ?? e}`;
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
  $('setup').hidden = true;
  $('play').hidden = false;
  $('code-box').hidden = S.mode !== 'online';
  say('');
  $('hint').textContent = '';
}

function backToSetup() {
  S.thinking = 0;
  S.online?.close();
  S.online = null;
  S.net = null;
  S.mode = null;
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  $('play').hidden = true;
  $('setup').hidden = false;
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
        say(`Cannot show the game: ${e.message ?? e}`);
        return;
      }
      if (S.selected && !myMoves().length) clearSelection();
      showPlay();
      render();
    },
    onCode(code, seat) {
      $('code').textContent = code;
      if (location.hash !== `#online/${code}`) history.replaceState(null, '', `#online/${code}`);
      $('online-state').textContent = seat ? ` — you play ${seat === 'first' ? 'first' : 'second'}` : ' — watching';
    },
    onRefused(msg) {
      say(`Refused: ${msg.reason}`);
    },
    onError(msg) {
      if ($('play').hidden) $('setup-message').textContent = msg.message;
      else say(msg.message);
    },
    onConnection(text) {
      $('online-state').dataset.connection = text;
      document.body.dataset.connection = text;
    },
  });
  S.online.start(action);
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

// ---------------------------------------------------------------- start

async function main() {
  try {
    const mod = await import('./pkg/board_web.js');
    await mod.default();
    wasm = mod;
  } catch (e) {
    $('load-status').textContent =
      `The rules could not be loaded (${e.message ?? e}). Build them with scripts/build-web.`;
    return;
  }
  $('load-status').textContent = '';
  document.body.classList.add('ready');
  const select = $('game-select');
  for (const { name, title } of wasm.games()) {
    const o = document.createElement('option');
    o.value = name;
    o.textContent = title;
    select.append(o);
  }
  if (params.get('game')) select.value = params.get('game');
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
    const game = select.value;
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
  $('board').addEventListener('pointerover', onBoardHover);
  $('move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('move-text').value.trim();
    if (!text) return;
    $('move-text').value = '';
    submit(text);
  });
  $('undo').addEventListener('click', undo);
  $('zoom').addEventListener('click', () => {
    const on = $('board-wrap').classList.toggle('zoomed');
    $('zoom').setAttribute('aria-pressed', String(on));
    $('zoom').textContent = on ? 'Whole board' : 'Zoom the board';
  });
  $('resign').addEventListener('click', () => S.online?.resign());
  $('claim-draw').addEventListener('click', claimDraw);
  $('new-game').addEventListener('click', backToSetup);

  // A reload of an online game's page resumes it.
  const m = /^#online\/([A-Za-z0-9]+)$/.exec(location.hash);
  if (m) startOnline({ code: m[1].toUpperCase() });
}

main();
