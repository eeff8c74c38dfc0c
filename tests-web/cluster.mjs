// Two server instances on one throwaway PostgreSQL behind a proxy: a join
// redirected to the game's instance, and the game continued through the
// other when that one is killed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ARTIFACTS,
  browser,
  startServer,
  newPage,
  assertClean,
  refusedSocket,
  pliesAre,
  rng,
  playOneMove,
  waitForTurn,
  hostAndJoin,
} from './harness.mjs';

/** Where `initdb` and `pg_ctl` are: Debian's newest
 * /usr/lib/postgresql/N/bin, else the PATH; null when there is none. */
function pgBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base).filter((v) => /^\d+$/.test(v) && existsSync(join(base, v, 'bin/initdb'))).sort((a, b) => a - b)
    : [];
  if (versions.length) return join(base, versions.at(-1), 'bin');
  return (process.env.PATH ?? '').split(':').find((d) => d && existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl'))) ?? null;
}

/** A free loopback port (free when asked; a server given it retries). */
async function freePort() {
  const probe = createServer();
  await new Promise((ok) => probe.listen(0, '127.0.0.1', ok));
  const { port } = probe.address();
  await new Promise((ok) => probe.close(ok));
  return port;
}

/** A throwaway PostgreSQL cluster, as the Rust tests start one
 * (board-online/tests/online/pgcluster.rs): `initdb` in a temporary
 * directory, `pg_ctl start` on a free loopback port, as the `postgres` user
 * when run as root (initdb refuses root). `stop()` stops it at once and
 * removes the directory. */
