"""The order the exact searches try guesses in, in numba: by bound, then possible answers
first, then the smallest sum of squared part sizes, one per distinct partition; taken a bound
at a time below the root (:func:`next_bound`, :func:`with_bound`)."""

from __future__ import annotations

import numba
import numpy as np

from playbook.engines.constants import INF
from playbook.engines.hashset import first_seen, hash_set


@numba.njit(cache=True, nogil=True)
def worth_trying(bound, ins, parts, below):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Indices (ascending) of the candidates worth trying: they split the set or are in it,
    and their bound is below ``below``."""
    m = bound.shape[0]
    keep = np.empty(m, dtype=np.int64)
    nk = 0
    for j in range(m):
        if bound[j] < below and (parts[j] > 1 or ins[j] == 1):
            keep[nk] = j
            nk += 1
    return keep[:nk]


@numba.njit(cache=True, nogil=True)
def _tie_key(ins, sumsq, j):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The order among guesses of one bound: possible answers first, then the smallest sum
    of squared part sizes (31 bits)."""
    q = sumsq[j]
    if q > 0x7FFFFFFF:
        q = 0x7FFFFFFF
    return ((1 - ins[j]) << 31) | q


@numba.njit(cache=True, nogil=True)
def guess_order(bound, ins, parts, sumsq, phash, below):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Indices of the candidates worth trying (:func:`worth_trying`), best first (by bound,
    then :func:`_tie_key`, then index), one per distinct partition: the whole order, for
    the root (the search below takes it a bound at a time, :func:`next_bound`)."""
    keep = worth_trying(bound, ins, parts, below)
    nk = keep.shape[0]
    # one stable sort of a packed key where the bounds fit in 32 bits, else two (bounds with
    # unfound answers in them are too large to share a 64-bit key)
    sec = np.empty(nk, dtype=np.int64)
    bk = np.empty(nk, dtype=np.int64)
    wide = False
    for i in range(nk):
        j = keep[i]
        sec[i] = _tie_key(ins, sumsq, j)
        bk[i] = bound[j]
        if bound[j] >= 0x7FFFFFFF:
            wide = True
    if wide:
        o0 = np.argsort(sec, kind="mergesort")
        o1 = o0[np.argsort(bk[o0], kind="mergesort")]
    else:
        o1 = np.argsort((bk << 32) | sec, kind="mergesort")
    out = keep[o1]
    table, used = hash_set(nk)
    return out[: _first_of_each(out, nk, phash, table, used)]


@numba.njit(cache=True, nogil=True)
def _first_of_each(out, n, phash, table, used):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Keeps in ``out[:n]``, in place and in order, the first candidate of each partition
    hash not met before (``table``, ``used``: :func:`~playbook.engines.hashset.hash_set`);
    returns how many."""
    no = 0
    for i in range(n):
        j = out[i]
        if first_seen(table, used, phash[j]):
            out[no] = j
            no += 1
    return no


@numba.njit(cache=True, nogil=True)
def next_bound(bound, keep, after):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The least bound of the candidates ``keep`` above ``after``
    (:data:`~playbook.engines.constants.INF` where none)."""
    b = np.int64(INF)
    for i in range(keep.shape[0]):
        x = bound[keep[i]]
        if after < x < b:
            b = x
    return b


@numba.njit(cache=True, nogil=True)
def with_bound(bound, ins, sumsq, phash, keep, b, table, used, out):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Writes to ``out`` the candidates ``keep`` of bound ``b`` in :func:`guess_order`'s
    order, each partition once (``table``, ``used``: :func:`~playbook.engines.hashset.hash_set`
    of the partitions met, shared by the calls of one set); returns how many.

    A search takes its guesses a bound at a time (:func:`next_bound`): it tries a few
    (on Dutch Lingo's l, paper rules, 6 per set with four turns left, of 640 ordered on
    average), and sorting them all had taken a fifth of its time."""
    nb = 0
    for i in range(keep.shape[0]):
        j = keep[i]
        if bound[j] == b:
            out[nb] = j
            nb += 1
    if nb > 1:
        sec = np.empty(nb, dtype=np.int64)
        for i in range(nb):
            sec[i] = _tie_key(ins, sumsq, out[i])
        o = np.argsort(sec, kind="mergesort")
        tmp = out[:nb].copy()
        for i in range(nb):
            out[i] = tmp[o[i]]
    return _first_of_each(out, nb, phash, table, used)


@numba.njit(cache=True, nogil=True)
def distinct_splits(cands, ins, parts, phash):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The candidates (rows, ascending) that a part of this set needs: guesses that split a set
    alike split each of its subsets alike, and a guess that does not split it splits none. So of
    each class of guesses that split the set alike this keeps its possible answers (each may be the
    answer of a part, which makes it the better guess there) and its first other guess (the one a
    part would take of that class in any case: the same trees come out). ``ins``, ``parts``,
    ``phash``: :func:`~playbook.engines.scan.scan`'s for ``cands``."""
    m = cands.shape[0]
    table, used = hash_set(m)
    out = np.empty(m, dtype=np.int64)
    no = 0
    for j in range(m):
        if ins[j] == 1:
            out[no] = cands[j]
            no += 1
            continue
        if parts[j] <= 1:
            continue
        if first_seen(table, used, phash[j]):
            out[no] = cands[j]
            no += 1
    return out[:no]
