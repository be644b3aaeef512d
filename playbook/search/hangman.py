"""Hangman's search over letters: exact minimax over the words still possible, the greedy
rule, a cheating host.

A state (letters guessed, pattern shown) is the set of words consistent with it, so the search
works on sets of answer columns. ``worst(S)`` is the fewest misses that a guesser can guarantee
from ``S``: 0 when one word is left (its remaining letters are all hits), else the minimum over
letters that split ``S`` of the maximum over the host's answers of (1 if a miss) + worst(part).
It is computed depth-first with memoisation and a cut-off bound (alpha-beta style).
"""

from __future__ import annotations

import dataclasses
import time
from collections import Counter
from collections.abc import Callable

import numpy as np

from playbook.core.problem import Problem
from playbook.engines import kernels
from playbook.engines import misses as misses_kernel
from playbook.engines.constants import ABORT, GUESS_MASK
from playbook.engines.memo import memo_entry, new_memo
from playbook.engines.misses import Minimax
from playbook.search.trees import Node, Probe, TryList, size


def family_ids(words: list[str] | tuple[str, ...]) -> np.ndarray:
    """For each position p and word, an id shared by the words equal to it except at p whose
    letter at p occurs nowhere else in them; a word whose letter at p occurs elsewhere too
    gets an id of its own. Guessing the letter at p of one of the sharers tells that word from
    the rest and misses on all the rest; guessing the letter of "that" at 0 (also at 3) would
    be a hit on "chat" and "what" as well, so "that" is no sharer of "_hat"."""
    length = len(words[0]) if words else 0
    ids: dict[str, int] = {}
    out = np.zeros((length, len(words)), dtype=np.int64)
    for p in range(length):
        for j, w in enumerate(words):
            rest = w[:p] + w[p + 1 :]
            key = f"{p}:{w[:p]}_{w[p + 1 :]}" if w[p] not in rest else f"{p}:{w}"
            out[p, j] = ids.setdefault(key, len(ids))
    return out


class OutOfTime(Exception):
    """The time budget ran out."""


def splits(F: np.ndarray, cols: np.ndarray, n_codes: int, rule: str = "misses") -> list[int]:
    """Letters (rows of ``F``) that split ``cols``, best first. ``misses``: fewest words in
    the miss part (the most frequent letter), then smallest largest part; ``largest``:
    smallest largest part, then fewest misses. Ties alphabetical."""
    largest, miss, n_parts = kernels.letter_stats(F, cols, n_codes)
    useful = np.flatnonzero(n_parts > 1)
    if rule == "largest":
        order = np.lexsort((useful, miss[useful], largest[useful]))
    else:
        order = np.lexsort((useful, largest[useful], miss[useful]))
    return [int(x) for x in useful[order]]


