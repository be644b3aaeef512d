/* The play-along page's training (made by the page renderer of the render package): a
   practice game against a hidden word, and a drill of the card with Leitner boxes.

   Uses the rules (PlaybookRules, page-rules.js) and what page.js shares (window.playbookPage:
   the decoded rules, tiles). The address picks the mode: #follow (page.js), #practice, or
   #practice/LETTER/SEED to replay one hidden word, #drill. What a person has done is kept on
   the device (localStorage), never sent anywhere. */
"use strict";
(() => {
  const P = window.playbookPage;
  const R = P.R;
  const D = R.data;
  const L = R.length;
  const { el, tiles } = P;
  const { _, ngettext, text, feedback, marksOf, nextMove, decimal } = R;
  const $ = (id) => document.getElementById(id);
  const GROUPS = R.groups.filter((g) => g.words.length > 0);
  const letterOf = (g) => (g.label.length <= 3 ? g.label.toUpperCase() : g.label);

  // ------------------------------------------------------------ kept on the device

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
  const memory = new Map();
  const keyOf = (what) => `playbook:${D.name}:${what}`;
  /** What each kept record must hold: the score's figures are numbers, the drill's cards
      objects. A record of another shape is set aside whole (under a key of its own, so
      nothing is lost) and the page starts that record afresh, saying so in one line. */
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
  function load(what, empty) {
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
        STORE.setItem(aside, raw);
        STORE.removeItem(keyOf(what));
      } else memory.delete(what);
    } catch (e) {
      // a browser that keeps nothing more: the record stays where it was
    }
    setAside = _("Progress kept on this device could not be read: it was set aside (as {key}) and starts afresh.", { key: aside });
    return empty;
  }
  function save(what, value) {
    const raw = JSON.stringify(value);
    try {
      if (STORE) STORE.setItem(keyOf(what), raw);
      else memory.set(what, raw);
    } catch (e) {
      memory.set(what, raw);
    }
  }

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
    if (mode === "drill") enterDrill();
  }
  window.addEventListener("hashchange", route);

  // ------------------------------------------------------------ a seeded draw

  /** A number in [0, 1) for each call, the same run for the same seed (mulberry32). */
  function rng(seed) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const newSeed = () => Math.floor(Math.random() * 1e9);

  /** The hidden word of `seed`: of `group`'s words, or (group "*") of every word. */
  function hidden(group, seed) {
    const pool = group ? group.words : GROUPS.flatMap((g) => g.words);
    const word = pool[Math.floor(rng(seed)() * pool.length)];
    return { word, group: group || GROUPS.find((g) => g.wordSet.has(word)) };
  }

  // ------------------------------------------------------------ the practice game

  const G = { group: null, any: false, seed: 0, word: null, rows: [], over: false, started: 0, tick: null };
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

  function start(group, seed) {
    const h = hidden(group, seed);
    Object.assign(G, { group: h.group, any: group === null, seed, word: h.word, rows: [], over: false });
    const address = `#practice/${group === null ? "*" : group.name}/${seed}`;
    if (decodeURIComponent(location.hash) !== address) history.replaceState(null, "", address);
    document.querySelectorAll("#pr-letters button").forEach((b) => {
      const on = b.dataset.group === (group === null ? "*" : group.name);
      b.classList.toggle("on", on);
      b.setAttribute("aria-pressed", String(on));
    });
    $("pr-game").hidden = false;
    $("pr-review").hidden = true;
    $("pr-word").value = "";
    $("pr-msg").textContent = "";
    $("pr-link").textContent = _("To play this word again later, keep this page's address (game {seed}).", { seed });
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
  const played = () => G.rows.filter((r) => r.word !== null).map((r) => [r.word, r.code]);

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
    const body = $("pr-table").querySelector("tbody");
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
        const before = G.rows.slice(0, i).filter((x) => x.word !== null).map((x) => [x.word, x.code]);
        const after = (word) => R.possible(G.group, before.concat([[word, feedback(word, G.word)]])).length;
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

  function score(won, n, planTurns) {
    const s = load("practice", {});
    const add = (k, v) => (s[k] = (Number(s[k]) || 0) + v);
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
    const count = (k) => (kept && typeof kept === "object" ? Number(kept[k]) || 0 : 0);
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
    $("pr-aside").textContent = setAside;
    if (!games) {
      out.textContent = STORE
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

  // ------------------------------------------------------------ the drill

  /* FSRS-4.5 (the Free Spaced Repetition Scheduler, as the open-spaced-repetition project
     publishes it, with its default weights): a card's memory is its stability S (days until
     recall drops to 90%) and difficulty D (1 to 10); each review updates both from the grade
     (1 again, 3 good) and the recall R at that time, and the card comes back when R is 90%
     again, S days later. Written here from the published formulas. */
  const FSRS_W = [0.4872, 1.4003, 3.7145, 13.8206, 5.1618, 1.2298, 0.8975, 0.031, 1.6474, 0.1367,
    1.0461, 2.1072, 0.0793, 0.3246, 1.587, 0.2272, 2.8755];
  const DECAY = -0.5;
  const FACTOR = 19 / 81; // R(S, S) = 0.9
  const DAY = 86400000;
  const clampD = (d) => Math.min(10, Math.max(1, d));
  const recall = (days, s) => Math.pow(1 + (FACTOR * days) / s, DECAY);
  const initialD = (g) => clampD(FSRS_W[4] - (g - 3) * FSRS_W[5]);
  /** A card's memory after a review with grade `g` (1 again, 3 good) `days` after the last. */
  function fsrs(state, g, days) {
    if (!state || !(state.s > 0)) return { s: FSRS_W[g - 1], d: initialD(g), reps: 1, lapses: g === 1 ? 1 : 0 };
    const w = FSRS_W;
    const r = recall(Math.max(0, days), state.s);
    const d0 = clampD(w[7] * initialD(3) + (1 - w[7]) * (state.d - w[6] * (g - 3)));
    const s =
      g === 1
        ? w[11] * Math.pow(state.d, -w[12]) * (Math.pow(state.s + 1, w[13]) - 1) * Math.exp(w[14] * (1 - r))
        : state.s * (1 + Math.exp(w[8]) * (11 - state.d) * Math.pow(state.s, -w[9]) * (Math.exp(w[10] * (1 - r)) - 1));
    return { s: Math.max(0.01, s), d: d0, reps: (state.reps || 0) + 1, lapses: (state.lapses || 0) + (g === 1 ? 1 : 0) };
  }
  window.playbookFsrs = { fsrs, recall }; // for the tests
  window.playbookDrill = { cards: () => (drillReady ? CARDS : makeCards()).map((c) => [c.id, c.kind, c.answer]) };

  let drillReady = false;
  let CARDS = [];
  let card = null;
  let phase = "ask"; // "learn": the line shown in context first; "ask": the card asks
  let asked = 0; // when the card was asked (response time)
  const missedNow = []; // cards missed this session: asked again at its end

  /** Every item of the card as a card: each letter's openings, every exception move at
      every depth with the board that calls for it, every try list out of list order, every
      exception row that stops the openings, and every trap family. */
  function makeCards() {
    const out = [];
    const seen = new Set();
    const add = (c) => {
      if (!seen.has(c.id)) out.push(c), seen.add(c.id);
    };
    for (const g of R.groups) {
      if (g.openings.length) add({ id: `o:${g.name}`, group: g, answer: g.openings, kind: "openings", movers: [], codes: [] });
      // a letter of few words and no openings: the card prints its words, tried in list order
      else if (g.words.length && g.words.length <= D.small) add({ id: `f:${g.name}`, group: g, answer: g.words, kind: "few", movers: [], codes: [] });
      if (g.table !== null) walkRows(g, g.table, [], [], true);
    }
    function walkRows(g, table, movers, codes, top) {
      for (const row of table.rows) {
        if (row.key === "*" || row.key[0] === "!") continue;
        const c = codes.concat(R.codesOfKey(row.key));
        const m = top ? g.openings.slice(0, c.length) : movers;
        const id = `${g.name}:${m.join(",")}:${c.join(",")}`;
        const stop = top && c.length < g.openings.length;
        const node = row.node;
        if (node.move !== undefined) {
          add({ id: `x:${id}`, group: g, answer: [node.move], kind: "move", movers: m, codes: c, stop });
          if (node.table) walkRows(g, node.table, m.concat([node.move]), c, false);
        } else if (node.words) {
          const sorted = [...node.words].sort();
          const family = node.words.some((w) => g.unguaranteed.has(w));
          if (family || node.words.some((w, i) => w !== sorted[i]))
            add({ id: `t:${id}`, group: g, answer: node.words, kind: family ? "family" : "tries", movers: m, codes: c, stop });
          else if (stop) add({ id: `s:${id}`, group: g, answer: ["stop"], kind: "stop", movers: m, codes: c, stop });
        } else if (stop) add({ id: `s:${id}`, group: g, answer: ["stop"], kind: "stop", movers: m, codes: c, stop });
      }
    }
    return out;
  }

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

  /** Records kept on the device (one name or several) that `reset` erases (after a second
      tap, :func:`confirmed`) and `undo` puts back as they were; `redraw` after either,
      `onErase` after the reset only. */
  function erasable(what, reset, undo, redraw, onErase = () => {}) {
    const names = [].concat(what);
    let erased = null;
    confirmed(reset, () => {
      erased = names.map((n) => load(n, {}));
      names.forEach((n) => save(n, {}));
      onErase();
      undo.hidden = false;
      redraw();
    });
    undo.addEventListener("click", () => {
      if (erased !== null) names.forEach((n, i) => save(n, erased[i]));
      erased = null;
      undo.hidden = true;
      redraw();
    });
  }

  /** A button that erases something acts on a second tap only: the first asks to confirm
      (for a few seconds), and names how much it erases. */
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

  function enterDrill() {
    if (!drillReady) setupDrill();
    if (card === null) nextCard();
    drawBoxes();
  }

  /** The progress kept on the device, each card's memory checked: a value of another shape
      (written by an older page, or by hand) is a new card again. */
  function states() {
    const raw = load("drill", {});
    const out = {};
    for (const c of CARDS) {
      const st = raw[c.id];
      if (st && typeof st === "object" && Number.isFinite(st.s) && Number.isFinite(st.d) && Number.isFinite(st.due))
        out[c.id] = { s: st.s, d: st.d, due: st.due, last: Number(st.last) || 0, reps: Number(st.reps) || 0, lapses: Number(st.lapses) || 0, ms: Number(st.ms) || 0 };
    }
    return out;
  }
  const isNew = (b, c) => b[c.id] === undefined;
  const MAX_NEW = 999;
  /** New cards a day (the setting kept on the device; 20 where none is kept). */
  function newPerDay() {
    const n = load("drill-settings", {}).newPerDay;
    return Number.isInteger(n) && n >= 0 && n <= MAX_NEW ? n : 20;
  }
  /** A day as the device's calendar names it (a session after midnight is a new day). */
  const dayOf = (t) => {
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
      allows, in the card's order; the cards missed this session wait for its end. */
  function dueCards(b, now, skip = []) {
    const room = Math.max(0, newPerDay() - todays().fresh);
    const fresh = new Set(CARDS.filter((c) => isNew(b, c) && !skip.includes(c)).slice(0, room));
    return CARDS.filter((c) => !skip.includes(c) && (isNew(b, c) ? fresh.has(c) : b[c.id].due <= now));
  }
  const learnt = (b, c) => b[c.id] !== undefined && b[c.id].s >= 7; // a week before recall drops to 90%

  /** The next card: those due (new ones in the card's order), the lowest recall first; the
      cards missed this session come back at its end. */
  function nextCard() {
    const b = states();
    const now = Date.now();
    const due = dueCards(b, now, missedNow);
    const rec = (c) => (isNew(b, c) ? 2 : recall((now - b[c.id].last) / DAY, b[c.id].s));
    due.sort((x, y) => rec(x) - rec(y) || CARDS.indexOf(x) - CARDS.indexOf(y));
    card = due.length ? due[0] : missedNow.length ? missedNow.shift() : null;
    phase = card !== null && isNew(b, card) ? "learn" : "ask";
    drawCard();
    drawBoxes();
  }

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
      card.codes.forEach((c, i) => trigger.appendChild(tiles(card.movers[i], marksOf(c), null)));
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

  const shown = (w) => (w === "stop" ? _("stop, then try the words left") : text(w).toUpperCase());

  function check() {
    if (card === null) return;
    const typed = $("dr-answer").value.split(/[\s,]+/).filter(Boolean).map(R.typedWord);
    // "stop" is the word in Dutch and English alike
    const right = typed.length === card.answer.length && typed.every((w, i) => w === card.answer[i]);
    reveal(right);
    grade(right);
  }

  /** Show the answer; `right` null: the person asked to see it and grades it themselves. */
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

  function grade(knew) {
    const raw = load("drill", {});
    const b = states();
    const now = Date.now();
    const old = b[card.id];
    const st = fsrs(old, knew ? 3 : 1, old ? (now - old.last) / DAY : 0);
    // a missed card comes back at the end of this session and, on the device, in a minute
    const due = knew ? now + Math.max(1, Math.round(st.s)) * DAY : now + 60000;
    raw[card.id] = Object.assign(st, { due, last: now, ms: asked ? now - asked : 0 });
    save("drill", raw);
    const days = load("drill-days", {});
    const today = Object.assign({ asked: 0, known: 0, fresh: 0 }, days[dayOf(now)]);
    today.asked += 1;
    today.known += knew ? 1 : 0;
    today.fresh += old ? 0 : 1;
    days[dayOf(now)] = today;
    save("drill-days", days);
    if (!knew && !missedNow.includes(card)) missedNow.push(card);
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
    $("dr-aside").textContent = setAside;
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

  route();
})();
