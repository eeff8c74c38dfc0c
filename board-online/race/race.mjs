// One run of the race: the same seeded KYBO games, at human pace, against
// one server (`board-online serve` or boardgame.io's `Server`), then a
// SIGKILL of that server, a restart on the same storage and a count of the
// acknowledged moves it lost.
//
//   node race.mjs --server board-online --games 1000 --seconds 30
//   node race.mjs --server bgio --storage flatfile --games 1000 --seconds 30
//
// Each game is two connections, one a player. The side to move waits a
// random time uniform in [T/2, 3T/2] (`--think-ms T`, 5000), then sends the
// game's next move; its latency is from the send to the mover's own
// acknowledgement (`moved` from board-online, `update` from boardgame.io).
// Over the measured window (`--seconds`, after every game has started and
// `--warm` seconds more) it counts the acknowledged moves and reads the
// server process's utime+stime and RSS from /proc. A finished game is
// replaced by the next seed on fresh connections. It prints one line of
// figures and, with `--json FILE`, appends them to FILE as one JSON line.
//
// Options: `--server board-online|bgio`, `--games N` (1000), `--seconds S`
// (30), `--think-ms T` (5000), `--warm S` (T/1000), `--kill yes|no` (yes),
// `--dir DIR` (the storage's directory, fresh; default under the system's
// temporary directory), `--bin PATH` (board-online's binary, default
// `target/release/board-online`), `--storage flatfile|flatfile-nosweep|memory` (bgio),
// `--game kybo|tictactoe` (tictactoe: the harness's own test, bgio only),
// `--sequences FILE` (a cache of the games' moves), `--json FILE`,
// `--strace FILE` (strace -c -f of the server over the window, for the floor),
// `--setup-timeout S` (900: then the run goes on with the games started).

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { io } from 'socket.io-client';
import { sequence, rulesSource } from './rules.mjs';

const here = dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------- options

export function options(argv) {
  const arg = (name, fallback) => {
    const i = argv.indexOf(name);
    return i >= 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
  };
  const thinkMs = Number(arg('--think-ms', '5000'));
  return {
    server: arg('--server', 'board-online'),
    games: Number(arg('--games', '1000')),
    seconds: Number(arg('--seconds', '30')),
    thinkMs,
    warm: Number(arg('--warm', String(thinkMs / 1000))),
    kill: arg('--kill', 'yes') === 'yes',
    dir: arg('--dir', null),
    bin: resolve(arg('--bin', join(here, '..', '..', 'target', 'release', 'board-online'))),
    storage: arg('--storage', 'flatfile'),
    game: arg('--game', 'kybo'),
    sequences: arg('--sequences', null),
    json: arg('--json', null),
    strace: arg('--strace', null),
    setupTimeout: Number(arg('--setup-timeout', '900')),
    quiet: argv.includes('--quiet'),
  };
}

// ---------------------------------------------------------------- helpers

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** utime+stime of process `pid` in seconds, and its RSS in bytes. */
export function procStat(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpu = (Number(f[11]) + Number(f[12])) / 100; // USER_HZ is 100 on Linux
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  return { cpu, rss };
}

/** The `p` quantile of sorted numbers. */
export function quantile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.round((sorted.length - 1) * p)];
}

/** Messages of one connection, waited for one at a time. */
class Inbox {
  constructor() {
    this.queue = [];
    this.waiter = null;
    this.closed = null;
  }
  push(m) {
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w.resolve(m);
    } else this.queue.push(m);
  }
  close(why) {
    this.closed = why;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w.reject(new Error(why));
    }
  }
  /** The next message matching `accept` (others are dropped). */
  async next(accept = () => true, ms = 60000) {
    for (;;) {
      let m;
      if (this.queue.length > 0) m = this.queue.shift();
      else if (this.closed) throw new Error(this.closed);
      else {
        m = await new Promise((resolve, reject) => {
          const timer = setTimeout(() => {
            this.waiter = null;
            reject(new Error('timeout'));
          }, ms);
          this.waiter = {
            resolve: (v) => (clearTimeout(timer), resolve(v)),
            reject: (e) => (clearTimeout(timer), reject(e)),
          };
        });
      }
      if (accept(m)) return m;
    }
  }
}

