// The globals of the installable site's service worker (site-sw.js), for the type check
// (tsconfig.worker.json): the line the site renderer writes before the script, naming the
// site's files (the start page first) and its version (playbook/render/site.py).
declare const SITE: { version: string; files: string[] };
