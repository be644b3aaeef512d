// @ts-check
/* The play-along page's training (made by the page renderer of the render package): the
   modes, and a practice game against a hidden word; the drill of the card is page-drill.js,
   inlined after this script.

   Uses the rules (PlaybookRules, page-rules.js) and what page.js and page-store.js share
   (window.playbookPage: the decoded rules, tiles, what is kept on the device). The address
   picks the mode: #follow (page.js), #practice, or #practice/LETTER/SEED to replay one hidden
   word, #drill. */
"use strict";
/** A row of the practice game: a guess and its feedback, or (null) a turn whose time ran out.
    @typedef {{word: string, code: number, ms: number} | {word: null, code: null, ms: number}} PracticeRow */
(() => {
  const shared = window.playbookPage;
  if (shared === undefined) return; // the page refused its data (page-plan.js says why)
  const P = shared;
  const R = P.R;
  const D = R.data;
  const L = R.length;
  const { el, tiles, load, save, erasable } = P;
  const { _, ngettext, text, feedback, marksOf, nextMove, decimal } = R;
  // an element the template makes, by its id (typed as an input: the widest the script reads)
  const $ = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
  const GROUPS = R.groups.filter((g) => g.words.length > 0);
  const letterOf = (/** @type {Group} */ g) => (g.label.length <= 3 ? g.label.toUpperCase() : g.label);

  // ------------------------------------------------------------ modes

  const MODES = ["follow", "practice", "drill"];
  function route() {
    let address = location.hash.replace(/^#/, "");
    try {
      address = decodeURIComponent(address);
    } catch (e) {
      address = ""; // a broken escape in the address: the start screen
    }
    const parts = address.split("/");
    const mode = MODES.includes(parts[0]) ? parts[0] : "follow";
    MODES.forEach((m) => {
      $(`${m}-main`).hidden = m !== mode;
      $(`mode-${m}`).classList.toggle("on", m === mode);
      $(`mode-${m}`).setAttribute("aria-current", m === mode ? "page" : "false");
    });
    if (mode === "practice") enterPractice(parts[1], parts[2]);
    if (mode === "drill") P.enterDrill();
  }
  window.addEventListener("hashchange", route);

  // ------------------------------------------------------------ a seeded draw

  const { rng } = PlaybookRules; // the rules' (replayed in Node against Python)
  const newSeed = () => Math.floor(Math.random() * 1e9);

  /** The hidden word of `seed`: of `group`'s words, or (group "*") of every word.
      @param {Group | null} group @param {number} seed */
  function hidden(group, seed) {
    const pool = group ? group.words : GROUPS.flatMap((g) => g.words);
    const word = pool[Math.floor(rng(seed)() * pool.length)];
    return { word, group: group || /** @type {Group} the word's */ (GROUPS.find((g) => g.wordSet.has(word))) };
  }

  // ------------------------------------------------------------ the practice game

  // the game: its group and hidden word (none before the first game, which every reader of
  // them waits for: typed as set), whether any letter was drawn, the seed, the rows, the clock
  const G = {
    group: /** @type {Group} */ (/** @type {unknown} */ (null)), any: false, seed: 0, word: /** @type {string} */ (/** @type {unknown} */ (null)),
    rows: /** @type {PracticeRow[]} */ ([]), over: false, started: 0, tick: /** @type {number | undefined} */ (undefined),
  };
  let practiceReady = false;

  function setupPractice() {
    practiceReady = true;
    const box = $("pr-letters");
    const any = el("button", "letter any", _("any"));
    any.type = "button";
    any.dataset.group = "*";
    any.addEventListener("click", () => start(null, newSeed()));
    box.appendChild(any);
    GROUPS.forEach((g) => {
      const b = el("button", "letter", g.label);
      b.type = "button";
      b.dataset.group = g.name;
      b.addEventListener("click", () => start(g, newSeed()));
      box.appendChild(b);
    });
    if (GROUPS.length === 1) box.hidden = true;
    $("pr-rules").textContent =
      D.pool === "revealed"
        ? _("The page hides a word of the list and reveals its first letter; every guess must be a word of the list that starts with it (the TV rules). {turns} turns.", { turns: D.turns })
        : _("The page hides a word of the list; every guess must be a word of the list. {turns} turns.", { turns: D.turns });
    const timer = $("pr-timer");
    timer.value = String(load("timer", { s: 0 }).s || 0);
    timer.addEventListener("change", () => {
      save("timer", { s: Number(timer.value) });
      if (G.word && !G.over) startClock();
    });
    $("pr-ok").addEventListener("click", guess);
    $("pr-word").addEventListener("keydown", (e) => {
      if (e.key === "Enter") guess();
    });
    $("pr-new").addEventListener("click", () => start(G.any ? null : G.group, newSeed()));
    $("pr-again").addEventListener("click", () => start(G.any ? null : G.group, G.seed));
    erasable("practice", $("pr-reset"), $("pr-undo"), drawScore);
    drawScore();
  }

  /** @param {string | undefined} letter @param {string | undefined} seed */
  function enterPractice(letter, seed) {
    if (!practiceReady) setupPractice();
    if (letter === undefined) {
      if (GROUPS.length === 1 && G.word === null) start(GROUPS[0], newSeed());
      return;
    }
    // the letter as the page's links write it (IJ's ligature), or as typed: IJ as ij, any case
    const group =
      letter === "*" ? null : R.group(letter) || R.group(R.typedWord(letter)) || GROUPS.find((g) => g.label === letter);
    const n = Number(seed);
    if (group === undefined || !Number.isInteger(n) || n < 0) {
      $("pr-msg").textContent = _("This address names no game of this page; pick a letter.");
      $("pr-msg").className = "msg bad";
      return;
    }
    if (G.word !== null && G.seed === n && (G.any ? group === null : G.group === group)) return;
    start(group, n);
  }

  /** @param {Group | null} group @param {number} seed */
  function start(group, seed) {
    const h = hidden(group, seed);
    Object.assign(G, { group: h.group, any: group === null, seed, word: h.word, rows: [], over: false });
    const address = `#practice/${group === null ? "*" : group.name}/${seed}`;
    if (decodeURIComponent(location.hash) !== address) history.replaceState(null, "", address);
    /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#pr-letters button")).forEach((b) => {
      const on = b.dataset.group === (group === null ? "*" : group.name);
      b.classList.toggle("on", on);
      b.setAttribute("aria-pressed", String(on));
    });
    $("pr-game").hidden = false;
    $("pr-review").hidden = true;
    $("pr-word").value = "";
    $("pr-msg").textContent = "";
    $("pr-link").textContent = _("To play this word again later, keep this page's address (game {seed}).", { seed: String(seed) });
    drawPractice();
    startClock();
    if (window.matchMedia("(pointer: fine)").matches) $("pr-word").focus();
  }

  const seconds = () => Number($("pr-timer").value) || 0;

  function startClock() {
    clearInterval(G.tick);
    G.started = Date.now();
    const clock = $("pr-clock");
    clock.textContent = "";
    if (!seconds() || G.over) return;
    const show = () => {
      const left = seconds() - Math.floor((Date.now() - G.started) / 1000);
      clock.textContent = _("{s} s left for this guess", { s: Math.max(0, left) });
      clock.classList.toggle("late", left <= 3);
      if (left <= 0) timeUp();
    };
    show();
    G.tick = setInterval(show, 250);
  }

  function timeUp() {
    // on the show a turn runs out with the clock: it counts, with no word
    addRow({ word: null, code: null, ms: seconds() * 1000 });
  }

  /** The known letters of the next row, as the board shows them: the revealed letter and
      every letter found in place. */
  function boardHint() {
    const marks = R.knownMarks(G.group, played(), G.word);
    return [...G.word].map((ch, i) => (marks[i] === 2 ? ch : null));
  }
  const played = () => /** @type {Played[]} */ (G.rows.filter((r) => r.word !== null).map((r) => [r.word, r.code]));

  function guess() {
    if (G.over || G.word === null) return;
    const typed = $("pr-word").value;
    const w = R.mayGuess(G.group, typed);
    const msg = $("pr-msg");
    if (w === null) {
      const shown = typed.trim() || "?";
      const why = R.refusal(G.group, typed);
      msg.textContent =
        why === "length"
          ? _("{word}: type a word of {n} letters.", { word: shown, n: L })
          : why === "letter"
            ? _("{word} does not start with {letter}, the revealed letter: every guess must.", { word: shown, letter: letterOf(G.group) })
            : _("{word} is not a word of the list.", { word: shown });
      msg.className = "msg bad";
      $("pr-word").value = ""; // the next guess starts afresh
      msg.scrollIntoView({ block: "nearest" }); // in view on a phone too
      return;
    }
    if ($("pr-follow").checked) {
      // follow the card: a move that leaves it is stopped, and the card's move shown
      const m = nextMove(G.group, played());
      if (m.stop === undefined && m.word !== w) {
        msg.textContent = _("The card plays {word} here, not {yours}.", { word: text(m.word).toUpperCase(), yours: text(w).toUpperCase() });
        msg.className = "msg bad";
        $("pr-word").value = "";
        msg.scrollIntoView({ block: "nearest" });
        return;
      }
    }
    $("pr-word").value = "";
    addRow({ word: w, code: feedback(w, G.word), ms: Date.now() - G.started });
  }

  /** @param {PracticeRow} row */
  function addRow(row) {
    G.rows.push(row);
    const won = row.code === R.solved;
    const msg = $("pr-msg");
    msg.textContent = "";
    msg.className = "msg";
    if (won || G.rows.length >= D.turns) finish(won);
    else startClock();
    drawPractice();
    // one short line for a screen reader (the rows are not live; the end is #pr-msg's)
    const marks = row.word === null ? [] : marksOf(row.code);
    $("pr-say").textContent =
      row.word === null
        ? _("Turn {n}: time up", { n: G.rows.length })
        : _("Turn {n}: {word}: {right} in the right place, {wrong} in the wrong place", {
            n: G.rows.length,
            word: text(row.word),
            right: marks.filter((m) => m === 2).length,
            wrong: marks.filter((m) => m === 1).length,
          });
  }

  function drawPractice() {
    $("pr-title").textContent = G.any
      ? _("Letter {letter} (drawn at random)", { letter: letterOf(G.group) })
      : _("Letter {letter}", { letter: letterOf(G.group) });
    const list = $("pr-rows");
    list.replaceChildren();
    G.rows.forEach((r, i) => {
      const li = el("li", "move");
      li.appendChild(el("span", "turn", String(i + 1)));
      if (r.word === null) li.appendChild(el("span", "tag off", _("time up: the turn is gone")));
      else {
        li.dataset.word = r.word;
        li.appendChild(tiles(r.word, marksOf(r.code), null));
      }
      if (seconds() || r.word === null) li.appendChild(el("span", "time", `${(r.ms / 1000).toFixed(1)} s`));
      list.appendChild(li);
    });
    if (!G.over) {
      // the next row as the board shows it: the letters known, dots elsewhere
      const li = el("li", "move next");
      li.appendChild(el("span", "turn", String(G.rows.length + 1)));
      const hint = boardHint();
      const box = el("div", "tiles hint");
      hint.forEach((ch) => box.appendChild(el("span", ch ? "t m2" : "t blank", ch ? R.tileLetters(ch)[0] : "·")));
      li.appendChild(box);
      list.appendChild(li);
    }
    $("pr-entry").hidden = G.over;
  }

  /** The plan's moves for the hidden word, as the walk plays them (the page's follow mode):
      [word, code] pairs, and whether it found the word. */
  function planGame() {
    /** @type {Played[]} */
    const history = [];
    for (let i = 0; i < 30; i++) {
      const m = nextMove(G.group, history);
      if (m.stop !== undefined) return { moves: history, found: false };
      const code = feedback(m.word, G.word);
      history.push([m.word, code]);
      if (code === R.solved) return { moves: history, found: true };
    }
    return { moves: history, found: false };
  }

  /** @param {boolean} won */
  function finish(won) {
    G.over = true;
    clearInterval(G.tick);
    $("pr-clock").textContent = "";
    const n = G.rows.length;
    const plan = planGame();
    const planTurns = plan.found ? plan.moves.length : null;
    const msg = $("pr-msg");
    msg.textContent = won
      ? ngettext("Found: {word} in {n} turn.", "Found: {word} in {n} turns.", n, { word: text(G.word).toUpperCase() })
      : _("Not found in {turns} turns: the word was {word}.", { turns: D.turns, word: text(G.word).toUpperCase() });
    msg.className = "msg " + (won ? "good" : "bad");
    // the review: your rows beside the plan's
    const body = /** @type {HTMLElement} */ ($("pr-table").querySelector("tbody"));
    body.replaceChildren();
    for (let i = 0; i < Math.max(n, plan.moves.length); i++) {
      const tr = el("tr");
      tr.appendChild(el("td", "turn", String(i + 1)));
      const mine = el("td", "you");
      const r = G.rows[i];
      if (r && r.word === null) mine.appendChild(el("span", "tag off", _("time up")));
      else if (r) mine.appendChild(tiles(r.word, marksOf(r.code), null));
      const theirs = el("td", "plan");
      const m = plan.moves[i];
      if (m) {
        theirs.dataset.word = m[0];
        theirs.appendChild(tiles(m[0], marksOf(m[1]), null));
      }
      // as WordleBot reviews a guess: the words left after yours, and after the move the
      // plan makes on your board so far
      const left = el("td", "left");
      if (r && r.word !== null) {
        const before = /** @type {Played[]} */ (G.rows.slice(0, i).filter((x) => x.word !== null).map((x) => [x.word, x.code]));
        const after = (/** @type {string} */ word) => R.possible(G.group, before.concat([[word, feedback(word, G.word)]])).length;
        const card = nextMove(G.group, before);
        const best = card.stop === undefined ? card.word : R.ruleMove(G.group, before);
        const yours = after(r.word);
        left.textContent = best === null ? String(yours) : `${yours} / ${after(best)}`;
        left.dataset.left = left.textContent;
      }
      tr.append(mine, theirs, left);
      body.appendChild(tr);
    }
    const you = won ? ngettext("you: {n} turn", "you: {n} turns", n) : _("you: not found");
    const them =
      planTurns === null
        ? _("the plan: not found (the word is not guaranteed)")
        : planTurns > D.turns
          ? ngettext("the plan: {n} turn, past the limit", "the plan: {n} turns, past the limit", planTurns)
          : ngettext("the plan: {n} turn", "the plan: {n} turns", planTurns);
    $("pr-verdict").textContent = `${you} · ${them}`;
    $("pr-review").hidden = false;
    score(won, n, planTurns);
  }

  /** @param {boolean} won @param {number} n @param {number | null} planTurns */
  function score(won, n, planTurns) {
    const s = load("practice", {});
    const add = (/** @type {string} */ k, /** @type {number} */ v) => (s[k] = (Number(s[k]) || 0) + v);
    add("games", 1);
    if (won) {
      add("won", 1);
      add("turns", n);
      if (planTurns !== null) {
        add("compared", 1);
        add("planTurns", planTurns);
        add("mineCompared", n);
      }
    }
    // kept by letter, each a count of games and games won (anything else starts afresh)
    const byLetter = s.letters && typeof s.letters === "object" && !Array.isArray(s.letters) ? s.letters : {};
    const kept = Object.hasOwn(byLetter, G.group.name) ? byLetter[G.group.name] : null;
    const count = (/** @type {string} */ k) => (kept && typeof kept === "object" ? Number(kept[k]) || 0 : 0);
    const mine = { games: count("games") + 1, won: count("won") + (won ? 1 : 0) };
    byLetter[G.group.name] = mine;
    s.letters = byLetter;
    save("practice", s);
    drawScore();
  }

  function drawScore() {
    const s = load("practice", {});
    const games = Number(s.games) || 0;
    const won = Number(s.won) || 0;
    const out = $("pr-score");
    $("pr-aside").textContent = P.aside();
    if (!games) {
      out.textContent = P.kept
        ? _("No games yet. Your score is kept in this browser, on this device only.")
        : _("No games yet. This browser keeps nothing: the score lasts this visit only.");
      return;
    }
    const parts = [ngettext("{n} game", "{n} games", games), _("{won} found", { won })];
    if (won) parts.push(_("average {avg} turns", { avg: decimal(s.turns / won) }));
    if (s.compared)
      parts.push(
        _("on the same words you took {mine} turns on average, the plan {plan}", {
          mine: decimal(s.mineCompared / s.compared),
          plan: decimal(s.planTurns / s.compared),
        }),
      );
    out.textContent = parts.join(" · ");
  }

  // what the drill (page-drill.js) shares with this script
  Object.assign(P, { letterOf });

  // every script has run: the address picks the mode
  document.addEventListener("DOMContentLoaded", route);
})();
