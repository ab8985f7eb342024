/*
 * The partner portal's service worker: it only shows web pushes the partner
 * allowed on this phone (no caching: the portal is used online). A tap opens
 * the page the notification is about, or focuses an open portal there.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
      data: { url: data.url || '/partner/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data && event.notification.data.url) || '/partner/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
      const open = list.find((c) => new URL(c.url).pathname.startsWith('/partner'));
      if (open && 'navigate' in open) return open.navigate(link).then((c) => c && c.focus());
      return self.clients.openWindow(link);
    }),
  );
});
