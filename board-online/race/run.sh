#!/usr/bin/env bash
# The race: the same seeded KYBO games at human pace (a move every ~5 s a
# game) against board-online (release build, SQLite on disk) and against
# boardgame.io's Server hosting @board-games/rules' Kybo (FlatFile; InMemory
# too with INMEMORY=1), interleaved, then the table.
#
#   board-online/race/run.sh [TARBALL]
#
# TARBALL: the package's tarball (default: the last line of scripts/build-npm,
# run here). Settings from the environment: GAMES ("1000 5000"), ROUNDS (2),
# SECONDS_EACH (30), THINK_MS (5000), SETUP_TIMEOUT (900 s: then a run goes
# on with the games started), INMEMORY (0), NOSWEEP (0: 1 adds FlatFile with
# node-persist's expiry sweep off), ONLY_BGIO (0: 1 skips board-online and the documented FlatFile), DIR (the storage's parent
# directory, default /tmp: the disk).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
GAMES=${GAMES:-"1000 5000"}
ROUNDS=${ROUNDS:-2}
SECONDS_EACH=${SECONDS_EACH:-30}
THINK_MS=${THINK_MS:-5000}
INMEMORY=${INMEMORY:-0}
NOSWEEP=${NOSWEEP:-0}
ONLY_BGIO=${ONLY_BGIO:-0}
DIR=${DIR:-/tmp}
SETUP_TIMEOUT=${SETUP_TIMEOUT:-900}

(cd "$root" && cargo build --release -p board-online --bins)
cd "$here"
[ -d node_modules/boardgame.io ] || npm ci --no-audit --no-fund
tarball=${1:-$("$root/scripts/build-npm" | tail -n 1)}
npm install --no-save --no-audit --no-fund "$tarball" >/dev/null
ulimit -n "$(ulimit -Hn)"

out="$here/results-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
seqs="$DIR/race-sequences.json"
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(free -g | awk '/Mem:/ {print $2}') GiB, kernel $(uname -r), node $(node --version)"
echo "storage under $DIR: $(df -T "$DIR" | awk 'NR==2 {print $2, $1}')"
for games in $GAMES; do
  for round in $(seq "$ROUNDS"); do
    common=(--games "$games" --seconds "$SECONDS_EACH" --think-ms "$THINK_MS" --setup-timeout "$SETUP_TIMEOUT" --sequences "$seqs" --json "$out")
    echo "== $games games, round $round; $(uptime)"
    [ "$ONLY_BGIO" = 1 ] || node race.mjs --server board-online --bin "$root/target/release/board-online" --dir "$DIR/race-online" "${common[@]}"
    [ "$ONLY_BGIO" = 1 ] || node race.mjs --server bgio --storage flatfile --dir "$DIR/race-bgio" "${common[@]}"
    if [ "$NOSWEEP" = 1 ]; then
      node race.mjs --server bgio --storage flatfile-nosweep --dir "$DIR/race-bgio" "${common[@]}"
    fi
    if [ "$INMEMORY" = 1 ]; then
      node race.mjs --server bgio --storage memory --dir "$DIR/race-bgio-mem" "${common[@]}"
    fi
  done
done
rm -rf "$DIR/race-online" "$DIR/race-bgio" "$DIR/race-bgio-mem"
echo "results: $out"
node table.mjs "$out"
