// @ts-check
/* What the play-along page keeps on the device (made by the page renderer of the render
   package): the practice game's score and settings, the drill's progress, kept in this
   browser (localStorage; where it keeps nothing, for this visit only) and never sent
   anywhere. A record of another shape is set aside, not lost; erasing asks twice and can be
   undone.

   Uses what page.js shares (window.playbookPage: the decoded rules); inlined after it, it
   hands page-train.js and page-drill.js load, save, kept, aside and erasable. */
"use strict";
(() => {
  const shared = window.playbookPage;
  if (shared === undefined) return; // the page refused its data (page-plan.js says why)
  const P = shared;
  const D = P.R.data;
  const { _ } = P.R;

  const STORE = (() => {
    try {
      const k = "playbook-test";
      window.localStorage.setItem(k, "1");
      window.localStorage.removeItem(k);
      return window.localStorage;
    } catch (e) {
      return null; // a browser that keeps nothing: this visit only
    }
  })();
  /** @type {Map<string, string>} */
  const memory = new Map();
  const keyOf = (/** @type {string} */ what) => `playbook:${D.name}:${what}`;
  /** What each kept record must hold: the score's figures are numbers, the drill's cards
      objects. A record of another shape is set aside whole (under a key of its own, so
      nothing is lost) and the page starts that record afresh, saying so in one line.
      @type {Object<string, (v: Record<string, any>) => boolean>} */
  const SHAPES = {
    practice: (v) =>
      Object.entries(v).every(([k, x]) =>
        k === "letters"
          ? x !== null && typeof x === "object" && !Array.isArray(x) &&
            Object.values(x).every((y) => y !== null && typeof y === "object" && Number.isFinite(y.games) && Number.isFinite(y.won))
          : typeof x === "number" && Number.isFinite(x),
      ),
    drill: (v) => Object.values(v).every((x) => x !== null && typeof x === "object" && !Array.isArray(x)),
    "drill-days": (v) =>
      Object.entries(v).every(
        ([k, x]) => /^\d{4}-\d\d-\d\d$/.test(k) && x !== null && typeof x === "object" && ["asked", "known", "fresh"].every((f) => Number.isFinite(x[f])),
      ),
    "drill-settings": (v) => Object.values(v).every((x) => Number.isFinite(x)),
  };
  let setAside = "";
  /** @param {string} what @param {Record<string, any>} empty @returns {Record<string, any>} */
  function load(what, empty) {
    /** @type {string | null | undefined} */
    let raw = null;
    try {
      raw = STORE ? STORE.getItem(keyOf(what)) : memory.get(what);
      const v = raw ? JSON.parse(raw) : null;
      if (v === null) return empty;
      if (typeof v === "object" && !Array.isArray(v) && (!SHAPES[what] || SHAPES[what](v))) return v;
    } catch (e) {
      // not JSON: set aside below
    }
    const aside = `${keyOf(what)}:set-aside:${Date.now()}`;
    try {
      if (STORE) {
        STORE.setItem(aside, String(raw));
        STORE.removeItem(keyOf(what));
      } else memory.delete(what);
    } catch (e) {
      // a browser that keeps nothing more: the record stays where it was
    }
    setAside = _("Progress kept on this device could not be read: it was set aside (as {key}) and starts afresh.", { key: aside });
    return empty;
  }
  /** @param {string} what @param {unknown} value */
  function save(what, value) {
    const raw = JSON.stringify(value);
    try {
      if (STORE) STORE.setItem(keyOf(what), raw);
      else memory.set(what, raw);
    } catch (e) {
      memory.set(what, raw);
    }
  }


  /** Records kept on the device (one name or several) that `reset` erases (after a second
      tap, :func:`confirmed`) and `undo` puts back as they were; `redraw` after either,
      `onErase` after the reset only. @param {string | string[]} what @param {HTMLElement} reset
      @param {HTMLElement} undo @param {() => void} redraw */
  function erasable(what, reset, undo, redraw, onErase = () => {}) {
    const names = typeof what === "string" ? [what] : what;
    /** @type {Record<string, any>[] | null} */
    let erased = null;
    confirmed(reset, () => {
      erased = names.map((n) => load(n, {}));
      names.forEach((n) => save(n, {}));
      onErase();
      undo.hidden = false;
      redraw();
    });
    undo.addEventListener("click", () => {
      const back = erased;
      if (back !== null) names.forEach((n, i) => save(n, back[i]));
      erased = null;
      undo.hidden = true;
      redraw();
    });
  }

  /** A button that erases something acts on a second tap only: the first asks to confirm
      (for a few seconds), and names how much it erases. @param {HTMLElement} button @param {() => void} act */
  function confirmed(button, act) {
    const label = button.textContent;
    let armed = 0;
    button.addEventListener("click", () => {
      if (Date.now() - armed < 6000) {
        armed = 0;
        button.textContent = label;
        button.classList.remove("warn");
        act();
        return;
      }
      armed = Date.now();
      button.textContent = _("Tap again to erase it");
      button.classList.add("warn");
      setTimeout(() => {
        if (armed && Date.now() - armed >= 6000) {
          armed = 0;
          button.textContent = label;
          button.classList.remove("warn");
        }
      }, 6100);
    });
  }
  window.playbookConfirmed = confirmed;

  // what the practice game (page-train.js) and the drill (page-drill.js) share
  Object.assign(P, { load, save, kept: STORE !== null, aside: () => setAside, erasable });
})();
