// @ts-check
/* The play-along page's rules (made by the page renderer of the render package), with no page
   to draw on: the page's script (page.js) draws with them, and Node runs them against the
   Python rules they repeat (tests/render/test_page_rules.py). Here: reading the page's data,
   feedback, the table walk, words as people write them, and which typed words may be guessed;
   and, from page-train-rules.js, the drill's schedule (FSRS) and the practice game's seeded
   draw.

   The table walk is the one of the lookup module, rule for rule: play the openings in order,
   but before each opening after the first, an exception row keyed by the feedback of the
   openings played so far (exact rows only) says what to play instead of the rest, and with the
   rule of early tries (D.early) the openings stop as soon as the words still possible fit in
   the turns left, which are then tried in list order; after the openings, find the row of the
   table whose key is the feedback of the moves played since the table started (its exact row,
   else the "*" row) and do what it says: try its words in order,
   skipping any the feedback so far rules out ("all", or no table: every word still possible,
   in list order), or play its move and look that move's feedback up in the move's own table.
   Feedback is the game's browser rule: Lingo/Wordle marks as base-3 codes, first letter most
   significant (2 right place, 1 wrong place, 0 absent).

   The rule's move off the playbook and the best chance in the turns left are page-chance.js,
   which this script reads (inlined before it in a page; beside it in Node).

   In a page this script defines the global PlaybookRules; in Node it is the module's export. */
