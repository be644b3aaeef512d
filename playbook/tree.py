"""What to play after the openings: try orders, exception moves and adaptive next moves.

A node answers "which words are still possible, and how do I find the answer within the turns
left?" Either a :class:`TryList` (play the words in order, skipping any that the feedback so
far rules out) or a :class:`Probe` (play one move, then look its feedback up in a table).
``solve`` builds the node for a set of answers under a profile:

* ``simple``: a try list in the order with the fewest expected turns; where no order finds
  every word in time, an exception move (any guess) that splits the set, recursively.
* ``fast``: a next move for every set of three or more words, chosen by a bounded lookahead
  over the best-ranked moves, to minimise the total number of turns.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence

import numpy as np

from playbook import kernels
from playbook.search import BIG, rank_order

MAX_PERMUTE = 5
"""Try lists up to this size get the best of all orders; longer ones a splitter-first order."""


@dataclasses.dataclass(frozen=True)
class TryList:
    """Play these answers (columns) in order, skipping any ruled out by the feedback so far."""

    cols: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class Probe:
    """Play guess ``row``; the feedback code selects the child node."""

    row: int
    children: tuple[tuple[int, Node], ...]
    """(feedback code, node) for every code some answer gives; the solved code is absent."""
    size: int
    """Answers still possible when the probe is played (its own word included)."""


Node = TryList | Probe


@dataclasses.dataclass(frozen=True)
class Solved:
    """A node with the turns it takes for each of its answers (1 = the node's first move)."""

    node: Node
    turns: dict[int, int]

    @property
    def total(self) -> int:
        return sum(self.turns.values())

    @property
    def worst(self) -> int:
        return max(self.turns.values(), default=0)


@dataclasses.dataclass
class Group:
    """A group's feedback matrix and how its answers map to guesses."""

    F: np.ndarray
    """Feedback codes, guess pool x the group's answers."""
    answer_rows: np.ndarray
    """The guess row of each answer column (answers must be allowed guesses)."""
    n_codes: int
    solved_code: int
    mode: int = kernels.SCM
    """Ranking mode for candidate moves."""

    def __post_init__(self) -> None:
        self._memo: dict[tuple[tuple[int, ...], int, str, int], Solved] = {}
        self.in_answers = np.zeros(self.F.shape[0], dtype=np.int64)
        self.in_answers[self.answer_rows] = 1


def try_turns(g: Group, order: Sequence[int]) -> dict[int, int]:
    """Turns each answer takes under a try list (play in order, skip the ruled-out)."""
    out = {}
    rows = [int(g.answer_rows[c]) for c in order]
    for a in order:
        history: list[tuple[int, int]] = []
        turn = 0
        for c, r in zip(order, rows, strict=True):
            if any(g.F[h, c] != code for h, code in history):
                continue
            turn += 1
            if c == a:
                break
            history.append((r, int(g.F[r, a])))
        out[a] = turn
    return out


def best_try(g: Group, cols: Sequence[int], turns_left: int) -> Solved:
    """The try order with every word in time if possible, then the fewest total turns."""
    cols = sorted(cols)
    if len(cols) <= MAX_PERMUTE:
        best: tuple[tuple[int, int], Solved] | None = None
        for perm in itertools.permutations(cols):
            t = try_turns(g, perm)
            s = Solved(TryList(tuple(perm)), t)
            key = (max(s.worst - turns_left, 0), s.total)
            if best is None or key < best[0]:
                best = (key, s)
        assert best is not None
        return best[1]
    # a word that splits the others goes first
    sub = np.asarray(cols, dtype=np.int64)
    F = np.ascontiguousarray(g.F[g.answer_rows[sub]][:, sub])
    order = np.arange(len(cols), dtype=np.int64)
    mx, parts, sq, slog = kernels.eval_candidates(
        F, order, order, np.array([0]), np.array([len(cols)]), BIG, g.n_codes
    )
    ranked = rank_order(kernels.SCM, mx, parts, sq, slog, np.zeros(len(cols), np.int64))
    perm = tuple(cols[i] for i in ranked)
    return Solved(TryList(perm), try_turns(g, perm))


def _candidates(g: Group, cols: np.ndarray, breadth: int) -> list[int]:
    sub = np.ascontiguousarray(g.F[:, cols])
    order = np.arange(len(cols), dtype=np.int64)
    cands = np.arange(g.F.shape[0], dtype=np.int64)
    mx, parts, sq, slog = kernels.eval_candidates(
        sub, cands, order, np.array([0]), np.array([len(cols)]), BIG, g.n_codes
    )
    in_s = np.zeros(g.F.shape[0], dtype=np.int64)
    in_s[g.answer_rows[cols]] = 1
    ranked = rank_order(g.mode, mx, parts, sq, slog, in_s)
    useful = ranked[parts[ranked] > 1]
    picks = useful[:breadth].tolist()
    # the best moves that may themselves be the answer
    picks += [int(r) for r in useful[in_s[useful] == 1][: max(1, breadth // 3)] if r not in picks]
    return [int(r) for r in picks]


def _probe(
    g: Group, row: int, cols: np.ndarray, turns_left: int, profile: str, breadth: int
) -> Solved:
    codes = g.F[row, cols]
    children = []
    turns: dict[int, int] = {}
    for code in np.unique(codes).tolist():
        part = cols[codes == code]
        if code == g.solved_code:
            turns[int(part[0])] = 1
            continue
        child = solve(g, part.tolist(), turns_left - 1, profile=profile, breadth=breadth)
        children.append((int(code), child.node))
        for c, t in child.turns.items():
            turns[c] = t + 1
    return Solved(Probe(row, tuple(children), len(cols)), turns)


def solve(
    g: Group, cols: Sequence[int], turns_left: int, *, profile: str = "simple", breadth: int = 6
) -> Solved:
    """The node for the answers ``cols`` with ``turns_left`` turns (see module docstring)."""
    key = (tuple(sorted(cols)), turns_left, profile, breadth)
    if key in g._memo:
        return g._memo[key]
    arr = np.asarray(key[0], dtype=np.int64)
    options: list[Solved] = []
    if profile == "simple" or len(arr) <= MAX_PERMUTE:
        options.append(best_try(g, key[0], turns_left))
    in_time = bool(options) and options[0].worst <= turns_left
    if len(arr) > 1 and turns_left > 1 and (not in_time or (profile == "fast" and len(arr) > 2)):
        next_breadth = max(1, breadth // 2)
        for row in _candidates(g, arr, breadth):
            options.append(_probe(g, row, arr, turns_left, profile, next_breadth))
    if not options:
        options.append(best_try(g, key[0], turns_left))
    best = min(options, key=lambda s: (max(s.worst - turns_left, 0), s.total))
    g._memo[key] = best
    return best


def leaves_failing(s: Solved, turns_left: int) -> list[int]:
    """Answers that the node does not find within ``turns_left`` turns."""
    return sorted(c for c, t in s.turns.items() if t > turns_left)
