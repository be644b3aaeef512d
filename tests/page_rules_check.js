/* The page's rules against Python's (tests/render/test_page_rules.py): loads playbook/render/templates/page-rules.js,
   decodes a page's data and compares every sample of a fixture made by tests/page_fixture.py
   (a kind the fixture leaves out has no samples).

   usage: node page_rules_check.js PAGE_RULES_JS SAMPLES_JSON
   Prints "compared N samples, M mismatches", then the mismatches (the first 20 of each kind);
   exits 0 only when every sample matches. */
"use strict";
const fs = require("fs");
const path = require("path");

const [rulesFile, samplesFile] = process.argv.slice(2);
const Rules = require(path.resolve(rulesFile));
const fixture = JSON.parse(fs.readFileSync(samplesFile, "utf8"));
const dataFile = path.join(path.dirname(samplesFile), fixture.data);
const R = Rules.decode(JSON.parse(fs.readFileSync(dataFile, "utf8")));

const show = (v) => JSON.stringify(v);
let compared = 0;
const bad = {};

function check(kind, what, page, python) {
  compared++;
  let got;
  try {
    got = page();
  } catch (e) {
    got = `threw ${e && e.stack ? e.stack.split("\n").slice(0, 2).join(" ") : e}`;
  }
  if (show(got) === show(python)) return;
  (bad[kind] = bad[kind] || []).push(`${fixture.name} ${kind} ${show(what)}: page ${show(got)}, Python ${show(python)}`);
}

function group(name) {
  const g = R.group(name);
  if (g === undefined) throw new Error(`the page has no group ${show(name)}`);
  return g;
}

for (const [g, history, want] of fixture.expected || [])
  check("expected", [g, history], () => Math.round(R.expectedFrom(group(g), history) * 1e9) / 1e9, want);
for (const [g, history, want] of fixture.walks || [])
  check("walk", [g, history], () => {
    const m = R.nextMove(group(g), history);
    return m.stop === undefined ? m.word : { stop: m.stop };
  }, want);
for (const [g, history, word, marks] of fixture.known || [])
  check("known", [g, history, word], () => R.knownMarks(group(g), history, word), marks);
for (const [g, history, want] of fixture.rule || [])
  check("rule", [g, history], () => R.ruleMove(group(g), history), want);
for (const [g, history, turns, known, want] of fixture.chance || [])
  check("chance", [g, history, turns, known], () => {
    const c = R.bestChance(group(g), history, turns, known, 600000);
    return c === null ? null : [c.word, c.found, c.total];
  }, want);
for (const [guess, answer, code, written] of fixture.feedback || [])
  check("feedback", [guess, answer], () => [R.feedback(guess, answer), R.fmt(code)], [code, written]);
for (const [typed, marks] of fixture.marks || [])
  check("marks", typed, () => {
    const m = R.parseMarks(typed);
    return m !== null && m.length === R.length ? m : null; // play also refuses a wrong count
  }, marks);
for (const [word, tiles, text] of fixture.tiles || [])
  check("tiles", word, () => [R.tileLetters(word), R.text(word)], [tiles, text]);
for (const [typed, word] of fixture.typed || []) check("typed", typed, () => R.typedWord(typed), word);
for (const [typed, g, word] of fixture.guesses || [])
  check("guess", [typed, g], () => R.mayGuess(group(g), typed), word);
// the drill's cards, card by card in order ([id, kind, answer]; a card more or less on
// either side is a mismatch at its place)
if (fixture.cards) {
  const cards = Rules.cards(R).map((c) => [c.id, c.kind, c.answer]);
  for (let i = 0; i < Math.max(cards.length, fixture.cards.length); i++)
    check("cards", i, () => (i < cards.length ? cards[i] : null), i < fixture.cards.length ? fixture.cards[i] : null);
}

const mismatches = Object.values(bad).reduce((n, lines) => n + lines.length, 0);
console.log(`compared ${compared} samples, ${mismatches} mismatches`);
for (const [kind, lines] of Object.entries(bad)) {
  console.log(`${lines.length} ${kind} mismatches${lines.length > 20 ? ", the first 20:" : ":"}`);
  lines.slice(0, 20).forEach((line) => console.log("  " + line));
}
process.exit(mismatches ? 1 : 0);
