"""numba kernels for the hot loops of the search (plain references live in
:mod:`playbook.core.scores`).

All kernels work on a feedback matrix ``F`` (guesses x answers of one group) and on a
partition of the answers given as ``order`` (answer columns grouped by class) with class
boundaries ``starts``/``ends``, classes sorted largest first. Candidates are compared by a
ranking's ``keys`` (:class:`playbook.core.ranking.Ranking`): a list of the statistics below,
most significant first.
"""

from __future__ import annotations

import numba
import numpy as np

from playbook.engines.primitives import (  # noqa: F401 (the statistics are named from here too)
    INFEASIBLE,
    LARGEST,
    N_IN,
    PARTS,
    SLOG,
    SLOG_SCALE,
    SUMSQ,
    compare,
    scan,
    slog_key,
)


@numba.njit(cache=True, nogil=True)
def _scan(F, g, order, starts, ends, bound, counts, stamp, cur):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Stats of refining the partition by guess ``g``; mx = INFEASIBLE once a part > bound."""
    return scan(F, g, order, starts, ends, starts.shape[0], bound, counts, stamp, cur)


@numba.njit(cache=True, nogil=True)
def eval_candidates(F, cands, order, starts, ends, bound, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Stats (largest, parts, sum of squares, sum k*log2 k) of every candidate guess.

    A candidate whose refinement has a part larger than ``bound`` gets largest = INFEASIBLE
    (its other stats are then meaningless); pass a large bound for exact stats of all.
    """
    n = cands.shape[0]
    mx = np.empty(n, dtype=np.int32)
    parts = np.empty(n, dtype=np.int32)
    sq = np.empty(n, dtype=np.int64)
    slog = np.empty(n, dtype=np.float64)
    counts = np.zeros(n_codes, dtype=np.int32)
    stamp = np.zeros(n_codes, dtype=np.int64)
    cur = 0
    for i in range(n):
        a, b, c, d, cur = _scan(F, cands[i], order, starts, ends, bound, counts, stamp, cur)
        mx[i] = a
        parts[i] = b
        sq[i] = c
        slog[i] = d
    return mx, parts, sq, slog


