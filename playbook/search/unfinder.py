"""How few answers of a group every strategy must leave unfound within the limit, where no
strategy finds them all: the exact search's second question (:mod:`playbook.engines.unfound`),
asked on the state of :class:`playbook.search.group.GroupSearch`; the fast profile's
rescue (:mod:`playbook.search.rescue`) asks it part by part."""

from __future__ import annotations

import dataclasses
import math
import time

import numpy as np

from playbook.core.problem import Problem
from playbook.engines.clock import NODES
from playbook.engines.constants import ABORT, INF, UNIT
from playbook.engines.order import guess_order
from playbook.engines.scan import scan
from playbook.search.group import GroupSearch


@dataclasses.dataclass(frozen=True)
class Unfound:
    """How few answers of a group every strategy must leave unfound within the limit."""

    fewest: int | None
    """The least number any tree leaves (None when the budget was spent first)."""
    lower_bound: int
    """Proven: no tree leaves fewer (``fewest`` when decided)."""
    nodes: int
    seconds: float


class Unfinder:
    """Exact answers to "how few answers of this set must any strategy leave unfound within
    ``t`` turns?" on one group (:func:`playbook.engines.unfound.unfound`), sharing one memo and
    one budget: a set's fewest (:meth:`fewest`) and a first guess that leaves no more
    (:meth:`guess`). None once the budget is spent: ``nodes`` search nodes where above 0 (a
    build's: what it finds is the same on any machine and under any load), else ``seconds``
    of the clock."""

    def __init__(
        self, problem: Problem, *, limit: int, nodes: int = 0, seconds: float = math.inf
    ) -> None:
        self.t0 = time.perf_counter()
        self.search = GroupSearch(problem, limit, self.t0 + seconds, nodes=nodes)
        self.lbtab = self.search.misses.lbtab
        self.sep = self.search.misses.sep
        """Which guesses tell each two answers apart (where that fits in memory)."""
        self.lower = 0
        """The best lower bound the last :meth:`fewest` proved."""

    def _unfound(self, S: np.ndarray, t: int, beta: int) -> int:
        return self.search.unfound(S, t, beta)

    def fewest(self, S: np.ndarray, t: int) -> int | None:
        """The fewest answers of ``S`` (sorted columns) any strategy leaves unfound within
        ``t`` turns: asked whether ``b`` can be beaten for ``b`` = 1, 2, ... from the counting
        bound up (a strategy that finds every answer ends the search at once)."""
        self.lower = int(self.lbtab[t, len(S)])
        while True:
            v = self._unfound(S, t, self.lower + 1)
            if v == ABORT:
                return None
            if v <= self.lower:
                return v
            self.lower = v

    def first_moves(self, S: np.ndarray, t: int) -> list[int]:
        """The guesses (rows) that split ``S`` or may be its answer, one per distinct split,
        in the exact search's order: the least counting bound, then possible answers, then
        the smallest parts."""
        s = self.search
        bound, ins, parts, sumsq, phash = scan(
            s.F, S, t, s.allrows, s.lbtab, s.solved, s.n_codes, UNIT, s.zob
        )
        order = guess_order(bound, ins, parts, sumsq, phash, INF).tolist()
        return [int(s.allrows[j]) for j in order]

    @property
    def spent(self) -> bool:
        """Whether the budget is spent (a search asked now stops at once)."""
        stats = self.search.misses.stats
        if stats[NODES]:
            return bool(stats[0] >= stats[NODES])
        return time.perf_counter() > self.search.deadline

    def guess(self, S: np.ndarray, t: int, target: int) -> int | None:
        """A first guess (row) after which ``S`` leaves at most ``target`` answers unfound
        within ``t`` turns (None: none does, or the budget ran out)."""
        s = self.search
        for g in self.first_moves(S, t):
            acc = 0
            for _, part in sorted(s.parts(S, g), key=lambda p: -len(p[1])):
                v = self._unfound(part, t - 1, target - acc + 1)
                if v == ABORT:
                    return None
                acc += v
                if acc > target:
                    break
            if acc <= target:
                return g
        return None

    @property
    def nodes(self) -> int:
        return int(self.search.misses.stats[0])

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.t0


def fewest_unfound(
    problem: Problem, *, limit: int, nodes: int = 0, seconds: float = math.inf
) -> Unfound:
    """The fewest answers that no strategy can find within ``limit`` turns, whatever its
    guesses (those the group's rules allow): 0 where some strategy finds them all
    (:meth:`Unfinder.fewest` on the whole group, within its budget)."""
    u = Unfinder(problem, limit=limit, nodes=nodes, seconds=seconds)
    fewest = u.fewest(np.arange(u.search.n, dtype=np.int64), limit)
    return Unfound(fewest, u.lower, u.nodes, u.seconds)
