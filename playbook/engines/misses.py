"""Hangman's exact minimax in numba: the fewest misses a guesser can guarantee from a set of
words, by depth-first search with a cut-off (alpha-beta style), memoised by a hash of the set.
:mod:`playbook.search.hangman` drives it and keeps the plain statement of the method."""

from __future__ import annotations

import numba
import numpy as np

from playbook.engines.clock import now
from playbook.engines.constants import ABORT, SHIFT
from playbook.engines.kernels import family_bound_in, letter_parts, letter_stats
from playbook.engines.memo import set_key, store


@numba.njit(cache=True, nogil=True)
def letter_order(largest, miss, parts):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The letters that split the set (more than one part), fewest misses first, then the
    smallest largest part, then alphabetical; only the first where it misses no word (a
    letter every word holds costs nothing and only tells more: nothing is lost by guessing it
    first)."""
    n_l = parts.shape[0]
    keep = np.empty(n_l, dtype=np.int64)
    nk = 0
    for letter in range(n_l):
        if parts[letter] > 1:
            keep[nk] = letter
            nk += 1
    keep = keep[:nk]
    key = np.empty(nk, dtype=np.int64)
    for i in range(nk):
        j = keep[i]
        key[i] = (miss[j] << 40) | (largest[j] << 8) | j
    order = keep[np.argsort(key)]
    if nk > 0 and miss[order[0]] == 0:
        return order[:1]
    return order


@numba.njit(cache=True, nogil=True)
def worst(S, beta, F, families, counts, zob, memo, stats, deadline, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Fewest misses guaranteed from the words ``S`` (columns of ``F``, letters x words):
    exact when below ``beta`` (memoised with its letter), else a lower bound of at least
    ``beta``; ``ABORT`` once the clock passes ``deadline``. ``families`` (rows: positions;
    none: no rows) give the bound of words alike but at one position, counted in ``counts``
    (zeros, one per family id). ``stats``: [nodes, aborted]."""
    n = S.shape[0]
    if n == 1 or beta <= 0:
        return np.int64(0)
    key = set_key(S, 0, zob)
    got = memo.get(key, np.int64(-1))
    lb = np.int64(0)
    if got >= 0:
        val = got >> SHIFT
        if (got & 1) == 1 or val >= beta:
            return val
        lb = val
    if families.shape[0] > 0:
        fb = np.int64(family_bound_in(families, S, counts))
        if fb > lb:
            lb = fb
            if lb >= beta:
                store(memo, key, lb, 0, False)
                return lb
    stats[0] += 1
    if (stats[0] & 255) == 0 and now() > deadline:
        stats[1] = 1
    if stats[1] != 0:
        return np.int64(ABORT)
    largest, miss, parts = letter_stats(F, S, n_codes)
    order = letter_order(largest, miss, parts)
    best = np.int64(beta)
    best_letter = -1
    for oi in range(order.shape[0]):
        letter = order[oi]
        sorted_cols, codes, starts, ends = letter_parts(F[letter], S)
        value = np.int64(0)
        for pi in range(codes.shape[0]):
            cost = np.int64(1) if codes[pi] == 0 else np.int64(0)
            part = sorted_cols[starts[pi] : ends[pi]].copy()
            v = worst(part, best - cost, F, families, counts, zob, memo, stats, deadline, n_codes)
            if v == ABORT:
                return np.int64(ABORT)
            if v + cost > value:
                value = v + cost
            if value >= best:
                break
        if value < best:
            best = value
            best_letter = letter
            if best <= lb:
                break
    if best_letter >= 0:
        store(memo, key, best, best_letter, True)
        return best
    store(memo, key, best, 0, False)
    return best