async function startPostgres(bin) {
  const dir = mkdtempSync(join(tmpdir(), 'board-web-pg-'));
  const data = join(dir, 'data');
  const root = process.getuid?.() === 0;
  const run = (tool, args) => {
    const exe = join(bin, tool);
    const r = root
      ? spawnSync('runuser', ['-u', 'postgres', '--', exe, ...args], { cwd: dir, encoding: 'utf8' })
      : spawnSync(exe, args, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${tool} failed (${r.status ?? r.error}): ${`${r.stderr}${r.stdout}`.slice(0, 1000)}`);
  };
  const stop = () => {
    try {
      run('pg_ctl', ['stop', '-m', 'immediate', '-D', data]);
    } catch { /* not started */ }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (root) {
      const r = spawnSync('chown', ['postgres:postgres', dir], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`chown postgres ${dir}: ${r.stderr} (is Debian's postgres user there?)`);
    }
    const port = await freePort();
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    run('pg_ctl', ['start', '-w', '-t', '30', '-D', data, '-l', join(dir, 'log'),
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`]);
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (e) {
    stop();
    throw e;
  }
}

/** A TCP proxy on a free loopback port, as a load balancer in front of the
 * instances (board-online/DEPLOY.md, "Behind a proxy"): each connection
 * goes to the first of `backends()` (host:port) that accepts it, so when
 * one dies the next gets the new connections. */
async function startProxy(backends) {
  const open = new Set();
  const track = (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => {});
  };
  const server = createServer((client) => {
    track(client);
    const tryFrom = (list) => {
      if (!list.length || client.destroyed) {
        client.destroy();
        return;
      }
      const [host, port] = [list[0].slice(0, list[0].lastIndexOf(':')), Number(list[0].slice(list[0].lastIndexOf(':') + 1))];
      const up = connect(port, host);
      track(up);
      let piped = false;
      up.once('error', () => {
        if (!piped) tryFrom(list.slice(1));
      });
      up.once('connect', () => {
        piped = true;
        client.pipe(up);
        up.pipe(client);
        up.on('close', () => client.destroy());
        client.on('close', () => up.destroy());
      });
    };
    tryFrom(backends());
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      for (const s of open) s.destroy();
      await new Promise((ok) => server.close(ok));
    },
  };
}

test('online, two instances on one PostgreSQL: joined through B, redirected to A; A killed, both pages back in the game through B, no move lost', async (t) => {
  const bin = pgBin();
  if (!bin) {
    console.log('# SKIPPED: no initdb (PostgreSQL is not installed; apt-get install postgresql, as .ci/run does)');
    t.skip('no initdb: PostgreSQL is not installed');
    return;
  }
  const started = Date.now();
  const pg = await startPostgres(bin);
  const servers = [];
  const contexts = [];
  let proxy;
  try {
    // Each instance at its own public address; short leases so that a
    // dead owner's game is taken over in seconds.
    const [portA, portB] = [await freePort(), await freePort()];
    const publicOf = (port) => `ws://127.0.0.1:${port}`;
    const instance = async (id, port) => {
      const server = await startServer({
        addr: `127.0.0.1:${port}`,
        db: pg.url,
        args: ['--instance-id', id, '--public-addr', publicOf(port), '--lease-ttl', '1.5',
          '--connect-src', publicOf(portA), '--connect-src', publicOf(portB)],
      });
      servers.push(server);
      return server;
    };
    const a = await instance('a', portA);
    const b = await instance('b', portB);
    // Page 1 comes through the proxy, which sends it to A while A lives:
    // A's page, and its game runs on A. Page 2 opens B's own page.
    proxy = await startProxy(() => [a.addr, b.addr]);
    const hostCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const guestCtx = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
    contexts.push(hostCtx, guestCtx);
    const host = await newPage(hostCtx);
    const guest = await newPage(guestCtx, { touch: true });
    // Each page's sockets, and the messages it received (type, at).
    const sockets = new Map([[host, []], [guest, []]]);
    const received = new Map([[host, []], [guest, []]]);
    for (const [p, urls] of sockets) {
      p.on('websocket', (ws) => {
        urls.push(ws.url());
        ws.on('framereceived', ({ payload }) => {
          try {
            received.get(p).push({ type: JSON.parse(payload).type, at: Date.now(), url: ws.url() });
          } catch { /* not JSON */ }
        });
      });
    }
    const until = async (what, ok, timeout = 20000) => {
      const end = Date.now() + timeout;
      while (!ok()) {
        assert.ok(Date.now() < end, `${what} within ${timeout} ms`);
        await new Promise((done) => setTimeout(done, 50));
      }
    };

    const code = await hostAndJoin(host, proxy.url, guest, b.url);
    const healthA = await (await fetch(`${a.url}healthz`)).text();
    assert.match(healthA, /instance: a/);
    assert.equal(await waitForTurn(host, 20000), false);
    await guest.waitForFunction(() => document.body.dataset.connection === 'connected');
    // B answered `redirect`: the guest's second socket went to A's public address.
    const guestUrls = sockets.get(guest);
    console.log(`# guest sockets: ${guestUrls.join(', ')}`);
    assert.equal(guestUrls[0], `ws://${b.addr}/ws`, 'the guest asked its own origin, B, first');
    assert.ok(guestUrls.slice(1).some((u) => u.startsWith(publicOf(portA))), 'the guest followed the redirect to A');
    await guest.screenshot({ path: join(ARTIFACTS, 'cluster-joined.png'), fullPage: true });

    const rand = rng(2026);
    const record = (p) => p.locator('#record li').allTextContents();
    const sides = [host, guest];
    const play = async (ply) => {
      const mover = sides[ply % 2];
      assert.equal(await waitForTurn(mover, 20000), false);
      assert.ok(await playOneMove(mover, rand), `ply ${ply + 1} played by clicks`);
      await sides[(ply + 1) % 2].waitForFunction(pliesAre, ply + 1, { timeout: 20000 });
    };
    const BEFORE = 6;
    for (let ply = 0; ply < BEFORE; ply++) await play(ply);
    const played = await record(host);
    assert.equal(played.length, BEFORE);
    assert.deepEqual(await record(guest), played, 'both see the same record');

    // The owner dies at once: no lease handed back, its sockets cut.
    const killedAt = Date.now();
    await a.kill();
    for (const p of sides) await p.waitForFunction(() => /^disconnected/.test(document.body.dataset.connection ?? ''), null, { timeout: 10000 });
    // Back in the game: the seat resumed (`resumed`, then the full state)
    // on a socket opened after the kill, A being dead.
    const resumedAfterKill = (p) => received.get(p).find((m) => m.type === 'resumed' && m.at > killedAt);
    for (const p of sides) await until('the page resumed its seat after the kill', () => resumedAfterKill(p));
    for (const p of sides) await p.waitForFunction(pliesAre, BEFORE, { timeout: 20000 });
    console.log(`# both pages back in the game ${Math.max(...sides.map((p) => resumedAfterKill(p).at)) - killedAt} ms after A was killed`);
    const redirects = sides.map((p) => received.get(p).filter((m) => m.type === 'redirect' && m.at > killedAt).length);
    console.log(`# redirects to the dead A meanwhile: host ${redirects[0]}, guest ${redirects[1]}`);
    assert.deepEqual(await record(host), played, 'the host\'s record after recovery holds every move played before the kill');
    assert.deepEqual(await record(guest), played, 'the guest\'s too');
    // B runs the game now: it took it over from the stored moves.
    const takeoverLine = () => b.log.join('').split('\n').find((l) => l.includes('took the game over') && l.includes(code));
    await until('B logs the takeover', takeoverLine, 5000);
    const takeover = takeoverLine();
    console.log(`# B: ${takeover}`);
    assert.ok(takeover, `B took the game over: ${b.log.join('').slice(-2000)}`);
    assert.match(takeover, new RegExp(`plies=${BEFORE}\\b`), 'from the stored moves, all of them');
    assert.equal(resumedAfterKill(guest).url, `ws://${b.addr}/ws`, 'the guest resumed on its origin, B');
    assert.equal(resumedAfterKill(host).url, `${proxy.url.replace('http', 'ws')}ws`, 'the host resumed through the proxy, on B');

    // Play continues, on B.
    for (let ply = BEFORE; ply < BEFORE + 2; ply++) await play(ply);
    assert.deepEqual(await record(guest), await record(host));
    assert.deepEqual((await record(host)).slice(0, BEFORE), played);
    const stored = await (await fetch(`${b.url}games/${code}`)).text();
    console.log(`# the record on B:\n${stored.trim().split('\n').map((l) => `#   ${l}`).join('\n')}`);
    for (const p of sides) {
      // Sockets refused while A was dead are the browser's own lines.
      p.problems = p.problems.filter((line) => !refusedSocket.test(line));
    }
    await host.screenshot({ path: join(ARTIFACTS, 'cluster-recovered.png'), fullPage: true });
    await guest.screenshot({ path: join(ARTIFACTS, 'cluster-recovered-guest.png'), fullPage: true });
    assertClean(host, guest);
    console.log(`# the cluster test took ${Date.now() - started} ms`);
  } finally {
    for (const c of contexts) await c.close();
    await proxy?.stop();
    for (const s of servers) await s.stop();
    pg.stop();
  }
});
