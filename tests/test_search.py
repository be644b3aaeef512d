"""Scores and searches against brute force on small lists, and invariants of hill-climbing."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from playbook import feedback, kernels, search, tree
from playbook.games import WordGame
from playbook.scores import RANKINGS, reference_score, score_moves

MODES = list(RANKINGS.values())


def test_paper_figure_2(lingo: WordGame) -> None:
    P = ["schep", "schop", "stoel", "strik"]
    guesses = ["kramp", "staan", "stoel"]
    F = feedback.matrix(lingo, guesses, P)
    in_ans = np.array([0, 0, 1])
    staan, kramp, stoel = (score_moves(F, (i,), in_ans, 243) for i in (1, 0, 2))
    assert staan.parts == 2
    assert (kramp.parts, kramp.largest) == (3, 2)
    assert (stoel.parts, stoel.largest, stoel.n_in) == (4, 1, 1)  # almost-winning
    assert reference_score(lingo.feedback, ["kramp"], P) == kramp
    best = search.best_single(F, in_ans, 243, kernels.SCM)
    assert best is not None and guesses[best.moves[0]] == "stoel"


def brute_best(
    lingo: WordGame, guesses: list[str], answers: list[str], k: int, mode: int, bound: int
) -> tuple[tuple[float, ...], tuple[int, ...]] | None:
    best = None
    for combo in itertools.combinations(range(len(guesses)), k):
        s = reference_score(lingo.feedback, [guesses[i] for i in combo], answers)
        if s.largest > bound:
            continue
        key = (s.key(mode), combo)
        if best is None or key < best:
            best = key
    return best


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("bound", [search.BIG, 6, 3])
def test_single_equals_brute_force(small_group, lingo, mode: int, bound: int) -> None:  # type: ignore[no-untyped-def]
    g = small_group
    got = search.best_single(g["F"], g["in_answers"], 243, mode, bound)
    want = brute_best(lingo, g["guesses"], g["answers"], 1, mode, bound)
    if want is None:
        assert got is None
    else:
        assert got is not None and got.moves == want[1]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("bound", [search.BIG, 3, 2, 1])
def test_pair_equals_brute_force(small_group, lingo, mode: int, bound: int) -> None:  # type: ignore[no-untyped-def]
    g = small_group
    got = search.best_pair(g["F"], g["in_answers"], 243, mode, bound)
    want = brute_best(lingo, g["guesses"], g["answers"], 2, mode, bound)
    if want is None:
        assert got is None
        return
    assert got is not None
    assert tuple(sorted(got.moves)) == want[1]
    assert got.score == reference_score(
        lingo.feedback, [g["guesses"][i] for i in got.moves], g["answers"]
    )


def test_pair_units_merge_like_one_scan(small_group) -> None:  # type: ignore[no-untyped-def]
    g = small_group
    whole = search.best_pair(g["F"], g["in_answers"], 243, kernels.SCM, search.BIG)
    for n_units in (2, 3, 7):
        parts = [
            search.pair_unit(g["F"], g["in_answers"], 243, kernels.SCM, search.BIG, f)
            for f in search.pair_units(g["F"].shape[0], n_units)
        ]
        merged = search.merge_pairs(parts, g["F"], g["in_answers"], 243, kernels.SCM)
        assert merged == whole


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_climb_has_no_improving_single_replacement(small_group, mode: int, seed: int) -> None:  # type: ignore[no-untyped-def]
    g = small_group
    F, ina = g["F"], g["in_answers"]
    target = 1
    rng = search.restart_rng(seed, "u", 0)
    start = rng.choice(F.shape[0], size=3, replace=False).tolist()
    moves = search.climb(F, ina, 243, mode, target, start)
    assert len(set(moves)) == 3
    key = search.triple_key(F, moves, ina, 243, mode, target)
    for i in range(3):
        for r in range(F.shape[0]):
            if r in moves:
                continue
            trial = list(moves)
            trial[i] = r
            assert search.triple_key(F, trial, ina, 243, mode, target) >= key


def test_climb_restarts_reproducible(small_group) -> None:  # type: ignore[no-untyped-def]
    g = small_group
    a = search.climb_restarts(g["F"], g["in_answers"], 243, 0, 1, 3, 42, "u", range(5))
    b = search.climb_restarts(g["F"], g["in_answers"], 243, 0, 1, 3, 42, "u", range(5))
    c = search.climb_restarts(g["F"], g["in_answers"], 243, 0, 1, 3, 43, "u", range(5))
    assert a == b
    assert a != c


def _group(lingo: WordGame, guesses: list[str], answers: list[str]) -> tree.Group:
    F = np.ascontiguousarray(feedback.matrix(lingo, guesses, answers))
    rows = np.asarray([guesses.index(a) for a in answers])
    return tree.Group(F, rows, 243, lingo.solved)


def test_exception_move_like_gazon(dutch5, lingo) -> None:  # type: ignore[no-untyped-def]
    answers = ["kogen", "koven", "kozen"]
    g = _group(lingo, list(dutch5), answers)
    # trying them one by one cannot find all three in two turns
    assert tree.best_try(g, [0, 1, 2], 2).worst == 3
    solved = tree.solve(g, [0, 1, 2], 2)
    assert solved.worst <= 2
    assert isinstance(solved.node, tree.Probe)
    move = dutch5[solved.node.row]
    assert sum(ch in move for ch in "gvz") >= 2  # it must contain two of g, v, z


def test_try_order_is_optimal(dutch5, lingo) -> None:  # type: ignore[no-untyped-def]
    answers = ["kogen", "koven", "kozen", "kopen"]
    g = _group(lingo, list(dutch5), answers)
    best = tree.best_try(g, range(4), 5)
    totals = [sum(tree.try_turns(g, p).values()) for p in itertools.permutations(range(4))]
    assert best.total == min(totals)


def test_fast_solve_no_worse_than_greedy(small_group) -> None:  # type: ignore[no-untyped-def]
    g = small_group
    grp = tree.Group(
        g["F"],
        np.asarray([g["guesses"].index(a) for a in g["answers"]]),
        243,
        242,
        kernels.EXPECTED,
    )
    cols = list(range(len(g["answers"])))
    greedy = tree.solve(grp, cols, 5, profile="fast", breadth=1)
    wide = tree.solve(grp, cols, 5, profile="fast", breadth=8)
    assert wide.total <= greedy.total
    assert sorted(wide.turns) == cols


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("bound", [search.BIG, 3, 2, 1])
@pytest.mark.parametrize("n_answers", [8, 20])
def test_triple_equals_brute_force(dutch5, lingo, mode: int, bound: int, n_answers: int) -> None:  # type: ignore[no-untyped-def]
    # a small pool so that brute force over all triples stays quick; with 8 answers many
    # triples split every word apart (the shortcuts of the kernel)
    rng = np.random.default_rng(5)
    answers = [w for w in dutch5 if w.startswith("y")][:n_answers]
    guesses = sorted(set(rng.choice(dutch5, size=30, replace=False).tolist()) | set(answers[:6]))
    F = np.ascontiguousarray(feedback.matrix(lingo, guesses, answers))
    ina = np.asarray([1 if g in set(answers) else 0 for g in guesses], dtype=np.int64)
    got = search.best_triple(F, ina, 243, mode, bound)
    want = brute_best(lingo, guesses, answers, 3, mode, bound)
    if want is None:
        assert got is None
        return
    assert got is not None
    assert tuple(sorted(got.moves)) == want[1]
    units = [
        search.triple_unit(F, ina, 243, mode, bound, f)[0] for f in search.pair_units(F.shape[0], 3)
    ]
    merged = search.merge_triples(units, F, ina, 243, mode)
    assert merged is not None and merged.moves == got.moves


def _brute_triples(F: np.ndarray, ina: np.ndarray, mode: int, bound: int) -> tuple[int, ...] | None:
    """Best triple by SCM or expected size with largest part <= bound, scored with numpy."""
    n_g, n = F.shape
    codes = F.astype(np.int64)
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
            if mode == kernels.EXPECTED:
                key = (sumsq[j], *key)
            if best is None or key < best:
                best = key
    return None if best is None else best[-1]


@pytest.mark.parametrize("mode", [kernels.SCM, kernels.EXPECTED])
@pytest.mark.parametrize(
    ("letter", "step", "bound"),
    [("k", 1, 3), ("m", 1, 2), ("s", 1, 3), ("d", 1, 2), ("b", 7, 1), ("d", 7, 2)],
)
def test_triple_many_third_words_equals_brute_force(  # type: ignore[no-untyped-def]
    dutch5, lingo, mode: int, letter: str, step: int, bound: int
) -> None:
    # enough guesses that the kernel rules most third words out through remembered
    # witnesses (members of a part that a third word gave one code), not by scanning; with
    # step 1 the answers are neighbours in the list (kogen, koken, ...), which stay together
    rng = np.random.default_rng(1)
    answers = [w for w in dutch5 if w.startswith(letter)][::step][:45]
    guesses = sorted(set(rng.choice(dutch5, size=110, replace=False).tolist()) | set(answers[:10]))
    F = np.ascontiguousarray(feedback.matrix(lingo, guesses, answers))
    ina = np.asarray([1 if g in set(answers) else 0 for g in guesses], dtype=np.int64)
    want = _brute_triples(F, ina, mode, bound)
    got = search.best_triple(F, ina, 243, mode, bound)
    assert (None if got is None else tuple(sorted(got.moves))) == want
