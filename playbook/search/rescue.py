"""Exception rows that rescue the words a plan of fixed openings leaves unguaranteed.

Fixed openings can leave a set of answers that no move after them finds in time, where a
move played instead of the last opening, or of the last two, would. :func:`rescue` looks
for such exception rows latest turn first: for every set of answers alike in the feedback of
the openings played so far (all of them, then one fewer, ...) that holds a word the plan
does not find in time, :func:`node` gives the node that leaves the fewest of the set
unfound; where it leaves fewer than the plan does, it becomes an exception row keyed by the
feedback of those openings (:mod:`playbook.lookup` plays it instead of the rest).

:func:`node` keeps the simple profile's shape where it does as well as any strategy can (a
try list, or exception moves followed by try lists), and otherwise plays the exact search's
first move (:class:`playbook.search.unfinder.Unfinder`) and the same again on each part:
few moves to memorise, the fewest words lost.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from playbook.core.problem import Problem
from playbook.search import tables
from playbook.search.tables import Part, Tables, TableSettings
from playbook.search.trees import Node, Probe, Solved
from playbook.search.unfinder import Unfinder

EARLY = TableSettings(early=True)
"""The tables a rescue and a swap make by default: the rule of early tries."""


def _default_wide(settings: TableSettings) -> TableSettings:
    return dataclasses.replace(settings, breadth=TableSettings.breadth)


def node(
    problem: Problem,
    cols: np.ndarray,
    turns_left: int,
    finder: Unfinder,
    settings: TableSettings = tables.PLAIN,
    memo: tables.Memo | None = None,
) -> Solved:
    """The node for the answers ``cols`` (sorted columns) within ``turns_left`` turns that
    leaves the fewest of them unfound (see the module docstring), made with ``settings``
    (at most ``settings.probes`` exception moves one after another)."""
    memo = {} if memo is None else memo
    probes = settings.probes
    # the rescue's simple nodes look the default breadth wide, whatever the tables' breadth
    simple = tables.solve(problem, cols.tolist(), turns_left, _default_wide(settings), memo)
    lost = len(tables.leaves_failing(simple, turns_left))
    if lost == 0 or turns_left < 2 or probes == 0:
        return simple
    least = finder.fewest(cols, turns_left)
    if least is None or least >= lost:
        return simple
    g = finder.guess(cols, turns_left, least)
    if g is None:
        return simple
    solved_code = problem.game.solved
    codes = problem.F[g, cols]
    children: list[tuple[int, Node]] = []
    turns: dict[int, int] = {}
    for code in np.unique(codes).tolist():
        part = cols[codes == code]
        if code == solved_code:
            turns[int(part[0])] = 1
            continue
        deeper = dataclasses.replace(settings, probes=tables.less(probes))
        child = node(problem, part, turns_left - 1, finder, deeper, memo)
        children.append((int(code), child.node))
        turns.update({c: t + 1 for c, t in child.turns.items()})
    found = Solved(Probe(g, tuple(children), len(cols)), turns)
    if probes != tables.UNLIMITED and len(tables.leaves_failing(found, turns_left)) >= lost:
        return simple  # capped deeper down, the exact search's move finds no more in time
    return found


def rescue(
    problem: Problem,
    plan: Tables,
    turns: int,
    *,
    nodes: int,
    settings: TableSettings = EARLY,
    finder: Unfinder | None = None,
) -> Tables:
    """``plan`` (made with ``settings``) with exception rows where they find more words in time
    (see the module docstring); ``nodes``: the exact search's budget over the whole group, in
    search nodes (or ``finder``'s)."""
    if not plan.unguaranteed:
        return plan
    finder = finder or Unfinder(problem, limit=turns, nodes=nodes)
    memo: tables.Memo = {}
    moves = list(plan.moves)
    fixed: list[Part] = [p for p in plan.parts if p.depth < len(moves)]
    for depth in range(len(moves), 0, -1):
        lost = set(plan.unguaranteed)
        if not lost:
            break
        keys = problem.codes(moves[:depth])
        covered = {c for p in fixed if p.depth < depth for c in p.cols}
        changed = False
        for key in sorted({int(keys[c]) for c in lost if c not in covered}):
            cols = np.flatnonzero(keys == key)
            inside = set(cols.tolist())
            found = node(problem, cols, turns - depth, finder, settings, memo)
            if len(tables.leaves_failing(found, turns - depth)) < len(lost & inside):
                fixed = [p for p in fixed if not set(p.cols) <= inside]
                fixed.append(Part(tuple(cols.tolist()), found, depth))
                changed = True
        if changed:
            plan = tables.after_openings(problem, moves, turns, settings, fixed)
    return plan


SWAP_CANDIDATES = 40
"""First moves of the exact search tried in place of each opening by :func:`swap`."""


def swap(
    problem: Problem,
    plan: Tables,
    turns: int,
    *,
    nodes: int,
    settings: TableSettings = EARLY,
) -> Tables:
    """Where ``plan`` (made with ``settings``, rescued) still leaves more words unguaranteed
    than any strategy must, the openings with one of them replaced by one of the exact
    search's best first moves (:data:`SWAP_CANDIDATES`, in its order), rescued, that leaves
    the fewest (then the fewest turns); ``plan`` where none leaves fewer. The exact search
    visits at most ``nodes`` nodes in all (no clock: the result is the same on any
    machine)."""
    if not plan.unguaranteed:
        return plan
    finder = Unfinder(problem, limit=turns, nodes=nodes)
    everything = np.arange(len(problem.answers), dtype=np.int64)
    fewest = finder.fewest(everything, turns)
    if fewest is None or len(plan.unguaranteed) <= fewest:
        return plan
    best = plan
    moves = list(plan.moves)
    for g in finder.first_moves(everything, turns)[:SWAP_CANDIDATES]:
        if g in moves:
            continue
        for i in range(len(moves)):
            variant = [*moves[:i], g, *moves[i + 1 :]]
            t = tables.after_openings(problem, variant, turns, settings)
            t = rescue(problem, t, turns, nodes=nodes, settings=settings, finder=finder)
            if finder.spent:
                return best
            if (len(t.unguaranteed), t.total) < (len(best.unguaranteed), best.total):
                best = t
        if len(best.unguaranteed) <= fewest:
            break
    return best
