// The floor of a move on this machine, from `strace -c -f` of board-online
// over a window of the race (race.mjs --strace FILE): the kernel time of the
// socket calls a move needs and of the durable commit's calls, per move.
//
//   node race.mjs --server board-online --games 1000 --strace /tmp/floor.txt --json /tmp/floor.jsonl
//   node floor.mjs /tmp/floor.txt /tmp/floor.jsonl

import { readFileSync } from 'node:fs';

const [traceFile, jsonFile] = process.argv.slice(2);
const run = readFileSync(jsonFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).at(-1);
const calls = new Map();
for (const l of readFileSync(traceFile, 'utf8').split('\n')) {
  // % time, seconds, usecs/call, calls, [errors], syscall
  const f = l.trim().split(/\s+/);
  if (f.length >= 5 && /^\d/.test(f[0]) && /^[a-z_0-9]+$/.test(f.at(-1)) && f.at(-1) !== 'total') {
    calls.set(f.at(-1), { seconds: Number(f[1]), calls: Number(f[3]) });
  }
}
const socket = ['sendto', 'recvfrom', 'sendmsg', 'recvmsg', 'writev', 'readv'];
const commit = ['fsync', 'fdatasync', 'pwrite64', 'pread64', 'fcntl'];
const per = (names) => {
  let us = 0;
  const parts = [];
  for (const n of names) {
    const c = calls.get(n);
    if (!c) continue;
    us += (c.seconds * 1e6) / run.moves;
    parts.push(`${n} ${(c.calls / run.moves).toFixed(2)}× ${((c.seconds * 1e6) / run.moves).toFixed(1)} µs`);
  }
  return { us, parts };
};
const s = per(socket);
const c = per(commit);
const all = [...calls.values()].reduce((t, x) => t + x.seconds, 0);
console.log(`${run.moves} moves in ${run.seconds} s (${run.games} games, load ${run.load}), per move:`);
console.log(`  socket calls: ${s.us.toFixed(1)} µs (${s.parts.join(', ')})`);
console.log(`  durable commit calls: ${c.us.toFixed(1)} µs (${c.parts.join(', ')})`);
console.log(`  floor (both): ${(s.us + c.us).toFixed(1)} µs; every system call: ${((all * 1e6) / run.moves).toFixed(1)} µs`);