/** Starts a server process; resolves with it and its address once it prints `listening on`. */
function startProcess(cmd, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => {
      err = (err + d).slice(-4000);
    });
    child.stdout.on('data', (d) => {
      if (out === null) return;
      out += d;
      const m = /listening on (\S+)/.exec(out);
      if (m) {
        out = null;
        resolve({ child, addr: m[1], stderr: () => err });
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`${cmd} exited ${code} before listening: ${err}`)));
  });
}

async function stopProcess(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await Promise.race([done, sleep(10000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

// ---------------------------------------------------------------- board-online

const onlineServer = {
  name: 'board-online',
  async start(o, dir) {
    const limit = String(4 * o.games + 100);
    const args = [
      'serve', '--addr', '127.0.0.1:0', '--db', join(dir, 'race.sqlite3'),
      // Every connection comes from 127.0.0.1, faster than the per-address
      // defaults allow one person: those limits only are raised.
      '--creates-per-minute', '100000000', '--failed-joins-per-minute', '100000000',
      '--reads-per-minute', '100000000', '--max-connections', limit,
      '--max-connections-per-address', limit, '--max-games', limit,
    ];
    return startProcess(o.bin, args, dir);
  },
};

function wsConnect(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const inbox = new Inbox();
    ws.on('message', (data) => inbox.push(JSON.parse(data.toString())));
    ws.on('close', () => inbox.close('closed'));
    ws.on('error', (e) => inbox.close(String(e.message ?? e)));
    ws.once('open', () => {
      ws._socket?.setNoDelay(true);
      resolve({ ws, inbox });
    });
    ws.once('error', reject);
  });
}

/** A game on board-online: two connections speaking protocol 2. */
class OnlineGame {
  constructor(addr) {
    this.url = `ws://${addr}/`;
  }
  async open() {
    const hello = async () => {
      const c = await wsConnect(this.url);
      c.ws.send(JSON.stringify({ type: 'hello', protocol: 2, client: 'race' }));
      await c.inbox.next((m) => m.type === 'welcome');
      return c;
    };
    this.a = await hello();
    this.a.ws.send(JSON.stringify({ type: 'create', game: 'kybo', seat: 'first' }));
    const created = await this.a.inbox.next((m) => m.type === 'created');
    this.code = created.code;
    this.tokenA = created.token;
    await this.a.inbox.next((m) => m.type === 'state');
    this.b = await hello();
    this.b.ws.send(JSON.stringify({ type: 'join', code: this.code }));
    this.tokenB = (await this.b.inbox.next((m) => m.type === 'joined')).token;
    const state = await this.b.inbox.next((m) => m.type === 'state');
    await this.a.inbox.next((m) => m.type === 'state');
    this.ply = state.ply;
    this.turnFirst = state.turn?.seat === 'first';
  }
  /** Sends move `text`; resolves when the mover has its acknowledgement. */
  async move(text) {
    const [mover, other, token] = this.turnFirst ? [this.a, this.b, this.tokenA] : [this.b, this.a, this.tokenB];
    const ply = this.ply;
    const t0 = performance.now();
    mover.ws.send(JSON.stringify({ type: 'move', token, ply, move: text }));
    const ack = await mover.inbox.next((m) => m.type === 'moved' || m.type === 'refused' || m.type === 'error');
    const latency = performance.now() - t0;
    if (ack.type !== 'moved') throw new Error(`move ${text} at ply ${ply}: ${JSON.stringify(ack)}`);
    await other.inbox.next((m) => m.type === 'moved');
    this.ply = ack.ply;
    this.turnFirst = ack.turn?.seat === 'first';
    return latency;
  }
  /** The acknowledged count the client holds: the game's ply. */
  get acked() {
    return this.ply;
  }
  close() {
    this.a?.ws.terminate();
    this.b?.ws.terminate();
  }
  /** The ply stored for this game by a (restarted) server at `addr`. */
  static async storedPly(addr, code) {
    const r = await fetch(`http://${addr}/games/${code}.json`);
    if (r.status !== 200) return null;
    return (await r.json()).ply;
  }
}

// ---------------------------------------------------------------- boardgame.io

const bgioServer = {
  name: 'bgio',
  async start(o, dir) {
    const args = [join(here, 'bgio-server.mjs'), '--port', '0', '--dir', join(dir, 'bgio'), '--storage', o.storage, '--game', o.game];
    return startProcess(process.execPath, args, dir);
  },
};

function sioConnect(addr, game) {
  return new Promise((resolve, reject) => {
    const socket = io(`http://${addr}/${game}`, { transports: ['websocket'], forceNew: true, reconnection: false });
    const inbox = new Inbox();
    for (const type of ['sync', 'update', 'patch']) socket.on(type, (...args) => inbox.push({ type, args }));
    socket.on('disconnect', (why) => inbox.close(`closed (${why})`));
    // A server that dies during the handshake may send neither event.
    const timer = setTimeout(() => (socket.disconnect(), reject(new Error('connect timeout'))), 10000);
    socket.once('connect', () => (clearTimeout(timer), resolve({ socket, inbox })));
    socket.once('connect_error', (e) => (clearTimeout(timer), reject(e)));
  });
}

async function post(url, body) {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`POST ${url}: ${r.status} ${await r.text()}`);
  return r.json();
}

/** A game on boardgame.io: a match made through its lobby API, two sockets. */
class BgioGame {
  constructor(addr, game) {
    this.addr = addr;
    this.game = game;
  }
  async open() {
    const base = `http://${this.addr}/games/${this.game}`;
    this.matchID = (await post(`${base}/create`, { numPlayers: 2 })).matchID;
    this.cred = [];
    for (const playerID of ['0', '1']) {
      this.cred.push((await post(`${base}/${this.matchID}/join`, { playerID, playerName: `p${playerID}` })).playerCredentials);
    }
    this.sockets = [];
    for (const playerID of ['0', '1']) {
      const c = await sioConnect(this.addr, this.game);
      c.socket.emit('sync', this.matchID, playerID, this.cred[playerID], 2);
      const sync = await c.inbox.next((m) => m.type === 'sync');
      this.state = sync.args[1].state;
      this.sockets.push(c);
    }
    this.stateID = this.state._stateID;
    this.current = this.state.ctx.currentPlayer;
  }
  async move(text) {
    const playerID = this.current;
    const mover = this.sockets[Number(playerID)];
    const other = this.sockets[1 - Number(playerID)];
    const stateID = this.stateID;
    const action = { type: 'MAKE_MOVE', payload: { type: 'play', args: [text], playerID, credentials: this.cred[playerID] } };
    const t0 = performance.now();
    mover.socket.emit('update', action, stateID, this.matchID, playerID);
    const isAck = (m) => (m.type === 'update' && m.args[1]._stateID > stateID) || (m.type === 'patch' && m.args[2] > stateID);
    const ack = await mover.inbox.next(isAck);
    const latency = performance.now() - t0;
    await other.inbox.next(isAck);
    if (ack.type === 'update') {
      this.stateID = ack.args[1]._stateID;
      this.current = ack.args[1].ctx.currentPlayer;
    } else {
      throw new Error('patch updates (deltaState) are not handled by the race');
    }
    return latency;
  }
  get acked() {
    return this.stateID;
  }
  close() {
    for (const c of this.sockets ?? []) c.socket.disconnect();
  }
  /** The stateID stored for this game by a (restarted) server at `addr`. */
  static async storedPly(addr, game, matchID, credentials) {
    let c;
    try {
      c = await sioConnect(addr, game);
      c.socket.emit('sync', matchID, '0', credentials, 2);
      const sync = await c.inbox.next((m) => m.type === 'sync', 10000);
      return sync.args[1].state?._stateID ?? null;
    } catch {
      return null;
    } finally {
      c?.socket.disconnect();
    }
  }
}

// ---------------------------------------------------------------- the run

async function sequences(o) {
  const n = o.games * 2 + 100; // replacements for games that end
  if (o.sequences && existsSync(o.sequences)) {
    const cached = JSON.parse(readFileSync(o.sequences, 'utf8'));
    if (cached.game === o.game && cached.moves.length >= n) return cached.moves;
  }
  const moves = [];
  for (let seed = 0; seed < n; seed++) moves.push(await sequence(o.game, seed));
  if (o.sequences) writeFileSync(o.sequences, JSON.stringify({ game: o.game, rules: rulesSource(), moves }));
  return moves;
}

/** Runs at most `limit` of `jobs` (functions returning promises) at once. */
async function pool(jobs, limit, halt = () => false) {
  let i = 0;
  const worker = async () => {
    while (i < jobs.length && !halt()) await jobs[i++]();
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** One run; returns its figures. */
export async function run(o) {
  const log = o.quiet ? () => {} : (...a) => console.error(...a);
  // board-online hosts KYBO only here; `--game tictactoe` is for boardgame.io's side.
  if (o.server !== 'bgio') o = { ...o, game: 'kybo' };
  const seqs = await sequences(o);
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), `race-${o.server}-`));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const kind = o.server === 'bgio' ? bgioServer : onlineServer;
  const shared = { measuring: false, stop: false, moves: 0, errors: 0, finished: 0, opened: 0, latencies: [], nextSeed: o.games };
  const server = await kind.start(o, dir);
  const pid = server.child.pid;
  // A server that dies by itself during the run is reported, with its last words.
  let died = null;
  const onExit = (code, signal) => {
    if (!shared.killing) {
      died = `exited by itself (${signal ?? `status ${code}`}): ${server.stderr().trim().split('\n').slice(-6).join(' / ')}`;
      log(`  the server ${died}`);
    }
  };
  server.child.once('exit', onExit);
  const stat = () => {
    try {
      return procStat(pid);
    } catch {
      return { cpu: NaN, rss: NaN };
    }
  };
  await sleep(300);
  const base = stat();
  const uptime = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  log(`${o.server}${o.server === 'bgio' ? ` (${o.storage})` : ''}: ${o.games} games, listening on ${server.addr}, load ${uptime}`);

  const slots = new Array(o.games).fill(null); // the game each slot plays now
  const newGame = () => (o.server === 'bgio' ? new BgioGame(server.addr, o.game) : new OnlineGame(server.addr));
  const errorsSeen = [];

  const play = async (slot, seed, started) => {
    let first = true;
    while (!shared.stop) {
      const g = newGame();
      g.seed = seed;
      try {
        await g.open();
        slots[slot] = g;
        if (first) shared.opened++;
        if (first) {
          first = false;
          started();
        }
        for (const text of seqs[seed] ?? []) {
          await sleep(o.thinkMs / 2 + Math.random() * o.thinkMs);
          if (shared.stop) return;
          const latency = await g.move(text);
          if (shared.measuring) {
            shared.moves++;
            shared.latencies.push(latency);
          }
        }
        shared.finished++;
      } catch (e) {
        if (first) {
          first = false;
          started();
        }
        if (shared.stop || died) return;
        shared.errors++;
        if (errorsSeen.length < 5) errorsSeen.push(String(e.message ?? e));
        await sleep(200);
      }
      if (shared.stop) return;
      g.close();
      seed = shared.nextSeed++;
    }
  };

  const t0 = performance.now();
  let started = 0;
  const allStarted = new Promise((resolve) => {
    const tick = () => {
      if (++started === o.games) resolve();
    };
    const players = [];
    const jobs = [];
    for (let i = 0; i < o.games; i++) {
      jobs.push(
        () =>
          new Promise((opened) => {
            players.push(play(i, i, () => (tick(), opened())));
          }),
      );
    }
    shared.players = players;
    pool(jobs, 32, () => shared.setupOver);
  });
  const progress = setInterval(() => log(`  ${started} of ${o.games} games started, ${shared.errors} errors, ${((performance.now() - t0) / 1000).toFixed(0)} s`), 10000);
  // A server that cannot start every game within `--setup-timeout` is
  // measured with the games it did start (`gamesStarted` says how many).
  // No game starts after that: the window measures moves, not setups.
  let setupTimer;
  await Promise.race([allStarted, new Promise((r) => (setupTimer = setTimeout(r, o.setupTimeout * 1000)))]);
  clearTimeout(setupTimer);
  shared.setupOver = true;
  clearInterval(progress);
  // Games playing (a game whose setup failed counts for the wait, not here).
  const gamesStarted = shared.opened;
  const setup = (performance.now() - t0) / 1000;
  log(`  ${gamesStarted} of ${o.games} games started in ${setup.toFixed(1)} s`);
  if (!died) await sleep(o.warm * 1000);
  const before = stat();
  const loadStart = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  // `--strace FILE`: the server's system calls over the window (strace -c -f),
  // for the floor; it slows the server, so not in the race's own runs.
  const tracer = o.strace ? spawn('strace', ['-c', '-f', '-p', String(pid), '-o', o.strace], { stdio: 'ignore' }) : null;
  if (tracer) await sleep(500);
  shared.measuring = true;
  const m0 = performance.now();
  // The window, cut short if the server dies.
  for (let t = 0; t < o.seconds * 10 && !died; t++) await sleep(100);
  shared.measuring = false;
  const elapsed = (performance.now() - m0) / 1000;
  const after = stat();
  if (tracer) {
    const done = new Promise((r) => tracer.once('exit', r));
    tracer.kill('SIGINT');
    await done;
  }
  const moves = shared.moves;
  const lat = shared.latencies.sort((a, b) => a - b);
  const result = {
    server: o.server === 'bgio' ? `boardgame.io ${{ flatfile: 'FlatFile', 'flatfile-nosweep': 'FlatFile, no expiry sweep', memory: 'InMemory' }[o.storage]}` : 'board-online SQLite',
    game: o.game,
    games: o.games,
    gamesStarted,
    load: Number(loadStart),
    setupS: Number(setup.toFixed(1)),
    moves,
    seconds: Number(elapsed.toFixed(1)),
    movesPerS: moves / elapsed,
    p50Ms: quantile(lat, 0.5),
    p99Ms: quantile(lat, 0.99),
    maxMs: quantile(lat, 1),
    cpuUsPerMove: ((after.cpu - before.cpu) * 1e6) / Math.max(moves, 1),
    rssBaseMB: base.rss / 1e6,
    rssMB: after.rss / 1e6,
    kbPerGame: (after.rss - base.rss) / 1000 / Math.max(gamesStarted, 1),
    errors: shared.errors,
    errorSamples: [...errorsSeen],
    finished: shared.finished,
    rules: rulesSource() ?? 'cache',
  };

  result.serverDied = died;
  if (o.kill && !died) {
    shared.killing = true;
    // SIGKILL mid-run, while the games go on at their pace.
    await sleep(1000 + Math.random() * 1000);
    server.child.kill('SIGKILL');
    await new Promise((r) => (server.child.exitCode !== null || server.child.signalCode !== null ? r() : server.child.once('exit', r)));
    // Acknowledgements already in the clients' sockets still count: let them land.
    await sleep(500);
    shared.stop = true;
    const held = slots.filter(Boolean).map((g) => ({ g, acked: g.acked }));
    for (const { g } of held) g.close();
    // What the kill left of boardgame.io's files: node-persist rewrites a
    // file in place, so one being written is left empty or cut.
    let filesBroken = null;
    if (o.server === 'bgio' && o.storage !== 'memory') {
      const files = readdirSync(join(dir, 'bgio'));
      filesBroken = files.filter((f) => {
        try {
          JSON.parse(readFileSync(join(dir, 'bgio', f), 'utf8'));
          return false;
        } catch {
          return true;
        }
      }).length;
      log(`  after the kill, ${filesBroken} of ${files.length} storage files are not JSON`);
    }
    const again = await kind.start(o, dir);
    let againDied = null;
    again.child.once('exit', (code, signal) => {
      if (!shared.checked) againDied = `${signal ?? `status ${code}`}: ${again.stderr().trim().split('\n').slice(-6).join(' / ')}`;
    });
    let lost = 0;
    let gamesLost = 0;
    let gamesHit = 0;
    const jobs = held.map(({ g, acked }) => async () => {
      const stored =
        o.server === 'bgio'
          ? await BgioGame.storedPly(again.addr, o.game, g.matchID, g.cred[0])
          : await OnlineGame.storedPly(again.addr, g.code);
      if (stored === null) {
        gamesLost++;
        lost += acked;
      } else if (stored < acked) {
        gamesHit++;
        lost += acked - stored;
      }
    });
    const k0 = performance.now();
    await pool(jobs, 32);
    shared.checked = true;
    if (againDied) log(`  the restarted server died during the check (${againDied})`);
    Object.assign(result, {
      restartDied: againDied,
      killFilesBroken: filesBroken,
      killChecked: held.length,
      killAcked: held.reduce((s, h) => s + h.acked, 0),
      killLostMoves: lost,
      killGamesMissing: gamesLost,
      killGamesBehind: gamesHit,
      killCheckS: Number(((performance.now() - k0) / 1000).toFixed(1)),
    });
    await stopProcess(again.child, 'SIGKILL');
  } else {
    shared.stop = true;
    shared.killing = true;
    for (const g of slots) g?.close();
    await stopProcess(server.child);
  }
  await Promise.race([Promise.allSettled(shared.players), sleep(5000)]);
  if (!o.dir) rmSync(dir, { recursive: true, force: true });
  return result;
}

