"""numba kernels for the hot loops of the search (plain references live in :mod:`playbook.scores`).

All kernels work on a feedback matrix ``F`` (guesses x answers of one group) and on a
partition of the answers given as ``order`` (answer columns grouped by class) with class
boundaries ``starts``/``ends``, classes sorted largest first. Ranking modes: 0 = SCM (largest
subset, more subsets, sum of squares), 1 = expected size, 2 = entropy.
"""

from __future__ import annotations

import numba
import numpy as np

SCM, EXPECTED, ENTROPY = 0, 1, 2
INFEASIBLE = np.iinfo(np.int32).max


@numba.njit(cache=True)
def compare(mode, mx_a, parts_a, sq_a, slog_a, nin_a, mx_b, parts_b, sq_b, slog_b, nin_b):  # type: ignore[no-untyped-def]
    """-1 if score a ranks before b, 1 if after, 0 if tied (the caller breaks ties by index)."""
    if mode == 2:
        d = slog_a - slog_b
        if d < -1e-9:
            return -1
        if d > 1e-9:
            return 1
    if mode == 1 and sq_a != sq_b:
        return -1 if sq_a < sq_b else 1
    if mx_a != mx_b:
        return -1 if mx_a < mx_b else 1
    if parts_a != parts_b:
        return -1 if parts_a > parts_b else 1
    if sq_a != sq_b:
        return -1 if sq_a < sq_b else 1
    if nin_a != nin_b:
        return -1 if nin_a > nin_b else 1
    return 0


@numba.njit(cache=True)
def _scan(F, g, order, starts, ends, bound, counts, stamp, cur):  # type: ignore[no-untyped-def]
    """Stats of refining the partition by guess ``g``; mx = INFEASIBLE once a part > bound."""
    mx = 0
    parts = 0
    sq = 0
    slog = 0.0
    row = F[g]
    for c in range(starts.shape[0]):
        cur += 1
        s = starts[c]
        e = ends[c]
        if e - s == 1:
            parts += 1
            sq += 1
            if mx < 1:
                mx = 1
            continue
        for t in range(s, e):
            code = row[order[t]]
            if stamp[code] != cur:
                stamp[code] = cur
                counts[code] = 1
                parts += 1
            else:
                counts[code] += 1
                if counts[code] > bound:
                    return INFEASIBLE, 0, 0, 0.0, cur
        for t in range(s, e):
            code = row[order[t]]
            k = counts[code]
            if k > 0:
                sq += k * k
                slog += k * np.log2(k)
                if k > mx:
                    mx = k
                counts[code] = 0
    return mx, parts, sq, slog, cur


@numba.njit(cache=True)
def eval_candidates(F, cands, order, starts, ends, bound, n_codes):  # type: ignore[no-untyped-def]
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


@numba.njit(cache=True)
def classes_of(codes):  # type: ignore[no-untyped-def]
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


@numba.njit(cache=True)
def pair_chunk(F, firsts, bound, mode, in_ans, n_codes):  # type: ignore[no-untyped-def]
    """Best pair (g1, g2 > g1) with g1 in ``firsts``, among pairs whose largest part <= bound.

    Exhaustive; the only pruning is early exit once a part exceeds the bound, and under SCM
    the bound tightens to the best largest part found, which can never discard a better pair.
    Returns (g1, g2, largest, parts, sumsq, slog); g1 = -1 if no pair meets the bound.
    """
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
                or compare(mode, mx, parts, sq, slog, nin, bmx, bparts, bsq, bslog, bnin) < 0
            ):
                best_g1, best_g2 = g1, g2
                bmx, bparts, bsq, bslog, bnin = mx, parts, sq, slog, nin
                if mode == 0 and bmx < bound:
                    bound = bmx
    return best_g1, best_g2, bmx, bparts, bsq, bslog
