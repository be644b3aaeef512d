"""The hitting-set triple search (playbook.engines.cover) against plain definitions.

Random feedback matrices with few codes make many answers hard to separate, so that both
"a triple exists" and "no triple exists" come up, and ties are common.
"""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from playbook.engines import cover, primitives
from playbook.engines.kernels import LARGEST, N_IN, PARTS, SUMSQ

SCM_KEYS = np.array([LARGEST, PARTS, SUMSQ, LARGEST, PARTS, SUMSQ, N_IN], dtype=np.int64)
SIZE_KEYS = np.array([SUMSQ, LARGEST, PARTS, SUMSQ, N_IN], dtype=np.int64)


@st.composite
def matrices(draw: st.DrawFn) -> np.ndarray:
    n_g = draw(st.integers(3, 14))
    n = draw(st.integers(2, 11))
    codes = draw(st.integers(2, 4))
    seed = draw(st.integers(0, 2**32 - 1))
    return np.random.default_rng(seed).integers(0, codes, size=(n_g, n)).astype(np.uint8)


def plain_best(
    F: np.ndarray, bound: int, in_ans: np.ndarray, by_size: bool
) -> tuple[tuple[int, ...], int] | None:
    """Every triple scored by definition; the best (SCM or expected size, then more possible
    answers, then list order) with its largest part."""
    best = None
    for t in itertools.combinations(range(F.shape[0]), 3):
        classes: dict[tuple[int, ...], int] = {}
        for a in range(F.shape[1]):
            key = tuple(int(F[g, a]) for g in t)
            classes[key] = classes.get(key, 0) + 1
        sizes = list(classes.values())
        largest = max(sizes)
        if largest > bound:
            continue
        nin = int(sum(in_ans[g] for g in t))
        k = (largest, -len(sizes), sum(s * s for s in sizes), -nin, t)
        if by_size:
            k = (sum(s * s for s in sizes), *k)
        if best is None or k < best:
            best = k
    return None if best is None else (best[-1], best[-5])


def table(F: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return cover.agreement(np.ascontiguousarray(F.T))


def as_set(bits: np.ndarray, n_g: int) -> set[int]:
    return {g for g in range(n_g) if (int(bits[g >> 6]) >> (g & 63)) & 1}


@settings(max_examples=60, deadline=None)
@given(matrices(), st.booleans(), st.integers(0, 2**32 - 1), st.integers(1, 12))
def test_agreement_is_the_definition(F: np.ndarray, wide: bool, seed: int, reps: int) -> None:
    F = np.tile(F, (reps, 1))  # past 64 guesses: bitsets of several words
    if wide:  # two-byte codes (six letters and more): equal low bytes, other high bytes
        high = np.random.default_rng(seed).integers(0, 3, size=F.shape).astype(np.uint16)
        F = (high << 8 | F).astype(np.uint16)
    E, sim = table(F)
    n_g, n = F.shape
    for a, b in itertools.combinations(range(n), 2):
        same = {g for g in range(n_g) if F[g, a] == F[g, b]}
        assert as_set(E[primitives.pair_index(a, b, n)], n_g) == same
        assert primitives.pair_index(a, b, n) == primitives.pair_index(b, a, n)
        assert sim[a, b] == sim[b, a] == len(same)


@settings(max_examples=60, deadline=None)
@given(matrices(), st.integers(2, 4), st.integers(0, 2**32 - 1))
def test_separate_keeps_exactly_the_separating_guesses(F: np.ndarray, k: int, seed: int) -> None:
    n_g, n = F.shape
    if n < k:
        return
    E, _ = table(F)
    rng = np.random.default_rng(seed)
    mem = rng.choice(n, size=k, replace=False).astype(np.int64)
    start = rng.integers(0, 2, size=n_g).astype(bool)
    bits = np.zeros((n_g + 63) // 64, dtype=np.uint64)
    for g in np.flatnonzero(start):
        bits[g >> 6] |= np.uint64(1) << np.uint64(g & 63)
    left = primitives.separate(E, n, mem, k, bits, 0)
    want = {g for g in np.flatnonzero(start) if len({int(F[g, a]) for a in mem}) > 1}
    assert as_set(bits, n_g) == want
    assert left == bool(want)


@settings(max_examples=60, deadline=None)
@given(matrices(), st.integers(1, 2))
def test_exact_class_mask_is_the_definition(F: np.ndarray, bound: int) -> None:
    n_g, n = F.shape
    E, _ = table(F)
    order = np.arange(n, dtype=np.int64)
    bits = ~cover._outside(n_g)
    mem = np.empty(3, dtype=np.int64)
    left = primitives.exact_class(E, n, order, 0, n, bound + 1, bits, mem)
    want = {g for g in range(n_g) if max(np.bincount(F[g]).tolist()) <= bound}
    assert as_set(bits, n_g) == want
    assert left == bool(want)


@settings(max_examples=60, deadline=None)
@given(matrices(), st.integers(1, 3))
def test_every_good_triple_holds_a_first_word(F: np.ndarray, bound: int) -> None:
    # the root witness is real: every triple meeting the bound separates it
    E, sim = table(F)
    firsts = set(cover.first_words(E, sim, F.shape[0], bound, np.arange(F.shape[0])).tolist())
    for t in itertools.combinations(range(F.shape[0]), 3):
        codes = [tuple(int(F[g, a]) for g in t) for a in range(F.shape[1])]
        if max(codes.count(c) for c in codes) <= bound:
            assert firsts & set(t), t


@settings(max_examples=150, deadline=None)
@given(matrices(), st.integers(1, 4), st.booleans(), st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_search_equals_plain_enumeration(
    F: np.ndarray, bound: int, by_size: bool, units: int, seed: int
) -> None:
    n_g = F.shape[0]
    in_ans = np.random.default_rng(seed).integers(0, 2, size=n_g).astype(np.int64)
    want = plain_best(F, bound, in_ans, by_size)
    E, sim = table(F)
    firsts = cover.first_words(E, sim, n_g, bound, np.arange(n_g))
    keys = SIZE_KEYS if by_size else SCM_KEYS
    found = []
    for u in range(units):
        mine = np.arange(u, len(firsts), units, dtype=np.int64)
        best = cover.search(F, E, sim, firsts, mine, bound, keys, in_ans, 5)[0]
        if best[0] >= 0:
            found.append((int(best[0]), int(best[1]), int(best[2])))
    if want is None:
        assert found == []  # the search proves that none exists
        return
    assert want[0] in found
    assert all(plain_best(F[list(t)], bound, in_ans[list(t)], by_size) for t in found)
