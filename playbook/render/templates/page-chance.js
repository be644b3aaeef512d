// @ts-check
/* The play-along page's rules for a move of its own (made by the page renderer of the render
   package), with no page to draw on: the card's fallback, the guesses the rules allow, the
   words still possible beside letters revealed, the scm rule's move off the playbook (as
   play suggests it), the most-parts move off a whole tree, and the best chance to find the
   word in the turns left. Node runs them against Python's with the rest of the rules
   (tests/render/test_page_rules.py).

   PlaybookChance(core) takes what page-rules.js decodes (the data, the feedback, the groups)
   and returns these rules; in a page it is a global read by PlaybookRules.decode, in Node the
   module's export. */
"use strict";
/** @typedef {{word: string, found: number, total: number, turns: number, outOfTime?: undefined}} Chance
    @typedef {{outOfTime: true, total: number, turns: number}} OutOfTime */
/** @param {{D: PageData, L: number, SOLVED: number, GROUPS: Group[], GUESSES: string[],
      enc: (w: string) => Int32Array, markCode: (g: Int32Array, a: Int32Array) => number,
      feedback: (guess: string, answer: string) => number,
      consistent: (word: string, history: Played[]) => boolean,
      possible: (group: Group, history: Played[]) => string[]}} core */
const PlaybookChance = (core) => {
  const { D, L, SOLVED, GROUPS, GUESSES, enc, markCode, feedback, consistent, possible } = core;

  /** @type {Map<string, string[]>} */
  const WHOLE = new Map();
  /** The group's words of the whole list, in list order, where the plan promises only some
      of them (the common words: ``D.rare``): the card's fallback for a rarer word tries
      those that fit, in that order. Its answers alone otherwise. @param {Group} group */
  function wholeGroup(group) {
    let w = WHOLE.get(group.name);
    if (w === undefined) {
      const mine = (/** @type {string} */ x) => GROUPS.length === 1 || [...x][0] === group.name;
      w = D.rare ? GUESSES.filter((x) => group.wordSet.has(x) || mine(x)) : group.words;
      WHOLE.set(group.name, w);
    }
    return w;
  }
  /** The card's fallback after `history`: the words of the whole group that fit, in list
      order, those played left out. @type {(group: Group, history: Played[]) => string[]} */
  const fallback = (group, history) => {
    const played = new Set(history.map(([w]) => w));
    return wholeGroup(group).filter((w) => !played.has(w) && consistent(w, history));
  };

  /** @type {Map<string, string[]>} */
  const POOLS = new Map();
  /** The guesses the rules allow in `group`, in guess-list order (play's guess pool): every
      guess, or under the TV rules those that start with the revealed letter.
      @param {Group} group */
  function pool(group) {
    let p = POOLS.get(group.name);
    if (p === undefined) {
      p = D.pool === "revealed" ? GUESSES.filter((w) => w[0] === group.name) : GUESSES;
      POOLS.set(group.name, p);
    }
    return p;
  }
  /** The moves allowed after `history`: in hard mode only those that fit all of it.
      @type {(group: Group, history: Played[]) => string[]} */
  const allowedMoves = (group, history) =>
    D.hard && history.length ? pool(group).filter((w) => consistent(w, history)) : pool(group);

  const PARTS = new Int32Array(3 ** L);
  /** @type {(g: string, S: string[]) => Int32Array} */
  const codesOf = (g, S) => {
    const ge = enc(g);
    return Int32Array.from(S, (a) => markCode(ge, enc(a)));
  };
  /** @param {Iterable<number>} codes */
  function split(codes) {
    let largest = 0, parts = 0, sumsq = 0;
    const touched = [];
    for (const c of codes) if (PARTS[c]++ === 0) touched.push(c);
    for (const c of touched) {
      const k = PARTS[c];
      parts++;
      sumsq += k * k;
      if (k > largest) largest = k;
      PARTS[c] = 0;
    }
    return { largest, parts, sumsq };
  }

  /** `cands` in the order of the scm rule on the words `S` (strategy.py's greedy rules:
      smallest largest part, more parts, smaller sum of squares, a word that may be the
      answer, then list order), each with its feedback on `S`.
      @param {string[]} cands @param {string[]} S */
  function ruleOrder(cands, S) {
    const inSet = new Set(S);
    const scored = cands.map((w, i) => {
      const codes = codesOf(w, S);
      return Object.assign({ w, i, codes, nIn: inSet.has(w) ? 1 : 0 }, split(codes));
    });
    return scored.sort(
      (a, b) =>
        a.largest - b.largest || b.parts - a.parts || a.sumsq - b.sumsq || b.nIn - a.nIn || a.i - b.i,
    );
  }

  /** The scm rule's move after `history` in `group`, as `play` suggests it off the
      playbook (the search package's greedy move): with one or two words left the first of
      them, else the best by the rule among the moves allowed. null where no word fits.
      @param {Group} group @param {Played[]} history @returns {string | null} */
  function ruleMove(group, history) {
    const S = possible(group, history);
    if (S.length === 0) return null;
    if (S.length <= 2) return S[0];
    return ruleOrder(allowedMoves(group, history), S)[0].w;
  }

  /** @type {Map<string, number> | null} */
  let LIKELY = null;
  /** A word's chance of being the pick (D.likely: of each guess that is no answer, in the
      guess list's order, the only words left off a tree; 0 without one). @param {string} w */
  function likely(w) {
    if (LIKELY === null) {
      const chance = D.likely;
      const answers = new Set(D.words.split(" ").slice(0, D.answers));
      const rest = chance ? GUESSES.filter((x) => !answers.has(x)) : [];
      LIKELY = new Map(rest.map((x, i) => [x, chance ? chance[i] : 0]));
    }
    return LIKELY.get(w) ?? 0;
  }

  /** Off a whole tree (a word it was not made for): the most-parts rule's move over the
      words of the list still possible, as `play` works it out on the spot (ties: a word
      that may be the answer, then guess-list order); the first of one or two words left,
      and on the last turn (`left`: the turns left, this one included) the likeliest of them
      (D.likely; ties: list order): no other move can find the word then (greedy.py's
      off_tree_move).
      @param {Group} group @param {Played[]} history @param {number} left @returns {string | null} */
  function offTreeMove(group, history, left) {
    const S = fallback(group, history);
    if (S.length === 0) return null;
    if (left <= 1) return S.reduce((best, w) => (likely(w) > likely(best) ? w : best));
    if (S.length <= 2) return S[0];
    const inSet = new Set(S);
    /** @type {{w: string, parts: number, nIn: number} | null} */
    let best = null;
    for (const w of allowedMoves(group, history)) {
      const parts = split(codesOf(w, S)).parts;
      const nIn = inSet.has(w) ? 1 : 0;
      if (best === null || parts > best.parts || (parts === best.parts && nIn > best.nIn)) best = { w, parts, nIn };
    }
    return best === null ? null : best.w; // null: no move allowed (none where the words are guesses)
  }

  /** The words still possible after `history` in `group` that show the letters `known`
      (an array of letters or null, one per place) where they were revealed besides.
      @type {(group: Group, history: Played[], known: (string | null)[]) => string[]} */
  const board = (group, history, known) => {
    const shows = (/** @type {string} */ w) => known.every((ch, i) => !ch || w[i] === ch);
    const mine = possible(group, history).filter(shows);
    if (mine.length || !D.rare) return mine;
    // no word the plan was made for fits: the rarer words of the list, as the card's fallback
    return wholeGroup(group).filter((w) => shows(w) && consistent(w, history));
  };

  /** Taking over a board: the move most likely to find the word within `turns` turns after
      `history` in `group`, where `known` (an array of letters or null, one per place) holds
      letters revealed besides; every word still possible is equally likely. The search
      package's chance module, rule for rule: {word, found, total, turns}, null where no word
      is possible or no turn is left, or {outOfTime: true} after `budgetMs`.
      @param {Group} group @param {Played[]} history @param {number} turns
      @param {(string | null)[]} [known] @param {number} [budgetMs] @returns {Chance | OutOfTime | null} */
  function bestChance(group, history, turns, known = [], budgetMs = 5000) {
    const S = board(group, history, known);
    if (S.length === 0 || turns <= 0) return null;
    const deadline = Date.now() + budgetMs;
    /** @type {Map<string, number>} */
    const memo = new Map();
    const OUT = {};

    /** @param {string} g @param {string[]} S @param {Int32Array} codes @param {number} t
        @param {string[]} cands @returns {number} */
    function value(g, S, codes, t, cands) {
      /** @type {Map<number, string[]>} */
      const parts = new Map();
      codes.forEach((c, j) => {
        const part = parts.get(c);
        if (part === undefined) parts.set(c, [S[j]]);
        else part.push(S[j]);
      });
      let total = 0;
      for (const [c, part] of parts) {
        if (c === SOLVED && part[0] === g) total += 1;
        else total += found(part, t - 1, D.hard ? cands.filter((w) => feedback(g, w) === c) : cands);
      }
      return total;
    }

    /** @param {string[]} S @param {number} t @param {string[]} cands @returns {number} */
    function found(S, t, cands) {
      const n = S.length;
      if (t <= 0 || n === 0) return 0;
      if (n <= t) return n;
      if (t === 1) return 1;
      const key = `${t}|${S.join(" ")}` + (D.hard ? `|${cands.join(" ")}` : "");
      const known = memo.get(key);
      if (known !== undefined) return known;
      if (Date.now() > deadline) throw OUT;
      const rows = cands.map((w) => {
        const codes = codesOf(w, S);
        return { w, codes, parts: split(codes).parts };
      });
      let best = 0;
      if (t === 2) best = rows.reduce((m, r) => Math.max(m, r.parts), 0);
      else
        for (const r of rows.sort((a, b) => b.parts - a.parts)) {
          best = Math.max(best, value(r.w, S, r.codes, t, cands));
          if (best === n) break;
        }
      memo.set(key, best);
      return best;
    }

    try {
      const cands = allowedMoves(group, history);
      /** @type {Chance | null} */
      let top = null;
      for (const r of ruleOrder(cands, S)) {
        const v = value(r.w, S, r.codes, turns, cands);
        if (top === null || v > top.found) top = { word: r.w, found: v, total: S.length, turns };
        if (top.found === S.length) break;
      }
      return top;
    } catch (e) {
      if (e === OUT) return { outOfTime: true, total: S.length, turns };
      throw e;
    }
  }

  return { pool, fallback, board, ruleMove, offTreeMove, likely, bestChance };
};
if (typeof module === "object" && module !== null && module.exports) module.exports = PlaybookChance;