"use strict";
const PlaybookRules = (() => {
  const OFF_BOOK = "off", SOLVED_ = "solved", NOT_TRIED = "not-tried", NO_ROW = "no-row";

  // every mapping without a prototype: a word named like a built-in ("constructor",
  // "__proto__") is looked up as a word, never as Object's own property
  /** @param {unknown} v @returns {any} */
  function bare(v) {
    if (Array.isArray(v)) return v.map(bare);
    if (v === null || typeof v !== "object") return v;
    const out = Object.create(null);
    for (const [k, x] of Object.entries(v)) out[k] = bare(x);
    return out;
  }

  const DATA_VERSION = 3; // the layout of the page's data this script reads (page_schema.py's)
  /** Why this script cannot read `parsed`, the parsed JSON of a page's data element, in the
      page's language: data of another layout (the page's data and scripts written by
      different versions of playbook); null where it can. @param {unknown} parsed */
  function unreadable(parsed) {
    /** @type {{v?: unknown, messages?: Object<string, string | string[]>}} */
    const data = parsed !== null && typeof parsed === "object" ? parsed : {};
    if (data.v === DATA_VERSION) return null;
    const { _ } = translated(data.messages);
    return _("This page cannot show the plan: its data is of version {found} and its script reads version {want}. Render the page again with one version of playbook.", {
      found: String(data.v),
      want: DATA_VERSION,
    });
  }

  /** The page's words in its language: the message catalog's translations, embedded by the
      renderer (`messages`; English where there is none). `_(s, vars)`: the text of message
      `s`; `ngettext(one, many, n, vars)`: `one` or `many` by `n` (the catalog's forms, for 1
      and for any other number, as English and Dutch count); `{name}` filled from `vars` (and
      `{n}` from `n`), a whole number with the language's sign between groups of three digits
      (`group`: 2,315 in English, 2.315 in Dutch, as Python's Translator.number writes them).
      Named as gettext names them, so that Babel extracts the messages.
      @param {Object<string, string | string[]> | undefined} messages @param {string} [group] */
  function translated(messages, group = ",") {
    const M = messages || Object.create(null);
    /** @param {unknown} v */
    const shown = (v) => (typeof v === "number" && Number.isInteger(v) ? grouped(v, group) : String(v));
    /** @param {string} text @param {Object<string, unknown>} [vars] */
    const fill = (text, vars) =>
      vars ? text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? shown(vars[k]) : m)) : text;
    /** @param {string} s @param {Object<string, unknown>} [vars] */
    const _ = (s, vars) => fill(typeof M[s] === "string" ? M[s] : s, vars);
    /** @param {string} one @param {string} many @param {number} n @param {Object<string, unknown>} [vars] */
    const ngettext = (one, many, n, vars) => {
      const forms = M[one];
      const text = Array.isArray(forms) ? forms[n === 1 ? 0 : 1] : n === 1 ? one : many;
      return fill(text, Object.assign({ n }, vars));
    };
    return { _, ngettext };
  }

  /** The whole number `n` with `sign` between its groups of three digits (2315: 2,315).
      @param {number} n @param {string} sign */
  function grouped(n, sign) {
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sign);
  }

  /** The rules of one page, from its data (the parsed JSON of the page's data element); an
      error where it is of another layout (unreadable). @param {unknown} parsed */
  function decode(parsed) {
    const refused = unreadable(parsed);
    if (refused !== null) throw new Error(refused);
    /** @type {PageData} */
    const D = bare(parsed);
    const L = D.length;
    const SOLVED = D.solved;
    const WORDS = D.words.split(" ");

    // ---------------------------------------------------------- feedback (rule "marks")

    // words as small integers, one per letter (the ĳ of IJ is one letter), encoded once
    /** @type {Map<string, number>} */
    const ALPHA = new Map();
    /** @type {Map<string, Int32Array>} */
    const ENC = new Map();
    /** @param {string} w */
    function enc(w) {
      let e = ENC.get(w);
      if (e === undefined) {
        e = new Int32Array(L);
        for (let i = 0; i < L; i++) {
          let k = ALPHA.get(w[i]);
          if (k === undefined) ALPHA.set(w[i], (k = ALPHA.size));
          e[i] = k;
        }
        ENC.set(w, e);
      }
      return e;
    }
    const COUNT = new Int32Array(4096); // letters of the answer not in place, by letter

    /** @param {Int32Array} g @param {Int32Array} a */
    function markCode(g, a) {
      for (let i = 0; i < L; i++) if (g[i] !== a[i]) COUNT[a[i]]++;
      let code = 0;
      for (let i = 0; i < L; i++) {
        let m = 0;
        if (g[i] === a[i]) m = 2;
        else if (COUNT[g[i]] > 0) {
          m = 1;
          COUNT[g[i]]--;
        }
        code = code * 3 + m;
      }
      for (let i = 0; i < L; i++) COUNT[a[i]] = 0;
      return code;
    }

    /** @type {(guess: string, answer: string) => number} */
    const feedback = (guess, answer) => markCode(enc(guess), enc(answer));

    /** @param {number} code @returns {number[]} */
    const marksOf = (code) => {
      const out = [];
      for (let i = 0; i < L; i++, code = Math.floor(code / 3)) out.unshift(code % 3);
      return out;
    };
    /** @param {number[]} marks */
    const codeOf = (marks) => marks.reduce((c, m) => c * 3 + m, 0);
    /** @param {number} code */
    const fmt = (code) => marksOf(code).map((m) => D.shown[m]).join("");
    /** Feedback as a person types it, one mark a letter, from the game's one table (Python's
        ``typed_marks``: the paper's o x ., digits, Wordle's g y . and its squares), less the
        characters it leaves out (spaces, the emoji variation selector); null at a character
        that is no mark. Letters are read one code point at a time, so the squares count one.
        @param {string} s */
    function parseMarks(s) {
      const out = [];
      for (const ch of s.toLowerCase()) {
        if ((D.skip || " ").includes(ch)) continue;
        const m = D.typed[ch];
        if (m === undefined) return null;
        out.push(m);
      }
      return out;
    }
    /** @param {number[]} codes */
    const keyOf = (codes) => codes.map((c) => c.toString(36).padStart(D.keyWidth, "0")).join("");
    /** @param {string} key */
    const codesOfKey = (key) => {
      const out = [];
      for (let i = 0; i < key.length; i += D.keyWidth) out.push(parseInt(key.substr(i, D.keyWidth), 36));
      return out;
    };

    // ---------------------------------------------------------- the playbook

    /** @param {RowData[] | null} t @returns {Table | null} */
    function prepTable(t) {
      if (t === null) return null;
      const rows = t.map(([key, node]) => ({ key, node: prepNode(node) }));
      return { rows, byKey: new Map(rows.map((r) => [r.key, r])) };
    }

    /** @param {NodeData} n @returns {PlanNode} */
    function prepNode(n) {
      if (n === "all") return { words: null };
      if (Array.isArray(n)) return { words: n.map((i) => WORDS[i]) };
      return { move: WORDS[n.m], table: prepTable(n.t) };
    }

    /** @type {Group[]} */
    const GROUPS = D.groups.map((g) => {
      const words = g.w.flatMap(([a, b]) => WORDS.slice(a, b));
      return {
        name: g.g,
        label: g.label,
        words,
        wordSet: new Set(words),
        openings: g.o.map((i) => WORDS[i]),
        table: prepTable(g.t),
        unguaranteed: new Set(g.u.map((i) => WORDS[i])),
        avg: g.avg,
        worst: g.worst,
        fail: g.fail,
      };
    });
    const BY_NAME = new Map(GROUPS.map((g) => [g.name, g]));
    // the guess list in its order (the answers where there is none besides): every word the
    // game accepts as a guess
    const GUESSES = D.guesses
      ? D.guesses.split(" ")
      : typeof D.guessesExtra === "string"
        ? merged(WORDS.slice(0, D.answers), D.guessesExtra ? D.guessesExtra.split(" ") : [])
        : WORDS.slice(0, D.answers);
    const KNOWN = new Set(GUESSES);

    /** Two lists in sorted order as one (the guess list, sent as the guesses that are no
        answers beside the answers). @param {string[]} a @param {string[]} b */
    function merged(a, b) {
      const out = [];
      let i = 0;
      let j = 0;
      while (i < a.length || j < b.length) {
        if (j >= b.length || (i < a.length && a[i] < b[j])) out.push(a[i++]);
        else out.push(b[j++]);
      }
      return out;
    }

    /** @type {(word: string, history: Played[]) => boolean} */
    const consistent = (word, history) => history.every(([g, c]) => feedback(g, word) === c);
    /** @type {(group: Group, history: Played[]) => string[]} */
    const possible = (group, history) => group.words.filter((w) => consistent(w, history));

    // ---------------------------------------------------------- the walk (as the lookup module)

    /** @param {Table} table @param {string} key */
    function findRow(table, key) {
      return table.byKey.get(key) || table.byKey.get("*") || null;
    }

    /** @param {Walk} ctx @param {string} word @param {Omit<Move, "word">} info
        @returns {Generator<Move, boolean, Played>} */
    function* playMove(ctx, word, info) {
      const played = yield Object.assign({ word }, info);
      ctx.history.push(played);
      return played[0] === word && played[1] !== SOLVED;
    }

    /** @param {Walk} ctx @param {string} word */
    function stop(ctx, word) {
      const [w, c] = ctx.history[ctx.history.length - 1];
      return w === word && c === SOLVED ? SOLVED_ : OFF_BOOK;
    }

    /** @param {Walk} ctx */
    const fits = (ctx) =>
      D.early && possible(ctx.group, ctx.history).length <= D.turns - ctx.history.length;

    /** @param {Walk} ctx @returns {Moves} */
    function* walk(ctx) {
      const openings = ctx.group.openings;
      const table = ctx.group.table;
      for (let i = 0; i < openings.length; i++) {
        if (i > 0 && table !== null) {
          // an exception row keyed by the openings played so far (exact rows only)
          const key = keyOf(ctx.history.map(([, c]) => c));
          const row = table.byKey.get(key);
          if (row !== undefined) return yield* doRow(ctx, row, openings.slice(0, i), key, null);
        }
        if (fits(ctx)) return yield* tries(ctx, null, null, true);
        const info = { kind: "opening", index: i, count: openings.length };
        if (!(yield* playMove(ctx, openings[i], info))) return stop(ctx, openings[i]);
      }
      return yield* walkTable(ctx, table, 0, openings, null);
    }

    /** @param {Walk} ctx @param {Table | null} table @param {number} since
        @param {string[]} movers @param {string | null} owner @returns {Moves} */
    function* walkTable(ctx, table, since, movers, owner) {
      if (table === null) return yield* tries(ctx, null, null);
      const key = keyOf(ctx.history.slice(since).map(([, c]) => c));
      const row = findRow(table, key);
      if (row === null) return NO_ROW;
      return yield* doRow(ctx, row, movers, key, owner);
    }

    /** @param {Walk} ctx @param {Row} row @param {string[]} movers @param {string} key
        @param {string | null} owner @returns {Moves} */
    function* doRow(ctx, row, movers, key, owner) {
      ctx.row = { row, movers, key, owner };
      const node = row.node;
      if (node.move === undefined) return yield* tries(ctx, node.words, row);
      if (!(yield* playMove(ctx, node.move, { kind: "move", row }))) return stop(ctx, node.move);
      return yield* walkTable(ctx, node.table, ctx.history.length - 1, [node.move], node.move);
    }

    /** @param {Walk} ctx @param {string[] | null} words @param {Row | null} row
        @returns {Moves} */
    function* tries(ctx, words, row, early = false) {
      const allowed = words === null ? ctx.group.wordSet : new Set(words);
      /** @type {Set<string>} */
      const tried = new Set();
      for (;;) {
        const pool = words === null ? possible(ctx.group, ctx.history) : words;
        const next = pool.find((w) => !tried.has(w) && consistent(w, ctx.history));
        if (next === undefined) return NOT_TRIED;
        const played = yield { word: next, kind: "try", all: words === null, early, row, tried: [...tried] };
        ctx.history.push(played);
        if (!allowed.has(played[0])) return OFF_BOOK;
        tried.add(played[0]);
        if (played[1] === SOLVED) return SOLVED_;
      }
    }

    /** The playbook's next move after `history` ([word, code] pairs) in `group`:
        {word, kind, at, ...}, or {stop: reason, row} where it has none.
        @param {Group} group @param {Played[]} history
        @returns {Move | Stop} */
    function nextMove(group, history) {
      /** @type {Walk} */
      const ctx = { group, history: [], row: null };
      const moves = walk(ctx);
      let r = moves.next();
      for (const played of history) {
        if (r.done) break;
        r = moves.next(played);
      }
      return r.done ? { stop: r.value, row: ctx.row } : Object.assign({ at: ctx.row }, r.value);
    }

    /** The guesses the playbook expects to take from here, every word still possible alike:
        each word played out along the plan (a word it has no move for counts the turns left
        and one more); null with no word left. @param {Group} group @param {Played[]} history */
    function expectedFrom(group, history) {
      const words = possible(group, history);
      if (!words.length) return null;
      let total = 0;
      for (const w of words) {
        const h = history.slice();
        let n = 0;
        for (;;) {
          const m = nextMove(group, h);
          if (m.stop !== undefined || h.length >= D.turns) {
            n += D.turns - h.length + 1;
            break;
          }
          const c = feedback(m.word, w);
          h.push([m.word, c]);
          n += 1;
          if (c === SOLVED) break;
        }
        total += n;
      }
      return total / words.length;
    }

    // ---------------------------------------------------------- words as people write them

    /** @param {string} w */
    const text = (w) => D.spelled[w] || w;
    /** @param {string} w */
    function tileLetters(w) {
      const written = D.spelled[w];
      if (written) {
        const t = [...written.replace(/ij/g, "\u0133")];
        if (t.length === w.length) return t;
      }
      return [...w];
    }
    /** @param {string} s */
    const typedWord = (s) => {
      s = s.trim().toLowerCase();
      if (!D.ij || (D.apart || []).includes(s)) return s; // bi-jou: i and j two letters
      return s.replace(/ij/g, D.ij).replace(/\u0133/g, D.ij); // IJ as the list has it
    };

    /** The word typed as `s` (as the list has it) where the game accepts it as a guess in
        `group` (the TV rules: a word of the group; else any word it knows), or null.
        @param {Group} group @param {string} s */
    function mayGuess(group, s) {
      const w = typedWord(s);
      const known = KNOWN.has(w) && (D.pool !== "revealed" || [...w][0] === group.name);
      return [...w].length === L && (known || group.wordSet.has(w)) ? w : null;
    }

    /** Why `s` is no guess in `group`: "length" (not a word of that many letters),
        "letter" (a word of the list, but not one that starts with the revealed letter, as
        the TV rules ask), "word" (no word of the list); null where it may be guessed.
        @param {Group} group @param {string} s */
    function refusal(group, s) {
      const w = typedWord(s);
      if ([...w].length !== L) return "length";
      if (mayGuess(group, s) !== null) return null;
      return KNOWN.has(w) || GROUPS.some((g) => g.wordSet.has(w)) ? "letter" : "word";
    }

    /** The marks a person need not tap on `word` after `history` in `group`: right place (2)
        where the revealed letter stands first, or a letter some move found in place stands
        in that place again; absent (0) elsewhere. The lingo module's known_marks, rule for
        rule. @param {Group} group @param {Played[]} history @param {string} word */
    function knownMarks(group, history, word) {
      /** @type {(string | null)[]} */
      const known = new Array(L).fill(null);
      if (group.name !== "*" && [...group.name].length === 1) known[0] = group.name;
      for (const [w, code] of history) {
        const letters = [...w];
        marksOf(code).forEach((m, i) => {
          if (m === 2) known[i] = letters[i];
        });
      }
      return [...word].map((ch, i) => (known[i] === ch ? 2 : 0));
    }

    // ---------------------------------------------------------- the rule's move, the best chance

    // page-chance.js: a global before this script runs in a page, a module beside it in Node
    const chance = (typeof PlaybookChance === "function" ? PlaybookChance : require("./page-chance.js"))({
      D, L, SOLVED, GROUPS, GUESSES, enc, markCode, feedback, consistent, possible,
    });
    const { pool, fallback, board, ruleMove, offTreeMove, likely, bestChance } = chance;

    // ---------------------------------------------------------- the page's words, translated

    const GROUP = D.group || ",";
    const { _, ngettext } = translated(D.messages, GROUP);
    /** `x` with `places` decimals and the language's decimal sign. @param {number} x */
    const decimal = (x, places = 2) => x.toFixed(places).replace(".", D.decimal || ".");
    /** The whole number `n` as the language writes it (2,315 in English). @param {number} n */
    const number = (n) => grouped(n, GROUP);

    return Object.freeze({
      data: D,
      length: L,
      solved: SOLVED,
      words: WORDS,
      groups: GROUPS,
      group: (/** @type {string} */ name) => BY_NAME.get(name),
      feedback,
      marksOf,
      codeOf,
      fmt,
      parseMarks,
      codesOfKey,
      consistent,
      possible,
      nextMove,
      expectedFrom,
      text,
      tileLetters,
      typedWord,
      mayGuess,
      refusal,
      knownMarks,
      pool,
      fallback,
      board,
      ruleMove,
      offTreeMove,
      likely,
      bestChance,
      _,
      ngettext,
      decimal,
      number,
    });
  }

  // ---------------------------------------------------------- the training's rules

  // page-train-rules.js: the drill's schedule (FSRS), the practice game's seeded draw; a
  // global before this script runs in a page, a module beside it in Node
  const train = typeof PlaybookTrain === "object" ? PlaybookTrain : require("./page-train-rules.js");

  return Object.freeze({ decode, unreadable, DATA_VERSION, ...train, OFF_BOOK, SOLVED: SOLVED_, NOT_TRIED, NO_ROW });
})();
if (typeof module === "object" && module !== null && module.exports) module.exports = PlaybookRules;
