"""A set of 64-bit hashes for the numba kernels: open addressing over two arrays, made once
per set of keys and never grown (the searches know how many keys they will add)."""

from __future__ import annotations

import numba
import numpy as np


@numba.njit(cache=True, nogil=True)
def hash_set(k):  # type: ignore[no-untyped-def]  # numba types it at the call
    """An empty set for up to ``k`` hashes: (slots, used)."""
    size = 16
    while size < 2 * k:
        size *= 2
    return np.zeros(size, dtype=np.uint64), np.zeros(size, dtype=np.bool_)


@numba.njit(cache=True, nogil=True)
def first_seen(table, used, h):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Add hash ``h`` to the set (:func:`hash_set`); True if it was not in it."""
    mask = table.shape[0] - 1
    slot = np.int64((h * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(32)) & mask
    while used[slot]:
        if table[slot] == h:
            return False
        slot = (slot + 1) & mask
    used[slot] = True
    table[slot] = h
    return True
