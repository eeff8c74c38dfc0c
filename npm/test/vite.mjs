// Opens the Vite build of npm/test/vite/ (served by `vite preview` at the
// URL given) in chromium through Playwright and prints what the page says;
// exits 1 unless it played the three games. Run by npm/test/run.sh.
//   node vite.mjs URL CHROMIUM PLAYWRIGHT_CORE_DIR
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const [url, executablePath, playwrightDir] = process.argv.slice(2);
const { chromium } = await import(pathToFileURL(join(playwrightDir, 'index.mjs')).href);
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('out').textContent !== 'loading', null, {
    timeout: 60_000,
  });
  const text = await page.textContent('#out');
  console.log(text);
  const played = ['echec-o-cube', 'kybo', 'chess3d'].every((name) =>
    new RegExp(`^${name}: \\d+ moves, (?!no end).+, svg true$`, 'm').test(text),
  );
  if (!text.startsWith('ok\n') || !played || !/^boardgame\.io: 1 move$/m.test(text) || errors.length) {
    console.error(`the page in the Vite build failed: ${errors.join('; ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
}
