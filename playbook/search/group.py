"""One group's exact search as Python sees it (:class:`GroupSearch`): the numba search's
state (:class:`~playbook.engines.solve.Exact`, one value) with the questions the root
search (:mod:`playbook.search.optimal`), the fewest-unfound search
(:mod:`playbook.search.unfinder`) and the root proofs ask of it, and the trees it lays out
from its memo."""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence

import numpy as np
from numba.typed import Dict

from playbook.core.problem import Problem
from playbook.engines.bounds import branching_of, counting_table, weigh, weighted_bound
from playbook.engines.clock import NODES
from playbook.engines.constants import MISS, UNIT
from playbook.engines.cores import SEPARATORS_BYTES, core_pool, separators
from playbook.engines.layout import NO_LEAN, by_answer, split_by_code
from playbook.engines.memo import memo_guess, new_memo
from playbook.engines.scan import least_bound
from playbook.engines.solve import Exact, solve, walk, walk_room
from playbook.engines.symmetry import class_cache, kernel_args, representatives
from playbook.engines.unfound import Unfound, unfound, unfound_table
from playbook.games import Symmetry
from playbook.search.trees import Node, Probe, Tree, TryList

NO_SEPARATORS = np.zeros((0, 0, 0), dtype=np.uint64)
"""The separators (:func:`~playbook.engines.cores.separators`) of a group where the table
would not fit."""


def split_of(F: np.ndarray, S: np.ndarray, g: int, n_codes: int) -> list[tuple[int, np.ndarray]]:
    """(code, sorted columns) of every part of sorted ``S`` under guess row ``g`` of ``F``,
    by code."""
    codes, ends, laid = split_by_code(F[g], S, n_codes)
    return [
        (c, laid[a:b])
        for c, a, b in zip(codes.tolist(), [0, *ends[:-1].tolist()], ends.tolist(), strict=True)
    ]


