"""Taking over a board: the move most likely to find the word within the turns left.

A person who joins a game late (or gets the other team's failed board, perhaps with one more
letter revealed) sees some rows and has ``t`` turns left. Every word still possible is taken
as equally likely, so the chance of a move is the number of those words that the best play
after it finds within the ``t`` turns, over how many there are:

* ``found(S, t)``: the most words of ``S`` any strategy finds within ``t`` turns: 0 without
  turns; all of them where they are at most ``t`` (try them one by one); 1 with one turn;
  else the best move's ``value``.
* ``value(g, S, t)``: 1 for the part that ``g`` solves, plus ``found(P, t - 1)`` for every
  other part ``P`` of the split ``g`` makes of ``S``.

The move is the one of greatest value; among equals, the first in the order of the ``scm``
rule (largest part, parts, sum of squares, a possible answer, list order), so that with turns
to spare it is the rule's move. The play-along page computes the same (``bestChance`` in
``render/templates/page-rules.js``; tests hold them equal). In hard mode a move must fit all
feedback
so far, deeper moves too.
"""

from __future__ import annotations

import dataclasses
import time

import numpy as np

from playbook.core.problem import Problem
from playbook.search.greedy import rule_order

Memo = dict[tuple[bytes, bytes, int], int]


class OutOfTime(Exception):
    """The budget ran out before the best move was decided."""


@dataclasses.dataclass(frozen=True)
class Chance:
    """The best move when taking over a board."""

    row: int
    """The move (a guess row)."""
    found: int
    """How many of the words still possible the best play after it finds in time."""
    total: int
    """How many words are still possible."""
    turns: int

    @property
    def chance(self) -> float:
        return self.found / self.total


@dataclasses.dataclass
class _Search:
    problem: Problem
    hard: bool
    deadline: float
    memo: Memo = dataclasses.field(default_factory=dict)

    def codes(self, cands: np.ndarray, cols: np.ndarray) -> np.ndarray:
        if time.perf_counter() > self.deadline:
            raise OutOfTime
        return self.problem.F[np.ix_(cands, cols)]

    def narrowed(self, cands: np.ndarray, row: int, code: int) -> np.ndarray:
        """The moves hard mode still allows after ``row`` gave ``code``."""
        if not self.hard:
            return cands
        mask = self.problem.fitting_guesses(self.problem.guesses[row], code)
        return cands[mask[cands]]

    def value(
        self, row: int, cols: np.ndarray, codes: np.ndarray, t: int, cands: np.ndarray
    ) -> int:
        solved = self.problem.solved
        total = 0
        for code in np.unique(codes).tolist():
            part = cols[codes == code]
            if code == solved and self.problem.answer_rows[part[0]] == row:
                total += 1
            else:
                total += self.found(part, t - 1, self.narrowed(cands, row, int(code)))
        return total

    def found(self, cols: np.ndarray, t: int, cands: np.ndarray) -> int:
        n = len(cols)
        if t <= 0 or n == 0:
            return 0
        if n <= t:
            return n
        if t == 1:
            return 1
        key = (cols.tobytes(), cands.tobytes() if self.hard else b"", t)
        if key in self.memo:
            return self.memo[key]
        codes = self.codes(cands, cols)
        parts = _parts(codes)
        if t == 2:
            best = int(parts.max(initial=0))
        else:
            best = 0
            for j in np.argsort(-parts, kind="stable").tolist():
                best = max(best, self.value(int(cands[j]), cols, codes[j], t, cands))
                if best == n:
                    break
        self.memo[key] = best
        return best


def _parts(codes: np.ndarray) -> np.ndarray:
    """How many parts each row of ``codes`` splits its columns into."""
    if codes.shape[1] == 0:
        return np.zeros(codes.shape[0], dtype=np.int64)
    ordered = np.sort(codes, axis=1)
    return 1 + (np.diff(ordered, axis=1) != 0).sum(axis=1)


def best_chance(
    problem: Problem,
    cols: np.ndarray,
    turns: int,
    *,
    allowed: np.ndarray | None = None,
    hard: bool = False,
    budget: float = 30.0,
) -> Chance | None:
    """The move most likely to find the word within ``turns`` among the answers ``cols``
    (each equally likely), among the guesses ``allowed`` (a mask; all by default); ``hard``:
    deeper moves must fit the feedback too. None where nothing is possible or no turn is
    left; :class:`OutOfTime` after ``budget`` seconds."""
    cols = np.asarray(cols, dtype=np.int64)
    if len(cols) == 0 or turns <= 0:
        return None
    search = _Search(problem, hard, time.perf_counter() + budget)
    cands = np.arange(problem.F.shape[0], dtype=np.int64)
    if allowed is not None:
        cands = cands[allowed]
    order = rule_order(problem, "scm", cols, cands)
    codes = search.codes(order, cols)
    best_row, best = int(order[0]), -1
    for j, row in enumerate(order.tolist()):
        v = search.value(row, cols, codes[j], turns, cands)
        if v > best:
            best_row, best = row, v
            if best == len(cols):
                break
    return Chance(best_row, best, len(cols), turns)
