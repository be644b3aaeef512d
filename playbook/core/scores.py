"""Partitions of the words still possible and their scores (how the rankings in
:mod:`playbook.core.ranking` order them), with plain-Python references for tests."""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np


@dataclasses.dataclass(frozen=True, order=False)
class Score:
    """How well a set of moves splits a set of possible words."""

    largest: int
    """Size of the largest subset (SCM, definition 1)."""
    parts: int
    """Number of non-empty subsets (definition 2)."""
    sumsq: int
    """Sum over subsets of size squared, i.e. sum of k*k*a_k (footnote 6)."""
    slog: float
    """Sum over subsets of k*log2(k), from which the entropy follows."""
    n_in: int
    """How many of the moves are themselves possible answers (definition 3)."""
    total: int
    """Number of words split."""

    @property
    def entropy(self) -> float:
        """Information of the feedback, in bits."""
        return math.log2(self.total) - self.slog / self.total if self.total else 0.0

    @property
    def expected_size(self) -> float:
        """Expected size of the subset that remains."""
        return self.sumsq / self.total if self.total else 0.0


def score_of_sizes(sizes: Sequence[int], n_in: int = 0) -> Score:
    """Score of a partition given its subset sizes."""
    return Score(
        largest=max(sizes, default=0),
        parts=len(sizes),
        sumsq=sum(k * k for k in sizes),
        slog=sum(k * math.log2(k) for k in sizes),
        n_in=n_in,
        total=sum(sizes),
    )


def combined_codes(F: np.ndarray, moves: Sequence[int], n_codes: int) -> np.ndarray:
    """One int64 code per answer for the feedback of all ``moves`` together."""
    out = np.zeros(F.shape[1], dtype=np.int64)
    for g in moves:
        out = out * n_codes + F[g]
    return out


def score_moves(F: np.ndarray, moves: Sequence[int], in_answers: np.ndarray, n_codes: int) -> Score:
    """Score of playing ``moves`` (guess rows of ``F``) against all answers (columns)."""
    codes = combined_codes(F, moves, n_codes)
    _, sizes = np.unique(codes, return_counts=True)
    return score_of_sizes(sizes.tolist(), n_in=int(sum(in_answers[g] for g in set(moves))))


def reference_partition(
    feedback: Callable[[str, str], int], moves: Sequence[str], words: Sequence[str]
) -> dict[tuple[int, ...], list[str]]:
    """Plain-Python partition of ``words`` by the feedback of every move (for tests)."""
    parts: dict[tuple[int, ...], list[str]] = {}
    for w in words:
        parts.setdefault(tuple(feedback(m, w) for m in moves), []).append(w)
    return parts


def reference_score(
    feedback: Callable[[str, str], int], moves: Sequence[str], words: Sequence[str]
) -> Score:
    """Plain-Python score of ``moves`` on ``words`` (for tests)."""
    sizes = Counter(len(v) for v in reference_partition(feedback, moves, words).values())
    flat = [k for k, a in sizes.items() for _ in range(a)]
    word_set = set(words)
    return score_of_sizes(flat, n_in=sum(1 for m in set(moves) if m in word_set))