def parts(F: np.ndarray, letter: int, cols: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """The host's possible answers to ``letter``: the miss first, then largest first."""
    sorted_cols, codes, starts, ends = kernels.letter_parts(F[letter], cols)
    return [
        (int(c), sorted_cols[a:b])
        for c, a, b in zip(codes.tolist(), starts.tolist(), ends.tolist(), strict=True)
    ]


@dataclasses.dataclass
class Solver:
    """Exact minimax for one word length. ``F``: letters (rows) x words (columns). The search
    runs in numba (:func:`playbook.engines.misses.worst`)."""

    F: np.ndarray
    budget: float = 60.0
    """Seconds before :class:`OutOfTime`."""
    families: np.ndarray | None = None
    """:func:`family_ids` of the words, for the lower bound (optional)."""

    def __post_init__(self) -> None:
        self.F = np.ascontiguousarray(self.F)
        self.n_codes = int(self.F.max()) + 1 if self.F.size else 1
        self.n_families = int(self.families.max()) + 1 if self.families is not None else 0
        self.fam = (
            np.ascontiguousarray(self.families, dtype=np.int64)
            if self.families is not None
            else np.zeros((0, 0), dtype=np.int64)
        )
        rng = np.random.default_rng(0x5EED)
        keys = np.asarray(rng.integers(0, 2**63, size=self.F.shape[1], dtype=np.int64))
        self.state = Minimax(
            F=self.F,
            families=self.fam,
            counts=np.zeros(max(self.n_families, 1), dtype=np.int64),
            zob=keys.astype(np.uint64) * 2 + 1,
            memo=new_memo(),
            stats=np.zeros(4, dtype=np.int64),
            deadline=time.perf_counter() + self.budget,
            n_codes=self.n_codes,
        )
        """What the numba search works with (:class:`~playbook.engines.misses.Minimax`)."""

    @property
    def nodes(self) -> int:
        return int(self.state.stats[0])

    def worst(self, cols: np.ndarray, beta: int = 1 << 30) -> int:
        """Fewest misses guaranteed from ``cols``; exact if below ``beta``, else a lower bound
        that is at least ``beta``. :class:`OutOfTime` past the budget."""
        S = np.ascontiguousarray(cols, dtype=np.int64)
        v = int(misses_kernel.worst(self.state, S, np.int64(beta)))
        if v == ABORT:
            raise OutOfTime
        return v

    def letter(self, cols: np.ndarray) -> int:
        """The best letter for ``cols`` (after :meth:`worst` decided it)."""
        S = np.ascontiguousarray(cols, dtype=np.int64)
        packed = int(memo_entry(self.state.memo, S, 0, self.state.zob))
        assert packed >= 0 and packed & 1, "worst() decides a set before its letter is read"
        return (packed >> 1) & GUESS_MASK

    def tree(self, cols: np.ndarray) -> Node:
        """The optimal tree from ``cols`` (after :meth:`worst`)."""
        if len(cols) == 1:
            return TryList((int(cols[0]),))
        self.worst(cols)
        letter = self.letter(cols)
        codes = self.F[letter, cols]
        children = tuple((int(c), self.tree(cols[codes == c])) for c in np.unique(codes).tolist())
        return Probe(letter, children, len(cols))


def greedy_tree(F: np.ndarray, cols: np.ndarray, rule: str = "largest") -> Node:
    """A greedy rule: ``largest`` guesses the letter whose largest resulting family is
    smallest (ties: fewer words in the miss family, then alphabetical); ``misses`` the letter
    in most words (ties: smaller largest family)."""
    n_codes = int(F.max()) + 1 if F.size else 1

    def grow(S: np.ndarray) -> Node:
        if len(S) == 1:
            return TryList((int(S[0]),))
        letter = splits(F, S, n_codes, rule)[0]
        children = tuple(
            (code, grow(part)) for code, part in sorted(parts(F, letter, S), key=lambda p: p[0])
        )
        return Probe(letter, children, len(S))

    return grow(cols)


def misses(node: Node, F: np.ndarray) -> dict[int, int]:
    """Misses each word takes under a tree."""
    out: dict[int, int] = {}

    def walk(n: Node, spent: int) -> None:
        if isinstance(n, TryList):
            out[n.cols[0]] = spent
            return
        for code, child in n.children:
            walk(child, spent + (1 if code == 0 else 0))

    walk(node, 0)
    return out


def cheating_host(node: Node) -> tuple[int, int]:
    """Play a tree against a host that keeps the largest family consistent with its answers
    (ties: a miss, then the lowest code). Returns (misses, the word it ends with)."""
    spent = 0
    while isinstance(node, Probe):
        code, node = max(node.children, key=lambda c: (size(c[1]), c[0] == 0, -c[0]))
        spent += 1 if code == 0 else 0
    return spent, node.cols[0]


@dataclasses.dataclass(frozen=True)
class LengthResult:
    """The verdict for one word length."""

    length: int
    words: int
    exact: int | None
    """Fewest worst-case misses (None if the budget ran out)."""
    lower_bound: int
    greedy: int
    """Worst-case misses of the greedy rule."""
    cheat_greedy: int
    """Misses the greedy rule suffers against the cheating host."""
    cheat_exact: int | None
    hardest: tuple[int, ...]
    """Columns of the words that need the most misses in the optimal (else greedy) tree."""
    seconds: float
    nodes: int
    tree: Node


def solve_length(
    problem: Problem,
    *,
    budget: float = 60.0,
    family_bound: bool = True,
    progress: Callable[[str], None] | None = None,
) -> LengthResult:
    """Exact verdict, greedy comparison and cheating-host figures for one word length (the
    problem's answers: words of one length; its guesses: letters). ``family_bound``: use the
    lower bound of words that differ at one position only."""
    t0 = time.perf_counter()
    F = problem.F
    length = len(problem.answers[0]) if problem.answers else 0
    words = problem.answers if family_bound else None
    cols = np.arange(F.shape[1], dtype=np.int64)
    greedy = greedy_tree(F, cols)
    g_misses = misses(greedy, F)
    tree: Node = greedy
    frequent = greedy_tree(F, cols, "misses")
    if max(misses(frequent, F).values()) < max(g_misses.values()):
        tree = frequent
    upper = max(misses(tree, F).values())
    families = family_ids(words) if words else None
    solver = Solver(F, budget=budget, families=families)
    lower = (
        int(kernels.family_bound(families, cols, solver.n_families)) if families is not None else 0
    )
    exact: int | None = upper if lower >= upper else None
    try:
        # iterative deepening: prove "at least k" for k = lower + 1, ... until a tree with
        # fewer misses is found; every finished step is a proven lower bound
        for k in range(lower + 1, upper + 1):
            value = solver.worst(cols, beta=k)
            if value < k:
                exact = value
                tree = solver.tree(cols)
                break
            lower = k
        else:
            exact = upper  # the heuristic tree is optimal
    except OutOfTime:
        pass
    m = misses(tree, F)
    worst = max(m.values())
    hardest = tuple(sorted(c for c, v in m.items() if v == worst))
    result = LengthResult(
        length=length,
        words=len(cols),
        exact=exact,
        lower_bound=exact if exact is not None else lower,
        greedy=max(g_misses.values()),
        cheat_greedy=cheating_host(greedy)[0],
        cheat_exact=cheating_host(tree)[0] if exact is not None else None,
        hardest=hardest,
        seconds=time.perf_counter() - t0,
        nodes=solver.nodes,
        tree=tree,
    )
    if progress:
        progress(f"length {length}: {result.exact}")
    return result


def distribution(node: Node, F: np.ndarray) -> dict[int, int]:
    """Number of words per number of misses."""
    return dict(sorted(Counter(misses(node, F).values()).items()))
