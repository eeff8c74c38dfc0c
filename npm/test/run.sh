#!/usr/bin/env bash
# Tests the npm package as a game maker gets it: installs the tarball (the
# argument, or what scripts/build-npm builds) with boardgame.io 0.50 and
# TypeScript from the npm registry into an EMPTY temporary project, runs the
# Node tests there (node --test) and type-checks with tsc --noEmit: types.ts,
# which uses every export (tsconfig.json), and the package's own declarations
# in full (tsconfig.declarations.json; boardgame.io's do not pass a full
# check themselves, hence two runs).
#
#   npm/test/run.sh [PATH/TO/board-games-rules-VERSION.tgz]
#
# Needs node 20+ and npm, and the npm registry. Keeps the project when
# KEEP=1 (it says where).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

if [ $# -ge 1 ]; then
    tgz=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
else
    tgz=$("$root/scripts/build-npm" | tail -n 1)
fi
[ -f "$tgz" ] || { echo "npm/test/run.sh: no tarball $tgz" >&2; exit 1; }

project=$(mktemp -d "${TMPDIR:-/tmp}/board-games-npm-test.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then
    echo "npm/test/run.sh: the test project is $project" >&2
else
    trap 'rm -rf "$project"' EXIT
fi
cd "$project"
npm init -y >/dev/null
npm pkg set type=module private=true
start=$SECONDS
npm install --no-audit --no-fund --loglevel=error "$tgz" boardgame.io@0.50 typescript@5
echo "npm/test/run.sh: installed in $(( SECONDS - start )) s" >&2

cp "$here"/*.test.mjs "$here/support.mjs" "$here/types.ts" "$here"/tsconfig*.json .
node --test --test-reporter=spec ./*.test.mjs
npx --no-install tsc -p tsconfig.json
npx --no-install tsc -p tsconfig.declarations.json
echo "npm/test/run.sh: tsc --noEmit: types.ts and the package's declarations check"
