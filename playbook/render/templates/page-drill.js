// @ts-check
/* The play-along page's drill (made by the page renderer of the render package): the card as
   flash cards, scheduled by FSRS, a few new ones a day.

   Uses the rules (PlaybookRules) and what page.js and page-train.js share
   (window.playbookPage: the decoded rules, tiles, the records kept on the device); inlined
   after them, it hands page-train.js its mode (enterDrill). */
"use strict";
/** A card's progress kept on the device: its memory, when it is due, when it was last asked,
    and how long the answer took (ms).
    @typedef {{s: number, d: number, due: number, last: number, reps: number, lapses: number, ms: number}} Progress */
(() => {
  const shared = window.playbookPage;
  if (shared === undefined) return; // the page refused its data (page-plan.js says why)
  const P = shared;
  const R = P.R;
  const { el, tiles, letterOf, load, save, erasable } = P;
  const { _, ngettext, text, marksOf } = R;
  // an element the template makes, by its id (typed as an input: the widest the script reads)
  const $ = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

  // the cards, FSRS and its recall: the rules' (page-train-rules.js, handed on by
  // PlaybookRules; replayed in Node against Python)
  const { fsrs, recall } = PlaybookRules;
  const DAY = 86400000;
  window.playbookFsrs = { fsrs, recall }; // for the tests
  const makeCards = () => PlaybookRules.cards(R);
  window.playbookDrill = { cards: () => (drillReady ? CARDS : makeCards()).map((c) => [c.id, c.kind, c.answer]) };

  let drillReady = false;
  /** @type {Card[]} */
  let CARDS = [];
  /** @type {Card | null} */
  let card = null;
  let phase = "ask"; // "learn": the line shown in context first; "ask": the card asks
  let asked = 0; // when the card was asked (response time)
  /** @type {Card[]} */
  const missedNow = []; // cards missed this session: asked again at its end

  function setupDrill() {
    drillReady = true;
    CARDS = makeCards();
    $("dr-check").addEventListener("click", check);
    $("dr-answer").addEventListener("keydown", (e) => {
      if (e.key === "Enter") check();
    });
    $("dr-show").addEventListener("click", () => reveal(null));
    $("dr-learnt").addEventListener("click", () => {
      phase = "ask";
      drawCard();
    });
    $("dr-knew").addEventListener("click", () => grade(true));
    $("dr-missed").addEventListener("click", () => grade(false));
    $("dr-next").addEventListener("click", nextCard);
    erasable(["drill", "drill-days"], $("dr-reset"), $("dr-undo"), nextCard, () => (missedNow.length = 0));
    const limit = $("dr-limit");
    limit.value = String(newPerDay());
    limit.addEventListener("change", () => {
      const n = Number(limit.value);
      const ok = Number.isInteger(n) && n >= 0 && n <= MAX_NEW;
      limit.setAttribute("aria-invalid", ok ? "false" : "true");
      if (!ok) return;
      save("drill-settings", Object.assign(load("drill-settings", {}), { newPerDay: n }));
      if (card === null || phase === "learn") nextCard();
      else drawBoxes();
    });
  }

  function enterDrill() {
    if (!drillReady) setupDrill();
    if (card === null) nextCard();
    drawBoxes();
  }

  /** The progress kept on the device, each card's memory checked: a value of another shape
      (written by an older page, or by hand) is a new card again. */
  function states() {
    const raw = load("drill", {});
    /** @type {Object<string, Progress>} */
    const out = {};
    for (const c of CARDS) {
      const st = raw[c.id];
      if (st && typeof st === "object" && Number.isFinite(st.s) && Number.isFinite(st.d) && Number.isFinite(st.due))
        out[c.id] = { s: st.s, d: st.d, due: st.due, last: Number(st.last) || 0, reps: Number(st.reps) || 0, lapses: Number(st.lapses) || 0, ms: Number(st.ms) || 0 };
    }
    return out;
  }
  /** @param {Object<string, Progress>} b @param {Card} c */
  const isNew = (b, c) => b[c.id] === undefined;
  const MAX_NEW = 999;
  /** New cards a day (the setting kept on the device; 20 where none is kept). */
  function newPerDay() {
    const n = load("drill-settings", {}).newPerDay;
    return Number.isInteger(n) && n >= 0 && n <= MAX_NEW ? n : 20;
  }
  /** A day as the device's calendar names it (a session after midnight is a new day). */
  const dayOf = (/** @type {number | Date} */ t) => {
    const d = new Date(t);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  };
  /** Today's counts: cards asked, known, and new cards started. */
  const todays = () => Object.assign({ asked: 0, known: 0, fresh: 0 }, load("drill-days", {})[dayOf(Date.now())]);
  /** Days in a row with a card asked, up to today (or up to yesterday, today not yet drilled). */
  function streak() {
    const days = load("drill-days", {});
    const d = new Date();
    d.setHours(12, 0, 0, 0);
    if (!(days[dayOf(d)] && days[dayOf(d)].asked > 0)) d.setDate(d.getDate() - 1);
    let n = 0;
    while (days[dayOf(d)] && days[dayOf(d)].asked > 0) n++, d.setDate(d.getDate() - 1);
    return n;
  }
  /** The cards due now: those whose time has come, and the new ones today's limit still
      allows, in the card's order; the cards missed this session wait for its end.
      @param {Object<string, Progress>} b @param {number} now @param {Card[]} [skip] */
  function dueCards(b, now, skip = []) {
    const room = Math.max(0, newPerDay() - todays().fresh);
    const fresh = new Set(CARDS.filter((c) => isNew(b, c) && !skip.includes(c)).slice(0, room));
    return CARDS.filter((c) => !skip.includes(c) && (isNew(b, c) ? fresh.has(c) : b[c.id].due <= now));
  }
  /** @param {Object<string, Progress>} b @param {Card} c */
  const learnt = (b, c) => b[c.id] !== undefined && b[c.id].s >= 7; // a week before recall drops to 90%

  /** The next card: those due (new ones in the card's order), the lowest recall first; the
      cards missed this session come back at its end. */
  function nextCard() {
    const b = states();
    const now = Date.now();
    const due = dueCards(b, now, missedNow);
    const rec = (/** @type {Card} */ c) => (isNew(b, c) ? 2 : recall((now - b[c.id].last) / DAY, b[c.id].s));
    due.sort((x, y) => rec(x) - rec(y) || CARDS.indexOf(x) - CARDS.indexOf(y));
    card = due.length ? due[0] : missedNow.length ? /** @type {Card} */ (missedNow.shift()) : null;
    phase = card !== null && isNew(b, card) ? "learn" : "ask";
    drawCard();
    drawBoxes();
  }

  /** @type {Object<string, () => string>} */
  const KIND = {
    openings: () => _("the opening words, in order"),
    move: () => _("the word to play"),
    tries: () => _("the words to try, in order"),
    family: () => _("the words left together, in the order the card tries them"),
    stop: () => _("what to do"),
  };

  function drawCard() {
    const ask = $("dr-ask");
    const trigger = $("dr-trigger");
    trigger.replaceChildren();
    $("dr-answer").value = "";
    $("dr-msg").textContent = "";
    $("dr-msg").className = "msg";
    ["dr-knew", "dr-missed", "dr-next", "dr-learnt"].forEach((id) => ($(id).hidden = true));
    const asking = card !== null && phase === "ask";
    $("dr-check").hidden = $("dr-show").hidden = $("dr-answer").hidden = !asking;
    if (card === null) {
      const b = states();
      const waiting = CARDS.filter((c) => isNew(b, c)).length;
      ask.textContent = !CARDS.length
        ? _("This playbook has no openings to learn.")
        : waiting
          ? ngettext("Today's new cards are done; {n} new card waits for tomorrow (or raise the number of new cards a day).",
              "Today's new cards are done; {n} new cards wait for tomorrow (or raise the number of new cards a day).",
              waiting,
              { n: waiting },
            )
          : _("Nothing is due now: every card is learnt for today. Come back later, or start over.");
      return;
    }
    const letter = letterOf(card.group);
    if (card.kind === "few")
      ask.textContent = ngettext("Letter {letter}: the word the card lists?", "Letter {letter}: the {n} words the card lists, in order?", card.answer.length, { letter });
    else if (card.kind === "openings")
      ask.textContent = ngettext("Letter {letter}: the opening word?", "Letter {letter}: the {n} opening words, in order?", card.answer.length, { letter });
    else {
      ask.textContent = _("Letter {letter}, after this board: {what}?", { letter, what: KIND[card.kind]() });
      const movers = card.movers;
      card.codes.forEach((c, i) => trigger.appendChild(tiles(movers[i], marksOf(c), null)));
      if (card.stop) trigger.appendChild(el("p", "note", _("(an exception row: the openings still to come are not played)")));
    }
    if (phase === "learn") {
      // a new card: the line in context first, then it is asked
      const words = card.answer.map(shown).join(" ");
      $("dr-msg").textContent = _("New card: the card says {words}. Learn it, then let the drill ask.", { words });
      $("dr-learnt").hidden = false;
      $("dr-learnt").focus();
      return;
    }
    asked = Date.now();
    if (window.matchMedia("(pointer: fine)").matches) $("dr-answer").focus();
  }

  const shown = (/** @type {string} */ w) => (w === "stop" ? _("stop, then try the words left") : text(w).toUpperCase());

  function check() {
    if (card === null) return;
    const typed = $("dr-answer").value.split(/[\s,]+/).filter(Boolean).map(R.typedWord);
    // "stop" is the word in Dutch and English alike
    const answer = card.answer;
    const right = typed.length === answer.length && typed.every((w, i) => w === answer[i]);
    reveal(right);
    grade(right);
  }

  /** Show the answer; `right` null: the person asked to see it and grades it themselves.
      @param {boolean | null} right */
  function reveal(right) {
    if (card === null) return;
    const words = card.answer.map(shown).join(" ");
    const msg = $("dr-msg");
    msg.textContent =
      right === null ? _("The plan: {words}", { words }) : right ? _("Right: {words}", { words }) : _("Not quite: the plan plays {words}", { words });
    msg.className = "msg" + (right === true ? " good" : right === false ? " bad" : "");
    $("dr-check").hidden = $("dr-show").hidden = true;
    $("dr-knew").hidden = $("dr-missed").hidden = right !== null;
  }

  /** @param {boolean} knew */
  function grade(knew) {
    const asking = /** @type {Card} grade follows a card asked */ (card);
    const raw = load("drill", {});
    const b = states();
    const now = Date.now();
    const old = b[asking.id];
    const st = fsrs(old, knew ? 3 : 1, old ? (now - old.last) / DAY : 0);
    // a missed card comes back at the end of this session and, on the device, in a minute
    const due = knew ? now + Math.max(1, Math.round(st.s)) * DAY : now + 60000;
    raw[asking.id] = Object.assign(st, { due, last: now, ms: asked ? now - asked : 0 });
    save("drill", raw);
    const days = load("drill-days", {});
    const today = Object.assign({ asked: 0, known: 0, fresh: 0 }, days[dayOf(now)]);
    today.asked += 1;
    today.known += knew ? 1 : 0;
    today.fresh += old ? 0 : 1;
    days[dayOf(now)] = today;
    save("drill-days", days);
    if (!knew && !missedNow.includes(asking)) missedNow.push(asking);
    $("dr-knew").hidden = $("dr-missed").hidden = true;
    $("dr-next").hidden = false;
    $("dr-next").focus();
    drawBoxes();
  }

  /** Progress at a glance, in numbers and shapes (not colour alone): per letter, its cards
      learnt of all, drawn as an empty, half or full circle. */
  function drawBoxes() {
    const b = states();
    const now = Date.now();
    const dueNow = dueCards(b, now);
    const due = dueNow.length;
    const done = CARDS.filter((c) => learnt(b, c)).length;
    const t = todays();
    const days = streak();
    $("dr-today").textContent = ngettext("Today: {asked} asked, {known} known, {fresh} of {limit} new cards started · {days} day in a row",
      "Today: {asked} asked, {known} known, {fresh} of {limit} new cards started · {days} days in a row",
      days,
      { asked: t.asked, known: t.known, fresh: t.fresh, limit: newPerDay(), days },
    );
    $("dr-aside").textContent = P.aside();
    $("dr-due").textContent = ngettext("{due} due now · {learnt} of {n} card learnt (a week or more)", "{due} due now · {learnt} of {n} cards learnt (a week or more)", CARDS.length, {
      due,
      learnt: done,
    });
    const grid = $("dr-boxes");
    grid.replaceChildren();
    for (const g of R.groups) {
      const mine = CARDS.filter((c) => c.group === g);
      if (!mine.length) continue;
      const n = mine.filter((c) => learnt(b, c)).length;
      const level = n === mine.length ? 3 : n > 0 ? 2 : mine.some((c) => !isNew(b, c)) ? 1 : 0;
      const chip = el("span", `bx b${level}`, `${"○◔◑●"[level]} ${g.label} ${n}/${mine.length}`);
      const dueHere = mine.filter((c) => dueNow.includes(c)).length;
      chip.setAttribute("role", "img");
      chip.setAttribute(
        "aria-label",
        ngettext("{letter}: {learnt} of {n} card learnt, {due} due", "{letter}: {learnt} of {n} cards learnt, {due} due", mine.length, {
          letter: letterOf(g),
          learnt: n,
          due: dueHere,
        }),
      );
      if (dueHere) chip.classList.add("due");
      grid.appendChild(chip);
    }
  }

  P.enterDrill = enterDrill;
})();
