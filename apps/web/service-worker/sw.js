// liner's service worker. The build puts VERSION and SHELL above this line (scripts/service-worker.ts).
//
// What it keeps: the app's shell (the page, the home route's code and styles, the icons), so the
// app opens without a connection and shows its offline banner, and each page's code once it has
// been loaded. What it never keeps: anything under /api or the fediverse's addresses, which belong
// to one person or change by the second; those always go to the network.

const SHELL_CACHE = `liner-shell-${VERSION}`;
const CODE_CACHE = `liner-code-${VERSION}`;
const NETWORK_ONLY = /^\/(?:api|ap|nodeinfo|\.well-known)(?:\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)));
  // A new build's worker takes over at once: its shell matches the server's pages.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('liner-') && name !== SHELL_CACHE && name !== CODE_CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NETWORK_ONLY.test(url.pathname)) return;

  if (request.mode === 'navigate') {
    // The network first, so a page is always the server's latest; without one, the shell.
    event.respondWith(fetch(request).catch(() => caches.match('/', { cacheName: SHELL_CACHE })));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Built files are named by their content: a copy kept is never stale.
    event.respondWith(
      caches.match(request).then(
        (kept) =>
          kept ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              event.waitUntil(caches.open(CODE_CACHE).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
    return;
  }
  // Icons, the manifest: the network when there is one, else the shell's copy.
  event.respondWith(fetch(request).catch(() => caches.match(request).then((kept) => kept ?? Response.error())));
});