@numba.njit(cache=True, nogil=True)
def classes_of(codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Group positions by code: (order, starts, ends), classes largest first (ties by code)."""
    order = np.argsort(codes, kind="mergesort")
    n = codes.shape[0]
    n_cls = 0
    for t in range(n):
        if t == 0 or codes[order[t]] != codes[order[t - 1]]:
            n_cls += 1
    s0 = np.empty(n_cls, dtype=np.int64)
    e0 = np.empty(n_cls, dtype=np.int64)
    k = -1
    for t in range(n):
        if t == 0 or codes[order[t]] != codes[order[t - 1]]:
            k += 1
            s0[k] = t
        e0[k] = t + 1
    sizes = e0 - s0
    by_size = np.argsort(-sizes, kind="mergesort")
    return order, s0[by_size], e0[by_size]


@numba.njit(cache=True, nogil=True)
def pair_chunk(F, firsts, bound, keys, in_ans, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Best pair (g1, g2 > g1) with g1 in ``firsts``, among pairs whose largest part <= bound.

    Exhaustive; the only pruning is early exit once a part exceeds the bound, and where the
    ranking puts the largest part first (SCM) the bound tightens to the best largest part
    found, which can never discard a better pair. ``keys`` must end with N_IN.
    Returns (g1, g2, largest, parts, sumsq, slog); g1 = -1 if no pair meets the bound.
    """
    tighten = keys[0] == LARGEST
    n_g = F.shape[0]
    counts = np.zeros(n_codes, dtype=np.int32)
    stamp = np.zeros(n_codes, dtype=np.int64)
    cur = 0
    best_g1 = -1
    best_g2 = -1
    bmx = INFEASIBLE
    bparts = 0
    bsq = 0
    bslog = 0.0
    bnin = 0
    for i in range(firsts.shape[0]):
        g1 = firsts[i]
        order, starts, ends = classes_of(F[g1])
        for g2 in range(g1 + 1, n_g):
            mx, parts, sq, slog, cur = _scan(F, g2, order, starts, ends, bound, counts, stamp, cur)
            if mx == INFEASIBLE:
                continue
            nin = in_ans[g1] + in_ans[g2]
            if (
                best_g1 < 0
                or compare(keys, mx, parts, sq, slog, nin, bmx, bparts, bsq, bslog, bnin) < 0
            ):
                best_g1, best_g2 = g1, g2
                bmx, bparts, bsq, bslog, bnin = mx, parts, sq, slog, nin
                if tighten and bmx < bound:
                    bound = bmx
    return best_g1, best_g2, bmx, bparts, bsq, bslog


@numba.njit(cache=True, nogil=True)
def _n_past(s, e, bound):  # type: ignore[no-untyped-def]  # numba types it at the call
    """How many classes (largest first) have more than ``bound`` members."""
    k = 0
    while k < s.shape[0] and e[k] - s[k] > bound:
        k += 1
    return k


@numba.njit(cache=True, nogil=True)
def letter_stats(F, cols, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Hangman: per letter, the largest part, size of the miss part, number of parts."""
    n_l = F.shape[0]
    largest = np.zeros(n_l, dtype=np.int64)
    miss = np.zeros(n_l, dtype=np.int64)
    parts = np.zeros(n_l, dtype=np.int64)
    counts = np.zeros(n_codes, dtype=np.int64)
    for letter in range(n_l):
        row = F[letter]
        for t in range(cols.shape[0]):
            counts[row[cols[t]]] += 1
        for t in range(cols.shape[0]):
            c = row[cols[t]]
            k = counts[c]
            if k > 0:
                parts[letter] += 1
                if k > largest[letter]:
                    largest[letter] = k
                if c == 0:
                    miss[letter] = k
                counts[c] = 0
    return largest, miss, parts


@numba.njit(cache=True, nogil=True)
def letter_parts(row, cols):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Hangman: columns grouped by the letter's code (a stable counting sort, in order of
    code): the miss (code 0) first, then larger groups first."""
    n = cols.shape[0]
    top = 0
    for t in range(n):
        c = row[cols[t]]
        if c > top:
            top = c
    at = np.zeros(top + 2, dtype=np.int64)
    for t in range(n):
        at[row[cols[t]] + 1] += 1
    n_parts = 0
    for c in range(top + 1):
        if at[c + 1] > 0:
            n_parts += 1
        at[c + 1] += at[c]
    starts = np.empty(n_parts, dtype=np.int64)
    ends = np.empty(n_parts, dtype=np.int64)
    pc = np.empty(n_parts, dtype=np.int64)
    k = 0
    for c in range(top + 1):
        if at[c + 1] > at[c]:
            pc[k] = c
            starts[k] = at[c]
            ends[k] = at[c + 1]
            k += 1
    sorted_cols = np.empty(n, dtype=cols.dtype)
    for t in range(n):
        c = row[cols[t]]
        sorted_cols[at[c]] = cols[t]
        at[c] += 1
    key = -(ends - starts) * 2 + (pc != 0) * (1 << 40)
    by = np.argsort(key, kind="mergesort")
    return sorted_cols, pc[by], starts[by], ends[by]


@numba.njit(cache=True, nogil=True)
def family_bound(families, cols, n_families):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Hangman: the largest set of words in ``cols`` that differ at one position only, minus one.

    Such words can only be told apart by guessing the letter at that position, and the host
    can answer "miss" until one is left: a lower bound on the misses from ``cols``.
    """
    return family_bound_in(families, cols, np.zeros(n_families, dtype=np.int64))


@numba.njit(cache=True, nogil=True)
def family_bound_in(families, cols, counts):  # type: ignore[no-untyped-def]  # numba types it at the call
    """:func:`family_bound` counting in ``counts`` (one zero per family id; left all zero
    again), so that a search allocates it once rather than at every node."""
    best = 0
    for p in range(families.shape[0]):
        row = families[p]
        for t in range(cols.shape[0]):
            counts[row[cols[t]]] += 1
        for t in range(cols.shape[0]):
            f = row[cols[t]]
            if counts[f] > best:
                best = counts[f]
            counts[f] = 0
    return best - 1