export function line(r) {
  const f = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : String(x));
  let s =
    `${r.server}, ${r.games} games${r.gamesStarted < r.games ? ` (${r.gamesStarted} started)` : ''}: ${f(r.movesPerS, 0)} moves/s (${r.moves} in ${r.seconds} s), ` +
    `p50 ${f(r.p50Ms)} ms, p99 ${f(r.p99Ms)} ms, max ${f(r.maxMs)} ms, CPU ${f(r.cpuUsPerMove, 0)} µs/move, ` +
    `RSS ${f(r.rssBaseMB, 0)} → ${f(r.rssMB, 0)} MB (${f(r.kbPerGame, 1)} kB/game), errors ${r.errors}, load ${r.load}`;
  if (r.serverDied) s += `; the server ${r.serverDied}`;
  if (r.killFilesBroken) s += `; ${r.killFilesBroken} storage files left broken by the kill`;
  if (r.restartDied) s += `; the restarted server died (${r.restartDied})`;
  if (r.killChecked !== undefined) {
    s += `; SIGKILL: ${r.killLostMoves} of ${r.killAcked} acknowledged moves lost (${r.killGamesMissing} games missing, ${r.killGamesBehind} behind)`;
  }
  return s;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const o = options(process.argv.slice(2));
  const r = await run(o);
  console.log(line(r));
  if (r.errorSamples.length) console.error('errors, first ones:', r.errorSamples.join(' | '));
  if (o.json) appendFileSync(o.json, JSON.stringify(r) + '\n');
  process.exit(0);
}
