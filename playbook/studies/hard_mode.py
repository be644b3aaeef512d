"""The exact optimum under a hard mode (Wordle's as the game enforces it): every guess keeps
what the feedback before it revealed (:mod:`playbook.studies.hard_search`).

:class:`HardSearch` holds one group's search; it answers what
:mod:`playbook.studies.root_proof` asks (the optimum of the trees that open with a guess, or a
bound at least a cut-off), :meth:`HardSearch.tree` builds the tree itself, and
:func:`broken_rules` checks a tree against the rule from the words alone, without the
search's tables.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from playbook.core.problem import Problem
from playbook.engines.bounds import branching_of, counting_table
from playbook.engines.constants import GUESS_MASK, INF, MISS, UNIT
from playbook.engines.memo import new_memo
from playbook.engines.scan import least_bound
from playbook.games.lingo import keeps_revealed
from playbook.search.group import split_of
from playbook.search.trees import Node, Probe, Tree, TryList
from playbook.studies.hard_search import Hard, hard_solve, narrowed, node_key


def _keys(rng: np.random.Generator, n: int) -> np.ndarray:
    """``n`` odd 64-bit keys (memo keys of sets: a sum of keys)."""
    return np.asarray(rng.integers(0, 2**63, size=n, dtype=np.int64).astype(np.uint64) * 2 + 1)


class HardSearch:
    """One group's hard-mode search: its tables, memo and node count."""

    def __init__(self, problem: Problem, limit: int) -> None:
        game = problem.game
        rule = game.revealing(problem.guesses)
        if rule is None or game.solved is None:
            raise ValueError(f"{game.name}: no hard mode to search")
        self.problem = problem
        self.F = np.ascontiguousarray(problem.F)
        self.n = self.F.shape[1]
        self.limit = limit
        self.solved = int(game.solved)
        self.n_codes = int(max(game.n_codes, int(self.F.max(initial=0)) + 1))
        self.lbtab = counting_table(limit, self.n, branching_of(self.F, self.solved))
        rng = np.random.default_rng(0x4A2D)
        self.zob = _keys(rng, self.n)
        self.zrow = _keys(rng, self.F.shape[0])
        self.letters = np.ascontiguousarray(rule.letters)
        self.right, self.shown = rule.right, rule.shown
        self.memo = new_memo()
        self.stats = np.zeros(2, dtype=np.int64)
        self.everyone = np.arange(self.n, dtype=np.int64)
        self.all_rows = np.arange(self.F.shape[0], dtype=np.int64)

    @property
    def state(self) -> Hard:
        """The search's one value for the kernel (its memo the one kept now)."""
        return Hard(
            self.F,
            self.lbtab,
            self.zob,
            self.zrow,
            self.memo,
            self.stats,
            self.solved,
            self.n_codes,
            self.letters,
            self.right,
            self.shown,
        )

    @property
    def nodes(self) -> int:
        """Nodes searched so far."""
        return int(self.stats[0])

    def forget(self) -> None:
        """Empty the memo (a fresh one: a typed dict emptied in place takes long)."""
        self.memo = new_memo()

    def allowed(self, A: np.ndarray, g: int, code: int) -> np.ndarray:
        """The guesses of ``A`` still allowed after ``g`` got ``code``."""
        return np.asarray(narrowed(A, self.letters, self.right, self.shown, g, code))

    def solve(self, S: np.ndarray, A: np.ndarray, t: int, beta: int = INF) -> int:
        """The value of the answers ``S`` with ``t`` turns left and the guesses ``A``
        allowed, if below ``beta``; else a bound at least ``beta``."""
        return int(hard_solve(self.state, S, A, t, np.int64(beta)))

    def parts(self, S: np.ndarray, g: int) -> list[tuple[int, np.ndarray]]:
        """(code, sorted answers) of each non-solving part of ``S`` under ``g``, by code."""
        return [(c, p) for c, p in split_of(self.F, S, g, self.n_codes) if c != self.solved]

    def floor(self, S: np.ndarray, A: np.ndarray, t: int) -> int:
        """A lower bound of ``S`` with ``t`` turns left and the guesses ``A`` allowed, one
        level deeper than the counting bound: the least any allowed guess that splits ``S``
        or is in it gives (the answers and its parts' counting bounds)."""
        lb = int(self.lbtab[t, len(S)])
        if len(S) <= 2 or t < 2:
            return lb
        least = least_bound(self.F, S, t, A, self.lbtab, self.solved, self.n_codes, UNIT, self.zob)
        return max(least, lb)

    # what a proof about first guesses asks (playbook.studies.root_proof.Openings)

    def opening_parts(self, g: int) -> list[tuple[int, np.ndarray]]:
        return self.parts(self.everyone, g)

    def answers_weight(self) -> int:
        return self.n

    def part_floor(self, g: int, code: int, part: np.ndarray) -> int:
        return self.floor(part, self.allowed(self.all_rows, g, code), self.limit - 1)

    def part_counting(self, part: np.ndarray) -> int:
        return int(self.lbtab[self.limit - 1, len(part)])

    def part_solve(self, g: int, code: int, part: np.ndarray, beta: int) -> int:
        return self.solve(part, self.allowed(self.all_rows, g, code), self.limit - 1, beta)

    def fresh(self) -> HardSearch:
        """The same search with a memo of its own."""
        return HardSearch(self.problem, self.limit)

    def tree(self, g: int) -> Tree:
        """The optimal tree that opens with ``g`` (after
        :func:`~playbook.studies.root_proof.refute_opening` solved its parts exactly)."""
        turns: dict[int, int] = {}
        missed: list[int] = []

        def node(S: np.ndarray, A: np.ndarray, t: int, depth: int, guess: int) -> Node:
            children: list[tuple[int, Node]] = []
            for c, part in split_of(self.F, S, guess, self.n_codes):
                if c == self.solved:
                    turns[int(part[0])] = depth
                    continue
                children.append((c, child(part, self.allowed(A, guess, c), t - 1, depth + 1)))
            return Probe(guess, tuple(children), len(S))

        def child(S: np.ndarray, A: np.ndarray, t: int, depth: int) -> Node:
            if t == 0:
                missed.extend(S.tolist())
                return TryList(tuple(S.tolist()))
            return node(S, A, t, depth, self.best_guess(S, A, t))

        root = node(self.everyone, self.all_rows, self.limit, 1, g)
        return Tree(root, turns, tuple(sorted(missed)))

    def best_guess(self, S: np.ndarray, A: np.ndarray, t: int) -> int:
        """The guess the memo keeps for a node solved exactly (a possible answer for one or
        two answers, or one turn left)."""
        rows = self.problem.answer_rows
        if len(S) <= 2 or t == 1:
            return int(rows[S[0]])
        key = np.uint64(node_key(S, A, t, self.zob, self.zrow))
        e = self.memo.get(key, -1)
        if e < 0 or not e & 1:
            self.solve(S, A, t)  # solved again exactly: the memo kept a bound
            e = self.memo[key]
        return int((e >> 1) & GUESS_MASK)

    def value(self, tree: Tree) -> int:
        """A tree's value as the search counts it (:data:`MISS` for each answer not found)."""
        late = [a for a, d in tree.turns.items() if d > self.limit] + list(tree.missed)
        found = sum(d for d in tree.turns.values() if d <= self.limit)
        return found + (self.limit + MISS) * len(late)


def broken_rules(problem: Problem, tree: Tree) -> Iterator[str]:
    """Each guess of ``tree`` that does not keep what the feedback before it revealed, read
    from the words themselves (:func:`keeps_revealed`)."""
    game = problem.game

    def walk(node: Node, history: list[tuple[str, int]]) -> Iterator[str]:
        if not isinstance(node, Probe):
            return
        word = problem.guesses[node.row]
        for before, code in history:
            if not keeps_revealed(before, game.format(code), word):
                shown = " ".join(f"{w} {game.format(c)}" for w, c in history)
                yield f"{word} after {shown} drops what {before} revealed"
                break
        for code, child in node.children:
            yield from walk(child, [*history, (word, code)])

    yield from walk(tree.root, [])
