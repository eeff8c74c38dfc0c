// The page's service worker: after one visit the page opens and plays
// against the computer without a network. Network first (the page changes
// with each build and the server says "no-cache"), the cached copy when the
// network is gone. Online play (the WebSocket, /games/CODE) is not cached.

const CACHE = 'board-games-v2';
const FILES = [
  './',
  './index.html',
  './app.js',
  './online.js',
  './messages.js',
  './qr.js',
  './lang.js',
  './worker.js',
  './style.css',
  './manifest.webmanifest',
  './icon.svg',
  './icon-192.png',
  './icon-512.png',
  './apple-touch-icon.png',
  './pkg/index.js',
  './pkg/board_web.js',
  './pkg/board_web_bg.wasm',
];
const URLS = new Set(FILES.map((f) => new URL(f, self.location).href));

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  const navigation = req.mode === 'navigate';
  // The page's own files only (a navigation is the page, whatever its query).
  const key = navigation ? new URL('./', self.location).href : url.origin + url.pathname;
  if (!navigation && !URLS.has(key)) return;
  event.respondWith(
    fetch(req)
      .then((res) => {
        if (res.ok) {
          const copy = res.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
        }
        return res;
      })
      .catch(async () => {
        const hit = await caches.match(key);
        if (hit) return hit;
        throw new Error(`offline and not cached: ${url.pathname}`);
      }),
  );
});
