"""Search for fixed opening words: exhaustive singles, pairs and triples, hill-climbing triples.

Every function here is plain and serial and takes the problem first; the pipeline maps the
``*_unit`` functions over workers through :mod:`playbook.parallel`. Candidates are ordered by a
:class:`~playbook.core.ranking.Ranking` with the paper's tie chain (:attr:`Ties.SCORES`).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from playbook.core.problem import BIG, Problem
from playbook.core.ranking import Ranking, Ties
from playbook.core.scores import Score
from playbook.engines import cover, kernels
from playbook.model import Method

TIES = Ties.SCORES
"""Openings break ties by the paper's chain, whatever the ranking."""

PairResult = tuple[int, int, int, int, int, float]
"""A unit's best pair: (g1, g2, largest, parts, sumsq, slog)."""


@dataclasses.dataclass(frozen=True)
class Opening:
    """Fixed opening moves for one group, with how they were found."""

    moves: tuple[int, ...]
    """Guess indices, in the order they are played."""
    score: Score
    """How the moves together split the group."""
    method: str
    """``trivial`` (no move needed), ``exhaustive`` or ``hill-climbing``."""
    restarts: int = 0
    """Hill-climbing restarts used (0 for exhaustive search)."""
    notes: dict[str, object] = dataclasses.field(default_factory=dict, compare=False)
    """Findings to record with the plan (e.g. the exhaustive triple analysis)."""


def largest_left(limit: int, k: int) -> int:
    """The largest part ``k`` fixed openings may leave for every word of it to be found within
    the game's ``limit`` of turns: one word of the part tried per turn after the openings
    (the paper's target: ``limit - k``)."""
    return limit - k


def trivial(problem: Problem) -> Opening:
    """No opening at all: the group is tried word by word from the first turn."""
    return Opening((), problem.score(()), Method.TRIVIAL)


def best_single(problem: Problem, ranking: Ranking, bound: int = BIG) -> Opening | None:
    """The best single opening among those whose largest subset is at most ``bound``."""
    splits = problem.splits(bound=bound)
    ok = splits.largest != kernels.INFEASIBLE
    if not ok.any():
        return None
    # rejected candidates' other stats are meaningless: rank the feasible ones only
    feasible = splits._replace(largest=np.where(ok, splits.largest, BIG))
    g = int(ranking.order(feasible, problem.in_answers, TIES, target=bound)[0])
    return Opening((g,), problem.score((g,)), Method.EXHAUSTIVE)


def first_word_units(n_guesses: int, n_units: int) -> list[np.ndarray]:
    """Split first words into units of about equal pair counts (interleaved for balance)."""
    n_units = max(1, min(n_units, n_guesses))
    return [np.arange(u, n_guesses, n_units, dtype=np.int64) for u in range(n_units)]


def pair_unit(
    problem: Problem, ranking: Ranking, bound: int, firsts: np.ndarray
) -> PairResult | None:
    """Best pair whose first word is in ``firsts``: (g1, g2, largest, parts, sumsq, slog)."""
    keys = ranking.kernel_keys(TIES)
    r = kernels.pair_chunk(problem.F, firsts, bound, keys, problem.in_answers, problem.n_codes)
    if r[0] < 0:
        return None
    return (int(r[0]), int(r[1]), int(r[2]), int(r[3]), int(r[4]), float(r[5]))


def merge_pairs(
    problem: Problem, results: Sequence[PairResult | None], ranking: Ranking
) -> Opening | None:
    """The best of the units' pairs, by the ranking and then by list order."""
    best: tuple[tuple[float, ...], tuple[int, int]] | None = None
    for r in results:
        if r is None:
            continue
        pair = (min(r[0], r[1]), max(r[0], r[1]))
        key = ranking.key(problem.score(pair), TIES)
        if best is None or (key, pair) < best:
            best = (key, pair)
    if best is None:
        return None
    return order_moves(problem, best[1], ranking, Method.EXHAUSTIVE)


def order_moves(
    problem: Problem, moves: Sequence[int], ranking: Ranking, method: str, restarts: int = 0
) -> Opening:
    """Fix the playing order of a set of moves: the individually best move first."""

    def single_key(g: int) -> tuple[tuple[float, ...], int]:
        return ranking.key(problem.score((g,)), TIES), g

    ordered = tuple(sorted(moves, key=single_key))
    return Opening(ordered, problem.score(ordered), method, restarts)


