// @ts-check
/* The service worker of an installable site (made by the site renderer of the render
   package), after the line that defines SITE: the site's files (relative to this worker, the
   start page first) and its version (a hash of their contents).

   install: every file of the site is fetched (past the browser's HTTP cache) into a cache
   named for this site's folder and version; activate: the caches of this folder's other
   versions are deleted and the open pages are taken over; fetch: a request is answered from
   the cache first, else from the network (the folder itself is its start page). */
"use strict";
/** The worker's own global scope (`self`, as the worker library types it). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const PREFIX = "playbook-site " + sw.registration.scope + " ";
const CACHE = PREFIX + SITE.version;

sw.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SITE.files.map((f) => new Request(f, { cache: "reload" }))))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)),
        ),
      )
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const start = url.origin + url.pathname === sw.registration.scope;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache
        .match(start ? SITE.files[0] : request, { ignoreSearch: true })
        .then((found) => found || fetch(request)),
    ),
  );
});
