// @ts-check
/* The play-along page's views beside the board (made by the page renderer of the render
   package): the words still possible, a row of the table as the board shows it, the search
   of the table by feedback, and taking over a board after a lost game, with the best chance
   in the turns left.

   Uses the rules (PlaybookRules) and what page.js shares (window.playbookPage: the state of
   the game, draw, tiles); inlined after it, it hands page.js drawLeft, rowView, find and
   takeOver. */
"use strict";
(() => {
  const shared = window.playbookPage;
  if (shared === undefined) return; // the page refused its data (page-plan.js says why)
  const P = shared;
  const { R, S, el, tiles, draw, marksHelp, left, choose } = P;
  const D = R.data;
  const L = R.length;
  const { possible, consistent, marksOf, codeOf, codesOfKey, text } = R;
  const { _, ngettext, decimal } = R;
  // an element the template makes, by its id (typed as an input: the widest the script reads)
  const $ = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
  const SHOWN = 60; // words still possible shown before "+ N more"

  // ------------------------------------------------------------ the words still possible

  function drawLeft() {
    const words = left();
    const title = ngettext("{n} word still possible", "{n} words still possible", words.length);
    const expect = S.rare || S.done ? null : R.expectedFrom(S.group, S.history);
    $("left-title").textContent =
      expect === null ? title : title + " · " + _("about {n} more guesses expected", { n: decimal(expect) });
    const box = $("left");
    box.replaceChildren();
    const shown = words.slice(0, S.allWords ? 2000 : SHOWN);
    shown.forEach((w) => {
      const b = el("button", "w", text(w));
      b.type = "button";
      b.dataset.word = w;
      b.title = _("play this word instead");
      if (S.group.unguaranteed.has(w)) {
        b.classList.add("ung");
        b.appendChild(el("span", "dag", "†"));
      }
      b.addEventListener("click", () => choose(w));
      box.appendChild(b);
    });
    if (words.length > shown.length) {
      const more = el("button", "w more", _("+ {n} more", { n: words.length - shown.length }));
      more.type = "button";
      more.id = "more";
      more.addEventListener("click", () => {
        S.allWords = true;
        drawLeft();
      });
      box.appendChild(more);
    }
    const notes = [];
    if (words.some((w) => S.group.unguaranteed.has(w)))
      notes.push("† " + _("not guaranteed within {n} turns (the playbook says so).", { n: D.turns }));
    notes.push(_("Tap a word to play it instead of the playbook's move."));
    $("left-note").textContent = notes.join(" ");
  }

  // ------------------------------------------------------------ the table's rows

  /** @param {Row} row @param {string[]} movers @param {Entry | null} move @returns {HTMLElement} */
  function rowView(row, movers, move) {
    const box = el("div", "row");
    if (row.key === "*") box.appendChild(el("span", "any", _("any other feedback")));
    else if (row.key[0] === "!") box.appendChild(el("span", "any", row.key.slice(1)));
    else
      codesOfKey(row.key).forEach((c, i) =>
        box.appendChild(tiles(movers[Math.min(i, movers.length - 1)], marksOf(c), null)),
      );
    const node = row.node;
    const what = el("div", "node");
    if (node.move !== undefined) {
      what.appendChild(el("span", "exc", "▶ " + _("exception move: {word}", { word: text(node.move) })));
      box.appendChild(what);
      if (node.table !== null)
        node.table.rows.forEach((r) => box.appendChild(rowView(r, [node.move], null)));
      else box.appendChild(el("div", "node", _("then every word still possible")));
      box.classList.add("hasmove");
      return box;
    }
    if (node.words === null) what.appendChild(el("span", "all", _("every word still possible, in list order")));
    else node.words.forEach((w) => what.appendChild(tryWord(w, move)));
    box.appendChild(what);
    return box;
  }

  /** @param {string} w @param {Entry | null} move */
  function tryWord(w, move) {
    const s = el("span", "tw", text(w));
    if (move && move.kind === "try") {
      if (w === move.word) s.classList.add("next");
      else if (!consistent(w, S.history)) s.classList.add("out");
    }
    if (S.group.unguaranteed.has(w)) s.appendChild(el("span", "dag", "†"));
    return s;
  }

  /** Letters revealed besides, typed as one mark a place (a letter, or . ? _ - for none):
      an array of letters or null, [] for nothing typed, or undefined where it cannot be read.
      @param {string} s @returns {(string | null)[] | undefined} */
  function parseKnown(s) {
    const chars = [...R.typedWord(s)];
    if (!chars.length) return [];
    if (chars.length !== L) return undefined;
    return chars.map((ch) => (".?_-".includes(ch) ? null : ch));
  }

  /** A row of the board, typed in the take-over itself (one screen for all the rows): its
      word, as a guess the game accepts here, and its marks. */
  function addBoardRow() {
    const out = $("tk-out");
    const say = (/** @type {string} */ msg) => {
      out.textContent = msg;
      out.className = "msg bad";
    };
    const typed = $("tk-word").value;
    const w = R.mayGuess(S.group, typed);
    if (w === null) {
      const why = R.refusal(S.group, typed);
      const word = typed.trim() || "?";
      return say(
        why === "length"
          ? _("{word}: type a word of {n} letters.", { word, n: L })
          : why === "letter"
            ? _("{word} does not start with {letter}, the revealed letter: every guess must.", { word, letter: S.group.label.toUpperCase() })
            : _("{word} is not a word of the list.", { word }),
      );
    }
    const marks = R.parseMarks($("tk-marks").value);
    if (marks === null || marks.length !== L) return say(marksHelp());
    /** @type {Played[]} */
    const trial = S.history.concat([[w, codeOf(marks)]]);
    if (possible(S.group, trial).length === 0 && !(D.rare && R.fallback(S.group, S.history).some((x) => consistent(x, trial))))
      return say(_("No word of the list fits the board and the letters revealed."));
    Object.assign(S, { history: trial, marks: null, chosen: null, msg: "", bad: false, done: false });
    $("tk-word").value = $("tk-marks").value = "";
    out.textContent = ngettext("{n} row on the board.", "{n} rows on the board.", trial.length);
    out.className = "msg";
    draw();
    $("tk-word").focus();
  }

  function takeOver() {
    const out = $("tk-out");
    const known = parseKnown($("tk-known").value);
    const typedTurns = $("tk-turns").value.trim();
    const turns = typedTurns ? Number(typedTurns) : Math.max(1, D.turns - S.history.length);
    const say = (/** @type {string} */ msg, /** @type {boolean} */ bad) => {
      out.textContent = msg;
      out.className = "msg" + (bad ? " bad" : "");
    };
    if (known === undefined)
      return say(_("Type the letters revealed as {n} places: a letter, or . where none shows (e.g. {example}).", { n: L, example: "..e.." }), true);
    if (!Number.isInteger(turns) || turns < 1)
      return say(_("Turns left: a whole number of at least 1."), true);
    const c = R.bestChance(S.group, S.history, turns, known);
    if (c === null) return say(_("No word of the list fits the board and the letters revealed."), true);
    if (c.outOfTime)
      return say(_("{n} words are still possible: too many to work out the best chance here. Play on, or enter more rows.", { n: c.total }), true);
    S.known = known;
    Object.assign(S, { chosen: c.word, chosenKind: "chance", marks: null, msg: "", bad: false });
    Object.assign(S, { done: false, lost: false, limit: S.history.length + turns });
    $("fb").value = "";
    draw();
    say(
      ngettext("Play {word}: with {turns} turn left it finds the word for {found} of the {total} words still possible ({pct}%).", "Play {word}: with {turns} turns left it finds the word for {found} of the {total} words still possible ({pct}%).", turns, {
        word: text(c.word).toUpperCase(),
        turns,
        found: c.found,
        total: c.total,
        pct: Math.round((100 * c.found) / c.total),
      }),
      false,
    );
  }

  // ------------------------------------------------------------ search

  function find() {
    const g = S.group;
    const out = $("find-results");
    out.replaceChildren();
    if (g === null || g.table === null) return;
    const q = [...$("find-input").value.toLowerCase()].filter((ch) => ch !== " ");
    const want = q.map((ch) => (ch === "?" ? -1 : D.typed[ch]));
    const total = g.table.rows.length;
    if (!want.length || want.some((m) => m === undefined)) {
      $("find-count").textContent = want.some((m) => m === undefined)
        ? _("Type marks (o x . or 2 1 0), ? for any.")
        : ngettext("{n} row; type the feedback of the openings to find it.", "{n} rows; type the feedback of the openings to find its row.", total);
      return;
    }
    const hits = g.table.rows.filter((r) => matches(r.key, want));
    $("find-count").textContent = _("{hits} of {n} rows match", { hits: hits.length, n: total });
    hits.slice(0, 40).forEach((r) => out.appendChild(rowView(r, g.openings, null)));
  }

  /** @param {string} key @param {(number | undefined)[]} want */
  function matches(key, want) {
    if (key === "*" || key[0] === "!") return false;
    const marks = codesOfKey(key).flatMap(marksOf);
    return want.length <= marks.length && want.every((m, i) => m === -1 || m === marks[i]);
  }
  $("find-input").addEventListener("input", find);
  $("tk-go").addEventListener("click", takeOver);
  $("tk-add").addEventListener("click", addBoardRow);
  $("tk-marks").addEventListener("keydown", (e) => {
    if (e.key === "Enter") addBoardRow();
  });
  $("tk-known").addEventListener("keydown", (e) => {
    if (e.key === "Enter") takeOver();
  });
  Object.assign(P, { drawLeft, rowView, find, takeOver });
})();