def best_pair(problem: Problem, ranking: Ranking, bound: int) -> Opening | None:
    """Exhaustive search over every pair of guesses (serial)."""
    firsts = np.arange(problem.F.shape[0], dtype=np.int64)
    return merge_pairs(problem, [pair_unit(problem, ranking, bound, firsts)], ranking)


TRIPLE_UNITS = 16
"""Work units per group in the triple search, whatever the number of workers: the units and
so the work done are the same on any machine (each unit takes every 16th first word)."""


class TripleUnit(NamedTuple):
    """What one unit of the triple search found: the best triple of its first words (sorted
    guess indices, or None) and how much it searched. A tuple, as checkpoints keep it."""

    moves: tuple[int, int, int] | None
    first_words: int
    pairs: int
    third_words: int

    @classmethod
    def of(cls, r: Sequence[Any]) -> TripleUnit:
        """A unit's result as computed or read back from a checkpoint (a plain tuple)."""
        moves = None if r[0] is None else (int(r[0][0]), int(r[0][1]), int(r[0][2]))
        return cls(moves, int(r[1]), int(r[2]), int(r[3]))


class _Agreement:
    """The last group's table of guesses that agree on each pair of answers, kept in the
    worker process: the units of one group share it."""

    key: tuple[object, ...] | None = None
    value: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None


