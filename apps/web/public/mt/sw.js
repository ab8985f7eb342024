/*
 * Service worker of the team area (scope /mt). Pages open offline from the
 * last copy of the app shell; hashed assets are kept once fetched. API calls
 * always go to the network: leads filled offline are queued by the page
 * itself, with an idempotency key, never replayed from here.
 */
const SHELL = 'pmw-team-shell-v1';
const ASSETS = 'pmw-team-assets-v1';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((c) => c.add(new Request('/mt', { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('pmw-team-') && k !== SHELL && k !== ASSETS).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io')) return;

  if (req.mode === 'navigate') {
    // Network first, so a new release is seen at once; the shell when there is no signal.
    event.respondWith(
      fetch(req)
        .then((res) => {
          if (res.ok) {
            const copy = res.clone();
            caches.open(SHELL).then((c) => c.put('/mt', copy));
          }
          return res;
        })
        .catch(() =>
          caches
            .open(SHELL)
            .then((c) => c.match('/mt'))
            .then((res) => res || Response.error()),
        ),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/mt/')) {
    // Hashed files never change: the cached copy is the right one.
    event.respondWith(
      caches.open(ASSETS).then((c) =>
        c.match(req).then(
          (hit) =>
            hit ||
            fetch(req).then((res) => {
              if (res.ok) c.put(req, res.clone());
              return res;
            }),
        ),
      ),
    );
  }
});

/*
 * Web push: a notification the member allowed on this phone. A tap opens the
 * team area at the page it is about (or focuses an open one).
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'PickMyWork', {
      body: data.body || '',
      tag: data.tag || undefined,
      icon: '/mt/icon-192.png',
      data: { url: data.url || null },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = event.notification.data && event.notification.data.url;
  // Team links are paths inside the team's own address (report), so they are opened from the area's page.
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
      const open = list.find((c) => new URL(c.url).pathname.startsWith('/mt'));
      if (open) {
        if (link && 'navigate' in open) {
          const base = new URL(open.url).pathname.split('/').slice(0, 3).join('/');
          return open.navigate(link.startsWith('/') ? link : `${base}/${link}`).then((c) => c && c.focus());
        }
        return open.focus();
      }
      return self.clients.openWindow('/mt');
    }),
  );
});
