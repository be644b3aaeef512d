// @ts-check
/* The play-along page's rules for training (made by the page renderer of the render
   package), with no page to draw on: the drill's cards (from a plan's decoded rules), their
   schedule (FSRS) and the practice game's seeded draw. Node runs them against Python's twins
   (tests/render/test_page_rules.py).

   In a page this script defines the global PlaybookTrain, which page-rules.js (inlined after
   it) hands on as its own (PlaybookRules.cards, fsrs, recall, rng); in Node it is the
   module's export. */
"use strict";
const PlaybookTrain = (() => {
  /** The drill's cards of a plan, from its page's decoded rules `R`: every item of the card
      as a card, in the plan's order, each once: each letter's openings (a letter of few
      words and no openings: its words, as the card prints them), every exception move at
      every depth with the board that calls for it, every try list out of list order, every
      exception row that stops the openings, and every trap family (a try list holding a word
      not guaranteed). Python's twin: tests/page_fixture.py's drill_cards.
      @param {Rules} R @returns {Card[]} */
  function cards(R) {
    const D = R.data;
    /** @type {Card[]} */
    const out = [];
    const seen = new Set();
    const add = (/** @type {Card} */ c) => {
      if (!seen.has(c.id)) out.push(c), seen.add(c.id);
    };
    for (const g of R.groups) {
      if (g.openings.length) add({ id: `o:${g.name}`, group: g, answer: g.openings, kind: "openings", movers: [], codes: [] });
      // a letter of few words and no openings: the card prints its words, tried in list order
      else if (g.words.length && g.words.length <= D.small) add({ id: `f:${g.name}`, group: g, answer: g.words, kind: "few", movers: [], codes: [] });
      if (g.table !== null) walkRows(g, g.table, [], [], true);
    }
    /** @param {Group} g @param {Table} table @param {string[]} movers @param {number[]} codes @param {boolean} top */
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

  /* FSRS-4.5 (the Free Spaced Repetition Scheduler, as the open-spaced-repetition project
     publishes it, with its default weights): a card's memory is its stability S (days until
     recall drops to 90%) and difficulty D (1 to 10); each review updates both from the grade
     (1 again, 3 good) and the recall R at that time, and the card comes back when R is 90%
     again, S days later. Written here from the published formulas. */
  const FSRS_W = [0.4872, 1.4003, 3.7145, 13.8206, 5.1618, 1.2298, 0.8975, 0.031, 1.6474, 0.1367,
    1.0461, 2.1072, 0.0793, 0.3246, 1.587, 0.2272, 2.8755];
  const DECAY = -0.5;
  const FACTOR = 19 / 81; // R(S, S) = 0.9
  const clampD = (/** @type {number} */ d) => Math.min(10, Math.max(1, d));
  /** The recall `days` after a review of a card of stability `s`: 90% at `s`.
      @param {number} days @param {number} s */
  const recall = (days, s) => Math.pow(1 + (FACTOR * days) / s, DECAY);
  const initialD = (/** @type {number} */ g) => clampD(FSRS_W[4] - (g - 3) * FSRS_W[5]);
  /** A card's memory after a review with grade `g` (1 again, 3 good) `days` after the last.
      @param {{s: number, d: number, reps?: number, lapses?: number} | null | undefined} state
      @param {number} g @param {number} days @returns {Memory} */
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

  /** A number in [0, 1) for each call, the same run for the same seed (mulberry32): the
      practice game's hidden word. @param {number} seed */
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

  return Object.freeze({ cards, fsrs, recall, rng });
})();
if (typeof module === "object" && module !== null && module.exports) module.exports = PlaybookTrain;