def _first_words(problem: Problem, bound: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(agreement table, similarity, first words in order) of a group, cached per process."""
    key = (problem.name, problem.F.shape, bound, hashlib.blake2b(problem.F.data).digest())
    if _Agreement.key != key:
        _Agreement.value = None  # free the last group's table first
        E, sim = cover.agreement(np.ascontiguousarray(problem.F.T))
        # first words in ranking order of their own split: good triples are found early
        single = problem.splits()
        order = np.lexsort((np.arange(problem.F.shape[0]), single.sumsq, single.largest))
        firsts = cover.first_words(E, sim, problem.F.shape[0], bound, order)
        _Agreement.key, _Agreement.value = key, (E, sim, firsts)
    assert _Agreement.value is not None
    return _Agreement.value


TRIPLE_MEMORY = 1 << 30
"""Most memory the triple search may hold per worker (its table of answer pairs); larger
groups are left to hill-climbing, and say so."""


def triple_memory(problem: Problem) -> int:
    """Bytes the triple search of a group holds in each worker."""
    return cover.pair_bytes(len(problem.answers), problem.F.shape[0])


def triple_unit(
    problem: Problem,
    ranking: Ranking,
    bound: int,
    unit: int,
    units: int = TRIPLE_UNITS,
    gpu: bool = False,
) -> TripleUnit:
    """Unit ``unit`` of ``units`` of the exhaustive triple search (:mod:`playbook.engines.cover`):
    the best triple whose largest part is at most ``bound``, among the triples whose first
    word (in the search's order) is one of this unit's. Together the units visit every triple
    that meets the bound exactly once. ``gpu``: on a CUDA GPU (:mod:`playbook.engines.cover_gpu`),
    with the same result."""
    if bound < 1 or problem.F.shape[0] < 3:
        return TripleUnit(None, 0, 0, 0)  # no three guesses leave fewer than one word
    E, sim, firsts = _first_words(problem, bound)
    mine = np.arange(unit, len(firsts), units, dtype=np.int64)
    keys = ranking.kernel_keys(TIES)
    search: Callable[..., tuple[np.ndarray, int, int, int]] = cover.search
    if gpu:
        from playbook.engines import cover_gpu  # numba.cuda only where asked for

        search = cover_gpu.search
    best, n1, n2, n3 = search(
        problem.F, E, sim, firsts, mine, bound, keys, problem.in_answers, problem.n_codes
    )
    moves = None if best[0] < 0 else (int(best[0]), int(best[1]), int(best[2]))
    return TripleUnit(moves, int(n1), int(n2), int(n3))


def triple_unit_gpu(problem: Problem, ranking: Ranking, bound: int, unit: int) -> TripleUnit:
    """The whole triple search of a group as one unit on the GPU (``unit`` is 0)."""
    return triple_unit(problem, ranking, bound, unit, 1, gpu=True)


def merge_triples(
    problem: Problem, results: Sequence[Sequence[Any]], ranking: Ranking
) -> Opening | None:
    """The best of the units' triples (:class:`TripleUnit`), by the ranking and then by list
    order."""
    found = [u.moves for u in map(TripleUnit.of, results) if u.moves is not None]
    if not found:
        return None
    best = min(found, key=lambda m: (ranking.key(problem.score(m), TIES), m))
    return order_moves(problem, best, ranking, Method.EXHAUSTIVE)


def best_triple(problem: Problem, ranking: Ranking, bound: int) -> Opening | None:
    """Exhaustive search over every triple of guesses (serial)."""
    return merge_triples(problem, [triple_unit(problem, ranking, bound, 0, 1)], ranking)


def triple_key(
    problem: Problem, moves: Sequence[int], ranking: Ranking, target: int
) -> tuple[object, ...]:
    """Hill-climbing objective: meeting the target first, then the ranking, then list order."""
    s = problem.score(moves)
    return (s.largest > target, ranking.key(s, TIES), tuple(sorted(moves)))


def _best_replacement(
    problem: Problem,
    moves: list[int],
    i: int,
    ranking: Ranking,
    target: int,
    current: tuple[object, ...],
) -> tuple[int, tuple[object, ...]]:
    """The best word in place of ``moves[i]`` given the others, with its key (the word
    itself and ``current`` when nothing is better)."""
    others = moves[:i] + moves[i + 1 :]
    # a replacement can only be better if its largest part is no larger than this (where
    # the ranking puts it first), or meets the target once the moves do
    bound = BIG if current[0] else target
    if ranking.largest_first:
        bound = problem.score(moves).largest
    splits = problem.splits(given=others, bound=bound)
    n_in = problem.in_answers + int(sum(problem.in_answers[g] for g in set(others)))
    feasible = splits.largest != kernels.INFEASIBLE
    ranked = splits._replace(largest=np.where(feasible, splits.largest, BIG))
    first = int(ranking.order(ranked, n_in, TIES, target=target)[0])
    if not feasible[first]:
        return moves[i], current
    # every guess tied with the best on score; list order (sorted moves) decides
    mx, parts, sq, slog = splits
    tied = (
        (mx == mx[first])
        & (parts == parts[first])
        & (sq == sq[first])
        & (n_in == n_in[first])
        & (np.abs(slog - slog[first]) <= 1e-9)
        & feasible
    )
    best_key, best_g = current, moves[i]
    for g in np.flatnonzero(tied).tolist():
        if g in others:
            continue
        key = triple_key(problem, [*others[:i], g, *others[i:]], ranking, target)
        if key < best_key:
            best_key, best_g = key, g
    return best_g, best_key


def climb(problem: Problem, ranking: Ranking, target: int, start: Sequence[int]) -> tuple[int, ...]:
    """Steepest-ascent hill-climbing from ``start`` (the paper's method for triples).

    Each word in turn is replaced by its best replacement given the others, until a full pass
    changes nothing. Each change strictly improves :func:`triple_key`, so it terminates, and
    the result has no improving single replacement.
    """
    moves = list(start)
    current = triple_key(problem, moves, ranking, target)
    changed = True
    while changed:
        changed = False
        for i in range(len(moves)):
            g, key = _best_replacement(problem, moves, i, ranking, target, current)
            if g != moves[i]:
                moves[i], current = g, key
                changed = True
    return tuple(moves)


def restart_rng(seed: int, group: str, restart: int) -> np.random.Generator:
    """The generator of one restart: depends only on the seed, the group and the restart."""
    return np.random.default_rng([seed, *group.encode(), restart])


def climb_restarts(
    problem: Problem,
    ranking: Ranking,
    target: int,
    seed: int,
    restarts: Sequence[int],
    *,
    k: int = 3,
) -> list[tuple[int, tuple[int, ...]]]:
    """Run the given restarts of ``k`` words (numbered; the seed and the problem's name pick
    their starts); stop after the first that meets the target."""
    out = []
    for r in restarts:
        rng = restart_rng(seed, problem.name, r)
        start = rng.choice(problem.F.shape[0], size=k, replace=False).tolist()
        moves = climb(problem, ranking, target, start)
        out.append((r, moves))
        if problem.score(moves).largest <= target:
            break
    return out


def pick_climb(
    problem: Problem,
    results: Sequence[tuple[int, tuple[int, ...]]],
    ranking: Ranking,
    target: int,
) -> Opening:
    """The first restart (by number) that meets the target, else the best of all."""
    results = sorted(results)
    for r, moves in results:
        if problem.score(moves).largest <= target:
            return order_moves(problem, moves, ranking, Method.HILL_CLIMBING, r + 1)
    best = min(results, key=lambda rm: triple_key(problem, rm[1], ranking, target))
    return order_moves(problem, best[1], ranking, Method.HILL_CLIMBING, len(results))
