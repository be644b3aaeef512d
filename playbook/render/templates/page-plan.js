// @ts-check
/* Which plan the play-along page shows (made by the page renderer of the render package):
   the data the address picks (?plan=NAME: a page of one show's lengths holds a plan each,
   the first plan's where it names none), decoded by the rules (PlaybookRules, page-rules.js,
   inlined before this script), and the words above the game, which are that plan's. Data of
   another layout (the page's data and scripts written by different versions of playbook)
   is refused: the page says so where its modes would be, and no other script runs.

   Hands the decoded rules to the scripts after it (window.playbookPage, which page.js fills
   in with what it shares). */
"use strict";
(() => {
  const PLAN = new URLSearchParams(location.search).get("plan");
  /** @type {NodeListOf<HTMLScriptElement>} */
  const PLANS = document.querySelectorAll("script.playbook-plan");
  const BLOCK =
    [...PLANS].find((s) => s.dataset.plan === PLAN) ||
    /** @type {HTMLScriptElement} the first plan's, which the template always writes */ (document.getElementById("playbook-data"));
  const parsed = JSON.parse(BLOCK.textContent || "");
  const refused = PlaybookRules.unreadable(parsed);
  if (refused !== null) {
    const say = document.createElement("p");
    say.id = "refused";
    say.className = "msg bad";
    say.setAttribute("role", "alert");
    say.style.margin = "1rem";
    say.textContent = refused;
    document.querySelectorAll("main").forEach((m) => (m.hidden = true));
    /** @type {HTMLElement} */ (document.querySelector("header")).after(say);
    return;
  }
  const R = PlaybookRules.decode(parsed);
  const D = R.data;
  if (D.head) {
    // the words above the game are the plan's (the page was written with the first plan's)
    const h1 = /** @type {HTMLElement} */ (document.querySelector("h1"));
    /** @type {Text} */ (h1.firstChild).textContent = D.head.title + " ";
    document.title = document.title.replace(/^[^—]*—/, D.head.title + " —");
    const desc = document.querySelector("p.desc");
    if (desc) desc.textContent = D.head.description;
    /** @type {HTMLElement} */ (document.getElementById("pool")).textContent = D.head.pool;
    /** @type {HTMLElement} */ (document.getElementById("rules")).textContent = D.head.rules + ".";
    document.querySelectorAll("a.plan").forEach((a) => {
      if (!(a instanceof HTMLElement)) return;
      a.classList.toggle("on", a.dataset.plan === D.name);
      if (a.dataset.plan === D.name) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    });
  }
  // the rest is filled in by the scripts after this one (page.js first)
  window.playbookPage = /** @type {Page} */ ({ R });
})();
