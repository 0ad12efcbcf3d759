/* global self, URL */
/*
 * Quorum's service worker: shows Web Push notifications ("document ready",
 * "long answer ready") only when no tab of the app is visible (a visible tab shows
 * its own toast), and opens the right page when one is clicked. It caches nothing.
 */
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  event.waitUntil(
    (async () => {
      let message;
      try {
        message = event.data ? event.data.json() : null;
      } catch {
        message = null;
      }
      if (!message || typeof message.title !== "string") return;
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      if (windows.some((client) => client.visibilityState === "visible")) return;
      await self.registration.showNotification(message.title, {
        body: typeof message.body === "string" ? message.body : "",
        tag: typeof message.tag === "string" ? message.tag : undefined,
        icon: "/favicon.svg",
        data: { url: typeof message.url === "string" ? message.url : "/" },
      });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // Only pages of this site: a push names a path here, never another origin.
  const target = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : "/", self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin + "/";
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if ("navigate" in open) await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
