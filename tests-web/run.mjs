// Real-browser tests of the page that `board-online serve` serves: Playwright
// (playwright-core) driving Debian's chromium headless. Each test starts its
// own server on a free loopback port with a temporary database (the test of
// two instances: its own throwaway PostgreSQL, found as the Rust tests find
// it; skipped, saying so, only when there is no initdb), and fails on any
// page error or console error. Screenshots go to target/web-artifacts/.
//
//   node tests-web/run.mjs            (after scripts/build-web and a release build)
//
// One file per subject, imported below in the order the tests run; what
// they share is in harness.mjs.
//
// Environment: CHROMIUM (default /usr/bin/chromium), BOARD_ONLINE (default
// target/release/board-online), WEB_TEST_GAMES (default all three games).
import './games.mjs';
import './online.mjs';
import './cluster.mjs';
import './offline.mjs';
import './page.mjs';
import './boards.mjs';
import './language.mjs';
import './phone.mjs';
