"""The sets no one guess tells apart, in numba, for the fewest-unfound search
(:mod:`playbook.engines.unfound`): which guesses tell each two answers apart (a bit set per pair,
:func:`separators`), whether one guess tells a set apart (:func:`told_apart`), and the few
answers of a set that keep it so (its *core*, :func:`core_of`), kept in a pool the sets that
follow start from (:func:`core_pool`)."""

from __future__ import annotations

import numba
import numpy as np

from playbook.engines.scan import perfect

SEPARATORS_BYTES = 64 << 20
"""The most memory :func:`separators` may take (a group of 548 answers and as many guesses, as
under the TV rules, needs 21.6 MB; with 5,779 guesses 218 MB, and goes without)."""


@numba.njit(cache=True, nogil=True)
def separators(F):  # type: ignore[no-untyped-def]  # numba types it at the call
    """``sep[a, b]`` for answer columns ``a < b``: the guess rows that give ``a`` and ``b``
    different codes, as a bit set (bit ``g % 64`` of word ``g // 64``)."""
    rows, n = F.shape
    words = (rows + 63) // 64
    sep = np.zeros((n, n, words), dtype=np.uint64)
    for g in range(rows):
        w = g // 64
        bit = np.uint64(1) << np.uint64(g % 64)
        r = F[g]
        for a in range(n):
            ca = r[a]
            for b in range(a + 1, n):
                if r[b] != ca:
                    sep[a, b, w] |= bit
    return sep


@numba.njit(cache=True, nogil=True)
def told_apart(sep, F, S, seen, stats):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Whether one guess gives each answer of ``S`` (sorted columns, 2+) its own code. Only a
    guess that tells each answer from the next apart can: those are the intersection of
    ``n - 1`` rows of ``sep``, and only they are tried (showing that no strategy finds all of
    Lingo's g under the TV rules took about 350 M guess checks trying every guess, 1.3 M so)."""
    n = S.shape[0]
    acc = sep[S[0], S[1]].copy()
    for i in range(1, n - 1):
        row = sep[S[i], S[i + 1]]
        left = np.uint64(0)
        for w in range(acc.shape[0]):
            acc[w] &= row[w]
            left |= acc[w]
        if left == 0:
            return False
    for w in range(acc.shape[0]):
        bits = acc[w]
        while bits != 0:
            low = bits & (~bits + np.uint64(1))  # the lowest set bit
            g = w * 64 + _bit_index(low)
            bits ^= low
            stats[2] += 1
            if perfect(F[g], S, seen, stats[2]):
                return True
    return False


@numba.njit(cache=True, nogil=True)
def _bit_index(bit):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The index of the one set bit of ``bit``."""
    k = 0
    while bit > np.uint64(1):
        bit >>= np.uint64(1)
        k += 1
    return k


@numba.njit(cache=True, nogil=True)
def _popcount(x):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The number of set bits of the 64-bit ``x``."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@numba.njit(cache=True, nogil=True)
def core_of(sep, P, out):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Writes to ``out`` a few answers of ``P`` (sorted columns, 3+, not told apart by any one
    guess) that no guess tells apart either, and returns how many: from the pair the fewest
    guesses tell apart, each time the answer that leaves the fewest guesses telling all
    apart (``sep``: :func:`separators`, not empty)."""
    n = P.shape[0]
    words = sep.shape[2]
    fewest = np.int64(1 << 62)
    for i in range(n):
        for j in range(i + 1, n):
            r = sep[P[i], P[j]]
            c = np.int64(0)
            for w in range(words):
                c += _popcount(r[w])
            if c < fewest:
                fewest, out[0], out[1] = c, P[i], P[j]
    # tell[i]: the guesses that tell the answers taken and P[i] apart, each from each
    tell = np.empty((n, words), dtype=np.uint64)
    taken = np.zeros(n, dtype=np.bool_)
    r = sep[out[0], out[1]]
    for i in range(n):
        e = P[i]
        if e == out[0] or e == out[1]:
            taken[i] = True
            continue
        ra = sep[min(out[0], e), max(out[0], e)]
        rb = sep[min(out[1], e), max(out[1], e)]
        for w in range(words):
            tell[i, w] = ra[w] & rb[w] & r[w]
    k = 2
    while fewest > 0 and k < n:
        fewest = np.int64(1 << 62)
        chosen = -1
        for i in range(n):
            if not taken[i]:
                c = np.int64(0)
                for w in range(words):
                    c += _popcount(tell[i, w])
                if c < fewest:
                    fewest, chosen = c, i
        taken[chosen] = True
        x = P[chosen]
        out[k] = x
        k += 1
        for i in range(n):
            if not taken[i]:
                e = P[i]
                r = sep[min(x, e), max(x, e)]
                for w in range(words):
                    tell[i, w] &= r[w] & tell[chosen, w]
    if fewest > 0:
        out[:n] = P
        return n
    return k


@numba.njit(cache=True, nogil=True)
def tells_apart(S, F, allrows, sep, seen, stats):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Whether one of the guesses ``allrows`` gives each answer of ``S`` its own code (with
    ``sep``, :func:`told_apart`)."""
    if sep.shape[0] > 0:
        return told_apart(sep, F, S, seen, stats)
    for j in range(allrows.shape[0]):
        stats[2] += 1
        if perfect(F[allrows[j]], S, seen, stats[2]):
            return True
    return False


@numba.njit(cache=True, nogil=True)
def keepers(sep, core, k, out):  # type: ignore[no-untyped-def]  # numba types it at the call
    """ORs into ``out`` the guesses that give the ``k`` answers of ``core`` one code (those
    that tell none of them from its first)."""
    words = sep.shape[2]
    acc = np.empty(words, dtype=np.uint64)
    acc[:] = ~np.uint64(0)
    c0 = core[0]
    for x in range(1, k):
        a, b = min(c0, core[x]), max(c0, core[x])
        r = sep[a, b]
        for w in range(words):
            acc[w] &= ~r[w]
    for w in range(words):
        out[w] |= acc[w]


CORES = 64
"""The most cores (:func:`core_of`) a set with three turns left holds."""


POOL = 2048
"""How many of the latest cores the search keeps for the sets that follow."""


POOL_LEN = 16
"""The longest core kept for the sets that follow."""


def core_pool(sep: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An empty pool of the cores one search learns (:func:`~playbook.engines.unfound.unfound` takes
    it): (cores, their lengths and, last, how many were learned, the guesses keeping each
    together)."""
    words = sep.shape[2] if sep.shape[0] > 0 else 0
    return (
        np.zeros((POOL, POOL_LEN), dtype=np.int64),
        np.zeros(POOL + 1, dtype=np.int64),
        np.zeros((POOL, words), dtype=np.uint64),
    )


@numba.njit(cache=True, nogil=True)
def rule_out(out, cores, keep, q, best, sep):  # type: ignore[no-untyped-def]  # numba types it at the call
    """ORs into ``out`` the guesses that core ``q`` (with the cores before it) shows leave at
    least ``best`` (1: those keeping it together; 2: those keeping it and an earlier core
    together apart)."""
    words = out.shape[0]
    if best == 1:
        for w in range(words):
            out[w] |= keep[q, w]
    elif best == 2:
        for p in range(q):
            a, b = min(cores[p, 0], cores[q, 0]), max(cores[p, 0], cores[q, 0])
            r = sep[a, b]
            for w in range(words):
                out[w] |= keep[p, w] & keep[q, w] & r[w]
