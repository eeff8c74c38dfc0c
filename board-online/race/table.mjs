// Prints the race's table from the JSON lines `race.mjs --json FILE` wrote:
// one row per server and number of games, the median of its runs, each
// run's figure after it.
//
//   node table.mjs results.jsonl [more.jsonl ...]

import { readFileSync } from 'node:fs';

const median = (xs) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

const runs = process.argv
  .slice(2)
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));
const groups = new Map();
for (const r of runs) {
  const key = `${r.games}\t${r.server}`;
  if (!groups.has(key)) groups.set(key, []);
  groups.get(key).push(r);
}
// A run whose server died has no figure (JSON wrote its NaN as null): it
// shows as "died" and stays out of the median.
const cell = (rs, pick, digits) => {
  const xs = rs.map((r) => (r.serverDied || pick(r) === null ? NaN : pick(r)));
  const f = (x) => (Number.isFinite(x) ? x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '—');
  const ok = xs.filter(Number.isFinite);
  const g = (x) => (Number.isFinite(x) ? f(x) : 'died');
  return xs.length > 1 ? `**${f(median(ok))}** (${xs.map(g).join(' / ')})` : g(xs[0]);
};
console.log('| games | server | runs | load avg | moves/s | p50 ms | p99 ms | server CPU µs/move | memory kB/game | lost at SIGKILL (acknowledged moves) | errors |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
const keys = [...groups.keys()].sort((a, b) => Number(a.split('\t')[0]) - Number(b.split('\t')[0]) || a.localeCompare(b));
for (const key of keys) {
  const rs = groups.get(key);
  const [games, server] = key.split('\t');
  const lost = rs.map((r) => (r.killAcked === undefined ? '—' : `${r.killLostMoves} of ${r.killAcked}${r.killGamesMissing ? `, ${r.killGamesMissing} games unreadable` : ''}${r.killFilesBroken ? `, ${r.killFilesBroken} files left empty or cut` : ''}${r.restartDied ? ', the restarted server died reading them' : ''}`)).join(' / ');
  console.log(
    `| ${Number(games).toLocaleString('en-US')}${rs.some((r) => r.gamesStarted < r.games) ? ` (started: ${rs.map((r) => r.gamesStarted).join(' / ')})` : ''} | ${server} | ${rs.length} | ${rs.map((r) => r.load).join(' / ')} | ${cell(rs, (r) => r.movesPerS, 0)} | ${cell(rs, (r) => r.p50Ms, 2)} | ${cell(rs, (r) => r.p99Ms, 1)} | ${cell(rs, (r) => r.cpuUsPerMove, 0)} | ${cell(rs, (r) => r.kbPerGame, 1)} | ${lost} | ${rs.map((r) => r.errors + (r.serverDied ? ' (server died)' : '')).join(' / ')} |`,
  );
}
// The ratios the goals ask for, from the medians.
for (const games of new Set(runs.map((r) => r.games))) {
  const ours = groups.get(`${games}\tboard-online SQLite`);
  for (const [key, rs] of groups) {
    if (!key.startsWith(`${games}\t`) || rs === ours || !ours) continue;
    const m = (xs, pick) => median(xs.filter((r) => !r.serverDied && pick(r) !== null).map(pick));
    const cpu = m(rs, (r) => r.cpuUsPerMove) / m(ours, (r) => r.cpuUsPerMove);
    const p99 = m(rs, (r) => r.p99Ms) / m(ours, (r) => r.p99Ms);
    if (!Number.isFinite(cpu)) continue;
    console.log(`\n${games} games: ${key.split('\t')[1]} uses ${cpu.toFixed(1)}× board-online's server CPU per move; its p99 is ${p99.toFixed(1)}× board-online's.`);
  }
}