class GroupSearch:
    """One group's search: the numba search's state (:attr:`state`, one value) and what the
    searches from Python ask of it."""

    def __init__(
        self,
        problem: Problem,
        limit: int,
        deadline: float,
        sym: Symmetry | None = None,
        weights: np.ndarray | None = None,
        nodes: int = 0,
    ) -> None:
        """``deadline``: when the clock stops the searches; ``nodes`` where above 0: how many
        nodes each search (the optimum's, the fewest-unfound) may visit instead, which makes
        what they find the same on any machine (the clock is then not read)."""
        game = problem.game
        if game.solved is None:
            raise ValueError(f"{game.name}: no solving feedback; the optimum needs one")
        self.problem = problem
        F = problem.F
        self.n = F.shape[1]
        self.limit = limit
        self.sym = sym
        solved = int(game.solved)
        self.branching = branching_of(F, solved)
        rng = np.random.default_rng(0x5EED)
        keys = np.asarray(rng.integers(0, 2**63, size=self.n, dtype=np.int64))
        symbols, positions, n_symbols = kernel_args(sym)
        self.state = Exact(
            F=F,
            col_row=np.ascontiguousarray(problem.answer_rows, dtype=np.int64),
            allrows=np.arange(F.shape[0], dtype=np.int64),
            lbtab=counting_table(limit, self.n, self.branching),
            zob=keys.astype(np.uint64) * 2 + 1,
            memo=new_memo(),
            stats=np.array([0, 0, 0, nodes], dtype=np.int64),
            deadline=float(deadline),
            solved=solved,
            n_codes=int(max(game.n_codes, int(F.max(initial=0)) + 1)),
            symbols=symbols,
            positions=positions,
            n_symbols=n_symbols,
            hist=np.zeros(limit + 1, dtype=np.int64),
            classes=class_cache(),
            lean=by_answer(F, solved) if sym is not None and weights is None else NO_LEAN,
            w=UNIT if weights is None else np.ascontiguousarray(weights, dtype=np.int64),
        )
        """What the numba search works with (``w``: each answer's weight, empty where all
        weigh 1: the search minimises the weighted guesses)."""

    # the state's parts that Python reads

    @property
    def F(self) -> np.ndarray:
        return self.state.F

    @property
    def allrows(self) -> np.ndarray:
        return self.state.allrows

    @property
    def lbtab(self) -> np.ndarray:
        return self.state.lbtab

    @property
    def zob(self) -> np.ndarray:
        return self.state.zob

    @property
    def memo(self) -> Dict:
        return self.state.memo

    @property
    def stats(self) -> np.ndarray:
        return self.state.stats

    @property
    def solved(self) -> int:
        return self.state.solved

    @property
    def n_codes(self) -> int:
        return self.state.n_codes

    @property
    def w(self) -> np.ndarray:
        return self.state.w

    @property
    def deadline(self) -> float:
        """When the clock stops the search; set anew to give it more time."""
        return self.state.deadline

    @deadline.setter
    def deadline(self, when: float) -> None:
        self.state = self.state._replace(deadline=float(when))

    def solve(self, S: np.ndarray, t: int, beta: int, history: Sequence[int] | None = None) -> int:
        """Value of ``S`` with ``t`` turns left below ``beta`` (else a bound at least
        ``beta``); ``history``: the guesses that led to ``S``, where known (the symmetry
        needs them)."""
        nh = -1 if history is None else len(history)
        if history is not None:
            self.state.hist[:nh] = history
        st = self.state
        return int(solve(st, S, t, np.int64(beta), st.allrows, nh))

    @property
    def nodes(self) -> int:
        """Nodes searched so far."""
        return int(self.stats[0])

    def forget(self) -> None:
        """Empty the memo (a fresh one: a typed dict emptied in place takes long)."""
        self.state = self.state._replace(memo=new_memo())

    @functools.cached_property
    def misses(self) -> Unfound:
        """The fewest-unfound search's state, made on first use (its own bounds, memo and
        counters; the deadline is the group's at each call)."""
        st = self.state
        rows, n = st.F.shape
        small = n * n * ((rows + 63) // 64) * 8 <= SEPARATORS_BYTES
        sep = separators(st.F) if small else NO_SEPARATORS
        return Unfound(
            F=st.F,
            allrows=st.allrows,
            lbtab=unfound_table(self.limit, self.n, self.branching),
            zob=st.zob,
            memo=new_memo(),
            stats=np.array([0, 0, 0, st.stats[NODES]], dtype=np.int64),
            deadline=st.deadline,
            solved=st.solved,
            n_codes=st.n_codes,
            sep=sep,
            pool=core_pool(sep),
        )

    def unfound(self, S: np.ndarray, t: int, beta: int) -> int:
        """The fewest answers of ``S`` (sorted columns) any tree leaves unfound within ``t``
        turns, if below ``beta``; else a lower bound of at least ``beta``; ``ABORT`` past
        the deadline (:func:`playbook.engines.unfound.unfound`)."""
        m = self.misses
        if m.stats[1] and not m.stats[NODES] and time.perf_counter() < self.deadline:
            m.stats[1] = 0  # the deadline was moved on since the clock stopped it
        return int(unfound(m._replace(deadline=self.deadline), S, t, np.int64(beta)))

    def weight(self, S: np.ndarray) -> int:
        """What the answers ``S`` weigh together (their number where all weigh 1)."""
        return int(weigh(np.asarray(S, dtype=np.int64), self.w)[0])

    def bound(self, S: np.ndarray, t: int) -> int:
        """The counting bound of ``S`` with ``t`` turns left (weighted)."""
        total, lo, _ = weigh(S, self.w)
        return int(weighted_bound(self.lbtab, t, len(S), total, lo))

    def floor(self, S: np.ndarray, t: int) -> int:
        """A lower bound of ``S`` with ``t`` turns left one level deeper than the counting
        bound (:func:`least_bound` over every guess), never below the counting bound; the
        value itself for one or two answers."""
        if len(S) <= 2 or t < 1:
            return self.bound(S, t)
        least = least_bound(
            self.F, S, t, self.allrows, self.lbtab, self.solved, self.n_codes, self.w, self.zob
        )
        return max(least, self.bound(S, t))

    def candidates(self, S: np.ndarray, history: Sequence[int]) -> np.ndarray:
        """The guess rows worth trying on ``S`` after ``history``: one per class of guesses
        alike where the game has a symmetry, else every row."""
        if self.sym is None:
            return self.allrows
        kept = representatives(self.sym, history, S, self.state.col_row)
        return self.allrows if kept is None else kept

    @property
    def aborted(self) -> bool:
        return bool(self.stats[1])

    def split(self, S: np.ndarray, g: int) -> list[tuple[int, np.ndarray]]:
        """(code, sorted columns) of every part of sorted ``S`` under guess ``g``, by code."""
        return split_of(self.F, S, g, self.n_codes)

    def parts(self, S: np.ndarray, g: int) -> list[tuple[int, np.ndarray]]:
        """(code, sorted columns) of the non-solving parts of ``S`` under guess ``g``."""
        return [(c, part) for c, part in self.split(S, g) if c != self.solved]

    def guess_of(self, S: np.ndarray, t: int) -> int:
        """The memoised best guess of a set solved exactly."""
        st = self.state
        g = int(memo_guess(S, t, st.memo, st.zob, st.col_row, st.w))
        if g < 0:
            raise RuntimeError("internal error: optimal subtree missing from the memo")
        return g

    def build(
        self,
        S: np.ndarray,
        t: int,
        depth: int,
        turns: dict[int, int],
        g: int,
        missed: list[int] | None = None,
    ) -> Probe:
        """The subtree that plays ``g`` on ``S`` and then the memoised best guesses; a part
        left when the turns are up becomes a try list past the last turn (its answers added
        to ``missed``)."""
        room = walk_room(len(S), t)
        S = np.asarray(S, dtype=np.int64)
        if not walk(self.state, S, t, depth, g, -1, -1, room):
            raise RuntimeError("internal error: optimal subtree missing from the memo")
        rows, tries, found, cnt = room
        for a, d in found[: cnt[1]].tolist():
            turns[a] = d
        kids: list[list[tuple[int, Node]]] = [[] for _ in range(int(cnt[0]))]
        node: Node | None = None
        for k in range(int(cnt[0]) - 1, -1, -1):  # each node after its parent: build upward
            guess, parent, code, size, start = rows[k].tolist()
            if guess < 0:
                if missed is None:
                    raise RuntimeError("internal error: answers left after the last turn")
                node = TryList(tuple(tries[start : start + size].tolist()))
            else:
                node = Probe(guess, tuple(reversed(kids[k])), size)
            if parent >= 0:
                kids[parent].append((code, node))
        if missed is not None:
            for k in range(int(cnt[0])):
                if rows[k, 0] < 0:
                    missed += tries[rows[k, 4] : rows[k, 4] + rows[k, 3]].tolist()
        assert isinstance(node, Probe)  # the last built is the root, the guess g
        return node

    def value(self, tree: Tree) -> int:
        """A tree's value as the search counts it: the (weighted) guesses of every answer,
        and :data:`MISS` more for each answer not found within the limit."""
        w = np.ones(self.n, dtype=np.int64) if len(self.w) == 0 else self.w
        late = [a for a, d in tree.turns.items() if d > self.limit] + list(tree.missed)
        found = sum(int(w[a]) * d for a, d in tree.turns.items() if d <= self.limit)
        return found + sum(int(w[a]) * self.limit for a in late) + len(late) * MISS
