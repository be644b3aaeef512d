"""What to play after the openings: try orders, exception moves and adaptive next moves.

:func:`solve` builds the node (:mod:`playbook.search.trees`) for a set of answers under a
profile:

* ``simple``: a try list in the order with the fewest expected turns; where no order finds
  every word in time, an exception move (any guess) that splits the set, recursively.
* ``fast``: a next move for every set of three or more words, chosen by a bounded lookahead
  over the best-ranked moves, to minimise the total number of turns.
* ``lean``: as ``simple``, but a try list keeps list order wherever that finds every word in
  time (an order to memorise only where the guarantee needs it).
* ``list``: the words in list order, nothing else (a plan of fixed openings alone: nothing to
  memorise after them).

:func:`after_openings` does it for every feedback of fixed openings: a group's tables.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence

import numpy as np

from playbook.core.problem import Problem
from playbook.core.ranking import SCM, Ranking, Ties
from playbook.search.trees import Node, Probe, Solved, TryList

MAX_PERMUTE = 5
"""Try lists up to this size get the best of all orders; longer ones a splitter-first order."""

Memo = dict[tuple[tuple[int, ...], int, str, int, int], Solved]
"""Solved sets of answers, by (columns, turns left, profile, breadth, moves allowed)."""

UNLIMITED = -1
"""``probes``: exception moves may follow one another as deep as the turns allow."""

WIDE = 64
"""Moves examined where exception moves are capped (``probes``) and the usual breadth finds
no node that finds every word in time: a shallow plan looks further for its move."""


def try_turns(problem: Problem, order: Sequence[int]) -> dict[int, int]:
    """Turns each answer takes under a try list (play in order, skip the ruled-out)."""
    F = problem.F
    out = {}
    rows = [int(problem.answer_rows[c]) for c in order]
    for a in order:
        history: list[tuple[int, int]] = []
        turn = 0
        for c, r in zip(order, rows, strict=True):
            if any(F[h, c] != code for h, code in history):
                continue
            turn += 1
            if c == a:
                break
            history.append((r, int(F[r, a])))
        out[a] = turn
    return out


def best_try(problem: Problem, cols: Sequence[int], turns_left: int) -> Solved:
    """The try order with every word in time if possible, then the fewest total turns."""
    cols = sorted(cols)
    if len(cols) <= MAX_PERMUTE:
        best: tuple[tuple[int, int], Solved] | None = None
        for perm in itertools.permutations(cols):
            s = Solved(TryList(tuple(perm)), try_turns(problem, perm))
            key = (max(s.worst - turns_left, 0), s.total)
            if best is None or key < best[0]:
                best = (key, s)
        assert best is not None
        return best[1]
    # a word that splits the others goes first
    sub = np.asarray(cols, dtype=np.int64)
    splits = problem.splits(sub, cands=problem.answer_rows[sub])
    ranked = SCM.order(splits, np.zeros(len(cols), np.int64), Ties.SCORES)
    perm = tuple(cols[i] for i in ranked)
    return Solved(TryList(perm), try_turns(problem, perm))


LEAN_FIRSTS = 12
"""Try lists up to this size may start with any one of their words under ``lean``."""


def lean_try(
    problem: Problem,
    cols: Sequence[int],
    turns_left: int,
    weights: np.ndarray | None = None,
    likely_first: bool = True,
) -> Solved:
    """The try list to memorise least: list order where it finds every word in time, else
    one word first and the rest in list order, the one that finds most words in time (then
    the fewest turns). With ``weights`` (how likely each answer is): where no order finds
    every word, the order that loses the least weight (at a last-turn coin flip, the likelier
    word first); and with ``likely_first``, the likeliest first wherever that order finds
    every word in time."""
    cols = sorted(cols)
    listed = Solved(TryList(tuple(cols)), try_turns(problem, cols))
    if weights is not None and likely_first and len(cols) > 1:
        likely = sorted(cols, key=lambda c: (-weights[c], c))
        by_weight = Solved(TryList(tuple(likely)), try_turns(problem, likely))
        if by_weight.worst <= turns_left:
            return by_weight
    if listed.worst <= turns_left or len(cols) > LEAN_FIRSTS:
        return listed

    def lost(s: Solved) -> float:
        failing = leaves_failing(s, turns_left)
        return float(sum(weights[c] for c in failing)) if weights is not None else len(failing)

    best = ((lost(listed), listed.total), listed)
    orders = [[c, *(x for x in cols if x != c)] for c in cols]
    if weights is not None:
        orders.append(sorted(cols, key=lambda c: (-weights[c], c)))
    for order in orders:
        s = Solved(TryList(tuple(order)), try_turns(problem, order))
        key = (lost(s), s.total)
        if key < best[0]:
            best = (key, s)
    return best[1]


def _candidates(problem: Problem, cols: np.ndarray, ranking: Ranking, breadth: int) -> list[int]:
    splits = problem.splits(cols)
    in_s = problem.in_set(cols)
    ranked = ranking.order(splits, in_s, Ties.SCORES)
    useful = ranked[splits.parts[ranked] > 1]
    picks = useful[:breadth].tolist()
    # the best moves that may themselves be the answer
    picks += [int(r) for r in useful[in_s[useful] == 1][: max(1, breadth // 3)] if r not in picks]
    return [int(r) for r in picks]


@dataclasses.dataclass(frozen=True)
class TableSettings:
    """How the tables after the openings are made, one value (:func:`after_openings`,
    :func:`solve`, :func:`playbook.search.rescue.node`)."""

    ranking: Ranking = SCM
    """Order of the candidate moves."""
    profile: str = "simple"
    """``simple``, ``lean`` (try lists in list order wherever that finds every word in time),
    ``list`` (try lists only, list order) or ``fast`` (a move for every feedback)."""
    breadth: int = 6
    """Moves examined at a node (halved at each deeper level)."""
    early: bool = False
    """The rule of early tries: the openings stop once the words still possible fit in the
    turns left (:func:`after_openings` only)."""
    probes: int = UNLIMITED
    """How many exception moves may follow one another (0: try lists only; 2: a move, and
    after its feedback at most one more before the try lists): ``search.nesting`` plus one."""
    weights: np.ndarray | None = None
    """How likely each answer is (a column's weight): the likelier word first at a coin
    flip."""
    likely_first: bool = False
    """Try lists put the likeliest first wherever that keeps the guarantee (the ``lean``
    profile's, :func:`lean_try`)."""


PLAIN = TableSettings()
"""The default settings: the paper's ranking, the ``simple`` profile."""


@dataclasses.dataclass(frozen=True)
class _Settings:
    """One :func:`solve`'s settings and memo, as the search below it reads them (the breadth
    and the exception moves allowed change with the depth: they travel beside it)."""

    table: TableSettings
    memo: Memo


def _probe(
    problem: Problem,
    row: int,
    cols: np.ndarray,
    turns_left: int,
    breadth: int,
    s: _Settings,
    probes: int = UNLIMITED,
) -> Solved:
    codes = problem.F[row, cols]
    children: list[tuple[int, Node]] = []
    turns: dict[int, int] = {}
    for code in np.unique(codes).tolist():
        part = cols[codes == code]
        if code == problem.solved:
            turns[int(part[0])] = 1
            continue
        child = _solve(problem, part.tolist(), turns_left - 1, breadth, s, less(probes))
        children.append((int(code), child.node))
        for c, t in child.turns.items():
            turns[c] = t + 1
    return Solved(Probe(row, tuple(children), len(cols)), turns)


def less(probes: int) -> int:
    """The exception moves allowed one move deeper."""
    return probes if probes == UNLIMITED else probes - 1


def _solve(
    problem: Problem,
    cols: Sequence[int],
    turns_left: int,
    breadth: int,
    s: _Settings,
    probes: int = UNLIMITED,
) -> Solved:
    key = (tuple(sorted(cols)), turns_left, s.table.profile, breadth, probes)
    if key in s.memo:
        return s.memo[key]
    if s.table.profile == "list":
        s.memo[key] = Solved(TryList(key[0]), try_turns(problem, key[0]))
        return s.memo[key]
    arr = np.asarray(key[0], dtype=np.int64)
    options: list[Solved] = []
    if s.table.profile == "lean":
        options.append(lean_try(problem, key[0], turns_left, s.table.weights, s.table.likely_first))
        if options[0].worst <= turns_left:
            s.memo[key] = options[0]
            return options[0]
    elif s.table.profile == "simple" or len(arr) <= MAX_PERMUTE:
        options.append(best_try(problem, key[0], turns_left))
    in_time = bool(options) and options[0].worst <= turns_left
    may_probe = len(arr) > 1 and turns_left > 1 and probes != 0
    if may_probe and (not in_time or (s.table.profile == "fast" and len(arr) > 2)):
        next_breadth = max(1, breadth // 2)
        for row in _candidates(problem, arr, s.table.ranking, breadth):
            options.append(_probe(problem, row, arr, turns_left, next_breadth, s, probes))
        if probes != UNLIMITED and min(o.worst for o in options) > turns_left:
            # capped: look further for a move whose parts need no deeper moves
            tried = {o.node.row for o in options if isinstance(o.node, Probe)}
            for row in _candidates(problem, arr, s.table.ranking, WIDE):
                if row not in tried:
                    options.append(_probe(problem, row, arr, turns_left, next_breadth, s, probes))
    if not options:
        options.append(best_try(problem, key[0], turns_left))
    best = min(options, key=lambda o: (max(o.worst - turns_left, 0), o.total))
    s.memo[key] = best
    return best


def solve(
    problem: Problem,
    cols: Sequence[int],
    turns_left: int,
    settings: TableSettings = PLAIN,
    memo: Memo | None = None,
) -> Solved:
    """The node for the answers ``cols`` with ``turns_left`` turns made with ``settings``
    (see module docstring); ``memo`` keeps solved sets between calls on the same problem
    and ranking."""
    s = _Settings(settings, {} if memo is None else memo)
    return _solve(problem, cols, turns_left, settings.breadth, s, settings.probes)


def leaves_failing(s: Solved, turns_left: int) -> list[int]:
    """Answers that the node does not find within ``turns_left`` turns."""
    return sorted(c for c, t in s.turns.items() if t > turns_left)


@dataclasses.dataclass(frozen=True)
class Part:
    """The answers one feedback of the openings leaves, and how to find them."""

    cols: tuple[int, ...]
    solved: Solved
    depth: int
    """The openings played before its node: all of them, or fewer for an exception row
    that replaces the rest (:func:`after_openings`' ``fixed``)."""


@dataclasses.dataclass(frozen=True)
class Tables:
    """What to play after fixed openings, for every feedback they can give."""

    moves: tuple[int, ...]
    """The openings (guess rows), in playing order."""
    parts: tuple[Part, ...]
    """One per feedback of the openings that needs a row (answers that are openings
    themselves, or tried early, left out), and the exception rows given."""
    total: int
    """Turns over all answers, the openings included."""
    unguaranteed: tuple[int, ...]
    """Answers (columns) not found within the turns."""


def after_openings(
    problem: Problem,
    moves: Sequence[int],
    turns: int,
    settings: TableSettings = PLAIN,
    fixed: Sequence[Part] = (),
) -> Tables:
    """The tables after playing ``moves`` whatever the feedback, within ``turns`` turns,
    made with ``settings``.

    The answers meet the plan as :mod:`playbook.lookup` walks it: before opening ``j + 1``
    (``j`` played), an answer in a part of ``fixed`` at depth ``j`` follows that part's
    node; else, with ``settings.early`` (the rule of early tries), the words still possible
    are tried in list order where they fit in the turns left; else the opening is played. The
    answers left after every opening get a node per feedback (``fixed`` parts at depth
    ``len(moves)`` replace the node the search would give)."""
    moves = list(moves)
    k = len(moves)
    n = len(problem.answers)
    memo: Memo = {}
    done = np.zeros(n, dtype=bool)
    total = 0
    parts: list[Part] = []
    unguaranteed: list[int] = []

    def take(part: Part) -> None:
        nonlocal total
        done[list(part.cols)] = True
        total += part.solved.total + part.depth * len(part.cols)
        unguaranteed.extend(leaves_failing(part.solved, turns - part.depth))
        parts.append(part)

    key = np.zeros(n, dtype=np.int64)
    for j, m in enumerate(moves):
        # the answers alike in the feedback of the openings so far; every rule below takes
        # whole sets of them
        _, key, counts = np.unique(key, return_inverse=True, return_counts=True)
        for given in fixed:
            if given.depth == j and j:
                take(given)
        if settings.early:
            for c in np.unique(key[~done]).tolist():
                if counts[c] <= turns - j:
                    cols = np.flatnonzero(key == c)
                    done[cols] = True
                    total += sum(j + t for t in try_turns(problem, cols.tolist()).values())
        for a in np.flatnonzero((problem.answer_rows == m) & ~done).tolist():
            done[a] = True
            total += j + 1
        key = key * problem.game.n_codes + problem.F[m, :].astype(np.int64)
    for given in fixed:
        if given.depth == k:
            take(given)
    codes = problem.codes(moves)
    for code in np.unique(codes[~done]).tolist():
        members = [int(c) for c in np.flatnonzero((codes == code) & ~done)]
        solved = solve(problem, members, turns - k, settings, memo)
        take(Part(tuple(members), solved, k))
    return Tables(tuple(moves), tuple(parts), total, tuple(unguaranteed))
