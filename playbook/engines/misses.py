"""Hangman's exact minimax in numba: the fewest misses a guesser can guarantee from a set of
words, by depth-first search with a cut-off (alpha-beta style), memoised by a hash of the set.
:mod:`playbook.search.hangman` drives it and keeps the plain statement of the method."""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np
from numba.typed import Dict

from playbook.engines.clock import tick
from playbook.engines.constants import ABORT, SHIFT
from playbook.engines.kernels import family_bound_in, letter_parts, letter_stats
from playbook.engines.memo import set_key, store


class Minimax(NamedTuple):
    """What Hangman's minimax works with for one word length, as one value numba takes
    whole."""

    F: np.ndarray
    """Letters (rows) x words (columns): the code of each letter in each word."""
    families: np.ndarray
    """The words alike but at one position (rows: positions; none: no rows)."""
    counts: np.ndarray
    """Zeros, one per family id: room for the family bound."""
    zob: np.ndarray
    """Each word's 64-bit key (memo keys)."""
    memo: Dict
    """Set key -> packed (misses, letter, exact) as :func:`~playbook.engines.memo.store`
    keeps."""
    stats: np.ndarray
    """[nodes, aborted, -, node limit (0: the clock; :func:`~playbook.engines.clock.tick`)]."""
    deadline: float
    n_codes: int


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
def worst(st, S, beta):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Fewest misses guaranteed from the words ``S`` (columns of ``st.F``): exact when below
    ``beta`` (memoised with its letter), else a lower bound of at least ``beta``; ``ABORT``
    once the clock passes ``st.deadline`` (``st``: :class:`Minimax`). ``st.families`` give
    the bound of words alike but at one position."""
    F, families, zob, memo, stats = st.F, st.families, st.zob, st.memo, st.stats
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
        fb = np.int64(family_bound_in(families, S, st.counts))
        if fb > lb:
            lb = fb
            if lb >= beta:
                store(memo, key, lb, 0, False)
                return lb
    if tick(stats, st.deadline):
        return np.int64(ABORT)
    largest, miss, parts = letter_stats(F, S, st.n_codes)
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
            v = worst(st, part, best - cost)
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
