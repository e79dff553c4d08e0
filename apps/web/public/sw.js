/*
 * The installable app's service worker: it keeps the app shell (the page and its hashed
 * scripts, styles and icons) so the app opens fast and without a network, and nothing else —
 * never API replies, sockets, recordings, files, calendars or media, which always go to the
 * server. A new deployment's page comes from the network first; the kept one is the fallback.
 */
const SHELL = 'meet-shell-v1';
const PAGE = '/index.html';

/** Paths that are never answered from the cache (and never put in it). */
const LIVE = [
  '/api/',
  '/socket.io/',
  '/files/',
  '/calendar/',
  '/dev/',
  '/admin/',
  '/healthz',
  '/sandbox-pay/',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll([PAGE, '/manifest.webmanifest', '/icons/icon-192.png']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== SHELL).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (LIVE.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.headers.has('range')) return;

  if (request.mode === 'navigate') {
    // The app's routes are all the same page: the network's when it answers, else the kept one.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && response.headers.get('content-type')?.includes('text/html')) {
            const copy = response.clone();
            void caches.open(SHELL).then((cache) => cache.put(PAGE, copy));
          }
          return response;
        })
        .catch(() => caches.match(PAGE).then((kept) => kept ?? Response.error())),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    // Hashed names never change content: the kept copy is as good as the network's.
    event.respondWith(
      caches.match(request).then(
        (kept) =>
          kept ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(SHELL).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
