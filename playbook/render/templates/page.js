// @ts-check
/* The play-along page: follows a playbook move by move (made by the page renderer of the render package).

   The rules (the page's data, feedback, the table walk, IJ, which words may be guessed) are
   PlaybookRules (page-rules.js), decoded for the plan the address picks by page-plan.js
   (window.playbookPage), both inlined before this script; this script draws the page and
   reads what the person taps and types. */
"use strict";
(() => {
  const shared = window.playbookPage;
  if (shared === undefined) return; // the page refused its data (page-plan.js says why)
  const P = shared;
  const R = P.R;
  const D = R.data;
  const L = R.length;
  const SOLVED = R.solved;
  const GROUPS = R.groups;
  const { OFF_BOOK, NOT_TRIED, NO_ROW } = PlaybookRules;
  const { feedback, nextMove, fmt, possible, consistent, marksOf, codeOf, text, tileLetters } = R;
  const { _, ngettext, decimal } = R; // the page's words in its language (the message catalog)
  // an element the template makes, by its id (typed as an input: the widest the script reads)
  const $ = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

  // ------------------------------------------------------------ state

  /** @type {State} */
  const S = {
    group: /** @type {Group} no group before a pick, and nothing reads it before */ (/** @type {unknown} */ (null)), history: [], marks: null, chosen: null, chosenKind: "chosen", known: [],
    done: false, msg: "", bad: false, allWords: false, lost: false, limit: D.turns,
    rare: 0, // the moves played when the feedback left only words rarer than the plan's (0: none)
  };
  // how likely each word is (wordfreq's frequency where the list's language has one): the
  // chance of the word played at a last-turn coin flip
  const WEIGHT = new Map(D.words.split(" ").map((w, i) => [w, D.weight ? 10 ** D.weight[i] : 1]));
  // a rarer word the page has no figure for weighs as little as the least likely it has
  const FLOOR = Math.min(...WEIGHT.values());
  const weight = (/** @type {string} */ w) => WEIGHT.get(w) ?? FLOOR;

  /** @type {Map<string, string | null>} */
  const RULE_MOVES = new Map();
  /** The scm rule's move after `history` (what play suggests off the playbook), once.
      @param {Played[]} history */
  function ruleMove(history) {
    const key = S.group.name + "|" + JSON.stringify(history);
    let move = RULE_MOVES.get(key);
    if (move === undefined) RULE_MOVES.set(key, (move = R.ruleMove(S.group, history)));
    return move;
  }

  /** The move to enter now: one the person chose, the playbook's, or off the playbook the
      rule's (as play suggests it); null once the game is over. @returns {Entry | null} */
  function current() {
    if (S.done) return null;
    if (S.chosen !== null) return { word: S.chosen, kind: S.chosenKind };
    if (S.rare && D.offTree) {
      // off a whole tree: the best move for the words still possible, worked out here
      const left = S.limit - S.history.length;
      const word = R.offTreeMove(S.group, S.history, left);
      return word === null ? null : { word, kind: left <= 1 ? "offtreeLast" : "offtree" };
    }
    if (S.rare) {
      const words = R.fallback(S.group, S.history);
      return words.length ? { word: words[0], kind: "rare" } : null;
    }
    const m = nextMove(S.group, S.history);
    if (m.stop === undefined) return m;
    const word = ruleMove(S.history);
    return word === null ? null : { word, kind: "rule", stop: m.stop };
  }

  /** The words still possible: they fit the feedback and any letters revealed besides. */
  const left = () => (S.rare ? R.fallback(S.group, S.history) : R.board(S.group, S.history, S.known));

  /** @template {keyof HTMLElementTagNameMap} K @param {K} tag @param {string} [cls] @param {string} [content] */
  function el(tag, cls, content) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (content !== undefined) e.textContent = content;
    return e;
  }

  const MARK_NAMES = [_("absent"), _("wrong place"), _("right place")];
  const REVEALED_NAME = _("the revealed letter");

  /** @param {string} word @param {number[]} marks @param {((i: number) => void) | null} onTap */
  function tiles(word, marks, onTap) {
    const box = el("div", "tiles");
    box.style.setProperty("--n", String(word.length));
    if (!onTap) {
      // a played row is read as one: the word, then each letter with its mark
      const said = tileLetters(word).map((ch, i) => `${ch.toUpperCase()} ${MARK_NAMES[marks[i]]}`);
      box.setAttribute("role", "img");
      box.setAttribute("aria-label", `${text(word)}: ${said.join(", ")}`);
    }
    tileLetters(word).forEach((ch, i) => {
      const t = el(onTap ? "button" : "span", "t m" + marks[i], ch);
      if (onTap) t.setAttribute("aria-label", `${ch}: ${MARK_NAMES[marks[i]]}`);
      else t.setAttribute("aria-hidden", "true");
      t.dataset.i = String(i);
      const revealed = D.revealed === "first" && S.group !== null && tileLetters(word)[0] === S.group.name;
      if (onTap && i === 0 && revealed && t instanceof HTMLButtonElement) {
        // the revealed letter stands in place: its mark is known, not tapped
        t.disabled = true;
        t.setAttribute("aria-label", `${ch}: ${MARK_NAMES[marks[i]]}, ${REVEALED_NAME}`);
      } else if (onTap && t instanceof HTMLButtonElement) {
        t.type = "button";
        t.addEventListener("click", () => onTap(i));
      }
      box.appendChild(t);
    });
    return box;
  }

  // what the practice game and the drill (page-train.js, page-drill.js) share with this script; the rules
  // for the curious too
  Object.assign(P, { el, tiles, feedback, nextMove, groups: GROUPS, fmt, possible });

  // every script has run (page-board.js hands over the take-over and the search): set up
  document.addEventListener("DOMContentLoaded", setup);

  // ------------------------------------------------------------ drawing

  function setup() {
    const box = $("letter-buttons");
    GROUPS.forEach((g) => {
      const b = el("button", "letter", g.label);
      b.type = "button";
      b.dataset.group = g.name;
      b.addEventListener("click", () => pick(g));
      box.appendChild(b);
    });
    $("ok").addEventListener("click", () => submit());
    $("solved").addEventListener("click", () => {
      S.marks = new Array(L).fill(2);
      submit();
    });
    $("undo").addEventListener("click", undo);
    $("restart").addEventListener("click", () => restart());
    $("fb").addEventListener("input", typed);
    $("fb").addEventListener("keydown", (e) => {
      if (e.key === "Enter") submit();
      else if (e.key === "Backspace" && $("fb").value === "" && S.group !== null) {
        e.preventDefault(); // an empty feedback field: Backspace takes the last move back
        undo();
      } else if (e.key === "Escape") $("fb").blur(); // then a letter key picks a letter
    });
    // a keyboard at hand: a letter key picks that letter (outside the text fields), and
    // Ctrl-Z or Backspace takes the last move back
    document.addEventListener("keydown", (e) => {
      if (e.target instanceof HTMLInputElement || e.altKey || e.isComposing) return;
      if ($("follow-main").hidden) return; // practising or drilling: keys are theirs
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z" && S.group !== null) {
        e.preventDefault();
        undo();
        return;
      }
      if (e.ctrlKey || e.metaKey) return;
      if (e.key === "Backspace" && S.group !== null) {
        e.preventDefault();
        undo();
        return;
      }
      const g = e.key.length === 1 ? R.group(R.typedWord(e.key)) : undefined;
      if (g !== undefined && GROUPS.length > 1) {
        e.preventDefault();
        pick(g);
      }
    });
    $("other-ok").addEventListener("click", other);
    $("other-word").addEventListener("keydown", (e) => {
      if (e.key === "Enter") other();
    });
    if (GROUPS.length === 1) {
      $("letters").hidden = true;
      pick(GROUPS[0]);
    }
  }

  /** @param {Group} g */
  function pick(g) {
    S.group = g;
    S.allWords = false;
    /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("button.letter")).forEach((b) => {
      b.classList.toggle("on", b.dataset.group === g.name);
      b.setAttribute("aria-pressed", String(b.dataset.group === g.name));
    });
    $("game").hidden = $("left-sec").hidden = $("takeover-sec").hidden = false;
    $("find").hidden = g.table === null;
    $("find-input").value = "";
    restart();
    P.find();
    if (GROUPS.length > 1 && window.matchMedia("(max-width: 899px)").matches)
      $("game").scrollIntoView({ block: "start" }); // a phone: the game below the letters
    if (window.matchMedia("(pointer: fine)").matches) $("fb").focus(); // a keyboard at hand
  }

  function restart() {
    Object.assign(S, { history: [], marks: null, chosen: null, known: [], done: false, msg: "", bad: false });
    Object.assign(S, { lost: false, limit: D.turns, rare: 0 });
    $("tk-known").value = "";
    $("tk-out").textContent = "";
    draw();
  }

  function undo() {
    if (S.chosen !== null) S.chosen = null;
    else if (S.history.length) S.history.pop();
    Object.assign(S, { marks: null, done: false, msg: "", bad: false, lost: false });
    if (S.history.length < D.turns) S.limit = D.turns;
    if (S.history.length < S.rare) S.rare = 0;
    draw();
  }

  function draw() {
    const g = S.group;
    const name =
      g.name !== "*" ? _("Letter {letter}", { letter: g.label.toUpperCase() }) : g.label[0].toUpperCase() + g.label.slice(1);
    $("g-title").textContent = name;
    const facts = [ngettext("{n} word", "{n} words", g.words.length)];
    if (g.avg !== null) facts.push(_("average {avg} turns, worst {worst}", { avg: decimal(g.avg), worst: g.worst }));
    if (g.fail) facts.push(_("{n} not found in time", { n: g.fail }));
    $("g-facts").textContent = facts.join(" · ");
    $("g-openings").textContent = g.openings.length
      ? _("Openings: {words}", { words: g.openings.map(text).join(", ") })
      : _("No openings: the table starts at the first turn.");
    drawMoves();
    const move = current();
    drawEntry(move);
    drawRow(move);
    P.drawLeft();
    showMessage();
    // a screen reader hears one short line per move, not the board rebuilt (the board is
    // not live; a message of #msg is a status of its own)
    say(move === null ? "" : _("Turn {n}: play {word}", { n: S.history.length + 1, word: text(move.word) }));
  }

  /** @param {string} line */
  function say(line) {
    if ($("say").textContent !== line) $("say").textContent = line;
  }

  /** @type {Object<string, string>} */
  const TAGS = { move: _("exception move"), off: _("off the playbook") };

  function drawMoves() {
    const list = $("moves");
    list.replaceChildren();
    S.history.forEach(([w, c], i) => {
      const li = el("li", "move");
      li.dataset.word = w;
      li.dataset.fb = fmt(c);
      li.appendChild(el("span", "turn", String(i + 1)));
      li.appendChild(tiles(w, marksOf(c), null));
      const book = nextMove(S.group, S.history.slice(0, i));
      const kind = book.word === w ? book.kind : "off";
      if (TAGS[kind]) li.appendChild(el("span", "tag " + kind, TAGS[kind]));
      list.appendChild(li);
    });
  }

  /** @param {Entry} m */
  function kindText(m) {
    if (m.kind === "opening") return _("opening {i} of {n}", { i: Number(m.index) + 1, n: m.count });
    if (m.kind === "move") return _("exception move: play this word, then its own table decides");
    if (m.kind === "chosen") return _("your word (off the playbook)");
    if (m.kind === "chance") return _("the best chance in the turns left");
    if (m.kind === "rare") return _("a word rarer than the plan's: the words of the list that fit, in list order");
    if (m.kind === "offtree") return _("off the tree: the move that splits the words still possible into the most parts");
    if (m.kind === "offtreeLast") return _("off the tree, the last turn: the likeliest word still possible");
    if (m.kind === "rule") return (STOPS[String(m.stop)] || STOPS.off) + " " + _("A good move off the plan (it splits the words still possible best):");
    if (m.early && possible(S.group, S.history).length === 1) return _("the only word still possible");
    if (m.early) return _("the words still possible fit in the turns left: try them (list order)");
    if (m.all) return _("the next word still possible (list order)");
    const words = /** @type {string[]} a try of a row's words */ (m.row && m.row.node.words);
    return _("try {i} of {n} of the row", { i: words.indexOf(m.word) + 1, n: words.length });
  }

  /** @param {Entry | null} move */
  function drawEntry(move) {
    const entry = $("entry");
    entry.hidden = move === null;
    $("current").replaceChildren();
    if (move === null) {
      if (!S.done) stopMessage();
      return;
    }
    // the revealed letter and letters found in place start marked right place
    if (S.marks === null) S.marks = R.knownMarks(S.group, S.history, move.word);
    const turn = S.history.length + 1;
    const over = turn > D.turns ? " " + _("(the word passed to you)") : "";
    $("kind").textContent = _("Turn {n}: {what}", { n: turn, what: kindText(move) }) + over;
    const offBook = ["chosen", "rule", "chance", "rare", "offtree", "offtreeLast"].includes(move.kind);
    $("kind").className = "kind" + (move.kind === "move" ? " exc" : offBook ? " off" : "");
    entry.dataset.word = move.word;
    entry.dataset.kind = move.kind;
    $("current").appendChild(tiles(move.word, S.marks, tap));
    const word = el("p", "word", text(move.word));
    if (S.group.unguaranteed.has(move.word)) word.appendChild(el("span", "ung", " † " + _("not guaranteed")));
    $("current").appendChild(word);
    const words = left();
    if (turn === S.limit && words.length > 1) {
      // the last turn with more than one word left: how likely the word played is the one
      // (off a tree, by each word's chance of being the pick, as the move was chosen)
      const w8 = S.rare && D.offTree && D.likely ? (/** @type {string} */ w) => Math.max(R.likely(w), 1) : weight;
      const total = words.reduce((t, w) => t + w8(w), 0);
      const pct = words.includes(move.word) ? Math.round((100 * w8(move.word)) / total) : 0;
      const chance = _("Last turn, {n} words still possible: {word} is the word with a chance of {pct}%.", {
        n: words.length,
        word: text(move.word),
        pct,
      });
      $("current").appendChild(el("p", "note chance", chance));
    }
  }

  /** Show the marks of the move being entered on its tiles (no redraw: focus stays). */
  function showMarks() {
    const marks = /** @type {number[]} (drawEntry sets them with the tiles) */ (S.marks);
    document.querySelectorAll("#current .t").forEach((t, i) => {
      t.className = "t m" + marks[i];
      t.setAttribute("aria-label", `${t.textContent}: ${MARK_NAMES[marks[i]]}`);
    });
    showMessage();
  }

  function showMessage() {
    const msg = $("msg");
    msg.textContent = S.msg;
    msg.className = "msg" + (S.bad ? " bad" : S.done ? " good" : "");
  }

  /** @param {number} i */
  function tap(i) {
    const marks = /** @type {number[]} (drawEntry sets them with the tiles) */ (S.marks);
    marks[i] = (marks[i] + 1) % 3;
    $("fb").value = marks.map((m) => D.shown[m]).join("");
    S.msg = "";
    S.bad = false;
    showMarks();
  }

  /** @type {Object<string, string>} */
  const STOPS = {
    [OFF_BOOK]: _("You have left the playbook."),
    [NOT_TRIED]: _("The playbook has no further word to try here."),
    [NO_ROW]: _("The table has no row for this feedback."),
  };

  function stopMessage() {
    const m = nextMove(S.group, S.history);
    const why = STOPS[String(m.stop)] || _("The playbook has no further move.");
    S.msg = why + " " + _("Tap a word still possible to play it, or undo.");
    S.bad = true;
  }

  /** @param {Entry | null} move */
  function drawRow(move) {
    const box = $("rowinfo");
    box.replaceChildren();
    const at = move && move.at;
    if (!move || !at || (move.kind !== "try" && move.kind !== "move")) return;
    const says =
      at.owner === null
        ? _("The row of the table for this feedback:")
        : _("The row of {word}'s own table for this feedback:", { word: text(at.owner) });
    box.appendChild(el("p", "note", says));
    box.appendChild(P.rowView(at.row, at.movers, move));
  }

  // ------------------------------------------------------------ input

  const marksHelp = () =>
    _("Type {n} marks: {right} right place, {wrong} wrong place, {absent} absent (or 2 1 0).", {
      n: L,
      right: D.shown[2],
      wrong: D.shown[1],
      absent: D.shown[0],
    });

  function typed() {
    const marks = R.parseMarks($("fb").value);
    const ok = marks !== null && marks.length <= L;
    if (ok) S.marks = marks.concat(new Array(L - marks.length).fill(0));
    S.msg = ok ? "" : marksHelp();
    S.bad = !ok;
    showMarks();
  }

  function submit() {
    const move = current();
    if (move === null) return;
    const typedMarks = R.parseMarks($("fb").value);
    if ($("fb").value.trim() && (typedMarks === null || typedMarks.length !== L)) {
      Object.assign(S, { msg: marksHelp(), bad: true });
      showMessage();
      return;
    }
    const code = codeOf(/** @type {number[]} (drawEntry sets them with the move) */ (S.marks));
    /** @type {Played[]} */
    const trial = S.history.concat([[move.word, code]]);
    // a word the plan was made for fits, or (a plan for the common words) a rarer word does
    const planFits = possible(S.group, trial).length > 0;
    const anyFits = D.rare && R.fallback(S.group, S.history).some((w) => consistent(w, trial));
    const rarer = !S.rare && !planFits && anyFits;
    if (S.rare ? !anyFits : !planFits && !rarer) {
      S.msg = _("No word of the list gives {feedback} to {word} after the moves so far (move {n}): check the feedback, or undo.", {
        feedback: fmt(code),
        word: text(move.word),
        n: trial.length,
      });
      S.bad = true;
      showMessage();
      return;
    }
    const taking = move.kind === "chance";
    Object.assign(S, { history: trial, marks: null, chosen: null, msg: "", bad: false });
    $("fb").value = "";
    if (rarer) {
      S.rare = trial.length;
      S.msg = D.offTree
        ? _("The board has left the tree: no answer of the tree gives this feedback. From here the page works out the best move for the words of the list still possible.")
        : _("No word the plan was made for gives this feedback: the word is a rarer one. The card's fallback: the words of the list that fit, in list order.");
    }
    if (code === SOLVED) solved(move.word);
    else if (S.history.length >= S.limit) lost();
    draw();
    if (taking && code !== SOLVED && !S.done) {
      // still taking over: the best chance again, with a turn less
      const turns = Number($("tk-turns").value) || 0;
      if (turns > 1) $("tk-turns").value = String(turns - 1);
      if (!$("tk-turns").value || turns > 1) P.takeOver();
    }
  }

  /** @param {string} word */
  function solved(word) {
    S.done = true;
    const n = S.history.length;
    const passed = n <= D.turns ? "" : " " + _("(the word passed to you)");
    S.msg = ngettext("Solved: {word} in {n} turn.", "Solved: {word} in {n} turns.", n, { word: text(word) }) + passed;
  }

  /** The turns ran out without the word: the game is lost, and the word passes to the other
      team (a letter more revealed, one turn), whose take-over the page offers next. */
  function lost() {
    Object.assign(S, { done: true, lost: true, bad: true });
    if (D.revealed === "none") {
      // a game with no letter revealed (Wordle): no other team takes the word over
      S.msg = ngettext("Lost: the word was not found in {n} turn.", "Lost: the word was not found in {n} turns.", S.limit);
      return;
    }
    S.msg = ngettext("Lost: the word was not found in {n} turn. It passes to the other team, who see a letter more and get one turn: enter that letter under \"Take over a board\".", "Lost: the word was not found in {n} turns. It passes to the other team, who see a letter more and get one turn: enter that letter under \"Take over a board\".",
      S.limit,
    );
    /** @type {HTMLDetailsElement} */ (document.getElementById("takeover")).open = true;
    $("tk-turns").value = "1";
    $("tk-out").textContent = "";
  }

  /** @param {string} w */
  function choose(w) {
    if (S.done) return;
    const book = nextMove(S.group, S.history);
    S.chosen = book.word === w ? null : w;
    S.chosenKind = "chosen";
    S.marks = null;
    $("fb").value = "";
    S.msg = "";
    S.bad = false;
    draw();
  }

  function other() {
    const typed = $("other-word").value;
    const w = R.mayGuess(S.group, typed);
    if (w === null) {
      const word = typed.trim() || "?";
      const why = R.refusal(S.group, typed);
      S.msg =
        why === "length"
          ? _("{word}: type a word of {n} letters.", { word, n: L })
          : why === "letter"
            ? _("{word} does not start with {letter}, the revealed letter: every guess must.", { word, letter: S.group.label.toUpperCase() })
            : _("{word} is not a word of the list.", { word });
      S.bad = true;
      $("other-word").value = "";
      draw();
      $("msg").scrollIntoView({ block: "nearest" });
      return;
    }
    $("other-word").value = "";
    choose(w);
  }

  // what the take-over and the table (page-board.js) share with this script
  Object.assign(P, { S, draw, marksHelp, left, choose });
})();
