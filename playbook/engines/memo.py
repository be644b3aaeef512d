"""The exact searches' memo, in numba: a set's key (a hash of its answers and the turns
left) and the packed entries ``(value << SHIFT) | (guess << 1) | exact``."""

from __future__ import annotations

import numba
import numpy as np
from numba import types
from numba.typed import Dict

from playbook.engines.constants import GUESS_MASK, SHIFT


@numba.njit(cache=True, nogil=True)
def new_memo():  # type: ignore[no-untyped-def]  # numba types it
    """An empty memo (key to packed entry), made in compiled code: its making is cached on
    disk, where ``Dict.empty`` called from Python compiles the dictionary's code in every
    process (about 0.3 s)."""
    return Dict.empty(types.uint64, types.int64)


@numba.njit(cache=True, nogil=True)
def set_key(S, t, zob):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Memo key of the answer columns ``S`` with ``t`` turns left."""
    h = np.uint64(0)
    for i in range(S.shape[0]):
        h += zob[S[i]]
    return h + np.uint64(t) * np.uint64(0x9E3779B97F4A7C15)


@numba.njit(cache=True, nogil=True)
def memo_entry(memo, S, t, zob):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The memo's packed entry for ``S`` with ``t`` turns left, or -1 (compiled, so that no
    process pays for compiling the typed dictionary's own lookup)."""
    return memo.get(set_key(S, t, zob), np.int64(-1))


@numba.njit(cache=True, nogil=True)
def store(memo, key, val, guess, exact):  # type: ignore[no-untyped-def]  # numba types it at the call
    old = memo.get(key, np.int64(-1))
    if old >= 0 and (old & 1) == 1:
        return
    if exact:
        memo[key] = (val << SHIFT) | (np.int64(guess) << 1) | 1
    elif old < 0 or (old >> SHIFT) < val:
        memo[key] = val << SHIFT


@numba.njit(cache=True, nogil=True)
def memo_guess(S, t, memo, zob, col_row, w):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The best guess of sorted ``S`` with ``t`` turns left, of a set the search solved
    exactly: the first answer of one or two (the heavier of two with weights), else the
    memo's; -1 where the memo has no exact entry."""
    if S.shape[0] == 2 and w.shape[0] > 0 and w[S[1]] > w[S[0]]:
        return col_row[S[1]]
    if S.shape[0] <= 2 or t == 1:
        return col_row[S[0]]
    packed = memo.get(set_key(S, t, zob), np.int64(-1))
    if packed < 0 or (packed & 1) == 0:
        return np.int64(-1)
    return (packed >> 1) & GUESS_MASK
