"""Scores and searches against brute force on small lists, and invariants of hill-climbing."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

import numpy as np
import pytest

from playbook.core.problem import BIG, Problem
from playbook.core.ranking import OPENING_RANKINGS, RANKINGS, Ranking, Ties
from playbook.core.scores import Score, reference_score
from playbook.games import WordGame
from playbook.search import openings, tables, trees
from playbook.search.tables import TableSettings

RANKS = [RANKINGS[n] for n in OPENING_RANKINGS]
SCM, EXPECTED = RANKINGS["scm"], RANKINGS["expected-size"]


def test_paper_figure_2(lingo: WordGame) -> None:
    P = ["schep", "schop", "stoel", "strik"]
    guesses = ["kramp", "staan", "stoel"]
    problem = Problem.of(lingo, guesses, P)
    staan, kramp, stoel = (problem.score((i,)) for i in (1, 0, 2))
    assert staan.parts == 2
    assert (kramp.parts, kramp.largest) == (3, 2)
    assert (stoel.parts, stoel.largest, stoel.n_in) == (4, 1, 1)  # almost-winning
    assert reference_score(lingo.feedback, ["kramp"], P) == kramp
    best = openings.best_single(problem, SCM)
    assert best is not None and guesses[best.moves[0]] == "stoel"


Scores = dict[tuple[int, ...], Score]


def reference_scores(
    lingo: WordGame, guesses: Sequence[str], answers: Sequence[str], k: int
) -> Scores:
    """The plain-Python score of every set of ``k`` guesses (the brute force's work, done
    once for all rankings and bounds)."""
    return {
        combo: reference_score(lingo.feedback, [guesses[i] for i in combo], answers)
        for combo in itertools.combinations(range(len(guesses)), k)
    }


def brute_best(
    scores: Scores, rank: Ranking, bound: int
) -> tuple[tuple[float, ...], tuple[int, ...]] | None:
    """The best set by the ranking (then list order) among those within ``bound``."""
    ok = [(rank.key(s, Ties.SCORES), combo) for combo, s in scores.items() if s.largest <= bound]
    return min(ok, default=None)


@pytest.fixture(scope="module")
def small_scores(small_group: Problem, lingo: WordGame) -> dict[int, Scores]:
    """Reference scores of every single word and every pair of the small group."""
    p = small_group
    return {k: reference_scores(lingo, p.guesses, p.answers, k) for k in (1, 2)}


@pytest.mark.parametrize("rank", RANKS, ids=OPENING_RANKINGS)
@pytest.mark.parametrize("bound", [BIG, 6, 3])
def test_single_equals_brute_force(small_group, small_scores, rank: Ranking, bound: int) -> None:  # type: ignore[no-untyped-def]
    p = small_group
    got = openings.best_single(p, rank, bound)
    want = brute_best(small_scores[1], rank, bound)
    if want is None:
        assert got is None
    else:
        assert got is not None and got.moves == want[1]


@pytest.mark.parametrize("rank", RANKS, ids=OPENING_RANKINGS)
@pytest.mark.parametrize("bound", [BIG, 3, 2, 1])
def test_pair_equals_brute_force(  # type: ignore[no-untyped-def]
    small_group, small_scores, lingo, rank: Ranking, bound: int
) -> None:
    p = small_group
    got = openings.best_pair(p, rank, bound)
    want = brute_best(small_scores[2], rank, bound)
    if want is None:
        assert got is None
        return
    assert got is not None
    assert tuple(sorted(got.moves)) == want[1]
    assert got.score == reference_score(
        lingo.feedback, [p.guesses[i] for i in got.moves], p.answers
    )


def test_pair_units_merge_like_one_scan(small_group) -> None:  # type: ignore[no-untyped-def]
    p = small_group
    whole = openings.best_pair(p, SCM, BIG)
    for n_units in (2, 3, 7):
        parts = [
            openings.pair_unit(p, SCM, BIG, f)
            for f in openings.first_word_units(p.F.shape[0], n_units)
        ]
        assert openings.merge_pairs(p, parts, SCM) == whole


@pytest.mark.parametrize("rank", RANKS, ids=OPENING_RANKINGS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_climb_has_no_improving_single_replacement(small_group, rank: Ranking, seed: int) -> None:  # type: ignore[no-untyped-def]
    p = small_group
    target = 1
    rng = openings.restart_rng(seed, "u", 0)
    start = rng.choice(p.F.shape[0], size=3, replace=False).tolist()
    moves = openings.climb(p, rank, target, start)
    assert len(set(moves)) == 3
    key = openings.triple_key(p, moves, rank, target)
    for i in range(3):
        for r in range(p.F.shape[0]):
            if r in moves:
                continue
            trial = list(moves)
            trial[i] = r
            assert openings.triple_key(p, trial, rank, target) >= key


def test_climb_restarts_reproducible(small_group) -> None:  # type: ignore[no-untyped-def]
    p = small_group

    def run(seed: int) -> list[tuple[int, tuple[int, ...]]]:
        return openings.climb_restarts(p, SCM, target=1, seed=seed, restarts=range(5))

    assert run(42) == run(42)
    assert run(42) != run(43)


def test_exception_move_like_gazon(dutch5, lingo) -> None:  # type: ignore[no-untyped-def]
    p = Problem.of(lingo, dutch5, ["kogen", "koven", "kozen"])
    # trying them one by one cannot find all three in two turns
    assert tables.best_try(p, [0, 1, 2], 2).worst == 3
    solved = tables.solve(p, [0, 1, 2], 2)
    assert solved.worst <= 2
    assert isinstance(solved.node, trees.Probe)
    move = dutch5[solved.node.row]
    assert sum(ch in move for ch in "gvz") >= 2  # it must contain two of g, v, z


def test_try_order_is_optimal(dutch5, lingo) -> None:  # type: ignore[no-untyped-def]
    p = Problem.of(lingo, dutch5, ["kogen", "koven", "kozen", "kopen"])
    best = tables.best_try(p, range(4), 5)
    totals = [sum(tables.try_turns(p, perm).values()) for perm in itertools.permutations(range(4))]
    assert best.total == min(totals)


def test_fast_solve_no_worse_than_greedy(small_group) -> None:  # type: ignore[no-untyped-def]
    p = small_group
    cols = list(range(len(p.answers)))
    greedy = tables.solve(p, cols, 5, TableSettings(EXPECTED, "fast", breadth=1))
    wide = tables.solve(p, cols, 5, TableSettings(EXPECTED, "fast", breadth=8))
    assert wide.total <= greedy.total
    assert sorted(wide.turns) == cols


@pytest.fixture(scope="module")
def triple_case(dutch5, lingo):  # type: ignore[no-untyped-def]
    """A small pool, so that brute force over all triples stays quick, and the reference
    score of every triple; with 8 answers many triples split every word apart (the
    shortcuts of the kernel)."""

    @functools.cache
    def case(n_answers: int) -> tuple[Problem, Scores]:
        rng = np.random.default_rng(5)
        answers = [w for w in dutch5 if w.startswith("y")][:n_answers]
        pool = set(rng.choice(dutch5, size=30, replace=False).tolist()) | set(answers[:6])
        guesses = sorted(pool)
        scores = reference_scores(lingo, guesses, answers, 3)
        return Problem.of(lingo, guesses, answers), scores

    return case


@pytest.mark.parametrize("rank", RANKS, ids=OPENING_RANKINGS)
@pytest.mark.parametrize("bound", [BIG, 3, 2, 1])
@pytest.mark.parametrize("n_answers", [8, 20])
def test_triple_equals_brute_force(triple_case, rank: Ranking, bound: int, n_answers: int) -> None:  # type: ignore[no-untyped-def]
    p, scores = triple_case(n_answers)
    got = openings.best_triple(p, rank, bound)
    want = brute_best(scores, rank, bound)
    if want is None:
        assert got is None
        return
    assert got is not None
    assert tuple(sorted(got.moves)) == want[1]
    units = [openings.triple_unit(p, rank, bound, u, 3) for u in range(3)]
    merged = openings.merge_triples(p, units, rank)
    assert merged is not None and merged.moves == got.moves


def _brute_triples(p: Problem, rank: Ranking, bound: int) -> tuple[int, ...] | None:
    """Best triple by SCM or expected size with largest part <= bound, scored with numpy."""
    n_g, n = p.F.shape
    codes = p.F.astype(np.int64)
    ina = p.in_answers
    best = None
    for g1, g2 in itertools.combinations(range(n_g), 2):
        if g2 + 1 >= n_g:
            continue
        third = np.arange(g2 + 1, n_g)
        c = np.sort((codes[g1] * 243 + codes[g2]) * 243 + codes[third], axis=1)
        start = np.ones_like(c, dtype=bool)
        start[:, 1:] = c[:, 1:] != c[:, :-1]
        ids = np.cumsum(start, axis=1) - 1 + (np.arange(len(third)) * n)[:, None]
        sizes = np.bincount(ids.ravel(), minlength=len(third) * n).reshape(len(third), n)
        largest = sizes.max(axis=1)
        parts = start.sum(axis=1)
        sumsq = (sizes * sizes).sum(axis=1)
        nin = ina[g1] + ina[g2] + ina[third]
        for j in np.flatnonzero(largest <= bound):
            key = (largest[j], -parts[j], sumsq[j], -nin[j], (g1, g2, int(third[j])))
            if rank is EXPECTED:
                key = (sumsq[j], *key)
            if best is None or key < best:
                best = key
    return None if best is None else best[-1]


@pytest.mark.parametrize("rank", [SCM, EXPECTED], ids=["scm", "expected-size"])
@pytest.mark.parametrize(
    ("letter", "step", "bound"),
    [("k", 1, 3), ("m", 1, 2), ("s", 1, 3), ("d", 1, 2), ("b", 7, 1), ("d", 7, 2)],
)
@pytest.mark.slow
def test_triple_many_third_words_equals_brute_force(  # type: ignore[no-untyped-def]
    dutch5, lingo, rank: Ranking, letter: str, step: int, bound: int
) -> None:
    # enough guesses that the kernel rules most third words out through remembered
    # witnesses (members of a part that a third word gave one code), not by scanning; with
    # step 1 the answers are neighbours in the list (kogen, koken, ...), which stay together
    rng = np.random.default_rng(1)
    answers = [w for w in dutch5 if w.startswith(letter)][::step][:45]
    guesses = sorted(set(rng.choice(dutch5, size=110, replace=False).tolist()) | set(answers[:10]))
    p = Problem.of(lingo, guesses, answers)
    want = _brute_triples(p, rank, bound)
    got = openings.best_triple(p, rank, bound)
    assert (None if got is None else tuple(sorted(got.moves))) == want
