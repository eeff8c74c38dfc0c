#!/usr/bin/env bash
# Tests the npm package as a game maker gets it: installs the tarball (the
# argument, or what scripts/build-npm builds) with boardgame.io 0.50 and
# TypeScript from the npm registry into an EMPTY temporary project, runs the
# Node tests there (node --test) and type-checks with tsc --noEmit: types.ts,
# which uses every export (tsconfig.json), and the package's own declarations
# in full (tsconfig.declarations.json; boardgame.io's do not pass a full
# check themselves, hence two runs). Then, when chromium and tests-web's
# playwright-core are there (CHROMIUM and PLAYWRIGHT_CORE say where, else
# they are looked for), builds npm/test/vite/ with Vite (no plugin) and
# plays the page in chromium: the "default" entry and its .wasm asset.
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

chromium=${CHROMIUM:-$(command -v chromium || true)}
playwright=${PLAYWRIGHT_CORE:-$root/tests-web/node_modules/playwright-core}
if [ -z "$chromium" ] || [ ! -f "$playwright/index.mjs" ]; then
    echo "npm/test/run.sh: no chromium or no $playwright (npm ci in tests-web): the Vite page is not tested" >&2
    exit 0
fi
npm install --no-audit --no-fund --loglevel=error vite@8
cp -r "$here/vite" "$here/vite.mjs" .
(cd vite && ../node_modules/.bin/vite build --logLevel warn)
ls vite/dist/assets/*.wasm >/dev/null || { echo "npm/test/run.sh: the Vite build has no .wasm asset" >&2; exit 1; }
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
(cd vite && exec ../node_modules/.bin/vite preview --port "$port" --strictPort --host 127.0.0.1 >../vite-preview.log 2>&1) &
preview=$!
trap 'kill "$preview" 2>/dev/null || true; [ "${KEEP:-0}" = 1 ] || rm -rf "$project"' EXIT
for _ in $(seq 100); do
    curl -fs "http://127.0.0.1:$port/" >/dev/null 2>&1 && break
    sleep 0.1
done
node vite.mjs "http://127.0.0.1:$port/" "$chromium" "$playwright"
echo "npm/test/run.sh: the package plays in a page built by Vite"
