// @ts-check
/* A page of an installable site (made by the site renderer of the render package):
   registers the site's service worker (the file named in this script's data-worker), which
   keeps every file of the site for use offline, and then shows #offline-ready where the page
   has one. A page opened as a file, or in a browser without workers, works as it is. */
"use strict";
(() => {
  const script = document.currentScript;
  const worker = script && script.dataset.worker;
  if (!worker || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker
      .register(worker)
      .then(() => navigator.serviceWorker.ready)
      .then(() => {
        const ready = document.getElementById("offline-ready");
        if (ready) ready.hidden = false;
      })
      .catch(() => {
        // opened as a file, or the browser refuses the worker: the page works online
      });
  });
})();
