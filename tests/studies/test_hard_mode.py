"""The exact search under Wordle's hard mode against a plain search written from the words,
the rule's kernel against the rule read from the words, and the check of a tree."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import numpy as np
import pytest
from helpers import script
from hypothesis import given, settings
from hypothesis import strategies as st

from playbook import words
from playbook.core.problem import Problem
from playbook.engines.constants import INF, MISS
from playbook.games import Wordle, encode, marks
from playbook.games.lingo import keeps_revealed
from playbook.search import optimal
from playbook.studies.hard_mode import HardSearch, broken_rules
from playbook.studies.hard_search import keeps, narrowed
from playbook.studies.root_proof import recheck, refute_opening


@functools.cache
def _answers() -> tuple[str, ...]:
    return tuple(words.load("wordle-answers", length=5).words)


def _small(seed: int, n: int, extra: int, turns: int, ending: str = "") -> Problem:
    """``n`` answers alike and ``extra`` other guesses, from Wordle's answers: the answers
    share an ending of ``ending`` (endings by commas; light, might, night...: where the rule
    bites) or, without one, a letter in a place."""
    rng = random.Random(seed)
    pool = _answers()
    if ending:
        alike = [w for w in pool if w.endswith(tuple(ending.split(",")))]
    else:
        place, letter = rng.randrange(5), rng.choice("aeorst")
        alike = [w for w in pool if w[place] == letter]
    answers = sorted(rng.sample(alike, min(n, len(alike))))
    others = sorted(rng.sample([w for w in pool if w not in answers], extra))
    return Problem.of(Wordle(turns=turns), [*answers, *others], answers)


def _plain_value(p: Problem, limit: int, first: int) -> int:
    """The optimum of the trees that open with ``first`` where every guess keeps what the
    feedback before it revealed, every guess tried at every node (no bound, no order), from
    the words and :func:`keeps_revealed` alone; an answer not found costs MISS more."""
    game = p.game
    fb = {(g, a): game.format(encode(marks(g, a))) for g in p.guesses for a in p.answers}

    @functools.cache
    def value(S: frozenset[str], A: frozenset[str], t: int) -> int:
        if t == 0:
            return len(S) * MISS
        return min(after(S, A, t, g) for g in A)

    def after(S: frozenset[str], A: frozenset[str], t: int, g: str) -> int:
        total = len(S)
        for code in {fb[g, a] for a in S}:
            if code == "ooooo":
                continue
            part = frozenset(a for a in S if fb[g, a] == code)
            kept = frozenset(w for w in A if keeps_revealed(g, code, w))
            total += value(part, kept, t - 1)
        return total

    return after(frozenset(p.answers), frozenset(p.guesses), limit, p.guesses[first])


CASES = [
    (1, 9, 5, 3, ""),
    (3, 8, 6, 4, ""),
    (5, 7, 5, 2, ""),
    (0, 9, 5, 3, "ight"),
    (2, 9, 5, 4, "ight"),
    (1, 8, 5, 4, "ound"),
    (2, 16, 6, 4, "ight,ound,atch,ower"),  # a set met with other guesses allowed: the key
]


@pytest.mark.parametrize(("seed", "n", "extra", "turns", "ending"), CASES)
def test_the_hard_search_equals_the_plain_one(
    seed: int, n: int, extra: int, turns: int, ending: str
) -> None:
    """Every first guess's optimum (answers left unfound included), and each tree: its value,
    every answer found or missed, and no guess that drops what was revealed."""
    p = _small(seed, n, extra, turns, ending)
    search = HardSearch(p, turns)
    differs = 0
    for g in range(len(p.guesses)):
        proof = refute_opening(search, g, INF)
        value, exact = proof.bound, proof.exact
        assert exact
        assert value == _plain_value(p, turns, g), (seed, p.guesses[g])
        tree = search.tree(g)
        assert search.value(tree) == value
        assert len(tree.turns) + len(tree.missed) == len(p.answers)
        assert list(broken_rules(p, tree)) == []
        cut = refute_opening(search, g, value)  # a cut-off at the value: a bound only
        assert cut.bound >= value and (cut.bound == value or not cut.exact)
        assert recheck(search, cut) == [] and recheck(search, proof) == []
        normal = optimal.optimal_tree(p, limit=turns, budget=60, first=g, symmetry=False)
        assert value >= search.value(normal.tree)  # the rule only takes guesses away
        differs += value > search.value(normal.tree)
    assert ending != "ight" or differs > 0  # the rule bites on these lists


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2314), st.integers(0, 2314), st.integers(0, 2314))
def test_the_kernel_keeps_what_the_words_keep(i: int, j: int, k: int) -> None:
    """For a guess, an answer that marks it and any later guess (here also one sharing the
    answer's letters): the kernel's rule is the one read from the words."""
    pool = _answers()
    before, answer, later = pool[i], pool[j], pool[k]
    game = Wordle()
    rule = game.revealing([before, answer, later])
    code = encode(marks(before, answer))
    for word_row, word in ((1, answer), (2, later)):
        got = bool(keeps(rule.letters, rule.right, rule.shown, 0, code, word_row))
        assert got == keeps_revealed(before, game.format(code), word)
    assert keeps(rule.letters, rule.right, rule.shown, 0, code, 1)  # the answer always keeps


def test_the_kernel_counts_letters_revealed_twice() -> None:
    """Guesses with a letter twice against answers and later words with it once or twice:
    the kernel's rule, read for every later word at once, is the one read from the words."""
    pool = _answers()
    twice = [w for w in pool if any(w.count(c) == 2 for c in w)][::15]
    later = list(pool[::9])
    game = Wordle()
    rule = game.revealing([*twice, *later])
    rows = np.arange(len(twice), len(twice) + len(later), dtype=np.int64)
    checked = 0
    for i, before in enumerate(twice):
        for answer in twice[::7]:
            code = encode(marks(before, answer))
            kept = set(narrowed(rows, rule.letters, rule.right, rule.shown, i, code).tolist())
            fb = game.format(code)
            for k, word in zip(rows.tolist(), later, strict=True):
                assert (k in kept) == keeps_revealed(before, fb, word), (before, fb, word)
            checked += sum(fb.count(m) for m in "ox") >= 2
    assert checked > 50


def test_the_rule_counts_letters_and_keeps_places() -> None:
    assert keeps_revealed("salet", "....o", "least")  # t kept in place
    assert not keeps_revealed("salet", "....o", "steal")
    assert keeps_revealed("eerie", "xo...", "geeks")  # two e's revealed: two kept
    assert not keeps_revealed("eerie", "xx...", "tread")
    assert keeps_revealed("salet", "x....", "crush")  # absent letters may be played again
    assert keeps_revealed("salet", ".....", "salet")


def test_a_tree_that_drops_a_revealed_letter_is_caught() -> None:
    p = _small(2, 9, 5, 4, "ight")
    normal = optimal.optimal_tree(p, limit=4, budget=60, symmetry=False)
    search = HardSearch(p, 4)
    hard_value = min(refute_opening(search, g, INF).bound for g in range(len(p.guesses)))
    assert search.value(normal.tree) < hard_value  # so the best tree breaks the rule
    assert list(broken_rules(p, normal.tree))


def test_the_tree_file_check_holds_a_tree_and_names_each_fault(tmp_path: Path) -> None:
    """Three answers found after 'salet': the check holds the file and counts 2 + 2 + 3
    guesses; each fault written into it is named with its line."""
    mod = script("wordle_hard_mode")
    answers = ("least", "steal", "slate")
    good = [
        "salet xxxxo least ooooo",
        "salet oxxxx steal ooooo",
        "salet oxxxx steal oxxxx slate ooooo",
    ]
    path = tmp_path / "t.txt"
    path.write_text("\n".join(good) + "\n")
    guesses = (*answers, "salet", "stale", "crane", "tacky", "tangy")
    assert mod.check(path, answers, guesses, 6) == (7, [])
    least, steal = good[:2]
    faults = [
        ([least, steal, "salet oxxxx steal oox.. slate ooooo"], "is not"),
        ([least, steal, "salet oxxxx stale oxoxo slate ooooo"], "plays steal"),
        ([least, steal], "1 answers have no line"),
        ([least, *good], "least again"),
        ([*good, "salet oxxxx steal"], "not guesses"),
        ([*good, "salet oxxxx"], "does not end in an answer"),
        ([*good[:2], "salet oxxxx \x1b[31m .x... slate ooooo"], "'\\x1b[31m' '.x...' is not"),
        ([*good[:2], "salet oxxxx steal o\x1b[2J slate ooooo"], "is not a guess"),
    ]
    for lines, says in faults:
        path.write_text("\n".join(lines) + "\n")
        _, problems = mod.check(path, answers, guesses, 6)
        assert any(says in p for p in problems), (says, problems)
    path.write_text("\n".join(good) + "\n")
    assert any("over 2" in p for p in mod.check(path, answers, guesses, 2)[1])
    # a guess that drops what was revealed: crane after salet .o..x (a in place, t shown)
    path.write_text("salet .o..x crane ..xx. tacky oo..o tangy ooooo\n")
    _, problems = mod.check(path, ("tangy",), guesses, 6)
    assert any("drops what salet" in p for p in problems), problems


def test_the_hard_script_stops_on_bad_arguments_with_one_line(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    mod = script("wordle_hard_mode")
    (tmp_path / "f").write_text("a file where a folder is asked")
    cases = [
        (["--first", "zzzzz"], "error: --first"),
        (["--check", str(tmp_path / "none.txt")], f"error: {tmp_path / 'none.txt'}"),
        (["--out", str(tmp_path / "f" / "t.txt")], f"error: --out: {tmp_path / 'f'} is a file"),
        # a link would write elsewhere: refused before the search, the file it names untouched
        (["--out", str(tmp_path / "link.txt")], f"error: --out: {tmp_path / 'link.txt'} is a sym"),
        # an earlier tree is kept unless --force (issue 58)
        (["--out", str(tmp_path / "old.txt")], f"error: --out: {tmp_path / 'old.txt'} holds an"),
    ]
    (tmp_path / "old.txt").write_text("an earlier tree")
    (tmp_path / "elsewhere.txt").write_text("kept")
    (tmp_path / "link.txt").symlink_to(tmp_path / "elsewhere.txt")
    for argv, says in cases:
        assert mod.main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith(says) and err.count("\n") == 1, err
    assert (tmp_path / "elsewhere.txt").read_text() == "kept"


def test_the_two_hard_modes_are_named_apart_and_differ_as_documented() -> None:
    """Issue 47, item 3: "hard mode" is two rules with two names. The strict one (a config's
    ``rules.hard``: :meth:`Game.fits`) allows only words that fit all the feedback; Wordle's
    (:func:`keeps_revealed`, the exact search's) allows every word that uses again what was
    revealed. Every word the strict one allows, Wordle's allows; not the other way round."""
    from playbook.games import HARD_MODES

    assert set(HARD_MODES) == {"strict", "wordle"}
    assert "rules.hard" in HARD_MODES["strict"] and "revealing" in HARD_MODES["wordle"]
    game, rng = Wordle(), random.Random(47)
    pool = list(_answers())
    wider = 0
    for _ in range(300):
        guess, answer = rng.choice(pool), rng.choice(pool)
        code = game.feedback(guess, answer)
        shown = game.format(code)
        for word in rng.sample(pool, 40):
            strict = game.fits(word, [(guess, code)])
            kept = keeps_revealed(guess, shown, word)
            assert kept or not strict, (guess, shown, word)
            wider += kept and not strict
    assert wider > 0  # Wordle's allows words the strict one refuses
    # the documented example: after crane against cider, crepe keeps c, r and e (Wordle's
    # hard mode allows it) but would not have given the same marks (the strict one refuses)
    code = game.feedback("crane", "cider")
    assert keeps_revealed("crane", game.format(code), "crepe")
    assert not game.fits("crepe", [("crane", code)])
